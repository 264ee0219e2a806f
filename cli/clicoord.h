#pragma once

// gpuwarden-cli select | wait | advise (docs/coordination.md, "Command
// line"): which GPUs a job should take, waiting until enough qualify, and
// whether to start now. With --source the agent ranks and reserves; with
// --demo the simulated demo fleet is ranked; without either this machine is
// read. Nothing is reserved but at an agent (no other process would see the
// reservation).

#include "coord/fleetselection.h"
#include "coord/gpuselection.h"
#include "remote/sourceoption.h"

#include <QCommandLineParser>
#include <QStringList>

#include <optional>

namespace gw {
class LocalProducer;
}

namespace gw::cli {

// --gpus, --parallel, --task, --min-free, --max-util, --mig, --wait, --ttl,
// --user, --priority, --attempt (--source, --policy, --json are the
// options every command shares, commands.h).
void addCoordOptions(QCommandLineParser& parser);

// What select, wait and run ask for, checked.
struct SelectOptions
{
    SelectionRequest request;
    SelectionWeights weights;
    qint64 waitMs = 0;
    bool json = false;
    std::optional<AgentEndpoint> agent; // one --source
    QList<AgentEndpoint> fleet;         // several --source (select and wait)
    QString memoryRule;                 // the model-size heuristic's rule when memory came from it
    QStringList notes; // world size, the heuristic's rule: said on stderr, never hidden
};
// Absent with `error` (one sentence naming the option) on a bad value.
std::optional<SelectOptions> selectOptions(const QCommandLineParser& parser, QString* error);

// The exit code of an outcome: 0 granted, 3 not enough GPUs, 1 failed, 2
// refused request.
int exitCodeOf(Selection::Outcome outcome);

// Reads this machine until request.gpus units qualify or waitMs passed.
Selection selectHere(LocalProducer& producer, const SelectOptions& options);
// POST /v1/allocate: the agent ranks, waits and reserves.
Selection allocateAtAgent(const AgentEndpoint& agent, const SelectOptions& options);
// Ranks the agent's readings here, its reservations respected, without
// reserving.
Selection waitAtAgent(const AgentEndpoint& agent, const SelectOptions& options);

// Several agents (docs/coordination.md, "Fleet"): selectAcrossFleet
// (core/coord) over their --source addresses; select asks each with POST
// /v1/allocate and no wait, wait ranks here. The agents passed over are
// noted on stderr when one grants.
Selection selectAcrossFleet(const QList<AgentEndpoint>& fleet, const SelectOptions& options,
                            bool reserve);

// The simulated demo fleet of `servers` servers (select --demo, wait
// --demo): its servers ranked as selectAcrossFleet ranks agents, read again
// until one has enough units or the wait is over; nothing is reserved.
Selection selectInDemo(int servers, const SelectOptions& options);

// "export CUDA_VISIBLE_DEVICES=1,3": exported, so the job's processes see it
// after `eval`; a value with anything but [A-Za-z0-9,._:/-] is single-quoted.
QString exportLine(const QString& cudaVisibleDevices);

// Writes the outcome (stdout: the export line or JSON; stderr: reasons) and
// answers the exit code.
int reportSelection(const Selection& selection, const SelectOptions& options);

int selectCommand(const QCommandLineParser& parser);
int waitCommand(const QCommandLineParser& parser);
int adviseCommand(const QCommandLineParser& parser);

} // namespace gw::cli
