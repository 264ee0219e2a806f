#include "window/adjustbalancedialog.h"

#include "common/palette.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPointer>
#include <QPushButton>
#include <QVBoxLayout>

namespace gw {

AdjustBalanceDialog::AdjustBalanceDialog(const QStringList& users, QWidget* parent)
    : QDialog(parent)
    , m_user(new QComboBox)
    , m_amount(new QDoubleSpinBox)
    , m_reason(new QLineEdit)
    , m_note(new QLabel)
    , m_error(new QLabel)
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel))
{
    setWindowTitle(tr("Adjust balance"));
    // A user not in the books yet may be typed.
    m_user->setEditable(true);
    // The typed name's field is the user box's own.
    m_user->lineEdit()->setAccessibleName(tr("User"));
    m_user->addItems(users);
    m_amount->setRange(-1'000'000, 1'000'000);
    m_amount->setDecimals(2);
    m_amount->setValue(0);
    m_amount->setToolTip(tr("Tokens to add (negative: to take away)."));
    m_reason->setPlaceholderText(tr("Why (required), e.g. \"deadline extension\""));
    m_note->setWordWrap(true);
    m_error->setWordWrap(true);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->hide();
    setAgentKeepsBooks(false);

    auto* form = new QFormLayout;
    form->addRow(tr("&User:"), m_user);
    form->addRow(tr("&Amount:"), m_amount);
    form->addRow(tr("&Reason:"), m_reason);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_note);
    layout->addWidget(m_error);
    layout->addWidget(m_buttons);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("Adjust"));
    connect(m_buttons, &QDialogButtonBox::accepted, this, &AdjustBalanceDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &AdjustBalanceDialog::reject);
    connect(m_user, &QComboBox::currentTextChanged, this, &AdjustBalanceDialog::updateOk);
    connect(m_amount, &QDoubleSpinBox::valueChanged, this, &AdjustBalanceDialog::updateOk);
    connect(m_reason, &QLineEdit::textChanged, this, &AdjustBalanceDialog::updateOk);
    updateOk();
    setMinimumWidth(420);
}

void AdjustBalanceDialog::setAgentKeepsBooks(bool keeps)
{
    m_note->setText(keeps ? tr("The adjustment is added to the agent's ledger, with your name "
                               "and the reason.")
                          : tr("No agent keeps these books: they are computed on this computer "
                               "from its readings, so the adjustment is not recorded anywhere "
                               "yet."));
}

void AdjustBalanceDialog::setSubmit(AdjustSubmit submit, const QString& keeper)
{
    m_submit = std::move(submit);
    m_keeper = keeper;
    if (m_submit)
        m_note->setText(tr("The adjustment is added to the ledger %1 keeps, with the name of "
                           "this desktop's token for it and the reason.")
                            .arg(keeper));
    else
        setAgentKeepsBooks(false);
}

void AdjustBalanceDialog::setUser(const QString& user)
{
    m_user->setCurrentText(user);
}

void AdjustBalanceDialog::updateOk()
{
    const bool ok = !m_sending && !m_user->currentText().trimmed().isEmpty() &&
                    m_amount->value() != 0 && !m_reason->text().trimmed().isEmpty();
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(ok);
}

void AdjustBalanceDialog::accept()
{
    if (!m_buttons->button(QDialogButtonBox::Ok)->isEnabled())
        return;
    if (!m_submit) {
        Q_EMIT adjustmentRequested(m_user->currentText().trimmed(), m_amount->value(),
                                   m_reason->text().trimmed());
        QDialog::accept();
        return;
    }
    // Sent; the fields stay as typed until the agent has answered.
    m_sending = true;
    for (QWidget* w : {static_cast<QWidget*>(m_user), static_cast<QWidget*>(m_amount),
                       static_cast<QWidget*>(m_reason)})
        w->setEnabled(false);
    m_error->setStyleSheet(QString());
    m_error->setText(tr("Sending to %1…").arg(m_keeper));
    m_error->show();
    updateOk();
    QPointer<AdjustBalanceDialog> self(this);
    m_submit(m_user->currentText().trimmed(), m_amount->value(), m_reason->text().trimmed(),
             [self](const QString& error) {
                 if (self)
                     self->sent(error);
             });
}

void AdjustBalanceDialog::sent(const QString& error)
{
    m_sending = false;
    for (QWidget* w : {static_cast<QWidget*>(m_user), static_cast<QWidget*>(m_amount),
                       static_cast<QWidget*>(m_reason)})
        w->setEnabled(true);
    updateOk();
    if (!error.isEmpty()) {
        m_error->setText(tr("Not adjusted: %1").arg(error));
        m_error->setStyleSheet(
            QStringLiteral("color: %1").arg(stateColor(DisplayState::Error, palette()).name()));
        m_error->show();
        return;
    }
    m_error->hide();
    Q_EMIT adjustmentRequested(m_user->currentText().trimmed(), m_amount->value(),
                               m_reason->text().trimmed());
    QDialog::accept();
}

} // namespace gw
