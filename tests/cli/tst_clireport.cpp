// `gpuwarden-cli report` as an admin runs it: the hand-computed fixture
// (tests/report/reportfixture.h) written as a trace with the real
// TraceWriter, the real binary, its CSV read back strictly: the same
// numbers as the fixture's arithmetic and as ReportBuilder in process; one
// file per table; and every way the command line can be wrong.

#include "clirunner.h"
#include "csvreader.h"
#include "history/historystore.h"
#include "model/trace.h"
#include "policy/policyconfig.h"
#include "report/reportbuilder.h"
#include "report/reportcsv.h"
#include "reportfixture.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace gw;
using namespace gw::test;

namespace {

using clitest::Run;
using clitest::runCli;

QList<QStringList> csvOf(const QByteArray& text)
{
    QString error;
    const auto rows = readCsv(text, &error);
    if (!rows)
        qFatal("CSV refused: %s", qPrintable(error));
    return *rows;
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return f.readAll();
}

// The one-file CSV's rows without the `report` row (generated_at is now).
QList<QStringList> withoutHead(QList<QStringList> rows)
{
    rows.removeIf([](const QStringList& r) { return r.value(0) == QLatin1String("report"); });
    return rows;
}

} // namespace

class TestCliReport : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_trace;
    QString m_policy;

    QString path(const QString& name) const { return m_dir.filePath(name); }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_trace = path(QStringLiteral("fixture.jsonl"));
        TraceWriter w;
        QString error;
        QVERIFY2(w.open(m_trace, &error), qPrintable(error));
        for (const Snapshot& s : reportFixture())
            QVERIFY2(w.write(s, &error), qPrintable(error));
        w.close();
        m_policy = path(QStringLiteral("policy.toml"));
        QFile p(m_policy);
        QVERIFY(p.open(QIODevice::WriteOnly));
        p.write(kReportPolicy);
    }

    void csvHoldsTheHandComputedFigures()
    {
        const QString out = path(QStringLiteral("report.csv"));
        const Run r = runCli({QStringLiteral("report"), QStringLiteral("--trace"), m_trace,
                              QStringLiteral("--policy"), m_policy, QStringLiteral("--from"),
                              QStringLiteral("2026-11-02T10:00:00Z"), QStringLiteral("--to"),
                              QStringLiteral("2026-11-02T11:00:00Z"), QStringLiteral("--format"),
                              QStringLiteral("csv"), QStringLiteral("--output"), out});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY(r.out.isEmpty());
        const QList<QStringList> csv = csvOf(readAll(out));
        const QStringList header = csv.first();
        const auto col = [&](const QString& name) {
            return header.indexOf(name);
        };
        QHash<QString, QStringList> units; // by server and MIG uuid
        QHash<QString, QStringList> users;
        QStringList head;
        for (const QStringList& row : csv) {
            if (row[0] == QLatin1String("unit"))
                units.insert(
                    row[col(QStringLiteral("server"))] + row[col(QStringLiteral("mig_uuid"))], row);
            else if (row[0] == QLatin1String("user"))
                users.insert(row[col(QStringLiteral("user"))], row);
            else if (row[0] == QLatin1String("report"))
                head = row;
        }
        // The range and the policy's zone, with the offset.
        QCOMPARE(head[col(QStringLiteral("from"))], QStringLiteral("2026-11-02T10:00:00+00:00"));
        QCOMPARE(head[col(QStringLiteral("to"))], QStringLiteral("2026-11-02T11:00:00+00:00"));
        QCOMPARE(head[col(QStringLiteral("time_zone"))], QStringLiteral("UTC"));
        // 6 + 3 + 0 min of whole GPUs.
        QCOMPARE(head[col(QStringLiteral("fleet_gpu_hours"))], QStringLiteral("0.15"));
        QCOMPARE(units.size(), 4);
        const QStringList alpha = units.value(QStringLiteral("alpha"));
        QCOMPARE(alpha[col(QStringLiteral("covered_hours"))], QStringLiteral("0.1")); // 6 min
        QCOMPARE(alpha[col(QStringLiteral("utilisation_mean_percent"))], QStringLiteral("49"));
        QCOMPARE(alpha[col(QStringLiteral("utilisation_peak_percent"))], QStringLiteral("100"));
        QCOMPARE(alpha[col(QStringLiteral("temperature_mean_c"))], QStringLiteral("57"));
        QCOMPARE(alpha[col(QStringLiteral("power_mean_w"))], QStringLiteral("192"));
        // 45 600 J between readings (tst_reportbuilder).
        QCOMPARE(alpha[col(QStringLiteral("energy_kwh"))], QStringLiteral("0.012666666666666666"));
        QCOMPARE(alpha[col(QStringLiteral("busy_hours"))].toDouble(), 2.0 / 60);
        QCOMPARE(alpha[col(QStringLiteral("held_idle_hours"))].toDouble(), 1.0 / 60);
        // The MIG-mode GPU has no utilisation: empty, not 0.
        QCOMPARE(units.value(QStringLiteral("beta"))[col(QStringLiteral("busy_hours"))], QString());
        QCOMPARE(units.value(QStringLiteral("betaMIG-b0-1"))[col(QStringLiteral("mig_profile"))],
                 QStringLiteral("3g.40gb"));
        // gamma, silent in the range (its reading from the hour before is
        // read): zero coverage, no figures.
        const QStringList gamma = units.value(QStringLiteral("gamma"));
        QCOMPARE(gamma[col(QStringLiteral("covered_hours"))], QStringLiteral("0"));
        QCOMPARE(gamma[col(QStringLiteral("power_mean_w"))], QString());
        // alice: 1/15 h, 2/15 tokens; bob 3/140 h, 3/35 tokens.
        QVERIFY(qFuzzyCompare(
            users.value(QStringLiteral("alice"))[col(QStringLiteral("gpu_hours"))].toDouble(),
            1.0 / 15));
        QVERIFY(qFuzzyCompare(
            users.value(QStringLiteral("alice"))[col(QStringLiteral("balance"))].toDouble(),
            100 - 2.0 / 15));
        QVERIFY(qFuzzyCompare(
            users.value(QStringLiteral("bob"))[col(QStringLiteral("tokens_charged"))].toDouble(),
            3.0 / 35));
        QCOMPARE(users.value(QStringLiteral("bob"))[col(QStringLiteral("quota_percent"))],
                 QStringLiteral("25"));

        // The same file as ReportBuilder makes in process, but for when it
        // was generated.
        ReportOptions options;
        options.fromMs = kT0;
        options.toMs = kT0 + kHour;
        options.policy =
            parsePolicy(QByteArray(kReportPolicy), QStringLiteral("policy.toml")).config;
        options.timeZone = QStringLiteral("UTC");
        ReportBuilder builder(options);
        for (const Snapshot& s : reportFixture())
            builder.feed(s);
        QCOMPARE(withoutHead(csv), withoutHead(csvOf(reportCsv(builder.finish()))));
    }

    void fromTheHistoryStore()
    {
        // The same readings kept by the real HistoryStore, read back by
        // `report --history`: the same CSV as from the trace.
        const QString store = path(QStringLiteral("history.db"));
        {
            QString error;
            auto h = HistoryStore::open(store, HistoryStore::Mode::ReadWrite, &error);
            QVERIFY2(h, qPrintable(error));
            QVERIFY2(h->append(reportFixture(), &error), qPrintable(error));
        }
        const QStringList range{QStringLiteral("--policy"), m_policy,
                                QStringLiteral("--from"),   QStringLiteral("2026-11-02T10:00:00Z"),
                                QStringLiteral("--to"),     QStringLiteral("2026-11-02T11:00:00Z"),
                                QStringLiteral("--format"), QStringLiteral("csv")};
        const Run fromHistory = runCli(
            QStringList{QStringLiteral("report"), QStringLiteral("--history"), store} + range);
        QVERIFY2(fromHistory.exitCode == 0, fromHistory.err.constData());
        const Run fromTrace = runCli(
            QStringList{QStringLiteral("report"), QStringLiteral("--trace"), m_trace} + range);
        QVERIFY2(fromTrace.exitCode == 0, fromTrace.err.constData());
        // Coverage, gaps, the whole GPU alpha and alice agree row for row.
        // (The store gives back readings without a MIG GPU's slice count,
        // so bob's instance is charged as the whole GPU there, and without
        // the name of a GPU last seen before the range: said in
        // docs/reports.md, not the report's doing.)
        const auto same = [](const QStringList& row) {
            return row.value(0) == QLatin1String("coverage") ||
                   row.value(0) == QLatin1String("gap") || row.contains(QStringLiteral("alpha")) ||
                   row.contains(QStringLiteral("alice"));
        };
        QList<QStringList> history = csvOf(fromHistory.out), trace = csvOf(fromTrace.out);
        history.removeIf([&](const QStringList& r) { return !same(r); });
        trace.removeIf([&](const QStringList& r) { return !same(r); });
        // 3 coverage, 5 gaps, the alpha unit, alice, her one GPU model and
        // her one server, alpha's coverage finding (silent 0.9 h of 1 h) and
        // alice's over quota: 4 of alpha's 6 covered minutes, 66.7 % against
        // her 50 % (her share of the whole fleet stayed under it, so it went
        // unsaid before shares were per server).
        QCOMPARE(history.size(), 14);
        QCOMPARE(history, trace);
    }

    void splitWritesOneFilePerTable()
    {
        const QString folder = path(QStringLiteral("tables"));
        const Run r = runCli({QStringLiteral("report"), QStringLiteral("--trace"), m_trace,
                              QStringLiteral("--from"), QStringLiteral("2026-11-02T10:00:00Z"),
                              QStringLiteral("--to"), QStringLiteral("2026-11-02T11:00:00Z"),
                              QStringLiteral("--tz"), QStringLiteral("Europe/Berlin"),
                              QStringLiteral("--format"), QStringLiteral("csv"),
                              QStringLiteral("--output"), folder, QStringLiteral("--split")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QStringList files = QDir(folder).entryList(QDir::Files, QDir::Name);
        QCOMPARE(files,
                 (QStringList{QStringLiteral("account.csv"), QStringLiteral("account_server.csv"),
                              QStringLiteral("coverage.csv"), QStringLiteral("finding.csv"),
                              QStringLiteral("gap.csv"), QStringLiteral("gpu_health.csv"),
                              QStringLiteral("job.csv"), QStringLiteral("pattern.csv"),
                              QStringLiteral("report.csv"), QStringLiteral("unit.csv"),
                              QStringLiteral("user.csv"), QStringLiteral("user_model.csv"),
                              QStringLiteral("user_server.csv"), QStringLiteral("warning.csv")}));
        const QList<QStringList> gaps =
            csvOf(readAll(QDir(folder).filePath(QStringLiteral("gap.csv"))));
        QCOMPARE(gaps.first(), (QStringList{QStringLiteral("server"), QStringLiteral("gap_from"),
                                            QStringLiteral("gap_to")}));
        // alpha's first gap, 10:04–10:10 UTC, in --tz.
        QCOMPARE(gaps[1],
                 (QStringList{QStringLiteral("alpha"), QStringLiteral("2026-11-02T11:04:00+01:00"),
                              QStringLiteral("2026-11-02T11:10:00+01:00")}));
        // Without a policy: no quota, no tokens (empty fields).
        const QList<QStringList> users =
            csvOf(readAll(QDir(folder).filePath(QStringLiteral("user.csv"))));
        QCOMPARE(users.size(), 3);
        QCOMPARE(users[1][3], QString());
        QCOMPARE(users[1][5], QString());
    }

    void byAccountAndByJobGiveOneTable()
    {
        // bob's inference as Slurm job 57 of account vision.
        const QString trace = path(QStringLiteral("accounts.jsonl"));
        TraceWriter w;
        QString error;
        QVERIFY2(w.open(trace, &error), qPrintable(error));
        for (Snapshot s : reportFixture()) {
            for (GpuProcess& p : s.processes) {
                if (p.user != QLatin1String("bob"))
                    continue;
                Workload job;
                job.kind = WorkloadKind::Slurm;
                job.id = QStringLiteral("57");
                job.name = QStringLiteral("infer");
                job.partition = QStringLiteral("gpu");
                p.workload = job;
                p.owner = ProcessOwner{QStringLiteral("bob"), QStringLiteral("vision"),
                                       QStringLiteral("Slurm job 57"), false};
            }
            QVERIFY2(w.write(s, &error), qPrintable(error));
        }
        w.close();
        const QStringList range{QStringLiteral("--from"),   QStringLiteral("2026-11-02T10:00:00Z"),
                                QStringLiteral("--to"),     QStringLiteral("2026-11-02T11:00:00Z"),
                                QStringLiteral("--tz"),     QStringLiteral("UTC"),
                                QStringLiteral("--format"), QStringLiteral("csv")};
        Run r = runCli(QStringList{QStringLiteral("report"), QStringLiteral("--trace"), trace} +
                       range + QStringList{QStringLiteral("--by"), QStringLiteral("account")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QList<QStringList> accounts = csvOf(r.out);
        QCOMPARE(accounts.size(), 3);
        QCOMPARE(accounts[0],
                 (QStringList{QStringLiteral("account"), QStringLiteral("gpu_hours"),
                              QStringLiteral("share_percent"), QStringLiteral("users"),
                              QStringLiteral("energy_kwh"), QStringLiteral("energy_estimated_kwh"),
                              QStringLiteral("energy_cost"), QStringLiteral("co2_kg")}));
        QCOMPARE(accounts[1][0], QString()); // alice: no account
        QCOMPARE(accounts[2][0], QStringLiteral("vision"));
        QCOMPARE(accounts[2][3], QStringLiteral("bob"));
        r = runCli(QStringList{QStringLiteral("report"), QStringLiteral("--trace"), trace} + range +
                   QStringList{QStringLiteral("--by"), QStringLiteral("job")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QList<QStringList> jobs = csvOf(r.out);
        QCOMPARE(jobs.size(), 2);
        QCOMPARE(jobs[1].mid(0, 6), (QStringList{QStringLiteral("beta"), QStringLiteral("57"),
                                                 QStringLiteral("infer"), QStringLiteral("bob"),
                                                 QStringLiteral("vision"), QStringLiteral("gpu")}));
        // Without any account: the header alone, and why on stderr.
        r = runCli(QStringList{QStringLiteral("report"), QStringLiteral("--trace"), m_trace} +
                   range + QStringList{QStringLiteral("--by"), QStringLiteral("account")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(r.out, QByteArray("account,gpu_hours,share_percent,users,energy_kwh,"
                                   "energy_estimated_kwh,energy_cost,co2_kg\r\n"));
        QVERIFY2(r.err.contains("no process in the range had an account"), r.err.constData());
    }

    void toStdoutWithoutOutput()
    {
        const Run r = runCli({QStringLiteral("report"), QStringLiteral("--trace"), m_trace,
                              QStringLiteral("--from"), QStringLiteral("2026-11-02T10:00:00Z"),
                              QStringLiteral("--to"), QStringLiteral("2026-11-02T11:00:00Z"),
                              QStringLiteral("--format"), QStringLiteral("csv")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY(r.out.startsWith("table,from,to,"));
        QCOMPARE(csvOf(r.out).first().first(), QStringLiteral("table"));
    }

    void badCommandLines_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("error");
        const QString trace = m_trace;
        QTest::newRow("no format") << QStringList{QStringLiteral("--trace"), trace} << 2
                                   << QStringLiteral("report: give --format csv or --format pdf");
        QTest::newRow("unknown format")
            << QStringList{QStringLiteral("--trace"), trace, QStringLiteral("--format"),
                           QStringLiteral("xls")}
            << 2 << QStringLiteral("report: --format \"xls\" is not known (csv or pdf)");
        QTest::newRow("no readings")
            << QStringList{QStringLiteral("--format"), QStringLiteral("csv")} << 2
            << QStringLiteral("report: give --trace FILE or --history FILE");
        QTest::newRow("last and from")
            << QStringList{QStringLiteral("--trace"),  trace,
                           QStringLiteral("--format"), QStringLiteral("csv"),
                           QStringLiteral("--last"),   QStringLiteral("24h"),
                           QStringLiteral("--from"),   QStringLiteral("2026-11-02T10:00:00Z")}
            << 2 << QStringLiteral("report: give --last or --from/--to, not both");
        QTest::newRow("last zero")
            << QStringList{QStringLiteral("--trace"),  trace,
                           QStringLiteral("--format"), QStringLiteral("csv"),
                           QStringLiteral("--last"),   QStringLiteral("0s")}
            << 2 << QStringLiteral("--last: the span must be longer than zero");
        QTest::newRow("to alone")
            << QStringList{QStringLiteral("--trace"),  trace,
                           QStringLiteral("--format"), QStringLiteral("csv"),
                           QStringLiteral("--to"),     QStringLiteral("2026-11-02T10:00:00Z")}
            << 2 << QStringLiteral("report: --to needs --from (or give --last)");
        QTest::newRow("split without output")
            << QStringList{QStringLiteral("--trace"), trace, QStringLiteral("--format"),
                           QStringLiteral("csv"), QStringLiteral("--split")}
            << 2 << QStringLiteral("report: --split needs --output FOLDER");
        QTest::newRow("by what")
            << QStringList{QStringLiteral("--trace"),  trace,
                           QStringLiteral("--format"), QStringLiteral("csv"),
                           QStringLiteral("--by"),     QStringLiteral("team")}
            << 2 << QStringLiteral("report: --by \"team\" is not known (user, account or job)");
        QTest::newRow("by with split")
            << QStringList{QStringLiteral("--trace"),  trace,
                           QStringLiteral("--format"), QStringLiteral("csv"),
                           QStringLiteral("--by"),     QStringLiteral("job"),
                           QStringLiteral("--output"), path(QStringLiteral("t")),
                           QStringLiteral("--split")}
            << 2 << QStringLiteral("report: --by is for one CSV table");
        QTest::newRow("missing trace")
            << QStringList{QStringLiteral("--trace"), path(QStringLiteral("nope.jsonl")),
                           QStringLiteral("--format"), QStringLiteral("csv")}
            << 1 << path(QStringLiteral("nope.jsonl"));
    }
    void badCommandLines()
    {
        QFETCH(QStringList, args);
        QFETCH(int, exitCode);
        QFETCH(QString, error);
        const Run r = runCli(QStringList{QStringLiteral("report")} + args);
        QCOMPARE(r.exitCode, exitCode);
        QVERIFY2(QString::fromUtf8(r.err).contains(error), r.err.constData());
        QVERIFY(r.out.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestCliReport)
#include "tst_clireport.moc"
