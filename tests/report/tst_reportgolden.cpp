// A report's content does not change when the builder's insides do: a fleet
// of seven servers over 52 hours (across the end of summer time in
// Europe/Berlin) with hogs, idle holders, users over quota, Slurm jobs with
// accounts, MIG instances, shared GPUs, gaps, a reading out of order, a
// server heard from before the range and one that stops, a GPU without a
// name, a process on a GPU not in its reading and missing figures, built into
// a Report whose every field (the chart buckets too, to the last bit) and
// whose CSV must equal the files in data/ (written by the builder as it was
// before it was made faster).
//
// GW_REPORT_GOLDEN_WRITE=1 writes the files instead of comparing (for a
// change that means to change the content: say so in its commit).

#include "policy/policyconfig.h"
#include "report/reportbuilder.h"
#include "report/reportcsv.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QFile>
#include <QTest>
#include <QTimeZone>

#include <cmath>

using namespace gw;
using namespace Qt::StringLiterals;

namespace {

constexpr int kServers = 7;
constexpr int kGpus = 4;
constexpr qint64 kStepMs = 30'000;
constexpr qint64 kHourMs = 3'600'000;
constexpr qint64 kRangeHours = 52;

const qint64 kFrom =
    QDateTime(QDate(2026, 10, 24), QTime(6, 0), QTimeZone::utc()).toMSecsSinceEpoch();

const char* const kPolicy = R"([hog]
threshold_percent = 80
duration = "10m"

[idle]
min_gpu_utilization = 10
time_window = "30m"
min_memory_mib = 1024
confirm_power = false

[quota]
window = "1h"
default_share = 30
users = { alice = 50, carol = 10 }

[tokens]
initial = 40
monthly = 0
daily = 5
default_price = 1
time_zone = "Europe/Berlin"
[tokens.prices]
"A100" = 2
"H100" = 4
"B200" = 8

[energy]
price_per_kwh = 0.31
currency = "EUR"
grams_co2_per_kwh = 380
)";

// A small deterministic mix (no library's random numbers: the content must
// not depend on a library's version).
quint32 mix(quint32 a, quint32 b, quint32 c)
{
    quint32 h = a * 0x9E3779B1u ^ (b + 0x7F4A7C15u) * 0x85EBCA77u ^ (c + 0x165667B1u) * 0xC2B2AE3Du;
    h ^= h >> 15;
    h *= 0x2C1B3C6Du;
    h ^= h >> 12;
    return h;
}

const QStringList& users()
{
    static const QStringList names{
        QStringLiteral("alice"), QStringLiteral("bob"),  QStringLiteral("carol"),
        QStringLiteral("dave"),  QStringLiteral("erin"), QStringLiteral("frank"),
    };
    return names;
}

// What GPU g of server s runs in the 40-minute block `block`.
enum class Job
{
    None,
    Hog,      // one process, 85–100 %
    Idle,     // memory held at 0–5 %
    Shared,   // two users' processes by memory, 30–70 %
    Slurm,    // a Slurm job with an account
    NoUser,   // a process whose user is unknown
    Moderate, // one process, 40–60 %
};

Job jobAt(int s, int g, qint64 block)
{
    return Job(mix(quint32(s), quint32(g), quint32(block)) % 7);
}

Snapshot reading(int s, qint64 atMs)
{
    Snapshot r;
    r.server = QStringLiteral("node-%1").arg(s);
    r.timestampMs = atMs;
    r.backend = QStringLiteral("demo");
    const qint64 k = (atMs - kFrom) / kStepMs;
    if (s != 1 || k % 2 == 0) // node-1's odd readings: the interval inferred
        r.intervalMs = kStepMs;
    const qint64 block = (atMs - kFrom + 2 * kHourMs) / (40 * 60'000);
    for (int g = 0; g < kGpus; ++g) {
        GpuSample gpu;
        gpu.index = g;
        gpu.uuid = QStringLiteral("GPU-%1-%2").arg(s).arg(g);
        gpu.name = g < 2    ? QStringLiteral("NVIDIA A100-SXM4-80GB")
                   : g == 2 ? QStringLiteral("NVIDIA H100 80GB HBM3")
                            : QStringLiteral("NVIDIA B200");
        if (s == 4 && g == 2)
            gpu.name.clear(); // no name: its use is not charged, said once
        gpu.vendor = QStringLiteral("nvidia");
        gpu.memoryTotalMiB = 81920;
        const quint32 noise = mix(quint32(s), quint32(g), quint32(k)) % 100;
        gpu.temperatureC = 35 + noise % 40;
        if (!(s == 5 && noise < 7))
            gpu.powerW = 80 + 3.5 * noise;
        if (s % 2 == 0) {
            // The energy counter (mJ since the driver loaded); node-2's
            // driver reloads at reading 500.
            const qint64 since = s == 2 && k >= 500 ? k - 500 : k + 1000;
            gpu.healthFacts = GpuHealthFacts{};
            gpu.healthFacts->energyMj = quint64(since) * quint64(kStepMs) * quint64(100 + 7 * g) +
                                        mix(quint32(s), quint32(g), quint32(k)) % 1000;
        }
        if (s == 3 && g == 3) {
            // MIG: no utilisation, two instances.
            gpu.migEnabled = true;
            gpu.migSliceCount = 7;
            gpu.memoryUsedMiB = 30000;
            MigInstance big;
            big.index = 0;
            big.uuid = QStringLiteral("MIG-3-3-a");
            big.profile = QStringLiteral("3g.40gb");
            big.computeSlices = 3;
            big.memoryUsedMiB = 20000 + noise;
            big.memoryTotalMiB = 40192;
            MigInstance small;
            small.index = 1;
            small.uuid = QStringLiteral("MIG-3-3-b");
            small.profile = QStringLiteral("1g.10gb");
            small.memoryUsedMiB = 5000;
            small.memoryTotalMiB = 9856;
            gpu.migInstances << big << small;
            r.gpus << gpu;
            GpuProcess a;
            a.pid = 3300;
            a.startTimeMs = kFrom - kHourMs;
            a.user = QStringLiteral("erin");
            a.command = QStringLiteral("python serve.py --port 8000");
            a.gpuUuid = gpu.uuid;
            a.migUuid = big.uuid;
            a.usedMemoryMiB = 20000;
            r.processes << a;
            if (block % 3 != 0) {
                GpuProcess b = a;
                b.pid = 3301;
                b.user = QStringLiteral("frank");
                b.command = QStringLiteral("/usr/bin/python3 notebook.py");
                b.migUuid = small.uuid;
                b.usedMemoryMiB = 5000;
                r.processes << b;
            }
            continue;
        }
        const Job job = jobAt(s, g, block);
        double util = noise % 4;
        double memory = 0;
        const qint64 started = kFrom + (block - 1) * 40 * 60'000;
        auto process = [&](int pid, const QString& user, const QString& command, double mib) {
            GpuProcess p;
            p.pid = pid;
            p.startTimeMs = started;
            p.user = user;
            p.command = command;
            p.gpuUuid = gpu.uuid;
            p.usedMemoryMiB = mib;
            memory += mib;
            return p;
        };
        const QString user = users()[int(mix(quint32(s), quint32(g), quint32(block / 2)) % 6)];
        const int pid = int(10000 + s * 1000 + g * 100 + block % 97);
        switch (job) {
        case Job::None:
            break;
        case Job::Hog:
            util = 85 + noise % 16;
            r.processes << process(pid, user, QStringLiteral("python train.py"), 60000);
            break;
        case Job::Idle:
            util = noise % 6;
            r.processes << process(pid, user, QStringLiteral("jupyter-kernel"), 12000);
            break;
        case Job::Shared:
            util = 30 + noise % 41;
            r.processes << process(pid, user, QStringLiteral("python a.py"), 20000)
                        << process(pid + 1, users()[(users().indexOf(user) + 1) % 6],
                                   QStringLiteral("python b.py"), 10000);
            break;
        case Job::Slurm: {
            util = 60 + noise % 41;
            GpuProcess p = process(pid, user, QStringLiteral("srun ./solver"), 40000);
            Workload w;
            w.kind = WorkloadKind::Slurm;
            w.id = QString::number(500 + s * 10 + (block % 5));
            if (k % 90 > 3) // names arrive once Slurm answered
                w.name = QStringLiteral("solve-%1").arg(block % 5);
            w.partition = QStringLiteral("gpu");
            p.workload = w;
            p.owner = ProcessOwner{user, QStringLiteral("proj-%1").arg(s % 3), {}, true};
            r.processes << p;
            break;
        }
        case Job::NoUser:
            util = 20 + noise % 30;
            r.processes << process(pid, QString(), QStringLiteral("a.out"), 3000);
            break;
        case Job::Moderate:
            util = 40 + noise % 21;
            r.processes << process(pid, user, QStringLiteral("python eval.py"), 30000);
            break;
        }
        if (!(s == 4 && g == 1 && block % 4 == 1))
            gpu.utilizationGpuPercent = util;
        gpu.memoryUsedMiB = memory;
        r.gpus << gpu;
    }
    if (s == 6 && k % 500 == 7) {
        // A process on a GPU the reading does not list.
        GpuProcess p;
        p.pid = 66;
        p.user = QStringLiteral("dave");
        p.gpuUuid = QStringLiteral("GPU-gone");
        p.usedMemoryMiB = 100;
        r.processes << p;
    }
    return r;
}

// The fleet's readings, servers interleaved as a recorder writes them.
QList<Snapshot> fleet()
{
    QList<Snapshot> out;
    for (qint64 k = -180; k < kRangeHours * kHourMs / kStepMs + 10; ++k)
        for (int s = 0; s < kServers; ++s) {
            const qint64 at = kFrom + k * kStepMs + s * 37;
            const double hour = double(at - kFrom) / double(kHourMs);
            if (k < 0 && s != 5)
                continue; // only node-5 was heard from before the range
            if (s == 2 && hour >= 10 && hour < 12.5)
                continue; // node-2 silent: a gap
            if (s == 6 && hour >= 40)
                continue; // node-6 stops
            if (s == 0 && hour >= 20 && hour < 20.2)
                continue; // a short silence, under 3 intervals for some
            out << reading(s, at);
            if (s == 1 && k == 1000)
                out << reading(s, at - 5 * kStepMs); // out of order: skipped and said
        }
    return out;
}

QString number(double v)
{
    return std::isnan(v) ? QStringLiteral("nan") : QString::number(v, 'g', 17);
}

QString number(const std::optional<double>& v)
{
    return v ? number(*v) : QStringLiteral("-");
}

QString number(const std::optional<qint64>& v)
{
    return v ? QString::number(*v) : QStringLiteral("-");
}

QString number(const std::optional<int>& v)
{
    return v ? QString::number(*v) : QStringLiteral("-");
}

QString energy(const EnergyFigures& e)
{
    return u"kwh "_s + number(e.kWh) + u" est "_s + number(e.estimatedKWh) + u" cost "_s +
           number(e.cost) + u" co2 "_s + number(e.co2Kg);
}

QString summary(const MetricSummary& m)
{
    return number(m.mean) + u' ' + number(m.peak);
}

// Every field of the Report, one line per row, doubles to the last bit.
// "  on node-1 12.5 h 8.33 % quota 30", one line per server.
QStringList serverShares(const QList<ServerShare>& shares)
{
    QStringList out;
    for (const ServerShare& x : shares)
        out << u"  on "_s + x.server + u' ' + number(x.gpuHours) + u" h "_s +
                   number(x.sharePercent) + u" % quota "_s + number(x.quotaPercent);
    return out;
}

QByteArray dump(const Report& r)
{
    QStringList out;
    out << QStringLiteral("range %1 %2 zone %3 generated %4 busy %5 idle %6")
               .arg(r.fromMs)
               .arg(r.toMs)
               .arg(r.timeZone)
               .arg(r.generatedAtMs)
               .arg(number(r.busyThresholdPercent), number(r.idleThresholdPercent));
    out << u"servers "_s + r.servers.join(u' ');
    out << u"fleet "_s + number(r.fleetGpuHours);
    out << u"energy "_s + energy(r.energy) + u" | idle "_s + energy(r.energyIdleUnowned) +
               u" | unattributed "_s + energy(r.energyNotAttributed) + u" currency "_s + r.currency;
    for (const ServerCoverage& c : r.coverage) {
        out << QStringLiteral("coverage %1 %2 ").arg(c.server).arg(c.coveredMs) + energy(c.energy);
        for (const CoverageGap& g : c.gaps)
            out << QStringLiteral("  gap %1 %2 %3").arg(g.server).arg(g.fromMs).arg(g.toMs);
    }
    for (const UnitReport& u : r.units) {
        out << QStringLiteral("unit %1 %2 %3 %4 %5 %6 covered %7")
                   .arg(u.server, u.gpuUuid)
                   .arg(u.gpuIndex)
                   .arg(u.gpuModel, u.migUuid, u.migProfile)
                   .arg(u.coveredMs);
        out << u"  util "_s + summary(u.utilisationPercent) + u" mem "_s +
                   summary(u.memoryUsedMiB) + u" temp "_s + summary(u.temperatureC) + u" power "_s +
                   summary(u.powerW) + u' ' + energy(u.energy) + u" busy "_s + number(u.busyMs) +
                   u" heldidle "_s + number(u.heldIdleMs);
        // The chart's buckets as a digest of every figure (the file stays
        // small); the first and last in words.
        QCryptographicHash buckets(QCryptographicHash::Sha256);
        QStringList shown;
        for (qsizetype i = 0; i < u.utilisationBuckets.size(); ++i) {
            const HistoryBucket& b = u.utilisationBuckets[i];
            const QString line = QStringLiteral("%1 %2 %3 %4 %5 %6 %7")
                                     .arg(b.startMs)
                                     .arg(b.endMs)
                                     .arg(number(b.min), number(b.max), number(b.mean))
                                     .arg(b.count)
                                     .arg(b.gapBefore ? 1 : 0);
            buckets.addData(QByteArray(line.toUtf8() + '\n'));
            if (i == 0 || i + 1 == u.utilisationBuckets.size())
                shown << line;
        }
        out << QStringLiteral("  buckets %1 %2 [%3]")
                   .arg(u.utilisationBuckets.size())
                   .arg(QString::fromLatin1(buckets.result().toHex()), shown.join(u" … "_s));
    }
    for (const UserReport& u : r.users) {
        QString models;
        for (auto it = u.gpuHoursByModel.cbegin(); it != u.gpuHoursByModel.cend(); ++it)
            models += u" ["_s + it.key() + u"]="_s + number(it.value());
        out << u"user "_s + u.user + u" hours "_s + number(u.gpuHours) + models + u" share "_s +
                   number(u.sharePercent) + u" quota "_s + number(u.quotaPercent) + u" charged "_s +
                   number(u.tokensCharged) + u" balance "_s + number(u.balance) + u" violation "_s +
                   number(u.violationHours) + u" hog "_s + number(u.hogEvents) + u" idle "_s +
                   number(u.idleEvents) + u' ' + energy(u.energy);
        out << serverShares(u.servers);
    }
    for (const AccountReport& a : r.accounts) {
        out << u"account ["_s + a.account + u"] "_s + a.users.join(u',') + u' ' +
                   number(a.gpuHours) + u' ' + number(a.sharePercent) + u' ' + energy(a.energy);
        out << serverShares(a.servers);
    }
    for (const JobReport& j : r.jobs)
        out << QStringLiteral("job %1 %2 [%3] %4 %5 %6 %7 %8 %9")
                       .arg(j.server, j.jobId, j.name, j.user, j.account, j.partition)
                       .arg(j.firstSeenMs)
                       .arg(j.lastSeenMs)
                       .arg(j.gpus) +
                   u' ' + number(j.gpuHours);
    for (const Finding& f : r.findings)
        out << QStringLiteral("finding %1 %2 [%3] [%4] [%5] %6 [%7] %8 | %9 | %10")
                   .arg(int(f.kind))
                   .arg(int(f.advice))
                   .arg(f.server, f.user, f.command)
                   .arg(f.pid)
                   .arg(f.unit, number(f.hours), f.text, f.recommendation);
    for (const TimePattern& p : r.patterns)
        out << QStringLiteral("pattern %1 %2 %3 %4 %5 %6 %7")
                   .arg(p.user, p.server)
                   .arg(p.fromMinute)
                   .arg(p.toMinute)
                   .arg(p.days)
                   .arg(p.daysCovered)
                   .arg(p.text);
    for (const QString& w : r.warnings)
        out << u"warning "_s + w;
    return out.join(u'\n').toUtf8() + '\n';
}

Report buildFleetReport(int threads = 2)
{
    const PolicyParseResult parsed = parsePolicy(QByteArray(kPolicy), QStringLiteral("fleet.toml"));
    if (!parsed.config)
        qFatal("fleet policy refused: %s", qPrintable(parsed.errors.join(u'\n')));
    ReportOptions options;
    options.fromMs = kFrom;
    options.toMs = kFrom + kRangeHours * kHourMs;
    options.policy = parsed.config;
    options.generatedAtMs = options.toMs + kHourMs;
    options.timeZone = QStringLiteral("Europe/Berlin");
    // As written (on two cores): users over quota on servers of different
    // threads sum their hours in the threads' order.
    options.threads = threads;
    ReportBuilder builder(options);
    for (const Snapshot& r : fleet())
        builder.feed(r);
    return builder.finish();
}

const Report& fleetReport()
{
    static const Report report = buildFleetReport();
    return report;
}

QString goldenPath(const char* name)
{
    return QStringLiteral(GW_TEST_SOURCE_DIR "/data/") + QLatin1String(name);
}

// Equal to the file, or a failure naming the first line that differs.
void compareWithFile(const QByteArray& actual, const char* name)
{
    const QString path = goldenPath(name);
    QFile file(path);
    if (qEnvironmentVariableIntValue("GW_REPORT_GOLDEN_WRITE") == 1) {
        QVERIFY2(file.open(QIODevice::WriteOnly), qPrintable(path));
        file.write(actual);
        return;
    }
    QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(path + u": missing"_s));
    const QByteArray expected = file.readAll();
    if (actual == expected)
        return;
    const QList<QByteArray> a = actual.split('\n'), e = expected.split('\n');
    for (qsizetype i = 0; i < std::max(a.size(), e.size()); ++i) {
        const QByteArray x = i < a.size() ? a[i] : QByteArray("(end)");
        const QByteArray y = i < e.size() ? e[i] : QByteArray("(end)");
        if (x != y)
            QFAIL(qPrintable(QStringLiteral("%1 line %2:\n  now    %3\n  before %4")
                                 .arg(QLatin1String(name))
                                 .arg(i + 1)
                                 .arg(QString::fromUtf8(x), QString::fromUtf8(y))));
    }
    QFAIL("differs");
}

} // namespace

class TestReportGolden : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // The fixture is not trivial: every part of the report has rows.
    void fleetFillsEveryTable()
    {
        const Report r = fleetReport();
        QCOMPARE(r.servers.size(), kServers);
        QCOMPARE(r.units.size(), kServers * kGpus + 2);
        QVERIFY(r.users.size() >= 6);
        QVERIFY(!r.accounts.isEmpty());
        QVERIFY(!r.jobs.isEmpty());
        QVERIFY(!r.patterns.isEmpty());
        QVERIFY(r.warnings.size() >= 4);
        QSet<Finding::Kind> kinds;
        for (const Finding& f : r.findings)
            kinds.insert(f.kind);
        QVERIFY(kinds.contains(Finding::Kind::Hog));
        QVERIFY(kinds.contains(Finding::Kind::HeldIdle));
        QVERIFY(kinds.contains(Finding::Kind::OverQuota));
        QVERIFY(kinds.contains(Finding::Kind::Coverage));
        int hogs = 0, idles = 0;
        double violation = 0;
        for (const UserReport& u : r.users) {
            hogs += u.hogEvents.value_or(0);
            idles += u.idleEvents.value_or(0);
            violation += u.violationHours.value_or(0);
        }
        QVERIFY(hogs > 0);
        QVERIFY(idles > 0);
        QVERIFY(violation > 0);
    }

    void contentIsAsBefore()
    {
        const Report r = fleetReport();
        compareWithFile(dump(r), "fleet-report.txt");
    }

    void csvIsAsBefore() { compareWithFile(reportCsv(fleetReport()), "fleet-report.csv"); }

    // The servers split among one, three or four threads give the same
    // report, but for the last bits of the hours over quota: a user's
    // fair-share events come from the engines of several threads, summed in
    // the order of the threads (as before the builder was split; summing
    // whole milliseconds would fix it and change the figures' last digit).
    void threadsDoNotChangeTheContent_data()
    {
        QTest::addColumn<int>("threads");
        QTest::newRow("1") << 1;
        QTest::newRow("3") << 3;
        QTest::newRow("4") << 4;
    }
    void threadsDoNotChangeTheContent()
    {
        QFETCH(int, threads);
        const auto rounded = [](Report r) {
            const auto round = [](double v) {
                return std::round(v * 1e9) / 1e9;
            };
            for (UserReport& u : r.users)
                u.violationHours = round(u.violationHours.value_or(-1));
            for (Finding& f : r.findings)
                f.hours = round(f.hours);
            return dump(r);
        };
        QCOMPARE(rounded(buildFleetReport(threads)), rounded(fleetReport()));
    }
};

QTEST_GUILESS_MAIN(TestReportGolden)
#include "tst_reportgolden.moc"
