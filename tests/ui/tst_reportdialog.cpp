// The report dialog (File → Report…) as an admin uses it: the real history
// file holding the hand-computed fixture (tests/report/reportfixture.h),
// built off the GUI thread into the same Report as ReportBuilder gives in
// process over the same record; the scope; a slow record cancelled while
// the GUI keeps answering; a record that fails half-way; every way the
// choice can be wrong; and the built report saved as CSV (parsed back) and
// PDF.

#include "agent/agentserver.h"
#include "csvreader.h"
#include "darkpalette.h"
#include "history/historyreadings.h"
#include "history/historystore.h"
#include "historyagent.h"
#include "layoutcheck.h"
#include "policy/policyconfig.h"
#include "remote/agentlink.h"
#include "report/reportbuilder.h"
#include "reportfixture.h"
#include "window/reportdialog.h"

#include <QApplication>
#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QPrintPreviewDialog>
#include <QPrintPreviewWidget>
#include <QProcess>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <QTimer>

using namespace gw;
using namespace gw::test;

namespace {

constexpr qint64 kDayMs = 24 * kHour;
constexpr qint64 kSkewMs = 2 * kHour; // the agent's clock runs two hours ahead

// A value that differs minute by minute, so a reading filed a minute off is
// caught.
double utilisationAt(qint64 agentMs)
{
    return double((agentMs / kMinute) % 97);
}

// One reading a minute of a one-GPU server in [from, to) of the agent's
// clock, alice's python holding the GPU all along.
QList<Snapshot> agentMinutes(qint64 from, qint64 to)
{
    QList<Snapshot> out;
    for (qint64 ms = from; ms < to; ms += kMinute) {
        Snapshot s;
        s.server = QStringLiteral("gpu-node-7");
        s.timestampMs = ms;
        s.intervalMs = kMinute;
        GpuSample g;
        g.index = 0;
        g.uuid = QStringLiteral("GPU-a");
        g.name = QStringLiteral("NVIDIA A100-SXM4-40GB");
        g.utilizationGpuPercent = utilisationAt(ms);
        g.memoryUsedMiB = 8192;
        s.gpus << g;
        GpuProcess p;
        p.pid = 4242;
        p.startTimeMs = from - kHour;
        p.uid = 1000;
        p.user = QStringLiteral("alice");
        p.command = QStringLiteral("python");
        p.gpuUuid = g.uuid;
        p.usedMemoryMiB = 8000;
        s.processes << p;
        out << s;
    }
    return out;
}

} // namespace

class TestReportDialog : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_history;
    PolicyConfig m_policy;

    // Readings every second of a made-up server, without end, slowed so a
    // build lasts until cancelled; `failAfter` > 0 fails after that many;
    // `read`, when given, counts the readings handed out (on the worker).
    static ReadingSpec endless(int failAfter = 0,
                               std::shared_ptr<std::atomic<qint64>> read = nullptr)
    {
        struct Endless final : ReadingSource
        {
            int failAfter = 0;
            std::shared_ptr<std::atomic<qint64>> read;
            qint64 n = 0;
            std::optional<Snapshot> next(QString* error) override
            {
                if (failAfter > 0 && n == failAfter) {
                    *error = QStringLiteral("node-9 stopped answering after 50 readings");
                    return std::nullopt;
                }
                if (n % 100 == 0)
                    QThread::msleep(5);
                Snapshot s = fixtureReading(QStringLiteral("node-9"), kT0 + n++ * 1000);
                s.intervalMs = 1000;
                if (read)
                    ++*read;
                return s;
            }
        };
        return ReadingSpec::fromOpener(
            [failAfter, read](const ReadingSpec&, QString*) -> std::unique_ptr<ReadingSource> {
                auto source = std::make_unique<Endless>();
                source->failAfter = failAfter;
                source->read = read;
                return source;
            });
    }

    // A thread named as the report's worker runs in this process (Linux
    // names threads after their QThread's object name).
    static bool reportThreadRuns()
    {
        const QDir tasks(QStringLiteral("/proc/self/task"));
        for (const QString& task : tasks.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
            QFile comm(tasks.filePath(task + QStringLiteral("/comm")));
            if (comm.open(QIODevice::ReadOnly) && comm.readAll().trimmed() == "report")
                return true;
        }
        return false;
    }

    ReportDialog* makeDialog()
    {
        auto* d = new ReportDialog;
        d->setAttribute(Qt::WA_DeleteOnClose, false);
        d->setServers({QStringLiteral("alpha"), QStringLiteral("beta"), QStringLiteral("gamma")});
        d->setHistoryFile(m_history);
        d->setPolicy(m_policy);
        d->setCustomRange(kT0, kT0 + kHour);
        return d;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_history = m_dir.filePath(QStringLiteral("history.db"));
        QString error;
        auto store = HistoryStore::open(m_history, HistoryStore::Mode::ReadWrite, &error);
        QVERIFY2(store, qPrintable(error));
        QVERIFY2(store->append(reportFixture(), &error), qPrintable(error));
        const auto parsed = parsePolicy(QByteArray(kReportPolicy), QStringLiteral("p"));
        QVERIFY(parsed.config);
        m_policy = *parsed.config;
    }

    void buildsTheSameReportAsTheBuilderOffTheGuiThread()
    {
        std::unique_ptr<ReportDialog> d(makeDialog());
        QCOMPARE(d->timeZoneId(), QStringLiteral("UTC")); // the policy's [tokens] time_zone
        QCOMPARE(d->rangeMs(), std::make_pair(kT0, kT0 + kHour));
        QSignalSpy built(d.get(), &ReportDialog::built);
        d->build();
        QVERIFY(d->isBuilding());
        QVERIFY(!d->buildButton()->isEnabled());
        QVERIFY(d->cancelButton()->isEnabled());
        QVERIFY(built.wait(10'000));
        QVERIFY(!d->isBuilding());
        QCOMPARE(d->progressBar()->value(), 1000);
        QVERIFY(d->report());

        // The same record through ReportBuilder here.
        ReportOptions o;
        o.fromMs = kT0;
        o.toMs = kT0 + kHour;
        o.policy = m_policy;
        o.timeZone = QStringLiteral("UTC");
        o.generatedAtMs = d->report()->generatedAtMs;
        ReportBuilder builder(o);
        QString error;
        auto readings =
            HistoryReadings::open(m_history, {}, kT0 - ReportRun::kLookbackMs, kT0 + kHour, &error);
        QVERIFY2(readings, qPrintable(error));
        while (const auto r = readings->next(&error))
            builder.feed(*r);
        QVERIFY(error.isEmpty());
        QCOMPARE(*d->report(), builder.finish());

        // The fixture's hand-computed figures (tst_reportbuilder): alpha
        // covered 0–4 min and 10–12 min, 6 min; gamma seen only before the
        // range, with zero coverage.
        const Report& r = *d->report();
        QCOMPARE(r.servers, (QStringList{QStringLiteral("alpha"), QStringLiteral("beta"),
                                         QStringLiteral("gamma")}));
        QCOMPARE(r.coverage.at(0).coveredMs, 6 * kMinute);
        QCOMPARE(r.coverage.at(2).coveredMs, 0);
        // 6 + 3 + 0 min heard of 3 × 60: 5 %.
        QVERIFY2(d->summaryText().contains(QStringLiteral("heard from for 5.0 % of the range")),
                 qPrintable(d->summaryText()));
        QVERIFY(d->statusText().startsWith(QStringLiteral("Built from")));
    }

    void scopeIsTheChosenServers()
    {
        std::unique_ptr<ReportDialog> d(makeDialog());
        d->setServerChosen(QStringLiteral("beta"), false);
        QCOMPARE(d->chosenServers(),
                 (QStringList{QStringLiteral("alpha"), QStringLiteral("gamma")}));
        QSignalSpy built(d.get(), &ReportDialog::built);
        d->build();
        QVERIFY(built.wait(10'000));
        QCOMPARE(d->report()->servers,
                 (QStringList{QStringLiteral("alpha"), QStringLiteral("gamma")}));
        for (const UnitReport& u : d->report()->units)
            QVERIFY(u.server != QLatin1String("beta"));
    }

    void cancelStopsTheWorkWhileTheGuiAnswers()
    {
        std::unique_ptr<ReportDialog> d(makeDialog());
        d->setSourcePlan([](const QStringList&, qint64, qint64, QString*) {
            return QList<ReadingSpec>{endless()};
        });
        d->setCustomRange(kT0, kT0 + 24 * kHour);
        QSignalSpy cancelled(d.get(), &ReportDialog::buildCancelled);
        QSignalSpy built(d.get(), &ReportDialog::built);
        // The GUI thread's timer keeps firing while the report is read.
        int ticks = 0;
        QTimer tick;
        connect(&tick, &QTimer::timeout, this, [&ticks] { ++ticks; });
        tick.start(10);
        d->build();
        QTRY_VERIFY_WITH_TIMEOUT(d->progressBar()->value() > 0, 5000);
        QVERIFY2(ticks >= 5, qPrintable(QString::number(ticks)));
        QVERIFY(d->statusText().contains(QStringLiteral("readings")));
        d->cancelButton()->click();
        QVERIFY(cancelled.wait(5000));
        QCOMPARE(built.size(), 0);
        QVERIFY(!d->report());
        QVERIFY(d->buildButton()->isEnabled());
        QVERIFY(!d->cancelButton()->isEnabled());
        QCOMPARE(d->statusText(), QStringLiteral("Cancelled."));
    }

    void closingWhileBuildingStopsTheWorker()
    {
        // The endless stream counts the readings it hands out (on the
        // worker's thread).
        auto read = std::make_shared<std::atomic<qint64>>(0);
        auto* d = makeDialog();
        d->setSourcePlan([read](const QStringList&, qint64, qint64, QString*) {
            return QList<ReadingSpec>{endless(0, read)};
        });
        d->build();
        QTRY_VERIFY_WITH_TIMEOUT(d->progressBar()->value() > 0, 5000);
        QVERIFY(reportThreadRuns());
        delete d; // cancels and joins the worker; no result reaches a dead dialog
        // Stopped when delete returns: no reading is read after, and the
        // report's thread is gone (the system may take a moment to reap it).
        const qint64 atClose = read->load();
        QVERIFY(atClose > 0);
        QTest::qWait(100);
        QCOMPARE(read->load(), atClose);
        QTRY_VERIFY_WITH_TIMEOUT(!reportThreadRuns(), 1000);
    }

    void aRecordFailingHalfWaySaysWhyAndKeepsNothing_data()
    {
        QTest::addColumn<int>("failAfter");
        QTest::newRow("mid-way") << 50;
    }
    void aRecordFailingHalfWaySaysWhyAndKeepsNothing()
    {
        QFETCH(int, failAfter);
        std::unique_ptr<ReportDialog> d(makeDialog());
        d->setSourcePlan([failAfter](const QStringList&, qint64, qint64, QString*) {
            return QList<ReadingSpec>{endless(failAfter)};
        });
        QSignalSpy failed(d.get(), &ReportDialog::buildFailed);
        d->build();
        QVERIFY(failed.wait(5000));
        QCOMPARE(failed.at(0).at(0).toString(),
                 QStringLiteral("node-9 stopped answering after 50 readings"));
        QCOMPARE(d->statusText(), QStringLiteral("The report could not be built: node-9 stopped "
                                                 "answering after 50 readings"));
        QVERIFY(!d->report());
        QString error;
        QVERIFY(!d->saveCsv(m_dir.filePath(QStringLiteral("x.csv")), &error));
        QCOMPARE(error, QStringLiteral("Build the report first."));
        QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("x.csv"))));
    }

    void badChoicesAreRefusedWithAReason()
    {
        std::unique_ptr<ReportDialog> d(makeDialog());
        for (const QString& s : d->chosenServers())
            d->setServerChosen(s, false);
        d->build();
        QVERIFY(!d->isBuilding());
        QCOMPARE(d->statusText(), QStringLiteral("Choose at least one server."));

        d->setServerChosen(QStringLiteral("alpha"), true);
        d->setCustomRange(kT0 + kHour, kT0);
        d->build();
        QVERIFY(!d->isBuilding());
        QCOMPARE(d->statusText(),
                 QStringLiteral("The range is empty: \"To\" must be after \"From\"."));

        // Not a history file: HistoryReadings' own words.
        const QString junk = m_dir.filePath(QStringLiteral("junk.db"));
        QFile f(junk);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("not sqlite at all");
        f.close();
        d->setHistoryFile(junk);
        d->setCustomRange(kT0, kT0 + kHour);
        QSignalSpy failed(d.get(), &ReportDialog::buildFailed);
        d->build();
        QVERIFY(failed.wait(5000));
        QVERIFY2(d->statusText().startsWith(QStringLiteral("The report could not be built: ")) &&
                     d->statusText().contains(junk),
                 qPrintable(d->statusText()));

        // No history at all.
        d->setHistoryFile({});
        d->build();
        QVERIFY(d->statusText().startsWith(QStringLiteral("No history to build a report from")));
    }

    // The acceptance: a desktop closed for three days reports them
    // completely. Its own history stops three days ago; the agent's record
    // (its clock two hours ahead) has them, processes included, and the
    // dialog reads it through GET /v1/readings under the desktop's name for
    // the server, on the desktop's clock, with the agent's policy.
    void closedForThreeDaysReportsThemFromTheAgent()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const qint64 now = QDateTime::currentMSecsSinceEpoch() / kMinute * kMinute;
        const qint64 closedAt = now - 3 * kDayMs;
        QString error;
        const QString agentFile = dir.filePath(QStringLiteral("agent.sqlite"));
        {
            auto store = HistoryStore::open(agentFile, HistoryStore::Mode::ReadWrite, &error);
            QVERIFY2(store, qPrintable(error));
            QVERIFY2(store->append(agentMinutes(now + kSkewMs - 4 * kDayMs, now + kSkewMs), &error),
                     qPrintable(error));
            QVERIFY(store->flush(&error));
        }
        AgentServer agent(historyAgentConfig(agentFile));
        agent.setClock([] { return QDateTime::currentMSecsSinceEpoch() + kSkewMs; });
        QVERIFY2(agent.listen(&error), qPrintable(error));

        // The desktop saw the server (as "lab1") until three days ago.
        const QString desktopFile = dir.filePath(QStringLiteral("desktop.sqlite"));
        {
            auto desktop = HistoryStore::open(desktopFile, HistoryStore::Mode::ReadWrite, &error);
            QVERIFY2(desktop, qPrintable(error));
        }
        const RemoteServer server{QStringLiteral("lab1"),
                                  QUrl(QStringLiteral("http://127.0.0.1:%1").arg(agent.port())),
                                  "r3ad",
                                  {}};
        ReportDialog d;
        d.setServers({QStringLiteral("lab1")});
        d.setHistoryFile(desktopFile);
        d.setAgents([server] { return QList<RemoteServer>{server}; });
        const qint64 to = now - 10 * kMinute;
        d.setCustomRange(closedAt, to);
        QSignalSpy built(&d, &ReportDialog::built);
        QSignalSpy failed(&d, &ReportDialog::buildFailed);
        d.build();
        QVERIFY(built.wait(120'000) || !failed.isEmpty());
        QVERIFY2(failed.isEmpty(), qPrintable(d.statusText()));
        const Report& r = *d.report();

        // Every minute of the three days, under the desktop's name.
        QCOMPARE(r.servers, QStringList{QStringLiteral("lab1")});
        QCOMPARE(r.coverage.size(), 1);
        QVERIFY2(r.coverage[0].gaps.isEmpty(),
                 qPrintable(QString::number(r.coverage[0].gaps.size())));
        QCOMPARE(r.coverage[0].coveredMs, to - closedAt);
        // alice held the GPU all along: as many GPU-hours as the range has.
        QCOMPARE(r.users.size(), 1);
        QCOMPARE(r.users[0].user, QStringLiteral("alice"));
        QVERIFY2(std::abs(r.users[0].gpuHours - double(to - closedAt) / kHour) < 1e-6,
                 qPrintable(QString::number(r.users[0].gpuHours)));
        // On the desktop's clock: the minute at t holds the agent's value of
        // t + 2 h; the mean is that of those minutes.
        double sum = 0;
        int n = 0;
        for (qint64 t = closedAt; t < to; t += kMinute, ++n)
            sum += utilisationAt(t + kSkewMs);
        QCOMPARE(r.units.size(), 1);
        // (The offset is measured to the second over a round trip: a second
        // off moves the mean by ~0.0002; a reading a minute off, by ~0.02.)
        QVERIFY2(std::abs(*r.units[0].utilisationPercent.mean - sum / n) < 1e-3,
                 qPrintable(QString::number(*r.units[0].utilisationPercent.mean)));
        // The agent's effective policy (its defaults here) was used.
        QCOMPARE(r.busyThresholdPercent, PolicyConfig{}.hog.thresholdPercent);
    }

    void layoutHoldsLightAndDark_data()
    {
        QTest::addColumn<bool>("dark");
        QTest::addColumn<QSize>("size");
        QTest::newRow("light 720x560") << false << QSize(720, 560);
        QTest::newRow("dark 1024x700") << true << QSize(1024, 700);
    }
    void layoutHoldsLightAndDark()
    {
        QFETCH(bool, dark);
        QFETCH(QSize, size);
        std::unique_ptr<ReportDialog> d(makeDialog());
        if (dark)
            d->setPalette(darkPalette());
        d->resize(size);
        d->show();
        QVERIFY(QTest::qWaitForWindowExposed(d.get()));
        QSignalSpy built(d.get(), &ReportDialog::built);
        d->build();
        QVERIFY(built.wait(10'000));
        QTest::qWait(20);
        const QStringList problems = layoutProblems(d.get());
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
        QDir().mkpath(QStringLiteral(GW_TEST_BINARY_DIR "/screenshots"));
        QVERIFY(
            d->grab().save(QStringLiteral(GW_TEST_BINARY_DIR "/screenshots/report-dialog-%1.png")
                               .arg(dark ? QStringLiteral("dark") : QStringLiteral("light"))));
    }

    // Print preview… opens QPrintPreviewDialog over the report's pages,
    // painted by printReport.
    void printPreviewShowsThePages()
    {
        std::unique_ptr<ReportDialog> d(makeDialog());
        QSignalSpy built(d.get(), &ReportDialog::built);
        d->build();
        QVERIFY(built.wait(10'000));
        int pages = -1;
        // Polled: the preview exists once its exec() runs.
        QTimer poll;
        connect(&poll, &QTimer::timeout, this, [&pages] {
            for (QWidget* w : QApplication::topLevelWidgets())
                if (auto* preview = qobject_cast<QPrintPreviewDialog*>(w);
                    preview && preview->isVisible()) {
                    if (auto* widget = preview->findChild<QPrintPreviewWidget*>()) {
                        widget->updatePreview();
                        pages = widget->pageCount();
                    }
                    preview->reject();
                }
        });
        poll.start(50);
        QTimer::singleShot(20'000, d.get(), [] {
            for (QWidget* w : QApplication::topLevelWidgets())
                if (auto* preview = qobject_cast<QPrintPreviewDialog*>(w))
                    preview->reject(); // never hang the suite
        });
        d->printPreview();
        QVERIFY2(pages >= 2, qPrintable(QString::number(pages)));
    }

    void savesCsvAndPdf()
    {
        std::unique_ptr<ReportDialog> d(makeDialog());
        QSignalSpy built(d.get(), &ReportDialog::built);
        d->build();
        QVERIFY(built.wait(10'000));
        const QString csvPath = m_dir.filePath(QStringLiteral("report.csv"));
        QString error;
        QVERIFY2(d->saveCsv(csvPath, &error), qPrintable(error));
        QFile csv(csvPath);
        QVERIFY(csv.open(QIODevice::ReadOnly));
        const auto rows = readCsv(csv.readAll(), &error);
        QVERIFY2(rows, qPrintable(error));
        // The coverage rows of the fixture: alpha 0.1 h (6 min).
        bool alpha = false;
        for (const QStringList& r : *rows)
            if (r.value(0) == QLatin1String("coverage") && r.contains(QStringLiteral("alpha")))
                alpha = r.contains(QStringLiteral("0.1"));
        QVERIFY(alpha);

        const QString pdfPath = m_dir.filePath(QStringLiteral("report.pdf"));
        QVERIFY2(d->savePdf(pdfPath, &error), qPrintable(error));
        QFile pdf(pdfPath);
        QVERIFY(pdf.open(QIODevice::ReadOnly));
        QVERIFY(pdf.read(5) == "%PDF-");
        QVERIFY(pdf.size() > 2000);

        QVERIFY(!d->savePdf(m_dir.filePath(QStringLiteral("no/such/dir/r.pdf")), &error));
        QVERIFY2(error.contains(QStringLiteral("no/such/dir")), qPrintable(error));
        QVERIFY(!d->saveCsv(m_dir.filePath(QStringLiteral("no/such/dir/r.csv")), &error));
        QVERIFY2(error.contains(QStringLiteral("cannot write")), qPrintable(error));
    }

    // A silence of a few seconds in three hours: the coverage sentence and
    // the gap lines agree (not "100 %" over "0.00 h (1 gap)"), in the dialog
    // and in the PDF.
    void theCoverageSentenceAndTheGapLinesAgree()
    {
        QTemporaryDir dir;
        const QString history = dir.filePath(QStringLiteral("seconds.db"));
        QString error;
        {
            auto store = HistoryStore::open(history, HistoryStore::Mode::ReadWrite, &error);
            QVERIFY2(store, qPrintable(error));
            QList<Snapshot> readings;
            for (const QString& server : {QStringLiteral("node-1"), QStringLiteral("node-2")})
                for (qint64 ms = kT0; ms < kT0 + 3 * kHour; ms += 1000) {
                    // Silent for 6 s (readings at +60 s, then +67 s): a gap of
                    // more than three intervals, 6 s long.
                    if (ms > kT0 + 60'000 && ms < kT0 + 67'000)
                        continue;
                    Snapshot s = fixtureReading(server, ms);
                    s.intervalMs = 1000;
                    GpuSample g;
                    g.index = 0;
                    g.uuid = server + QStringLiteral("-GPU-0");
                    g.name = QStringLiteral("NVIDIA A100-SXM4-40GB");
                    g.utilizationGpuPercent = 50;
                    s.gpus << g;
                    readings << s;
                }
            QVERIFY2(store->append(readings, &error), qPrintable(error));
        }
        ReportDialog d;
        d.setServers({QStringLiteral("node-1"), QStringLiteral("node-2")});
        d.setHistoryFile(history);
        d.setPolicy(m_policy);
        d.setCustomRange(kT0, kT0 + 3 * kHour);
        QSignalSpy built(&d, &ReportDialog::built);
        d.build();
        QVERIFY(built.wait(20'000));
        QCOMPARE(d.report()->coverage.size(), 2);
        QCOMPARE(d.report()->coverage.first().gaps.size(), 1);
        const QString text = d.summaryText();
        QVERIFY2(text.contains(QStringLiteral("heard from for 99.9 % of the range")),
                 qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("node-1: not heard from for 6 s (1 gap")),
                 qPrintable(text));
        QVERIFY2(!text.contains(QStringLiteral("0.00 h")), qPrintable(text));
        d.resize(900, 700);
        d.show();
        QVERIFY(QTest::qWaitForWindowExposed(&d));
        QDir().mkpath(QStringLiteral(GW_TEST_BINARY_DIR "/screenshots"));
        QVERIFY(d.grab().save(
            QStringLiteral(GW_TEST_BINARY_DIR "/screenshots/report-dialog-gap-seconds.png")));

        // The PDF's coverage lines: the same, with the gap's seconds.
        const QString pdftotext = QStandardPaths::findExecutable(QStringLiteral("pdftotext"));
        if (pdftotext.isEmpty())
            return; // the dialog's text above is the same figures
        const QString pdf = dir.filePath(QStringLiteral("seconds.pdf"));
        QVERIFY2(d.savePdf(pdf, &error), qPrintable(error));
        QProcess tool;
        tool.start(pdftotext, {QStringLiteral("-layout"), pdf, QStringLiteral("-")});
        QVERIFY(tool.waitForFinished(30'000));
        const QString pages = QString::fromUtf8(tool.readAllStandardOutput());
        QVERIFY2(pages.contains(QStringLiteral("node-1: 99.9 % covered, gaps 10:01:01–10:01:07")),
                 qPrintable(pages.left(3000)));
        QVERIFY2(!pages.contains(QStringLiteral("100.0 % covered")), qPrintable(pages.left(3000)));
    }
};

QTEST_MAIN(TestReportDialog)
#include "tst_reportdialog.moc"
