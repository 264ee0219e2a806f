#include "window/enforcementpane.h"

#include "common/datetimetext.h"
#include "common/palette.h"
#include "models/auditmodel.h"
#include "models/enforcementmodel.h"

#include <QDateTime>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

namespace gw {

namespace {

// The time of day, with the date when it is not today's.
QString clockText(qint64 ms, qint64 nowMs)
{
    const QDateTime t = QDateTime::fromMSecsSinceEpoch(ms);
    return t.date() == QDateTime::fromMSecsSinceEpoch(nowMs).date() ? gw::clockText(t)
                                                                    : gw::dateTimeText(t);
}

QString ageText(qint64 ms)
{
    const qint64 s = qMax<qint64>(0, ms / 1000);
    if (s < 90)
        return EnforcementPane::tr("%n s ago", nullptr, int(s));
    if (s < 90 * 60)
        return EnforcementPane::tr("%n min ago", nullptr, int(s / 60));
    return EnforcementPane::tr("%n h ago", nullptr, int(s / 3600));
}

QTableView* table(QAbstractItemModel* model, QWidget* parent)
{
    auto* v = new QTableView(parent);
    v->setModel(model);
    v->setTabKeyNavigation(false); // Tab leaves the table; arrows move in it
    v->setSelectionBehavior(QAbstractItemView::SelectRows);
    v->setSelectionMode(QAbstractItemView::SingleSelection);
    v->setEditTriggers(QAbstractItemView::NoEditTriggers);
    v->verticalHeader()->setVisible(false);
    v->horizontalHeader()->setStretchLastSection(true);
    v->setWordWrap(false);
    return v;
}

} // namespace

EnforcementPane::EnforcementPane(QWidget* parent)
    : QWidget(parent)
    , m_clock([] { return QDateTime::currentMSecsSinceEpoch(); })
    , m_model(new EnforcementModel(this))
    , m_audit(new AuditModel(this))
    , m_mode(new QLabel(this))
    , m_demand(new QLabel(this))
    , m_balances(new QLabel(this))
    , m_freshness(new QLabel(this))
    , m_view(table(m_model, this))
    , m_confirm(new QPushButton(tr("Confirm"), this))
    , m_decline(new QPushButton(tr("Decline…"), this))
    , m_why(new QLabel(this))
    , m_outcome(new QLabel(this))
    , m_auditView(table(m_audit, this))
    , m_poll(new QTimer(this))
    , m_tick(new QTimer(this))
{
    for (QLabel* l : {m_mode, m_demand, m_balances, m_freshness, m_why, m_outcome}) {
        l->setWordWrap(true);
        l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    }
    QFont bold = m_mode->font();
    bold.setBold(true);
    m_mode->setFont(bold);

    auto* top = new QVBoxLayout;
    top->setSpacing(2);
    top->addWidget(m_mode);
    top->addWidget(m_demand);
    top->addWidget(m_balances);
    top->addWidget(m_freshness);

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_confirm);
    buttons->addWidget(m_decline);
    buttons->addWidget(m_why, 1);

    auto* candidates = new QWidget(this);
    auto* candidatesLayout = new QVBoxLayout(candidates);
    candidatesLayout->setContentsMargins(0, 0, 0, 0);
    auto* candidatesTitle = new QLabel(tr("Candidates"), candidates);
    candidatesTitle->setFont(bold);
    candidatesLayout->addWidget(candidatesTitle);
    candidatesLayout->addWidget(m_view, 1);
    candidatesLayout->addLayout(buttons);
    candidatesLayout->addWidget(m_outcome);

    auto* log = new QWidget(this);
    auto* logLayout = new QVBoxLayout(log);
    logLayout->setContentsMargins(0, 0, 0, 0);
    auto* logTitle = new QLabel(tr("Audit log (every step, refusal and decision)"), log);
    logTitle->setFont(bold);
    logLayout->addWidget(logTitle);
    logLayout->addWidget(m_auditView, 1);

    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(candidates);
    split->addWidget(log);
    split->setChildrenCollapsible(false);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(split, 1);

    // The evidence fits the width: "why" takes what the others leave.
    const auto fit = [](QTableView* view, int why) {
        QHeaderView* header = view->horizontalHeader();
        header->setStretchLastSection(false);
        header->setSectionResizeMode(QHeaderView::ResizeToContents);
        header->setSectionResizeMode(why, QHeaderView::Stretch);
        view->setTextElideMode(Qt::ElideMiddle);
    };
    fit(m_view, EnforcementModel::Why);
    fit(m_auditView, AuditModel::Why);

    m_outcome->setVisible(false);
    connect(m_confirm, &QPushButton::clicked, this, [this] {
        if (const auto c = selected())
            confirm(c->id);
    });
    connect(m_decline, &QPushButton::clicked, this, &EnforcementPane::askDeclineReason);
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &EnforcementPane::selectedChanged);
    connect(m_model, &QAbstractItemModel::modelReset, this, &EnforcementPane::selectedChanged);
    connect(m_poll, &QTimer::timeout, this, &EnforcementPane::refresh);
    m_tick->setInterval(std::chrono::seconds(1));
    connect(m_tick, &QTimer::timeout, this, &EnforcementPane::showFreshness);
    showHeader();
    showFreshness();
    selectedChanged();
}

EnforcementPane::~EnforcementPane() = default;

qint64 EnforcementPane::now() const
{
    return m_clock();
}

void EnforcementPane::setServer(const RemoteServer& server)
{
    delete m_client; // its replies in flight go with it
    m_server = server;
    m_client = new EnforcementClient(server, this);
    m_state.reset();
    m_readMs = 0;
    m_pollError.clear();
    m_live = false;
    // The old client's requests went with it: none is in flight now.
    m_auditBusy = false;
    m_deciding = false;
    m_model->clear();
    m_audit->clear();
    m_poll->start(m_interval);
    m_tick->start();
    refresh();
}

void EnforcementPane::setPollInterval(std::chrono::milliseconds interval)
{
    m_interval = interval;
    if (m_poll->isActive())
        m_poll->start(m_interval);
}

void EnforcementPane::setAdminAllowed(bool allowed, const QString& why)
{
    m_adminAllowed = allowed;
    m_adminWhy = why;
    selectedChanged();
}

void EnforcementPane::refresh()
{
    if (!m_client)
        return;
    m_client->getEnforcement([this](const EnforcementReply& r) { polled(r); });
    if (!m_auditBusy) {
        m_auditBusy = true;
        const qint64 after = m_audit->lastSequence();
        m_client->getAudit(after, [this](const EnforcementReply& r) { auditPolled(r); });
    }
}

void EnforcementPane::polled(const EnforcementReply& reply)
{
    if (reply.ok) {
        m_state = reply.state;
        m_readMs = now();
        m_pollError.clear();
        m_failingSinceMs = 0;
        m_live = true;
        m_model->setState(*reply.state);
    } else {
        if (m_pollError.isEmpty())
            m_failingSinceMs = now();
        m_pollError = reply.error;
        m_pollAnswered = reply.failure == AgentFailure::Protocol;
        m_live = false;
    }
    showHeader();
    showFreshness();
    selectedChanged();
    Q_EMIT refreshed();
}

void EnforcementPane::auditPolled(const EnforcementReply& reply)
{
    m_auditBusy = false;
    if (!reply.ok) {
        // The candidates' poll says the agent is down; a bad audit page is
        // said here, so it is not mistaken for an empty log.
        if (reply.failure == AgentFailure::Protocol)
            setOutcome(reply.error, true);
        return;
    }
    if (!m_audit->stream().isEmpty() && reply.auditStream != m_audit->stream()) {
        // The agent's journal is a new one: its log from the start.
        m_audit->clear();
        m_auditBusy = true;
        m_client->getAudit(0, [this](const EnforcementReply& r) { auditPolled(r); });
        return;
    }
    m_audit->append(reply.auditStream, reply.audit);
    // Rows inserted at the top do not re-measure the columns by themselves.
    m_auditView->horizontalHeader()->resizeSections(QHeaderView::ResizeToContents);
}

void EnforcementPane::showHeader()
{
    if (!m_state) {
        m_mode->setText(m_server.name.isEmpty()
                            ? tr("Enforcement: no agent chosen")
                            : tr("Enforcement on %1: not read yet").arg(m_server.name));
        m_demand->clear();
        m_balances->clear();
        return;
    }
    const RemoteEnforcement& s = *m_state;
    QString mode;
    if (s.mode == QStringLiteral("off"))
        mode = tr("off: candidates are listed, nothing is done");
    else if (s.mode == QStringLiteral("propose"))
        mode = tr("propose: each step waits for an admin's confirmation");
    else
        mode = tr("auto: steps are taken on schedule");
    m_mode->setText(
        tr("Enforcement on %1: %2%3")
            .arg(m_server.name, mode,
                 s.dryRun ? tr(" (dry run: every action only recorded as \"would\")") : QString()));
    m_demand->setText(
        s.demandHigh
            ? tr("Demand high%1: %2")
                  .arg(s.demandSinceMs ? tr(" since %1").arg(clockText(*s.demandSinceMs, now()))
                                       : QString(),
                       s.demandReason)
            : tr("Demand normal%1")
                  .arg(s.demandReason.isEmpty() ? QString()
                                                : QStringLiteral(": ") + s.demandReason));
    QString balances =
        tr("Balances kept by %1, as of %2")
            .arg(s.keeper.isEmpty() ? m_server.name : s.keeper, clockText(s.balancesAsOfMs, now()));
    if (!s.balancesError.isEmpty())
        balances += tr("; the keeper could not be read (%1): balances read %2")
                        .arg(s.balancesError, ageText(s.nowMs - s.balancesFetchedMs));
    m_balances->setText(balances);
}

// "Read 4 s ago" while fresh; the age when older than a poll; "not
// answering" with the last figures' age when the agent stops answering.
void EnforcementPane::showFreshness()
{
    QPalette p = m_freshness->palette();
    const QPalette base = palette();
    bool bad = false;
    QString text;
    const qint64 t = now();
    if (!m_client) {
        text = tr("No agent chosen.");
    } else if (!m_pollError.isEmpty() && m_pollAnswered) {
        // It answers, but not what the contract says: not a silent agent.
        bad = true;
        text = m_state ? tr("%1's reply cannot be used: %2. The candidates below are its last "
                            "good reply, read %3; nothing can be decided.")
                             .arg(m_server.name, m_pollError, ageText(t - m_readMs))
                       : tr("%1's reply cannot be used: %2.").arg(m_server.name, m_pollError);
    } else if (!m_pollError.isEmpty()) {
        bad = true;
        text = m_state ? tr("%1 is not answering since %2 (%3). The candidates below are its "
                            "last reply, read %4; nothing can be decided until it answers.")
                             .arg(m_server.name, clockText(m_failingSinceMs, t), m_pollError,
                                  ageText(t - m_readMs))
                       : tr("%1 is not answering (%2).").arg(m_server.name, m_pollError);
    } else if (!m_state) {
        text = tr("Reading %1…").arg(m_server.name);
    } else if (t - m_readMs > 3 * m_interval.count() / 2) {
        bad = true;
        text = tr("Read at %1, %2: older than a poll.")
                   .arg(clockText(m_readMs, t), ageText(t - m_readMs));
    } else {
        text = tr("Read at %1, %2.").arg(clockText(m_readMs, t), ageText(t - m_readMs));
    }
    p.setColor(QPalette::WindowText,
               bad ? stateColor(DisplayState::Error, base) : base.color(QPalette::WindowText));
    m_freshness->setPalette(p);
    m_freshness->setText(text);
    // Stale figures are greyed, never shown as live.
    m_view->setEnabled(m_live || !m_state);
}

std::optional<RemoteCandidate> EnforcementPane::selected() const
{
    const QModelIndexList rows = m_view->selectionModel()->selectedRows();
    if (rows.isEmpty())
        return std::nullopt;
    return m_model->candidate(rows.first().row());
}

void EnforcementPane::selectedChanged()
{
    const auto c = selected();
    QString why;
    if (!m_adminAllowed)
        why = m_adminWhy.isEmpty() ? tr("This agent's token has read access only; confirming "
                                        "or declining needs a token with admin scope.")
                                   : m_adminWhy;
    else if (!m_live && m_pollAnswered)
        why = tr("The agent's reply cannot be used: nothing can be decided.");
    else if (!m_live)
        why = tr("The agent is not answering: nothing can be decided.");
    else if (m_deciding)
        why = tr("Sending the decision…");
    else if (!c)
        why = m_model->rowCount() == 0 ? tr("No candidates.") : tr("Select a candidate.");
    else if (c->step.isEmpty())
        why = tr("No step is due (enforcement is off).");
    else if (!c->awaitingConfirmation)
        why = tr("The %1 of %2's process is taken on schedule; nothing awaits confirmation.")
                  .arg(EnforcementModel::stepText(c->step), c->user);
    const bool can = why.isEmpty();
    m_confirm->setEnabled(can);
    m_decline->setEnabled(can);
    m_confirm->setText(can ? tr("Confirm %1").arg(EnforcementModel::stepText(c->step))
                           : tr("Confirm"));
    // The selected candidate's evidence in full (the table elides "why").
    const QString evidence =
        c ? tr("%1's process %2 (%3): %4.").arg(c->user).arg(c->pid).arg(c->command, c->why)
          : QString();
    m_why->setText(can ? evidence
                       : (evidence.isEmpty() ? why : evidence + QStringLiteral(" ") + why));
}

void EnforcementPane::askDeclineReason()
{
    const auto c = selected();
    if (!c)
        return;
    QInputDialog ask(this);
    ask.setWindowTitle(tr("Decline"));
    ask.setLabelText(tr("Why is the %1 of %2's process %3 declined? (kept in the audit log)")
                         .arg(EnforcementModel::stepText(c->step), c->user)
                         .arg(c->pid));
    ask.setInputMode(QInputDialog::TextInput);
    ask.setObjectName(QStringLiteral("declineReason"));
    if (ask.exec() != QDialog::Accepted)
        return;
    const QString reason = ask.textValue().trimmed();
    if (reason.isEmpty()) {
        setOutcome(tr("Not declined: a decline needs a reason."), true);
        return;
    }
    decline(c->id, reason);
}

void EnforcementPane::confirm(const QString& id)
{
    const int row = m_model->rowOf(id);
    if (!m_client || row < 0)
        return;
    const RemoteCandidate c = m_model->candidate(row);
    m_deciding = true;
    selectedChanged();
    m_client->decide(c.id, true, c.step, QString(),
                     [this, c](const EnforcementReply& r) { decisionReplied(r, c); });
}

void EnforcementPane::decline(const QString& id, const QString& reason)
{
    const int row = m_model->rowOf(id);
    if (!m_client || row < 0)
        return;
    const RemoteCandidate c = m_model->candidate(row);
    m_deciding = true;
    selectedChanged();
    m_client->decide(c.id, false, c.step, reason,
                     [this, c](const EnforcementReply& r) { decisionReplied(r, c); });
}

void EnforcementPane::decisionReplied(const EnforcementReply& reply, const RemoteCandidate& c)
{
    m_deciding = false;
    if (reply.readOnlyToken)
        setAdminAllowed(false, reply.error);
    if (reply.ok) {
        const RemoteDecision& d = *reply.decision;
        setOutcome(tr("%1 of %2's process %3: %4%5\nAudit #%6: %7")
                       .arg(EnforcementModel::stepText(c.step), c.user)
                       .arg(c.pid)
                       .arg(d.outcome,
                            d.detail.isEmpty() ? QString() : QStringLiteral(" (") + d.detail + u')')
                       .arg(d.audit.sequence)
                       .arg(AuditModel::entryText(d.audit)),
                   d.outcome == QStringLiteral("refused"));
    } else {
        setOutcome(reply.error, true);
    }
    selectedChanged();
    // What the agent holds now (a 409 means the due step moved on); the
    // audit entry arrives with the log's next page, in its order.
    refresh();
    Q_EMIT decided(reply.ok);
}

void EnforcementPane::setOutcome(const QString& text, bool error)
{
    m_outcomeIsError = error;
    QPalette p = m_outcome->palette();
    p.setColor(QPalette::WindowText, error ? stateColor(DisplayState::Error, palette())
                                           : palette().color(QPalette::WindowText));
    m_outcome->setPalette(p);
    m_outcome->setText(text);
    m_outcome->setVisible(!text.isEmpty());
}

void EnforcementPane::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) {
        showFreshness();
        setOutcome(m_outcome->text(), m_outcomeIsError);
    }
}

} // namespace gw
