#include "window/serversdialog.h"

#include "common/palette.h"
#include "engine/livestate.h"
#include "window/screenfit.h"
#include "wire/agentendpoint.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPointer>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace gw {

namespace {

enum Column
{
    NameColumn,
    UrlColumn,
    KindColumn,
    StateColumn,
    ColumnCount
};

constexpr int kIdRole = Qt::UserRole + 1;

} // namespace

// --- one server ------------------------------------------------------------

ServerEditDialog::ServerEditDialog(const ServerList* list, std::optional<ServerEntry> existing,
                                   QWidget* parent)
    : QDialog(parent)
    , m_list(list)
    , m_entry(existing.value_or(ServerEntry{}))
    , m_editing(existing.has_value())
    , m_name(new QLineEdit(m_entry.name))
    , m_url(new QLineEdit(m_entry.url.toString()))
    , m_kind(new QComboBox)
    , m_token(new QLineEdit)
    , m_pin(new QLabel)
    , m_problem(new QLabel)
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel))
{
    setWindowTitle(m_editing ? tr("Edit Server") : tr("Add Server"));
    m_url->setPlaceholderText(QStringLiteral("https://gpu-01.example.org:9807"));
    m_kind->addItem(kindText(ServerEntry::Kind::Agent), int(ServerEntry::Kind::Agent));
    m_kind->addItem(kindText(ServerEntry::Kind::Prometheus), int(ServerEntry::Kind::Prometheus));
    m_kind->setCurrentIndex(m_kind->findData(int(m_entry.kind)));
    m_token->setEchoMode(QLineEdit::Password);
    // agent.toml holds only each token's SHA-256: the token itself is what
    // the agent's admin chose (or `gpuwarden-agent --demo` printed).
    m_token->setPlaceholderText(!m_editing ? tr("the token the agent printed or its admin chose")
                                : m_list->sessionOnly(m_entry.id)
                                    ? tr("unchanged (kept for this session only)")
                                    : tr("unchanged (stored in the keychain if set)"));
    m_token->setToolTip(
        tr("The bearer token the agent's admin chose for you, or the one gpuwarden-agent printed "
           "(\"token for this run\" with --demo). agent.toml keeps only its SHA-256, so the "
           "token cannot be read from there.\nKept in the system keychain, never in a "
           "settings file."));
    m_pin->setWordWrap(true);
    m_pin->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_pin->setForegroundRole(QPalette::PlaceholderText);
    m_pin->setText(m_entry.pinnedSha256.isEmpty()
                       ? tr("none; the system's certificate authorities decide")
                       : formatFingerprint(m_entry.pinnedSha256));
    // Bold in the dialog's own text colour: legible on light and dark
    // palettes alike (a fixed red was dark on dark).
    m_problem->setWordWrap(true);
    m_problem->setTextFormat(Qt::PlainText);
    QFont bold = m_problem->font();
    bold.setBold(true);
    m_problem->setFont(bold);

    auto* clearToken = new QPushButton(tr("Forget Token"));
    clearToken->setEnabled(m_editing);
    connect(clearToken, &QPushButton::clicked, this, [this, clearToken] {
        m_clearToken = true;
        m_token->clear();
        m_token->setPlaceholderText(tr("removed when you press OK"));
        clearToken->setEnabled(false);
    });
    auto* forgetPin = new QPushButton(tr("Forget Pin"));
    forgetPin->setEnabled(!m_entry.pinnedSha256.isEmpty());
    connect(forgetPin, &QPushButton::clicked, this, [this, forgetPin] {
        m_entry.pinnedSha256.clear();
        m_pin->setText(tr("none; the system's certificate authorities decide"));
        forgetPin->setEnabled(false);
    });

    auto* tokenRow = new QHBoxLayout;
    tokenRow->addWidget(m_token, 1);
    tokenRow->addWidget(clearToken);
    auto* pinRow = new QHBoxLayout;
    pinRow->addWidget(m_pin, 1);
    pinRow->addWidget(forgetPin);

    auto* form = new QFormLayout;
    form->addRow(tr("&Name:"), m_name);
    form->addRow(tr("&URL:"), m_url);
    form->addRow(tr("&Kind:"), m_kind);
    // A row whose field is a layout gets no buddy from addRow(), and its
    // label would show the "&" itself: the label names the token field.
    auto* tokenLabel = new QLabel(tr("&Token:"));
    tokenLabel->setBuddy(m_token);
    form->addRow(tokenLabel, tokenRow);
    form->addRow(tr("Pinned certificate:"), pinRow);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_problem);
    layout->addStretch();
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_name, &QLineEdit::textChanged, this, &ServerEditDialog::revalidate);
    connect(m_url, &QLineEdit::textChanged, this, &ServerEditDialog::revalidate);
    connect(m_token, &QLineEdit::textChanged, this, &ServerEditDialog::revalidate);
    connect(m_kind, &QComboBox::currentIndexChanged, this, &ServerEditDialog::revalidate);
    setMinimumWidth(520);
    revalidate();
}

QPushButton* ServerEditDialog::okButton() const
{
    return m_buttons->button(QDialogButtonBox::Ok);
}

ServerEntry ServerEditDialog::entry() const
{
    ServerEntry e = m_entry;
    e.name = m_name->text().trimmed();
    QString ignored;
    e.kind = ServerEntry::Kind(m_kind->currentData().toInt());
    e.url = parseServerUrl(m_url->text(), &ignored, e.kind);
    return e;
}

std::optional<QByteArray> ServerEditDialog::token() const
{
    const QByteArray typed = m_token->text().trimmed().toUtf8();
    if (!typed.isEmpty())
        return typed;
    if (m_clearToken)
        return QByteArray();
    return std::nullopt;
}

void ServerEditDialog::revalidate()
{
    QString problem;
    parseServerUrl(m_url->text(), &problem, entry().kind);
    if (problem.isEmpty() || m_url->text().trimmed().isEmpty())
        problem = m_list->validate(entry());
    if (problem.isEmpty())
        problem = validateToken(m_token->text().trimmed().toUtf8());
    // An empty form is not an error yet; say what is missing only once typed.
    const bool untouched = m_name->text().isEmpty() && m_url->text().isEmpty();
    m_problem->setText(untouched ? QString() : problem);
    okButton()->setEnabled(problem.isEmpty());
}

// --- the list ----------------------------------------------------------------

ServersDialog::ServersDialog(ServerList* list, const LiveState* fleet, QWidget* parent)
    : QDialog(parent)
    , m_list(list)
    , m_fleet(fleet)
    , m_table(new QTreeWidget)
    , m_edit(new QPushButton(tr("&Edit…")))
    , m_remove(new QPushButton(tr("&Remove")))
    , m_trust(new QPushButton(tr("&Trust Certificate…")))
    , m_message(new QLabel)
{
    setWindowTitle(tr("Servers"));
    m_table->setColumnCount(ColumnCount);
    m_table->setHeaderLabels({tr("Name"), tr("URL"), tr("Kind"), tr("State")});
    m_table->setRootIsDecorated(false);
    m_table->setUniformRowHeights(true);
    m_table->setAlternatingRowColors(true);
    m_table->header()->setStretchLastSection(false);
    for (int c = 0; c < ColumnCount; ++c)
        m_table->header()->setSectionResizeMode(c, c == UrlColumn ? QHeaderView::Stretch
                                                                  : QHeaderView::ResizeToContents);
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* add = new QPushButton(tr("&Add…"));
    auto* buttons = new QVBoxLayout;
    for (QPushButton* b : {add, m_edit, m_remove, m_trust})
        buttons->addWidget(b);
    buttons->addStretch();
    auto* close = new QDialogButtonBox(QDialogButtonBox::Close);
    auto* row = new QHBoxLayout;
    row->addWidget(m_table, 1);
    row->addLayout(buttons);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(row, 1);
    layout->addWidget(m_message);
    layout->addWidget(close);

    connect(add, &QPushButton::clicked, this, &ServersDialog::addServer);
    connect(m_edit, &QPushButton::clicked, this, &ServersDialog::editServer);
    connect(m_remove, &QPushButton::clicked, this, &ServersDialog::removeServer);
    connect(m_trust, &QPushButton::clicked, this, &ServersDialog::trustCertificate);
    connect(close, &QDialogButtonBox::rejected, this, &QDialog::reject);
    m_table->setAccessibleName(tr("Servers"));
    connect(m_table, &QTreeWidget::itemDoubleClicked, this, &ServersDialog::editServer);
    connect(m_table, &QTreeWidget::currentItemChanged, this, &ServersDialog::updateButtons);
    connect(m_list, &ServerList::changed, this, &ServersDialog::refresh);
    if (m_fleet) {
        connect(m_fleet, &LiveState::serverUpdated, this, &ServersDialog::refresh);
        connect(m_fleet, &LiveState::serverRemoved, this, &ServersDialog::refresh);
    }
    resize(sizeOnScreen(this, QSize(760, 360)));
    refresh();
}

void ServersDialog::refresh()
{
    const QString selected = current() ? current()->id : QString();
    m_table->clear();
    const QHash<QString, QString> names = m_list->watchedNames();
    for (const auto& e : m_list->entries()) {
        auto* item = new QTreeWidgetItem(m_table);
        item->setData(NameColumn, kIdRole, e.id);
        item->setText(NameColumn, names.value(e.id));
        item->setText(UrlColumn, e.url.isValid() ? e.url.toString() : tr("(invalid)"));
        item->setText(KindColumn, kindText(e.kind));
        const LinkStatus* link = m_fleet ? m_fleet->connection(names.value(e.id)) : nullptr;
        QString state = link ? linkStateText(link->state) : tr("not connected");
        if (link && !link->error.isEmpty())
            item->setToolTip(StateColumn, link->error);
        if (!e.pinnedSha256.isEmpty())
            state += tr(" · certificate pinned");
        if (m_list->sessionOnly(e.id))
            state += tr(" · token for this session only");
        item->setText(StateColumn, state);
        if (e.id == selected)
            m_table->setCurrentItem(item);
    }
    updateButtons();
}

void ServersDialog::selectServer(const QString& name)
{
    for (int i = 0; i < m_table->topLevelItemCount(); ++i) {
        if (m_table->topLevelItem(i)->text(NameColumn) == name)
            m_table->setCurrentItem(m_table->topLevelItem(i));
    }
}

std::optional<ServerEntry> ServersDialog::current() const
{
    const QTreeWidgetItem* item = m_table->currentItem();
    return item ? m_list->entry(item->data(NameColumn, kIdRole).toString()) : std::nullopt;
}

void ServersDialog::updateButtons()
{
    const auto e = current();
    m_edit->setEnabled(e.has_value());
    m_remove->setEnabled(e.has_value());
    const LinkStatus* link = e && m_fleet ? m_fleet->connection(e->name) : nullptr;
    m_trust->setEnabled(
        link && !link->offeredSha256.isEmpty() &&
        (link->state == LinkState::Untrusted || link->state == LinkState::PinMismatch));
}

void ServersDialog::showKeychainResult(const SecretError& error)
{
    // The documented words; what the backend said is in the tooltip.
    m_message->setText(
        error.isEmpty() ? QString() : tr("<b>Keychain:</b> %1").arg(error.message.toHtmlEscaped()));
    m_message->setToolTip(error.detail);
    refresh(); // a token may now be held for this session only
    Q_EMIT serversChanged();
}

void ServersDialog::addServer()
{
    editEntry(std::nullopt);
}

void ServersDialog::editServer()
{
    if (const auto e = current())
        editEntry(e);
}

bool ServersDialog::editServerNamed(const QString& name)
{
    const QHash<QString, QString> names = m_list->watchedNames();
    for (const auto& e : m_list->entries()) {
        if (names.value(e.id) == name) {
            selectServer(name);
            editEntry(e);
            return true;
        }
    }
    return false;
}

void ServersDialog::editEntry(const std::optional<ServerEntry>& existing)
{
    ServerEditDialog d(m_list, existing, this);
    if (d.exec() != QDialog::Accepted)
        return;
    m_list->put(d.entry(), d.token(),
                [self = QPointer<ServersDialog>(this)](const SecretError& error) {
                    if (self)
                        self->showKeychainResult(error);
                });
}

void ServersDialog::removeServer()
{
    const auto e = current();
    if (!e)
        return;
    if (QMessageBox::question(
            this, tr("Remove Server"),
            tr("Stop watching %1 and forget its token? Its history stays.").arg(e->name)) !=
        QMessageBox::Yes)
        return;
    m_list->remove(e->id, [self = QPointer<ServersDialog>(this)](const SecretError& error) {
        if (self)
            self->showKeychainResult(error);
    });
}

void ServersDialog::trustCertificate()
{
    const auto e = current();
    const LinkStatus* link = e && m_fleet ? m_fleet->connection(e->name) : nullptr;
    if (!link || link->offeredSha256.isEmpty())
        return;
    if (!confirmCertificate(this, *e, link->offeredSha256, link->state == LinkState::PinMismatch))
        return;
    m_list->pin(e->id, link->offeredSha256);
    Q_EMIT serversChanged();
}

bool ServersDialog::confirmCertificate(QWidget* parent, const ServerEntry& e,
                                       const QByteArray& sha256, bool changed)
{
    QMessageBox box(parent);
    box.setIcon(changed ? QMessageBox::Warning : QMessageBox::Question);
    box.setWindowTitle(changed ? tr("Certificate Changed") : tr("Trust Certificate"));
    box.setTextFormat(Qt::RichText);
    box.setText((changed
                     ? tr("<b>The certificate of %1 is not the one you pinned.</b><br>"
                          "This happens when the certificate was renewed, or when someone is "
                          "intercepting the connection.")
                     : tr("<b>No certificate authority vouches for %1.</b><br>"
                          "Compare this fingerprint with the one on the server before you trust "
                          "it:"))
                    .arg(e.name.toHtmlEscaped()) +
                QStringLiteral("<p><tt>%1</tt></p>").arg(formatFingerprint(sha256)) +
                tr("On the server: <tt>openssl x509 -in CERT -noout -fingerprint -sha256</tt>"));
    box.setStandardButtons(QMessageBox::Cancel);
    auto* trust = box.addButton(changed ? tr("Trust the New Certificate") : tr("Trust"),
                                QMessageBox::AcceptRole);
    box.setDefaultButton(QMessageBox::Cancel);
    box.exec();
    return box.clickedButton() == trust;
}

} // namespace gw
