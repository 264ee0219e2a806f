#pragma once

// "Adjust balance…" of the Tokens view: a user, a non-zero amount and a
// reason (required: every adjustment says why). For now it only emits
// adjustmentRequested(); the agent's POST /v1/ledger comes in the next slice.

#include <QDialog>

class QComboBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;

namespace gw {

class AdjustBalanceDialog final : public QDialog
{
    Q_OBJECT
public:
    explicit AdjustBalanceDialog(const QStringList& users, QWidget* parent = nullptr);

    // Whether an agent keeps the books (then the adjustment goes there);
    // without one, the note says it changes nothing kept anywhere yet.
    void setAgentKeepsBooks(bool keeps);
    void setUser(const QString& user);

    QComboBox* userBox() const { return m_user; }
    QDoubleSpinBox* amountBox() const { return m_amount; }
    QLineEdit* reasonEdit() const { return m_reason; }
    QDialogButtonBox* buttons() const { return m_buttons; }
    QLabel* note() const { return m_note; }

    void accept() override;

Q_SIGNALS:
    void adjustmentRequested(const QString& user, double amount, const QString& reason);

private:
    void updateOk();

    QComboBox* m_user;
    QDoubleSpinBox* m_amount;
    QLineEdit* m_reason;
    QLabel* m_note;
    QDialogButtonBox* m_buttons;
};

} // namespace gw
