#pragma once

// The agent's policy event log: every change of an event, numbered apart
// from readings, the newest kMemoryEventLimit in memory and, with a
// journal, all of them on disk (older cursors are read from there). Serves
// GET /v1/events?after=N with the cursor protocol of /v1/samples, and keeps
// the events open now and the totals by kind for /metrics and /v1/info.
// On the agent's HTTP thread.

#include "agent/apireply.h"
#include "agent/routetable.h"
#include "policy/policyevent.h"

#include <QHash>
#include <QMap>

#include <deque>
#include <functional>

namespace gw {

class AgentJournal;
class JournalWriter;

class EventLog final : public RouteDesk
{
public:
    // Kept in memory (all of them without a journal; the newest with one).
    static constexpr qsizetype kMemoryEventLimit = 10'000;

    EventLog(std::function<CursorEnvelope()> envelope, std::function<qint64()> now);

    // Before the journal moves to its writer: numbering continues after its
    // last event, and events the previous run left open are closed ("agent
    // restarted") as of its last stored reading.
    void continueFrom(AgentJournal& journal);
    // Not owned; null: memory only.
    void setJournal(JournalWriter* journal) { m_journal = journal; }

    // Numbers and stores changed events, each as a whole (the same id once
    // per change).
    void record(const QList<PolicyEvent>& events);

    // A step of the wall clock (Source::clockStepped), numbered among the
    // events: {"kind": "clock_step", "id", "server", "start_ms" =
    // "detected_ms" = "end_ms" = when, "step_ms", "end_reason" in words}.
    // Not a policy event: clients that know only policy kinds skip it.
    void recordClockStep(const QString& server, qint64 stepMs, qint64 atMs);

    quint64 lastSequence() const { return m_nextSequence - 1; }
    int openCount() const { return int(m_open.size()); }
    // For /metrics: events open now and events seen opening, by kind name.
    QMap<QString, quint64> openByKind() const;
    QMap<QString, quint64> totals() const { return m_totals; }

    void addRoutes(RouteTable& table) override;

private:
    QHttpServerResponse events(const QHttpServerRequest& request) const;
    void store(const PolicyEvent& event, qint64 atMs);

    struct Record
    {
        quint64 sequence;
        QByteArray json; // the PolicyEvent JSON as of this change
    };
    std::function<CursorEnvelope()> m_envelope;
    std::function<qint64()> m_now;
    JournalWriter* m_journal = nullptr;
    std::deque<Record> m_records;
    quint64 m_nextSequence = 1;
    QHash<QString, PolicyEventKind> m_open; // by id
    QMap<QString, quint64> m_totals;        // events seen opening, by kind name
};

} // namespace gw
