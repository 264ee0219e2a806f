// The agent's daily report: the schedule as pure functions (the run across
// both DST changes of Europe/Berlin, the catch-up's run, the file's date in
// the servers' zone), agent.toml [reports] with its mistakes named by
// file:line:column, and a real gpuwarden-agent started after the day's run
// time writing that report at start from its history store, read back as
// CSV; its PDF asked of gpuwarden-cli beside it and the CLI's refusal
// logged; a folder that cannot be made stops the start (exit 2).

#include "../cli/clitestenv.h"
#include "agent/agentconfig.h"
#include "agent/dailyreport.h"
#include "csvreader.h"
#include "history/historystore.h"
#include "sources/demoworld.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace gw;

namespace {

constexpr qint64 kMinute = 60'000;
constexpr qint64 kHour = 60 * kMinute;
const QTimeZone kBerlin("Europe/Berlin");

qint64 berlin(int y, int mo, int d, int h, int mi)
{
    return QDateTime(QDate(y, mo, d), QTime(h, mi), kBerlin).toMSecsSinceEpoch();
}

qint64 utc(int y, int mo, int d, int h, int mi)
{
    return QDateTime(QDate(y, mo, d), QTime(h, mi), QTimeZone::utc()).toMSecsSinceEpoch();
}

std::optional<AgentConfig> parse(const QByteArray& reports, QString* error,
                                 const QByteArray& agent = "history = \"/tmp/h.sqlite\"\n")
{
    return AgentConfig::parse("[agent]\n" + agent + reports +
                                  clitest::agentTokenToml("r", "read", "t"),
                              QStringLiteral("agent.toml"), error);
}

} // namespace

class TestDailyReport : public QObject
{
    Q_OBJECT

    QTemporaryDir m_tmp;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        QVERIFY(kBerlin.isValid());
    }

    // 2026-03-29: Berlin skips 02:00–03:00. 07:00 is 23 hours after the
    // day before's; 02:30 does not exist and runs at 03:30.
    void springForward()
    {
        const int seven = 7 * 60;
        QCOMPARE(dailyRunOn(QDate(2026, 3, 28), seven, kBerlin), utc(2026, 3, 28, 6, 0));
        QCOMPARE(dailyRunOn(QDate(2026, 3, 29), seven, kBerlin), utc(2026, 3, 29, 5, 0));
        QCOMPARE(nextDailyRun(berlin(2026, 3, 28, 7, 0), seven, kBerlin), utc(2026, 3, 29, 5, 0));
        QCOMPARE(nextDailyRun(berlin(2026, 3, 29, 7, 0), seven, kBerlin), utc(2026, 3, 30, 5, 0));
        const int twoThirty = 2 * 60 + 30;
        QCOMPARE(dailyRunOn(QDate(2026, 3, 29), twoThirty, kBerlin), utc(2026, 3, 29, 1, 30));
        QCOMPARE(QDateTime::fromMSecsSinceEpoch(utc(2026, 3, 29, 1, 30), kBerlin).time(),
                 QTime(3, 30));
        QCOMPARE(nextDailyRun(berlin(2026, 3, 28, 12, 0), twoThirty, kBerlin),
                 utc(2026, 3, 29, 1, 30));
        QCOMPARE(nextDailyRun(utc(2026, 3, 29, 1, 30), twoThirty, kBerlin),
                 utc(2026, 3, 30, 0, 30));
    }

    // 2026-10-25: Berlin repeats 02:00–03:00. 07:00 is 25 hours after the
    // day before's; 02:30 runs once, at the first.
    void fallBack()
    {
        const int seven = 7 * 60;
        QCOMPARE(nextDailyRun(berlin(2026, 10, 24, 7, 0), seven, kBerlin), utc(2026, 10, 25, 6, 0));
        QCOMPARE(utc(2026, 10, 25, 6, 0) - berlin(2026, 10, 24, 7, 0), 25 * kHour);
        const int twoThirty = 2 * 60 + 30;
        QCOMPARE(dailyRunOn(QDate(2026, 10, 25), twoThirty, kBerlin), utc(2026, 10, 25, 0, 30));
        // The second 02:30 is not a second run.
        QCOMPARE(nextDailyRun(utc(2026, 10, 25, 0, 30), twoThirty, kBerlin),
                 utc(2026, 10, 26, 1, 30));
    }

    void catchUpTakesTheLastRun()
    {
        const int seven = 7 * 60;
        QCOMPARE(lastDailyRun(berlin(2026, 11, 24, 6, 59), seven, kBerlin),
                 berlin(2026, 11, 23, 7, 0));
        QCOMPARE(lastDailyRun(berlin(2026, 11, 24, 7, 0), seven, kBerlin),
                 berlin(2026, 11, 24, 7, 0));
        QCOMPARE(lastDailyRun(berlin(2026, 11, 24, 23, 59), seven, kBerlin),
                 berlin(2026, 11, 24, 7, 0));
        // Just after midnight in Berlin is still the day before in UTC: the
        // file has Berlin's date.
        QCOMPARE(dailyReportFileName(QStringLiteral("gpu-1"), berlin(2026, 11, 24, 0, 30), kBerlin,
                                     QStringLiteral("csv")),
                 QStringLiteral("gpuwarden-gpu-1-2026-11-24.csv"));
        QCOMPARE(dailyReportFileName(QStringLiteral("a/b"), berlin(2026, 11, 24, 0, 30),
                                     QTimeZone::utc(), QStringLiteral("pdf")),
                 QStringLiteral("gpuwarden-a_b-2026-11-23.pdf"));
    }

    void configIsRead()
    {
        QString error;
        auto c = parse("[reports]\ndaily_at = \"06:45\"\ndir = \"/srv/reports\"\n"
                       "formats = [\"csv\", \"pdf\"]\nlast = \"48h\"\n",
                       &error);
        QVERIFY2(c, qPrintable(error));
        QVERIFY(c->dailyReport);
        QCOMPARE(c->dailyReport->minuteOfDay, 6 * 60 + 45);
        QCOMPARE(c->dailyReport->dir, QStringLiteral("/srv/reports"));
        QCOMPARE(c->dailyReport->formats,
                 (QStringList{QStringLiteral("csv"), QStringLiteral("pdf")}));
        QCOMPARE(c->dailyReport->last.count(), 48 * kHour);
        c = parse("[reports]\ndaily_at = \"23:05\"\ndir = \"r\"\n", &error);
        QVERIFY2(c, qPrintable(error));
        QCOMPARE(c->dailyReport->formats, QStringList{QStringLiteral("csv")});
        QCOMPARE(c->dailyReport->last.count(), 24 * kHour);
        c = parse("", &error);
        QVERIFY(c && !c->dailyReport);
    }

    void configMistakes_data()
    {
        QTest::addColumn<QByteArray>("reports");
        QTest::addColumn<QString>("message");
        QTest::newRow("time") << QByteArray("[reports]\ndaily_at = \"7am\"\ndir = \"r\"\n")
                              << QStringLiteral(
                                     "agent.toml:4:12: \"daily_at\" must be a time of "
                                     "day such as \"07:00\" (24-hour HH:MM), not \"7am\"");
        QTest::newRow("hour") << QByteArray("[reports]\ndaily_at = \"24:00\"\ndir = \"r\"\n")
                              << QStringLiteral(
                                     "agent.toml:4:12: \"daily_at\" must be a time of "
                                     "day such as \"07:00\" (24-hour HH:MM), not \"24:00\"");
        QTest::newRow("typo") << QByteArray("[reports]\ndayly_at = \"07:00\"\ndir = \"r\"\n")
                              << QStringLiteral("agent.toml:4:12: unknown key \"dayly_at\" in "
                                                "[reports] (did you mean \"daily_at\"?)");
        QTest::newRow("format") << QByteArray("[reports]\ndaily_at = \"07:00\"\ndir = \"r\"\n"
                                              "formats = [\"cvs\"]\n")
                                << QStringLiteral("agent.toml:6:12: \"formats\": \"cvs\" is not a "
                                                  "format (\"csv\" or \"pdf\") (did you mean "
                                                  "\"csv\"?)");
        QTest::newRow("last") << QByteArray("[reports]\ndaily_at = \"07:00\"\ndir = \"r\"\n"
                                            "last = \"10m\"\n")
                              << QStringLiteral("agent.toml:6:8: \"last\" must be a duration from "
                                                "1h to 31d such as \"24h\", not \"10m\"");
        QTest::newRow("no dir") << QByteArray("[reports]\ndaily_at = \"07:00\"\n")
                                << QStringLiteral("agent.toml:3:1: [reports] needs \"dir\", the "
                                                  "folder the reports are written to");
    }

    void configMistakes()
    {
        QFETCH(QByteArray, reports);
        QFETCH(QString, message);
        QString error;
        QVERIFY(!parse(reports, &error));
        QCOMPARE(error, message);
    }

    void configNeedsHistory()
    {
        QString error;
        QVERIFY(!parse("[reports]\ndaily_at = \"07:00\"\ndir = \"r\"\n", &error, "port = 9807\n"));
        QCOMPARE(error, QStringLiteral("agent.toml:3:1: [reports] needs the agent's record: set "
                                       "\"history\" in [agent]"));
    }

    // In process, on a clock that reaches the run 300 ms after start: the
    // day before's report as catch-up, then the day's when its time comes.
    void theTimerRunsAtDailyAt()
    {
        const QTimeZone zone = QTimeZone::utc();
        const qint64 run = dailyRunOn(QDate(2026, 11, 24), 7 * 60, zone);
        const QString history = m_tmp.filePath(QStringLiteral("timer.sqlite"));
        {
            QString error;
            auto store = HistoryStore::open(history, HistoryStore::Mode::ReadWrite, &error);
            QVERIFY2(store, qPrintable(error));
            QList<Snapshot> batch;
            const DemoWorld world;
            for (qint64 t = run - 30 * kHour; t < run; t += 60'000) {
                Snapshot s = world.serverAt(1, t);
                s.intervalMs = 60'000;
                batch.append(s);
            }
            QVERIFY2(store->append(batch, &error), qPrintable(error));
        }
        DailyReporter::Setup setup;
        setup.config.minuteOfDay = 7 * 60;
        setup.config.dir = m_tmp.filePath(QStringLiteral("timer"));
        setup.historyPath = history;
        setup.server = QStringLiteral("gpu-lab-02");
        PolicyConfig policy;
        policy.tokens.timeZone = QStringLiteral("UTC");
        setup.policy = [policy] {
            return policy;
        };
        QElapsedTimer clock;
        clock.start();
        setup.now = [&clock, run] {
            return run - 300 + clock.elapsed();
        };
        QString error;
        QVERIFY2(DailyReporter::prepareDir(setup.config, &error), qPrintable(error));
        DailyReporter reporter(setup);
        QStringList written;
        connect(&reporter, &DailyReporter::written, this,
                [&](const QString& path) { written << QFileInfo(path).fileName(); });
        connect(&reporter, &DailyReporter::failed, this,
                [](const QString& why) { qWarning("%s", qPrintable(why)); });
        reporter.start();
        QTRY_COMPARE_WITH_TIMEOUT(written.size(), 2, 20'000);
        written.sort();
        QCOMPARE(written, (QStringList{QStringLiteral("gpuwarden-gpu-lab-02-2026-11-23.csv"),
                                       QStringLiteral("gpuwarden-gpu-lab-02-2026-11-24.csv")}));
    }

    // A real agent started after the day's run time writes that day's
    // report at start, from the readings in its history.
    void agentCatchesUpAtStart()
    {
        const QTimeZone zone = QTimeZone::systemTimeZone();
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        // daily_at two hours ago (whole minutes): the last run is then.
        const QDateTime at = QDateTime::fromMSecsSinceEpoch(now - 2 * kHour, zone);
        const int minute = at.time().hour() * 60 + at.time().minute();
        const qint64 run = lastDailyRun(now, minute, zone);
        QVERIFY(run <= now && now - run < 3 * kHour);

        const QString history = m_tmp.filePath(QStringLiteral("history.sqlite"));
        {
            QString error;
            auto store = HistoryStore::open(history, HistoryStore::Mode::ReadWrite, &error);
            QVERIFY2(store, qPrintable(error));
            const DemoWorld world;
            QList<Snapshot> batch;
            // Two hours of readings every 5 s, ending an hour before the run.
            for (qint64 t = run - 3 * kHour; t < run - kHour; t += 5000) {
                Snapshot s = world.serverAt(0, t);
                s.intervalMs = 5000;
                batch.append(s);
            }
            QVERIFY2(store->append(batch, &error), qPrintable(error));
        }
        const QString dir = m_tmp.filePath(QStringLiteral("reports/daily"));
        const QByteArray toml =
            "[agent]\nname = \"gpu-lab-01\"\ninterval_ms = 1000\nhistory = \"" + history.toUtf8() +
            "\"\n[journal]\npath = \"\"\n[reports]\ndaily_at = \"" +
            at.time().toString(QStringLiteral("HH:mm")).toUtf8() + "\"\ndir = \"" + dir.toUtf8() +
            "\"\nformats = [\"csv\", \"pdf\"]\n" + clitest::agentTokenToml("r", "read", "t");
        clitest::AgentProcess agent;
        QVERIFY2(agent.start(m_tmp.filePath(QStringLiteral("agent.toml")), toml,
                             clitest::fakeNvmlEnv(QString())),
                 qPrintable(agent.why()));
        const QString csvPath = QDir(dir).filePath(
            dailyReportFileName(QStringLiteral("gpu-lab-01"), run, zone, QStringLiteral("csv")));
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(csvPath), 30'000);
        QFile f(csvPath);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QString error;
        const auto rows = gw::test::readCsv(f.readAll(), &error);
        QVERIFY2(rows, qPrintable(error));
        const QStringList head = rows->value(0);
        const qsizetype from = head.indexOf(QStringLiteral("from"));
        const qsizetype to = head.indexOf(QStringLiteral("to"));
        const qsizetype server = head.indexOf(QStringLiteral("server"));
        const qsizetype covered = head.indexOf(QStringLiteral("covered_hours"));
        QVERIFY(from > 0 && to > 0 && server > 0 && covered > 0);
        bool sawReport = false, sawCoverage = false;
        for (const QStringList& r : *rows) {
            if (r.value(0) == QLatin1String("report")) {
                sawReport = true;
                QCOMPARE(
                    QDateTime::fromString(r.value(from), Qt::ISODateWithMs).toMSecsSinceEpoch(),
                    run - 24 * kHour);
                QCOMPARE(QDateTime::fromString(r.value(to), Qt::ISODateWithMs).toMSecsSinceEpoch(),
                         run);
            }
            if (r.value(0) == QLatin1String("coverage")) {
                sawCoverage = true;
                QCOMPARE(r.value(server), QStringLiteral("gpu-lab-01"));
                QVERIFY2(std::abs(r.value(covered).toDouble() - 2.0) < 0.01,
                         qPrintable(r.value(covered)));
            }
        }
        QVERIFY(sawReport && sawCoverage);
        // The PDF is gpuwarden-cli's, run beside the agent's binary.
        const QString pdfPath = QDir(dir).filePath(
            dailyReportFileName(QStringLiteral("gpu-lab-01"), run, zone, QStringLiteral("pdf")));
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(pdfPath), 60'000);
        QFile pdf(pdfPath);
        QVERIFY(pdf.open(QIODevice::ReadOnly));
        QCOMPARE(pdf.read(5), QByteArray("%PDF-"));
        QVERIFY2(pdf.size() > 5000, qPrintable(QString::number(pdf.size())));
        QCOMPARE(agent.process().state(), QProcess::Running);
    }

    void aFolderThatCannotBeMadeStopsTheStart()
    {
        const QString blocker = m_tmp.filePath(QStringLiteral("a-file"));
        QVERIFY(clitest::writeFile(blocker, "x"));
        const QString config = m_tmp.filePath(QStringLiteral("bad.toml"));
        QVERIFY(clitest::writeFile(
            config, "[agent]\nhistory = \"" + m_tmp.filePath(QStringLiteral("h2.sqlite")).toUtf8() +
                        "\"\n[journal]\npath = \"\"\n[reports]\ndaily_at = \"07:00\"\ndir = \"" +
                        blocker.toUtf8() + "/reports\"\n" +
                        clitest::agentTokenToml("r", "read", "t")));
        QProcess p;
        p.setProcessEnvironment(clitest::fakeNvmlEnv(QString()));
        p.start(QStringLiteral(GW_AGENT), {QStringLiteral("--config"), config,
                                           QStringLiteral("--port"), QStringLiteral("0")});
        QVERIFY(p.waitForFinished(20'000));
        QCOMPARE(p.exitCode(), 2);
        const QByteArray err = p.readAllStandardError();
        QVERIFY2(err.contains(QByteArray("bad.toml:5:1: [reports] dir \"" + blocker.toUtf8() +
                                         "/reports\" cannot be created")),
                 err.constData());
    }
};

QTEST_GUILESS_MAIN(TestDailyReport)
#include "tst_dailyreport.moc"
