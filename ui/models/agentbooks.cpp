#include "models/agentbooks.h"

#include <QDateTime>
#include <QLoggingCategory>
#include <QNetworkAccessManager>
#include <QTimer>

#include <cmath>
#include <memory>

namespace gw {

namespace {

Q_LOGGING_CATEGORY(lcBooks, "gw.tokens.agents")

// The ledger read after the balances must add up to them; an hour that
// closed between the two requests makes them differ, and reading both
// again settles it. More tries than this: show what was read.
constexpr int kLedgerAttempts = 3;

bool sumsMatch(const QList<LedgerEntry>& entries, const QMap<QString, double>& balances)
{
    QMap<QString, double> sum;
    for (const LedgerEntry& e : entries)
        sum[e.user] += e.amount;
    if (sum.keys() != balances.keys())
        return false;
    for (auto it = sum.cbegin(); it != sum.cend(); ++it) {
        const double b = balances.value(it.key());
        if (std::fabs(it.value() - b) > 1e-6 * std::max(1.0, std::fabs(b)))
            return false;
    }
    return true;
}

} // namespace

AgentBooks::AgentBooks(QObject* parent)
    : QObject(parent)
    , m_now([] { return QDateTime::currentMSecsSinceEpoch(); })
    , m_timer(new QTimer(this))
    , m_nam(new QNetworkAccessManager(this))
{
    m_timer->setInterval(kPollIntervalMs);
    connect(m_timer, &QTimer::timeout, this, &AgentBooks::pollNow);
}

AgentBooks::~AgentBooks()
{
    // The clients' replies go before the manager they came from.
    qDeleteAll(findChildren<TokensClient*>(Qt::FindDirectChildrenOnly));
}

void AgentBooks::setAgents(std::function<QList<RemoteServer>()> agents)
{
    m_agents = std::move(agents);
}

void AgentBooks::setPollInterval(int ms)
{
    m_timer->setInterval(ms);
}

int AgentBooks::pollInterval() const
{
    return m_timer->interval();
}

void AgentBooks::start()
{
    if (!m_timer->isActive())
        m_timer->start();
    pollNow();
}

PolicyConfig::Tokens AgentBooks::rules() const
{
    PolicyConfig::Tokens r;
    r.enabled = hasBooks();
    r.overdraftFloor = m_floor;
    return r;
}

TokensClient* AgentBooks::clientFor(const RemoteServer& server)
{
    if (!m_client || !(m_client->server() == server)) {
        delete m_client;
        m_client = new TokensClient(server, this);
        m_client->setNetworkAccessManager(m_nam);
    }
    return m_client;
}

void AgentBooks::setSource(const BooksSource& source)
{
    m_source = source;
    Q_EMIT changed();
}

void AgentBooks::pollNow()
{
    if (m_busy)
        return; // the next tick asks again
    const QList<RemoteServer> agents = m_agents ? m_agents() : QList<RemoteServer>();
    if (m_keeper) {
        // Still watched (with the same address and token)? Else look again.
        bool kept = false;
        for (const RemoteServer& a : agents)
            kept = kept || a == *m_keeper;
        if (kept)
            return readKeeper(*m_keeper);
        m_keeper.reset();
        m_books = {};
        m_balances.reset();
        m_ledgerStale = true;
    }
    discover(agents);
}

void AgentBooks::discover(const QList<RemoteServer>& agents)
{
    if (agents.isEmpty()) {
        BooksSource s;
        s.note = tr("This desktop watches no agents: the books are computed here from its own "
                    "readings.");
        if (!(s == m_source) || hasBooks())
            setSource(s);
        return;
    }
    const quint64 generation = ++m_generation;
    m_busy = true;
    struct Round
    {
        QList<RemoteServer> agents;
        QList<std::optional<BalancesReply>> replies;
        int waiting = 0;
    };
    auto round = std::make_shared<Round>();
    round->agents = agents;
    round->replies.resize(agents.size());
    round->waiting = int(agents.size());
    for (qsizetype i = 0; i < agents.size(); ++i) {
        auto* client = new TokensClient(agents.at(i), this);
        client->setNetworkAccessManager(m_nam);
        client->getBalances([this, client, round, i, generation](const BalancesReply& r) {
            client->deleteLater();
            round->replies[i] = r;
            if (--round->waiting > 0 || generation != m_generation)
                return;
            // The first keeper in the list's order decides; relays and
            // failures are said when there is none.
            QStringList notes;
            for (qsizetype k = 0; k < round->agents.size(); ++k) {
                const BalancesReply& reply = *round->replies[k];
                const QString name = round->agents.at(k).name;
                if (reply.ok() && reply.balances->isKeeper()) {
                    m_keeper = round->agents.at(k);
                    m_ledgerStale = true;
                    qCInfo(lcBooks, "the token books are read from %s", qPrintable(name));
                    return readLedger(*reply.balances, 1);
                }
                if (reply.ok())
                    notes << tr("%1 relays the books of %2, which this desktop does not watch.")
                                 .arg(name, reply.balances->keeper.isEmpty()
                                                ? tr("its keeper")
                                                : reply.balances->keeper);
                else if (reply.httpStatus == 404)
                    notes << tr("%1 keeps no token books (its policy has no [tokens]).").arg(name);
                else
                    notes << reply.error;
            }
            BooksSource s;
            s.note = tr("No watched agent keeps the token books: they are computed here from "
                        "this desktop's readings.");
            if (!notes.isEmpty())
                s.note += QLatin1Char(' ') + notes.join(QLatin1Char(' '));
            m_busy = false;
            setSource(s);
        });
    }
}

void AgentBooks::readKeeper(const RemoteServer& keeper)
{
    const quint64 generation = ++m_generation;
    m_busy = true;
    clientFor(keeper)->getBalances([this, generation](const BalancesReply& r) {
        if (generation != m_generation)
            return;
        if (!r.ok())
            return keeperFailed(r.error);
        if (!r.balances->isKeeper()) {
            // It became a relay: look for the keeper again.
            m_busy = false;
            qCInfo(lcBooks, "%s no longer keeps the books", qPrintable(m_keeper->name));
            m_keeper.reset();
            m_ledgerStale = true;
            return pollNow();
        }
        const AgentBalances& b = *r.balances;
        const bool same = m_balances && m_balances->balances == b.balances &&
                          m_balances->asOfMs == b.asOfMs && m_balances->cutOff == b.cutOff;
        if (m_ledgerStale || !same)
            return readLedger(b, 1);
        m_busy = false;
        BooksSource s = m_source;
        s.readMs = m_now();
        s.keeperNowMs = b.nowMs;
        s.servers = b.servers;
        s.error.clear();
        s.failingSinceMs = 0;
        m_balances = b;
        setSource(s);
    });
}

void AgentBooks::readLedger(const AgentBalances& balances, int attempt)
{
    const quint64 generation = ++m_generation;
    clientFor(*m_keeper)->getLedger(
        QString(), [this, balances, attempt, generation](const LedgerReply& r) {
            if (generation != m_generation)
                return;
            if (!r.ok())
                return keeperFailed(r.error);
            if (!sumsMatch(r.entries, balances.balances) && attempt < kLedgerAttempts) {
                const quint64 again = ++m_generation;
                clientFor(*m_keeper)->getBalances([this, attempt, again](const BalancesReply& b) {
                    if (again != m_generation)
                        return;
                    if (!b.ok())
                        return keeperFailed(b.error);
                    readLedger(*b.balances, attempt + 1);
                });
                return;
            }
            Books books;
            books.entries = r.entries;
            books.balances = balances.balances;
            books.warnings = balances.warnings;
            books.gaps = balances.gaps;
            books.cutOff = balances.cutOff;
            m_books = books;
            m_balances = balances;
            m_floor = balances.overdraftFloor;
            m_ledgerStale = false;
            m_busy = false;
            BooksSource s;
            s.kind = BooksSource::Kind::Keeper;
            s.keeper = m_keeper->name;
            s.keeperCalled = balances.keeper;
            s.readMs = m_now();
            s.asOfMs = balances.asOfMs;
            s.keeperNowMs = balances.nowMs;
            s.servers = balances.servers;
            setSource(s);
        });
}

void AgentBooks::keeperFailed(const QString& error)
{
    qCWarning(lcBooks, "reading the token books: %s", qPrintable(error));
    m_busy = false;
    if (!hasBooks()) {
        // Never read: nothing to show but why.
        BooksSource s;
        s.note = tr("The token books of %1 could not be read: %2")
                     .arg(m_keeper ? m_keeper->name : QString(), error);
        m_keeper.reset();
        return setSource(s);
    }
    // The last books stay, with their age and the failure.
    BooksSource s = m_source;
    s.error = error;
    if (s.failingSinceMs == 0)
        s.failingSinceMs = m_now();
    setSource(s);
}

void AgentBooks::adjust(const QString& user, double amount, const QString& reason,
                        std::function<void(const AdjustReply&)> done)
{
    if (!m_keeper || !hasBooks()) {
        AdjustReply out;
        out.error = tr("No agent keeps these books: the adjustment has nowhere to go.");
        return done(out);
    }
    // Its own client: a poll in flight must not drop the adjustment's answer.
    auto* client = new TokensClient(*m_keeper, this);
    client->setNetworkAccessManager(m_nam);
    client->postAdjustment(user, amount, reason,
                           [this, client, done = std::move(done)](const AdjustReply& r) {
                               client->deleteLater();
                               if (r.ok()) {
                                   m_ledgerStale = true;
                                   // A poll in flight answers for the books before it.
                                   ++m_generation;
                                   m_busy = false;
                                   pollNow();
                               }
                               done(r);
                           });
}

} // namespace gw
