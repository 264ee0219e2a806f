#include "replaycommand.h"

#include "cliio.h"
#include "policy/policyengine.h"
#include "policy/policyreplay.h"

namespace gw::cli {

PolicyCheckOutcome replayOutcome(const ReadingsOptions& readings, const QString& policyPath,
                                 bool json)
{
    PolicyCheckOutcome outcome;
    const std::optional<PolicyConfig> policy = replayPolicy(policyPath, &outcome);
    if (!policy)
        return outcome;
    if (readings.fromMs && readings.toMs && *readings.toMs <= *readings.fromMs) {
        outcome.err += tr("replay: the range is empty (--to must be after --from)\n");
        outcome.exitCode = kExitUsage;
        return outcome;
    }
    QString error;
    const std::unique_ptr<ReadingStream> stream = openReadings(readings, &error);
    if (!stream) {
        outcome.err += error + QLatin1Char('\n');
        outcome.exitCode = kExitFailed;
        return outcome;
    }
    const bool history = !readings.historyPath.isEmpty();
    if (history && policy->idle.confirmPower)
        outcome.err += tr("note: the history keeps no GPU power limit, so idle confirm_power "
                          "checks only that memory stays flat\n");
    PolicyEngine::Options options;
    options.timeZone = readings.timeZone;
    const ReplayResult r =
        replayReadings(*policy, options, [&](QString* why) { return stream->next(why); });
    const std::array<int, 3> counts =
        printReplayEvents(r.events, json, readings.timeZone, &outcome);
    for (const QString& line :
         readingsNotes(*stream, readings.timeZone, readings.fromMs, readings.toMs))
        outcome.err += QStringLiteral("gpuwarden-cli: ") + line + QLatin1Char('\n');
    const qsizetype servers = stream->servers().size();
    outcome.err += tr("%1: %2 readings of %3 replayed (%4 outside the range): %5 hog, %6 idle, %7 "
                      "fair-share events (policy: %8)\n")
                       .arg(history ? readings.historyPath : readings.tracePath)
                       .arg(r.readings)
                       .arg(servers == 1 ? tr("1 server") : tr("%1 servers").arg(servers))
                       .arg(stream->skipped())
                       .arg(counts[0])
                       .arg(counts[1])
                       .arg(counts[2])
                       .arg(policyPath.isEmpty() ? tr("built-in defaults") : policyPath);
    if (!r.error.isEmpty()) {
        outcome.err += r.error + QLatin1Char('\n');
        outcome.exitCode = kExitFailed;
    }
    return outcome;
}

int replayCommand(const QCommandLineParser& parser)
{
    QString error;
    const auto readings =
        readingsOptions(parser, QStringLiteral("replay"), QTimeZone::systemTimeZone(), &error);
    if (!readings)
        return fail(kExitUsage, error);
    const PolicyCheckOutcome r = replayOutcome(*readings, parser.value(QStringLiteral("policy")),
                                               parser.isSet(QStringLiteral("json")));
    print(stdout, r.out);
    print(stderr, r.err);
    return r.exitCode;
}

} // namespace gw::cli
