// The report's CSV: RFC 4180 read back strictly, the same numbers as the
// Report (exactly: the shortest form that reads back to the same double),
// ISO 8601 times with the zone's offset, dots whatever the locale, absent
// figures as empty fields, one file with a `table` column or one per table.

#include "csvreader.h"
#include "policy/policyconfig.h"
#include "report/reportbuilder.h"
#include "report/reportcsv.h"
#include "reportfixture.h"

#include <QLocale>
#include <QTest>

using namespace gw;
using namespace gw::test;

namespace {

Report fixtureReport(const QString& zone = {})
{
    ReportOptions options;
    options.fromMs = kT0;
    options.toMs = kT0 + kHour;
    options.generatedAtMs = kT0 + 2 * kHour + 500;
    options.policy = parsePolicy(QByteArray(kReportPolicy), QStringLiteral("policy.toml")).config;
    options.timeZone = zone;
    ReportBuilder builder(options);
    for (const Snapshot& s : reportFixture())
        builder.feed(s);
    return builder.finish();
}

// Rows of `table` as column → field, from the one-file CSV.
QList<QHash<QString, QString>> rowsOf(const QList<QStringList>& csv, const QString& table)
{
    QList<QHash<QString, QString>> out;
    const QStringList& header = csv.first();
    for (qsizetype r = 1; r < csv.size(); ++r) {
        if (csv[r].value(0) != table)
            continue;
        QHash<QString, QString> row;
        for (qsizetype c = 0; c < header.size(); ++c)
            row.insert(header[c], csv[r].value(c));
        out << row;
    }
    return out;
}

std::optional<double> number(const QString& field)
{
    if (field.isEmpty())
        return std::nullopt;
    bool ok = false;
    const double v = QLocale::c().toDouble(field, &ok);
    if (!ok)
        qFatal("not a number: %s", qPrintable(field));
    return v;
}

std::optional<double> hoursOf(std::optional<qint64> ms)
{
    return ms ? std::optional<double>(double(*ms) / double(kHour)) : std::nullopt;
}

QList<QStringList> parsed(const QByteArray& text)
{
    QString error;
    const auto rows = readCsv(text, &error);
    if (!rows)
        qFatal("CSV refused: %s", qPrintable(error));
    return *rows;
}

} // namespace

class TestReportCsv : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup() { QLocale::setDefault(QLocale::c()); }

    void parsesBackToTheSameNumbers()
    {
        // A comma decimal locale must not leak into the file.
        QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
        const Report r = fixtureReport();
        const QList<QStringList> csv = parsed(reportCsv(r));
        QCOMPARE(csv.first().first(), QStringLiteral("table"));
        for (const QStringList& row : csv)
            QCOMPARE(row.size(), csv.first().size());

        const auto units = rowsOf(csv, QStringLiteral("unit"));
        QCOMPARE(units.size(), r.units.size());
        for (qsizetype i = 0; i < units.size(); ++i) {
            const UnitReport& u = r.units[i];
            const auto& row = units[i];
            QCOMPARE(row[QStringLiteral("server")], u.server);
            QCOMPARE(row[QStringLiteral("mig_uuid")], u.migUuid);
            QCOMPARE(number(row[QStringLiteral("covered_hours")]), hoursOf(u.coveredMs));
            QCOMPARE(number(row[QStringLiteral("utilisation_mean_percent")]),
                     u.utilisationPercent.mean);
            QCOMPARE(number(row[QStringLiteral("utilisation_peak_percent")]),
                     u.utilisationPercent.peak);
            QCOMPARE(number(row[QStringLiteral("memory_used_mean_mib")]), u.memoryUsedMiB.mean);
            QCOMPARE(number(row[QStringLiteral("temperature_mean_c")]), u.temperatureC.mean);
            QCOMPARE(number(row[QStringLiteral("power_mean_w")]), u.powerW.mean);
            QCOMPARE(number(row[QStringLiteral("energy_kwh")]), u.energy.kWh);
            QCOMPARE(number(row[QStringLiteral("energy_estimated_kwh")]),
                     u.energy.kWh ? std::optional<double>(u.energy.estimatedKWh) : std::nullopt);
            QCOMPARE(number(row[QStringLiteral("busy_hours")]), hoursOf(u.busyMs));
            QCOMPARE(number(row[QStringLiteral("held_idle_hours")]), hoursOf(u.heldIdleMs));
        }
        // The hand-computed figures, as written: alpha's utilisation mean
        // 49, its memory mean 32000 / 6, energy 45 600 J; MIG-mode GPU's
        // utilisation empty (absent), not 0.
        QCOMPARE(units[0][QStringLiteral("utilisation_mean_percent")], QStringLiteral("49"));
        QCOMPARE(number(units[0][QStringLiteral("memory_used_mean_mib")]), 32000.0 / 6);
        QCOMPARE(units[0][QStringLiteral("energy_kwh")], QStringLiteral("0.012666666666666666"));
        QCOMPARE(units[1][QStringLiteral("utilisation_mean_percent")], QString());

        const auto users = rowsOf(csv, QStringLiteral("user"));
        QCOMPARE(users.size(), 2);
        for (qsizetype i = 0; i < users.size(); ++i) {
            const UserReport& u = r.users[i];
            QCOMPARE(users[i][QStringLiteral("user")], u.user);
            QCOMPARE(number(users[i][QStringLiteral("gpu_hours")]), std::optional(u.gpuHours));
            QCOMPARE(number(users[i][QStringLiteral("share_percent")]), u.sharePercent);
            QCOMPARE(number(users[i][QStringLiteral("quota_percent")]), u.quotaPercent);
            QCOMPARE(number(users[i][QStringLiteral("tokens_charged")]), u.tokensCharged);
            QCOMPARE(number(users[i][QStringLiteral("balance")]), u.balance);
        }
        const auto models = rowsOf(csv, QStringLiteral("user_model"));
        QCOMPARE(models.size(), 2);
        QCOMPARE(models[1][QStringLiteral("gpu_model")], QStringLiteral("NVIDIA H100 80GB HBM3"));

        const auto coverage = rowsOf(csv, QStringLiteral("coverage"));
        QCOMPARE(coverage.size(), 3);
        QCOMPARE(coverage[0][QStringLiteral("covered_hours")], QStringLiteral("0.1"));
        QCOMPARE(coverage[0][QStringLiteral("gaps")], QStringLiteral("2"));
        const auto gaps = rowsOf(csv, QStringLiteral("gap"));
        QCOMPARE(gaps.size(), 5);
        QCOMPARE(gaps[0][QStringLiteral("gap_from")], QStringLiteral("2026-11-02T10:04:00+00:00"));
        QCOMPARE(gaps[0][QStringLiteral("gap_to")], QStringLiteral("2026-11-02T10:10:00+00:00"));
    }

    void findingsPatternsAndUserEventsParseBack()
    {
        // The content fixture (reportfixture.h): five findings, the users'
        // events; one pattern added by hand (the fixture has none).
        ReportOptions options;
        options.fromMs = kT0;
        options.toMs = kT0 + 2 * kHour;
        options.policy = parsePolicy(QByteArray(kContentPolicy), QStringLiteral("c.toml")).config;
        ReportBuilder builder(options);
        for (const Snapshot& s : contentFixture())
            builder.feed(s);
        Report r = builder.finish();
        r.patterns << TimePattern{
            QStringLiteral("carol"),
            QStringLiteral("node-2"),
            20 * 60,
            6 * 60,
            4,
            5,
            QStringLiteral("carol's jobs hold node-2 every night 20:00–06:00")};
        QCOMPARE(r.findings.size(), 5);
        for (const bool split : {false, true}) {
            QList<QHash<QString, QString>> findings, patterns, users;
            if (split) {
                const QList<CsvTable> tables = reportTables(r);
                auto rows = [&](const QString& name) {
                    QList<QHash<QString, QString>> out;
                    for (const CsvTable& t : tables)
                        if (t.name == name) {
                            const QList<QStringList> csv = parsed(csvOfTable(t));
                            for (qsizetype i = 1; i < csv.size(); ++i) {
                                QHash<QString, QString> row;
                                for (qsizetype c = 0; c < csv[0].size(); ++c)
                                    row.insert(csv[0][c], csv[i].value(c));
                                out << row;
                            }
                        }
                    return out;
                };
                findings = rows(QStringLiteral("finding"));
                patterns = rows(QStringLiteral("pattern"));
                users = rows(QStringLiteral("user"));
            } else {
                const QList<QStringList> csv = parsed(reportCsv(r));
                findings = rowsOf(csv, QStringLiteral("finding"));
                patterns = rowsOf(csv, QStringLiteral("pattern"));
                users = rowsOf(csv, QStringLiteral("user"));
            }
            QCOMPARE(findings.size(), r.findings.size());
            for (qsizetype i = 0; i < findings.size(); ++i) {
                const Finding& f = r.findings[i];
                QCOMPARE(findings[i][QStringLiteral("kind")], findingKindName(f.kind));
                QCOMPARE(findings[i][QStringLiteral("advice")], findingAdviceName(f.advice));
                QCOMPARE(findings[i][QStringLiteral("server")], f.server);
                QCOMPARE(findings[i][QStringLiteral("user")], f.user);
                QCOMPARE(findings[i][QStringLiteral("command")], f.command);
                QCOMPARE(findings[i][QStringLiteral("unit")], f.unit);
                QCOMPARE(number(findings[i][QStringLiteral("hours")]), std::optional(f.hours));
                QCOMPARE(findings[i][QStringLiteral("text")], f.text);
                QCOMPARE(findings[i][QStringLiteral("recommendation")], f.recommendation);
            }
            // The hog (third, worst first): PID 500, 40 min.
            QCOMPARE(findings[2][QStringLiteral("kind")], QStringLiteral("hog"));
            QCOMPARE(findings[2][QStringLiteral("pid")], QStringLiteral("500"));
            QCOMPARE(number(findings[2][QStringLiteral("hours")]), std::optional(40.0 / 60));
            QCOMPARE(findings[4][QStringLiteral("advice")], QStringLiteral("check_agent"));
            QCOMPARE(findings[4][QStringLiteral("pid")], QString()); // none: empty
            QCOMPARE(patterns.size(), 1);
            QCOMPARE(patterns[0][QStringLiteral("from")], QStringLiteral("20:00"));
            QCOMPARE(patterns[0][QStringLiteral("to")], QStringLiteral("06:00"));
            QCOMPARE(patterns[0][QStringLiteral("days")], QStringLiteral("4"));
            QCOMPARE(patterns[0][QStringLiteral("days_covered")], QStringLiteral("5"));
            QCOMPARE(patterns[0][QStringLiteral("text")], r.patterns[0].text);
            // alice: 37 min of fair share, one hog; bob: one idle event.
            QCOMPARE(users.size(), 2);
            QCOMPARE(number(users[0][QStringLiteral("violation_hours")]), std::optional(37.0 / 60));
            QCOMPARE(users[0][QStringLiteral("hog_events")], QStringLiteral("1"));
            QCOMPARE(users[0][QStringLiteral("idle_events")], QStringLiteral("0"));
            QCOMPARE(users[1][QStringLiteral("idle_events")], QStringLiteral("1"));
        }
    }

    void timesCarryTheZonesOffset()
    {
        const Report r = fixtureReport(QStringLiteral("Europe/Berlin"));
        const auto head = rowsOf(parsed(reportCsv(r)), QStringLiteral("report"));
        QCOMPARE(head.size(), 1);
        QCOMPARE(head[0][QStringLiteral("from")], QStringLiteral("2026-11-02T11:00:00+01:00"));
        QCOMPARE(head[0][QStringLiteral("to")], QStringLiteral("2026-11-02T12:00:00+01:00"));
        // Milliseconds only when there are some.
        QCOMPARE(head[0][QStringLiteral("generated_at")],
                 QStringLiteral("2026-11-02T13:00:00.500+01:00"));
        QCOMPARE(head[0][QStringLiteral("time_zone")], QStringLiteral("Europe/Berlin"));
        QCOMPARE(head[0][QStringLiteral("servers")], QStringLiteral("alpha beta gamma"));
        QCOMPARE(head[0][QStringLiteral("fleet_gpu_hours")], QStringLiteral("0.15"));
    }

    void fieldsThatNeedQuotesRoundTrip()
    {
        Report r = fixtureReport();
        const QString odd = QStringLiteral("gpu \"big\", node 3\r\nsecond line; ünïcode");
        r.warnings << odd;
        const QByteArray text = reportCsv(r);
        QVERIFY(text.endsWith("\r\n"));
        const auto warnings = rowsOf(parsed(text), QStringLiteral("warning"));
        QCOMPARE(warnings.size(), 1);
        // A line break is written as a visible escape: every cell is one
        // line (control characters from agents cannot forge rows).
        QCOMPARE(warnings[0][QStringLiteral("warning")],
                 QStringLiteral("gpu \"big\", node 3\\r\\nsecond line; ünïcode"));
    }

    void controlCharactersAreEscapedNotCopied()
    {
        Report r = fixtureReport();
        r.warnings << QStringLiteral("lab\n01\x1b[2J\x07\u202e bell");
        const QByteArray text = reportCsv(r);
        for (const char c : text)
            QVERIFY2(uchar(c) >= 0x20 || c == '\r' || c == '\n', text.constData());
        QCOMPARE(text.count("\r\n"), text.count('\n')); // every line end is a row's
        const auto warnings = rowsOf(parsed(text), QStringLiteral("warning"));
        QCOMPARE(warnings.size(), 1);
        QCOMPARE(warnings[0][QStringLiteral("warning")],
                 QStringLiteral("lab\\n01\\x1b[2J\\x07\\u202e bell"));
    }

    void oneFilePerTable()
    {
        const Report r = fixtureReport();
        const QList<CsvTable> tables = reportTables(r);
        QStringList names;
        for (const CsvTable& t : tables)
            names << t.name;
        QCOMPARE(names, (QStringList{QStringLiteral("report"), QStringLiteral("coverage"),
                                     QStringLiteral("gap"), QStringLiteral("unit"),
                                     QStringLiteral("user"), QStringLiteral("user_model"),
                                     QStringLiteral("user_server"), QStringLiteral("account"),
                                     QStringLiteral("account_server"), QStringLiteral("job"),
                                     QStringLiteral("gpu_health"), QStringLiteral("finding"),
                                     QStringLiteral("pattern"), QStringLiteral("warning")}));
        const QList<QStringList> unit = parsed(csvOfTable(tables[3]));
        QCOMPARE(unit.first(), tables[3].header);
        QCOMPARE(unit.size(), 1 + r.units.size());
        // A table without rows is its header alone.
        QCOMPARE(csvOfTable(tables[13]), QByteArray("warning\r\n"));
        QCOMPARE(tables[10].rows.size(), 0); // no GPU was ever not ok
        // No account known, no Slurm job: headers alone.
        QCOMPARE(csvOfTable(tables[7]),
                 QByteArray("account,gpu_hours,share_percent,users,energy_kwh,"
                            "energy_estimated_kwh,energy_cost,co2_kg\r\n"));
        QCOMPARE(csvOfTable(tables[8]),
                 QByteArray("account,server,gpu_hours,share_percent,quota_percent\r\n"));
        QCOMPARE(tables[9].rows.size(), 0);
        // Each user's share of each server they held GPUs on.
        QCOMPARE(tables[6].header,
                 (QStringList{QStringLiteral("user"), QStringLiteral("server"),
                              QStringLiteral("gpu_hours"), QStringLiteral("share_percent"),
                              QStringLiteral("quota_percent")}));
        QVERIFY(!tables[6].rows.isEmpty());
    }

    void readerRefusesBrokenCsv_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("error");
        QTest::newRow("unclosed") << QByteArray("a,\"b\r\n")
                                  << QStringLiteral("2:1: quoted field not closed");
        QTest::newRow("stray quote")
            << QByteArray("a,b\"c\r\n") << QStringLiteral("1:4: quote inside an unquoted field");
        QTest::newRow("bare LF") << QByteArray("a,b\n")
                                 << QStringLiteral("1:4: line break without CR");
        QTest::newRow("no CRLF at end")
            << QByteArray("a,b") << QStringLiteral("1:4: last line without CRLF");
    }
    void readerRefusesBrokenCsv()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, error);
        QString why;
        QVERIFY(!readCsv(text, &why));
        QCOMPARE(why, error);
    }
};

QTEST_GUILESS_MAIN(TestReportCsv)
#include "tst_reportcsv.moc"
