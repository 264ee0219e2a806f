#include "replayhistory.h"

#include "history/historyreadings.h"
#include "policy/policyconfig.h"
#include "policy/policyengine.h"
#include "policy/policyevent.h"
#include "policy/policyreplay.h"

#include <QCoreApplication>
#include <QJsonDocument>

#include <limits>

namespace gw {

namespace {

QString tr(const char* s)
{
    return QCoreApplication::translate("gw::policy", s);
}

} // namespace

PolicyCheckOutcome replayHistoryCommand(const HistoryReplayCommand& command)
{
    PolicyCheckOutcome outcome;
    const std::optional<PolicyConfig> policy = replayPolicy(command.policyPath, &outcome);
    if (!policy)
        return outcome;
    const qint64 from = command.fromMs.value_or(std::numeric_limits<qint64>::min());
    const qint64 to = command.toMs.value_or(std::numeric_limits<qint64>::max());
    if (to <= from) {
        outcome.err += tr("replay: the range is empty (--to must be after --from)\n");
        outcome.exitCode = 2;
        return outcome;
    }
    QString error;
    const std::unique_ptr<HistoryReadings> readings =
        HistoryReadings::open(command.historyPath, command.servers, from, to, &error);
    if (!readings) {
        outcome.err += error + QLatin1Char('\n');
        outcome.exitCode = 1;
        return outcome;
    }
    if (policy->idle.confirmPower)
        outcome.err += tr("note: the history keeps no GPU power limit, so idle confirm_power "
                          "checks only that memory stays flat\n");
    PolicyEngine::Options options;
    options.timeZone = command.timeZone;
    const ReplayResult r =
        replayReadings(*policy, options, [&](QString* why) { return readings->next(why); });
    const std::array<int, 3> counts =
        printReplayEvents(r.events, command.json, command.timeZone, &outcome);
    outcome.err +=
        tr("%1: %2 readings of %3 servers replayed: %4 hog, %5 idle, %6 fair-share events "
           "(policy: %7)\n")
            .arg(command.historyPath)
            .arg(r.readings)
            .arg(readings->servers().size())
            .arg(counts[0])
            .arg(counts[1])
            .arg(counts[2])
            .arg(command.policyPath.isEmpty() ? tr("built-in defaults") : command.policyPath);
    if (!r.error.isEmpty()) {
        outcome.err += r.error + QLatin1Char('\n');
        outcome.exitCode = 1;
    }
    return outcome;
}

} // namespace gw
