#include "basiccommands.h"

#include "cliio.h"
#include "model/doctorfinding.h"
#include "model/snapshottext.h"
#include "numberoptions.h"
#include "policy/policycheck.h"
#include "remote/sourceoption.h"
#include "sampling/commandline.h"
#include "sources/demoworld.h"
#include "sources/localproducer.h"
#include "sources/recorder.h"
#include "wire/agentwire.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>

#include <memory>

namespace gw::cli {

int snapshotCommand(const QCommandLineParser& parser)
{
    QList<gw::Snapshot> snapshots;
    QString sourceError;
    const auto agent = gw::agentSourceOption(parser, &sourceError);
    if (!sourceError.isEmpty())
        return fail(2, sourceError);
    if (agent) {
        const auto snapshot = gw::readAgentSnapshot(*agent, &sourceError);
        if (!snapshot)
            return fail(1, sourceError);
        snapshots.append(*snapshot);
    } else if (parser.isSet(QStringLiteral("demo"))) {
        snapshots =
            gw::DemoWorld(demoServersOption(parser)).at(QDateTime::currentMSecsSinceEpoch());
    } else {
        QString error;
        const auto options = gw::samplerOptions(parser, &error);
        if (!options)
            return fail(2, error);
        gw::LocalProducer producer(*options, gw::backendOption(parser));
        print(stderr, producer.init() + QLatin1Char('\n'));
        const auto interval = gw::rateIntervalOption(parser, &error);
        if (!interval)
            return fail(2, error);
        snapshots.append(producer.sampleWithRates(*interval));
    }

    if (parser.isSet(QStringLiteral("json"))) {
        print(stdout, QString::fromUtf8(gw::snapshotsJson(snapshots)));
    } else {
        for (const auto& s : snapshots)
            print(stdout, gw::snapshotText(s));
    }
    return 0;
}

int recordCommand(const QCommandLineParser& parser)
{
    QString error;
    const auto options = gw::recordOptions(
        parser.value(QStringLiteral("duration")), parser.value(QStringLiteral("output")),
        parser.isSet(QStringLiteral("interval-ms")) ? parser.value(QStringLiteral("interval-ms"))
                                                    : QString(),
        &error);
    if (!options)
        return fail(2, error);
    const auto agent = gw::agentSourceOption(parser, &error);
    if (!error.isEmpty())
        return fail(2, error);
    gw::ReadRound read;
    std::unique_ptr<gw::LocalProducer> local;
    if (agent) {
        read = [&](QString* why) {
            const auto s = gw::readAgentSnapshot(*agent, why);
            return s ? QList<gw::Snapshot>{*s} : QList<gw::Snapshot>{};
        };
    } else if (parser.isSet(QStringLiteral("demo"))) {
        read = [world = gw::DemoWorld(demoServersOption(parser))](QString*) {
            return world.at(QDateTime::currentMSecsSinceEpoch());
        };
    } else {
        const auto sampler = gw::samplerOptions(parser, &error);
        if (!sampler)
            return fail(2, error);
        local = std::make_unique<gw::LocalProducer>(*sampler, gw::backendOption(parser));
        print(stderr, local->init() + QLatin1Char('\n'));
        read = [&](QString*) {
            return local->produce();
        };
    }
    const gw::RecordResult r = gw::recordTrace(*options, read, [](const QString& why) {
        fail(0, CliTr::tr("reading failed: %1").arg(why));
    });
    if (!r.error.isEmpty()) {
        // The error is the outcome: nothing is reported as written unless
        // some readings were, before it.
        fail(1, r.error);
        if (r.written > 0)
            print(stderr,
                  CliTr::tr("gpuwarden-cli: %1 readings of %2 servers were written to %3 before "
                            "the error\n")
                      .arg(r.written)
                      .arg(r.servers)
                      .arg(options->path));
        return 1;
    }
    print(stderr,
          CliTr::tr("gpuwarden-cli: %1 readings of %2 servers written to %3%4\n")
              .arg(r.written)
              .arg(r.servers)
              .arg(options->path, r.interrupted ? CliTr::tr(" (stopped by a signal)") : QString()));
    return 0;
}

int tokenCommand(const QCommandLineParser& parser, const QString& verb)
{
    QString error;
    const std::optional<QUrl> url = gw::agentUrlOption(parser, &error);
    if (!url)
        return fail(2, error.isEmpty() ? CliTr::tr("token %1: --source URL is required").arg(verb)
                                       : error);
    gw::TokenChange change;
    if (verb == QLatin1String("set")) {
        const auto token = gw::tokenFromStdin(url->toString(QUrl::RemoveUserInfo), &error);
        if (!token)
            return fail(2, error);
        change = gw::storeAgentToken(*url, *token);
    } else {
        change = gw::forgetAgentToken(*url);
    }
    const QString& key = change.key;
    error = change.error;
    if (error.isEmpty()) {
        print(stderr,
              verb == QLatin1String("set")
                  ? CliTr::tr("gpuwarden-cli: token stored in the keychain as \"%1\"\n").arg(key)
                  : CliTr::tr("gpuwarden-cli: no token in the keychain as \"%1\" any more\n")
                        .arg(key));
        return 0;
    }
    print(stderr,
          CliTr::tr("gpuwarden-cli: keychain, token %1 \"%2\": %3\n").arg(verb, key, error));
    return 1;
}

int doctorCommand(const QCommandLineParser& parser)
{
    QString error;
    const auto agent = gw::agentSourceOption(parser, &error);
    if (!error.isEmpty())
        return fail(2, error);
    if (!agent)
        return fail(2,
                    CliTr::tr("doctor --source URL asks an agent to check itself (an admin token); "
                              "on the agent's machine, gpuwarden-agent doctor"));
    gw::AgentRequest request;
    request.pathAndQuery = QStringLiteral("/v1/doctor");
    request.timeoutMs = 20'000; // the webhook alone may take 5 s
    const gw::AgentCall call = gw::callAgentBlocking(*agent, request);
    if (!call.ok())
        return fail(1, call.error);
    const auto findings =
        gw::doctorFromJson(call.json->value(QStringLiteral("findings")).toArray(), &error);
    if (!findings)
        return fail(1, CliTr::tr("%1: %2").arg(call.where, error));
    if (parser.isSet(QStringLiteral("json")))
        print(stdout, QString::fromUtf8(QJsonDocument(*call.json).toJson()));
    else
        print(stdout, gw::doctorText(*findings));
    return gw::doctorExitCode(*findings);
}

int policyCheckCommand(const QCommandLineParser& parser, const QString& path)
{
    const auto r = gw::checkPolicyFile(path, parser.isSet(QStringLiteral("json")));
    print(stdout, r.out);
    print(stderr, r.err);
    return r.exitCode;
}

} // namespace gw::cli
