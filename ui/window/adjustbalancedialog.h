#pragma once

// "Adjust balance…" of the Tokens view: a user, a non-zero amount and a
// reason (required: every adjustment says why). With a submitter (an agent
// keeps the books) OK sends it and waits: the agent's refusal is shown in
// the dialog with everything typed kept, and only an adjustment the agent
// stored closes it. Without one it only emits adjustmentRequested().

#include <QDialog>

#include <functional>

class QComboBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;

namespace gw {

// Sends an adjustment; `done` gets the error in one line, empty when stored.
using AdjustSubmit = std::function<void(const QString& user, double amount, const QString& reason,
                                        std::function<void(const QString& error)> done)>;

class AdjustBalanceDialog final : public QDialog
{
    Q_OBJECT
public:
    explicit AdjustBalanceDialog(const QStringList& users, QWidget* parent = nullptr);

    // Whether an agent keeps the books (then the adjustment goes there);
    // without one, the note says it changes nothing kept anywhere yet.
    void setAgentKeepsBooks(bool keeps);
    // The agent that keeps the books and how to reach it; null: none.
    void setSubmit(AdjustSubmit submit, const QString& keeper);
    void setUser(const QString& user);
    bool sending() const { return m_sending; }

    QComboBox* userBox() const { return m_user; }
    QDoubleSpinBox* amountBox() const { return m_amount; }
    QLineEdit* reasonEdit() const { return m_reason; }
    QDialogButtonBox* buttons() const { return m_buttons; }
    QLabel* note() const { return m_note; }
    QLabel* errorLabel() const { return m_error; }

    void accept() override;

Q_SIGNALS:
    void adjustmentRequested(const QString& user, double amount, const QString& reason);

private:
    void updateOk();
    void sent(const QString& error);

    AdjustSubmit m_submit;
    QString m_keeper;
    bool m_sending = false;
    QComboBox* m_user;
    QDoubleSpinBox* m_amount;
    QLineEdit* m_reason;
    QLabel* m_note;
    QLabel* m_error;
    QDialogButtonBox* m_buttons;
};

} // namespace gw
