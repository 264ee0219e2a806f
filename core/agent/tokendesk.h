#pragma once

// The agent as its own keeper of the token books (docs/tokens.md, "On the
// agent"). With [tokens] in the policy in force, every published reading goes
// through a UsageMeter; a usage fact is final once its hour is closed (a
// reading at or after the hour's end, which also covers a gap), and only then
// numbered and stored, append-only, in the journal's usage table (in memory
// without a journal). Adjustments (POST /v1/ledger) are stored the same way.
// The books are buildBooks over every stored fact and adjustment, kept as
// RunningBooks and brought forward when an hour closes, an adjustment is
// added or a peer's facts arrive, and at the next midnight (daily and monthly
// additions): an hour costs that hour, not the history, and /v1/balances
// answers from them. They are made whole at start-up, when the [tokens] book
// rules change, and on the repair path: facts from before the books began (a
// peer's) or the clock set back (docs/tokens.md, "Books brought forward").
//
// A restart neither loses nor double-counts the open hour: the journal's
// readings from the last one before the closed boundary on are fed again,
// and facts of hours already closed are never stored twice.
//
// The books never run ahead of the clock: a reading stamped before the closed
// boundary (the wall clock set back after an excursion into the future)
// closes what the meter holds and moves the boundary back to its own hour,
// and a boundary found more than kAheadToleranceMs in the future at start is
// moved back to the current hour; facts stamped ahead stay stored and count
// once their hour has really ended (buildBooks takes no hour ending after
// now), so no grant comes early and the real hours are charged.
//
// Owned by AgentServer, on its thread.

#include "agent/balanceview.h"
#include "agent/journalwriter.h"
#include "agent/keeperreplies.h"
#include "agent/recordlog.h"
#include "agent/routetable.h"
#include "policy/policyconfig.h"
#include "tokens/ledger.h"
#include "tokens/promusage.h"
#include "tokens/usage.h"

#include <QByteArrayList>
#include <QElapsedTimer>
#include <QHash>
#include <QHttpServerResponse>
#include <QJsonArray>
#include <QSet>
#include <QStringList>

#include <functional>
#include <optional>

class QHttpServerRequest;

namespace gw {

class AgentJournal;
class JournalWriter;
struct Snapshot;

class TokenDesk final : public RouteDesk
{
public:
    static constexpr qint64 kAheadToleranceMs = 5 * 60'000;

    explicit TokenDesk(std::function<qint64()> now);

    // GET /v1/usage, /v1/balances, /v1/ledger: read scope; POST /v1/ledger
    // (an adjustment): admin. 404 for all while [tokens] is off.
    void addRoutes(RouteTable& table) override;
    // A relay serves the keeper's balances (KeeperLink): the reply to give
    // instead of the own books', or none.
    void setBalancesElsewhere(std::function<std::optional<QHttpServerResponse>()> elsewhere)
    {
        m_balancesElsewhere = std::move(elsewhere);
    }

    void setClock(std::function<qint64()> now) { m_now = std::move(now); }
    // Books kept in `journal` begin in the hour of `ms` instead of the hour
    // they are first loaded in: for a journal that is about to receive an
    // earlier past (gpuwarden-agent --demo-past), whose readings are then
    // charged hour by hour rather than taken for a clock set back. Does
    // nothing to a journal whose books have begun. False with why in `error`.
    static bool beginBooksAt(AgentJournal& journal, qint64 ms, QString* error);
    // Not owned; null: books in memory only. Call before setPolicy.
    void setJournal(JournalWriter* journal);
    // The policy in force; [tokens] switches the books on (loading them from
    // the journal the first time) or off.
    void setPolicy(const PolicyConfig& policy);
    bool enabled() const { return m_rules.enabled; }

    // A new reading (after AgentServer stored it).
    void published(const Snapshot& snapshot);

    // GET /v1/usage, a cursor page with the gaps.
    QHttpServerResponse usage(const QHttpServerRequest& request, const CursorEnvelope& envelope);
    // The facts numbered after `after`, at most `limit`, as JSON.
    QByteArrayList usageAfter(quint64 after, int limit, quint64* last) const;
    quint64 lastUsageSequence() const { return m_usageLog.lastSequence(); }
    // GET /v1/balances
    QHttpServerResponse balances();
    // GET /v1/ledger?user=U&after=N&limit=L
    QHttpServerResponse ledger(const QHttpServerRequest& request);
    // POST /v1/ledger; `by`: the admin token's name.
    QHttpServerResponse adjust(const QHttpServerRequest& request, const QString& by);
    // The 404 every token route answers while [tokens] is off.
    static QHttpServerResponse notKept();

    // The spans not charged, as /v1/usage states them (a JSON array).
    QByteArray gapsJson() const;

    // The keeper of several agents (docs/tokens.md, "Keeper of several
    // agents"; tokendeskpeers.cpp). The peers' facts are stored in the
    // journal's peer_usage table together with each peer's cursor, so a
    // restart neither loses nor repeats one; the books are over the own
    // facts and the peers'.
    struct PeerCursor
    {
        QString stream;
        quint64 sequence = 0; // the peer's last fact taken (or refused)
    };
    using PeerPage = PeerUsagePage;
    // [agent] name; empty: the server of the readings published (or the host name).
    void setServerName(const QString& name) { m_serverName = name; }
    QString serverName() const;
    // The configured peers' URLs, in order (call before setPolicy).
    void setPeers(const QStringList& urls);
    PeerCursor peerCursor(const QString& url) const;
    // Takes a page: facts of the keeper's own server, of a server another
    // peer serves, or already held are not taken (said in the peer's
    // status); the cursor moves past all of them in the same journal
    // transaction. False with `error` when the journal refused: nothing
    // is taken, the page is asked again.
    bool absorbPeerPage(const QString& url, const PeerPage& page, QString* error);
    // What the last contact with a peer gave (its entry in /v1/balances).
    void peerContact(const QString& url, bool reachable, const QString& error);
    QList<UsageFact> peerFacts() const { return m_peerFacts; }
    // The keeper reading the agents' usage counters (their /metrics) from
    // Prometheus: where it stands, and the facts that grew (stored with the
    // cursor in one transaction; false with `error` when the journal
    // refused: nothing taken). The keeper's own series are skipped.
    void setPrometheus(const QString& url);
    PromUsageCursor promCursor() const { return m_promCursor; }
    bool absorbPromFacts(const QList<UsageFact>& facts, const PromUsageCursor& cursor,
                         const QStringList& warnings, QString* error);

    // The balances as enforcement judges them; invalid while [tokens] is off.
    BalanceView balanceView();

    // The books now (cached); for /metrics and the bench.
    const Books& books();
    // The same books made whole from everything held, to the same instant
    // as books(): what start-up or the repair path would give (for tests).
    Books booksMadeWhole();
    // What bringing the books forward last did (entries kept, made).
    RunningBooks::Update lastBooksUpdate() const
    {
        return m_running ? m_running->lastUpdate() : RunningBooks::Update();
    }
    qint64 closedThroughMs() const { return m_closedThroughMs; }
    QList<UsageFact> facts() const { return m_facts; }

private:
    struct Peer
    {
        PeerCursor cursor;
        QList<CoverageGap> gaps;
        QString server; // of its facts; empty before the first
        bool reachable = false;
        std::optional<qint64> lastContactMs;
        QString error;   // the last contact's
        QString refused; // facts not taken, said until the next page
    };
    // Reads the books from the journal, waiting for its writer up to
    // `patience`; m_loaded says whether it answered.
    void load(std::chrono::milliseconds patience = JournalWriter::kLoadPatience);
    void loadPeers(AgentJournal& journal, QString* why);
    bool ownServer(const QString& server) const;
    // Facts of the keeper's own server or of a server another source
    // serves are not taken; said in the source's entry.
    QList<UsageFact> admissible(const QString& url, const QList<UsageFact>& facts,
                                QString* refused) const;
    QJsonArray serversJson() const;
    void feed(const Snapshot& s, bool replay);
    void closeThrough(qint64 boundaryMs, const Snapshot& s);
    void rewind(const Snapshot& s);
    void storeFacts(const QList<UsageFact>& facts, qint64 boundaryMs);
    qint64 booksFromMs() const;
    QList<CoverageGap> allGaps() const;

    std::function<qint64()> m_now;
    std::function<std::optional<QHttpServerResponse>()> m_balancesElsewhere;
    JournalWriter* m_journal = nullptr;
    PolicyConfig::Tokens m_rules;
    bool m_loaded = false;
    static constexpr qint64 kLoadRetryMs = 10'000;
    QElapsedTimer m_sinceLoadTry; // steady: a wall-clock step does not delay the retry

    UsageMeter m_meter;
    QHash<UsageMeter::Key, UsageFact> m_carried; // the open hour, from earlier meters
    std::optional<qint64> m_openHourMs;          // the hour of the last reading fed
    qint64 m_closedThroughMs = 0;                // facts of hours ending by then are stored
    qint64 m_startMs = 0;                        // the books start
    QList<UsageFact> m_facts;                    // sequence = index + 1
    QList<Adjustment> m_adjustments;
    // Where they are numbered and stored, and a keeper's copy of its peers'.
    RecordLog m_usageLog{RecordLog::Table::Usage};
    RecordLog m_adjustmentLog{RecordLog::Table::Adjustment};
    RecordLog m_peerLog{RecordLog::Table::PeerUsage};
    QList<CoverageGap> m_gaps;
    QSet<QString> m_models;

    QString m_serverName;
    QSet<QString> m_ownServers; // of the readings published
    QString m_lastServer;
    QStringList m_peerOrder;
    QHash<QString, Peer> m_peers; // by URL
    QList<UsageFact> m_peerFacts; // peer_usage sequence = index + 1
    QSet<UsageMeter::Key> m_peerKeys;
    QHash<QString, QString> m_serverPeer; // server → the peer URL serving it
    QString m_promUrl;                    // empty: no Prometheus path
    PromUsageCursor m_promCursor;

    // The books kept, and how much of what is held they have taken (facts
    // and adjustments are only appended; load() starts them again).
    std::optional<RunningBooks> m_running;
    bool m_booksStale = true;
    qsizetype m_factsTaken = 0, m_peerFactsTaken = 0, m_adjustmentsTaken = 0;
    qint64 m_booksUntilMs = 0; // the next midnight in the books' zone
    QSet<QString> m_warned;
};

} // namespace gw
