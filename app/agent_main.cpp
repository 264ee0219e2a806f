// gpuwarden-agent: samples this server and serves it over HTTP/JSON.
//   gpuwarden-agent [--config /etc/gpuwarden/agent.toml] [--policy policy.toml] [--demo
//   [--demo-server N] [--demo-past HOURS]]
//   gpuwarden-agent token new|list|revoke …  (agent/tokencommand.h)
//   gpuwarden-agent doctor [--config FILE] [--json]  (agent/doctor.h)
// The wiring is gw::AgentApp (core/agent/agentapp.*); this file reads the
// command line and runs it.

#include "agent/agentapp.h"
#include "util/quitsignals.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>

int main(int argc, char* argv[])
{
    if (const std::optional<int> rc = gw::AgentApp::runCommand(argc, argv))
        return *rc;                         // token …, doctor …
    gw::QuitOnSignals::blockUntilHandled(); // until AgentApp::run() handles them
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("gpuwarden-agent"));
    QCoreApplication::setApplicationVersion(QStringLiteral(GW_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("GPU Warden agent: serves this server's GPU and "
                       "host readings over HTTP/JSON.\n"
                       "gpuwarden-agent token new|list|revoke makes, lists and revokes its "
                       "bearer tokens (gpuwarden-agent token --help); gpuwarden-agent doctor "
                       "checks this installation (gpuwarden-agent doctor --help)."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOption({QStringLiteral("config"),
                      QStringLiteral("Agent configuration (TOML; default "
                                     "/etc/gpuwarden/agent.toml, none with --demo)."),
                      QStringLiteral("file")});
    parser.addOption({QStringLiteral("demo"),
                      QStringLiteral("Serve the first server of the simulated demo fleet.")});
    parser.addOption({QStringLiteral("demo-server"),
                      QStringLiteral("With --demo: serve this server of the demo fleet instead "
                                     "(1: gpu-lab-01, 3: infer-03 with a MIG-partitioned H100, "
                                     "4 to 64: generated servers with 8 GPUs)."),
                      QStringLiteral("n")});
    parser.addOption({QStringLiteral("demo-past"),
                      QStringLiteral("With --demo: first fill in the demo's past this many hours "
                                     "(1 to 24; one reading a minute, every 2 s in the last "
                                     "hour) as if the agent had run that long: numbered in the "
                                     "journal, judged by the policies, kept in the history."),
                      QStringLiteral("hours")});
    parser.addOption({QStringLiteral("port"),
                      QStringLiteral("Listen on this port instead of the configured one (0: any "
                                     "free port, printed at start)."),
                      QStringLiteral("port")});
    parser.addOption({QStringLiteral("policy"),
                      QStringLiteral("Policy file (policy.toml) instead of the configured one "
                                     "([policy] path)."),
                      QStringLiteral("file")});
    parser.process(app);

    gw::AgentApp::Options options;
    if (parser.isSet(QStringLiteral("config")))
        options.configPath = parser.value(QStringLiteral("config"));
    if (parser.isSet(QStringLiteral("policy")))
        options.policyPath = parser.value(QStringLiteral("policy"));
    options.demo = parser.isSet(QStringLiteral("demo"));
    if (parser.isSet(QStringLiteral("demo-server")))
        options.demoServer = parser.value(QStringLiteral("demo-server"));
    if (parser.isSet(QStringLiteral("demo-past")))
        options.demoPast = parser.value(QStringLiteral("demo-past"));
    if (parser.isSet(QStringLiteral("port")))
        options.port = parser.value(QStringLiteral("port"));
    options.cliPath =
        QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("gpuwarden-cli"));

    gw::AgentApp agent(std::move(options));
    return agent.run();
}
