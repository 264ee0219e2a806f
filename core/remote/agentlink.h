#pragma once

// One remote gpuwarden-agent, polled without ever blocking its thread. It
// asks /v1/samples for every reading after its cursor: while connected that
// is the newest reading; after an outage (ours, the network's, or the agent's
// own restart within the same journal stream) it is the whole gap, so history
// has no holes that were not real. The link keeps a visible state (connected,
// stale, auth failed, unreachable, certificate questions) with the last error,
// backs off exponentially while failing, and puts the agent's timestamps on
// the workstation's clock when the two disagree.
//
// Beside the readings it follows the agent's policy event log
// (/v1/events) with a cursor of its own: from the first record on first
// contact, so the desktop shows the events of hours it was closed; after the
// last record seen from then on; from the first again when the agent's
// stream changes. Events are handed on as the agent recorded them, filed
// under the server's name in the desktop (not the agent's host name).
//
// More slowly (every kAllocationPollInterval) it asks /v1/allocate for the
// reservations and waiting callers of jobs that coordinate (issue 12); an
// agent without the route (404) is not asked again.

#include "coord/coordjson.h"
#include "model/linkstatus.h"
#include "model/snapshot.h"
#include "policy/policyengine.h"
#include "policy/policyevent.h"
#include "wire/agentwire.h"

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>
#include <QUrl>

#include <chrono>
#include <deque>
#include <optional>

namespace gw {

// An agent of the desktop's server list: its endpoint under the name the
// admin gave it. The token comes from the keychain, the pin from the server
// list; no token origin (the Servers dialog says where tokens live).
struct RemoteServer : AgentEndpoint
{
    RemoteServer() = default;
    RemoteServer(QString name, QUrl url, QByteArray token = {}, QByteArray pinnedSha256 = {})
        : AgentEndpoint{std::move(url), std::move(token), {}, std::move(pinnedSha256)}
        , name(std::move(name))
    {}

    QString name; // shown in the fleet; readings are filed under it

    bool operator==(const RemoteServer&) const = default;
};

// The catch-up of the links of a fleet, paced as the demo's past is
// (docs/history.md, "Catch-up"): one page of it in flight at a time across
// the fleet, and asked for only while the gate is open (the window and the
// history writer keep up). 16 agents' last hour asked at once was 16 × 3,600
// readings in memory together. Used on the links' thread only.
class CatchUpPacer
{
public:
    // Called before each page of a catch-up; while it answers false, the
    // page waits. Without one only the one-page-at-a-time rule holds.
    void setGate(std::function<bool()> open) { m_gate = std::move(open); }
    // A page may be asked for now: the caller holds the turn until end().
    bool tryBegin();
    void end();
    int pagesInFlight() const { return m_inFlight; }
    // Pages given a turn so far.
    qint64 pages() const { return m_pages; }

private:
    std::function<bool()> m_gate;
    int m_inFlight = 0;
    qint64 m_pages = 0;
};

class AgentLink final : public QObject
{
    Q_OBJECT
public:
    static constexpr int kPageSize = 1000;
    // A poll without a byte of progress for this long has failed.
    static constexpr int kTimeoutMs = 5000;
    static constexpr int kMaxPagesInARow = 20;
    static constexpr qint64 kFirstBackoffMs = 1000;
    static constexpr qint64 kMaxBackoffMs = 60'000;
    // Clock differences below this are left alone: they are within what
    // the round trip lets us measure, and shifting by noise would jitter.
    static constexpr qint64 kClockToleranceMs = 1000;
    // On first contact with a stream (and when resuming from an older
    // cursor) at most this much of the agent's past is fetched: the recent
    // hour, not a day of journal for every server at every start.
    static constexpr qint64 kCatchUpMs = 3'600'000;
    // A poll that expects more readings than this (the agent's last
    // sequence is that far ahead of the cursor) is a catch-up: paced
    // (setCatchUpPacer), the present shown meanwhile.
    static constexpr quint64 kUnpacedReadings = 100;
    // While a catch-up page waits for its turn, it is asked again this often.
    static constexpr int kCatchUpRetryMs = 20;
    // Reservations last minutes; a few seconds late is soon enough.
    static constexpr std::chrono::milliseconds kAllocationPollInterval{5000};
    // /v1/info again, for the agent's degraded state (a full or stalled disk).
    static constexpr std::chrono::milliseconds kInfoPollInterval{15'000};

    // `nam` is shared by all links of a fleet (keep-alive connections) and
    // must outlive this link; both live on the same thread.
    AgentLink(RemoteServer server, QNetworkAccessManager* nam, QObject* parent = nullptr);
    ~AgentLink() override;

    const RemoteServer& server() const { return m_server; }
    const LinkStatus& status() const { return m_status; }
    quint64 cursor() const { return m_cursor; }
    QString stream() const { return m_stream; }
    // The policy event log: the last record seen, and its stream.
    quint64 eventCursor() const { return m_eventCursor; }
    QString eventStream() const { return m_eventStream; }
    // Malformed event records skipped so far.
    int eventsSkipped() const { return m_eventsSkipped; }

    // How often to ask when all is well; failures back off from 1 s anyway.
    void setPollInterval(std::chrono::milliseconds interval);
    // Continue after `cursor` if the agent still has `stream` (both from a
    // previous run's LinkStatus); call before start(). `agentId`: the
    // agent's identity then, so that another agent at the URL is noticed.
    void resumeAt(const QString& stream, quint64 cursor, const QString& agentId = {});
    std::chrono::milliseconds pollInterval() const { return m_interval; }
    // How often to ask /v1/allocate (tests make it short).
    void setAllocationPollInterval(std::chrono::milliseconds interval);
    // False once the agent answered 404 to /v1/allocate (an older agent).
    bool servesAllocations() const { return !m_allocationsUnsupported; }

    // Paces this link's catch-up with the others' (not owned; lives on this
    // link's thread and outlives it). Without one the pages of a catch-up
    // follow each other at once.
    void setCatchUpPacer(CatchUpPacer* pacer) { m_pacer = pacer; }

    void start();
    void stop();

Q_SIGNALS:
    // Oldest first, filed under the configured name, timestamps on the
    // workstation's clock.
    void readings(const QList<gw::Snapshot>& snapshots);
    void statusChanged(const gw::LinkStatus& status);
    // While a catch-up lasts: the agent's newest reading, once a poll
    // interval, for the window only (not a reading of the record:
    // it comes again, in order, through readings()).
    void present(const QList<gw::Snapshot>& snapshots);
    // Changed policy events, oldest first, each the whole event as of one
    // change (the same id again for a later change). `server`: the
    // configured name; each event is filed under it too (its server, and in
    // its id in place of the agent's host name), as the readings are.
    void eventsReceived(const QString& server, const QList<gw::PolicyEvent>& events);
    // The agent's reservations and waiting callers (GET /v1/allocate), every
    // time on the workstation's clock (shifted like the readings); nowMs is
    // when the agent answered. `server`: the configured name.
    void allocationsReceived(const QString& server, const gw::AllocationState& state);
    // The agent's identity learnt (/v1/info "agent_id"), before any reading
    // or event of it is handed on; `previous`: the identity the server had
    // before (in this run or the last), empty on first contact. Emitted
    // again only when it changes.
    void identified(const QString& server, const QString& agentId, const QString& previous);
    // The agent's fair share as /v1/info says it (each user's quota, share
    // now, decayed usage and factor; each account's), when it changed;
    // `status` has the server's users and accounts only. `server`: the
    // configured name.
    void fairShareReceived(const QString& server, const gw::PolicyStatus& status);

private:
    void takeIdentity(const QJsonObject& info);
    void pollAllocations();
    void pollInfo();
    void takeDegraded(const QJsonObject& info);
    void takeFairShare(const QJsonObject& info);
    std::optional<Snapshot> readingOf(const QJsonObject& o, QString* why) const;
    void onAllocations(const AgentCall& reply);
    void pollEvents();
    void onEvents(const AgentCall& reply);
    void poll();
    void onInfo(const AgentCall& reply);
    void onReply(const AgentCall& reply, qint64 sentMs, qint64 receivedMs);
    void onFailure(const AgentCall& reply);
    // GET of one route through the fleet's manager; the reply is this
    // link's (gone with it).
    // `accept`: the forms of answer asked for (AgentRequest::accept).
    void get(const QString& pathAndQuery, std::function<void(const AgentCall&)> done,
             const QByteArray& accept = QByteArray());
    void measureClock(qint64 agentNowMs, qint64 sentMs, qint64 receivedMs);
    void checkStale();
    void publishStatus();
    void schedule(qint64 ms);
    // A catch-up's page waits for its turn: true while it must (the present
    // is asked for meanwhile, once a poll interval).
    bool waitForTurn();
    void endTurn();
    void pollPresent();

    RemoteServer m_server;
    QNetworkAccessManager* m_nam;
    QTimer m_timer;
    std::chrono::milliseconds m_interval{1000};
    bool m_running = false;
    bool m_inFlight = false;
    quint64 m_cursor = 0;
    QString m_stream; // empty: ask /v1/info where to start
    QString m_resumeStream;
    quint64 m_resumeCursor = 0;
    QString m_resumeAgentId;
    int m_failures = 0;
    int m_pagesInARow = 0;
    // The agent's last sequence as last heard (info, samples).
    quint64 m_agentLast = 0;
    CatchUpPacer* m_pacer = nullptr;
    bool m_holdsTurn = false;
    bool m_presentInFlight = false;
    QElapsedTimer m_sincePresent;
    qint64 m_lastNewReadingLocalMs = 0;
    LinkStatus m_status;
    LinkStatus m_published;
    bool m_anyPublished = false;

    struct ClockSample
    {
        qint64 rttMs;
        qint64 offsetMs;
    };
    std::deque<ClockSample> m_clock;

    // /v1/events
    bool m_eventsInFlight = false;
    bool m_eventsUnsupported = false; // an agent without the route (404)
    quint64 m_eventCursor = 0;
    QString m_eventStream;
    QString m_lastEventsError; // logged once, not every poll
    int m_eventsSkipped = 0;

    // /v1/allocate
    std::chrono::milliseconds m_allocationInterval = kAllocationPollInterval;
    bool m_allocationsInFlight = false;
    bool m_allocationsUnsupported = false;
    qint64 m_lastAllocationPollMs = 0;
    bool m_infoInFlight = false;
    std::optional<PolicyStatus> m_fairShare; // as last handed on
    qint64 m_lastInfoPollMs = 0;
    QString m_lastAllocationsError;
};

} // namespace gw
