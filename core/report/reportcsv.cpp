#include "reportcsv.h"

#include "util/printable.h"

#include <QDateTime>
#include <QLocale>
#include <QTimeZone>

#include <chrono>

namespace gw {

namespace {

constexpr double kMsPerHour = std::chrono::milliseconds(std::chrono::hours(1)).count();

QString field(const std::optional<double>& v)
{
    return v ? csvNumber(*v) : QString();
}

QString hours(std::optional<qint64> ms)
{
    return ms ? csvNumber(double(*ms) / kMsPerHour) : QString();
}

// The four columns of energy figures, as every table with them has them.
const QStringList& energyColumns()
{
    static const QStringList columns{QStringLiteral("energy_kwh"),
                                     QStringLiteral("energy_estimated_kwh"),
                                     QStringLiteral("energy_cost"), QStringLiteral("co2_kg")};
    return columns;
}

QStringList energyCells(const EnergyFigures& e)
{
    return {field(e.kWh), e.kWh ? csvNumber(e.estimatedKWh) : QString(), field(e.cost),
            field(e.co2Kg)};
}

QByteArray csvLine(const QStringList& cells)
{
    QByteArray out;
    for (qsizetype i = 0; i < cells.size(); ++i) {
        if (i > 0)
            out += ',';
        // Control characters (a name an agent sent) become visible escapes
        // (util/printable.h): a cell is one line of valid UTF-8 text.
        QByteArray cell = printableText(cells[i]).toUtf8();
        if (cell.contains(',') || cell.contains('"') || cell.contains('\n') ||
            cell.contains('\r')) {
            cell.replace("\"", "\"\"");
            cell = '"' + cell + '"';
        }
        out += cell;
    }
    out += "\r\n";
    return out;
}

} // namespace

QString csvNumber(double v)
{
    // The C locale's shortest form that reads back to the same double.
    return QLocale::c().toString(v, 'g', QLocale::FloatingPointShortest);
}

QString csvTime(qint64 ms, const QString& timeZone)
{
    QTimeZone zone(timeZone.toUtf8());
    if (!zone.isValid())
        zone = QTimeZone::utc();
    const QDateTime t = QDateTime::fromMSecsSinceEpoch(ms, zone);
    // An explicit offset, also for UTC ("+00:00", not "Z").
    const int offset = t.offsetFromUtc();
    const QString sign = offset < 0 ? QStringLiteral("-") : QStringLiteral("+");
    const int abs = std::abs(offset) / 60;
    const QString format = ms % 1000 != 0 ? QStringLiteral("yyyy-MM-ddTHH:mm:ss.zzz")
                                          : QStringLiteral("yyyy-MM-ddTHH:mm:ss");
    return t.toString(format) + sign +
           QStringLiteral("%1:%2")
               .arg(abs / 60, 2, 10, QLatin1Char('0'))
               .arg(abs % 60, 2, 10, QLatin1Char('0'));
}

QString findingKindName(Finding::Kind kind)
{
    switch (kind) {
    case Finding::Kind::Hog:
        return QStringLiteral("hog");
    case Finding::Kind::HeldIdle:
        return QStringLiteral("held_idle");
    case Finding::Kind::OverQuota:
        return QStringLiteral("over_quota");
    case Finding::Kind::Overdraft:
        return QStringLiteral("overdraft");
    case Finding::Kind::Coverage:
        return QStringLiteral("coverage");
    }
    return {};
}

QString findingAdviceName(Finding::Advice advice)
{
    switch (advice) {
    case Finding::Advice::ContactOwner:
        return QStringLiteral("contact_owner");
    case Finding::Advice::AdjustQuota:
        return QStringLiteral("adjust_quota");
    case Finding::Advice::EnableEnforcement:
        return QStringLiteral("enable_enforcement");
    case Finding::Advice::CheckAgent:
        return QStringLiteral("check_agent");
    }
    return {};
}

QList<CsvTable> reportTables(const Report& r)
{
    const auto time = [&](qint64 ms) {
        return csvTime(ms, r.timeZone);
    };
    CsvTable head{QStringLiteral("report"),
                  {QStringLiteral("from"), QStringLiteral("to"), QStringLiteral("time_zone"),
                   QStringLiteral("generated_at"), QStringLiteral("servers"),
                   QStringLiteral("busy_threshold_percent"),
                   QStringLiteral("idle_threshold_percent"), QStringLiteral("fleet_gpu_hours")},
                  {}};
    head.header << energyColumns()
                << QStringList{QStringLiteral("idle_unowned_kwh"),
                               QStringLiteral("not_attributed_kwh"), QStringLiteral("currency")};
    head.rows << QStringList{time(r.fromMs),
                             time(r.toMs),
                             r.timeZone,
                             time(r.generatedAtMs),
                             r.servers.join(QLatin1Char(' ')),
                             csvNumber(r.busyThresholdPercent),
                             csvNumber(r.idleThresholdPercent),
                             field(r.fleetGpuHours)};
    head.rows.last() << energyCells(r.energy)
                     << QStringList{field(r.energyIdleUnowned.kWh),
                                    field(r.energyNotAttributed.kWh), r.currency};

    CsvTable coverage{
        QStringLiteral("coverage"),
        {QStringLiteral("server"), QStringLiteral("covered_hours"), QStringLiteral("gaps")},
        {}};
    coverage.header << energyColumns();
    CsvTable gaps{QStringLiteral("gap"),
                  {QStringLiteral("server"), QStringLiteral("gap_from"), QStringLiteral("gap_to")},
                  {}};
    for (const ServerCoverage& c : r.coverage) {
        coverage.rows << (QStringList{c.server, hours(c.coveredMs), QString::number(c.gaps.size())}
                          << energyCells(c.energy));
        for (const CoverageGap& g : c.gaps)
            gaps.rows << QStringList{g.server, time(g.fromMs), time(g.toMs)};
    }

    CsvTable units{QStringLiteral("unit"),
                   {QStringLiteral("server"), QStringLiteral("gpu_index"),
                    QStringLiteral("gpu_uuid"), QStringLiteral("gpu_model"),
                    QStringLiteral("mig_uuid"), QStringLiteral("mig_profile"),
                    QStringLiteral("covered_hours"), QStringLiteral("utilisation_mean_percent"),
                    QStringLiteral("utilisation_peak_percent"),
                    QStringLiteral("memory_used_mean_mib"), QStringLiteral("memory_used_peak_mib"),
                    QStringLiteral("temperature_mean_c"), QStringLiteral("temperature_peak_c"),
                    QStringLiteral("power_mean_w"), QStringLiteral("power_peak_w")},
                   {}};
    units.header << energyColumns()
                 << QStringList{QStringLiteral("busy_hours"), QStringLiteral("held_idle_hours")};
    for (const UnitReport& u : r.units) {
        QStringList row{u.server,
                        QString::number(u.gpuIndex),
                        u.gpuUuid,
                        u.gpuModel,
                        u.migUuid,
                        u.migProfile,
                        hours(u.coveredMs),
                        field(u.utilisationPercent.mean),
                        field(u.utilisationPercent.peak),
                        field(u.memoryUsedMiB.mean),
                        field(u.memoryUsedMiB.peak),
                        field(u.temperatureC.mean),
                        field(u.temperatureC.peak),
                        field(u.powerW.mean),
                        field(u.powerW.peak)};
        row << energyCells(u.energy) << hours(u.busyMs) << hours(u.heldIdleMs);
        units.rows << row;
    }

    CsvTable users{QStringLiteral("user"),
                   {QStringLiteral("user"), QStringLiteral("gpu_hours"),
                    QStringLiteral("share_percent"), QStringLiteral("quota_percent"),
                    QStringLiteral("tokens_charged"), QStringLiteral("balance"),
                    QStringLiteral("violation_hours"), QStringLiteral("hog_events"),
                    QStringLiteral("idle_events")},
                   {}};
    users.header << energyColumns();
    CsvTable models{
        QStringLiteral("user_model"),
        {QStringLiteral("user"), QStringLiteral("gpu_model"), QStringLiteral("gpu_hours")},
        {}};
    CsvTable userServers{QStringLiteral("user_server"),
                         {QStringLiteral("user"), QStringLiteral("server"),
                          QStringLiteral("gpu_hours"), QStringLiteral("share_percent"),
                          QStringLiteral("quota_percent")},
                         {}};
    const auto addShares = [](CsvTable& table, const QString& who,
                              const QList<ServerShare>& shares) {
        for (const ServerShare& x : shares)
            table.rows << QStringList{who, x.server, csvNumber(x.gpuHours), field(x.sharePercent),
                                      field(x.quotaPercent)};
    };
    for (const UserReport& u : r.users) {
        addShares(userServers, u.user, u.servers);
        users.rows << QStringList{u.user,
                                  csvNumber(u.gpuHours),
                                  field(u.sharePercent),
                                  field(u.quotaPercent),
                                  field(u.tokensCharged),
                                  field(u.balance),
                                  field(u.violationHours),
                                  u.hogEvents ? QString::number(*u.hogEvents) : QString(),
                                  u.idleEvents ? QString::number(*u.idleEvents) : QString()};
        users.rows.last() << energyCells(u.energy);
        for (auto it = u.gpuHoursByModel.begin(); it != u.gpuHoursByModel.end(); ++it)
            models.rows << QStringList{u.user, it.key(), csvNumber(it.value())};
    }

    CsvTable accounts{QStringLiteral("account"),
                      {QStringLiteral("account"), QStringLiteral("gpu_hours"),
                       QStringLiteral("share_percent"), QStringLiteral("users")},
                      {}};
    accounts.header << energyColumns();
    CsvTable accountServers{QStringLiteral("account_server"),
                            {QStringLiteral("account"), QStringLiteral("server"),
                             QStringLiteral("gpu_hours"), QStringLiteral("share_percent"),
                             QStringLiteral("quota_percent")},
                            {}};
    for (const AccountReport& a : r.accounts) {
        accounts.rows << (QStringList{a.account, csvNumber(a.gpuHours), field(a.sharePercent),
                                      a.users.join(QLatin1Char(' '))}
                          << energyCells(a.energy));
        addShares(accountServers, a.account, a.servers);
    }
    CsvTable jobs{QStringLiteral("job"),
                  {QStringLiteral("server"), QStringLiteral("job_id"), QStringLiteral("job_name"),
                   QStringLiteral("user"), QStringLiteral("account"), QStringLiteral("partition"),
                   QStringLiteral("first_seen"), QStringLiteral("last_seen"),
                   QStringLiteral("gpus"), QStringLiteral("gpu_hours")},
                  {}};
    for (const JobReport& j : r.jobs)
        jobs.rows << QStringList{j.server,
                                 j.jobId,
                                 j.name,
                                 j.user,
                                 j.account,
                                 j.partition,
                                 csvTime(j.firstSeenMs, r.timeZone),
                                 csvTime(j.lastSeenMs, r.timeZone),
                                 QString::number(j.gpus),
                                 csvNumber(j.gpuHours)};

    // GPUs degraded or failing in the range, or with XIDs (docs/health.md).
    CsvTable health{QStringLiteral("gpu_health"),
                    {QStringLiteral("server"), QStringLiteral("gpu_index"),
                     QStringLiteral("gpu_uuid"), QStringLiteral("gpu_model"),
                     QStringLiteral("worst_state"), QStringLiteral("degraded_hours"),
                     QStringLiteral("failing_hours"), QStringLiteral("xid_count"),
                     QStringLiteral("xids"), QStringLiteral("reasons")},
                    {}};
    for (const GpuHealthReport& h : r.health) {
        QStringList codes;
        for (const int x : h.xids)
            codes << QString::number(x);
        health.rows << QStringList{h.server,
                                   QString::number(h.gpuIndex),
                                   h.gpuUuid,
                                   h.gpuModel,
                                   h.worstState,
                                   csvNumber(double(h.degradedMs) / 3'600'000.0),
                                   csvNumber(double(h.failingMs) / 3'600'000.0),
                                   QString::number(h.xidCount),
                                   codes.join(QLatin1Char(' ')),
                                   h.reasons.join(QStringLiteral("; "))};
    }

    CsvTable findings{QStringLiteral("finding"),
                      {QStringLiteral("kind"), QStringLiteral("advice"), QStringLiteral("server"),
                       QStringLiteral("user"), QStringLiteral("command"), QStringLiteral("pid"),
                       QStringLiteral("unit"), QStringLiteral("hours"), QStringLiteral("text"),
                       QStringLiteral("recommendation")},
                      {}};
    for (const Finding& f : r.findings)
        findings.rows << QStringList{findingKindName(f.kind),
                                     findingAdviceName(f.advice),
                                     f.server,
                                     f.user,
                                     f.command,
                                     f.pid ? QString::number(f.pid) : QString(),
                                     f.unit,
                                     csvNumber(f.hours),
                                     f.text,
                                     f.recommendation};

    CsvTable patterns{QStringLiteral("pattern"),
                      {QStringLiteral("user"), QStringLiteral("server"), QStringLiteral("from"),
                       QStringLiteral("to"), QStringLiteral("days"), QStringLiteral("days_covered"),
                       QStringLiteral("text")},
                      {}};
    const auto minute = [](int m) {
        return QStringLiteral("%1:%2")
            .arg(m / 60, 2, 10, QLatin1Char('0'))
            .arg(m % 60, 2, 10, QLatin1Char('0'));
    };
    for (const TimePattern& p : r.patterns)
        patterns.rows << QStringList{p.user,
                                     p.server,
                                     minute(p.fromMinute),
                                     minute(p.toMinute),
                                     QString::number(p.days),
                                     QString::number(p.daysCovered),
                                     p.text};

    CsvTable warnings{QStringLiteral("warning"), {QStringLiteral("warning")}, {}};
    for (const QString& w : r.warnings)
        warnings.rows << QStringList{w};
    return {head,     coverage,       gaps, units,  users,    models,   userServers,
            accounts, accountServers, jobs, health, findings, patterns, warnings};
}

QByteArray csvOfTable(const CsvTable& table)
{
    QByteArray out = csvLine(table.header);
    for (const QStringList& row : table.rows)
        out += csvLine(row);
    return out;
}

QByteArray reportCsv(const Report& report)
{
    const QList<CsvTable> tables = reportTables(report);
    // The header: `table`, then each table's columns in turn, a name shared
    // by two tables ("server") once.
    QStringList header{QStringLiteral("table")};
    for (const CsvTable& t : tables)
        for (const QString& c : t.header)
            if (!header.contains(c))
                header << c;
    QByteArray out = csvLine(header);
    for (const CsvTable& t : tables) {
        QList<qsizetype> at;
        for (const QString& c : t.header)
            at << header.indexOf(c);
        for (const QStringList& row : t.rows) {
            QStringList line(header.size());
            line[0] = t.name;
            for (qsizetype i = 0; i < row.size(); ++i)
                line[at[i]] = row[i];
            out += csvLine(line);
        }
    }
    return out;
}

} // namespace gw
