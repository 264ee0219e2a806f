#pragma once

// Many remote agents at once, off the GUI thread. One worker thread holds one
// QNetworkAccessManager (keep-alive connections reused across polls) and one
// AgentLink per server; nothing here ever blocks: a dead server costs a timer,
// not a stalled poll of the others. The poll interval widens with the size of
// the fleet so that dozens of servers stay light; no reading is lost by that,
// because every poll fetches everything after the link's cursor.

#include "remote/agentlink.h"

#include <QHash>
#include <QObject>
#include <QPointer>
#include <QThread>

#include <chrono>
#include <functional>

namespace gw {

class AgentLinksWorker;

// A server's agent identified (AgentLink::identified), with what the fleet
// knows of it.
struct AgentIdentified
{
    QString server;   // the name the desktop watches it under
    QString agentId;  // its /v1/info agent_id
    QString previous; // the identity the server had before; empty on first contact
    QString urlName;  // its URL's host:port, the name a server added by URL had
    // Another server of the list that is the same agent (one agent reached
    // under two entries): said, never merged; empty when none.
    QString sameAs;
};

class AgentLinks final : public QObject
{
    Q_OBJECT
public:
    // Up to this many servers poll at the base interval; beyond, the fleet as
    // a whole makes about this many requests per base interval.
    static constexpr int kServersAtBaseInterval = 20;
    static constexpr std::chrono::milliseconds kMaxInterval{10'000};

    explicit AgentLinks(std::chrono::milliseconds baseInterval = std::chrono::milliseconds(1000),
                        QObject* parent = nullptr);
    // How often each link asks /v1/allocate (default
    // AgentLink::kAllocationPollInterval); for links made from now on.
    void setAllocationPollInterval(std::chrono::milliseconds interval);
    // The desktop's history file: before a link made from now on starts,
    // what the file lacks of its server beyond the catch-up hour (up to
    // kMaxBackfillMs) is asked from the agent's /v1/history and emitted as
    // readings first (docs/history.md, "Backfill").
    void setBackfillHistory(const QString& path);
    static constexpr qint64 kMaxBackfillMs = 31 * 24 * 3'600'000LL;
    // A link's catch-up (its agent's last hour at first contact, a gap after
    // an outage) is asked a page at a time across the fleet, each page only
    // while `open` answers true (called on the links' thread: thread-safe);
    // meanwhile each server's present is shown through present().
    void setCatchUpGate(std::function<bool()> open);
    ~AgentLinks() override;

    static std::chrono::milliseconds pollInterval(std::chrono::milliseconds base, int servers);

    // Replaces the servers watched. A server whose settings did not change
    // keeps its link and cursor; a changed one (URL, token, pin) starts anew.
    void setServers(const QList<gw::RemoteServer>& servers);
    // Where each server's reading stood (LinkStatus::stream/cursor of an
    // earlier run), used by links made from now on.
    void setResumePoints(const QHash<QString, ResumePoint>& points) { m_resume = points; }
    QList<RemoteServer> servers() const { return m_servers; }
    // The latest state of each server, as last reported to this thread.
    QHash<QString, LinkStatus> statuses() const { return m_statuses; }
    std::chrono::milliseconds currentPollInterval() const;

    void stop();

Q_SIGNALS:
    void readings(const QList<gw::Snapshot>& snapshots);
    // A server's present while its catch-up lasts (AgentLink::present): for
    // the window, not the record.
    void present(const QList<gw::Snapshot>& snapshots);
    // The same readings, emitted on the gw-remote thread as they arrive, for
    // a thread-safe receiver connected with Qt::DirectConnection
    // (Engine::attach): they skip the hop through this object's thread.
    void produced(const QList<gw::Snapshot>& snapshots);
    void statusChanged(const gw::LinkStatus& status);
    void serverRemoved(const QString& server);
    // Policy events of one server as AgentLink::eventsReceived hands them on.
    void eventsReceived(const QString& server, const QList<gw::PolicyEvent>& events);
    // Reservations and waiting callers of one server, as
    // AgentLink::allocationsReceived hands them on.
    void allocationsReceived(const QString& server, const gw::AllocationState& state);
    // A server's fair share as AgentLink::fairShareReceived hands it on.
    void fairShareReceived(const QString& server, const gw::PolicyStatus& status);
    // AgentLink::identified, emitted on the gw-remote thread before any
    // reading of the agent it names: a thread-safe receiver connected with
    // Qt::DirectConnection (the history's binding) sees it in order with
    // the readings of `produced`; any other connection is queued.
    void identified(const gw::AgentIdentified& identity);

private:
    bool isWatched(const QString& name) const;

    QThread m_thread;
    QPointer<AgentLinksWorker> m_worker;
    std::chrono::milliseconds m_base;
    QList<RemoteServer> m_servers;
    QHash<QString, LinkStatus> m_statuses;
    QHash<QString, ResumePoint> m_resume;
};

} // namespace gw

Q_DECLARE_METATYPE(gw::AgentIdentified)
