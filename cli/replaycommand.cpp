#include "replaycommand.h"

#include "cliio.h"
#include "clireadings.h"
#include "policy/policyreplay.h"
#include "replayhistory.h"

#include <QTimeZone>

namespace gw::cli {

int replayCommand(const QCommandLineParser& parser)
{
    QString error;
    const auto readings = gw::cli::readingsOptions(parser, QStringLiteral("replay"),
                                                   QTimeZone::systemTimeZone(), &error);
    if (!readings)
        return fail(2, error);
    gw::PolicyCheckOutcome r;
    if (!readings->historyPath.isEmpty()) {
        gw::HistoryReplayCommand h;
        h.historyPath = readings->historyPath;
        h.policyPath = parser.value(QStringLiteral("policy"));
        h.fromMs = readings->fromMs;
        h.toMs = readings->toMs;
        h.servers = readings->servers;
        h.json = parser.isSet(QStringLiteral("json"));
        h.timeZone = readings->timeZone;
        r = gw::replayHistoryCommand(h);
    } else {
        gw::ReplayCommand command;
        command.tracePath = readings->tracePath;
        command.policyPath = parser.value(QStringLiteral("policy"));
        command.fromMs = readings->fromMs;
        command.toMs = readings->toMs;
        command.json = parser.isSet(QStringLiteral("json"));
        command.timeZone = readings->timeZone;
        r = gw::replayCommand(command);
    }
    print(stdout, r.out);
    print(stderr, r.err);
    return r.exitCode;
}

} // namespace gw::cli
