#pragma once

// Agents' own records as readings (GET /v1/readings, docs/agent-api.md), a
// source of the reading stream (readings/readingstream.h, through
// agentReadingsSpec) for reports: each agent asked an hour at a time (the
// next hour once the current one has all arrived, so at most two hours of
// each are held),
// every line read strictly (the trace parser and its order rule), the
// agents merged by time. Reading blocks the calling thread on local event
// loops, so it runs on any thread (the CLI's main, the report dialog's
// worker); make it on the thread that reads it.
//
// The desktop files an agent's readings under its own name for the server
// and on its own clock: `name` renames them, and `alignClock` asks the
// agent's clock first (/v1/info's now_ms, as AgentLink and HistoryBackfill
// do) and asks and files the range on the workstation's clock.
//
// Also the agents' effective policy (GET /v1/policy), which a report from
// agents is built under unless one is given.

#include "model/snapshot.h"
#include "model/trace.h"
#include "policy/policyconfig.h"
#include "readings/readingsource.h"
#include "readings/readingspec.h"
#include "remote/sourceoption.h"

#include <QJsonObject>
#include <QStringList>

#include <memory>
#include <optional>

namespace gw {

class AgentReadings final : public ReadingSource
{
public:
    struct Agent
    {
        AgentEndpoint source;
        QString name;            // readings filed under it; empty: as the agent names them
        bool alignClock = false; // shift to this machine's clock
    };

    // Readings of [fromMs, toMs); `servers` empty: every server.
    AgentReadings(QList<Agent> agents, qint64 fromMs, qint64 toMs, QStringList servers = {});
    ~AgentReadings() override;
    AgentReadings(const AgentReadings&) = delete;
    AgentReadings& operator=(const AgentReadings&) = delete;

    // The next reading of all agents by time; nothing at the end or on an
    // error (then `error` names the agent and where its readings stopped,
    // and every later call ends the same way).
    std::optional<Snapshot> next(QString* error) override;
    quint64 skipped() const override { return m_skipped; } // readings of servers not asked for

    static constexpr qint64 kWindowMs = 3'600'000;
    static constexpr int kStallTimeoutMs = 120'000; // no byte for this long: given up

private:
    struct State;
    std::unique_ptr<State> d;
    quint64 m_skipped = 0;
};

// The agents' readings as a reading stream's spec: opened with the spec's
// range ([fromMs, toMs), toMs default now; fromMs is required) and servers.
ReadingSpec agentReadingsSpec(QList<AgentReadings::Agent> agents);

// The effective policy of the agents (GET /v1/policy, read scope): its text
// where the agent gives it (an admin token), else rebuilt from its JSON by
// policyTomlFromJson (every key but the webhook URL) and checked by the
// policy parser. One policy: the first agent's; `warnings` says when others
// differ. Nothing, with `error`, when an agent cannot be asked or its policy
// cannot be read back. Blocks (local event loops).
std::optional<PolicyConfig> agentsPolicy(const QList<AgentEndpoint>& agents, QStringList* warnings,
                                         QString* error);

} // namespace gw
