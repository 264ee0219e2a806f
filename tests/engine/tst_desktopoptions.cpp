#include "engine/desktopoptions.h"
#include "remote/reconcile.h"
#include "remote/serverlist.h"
#include "remote/sourceoption.h"
#include "sampling/commandline.h"

#include <QDir>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace gw;
using namespace std::chrono_literals;

namespace {

// The desktop's parser, as gpuwarden's main() builds it.
std::optional<DesktopOptions> parse(const QStringList& args, QString* error,
                                    bool agentSource = false)
{
    QCommandLineParser parser;
    DesktopOptions::addOptions(parser);
    addAgentSourceOption(parser);
    DesktopOptions::addWatchOptions(parser);
    addSamplerOptions(parser);
    if (!parser.parse(QStringList{QStringLiteral("gpuwarden")} + args)) {
        *error = parser.errorText();
        return std::nullopt;
    }
    return DesktopOptions::parse(parser, agentSource, error);
}

RemoteServer server(const QString& name, const QString& url)
{
    return RemoteServer{name, QUrl(url), {}, {}};
}

} // namespace

class TestDesktopOptions : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void defaultsSampleThisMachineIntoTheUsersHistory()
    {
        QString error;
        const auto o = parse({}, &error);
        QVERIFY2(o, qPrintable(error));
        QCOMPARE(o->interval, 1000ms);
        QVERIFY(o->local);
        QVERIFY(!o->demo);
        QCOMPARE(o->historyFile, DesktopOptions::HistoryFile::Default);
        QVERIFY(o->historyPath);
        QVERIFY(o->historyPath->endsWith(QLatin1String("/history.sqlite")));
        QCOMPARE(o->retention.rawMs, 7LL * 24 * 3600 * 1000);
        QVERIFY(!o->quitAfter);
    }

    void badValuesAreRefusedWithTheirMessage_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("error");
        QTest::newRow("interval too short")
            << QStringList{QStringLiteral("--interval-ms"), QStringLiteral("99")}
            << QStringLiteral("--interval-ms: expected 100..3600000");
        QTest::newRow("interval not a number")
            << QStringList{QStringLiteral("--interval-ms"), QStringLiteral("1s")}
            << QStringLiteral("--interval-ms: expected 100..3600000");
        QTest::newRow("no days")
            << QStringList{QStringLiteral("--keep-raw-days"), QStringLiteral("0")}
            << QStringLiteral("--keep-raw-days: expected a number of days (0 < days <= 36500), "
                              "got \"0\"");
        QTest::newRow("a century and more")
            << QStringList{QStringLiteral("--keep-hours-days"), QStringLiteral("36501")}
            << QStringLiteral("--keep-hours-days: expected a number of days (0 < days <= "
                              "36500), got \"36501\"");
        QTest::newRow("quit after nothing")
            << QStringList{QStringLiteral("--quit-after-ms"), QStringLiteral("abc")}
            << QStringLiteral("--quit-after-ms: expected a positive number of ms, got \"abc\"");
        QTest::newRow("quit before starting")
            << QStringList{QStringLiteral("--quit-after-ms"), QStringLiteral("-5")}
            << QStringLiteral("--quit-after-ms: expected a positive number of ms, got \"-5\"");
        QTest::newRow("no demo servers")
            << QStringList{QStringLiteral("--demo-servers"), QStringLiteral("0")}
            << QStringLiteral("--demo-servers: expected 1..64, got \"0\"");
        QTest::newRow("too many demo servers")
            << QStringList{QStringLiteral("--demo-servers"), QStringLiteral("65")}
            << QStringLiteral("--demo-servers: expected 1..64, got \"65\"");
        QTest::newRow("demo servers not a number")
            << QStringList{QStringLiteral("--demo-servers"), QStringLiteral("many")}
            << QStringLiteral("--demo-servers: expected 1..64, got \"many\"");
        QTest::newRow("unknown page")
            << QStringList{QStringLiteral("--page"), QStringLiteral("alerts")}
            << QStringLiteral(
                   "--page: expected overview, processes, details, events, tokens, "
                   "enforcement, fair-share, find-gpus, prices or report, got \"alerts\"");
        QTest::newRow("bad proc root")
            << QStringList{QStringLiteral("--proc-root"), QStringLiteral("/nonexistent/proc")}
            << QStringLiteral("--proc-root: \"/nonexistent/proc\" is not a directory");
    }
    void badValuesAreRefusedWithTheirMessage()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, error);
        QString got;
        QVERIFY(!parse(args, &got));
        QCOMPARE(got, error);
    }

    void samplerOptionsAreCheckedOnlyWhenThisMachineIsSampled()
    {
        const QStringList badRoot{QStringLiteral("--proc-root"), QStringLiteral("/nonexistent")};
        QString error;
        const auto demo = parse(badRoot + QStringList{QStringLiteral("--demo")}, &error);
        QVERIFY2(demo, qPrintable(error));
        QVERIFY(!demo->local);
        const auto remoteOnly = parse(badRoot + QStringList{QStringLiteral("--no-local")}, &error);
        QVERIFY2(remoteOnly, qPrintable(error));
        QVERIFY(!remoteOnly->local);
        // --source adds an agent beside this machine (README, --help): the
        // sampler options are checked then too.
        QVERIFY(!parse(badRoot, &error, true));
        QVERIFY2(error.contains(QStringLiteral("--proc-root")), qPrintable(error));
        const auto agent = parse({}, &error, true);
        QVERIFY2(agent, qPrintable(error));
        QVERIFY(agent->local);
        const auto agentOnly = parse({QStringLiteral("--no-local")}, &error, true);
        QVERIFY2(agentOnly, qPrintable(error));
        QVERIFY(!agentOnly->local);
        QVERIFY(!parse({QStringLiteral("--demo")}, &error, true));
        QVERIFY2(error.contains(QStringLiteral("leave out --source")), qPrintable(error));
    }

    void qtsOwnOptionsAreLeftToQt()
    {
        const QStringList in{QStringLiteral("gpuwarden"),
                             QStringLiteral("-platform"),
                             QStringLiteral("offscreen"),
                             QStringLiteral("--demo"),
                             QStringLiteral("--style=Fusion"),
                             QStringLiteral("-reverse"),
                             QStringLiteral("--interval-ms"),
                             QStringLiteral("500"),
                             QStringLiteral("-qwindowtitle"),
                             QStringLiteral("x y"),
                             QStringLiteral("--"),
                             QStringLiteral("-style")};
        QCOMPARE(DesktopOptions::withoutQtOptions(in),
                 (QStringList{QStringLiteral("gpuwarden"), QStringLiteral("--demo"),
                              QStringLiteral("--interval-ms"), QStringLiteral("500"),
                              QStringLiteral("--"), QStringLiteral("-style")}));
        // Ours, and mistakes, stay for the parser to judge.
        const QStringList mine{QStringLiteral("gpuwarden"), QStringLiteral("--no-such-option"),
                               QStringLiteral("--settings"), QStringLiteral("x.ini")};
        QCOMPARE(DesktopOptions::withoutQtOptions(mine), mine);
    }

    void demoServersSizeTheFleetAndImplyTheDemo()
    {
        QString error;
        const auto plain = parse({QStringLiteral("--demo")}, &error);
        QVERIFY2(plain, qPrintable(error));
        QCOMPARE(plain->demoServers, 3); // unchanged default
        const auto big = parse({QStringLiteral("--demo-servers"), QStringLiteral("16")}, &error);
        QVERIFY2(big, qPrintable(error));
        QVERIFY(big->demo);
        QVERIFY(!big->local);
        QCOMPARE(big->demoServers, 16);
        QCOMPARE(big->historyFile, DesktopOptions::HistoryFile::Demo);
    }

    void theDemoKeepsAHistoryFileOfItsOwn()
    {
        QString error;
        const auto o = parse(
            {QStringLiteral("--demo"), QStringLiteral("--keep-raw-days"), QStringLiteral("0.5")},
            &error);
        QVERIFY2(o, qPrintable(error));
        QCOMPARE(o->historyFile, DesktopOptions::HistoryFile::Demo);
        QVERIFY(!o->historyPath); // made with its folder
        QCOMPARE(o->retention.rawMs, 12LL * 3600 * 1000);

        // Each run gets a private folder of its own, gone with its options.
        QTemporaryDir runtime;
        QFile::setPermissions(runtime.path(),
                              QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        qputenv("XDG_RUNTIME_DIR", runtime.path().toLocal8Bit());
        auto first = *o;
        auto second = *o;
        QVERIFY2(first.prepareHistory(&error), qPrintable(error));
        QVERIFY2(second.prepareHistory(&error), qPrintable(error));
        QVERIFY(first.historyPath && second.historyPath);
        QVERIFY(*first.historyPath != *second.historyPath);
        const QFileInfo folder(QFileInfo(*first.historyPath).absolutePath());
        QVERIFY2(folder.absolutePath() == QFileInfo(runtime.path()).absoluteFilePath(),
                 qPrintable(folder.absoluteFilePath()));
        QCOMPARE(folder.permissions() & (QFile::ReadGroup | QFile::WriteGroup | QFile::ExeGroup |
                                         QFile::ReadOther | QFile::WriteOther | QFile::ExeOther),
                 QFile::Permissions());
        QFile file(*first.historyPath);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.close();
        const QString path = folder.absoluteFilePath();
        first = DesktopOptions();
        QVERIFY(!QFileInfo::exists(path));
        QVERIFY(QFileInfo::exists(QFileInfo(*second.historyPath).absolutePath()));
        // A file named on the command line is used as it is, demo or not.
        const auto given = parse({QStringLiteral("--demo"), QStringLiteral("--history"),
                                  QStringLiteral("/tmp/x.sqlite")},
                                 &error);
        QVERIFY2(given, qPrintable(error));
        QCOMPARE(given->historyFile, DesktopOptions::HistoryFile::Given);
        QCOMPARE(*given->historyPath, QStringLiteral("/tmp/x.sqlite"));
        const auto none = parse({QStringLiteral("--no-history")}, &error);
        QVERIFY2(none, qPrintable(error));
        QVERIFY(!none->historyPath);
    }

    void cliRateInterval()
    {
        QCommandLineParser parser;
        parser.addOption({QStringLiteral("interval-ms"), QString(), QStringLiteral("ms")});
        QVERIFY(parser.parse({QStringLiteral("cli"), QStringLiteral("--interval-ms=60001")}));
        QString error;
        QVERIFY(!rateIntervalOption(parser, &error));
        QCOMPARE(error, QStringLiteral("--interval-ms: expected 0..60000, got \"60001\""));
        QVERIFY(parser.parse({QStringLiteral("cli"), QStringLiteral("--interval-ms=0")}));
        QCOMPARE(rateIntervalOption(parser, &error), std::optional(0ms));
    }

    void oneTokenCheckForEveryone_data()
    {
        QTest::addColumn<QByteArray>("token");
        QTest::addColumn<bool>("ok");
        QTest::newRow("plain") << QByteArray("s3cr3t-Token_1.2~+/=") << true;
        QTest::newRow("none") << QByteArray() << true;
        QTest::newRow("space") << QByteArray("two words") << false;
        QTest::newRow("newline") << QByteArray("a\nb") << false;
        QTest::newRow("tab") << QByteArray("a\tb") << false;
        QTest::newRow("DEL") << QByteArray("a\x7f") << false;
        QTest::newRow("at the limit") << QByteArray(kMaxTokenBytes, 'x') << true;
        QTest::newRow("over the limit") << QByteArray(kMaxTokenBytes + 1, 'x') << false;
    }
    void oneTokenCheckForEveryone()
    {
        QFETCH(QByteArray, token);
        QFETCH(bool, ok);
        QCOMPARE(validateToken(token).isEmpty(), ok);
    }

    void reconcileKeepsUnchangedRestartsChangedStopsRemoved()
    {
        struct Running
        {
            RemoteServer server;
            int generation;
        };
        std::map<QString, Running> running;
        int made = 0;
        QStringList kept;
        QStringList dropped;
        auto apply = [&](const QList<RemoteServer>& wanted) {
            reconcileByName(
                running, wanted,
                [](const Running& r, const RemoteServer& s) { return r.server == s; },
                [&](Running& r) { kept.append(r.server.name); },
                [&](const RemoteServer& s) {
                    return Running{s, ++made};
                },
                [&](const QString& name, Running&, bool replaced) {
                    dropped.append(name + (replaced ? QStringLiteral(" (replaced)") : QString()));
                });
        };
        apply({server(QStringLiteral("a"), QStringLiteral("http://a:1")),
               server(QStringLiteral("b"), QStringLiteral("http://b:1")),
               server(QStringLiteral("c"), QStringLiteral("http://c:1"))});
        QCOMPARE(made, 3);
        apply({server(QStringLiteral("a"), QStringLiteral("http://a:1")),
               server(QStringLiteral("b"), QStringLiteral("http://b:2"))});
        QCOMPARE(kept, QStringList{QStringLiteral("a")});
        QCOMPARE(running.at(QStringLiteral("a")).generation, 1); // the same one runs on
        QCOMPARE(running.at(QStringLiteral("b")).generation, 4); // restarted
        QCOMPARE(running.count(QStringLiteral("c")), size_t(0));
        dropped.sort();
        QCOMPARE(dropped, (QStringList{QStringLiteral("b (replaced)"), QStringLiteral("c")}));
    }
};

QTEST_GUILESS_MAIN(TestDesktopOptions)
#include "tst_desktopoptions.moc"
