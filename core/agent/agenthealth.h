#pragma once

// What is wrong with the agent right now, as a list of reasons ("degraded
// is a state, not a silence"): any part of the agent raises a reason under
// a code of its own when something goes wrong (a full or stalled journal,
// numbering refused) and clears it when it is over. /v1/info and /healthz
// serve the list; the desktop shows it in the server's status.
//
// The log gets one line when a reason is raised, one when it is cleared,
// and a reminder every kRemindEvery while it lasts — never a line per
// retry, however often the cause is met again.
//
// Thread-safe: the journal's writer raises and clears from its own thread.

#include <QJsonObject>
#include <QLatin1String>
#include <QList>
#include <QMutex>
#include <QString>

#include <chrono>
#include <functional>

namespace gw {

class AgentHealth
{
public:
    static constexpr std::chrono::minutes kRemindEvery{10};

    // The reasons the agent itself raises (docs/agent-api.md, /v1/info).
    // The journal's disk refuses writes for want of space.
    static constexpr QLatin1String kJournalFull{"journal_full"};
    // The journal refuses writes for another reason (read-only, I/O error).
    static constexpr QLatin1String kJournalWriteFailed{"journal_write_failed"};
    // The journal's disk has not finished a write for JournalWriter::kStallAfter.
    static constexpr QLatin1String kJournalStalled{"journal_stalled"};
    // Readings are not numbered: no reservation on disk covers the next number.
    static constexpr QLatin1String kNumberingRefused{"numbering_refused"};
    // As many connections are open as the descriptor limit allows: new
    // ones are answered 503 (AcceptGate).
    static constexpr QLatin1String kConnectionsAtLimit{"connections_at_limit"};
    // No descriptor is left to accept a connection with (AcceptGate).
    static constexpr QLatin1String kNoDescriptor{"no_descriptor"};
    // As many callers wait for GPUs as the descriptor limit allows: new
    // ones are answered 503 (AllocationDesk).
    static constexpr QLatin1String kHeldAtLimit{"held_callers_at_limit"};
    // The agent runs in a PID namespace of its own (a container without the
    // host's): the driver's pids are not its pids, and no process is named.
    static constexpr QLatin1String kOwnPidNamespace{"own_pid_namespace"};

    struct Reason
    {
        QString code;
        QString message;
        qint64 sinceMs = 0;
    };

    // `nowMs`: the wall clock for "since" (ms since the epoch).
    explicit AgentHealth(std::function<qint64()> nowMs);

    // Raises `code` with `message` in words for an admin, or updates the
    // message of a reason already raised (logged only when new).
    void raise(const QString& code, const QString& message);
    // Clears `code` (logged when it was raised).
    void clear(const QString& code);
    bool isRaised(const QString& code) const;
    bool degraded() const;
    QList<Reason> reasons() const;
    // {"reasons": [{"code", "message", "since_ms"}, …]}, oldest first.
    QJsonObject toJson() const;
    // Logs the reasons that have not been logged for kRemindEvery.
    void remind();

private:
    struct Entry
    {
        Reason reason;
        qint64 loggedMs = 0;
    };

    std::function<qint64()> m_now;
    mutable QMutex m_mutex;
    QList<Entry> m_entries;
};

} // namespace gw
