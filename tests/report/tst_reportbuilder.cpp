// ReportBuilder against the hand-computed fixture (reportfixture.h): every
// figure below is worked out in the comment beside it from the readings,
// never read off the code's output.

#include "policy/policyconfig.h"
#include "policy/policyengine.h"
#include "report/reportbuilder.h"
#include "report/reportcsv.h"
#include "reportfixture.h"

#include <QTest>

#include <array>
#include <cmath>
#include <tuple>

using namespace gw;
using namespace gw::test;
using namespace Qt::StringLiterals;

namespace {

constexpr double kEps = 1e-9;

Report fixtureReport(bool withPolicy = true)
{
    ReportOptions options;
    options.fromMs = kT0;
    options.toMs = kT0 + kHour;
    options.generatedAtMs = kT0 + 2 * kHour;
    if (withPolicy) {
        const PolicyParseResult parsed =
            parsePolicy(QByteArray(kReportPolicy), QStringLiteral("policy.toml"));
        if (!parsed.config)
            qFatal("fixture policy refused: %s", qPrintable(parsed.errors.join(u'\n')));
        options.policy = parsed.config;
    } else {
        options.timeZone = QStringLiteral("UTC");
    }
    ReportBuilder builder(options);
    for (const Snapshot& s : reportFixture())
        builder.feed(s);
    return builder.finish();
}

const UnitReport* unit(const Report& r, const QString& server, const QString& mig = {})
{
    for (const UnitReport& u : r.units)
        if (u.server == server && u.migUuid == mig)
            return &u;
    return nullptr;
}

const UserReport* user(const Report& r, const QString& name)
{
    for (const UserReport& u : r.users)
        if (u.user == name)
            return &u;
    return nullptr;
}

void near(std::optional<double> actual, double expected, const char* what)
{
    QVERIFY2(actual.has_value(), what);
    QVERIFY2(std::abs(*actual - expected) < kEps, qPrintable(QStringLiteral("%1: %2, expected %3")
                                                                 .arg(QLatin1String(what))
                                                                 .arg(*actual, 0, 'g', 17)
                                                                 .arg(expected, 0, 'g', 17)));
}

PolicyConfig contentPolicy()
{
    const PolicyParseResult parsed =
        parsePolicy(QByteArray(kContentPolicy), QStringLiteral("content.toml"));
    if (!parsed.config)
        qFatal("content policy refused: %s", qPrintable(parsed.errors.join(u'\n')));
    return *parsed.config;
}

Report contentReport(const QList<Snapshot>& trace = contentFixture())
{
    ReportOptions options;
    options.fromMs = kT0;
    options.toMs = kT0 + 2 * kHour;
    options.generatedAtMs = kT0 + 3 * kHour;
    options.policy = contentPolicy();
    ReportBuilder builder(options);
    for (const Snapshot& s : trace)
        builder.feed(s);
    return builder.finish();
}

// carol's job on node-2 when `localHour` is from 20 to 5.
Snapshot carolReading(qint64 atMs, int localHour)
{
    Snapshot s = fixtureReading(QStringLiteral("node-2"), atMs);
    GpuSample g;
    g.index = 0;
    g.uuid = QStringLiteral("GPU-m0");
    g.name = QStringLiteral("NVIDIA A100-SXM4-80GB");
    g.utilizationGpuPercent = 50;
    s.gpus << g;
    if (localHour >= 20 || localHour < 6) {
        GpuProcess p;
        p.pid = 700;
        p.startTimeMs = 0;
        p.user = QStringLiteral("carol");
        p.command = QStringLiteral("python train.py");
        p.gpuUuid = g.uuid;
        p.usedMemoryMiB = 1000;
        s.processes << p;
    }
    return s;
}

QList<Snapshot> nightlyTrace(const QTimeZone& zone)
{
    QList<Snapshot> out;
    const qint64 from = QDateTime(QDate(2026, 10, 23), QTime(12, 0), zone).toMSecsSinceEpoch();
    const qint64 to = QDateTime(QDate(2026, 10, 27), QTime(12, 0), zone).toMSecsSinceEpoch();
    for (qint64 t = from; t < to; t += kMinute)
        out << carolReading(t, QDateTime::fromMSecsSinceEpoch(t, zone).time().hour());
    return out;
}

Report patternReport(const QList<Snapshot>& trace, qint64 from, qint64 to, const QString& zone)
{
    ReportOptions options;
    options.fromMs = from;
    options.toMs = to;
    options.timeZone = zone;
    ReportBuilder builder(options);
    for (const Snapshot& s : trace)
        builder.feed(s);
    return builder.finish();
}

// A day on two servers, a reading a minute (issue 29, "shares on the right
// denominator"): node-a has 2 GPUs, node-b 4. On node-a alice holds GPU 0
// all day and bob GPU 1 from 00:00 to 06:00; on node-b alice holds GPU 0
// from 00:00 to 12:00 and carol (her Slurm account nlp) GPUs 1–3 from 00:00
// to 08:00. Utilisation 30 % everywhere: no hog, no idle, no fair-share
// event (alice's use of node-a is 15 %).
QList<Snapshot> sharesDay()
{
    QList<Snapshot> out;
    for (qint64 minute = 0; minute < 24 * 60; ++minute) {
        const qint64 t = kT0 + minute * kMinute;
        for (const auto& [server, gpus] : {std::pair{u"node-a"_s, 2}, std::pair{u"node-b"_s, 4}}) {
            Snapshot s = fixtureReading(server, t);
            for (int i = 0; i < gpus; ++i) {
                GpuSample g;
                g.index = i;
                g.uuid = u"GPU-%1-%2"_s.arg(server).arg(i);
                g.name = u"NVIDIA A100-SXM4-80GB"_s;
                g.utilizationGpuPercent = 30;
                s.gpus << g;
            }
            const auto hold = [&](const QString& user, int gpu, qint64 pid,
                                  const QString& account) {
                GpuProcess p;
                p.pid = pid;
                p.startTimeMs = kT0 - kHour;
                p.user = user;
                p.command = u"python train.py"_s;
                p.gpuUuid = s.gpus[gpu].uuid;
                p.usedMemoryMiB = 4096;
                if (!account.isEmpty())
                    p.owner = ProcessOwner{user, account, u"Slurm job 7"_s, false};
                s.processes << p;
            };
            if (server == u"node-a"_s) {
                hold(u"alice"_s, 0, 100, {});
                if (minute < 6 * 60)
                    hold(u"bob"_s, 1, 200, {});
            } else {
                if (minute < 12 * 60)
                    hold(u"alice"_s, 0, 101, {});
                for (int g = 1; g <= 3 && minute < 8 * 60; ++g)
                    hold(u"carol"_s, g, 300 + g, u"nlp"_s);
            }
            out << s;
        }
    }
    return out;
}

} // namespace

class TestReportBuilder : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // Capacity: node-a 2 × 24 = 48 GPU-hours, node-b 4 × 24 = 96; the fleet
    // 144. alice: 24 h on node-a = 50 % (quota 40 %), 12 h on node-b =
    // 12.5 %, 36 of 144 = 25 % of the fleet. bob: 6 h on node-a = 12.5 %
    // (default quota 100 %). carol: 3 × 8 = 24 h on node-b = 25 % (quota 30 %).
    // Accounts: vision (alice and bob by name, share 30 %) holds 30 h on
    // node-a = 62.5 % and 12 h on node-b = 12.5 %; nlp (carol's jobs,
    // share 20 %) 24 h on node-b = 25 %.
    void perServerSharesMatchAHandComputedDay()
    {
        ReportOptions options;
        options.fromMs = kT0;
        options.toMs = kT0 + 24 * kHour;
        options.generatedAtMs = kT0 + 25 * kHour;
        const PolicyParseResult parsed = parsePolicy(
            "[quota.users]\nalice = 40\ncarol = 30\n[accounts.vision]\nmembers = [\"alice\", "
            "\"bob\"]\nshare = 30\n[accounts.nlp]\nshare = 20\n",
            u"policy.toml"_s);
        QVERIFY2(parsed.config, qPrintable(parsed.errors.join(u'\n')));
        options.policy = parsed.config;
        ReportBuilder builder(options);
        for (const Snapshot& s : sharesDay())
            builder.feed(s);
        const Report r = builder.finish();
        near(r.fleetGpuHours, 144, "fleet");
        const auto shares = [](const QList<ServerShare>& list) {
            QStringList out;
            for (const ServerShare& x : list)
                out << u"%1 %2 h %3 % / %4"_s.arg(x.server)
                           .arg(x.gpuHours)
                           .arg(x.sharePercent.value_or(-1))
                           .arg(x.quotaPercent ? QString::number(*x.quotaPercent) : u"-"_s);
            return out;
        };
        QCOMPARE(shares(user(r, u"alice"_s)->servers),
                 (QStringList{u"node-a 24 h 50 % / 40"_s, u"node-b 12 h 12.5 % / 40"_s}));
        near(user(r, u"alice"_s)->sharePercent, 25, "alice of the fleet");
        QCOMPARE(shares(user(r, u"bob"_s)->servers), QStringList{u"node-a 6 h 12.5 % / 100"_s});
        QCOMPARE(shares(user(r, u"carol"_s)->servers), QStringList{u"node-b 24 h 25 % / 30"_s});
        QCOMPARE(r.accounts.size(), 2);
        QCOMPARE(r.accounts[0].account, u"nlp"_s);
        QCOMPARE(shares(r.accounts[0].servers), QStringList{u"node-b 24 h 25 % / 20"_s});
        QCOMPARE(r.accounts[1].account, u"vision"_s);
        QCOMPARE(r.accounts[1].users, (QStringList{u"alice"_s, u"bob"_s}));
        QCOMPARE(shares(r.accounts[1].servers),
                 (QStringList{u"node-a 30 h 62.5 % / 30"_s, u"node-b 12 h 12.5 % / 30"_s}));

        // The findings put each share beside its own quota.
        QStringList quota;
        for (const Finding& f : r.findings)
            if (f.kind == Finding::Kind::OverQuota)
                quota << f.text;
        quota.sort();
        QCOMPARE(quota,
                 (QStringList{u"account nlp: 25 % of node-b (share 20 %); 16.7 % of the fleet's "
                              "GPU-hours"_s,
                              u"account vision: 62.5 % of node-a (share 30 %), 12.5 % of node-b "
                              "(share 30 %); 29.2 % of the fleet's GPU-hours"_s,
                              u"alice: 50 % of node-a (quota 40 %), 12.5 % of node-b (quota 40 %); "
                              "25 % of the fleet's GPU-hours"_s}));
        // The CSV has every pair.
        const QByteArray csv = reportCsv(r);
        QVERIFY2(csv.contains("user_server,") && csv.contains("account_server,"), csv.constData());
    }

    void rangeScopeAndZone()
    {
        const Report r = fixtureReport();
        QCOMPARE(r.fromMs, kT0);
        QCOMPARE(r.toMs, kT0 + kHour);
        QCOMPARE(r.generatedAtMs, kT0 + 2 * kHour);
        QCOMPARE(r.timeZone, QStringLiteral("UTC")); // the policy's [tokens] time_zone
        QCOMPARE(r.servers, (QStringList{QStringLiteral("alpha"), QStringLiteral("beta"),
                                         QStringLiteral("gamma")}));
        QCOMPARE(r.busyThresholdPercent, 80.0);
        QCOMPARE(r.idleThresholdPercent, 10.0);
        QVERIFY2(r.warnings.isEmpty(), qPrintable(r.warnings.join(u'\n')));
    }

    void coverageFollowsTheBooksRule()
    {
        const Report r = fixtureReport();
        QCOMPARE(r.coverage.size(), 3);
        // alpha: six readings, each standing one minute (the next comes
        // after 1 min, or after 7 min > 3 × 1 min: a gap, so one interval;
        // the last one interval) = 6 min. Gaps: 3 min + 1 → 10 min, and
        // 11 min + 1 → the end (49 min > 3 min).
        const ServerCoverage& alpha = r.coverage[0];
        QCOMPARE(alpha.server, QStringLiteral("alpha"));
        QCOMPARE(alpha.coveredMs, 6 * kMinute);
        QCOMPARE(alpha.gaps, (QList<CoverageGap>{
                                 {QStringLiteral("alpha"), kT0 + 4 * kMinute, kT0 + 10 * kMinute},
                                 {QStringLiteral("alpha"), kT0 + 12 * kMinute, kT0 + kHour}}));
        // beta: three readings = 3 min; silent from the start to 30 min
        // (30 min > 3 min) and from 33 min to the end.
        const ServerCoverage& beta = r.coverage[1];
        QCOMPARE(beta.coveredMs, 3 * kMinute);
        QCOMPARE(beta.gaps,
                 (QList<CoverageGap>{{QStringLiteral("beta"), kT0, kT0 + 30 * kMinute},
                                     {QStringLiteral("beta"), kT0 + 33 * kMinute, kT0 + kHour}}));
        // gamma: its one reading at −10 min stands for [−10, −9) min, all
        // before the range: nothing covered, the whole hour a gap.
        const ServerCoverage& gamma = r.coverage[2];
        QCOMPARE(gamma.coveredMs, 0);
        QCOMPARE(gamma.gaps, (QList<CoverageGap>{{QStringLiteral("gamma"), kT0, kT0 + kHour}}));
    }

    void wholeGpuFigures()
    {
        const Report r = fixtureReport();
        const UnitReport* a = unit(r, QStringLiteral("alpha"));
        QVERIFY(a);
        QCOMPARE(a->gpuUuid, QStringLiteral("GPU-a0"));
        QCOMPARE(a->gpuModel, QStringLiteral("NVIDIA A100-SXM4-40GB"));
        QCOMPARE(a->coveredMs, 6 * kMinute);
        // Utilisation 100, 90, 50, 5, 0 one minute each (the last reading
        // has none): mean 245 / 5 = 49, peak 100.
        near(a->utilisationPercent.mean, 49, "utilisation mean");
        near(a->utilisationPercent.peak, 100, "utilisation peak");
        // Memory 8000 × 4 min + 0 × 2 min over 6 min = 5333.33…, peak 8000.
        near(a->memoryUsedMiB.mean, 32000.0 / 6, "memory mean");
        near(a->memoryUsedMiB.peak, 8000, "memory peak");
        // Temperature 60, 70, 65, 50, 40: 285 / 5 = 57, peak 70.
        near(a->temperatureC.mean, 57, "temperature mean");
        near(a->temperatureC.peak, 70, "temperature peak");
        // Power 300, 300, 200, 100, (none), 60: 960 / 5 = 192, peak 300.
        near(a->powerW.mean, 192, "power mean");
        near(a->powerW.peak, 300, "power peak");
        // Energy between readings, no counter: trapezoids (300+300)/2,
        // (300+200)/2, (200+100)/2 W × 60 s = 18 000 + 15 000 + 9 000 J;
        // 3 → 10 min is a gap (not guessed); 10 → 11 min has power at its
        // end only: 60 W × 60 s = 3 600 J. 45 600 J, all estimated.
        near(a->energy.kWh, 45'600 / 3.6e6, "energy");
        QCOMPARE(a->energy.estimatedKWh, *a->energy.kWh);
        QVERIFY(!a->energy.cost); // no [energy] price
        QVERIFY(!a->energy.co2Kg);
        // Busy (≥ 80 %): the minutes at 100 and 90 = 2 min.
        QCOMPARE(a->busyMs, std::optional<qint64>(2 * kMinute));
        // Held idle (< 10 % with a process on it): the minute at 5 % with
        // alice; the minute at 0 % has no process.
        QCOMPARE(a->heldIdleMs, std::optional<qint64>(kMinute));
    }

    void migInstanceIsAUnitOfItsOwn()
    {
        const Report r = fixtureReport();
        const UnitReport* b = unit(r, QStringLiteral("beta"));
        QVERIFY(b);
        QCOMPARE(b->coveredMs, 3 * kMinute);
        // No utilisation in MIG mode: mean, peak, busy and held idle absent,
        // not zero.
        QVERIFY(!b->utilisationPercent.mean);
        QVERIFY(!b->utilisationPercent.peak);
        QVERIFY(!b->busyMs);
        QVERIFY(!b->heldIdleMs);
        near(b->memoryUsedMiB.mean, 10000, "beta memory");
        near(b->powerW.mean, 100, "beta power");
        // 100 W between three readings, 120 s: 12 000 J.
        near(b->energy.kWh, 12'000 / 3.6e6, "beta energy");
        const UnitReport* m = unit(r, QStringLiteral("beta"), QStringLiteral("MIG-b0-1"));
        QVERIFY(m);
        QCOMPARE(m->migProfile, QStringLiteral("3g.40gb"));
        QCOMPARE(m->gpuUuid, QStringLiteral("GPU-b0"));
        QCOMPARE(m->coveredMs, 3 * kMinute);
        near(m->memoryUsedMiB.mean, 10000, "instance memory");
        QVERIFY(!m->powerW.mean);
        QVERIFY(!m->energy.kWh); // the GPU's energy is on the GPU's row
        QVERIFY(!m->temperatureC.mean);
    }

    void gpuWithoutReadingsInRangeHasZeroCoverageNotZeroUse()
    {
        const Report r = fixtureReport();
        const UnitReport* c = unit(r, QStringLiteral("gamma"));
        QVERIFY(c);
        QCOMPARE(c->gpuModel, QStringLiteral("NVIDIA L40S"));
        QCOMPARE(c->coveredMs, 0);
        QVERIFY(!c->utilisationPercent.mean);
        QVERIFY(!c->powerW.mean);
        QVERIFY(!c->energy.kWh);
        QVERIFY(!c->busyMs);
        QVERIFY(!c->heldIdleMs);
        QCOMPARE(r.units.size(), 4); // alpha, beta, beta's instance, gamma
    }

    void energyPerUserServerAndFleet()
    {
        const Report r = fixtureReport();
        // alice's processes drew alpha's first three spans (42 000 J); the
        // span 10 → 11 min has no process: idle and unowned (3 600 J); bob
        // beta's 12 000 J. Fleet 57 600 J = 0.016 kWh. All estimated.
        near(user(r, QStringLiteral("alice"))->energy.kWh, 42'000 / 3.6e6, "alice energy");
        near(user(r, QStringLiteral("bob"))->energy.kWh, 12'000 / 3.6e6, "bob energy");
        near(r.energyIdleUnowned.kWh, 3'600 / 3.6e6, "idle unowned");
        near(r.energyNotAttributed.kWh, 0, "not attributed");
        near(r.energy.kWh, 0.016, "fleet energy");
        QCOMPARE(r.energy.estimatedKWh, *r.energy.kWh);
        near(r.coverage[0].energy.kWh, 45'600 / 3.6e6, "alpha");
        near(r.coverage[1].energy.kWh, 12'000 / 3.6e6, "beta");
        QVERIFY(!r.coverage[2].energy.kWh); // gamma: nothing in the range
        // The parts add up to the whole.
        double users = 0;
        for (const UserReport& u : r.users)
            users += u.energy.kWh.value_or(0);
        near(users + *r.energyIdleUnowned.kWh + *r.energyNotAttributed.kWh, *r.energy.kWh,
             "conserved");
        QVERIFY(r.currency.isEmpty());
        QVERIFY(!r.energy.cost);
    }

    void energyCostAndCo2FromThePolicy()
    {
        ReportOptions options;
        options.fromMs = kT0;
        options.toMs = kT0 + kHour;
        const PolicyParseResult parsed = parsePolicy(
            QByteArray(kReportPolicy) +
                "\n[energy]\nprice_per_kwh = 0.5\ncurrency = \"EUR\"\ngrams_co2_per_kwh = 400\n",
            QStringLiteral("policy.toml"));
        QVERIFY2(parsed.config, qPrintable(parsed.errors.join(u'\n')));
        options.policy = parsed.config;
        ReportBuilder builder(options);
        for (const Snapshot& s : reportFixture())
            builder.feed(s);
        const Report r = builder.finish();
        QCOMPARE(r.currency, QStringLiteral("EUR"));
        near(r.energy.cost, 0.016 * 0.5, "fleet cost");
        near(r.energy.co2Kg, 0.016 * 400 / 1000, "fleet CO2 (kg)");
        near(user(r, QStringLiteral("bob"))->energy.cost, 12'000 / 3.6e6 * 0.5, "bob's cost");
        near(unit(r, QStringLiteral("alpha"))->energy.co2Kg, 45'600 / 3.6e6 * 0.4, "alpha CO2");
    }

    void energyFromTheCounterAddsUpToTheMillijoule()
    {
        // Ten readings of a GPU with the counter, alice and bob sharing it
        // by SM, carol's workload holding the second GPU idle; the range
        // starts between readings 2 and 3.
        QList<Snapshot> trace;
        for (int k = 0; k < 10; ++k) {
            Snapshot s = fixtureReading(QStringLiteral("node-e"), kT0 + k * kMinute - 30'000);
            for (int i = 0; i < 2; ++i) {
                GpuSample g;
                g.index = i;
                g.uuid = QStringLiteral("GPU-e%1").arg(i);
                g.name = QStringLiteral("NVIDIA H100 80GB HBM3");
                g.powerW = 500;
                g.healthFacts = GpuHealthFacts{};
                g.healthFacts->energyMj =
                    quint64(7'000'000'001) + quint64(k) * (i == 0 ? 29'999'977u : 4'000'003u);
                s.gpus << g;
            }
            s.gpus[1].holder = Workload{};
            s.gpus[1].holder->kind = WorkloadKind::Kubernetes;
            s.gpus[1].holder->name = QStringLiteral("train-0");
            s.gpus[1].holderOwner = ProcessOwner{QStringLiteral("carol"), QStringLiteral("ml"),
                                                 QStringLiteral("label"), false};
            for (const auto& [pid, who, sm] :
                 {std::tuple{qint64(1), QStringLiteral("alice"), 60.0},
                  std::tuple{qint64(2), QStringLiteral("bob"), 30.0}}) {
                GpuProcess p;
                p.pid = pid;
                p.user = who;
                p.gpuUuid = QStringLiteral("GPU-e0");
                p.usedMemoryMiB = 1000;
                p.smUtilPercent = sm;
                s.processes << p;
            }
            trace << s;
        }
        ReportOptions options;
        options.fromMs = kT0;
        options.toMs = kT0 + kHour;
        options.timeZone = QStringLiteral("UTC");
        ReportBuilder builder(options);
        for (const Snapshot& s : trace)
            builder.feed(s);
        const Report r = builder.finish();
        // Spans wholly inside: 1 → 9 (eight); 0 → 1 half inside.
        const double gpu0 = (8 * 29'999'977.0 + std::round(29'999'977.0 / 2)) / 3.6e9;
        const double gpu1 = (8 * 4'000'003.0 + std::round(4'000'003.0 / 2)) / 3.6e9;
        near(unit(r, QStringLiteral("node-e"))->energy.kWh, gpu0, "GPU 0 from its counter");
        QCOMPARE(unit(r, QStringLiteral("node-e"))->energy.estimatedKWh, 0.0);
        // carol held no GPU time as the books count it but is listed for
        // her energy.
        QVERIFY(user(r, QStringLiteral("alice")) && user(r, QStringLiteral("bob")) &&
                user(r, QStringLiteral("carol")));
        const double alice = *user(r, QStringLiteral("alice"))->energy.kWh;
        const double bob = *user(r, QStringLiteral("bob"))->energy.kWh;
        const double carol = *user(r, QStringLiteral("carol"))->energy.kWh;
        // alice : bob = 60 : 30 of GPU 0; carol's workload held GPU 1.
        QVERIFY2(std::abs(alice / bob - 2) < 1e-6, qPrintable(QString::number(alice / bob)));
        near(carol, gpu1, "carol: the GPU her workload held idle");
        // In millijoules, exactly: the owners' parts are the GPUs' counters.
        QCOMPARE(std::llround((alice + bob + carol) * 3.6e9), std::llround((gpu0 + gpu1) * 3.6e9));
        QCOMPARE(r.energy.estimatedKWh, 0.0);
    }

    void usersAsTheBooksCountThem()
    {
        const Report r = fixtureReport();
        // Fleet: covered hours of whole GPUs = 6 + 3 + 0 min = 0.15 h.
        near(r.fleetGpuHours, 0.15, "fleet");
        QCOMPARE(r.users.size(), 2);
        const UserReport* alice = user(r, QStringLiteral("alice"));
        QVERIFY(alice);
        // alice holds the whole A100 for 4 min = 1/15 h.
        QCOMPARE(alice->gpuHoursByModel.keys(),
                 QStringList{QStringLiteral("NVIDIA A100-SXM4-40GB")});
        QVERIFY(std::abs(alice->gpuHours - 1.0 / 15) < kEps);
        // (1/15) / 0.15 = 44.44… %; her quota 50 %.
        near(alice->sharePercent, 100.0 / 15 / 0.15, "alice share");
        near(alice->quotaPercent, 50, "alice quota");
        // 1/15 h × 2 tokens = 2/15 charged; 100 − 2/15 left.
        near(alice->tokensCharged, 2.0 / 15, "alice charged");
        near(alice->balance, 100 - 2.0 / 15, "alice balance");

        const UserReport* bob = user(r, QStringLiteral("bob"));
        QVERIFY(bob);
        // bob holds 3 of 7 slices for 3 min: 3/7 × 3/60 h = 3/140 h.
        QVERIFY(std::abs(bob->gpuHours - 3.0 / 140) < kEps);
        // (3/140) / 0.15 = 1/7 = 14.28… %; quota: the default 25 %.
        near(bob->sharePercent, 100.0 / 7, "bob share");
        near(bob->quotaPercent, 25, "bob quota");
        // 3/140 h × 4 tokens = 3/35.
        near(bob->tokensCharged, 3.0 / 35, "bob charged");
        near(bob->balance, 100 - 3.0 / 35, "bob balance");
    }

    void accountsAndSlurmJobsHaveTablesOfTheirOwn()
    {
        ReportOptions options;
        options.fromMs = kT0;
        options.toMs = kT0 + kHour;
        options.timeZone = QStringLiteral("UTC");
        ReportBuilder builder(options);
        for (Snapshot s : reportFixture()) {
            for (GpuProcess& p : s.processes) {
                if (p.user != QLatin1String("bob"))
                    continue;
                // bob's inference runs as Slurm job 57 of account vision;
                // its name is known from the second reading on.
                Workload w;
                w.kind = WorkloadKind::Slurm;
                w.id = QStringLiteral("57");
                if (s.timestampMs > kT0 + 30 * kMinute) {
                    w.name = QStringLiteral("infer");
                    w.partition = QStringLiteral("gpu");
                }
                p.workload = w;
                p.owner = ProcessOwner{QStringLiteral("bob"), QStringLiteral("vision"),
                                       QStringLiteral("Slurm job 57"), false};
            }
            builder.feed(s);
        }
        const Report r = builder.finish();
        QCOMPARE(r.accounts.size(), 2);
        QCOMPARE(r.accounts[0].account, QString()); // the use of owners with no account
        QCOMPARE(r.accounts[0].users, QStringList{QStringLiteral("alice")});
        QVERIFY(std::abs(r.accounts[0].gpuHours - 1.0 / 15) < kEps);
        QCOMPARE(r.accounts[1].account, QStringLiteral("vision"));
        QCOMPARE(r.accounts[1].users, QStringList{QStringLiteral("bob")});
        QVERIFY(std::abs(r.accounts[1].gpuHours - 3.0 / 140) < kEps);
        near(r.accounts[1].sharePercent, 100.0 / 7, "vision share");
        QCOMPARE(r.jobs.size(), 1);
        const JobReport& j = r.jobs[0];
        QCOMPARE(j.server, QStringLiteral("beta"));
        QCOMPARE(j.jobId, QStringLiteral("57"));
        QCOMPARE(j.name, QStringLiteral("infer"));
        QCOMPARE(j.partition, QStringLiteral("gpu"));
        QCOMPARE(j.user, QStringLiteral("bob"));
        QCOMPARE(j.account, QStringLiteral("vision"));
        QCOMPARE(j.gpus, 1);
        QCOMPARE(j.firstSeenMs, kT0 + 30 * kMinute);
        QCOMPARE(j.lastSeenMs, kT0 + 33 * kMinute);
        // 3 of 7 slices for 3 min, as the books count it.
        QVERIFY(std::abs(j.gpuHours - 3.0 / 140) < kEps);
    }

    // docs/health.md: a GPU degraded or failing in the range, or with XIDs
    // in it, has a row; one always ok has none; time is the range's only.
    void gpusNotOkOrWithXidsHaveAHealthRow()
    {
        ReportOptions options;
        options.fromMs = kT0;
        options.toMs = kT0 + kHour;
        options.timeZone = QStringLiteral("UTC");
        ReportBuilder builder(options);
        // Minutes −2 to 11: GPU 0 degraded from minute 3, failing from 6
        // (an XID 79 at 6, an XID 13 at 4 and one at −1, outside);
        // GPU 1 ok throughout.
        for (int m = -2; m <= 11; ++m) {
            Snapshot s = fixtureReading(QStringLiteral("node-h"), kT0 + m * kMinute);
            for (int i = 0; i < 2; ++i) {
                GpuSample g;
                g.index = i;
                g.uuid = QStringLiteral("GPU-h%1").arg(i);
                g.name = QStringLiteral("NVIDIA H100 80GB HBM3");
                g.utilizationGpuPercent = 10;
                g.healthFacts = GpuHealthFacts{};
                g.health = GpuHealth{HealthState::Ok, {}, std::nullopt};
                s.gpus << g;
            }
            GpuSample& g = s.gpus[0];
            if (m >= 6)
                g.health = GpuHealth{HealthState::Failing, {QStringLiteral("XID 79")}, kT0};
            else if (m >= 3)
                g.health = GpuHealth{HealthState::Degraded, {QStringLiteral("remap")}, kT0};
            const auto xid = [&](int code, int atMinute) {
                XidEvent x;
                x.xid = code;
                x.atMs = kT0 + atMinute * kMinute;
                g.healthFacts->xids << x;
            };
            if (m == -1)
                xid(13, -1);
            if (m == 4)
                xid(13, 4);
            if (m == 6)
                xid(79, 6);
            builder.feed(s);
        }
        const Report r = builder.finish();
        QCOMPARE(r.health.size(), 1);
        const GpuHealthReport& h = r.health.first();
        QCOMPARE(h.server, QStringLiteral("node-h"));
        QCOMPARE(h.gpuIndex, 0);
        QCOMPARE(h.gpuModel, QStringLiteral("NVIDIA H100 80GB HBM3"));
        QCOMPARE(h.worstState, QStringLiteral("failing"));
        QCOMPARE(h.degradedMs, 3 * kMinute); // readings at 3, 4, 5
        QCOMPARE(h.failingMs, 6 * kMinute);  // readings at 6 to 11
        QCOMPARE(h.xidCount, 2);             // the one at −1 is outside
        QCOMPARE(h.xids, (QList<int>{13, 79}));
        QCOMPARE(h.reasons, QStringList{QStringLiteral("XID 79")});
        const QByteArray csv = reportCsv(r);
        QByteArray row;
        for (const QByteArray& line : csv.split('\n'))
            if (line.startsWith("gpu_health,"))
                row = line;
        for (const char* cell :
             {",node-h,", ",GPU-h0,", ",failing,", ",0.05,", ",0.1,", ",2,", ",13 79,", ",XID 79"})
            QVERIFY2(row.contains(cell), row.constData());
    }

    void withoutAnyAccountThereIsNoAccountTable()
    {
        const Report r = fixtureReport();
        QVERIFY(r.accounts.isEmpty());
        QVERIFY(r.jobs.isEmpty());
    }

    void withoutPolicyQuotaAndTokensAreAbsent()
    {
        const Report r = fixtureReport(false);
        const UserReport* alice = user(r, QStringLiteral("alice"));
        QVERIFY(alice);
        QVERIFY(alice->sharePercent);
        QVERIFY(!alice->quotaPercent);
        QVERIFY(!alice->tokensCharged);
        QVERIFY(!alice->balance);
        // The defaults of [hog] and [idle] still decide busy and held idle.
        QCOMPARE(unit(r, QStringLiteral("alpha"))->busyMs, std::optional<qint64>(2 * kMinute));
    }

    void readingOutOfOrderIsSkippedAndSaid()
    {
        ReportOptions options;
        options.fromMs = kT0;
        options.toMs = kT0 + kHour;
        options.timeZone = QStringLiteral("UTC");
        ReportBuilder builder(options);
        builder.feed(alphaReading(1, 50, 0, 40, 100, false));
        builder.feed(alphaReading(0, 50, 0, 40, 100, false));
        const Report r = builder.finish();
        QCOMPARE(r.coverage[0].coveredMs, kMinute);
        QCOMPARE(r.warnings.size(), 1);
        QVERIFY2(r.warnings[0].contains(QStringLiteral("not after the last one")),
                 qPrintable(r.warnings[0]));
    }

    void heldIdleNeedsMemoryHeld()
    {
        ReportOptions options;
        options.fromMs = kT0;
        options.toMs = kT0 + kHour;
        options.timeZone = QStringLiteral("UTC");
        ReportBuilder builder(options);
        // Minute 0: alice's process holds 0 MiB at 0 % (not held); minute
        // 1: 2000 MiB at 0 % (held); minute 2: 2000 MiB at 10 %, not below
        // the default minimum of 10 % (not idle). Held idle: 1 min of 3.
        builder.feed(alphaReading(0, 0, 0, 40, 100, true));
        builder.feed(alphaReading(1, 0, 2000, 40, 100, true));
        builder.feed(alphaReading(2, 10, 2000, 40, 100, true));
        const Report r = builder.finish();
        QCOMPARE(unit(r, QStringLiteral("alpha"))->heldIdleMs, std::optional<qint64>(kMinute));
        QCOMPARE(unit(r, QStringLiteral("alpha"))->busyMs, std::optional<qint64>(0));
    }

    void emptyRangeHasNoFleet()
    {
        ReportOptions options;
        options.fromMs = kT0;
        options.toMs = kT0 + kHour;
        options.timeZone = QStringLiteral("UTC");
        const Report r = ReportBuilder(options).finish();
        QVERIFY(r.units.isEmpty());
        QVERIFY(!r.fleetGpuHours);
        QVERIFY(r.users.isEmpty());
    }

    // ---- The content fixture (reportfixture.h): events, findings, buckets.

    void contentPerUser()
    {
        const Report r = contentReport();
        QCOMPARE(r.users.size(), 2);
        const UserReport* alice = user(r, QStringLiteral("alice"));
        const UserReport* bob = user(r, QStringLiteral("bob"));
        QVERIFY(alice && bob);
        // Fair share over a 10 min window, capacity 2 GPUs, adaptive off:
        // alice's use is her GPU's utilisation (a lone process), so her share
        // at a reading is 100 / 2 = 50 % (even minutes) or 90 / 2 = 45 %
        // (odd). Judged once half the window is covered: at minute 4 (five
        // readings of 60 s); the mean of 50, 45, 50, 45, 50 = 48 > 40: the
        // event opens at T0 + 4 min. At minute 40 the window holds minutes
        // 31–40, alice in 31–39: (5 × 45 + 4 × 50) / 10 = 42.5 > 40, still
        // open; at minute 41 (32–41): (4 × 50 + 4 × 45) / 10 = 38 ≤ 40: it
        // ends at T0 + 41 min. Violation: 37 min = 37 / 60 h.
        near(alice->violationHours, 37.0 / 60, "alice violation hours");
        // Hog: ≥ 80 % from minute 0, judged at minute 9 (10 min of 60 s
        // readings), ends when the process is gone at minute 40: one event.
        QCOMPARE(alice->hogEvents, std::optional<int>(1));
        QCOMPARE(alice->idleEvents, std::optional<int>(0));
        // bob: 0 % holding 4000 MiB ≥ 1024 for 30 min: one idle event; his
        // use is 0, so no fair share, no hog.
        near(bob->violationHours, 0, "bob violation hours");
        QCOMPARE(bob->hogEvents, std::optional<int>(0));
        QCOMPARE(bob->idleEvents, std::optional<int>(1));
        // GPU-hours: alice 40 readings × 60 s = 40 min; bob 60 min. Fleet:
        // node-1 covered 60 + 30 min = 1.5 h × 2 GPUs = 3 GPU-hours. Shares
        // 2/3 / 3 = 22.2 % and 1 / 3 = 33.3 %; quotas 40 and the default
        // 100 (bob has no entry). Tokens at 3 a GPU-hour from 2.5: alice
        // pays 2 (0.5 left), bob 3 (−0.5).
        near(r.fleetGpuHours, 3, "fleet");
        near(alice->sharePercent, 100.0 * (2.0 / 3) / 3, "alice share");
        near(bob->sharePercent, 100.0 / 3, "bob share");
        near(alice->quotaPercent, 40, "alice quota");
        near(bob->quotaPercent, 100, "bob quota (the default: no entry)");
        near(alice->balance, 0.5, "alice balance");
        near(bob->balance, -0.5, "bob balance");
    }

    void contentFindings()
    {
        const Report r = contentReport();
        // Worst first by hours (a tie in kind order):
        //   held idle, bob: idle from T0 to the gap (minute 59 + one
        //     interval = 60 min): 1 h, one event → contact the owner;
        //   overdraft, bob: balance −0.5 after 1 GPU-hour (hours: his
        //     GPU-hours, 1);
        //   hog, alice: T0 to minute 40: 2/3 h;
        //   over quota, alice: 37 min of fair-share events;
        //   coverage, node-1: silent 30 of 120 min = 25 % > 5 %: 0.5 h.
        QCOMPARE(r.findings.size(), 5);
        const Finding& idle = r.findings[0];
        QCOMPARE(idle.kind, Finding::Kind::HeldIdle);
        QCOMPARE(idle.advice, Finding::Advice::ContactOwner);
        QCOMPARE(idle.user, QStringLiteral("bob"));
        QCOMPARE(idle.server, QStringLiteral("node-1"));
        QCOMPARE(idle.hours, 1.0);
        QCOMPARE(idle.text,
                 QStringLiteral("bob: 1.0 h holding idle GPUs (< 10 %) on node-1; GPUs held: 1"));
        QCOMPARE(idle.recommendation,
                 QStringLiteral("Contact bob; ask them to free the GPUs they do not use."));

        const Finding& overdraft = r.findings[1];
        QCOMPARE(overdraft.kind, Finding::Kind::Overdraft);
        QCOMPARE(overdraft.advice, Finding::Advice::ContactOwner);
        QCOMPARE(overdraft.user, QStringLiteral("bob"));
        QCOMPARE(overdraft.text, QStringLiteral("bob: balance -0.5 tokens at the end of the range, "
                                                "after 1.0 GPU-hours"));

        const Finding& hog = r.findings[2];
        QCOMPARE(hog.kind, Finding::Kind::Hog);
        QCOMPARE(hog.advice, Finding::Advice::ContactOwner);
        QCOMPARE(hog.server, QStringLiteral("node-1"));
        QCOMPARE(hog.user, QStringLiteral("alice"));
        QCOMPARE(hog.pid, qint64(500));
        QCOMPARE(hog.command, QStringLiteral("python train.py"));
        QCOMPARE(hog.unit, QStringLiteral("GPU 0"));
        QVERIFY(std::abs(hog.hours - 40.0 / 60) < kEps);
        QCOMPARE(hog.text,
                 QStringLiteral("python (PID 500, alice): 0.7 h at ≥ 80 % on node-1 GPU 0 "
                                "(expected quota: 40 %)"));
        QCOMPARE(
            hog.recommendation,
            QStringLiteral("Contact alice; if this is expected, raise their quota in [quota]."));

        const Finding& quota = r.findings[3];
        QCOMPARE(quota.kind, Finding::Kind::OverQuota);
        QCOMPARE(quota.advice, Finding::Advice::AdjustQuota);
        QCOMPARE(quota.user, QStringLiteral("alice"));
        QVERIFY(std::abs(quota.hours - 37.0 / 60) < kEps);
        // node-1 is the fleet's one server with GPUs: her share of it is
        // her share of the fleet.
        QCOMPARE(quota.text, QStringLiteral("alice: 22.2 % of node-1 (quota 40 %); 22.2 % of the "
                                            "fleet's GPU-hours; over quota on a server for 0.6 h"));

        const Finding& coverage = r.findings[4];
        QCOMPARE(coverage.kind, Finding::Kind::Coverage);
        QCOMPARE(coverage.advice, Finding::Advice::CheckAgent);
        QCOMPARE(coverage.server, QStringLiteral("node-1"));
        QCOMPARE(coverage.hours, 0.5);
        QCOMPARE(coverage.text, QStringLiteral("node-1: not heard from for 0.5 h of 2.0 h (25 %)"));
        QVERIFY(r.patterns.isEmpty()); // nobody held node-1 for 3 h
    }

    void recurringIdleAsksForEnforcement()
    {
        // bob's notebook twice idle (before and after the gap, each 30 min
        // and more at 0 %), [idle] action "notify": it recurs and nothing
        // enforces it.
        QList<Snapshot> trace = contentFixture();
        for (Snapshot& s : trace)
            if (s.timestampMs >= kT0 + 90 * kMinute)
                s.processes = nodeReading(0).processes.mid(1); // bob again
        const Report r = contentReport(trace);
        const UserReport* bob = user(r, QStringLiteral("bob"));
        QVERIFY(bob);
        QCOMPARE(bob->idleEvents, std::optional<int>(2));
        const Finding& idle = r.findings[0];
        QCOMPARE(idle.kind, Finding::Kind::HeldIdle);
        QCOMPARE(idle.advice, Finding::Advice::EnableEnforcement);
        QCOMPARE(idle.recommendation,
                 QStringLiteral("Contact bob; it recurs (2 idle events): set [idle] action = "
                                "\"terminate\" to free such GPUs."));
    }

    void sameAnswersAsReplay()
    {
        // Three servers interleaved (node-2 half a minute later), so that
        // the report's engines, one a core, share them out.
        const PolicyConfig policy = contentPolicy();
        QList<Snapshot> trace;
        for (const Snapshot& s : contentFixture())
            for (int n = 1; n <= 3; ++n) {
                Snapshot copy = s;
                copy.server = QStringLiteral("node-%1").arg(n);
                copy.timestampMs += n == 2 ? 30'000 : 0;
                trace << copy;
            }
        PolicyEngine::Options options;
        options.timeZone = QTimeZone::utc();
        qsizetype at = 0;
        const ReplayResult replay =
            replayReadings(policy, options, [&](QString*) -> std::optional<Snapshot> {
                if (at < trace.size())
                    return trace[at++];
                return std::nullopt;
            });
        QVERIFY(!replay.events.isEmpty());
        QMap<QString, std::array<int, 3>> counts;
        QMap<QString, qint64> fairMs;
        for (const PolicyEvent& e : replay.events) {
            ++counts[e.user][size_t(e.kind)];
            if (e.kind == PolicyEventKind::FairShare) {
                QVERIFY(e.endMs); // it ended inside the trace
                fairMs[e.user] += *e.endMs - e.startMs;
            }
        }
        const Report r = contentReport(trace);
        QCOMPARE(r.users.size(), 2);
        QCOMPARE(counts[QStringLiteral("alice")][size_t(PolicyEventKind::Hog)], 3);
        for (const UserReport& u : r.users) {
            QCOMPARE(u.hogEvents, std::optional<int>(counts[u.user][size_t(PolicyEventKind::Hog)]));
            QCOMPARE(u.idleEvents,
                     std::optional<int>(counts[u.user][size_t(PolicyEventKind::Idle)]));
            near(u.violationHours, double(fairMs[u.user]) / double(kHour), "violation vs replay");
        }
    }

    void chartBuckets()
    {
        const Report r = contentReport();
        const UnitReport* gpu0 = nullptr;
        for (const UnitReport& u : r.units)
            if (u.gpuUuid == QStringLiteral("GPU-n0"))
                gpu0 = &u;
        QVERIFY(gpu0);
        const QList<HistoryBucket>& b = gpu0->utilisationBuckets;
        // 2 h / 288 = 25 s a bucket.
        QCOMPARE(b.size(), kReportChartBuckets);
        QCOMPARE(b[0].startMs, kT0);
        QCOMPARE(b[0].endMs, kT0 + 25'000);
        QCOMPARE(b.last().endMs, kT0 + 2 * kHour);
        // Bucket 0: reading 0 (100 %) alone.
        QCOMPARE(b[0].count, qint64(1));
        QCOMPARE(b[0].mean, 100.0);
        // Bucket 2, [50 s, 75 s): reading 0 for 10 s at 100, reading 1 for
        // 15 s at 90: mean (1000 + 1350) / 25 = 94, min 90, max 100.
        QCOMPARE(b[2].count, qint64(2));
        QCOMPARE(b[2].mean, 94.0);
        QCOMPARE(b[2].min, 90.0);
        QCOMPARE(b[2].max, 100.0);
        QVERIFY(!b[2].gapBefore);
        // Bucket 143 [3575 s, 3600 s): reading 59 at 0 %. 144: in the gap.
        QCOMPARE(b[143].count, qint64(1));
        QCOMPARE(b[143].mean, 0.0);
        QCOMPARE(b[144].count, qint64(0));
        QVERIFY(std::isnan(b[144].mean));
        // Bucket 216 [5400 s, 5425 s): reading 90, the first after the gap.
        QVERIFY(b[216].gapBefore);
        QCOMPARE(b[216].count, qint64(1));
        // historyGaps reads the buckets as the report's gap: minute 60 to 90.
        const auto gaps = historyGaps(b);
        QCOMPARE(gaps.size(), 1);
        QCOMPARE(gaps[0].first, kT0 + 60 * kMinute);
        QCOMPARE(gaps[0].second, kT0 + 90 * kMinute);
        QCOMPARE(r.coverage[0].gaps.size(), 1);
        QCOMPARE(r.coverage[0].gaps[0].fromMs, gaps[0].first);
        QCOMPARE(r.coverage[0].gaps[0].toMs, gaps[0].second);

        // The first fixture: a MIG instance has no buckets; the GPU in MIG
        // mode has 288, all empty (no utilisation).
        const Report first = fixtureReport();
        QVERIFY(unit(first, QStringLiteral("beta"), QStringLiteral("MIG-b0-1"))
                    ->utilisationBuckets.isEmpty());
        const UnitReport* beta = unit(first, QStringLiteral("beta"));
        QCOMPARE(beta->utilisationBuckets.size(), kReportChartBuckets);
        for (const HistoryBucket& bucket : beta->utilisationBuckets)
            QCOMPARE(bucket.count, qint64(0));
    }

    void outOfOrderReadingChangesNothing()
    {
        QList<Snapshot> trace = contentFixture();
        trace.insert(21, nodeReading(10)); // after minute 20: refused
        const Report clean = contentReport();
        const Report r = contentReport(trace);
        QVERIFY(r.warnings.join(u'\n').contains(QStringLiteral("not after the last one")));
        QCOMPARE(r.users, clean.users);
        QCOMPARE(r.findings, clean.findings);
        // Empty buckets hold NaN, which equals nothing: compared apart.
        QCOMPARE(r.units.size(), clean.units.size());
        for (qsizetype i = 0; i < r.units.size(); ++i) {
            UnitReport a = r.units[i], b = clean.units[i];
            QCOMPARE(a.utilisationBuckets.size(), b.utilisationBuckets.size());
            for (qsizetype j = 0; j < a.utilisationBuckets.size(); ++j) {
                const HistoryBucket &x = a.utilisationBuckets[j], &y = b.utilisationBuckets[j];
                QCOMPARE(x.count, y.count);
                QCOMPARE(x.gapBefore, y.gapBefore);
                if (x.count > 0)
                    QVERIFY(x.mean == y.mean && x.min == y.min && x.max == y.max);
            }
            a.utilisationBuckets.clear();
            b.utilisationBuckets.clear();
            QCOMPARE(a, b);
        }
    }

    void withoutPolicyTheDefaultsFindEvents()
    {
        // Default [hog] (80 %, 10 min): alice's hog; default [idle] (10 %,
        // 30 min, 1024 MiB; power limit unknown, so power does not decide):
        // bob's idle hold. No quotas without a policy.
        ReportOptions options;
        options.fromMs = kT0;
        options.toMs = kT0 + 2 * kHour;
        options.timeZone = QStringLiteral("UTC");
        ReportBuilder builder(options);
        for (const Snapshot& s : contentFixture())
            builder.feed(s);
        const Report r = builder.finish();
        const UserReport* alice = user(r, QStringLiteral("alice"));
        const UserReport* bob = user(r, QStringLiteral("bob"));
        QVERIFY(alice && bob);
        QCOMPARE(alice->hogEvents, std::optional<int>(1));
        QCOMPARE(bob->idleEvents, std::optional<int>(1));
        QVERIFY(alice->violationHours.has_value());
        QVERIFY(!alice->quotaPercent);
        QVERIFY(!bob->balance);
    }

    void nightlyPatternAcrossDst()
    {
        // carol holds node-2 from 20:00 to 06:00 Berlin time every night,
        // 2026-10-23 12:00 to 10-27 12:00 local; summer time ends on 10-25
        // at 03:00 (02:00–03:00 comes twice). Hours 20–23 are covered on
        // the 23rd–26th, 0–5 on the 24th–27th: 4 days each, held on all 4.
        const QTimeZone berlin("Europe/Berlin");
        QVERIFY(berlin.isValid());
        const QList<Snapshot> trace = nightlyTrace(berlin);
        const qint64 from =
            QDateTime(QDate(2026, 10, 23), QTime(12, 0), berlin).toMSecsSinceEpoch();
        const qint64 to = QDateTime(QDate(2026, 10, 27), QTime(12, 0), berlin).toMSecsSinceEpoch();
        const Report r = patternReport(trace, from, to, QStringLiteral("Europe/Berlin"));
        QCOMPARE(r.patterns.size(), 1);
        const TimePattern& p = r.patterns[0];
        QCOMPARE(p.user, QStringLiteral("carol"));
        QCOMPARE(p.server, QStringLiteral("node-2"));
        QCOMPARE(p.fromMinute, 20 * 60);
        QCOMPARE(p.toMinute, 6 * 60);
        QCOMPARE(p.days, 4);
        QCOMPARE(p.daysCovered, 4);
        QCOMPARE(p.text, QStringLiteral("carol's jobs hold node-2 every night 20:00–06:00"));

        // The same readings in UTC: 18:00–04:00 before the change, 19:00–
        // 05:00 after. Hour 18 is held on 2 of 4 days and hour 4 on 3 of 4
        // (the first night ends at 04:00), both under 80 %: 19:00–04:00.
        const Report utc = patternReport(trace, from, to, QStringLiteral("UTC"));
        QCOMPARE(utc.patterns.size(), 1);
        QCOMPARE(utc.patterns[0].fromMinute, 19 * 60);
        QCOMPARE(utc.patterns[0].toMinute, 4 * 60);
        QCOMPARE(utc.patterns[0].days, 4);
        QCOMPARE(utc.patterns[0].text,
                 QStringLiteral("carol's jobs hold node-2 every night 19:00–04:00"));
    }

    void heldWithinADay()
    {
        // One day, 2026-11-02 12:00 to 11-03 12:00 UTC: every hour of the
        // day is covered once, so no daily rule; carol's 20:00–06:00 run of
        // 10 h (≥ 3 h) is reported as held.
        const QTimeZone utc = QTimeZone::utc();
        QList<Snapshot> trace;
        const qint64 from = QDateTime(QDate(2026, 11, 2), QTime(12, 0), utc).toMSecsSinceEpoch();
        for (qint64 t = from; t < from + 24 * kHour; t += kMinute)
            trace << carolReading(t, QDateTime::fromMSecsSinceEpoch(t, utc).time().hour());
        const Report r = patternReport(trace, from, from + 24 * kHour, QStringLiteral("UTC"));
        QCOMPARE(r.patterns.size(), 1);
        QCOMPARE(r.patterns[0].fromMinute, 20 * 60);
        QCOMPARE(r.patterns[0].toMinute, 6 * 60);
        QCOMPARE(r.patterns[0].days, 1);
        QCOMPARE(r.patterns[0].text, QStringLiteral("carol held node-2 20:00–06:00"));
    }

    void twoGpusWithOneUuidAreBothHeld()
    {
        // A driver reporting one uuid for two GPUs: they are one unit (the
        // uuid is the key), and a process on that uuid holds both (each GPU
        // looks through the processes), at 0 %: the unit is covered 2 × 60 s
        // and held idle 2 × 60 s.
        Snapshot s = nodeReading(0);
        s.gpus[1].uuid = s.gpus[0].uuid;
        s.gpus[0].utilizationGpuPercent = 0;
        s.processes = s.processes.mid(0, 1); // alice's, on GPU-n0
        ReportOptions options;
        options.fromMs = kT0;
        options.toMs = kT0 + kHour;
        options.timeZone = QStringLiteral("UTC");
        ReportBuilder builder(options);
        builder.feed(s);
        const Report r = builder.finish();
        QCOMPARE(r.units.size(), 1);
        QCOMPARE(r.units[0].coveredMs, 2 * kMinute);
        QCOMPARE(r.units[0].heldIdleMs, std::optional<qint64>(2 * kMinute));
    }

    void coverageFindingAboveFivePercent()
    {
        // A server heard for 57 of 60 min (silent 5 %, not more): no
        // finding; for 56 min (silent 4 min, 6.7 %): a finding of 4 min.
        for (const int minutes : {57, 56}) {
            ReportOptions options;
            options.fromMs = kT0;
            options.toMs = kT0 + kHour;
            options.timeZone = QStringLiteral("UTC");
            ReportBuilder builder(options);
            for (int m = 0; m < minutes; ++m) {
                Snapshot s = nodeReading(m);
                s.processes.clear();
                builder.feed(s);
            }
            const Report r = builder.finish();
            QCOMPARE(r.coverage[0].coveredMs, minutes * kMinute);
            if (minutes == 57) {
                QVERIFY(r.findings.isEmpty());
            } else {
                QCOMPARE(r.findings.size(), 1);
                QCOMPARE(r.findings[0].kind, Finding::Kind::Coverage);
                QVERIFY(std::abs(r.findings[0].hours - 4.0 / 60) < kEps);
                QCOMPARE(r.findings[0].text,
                         QStringLiteral("node-1: not heard from for 0.1 h of 1.0 h (6.7 %)"));
            }
        }
    }

    void unknownZoneIsSaid()
    {
        const Report r = patternReport({}, kT0, kT0 + kHour, QStringLiteral("Mars/Olympus"));
        QVERIFY(r.warnings.join(u'\n').contains(QStringLiteral("Mars/Olympus")));
    }
};

QTEST_GUILESS_MAIN(TestReportBuilder)
#include "tst_reportbuilder.moc"
