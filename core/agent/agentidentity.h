#pragma once

// The agent's identity (issue 24, "one identity per server"): the key a
// desktop files this agent's readings, events and history under, whatever
// URL or name an admin watches it by. `instance` is new at every start and
// `stream` new with every new journal; the identity outlives both. It is a
// UUID kept in a file beside the journal (made on first start), so a
// machine keeps it across restarts and a journal replaced; without a
// journal it is derived from /etc/machine-id and the port, so two agents of
// one machine still differ. Served on /v1/info as "agent_id" with
// "agent_id_source" (docs/agent-api.md).

#include <QString>

namespace gw {

struct AgentIdentity
{
    enum class Source
    {
        File,    // read from (or first written to) the identity file
        Machine, // derived from the machine id and the port
        Run,     // neither was possible: this run's instance, not stable
    };

    QString id;
    Source source = Source::Run;
    // What a person should know: the file made, or why the identity is not
    // kept in it (logged at start). Empty when the file was simply read.
    QString note;
};

// "file", "machine", "run": the words /v1/info uses.
QString agentIdentitySourceName(AgentIdentity::Source source);

// The identity file of a journal: "<dir>/<journal's base name>.agent-id"
// (agent-journal.sqlite → agent-journal.agent-id); empty without a journal.
QString agentIdentityPath(const QString& journalPath);

// The identity for an agent with this journal (may be empty) listening on
// `port`; `instance` is the fallback when nothing stable can be had. A
// malformed identity file is never overwritten: it is said, and the
// machine's identity used.
AgentIdentity
resolveAgentIdentity(const QString& journalPath, quint16 port, const QString& instance,
                     const QString& machineIdPath = QStringLiteral("/etc/machine-id"));

} // namespace gw
