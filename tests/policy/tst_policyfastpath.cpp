// The engine's fast paths (Options::fastPaths: a process's GPU taken from
// its position in the previous reading, hog and idle runs looked up only for
// pids that may have one) against the engine without them, on randomised
// traces made to defeat them: processes that come, go, move position and
// reuse pids; GPU uuids shared with the process's or copied, GPUs reordered,
// missing, failing or listed twice; MIG processes, the driver's figure,
// exemptions, gaps, a clock set back, every hog scope. Every step's changes
// and requests, the open events and the status are the same, to the last
// field.

#include "policy/policyconfig.h"
#include "policy/policyengine.h"
#include "policy/policyevent.h"

#include <QTest>

#include <random>

using namespace gw;

namespace {

constexpr qint64 kT0 = 1'790'000'000'000;

struct Job
{
    qint64 pid = 0;
    qint64 startMs = 0;
    int gpu = 0;
    int user = 0;
    double busy = 0;
    double memoryMiB = 0;
    bool mig = false;
    bool driverFigure = false;
    bool exempt = false;
};

class Trace
{
public:
    explicit Trace(quint32 seed)
        : m_rng(seed)
    {
        for (int g = 0; g < 6; ++g)
            m_uuids << QStringLiteral("GPU-%1").arg(g);
        m_jobs.resize(14);
        for (Job& j : m_jobs)
            restart(j, kT0);
    }

    // The next reading of `server`, `stepMs` after the last.
    Snapshot next(const QString& server, qint64 t)
    {
        Snapshot r;
        r.server = server;
        r.timestampMs = t;
        r.intervalMs = 1000;
        // Some jobs end, pids are reused with a new start time.
        for (Job& j : m_jobs)
            if (chance(0.01))
                restart(j, t, chance(0.3) ? j.pid : -1);
        // The GPUs: now and then reordered, one missing, one failing, one
        // listed twice, or their uuids fresh copies (same text, new data).
        QList<int> order = {0, 1, 2, 3, 4, 5};
        if (chance(0.05))
            std::shuffle(order.begin(), order.end(), m_rng);
        if (chance(0.03))
            order.removeAt(int(pick(0, int(order.size()) - 1)));
        if (chance(0.01))
            order << order.front();
        const bool copies = chance(0.05);
        const int failing = chance(0.03) ? order[pick(0, int(order.size()) - 1)] : -1;
        double util[6] = {};
        QList<GpuProcess> processes;
        for (const Job& j : m_jobs) {
            const double u = std::clamp(j.busy + uniform(-4, 4), 0.0, 100.0);
            util[j.gpu] = std::min(100.0, util[j.gpu] + u / 2);
            GpuProcess p;
            p.pid = j.pid;
            if (!chance(0.02))
                p.startTimeMs = j.startMs;
            p.uid = 1000u + uint(j.user);
            p.user = QStringLiteral("user%1").arg(j.user);
            p.command = j.busy > 50 ? QStringLiteral("python train.py")
                                    : QStringLiteral("jupyter-notebook");
            p.gpuUuid = chance(0.1) ? QString(m_uuids[j.gpu].data(), m_uuids[j.gpu].size())
                                    : m_uuids[j.gpu];
            if (j.mig)
                p.migUuid = QStringLiteral("MIG-%1-a").arg(j.gpu);
            p.usedMemoryMiB = j.memoryMiB + (chance(0.05) ? uniform(-2000, 2000) : 0);
            if (j.driverFigure)
                p.smUtilPercent = u;
            if (j.exempt) {
                Workload w;
                w.kind = WorkloadKind::Kubernetes;
                w.id = QStringLiteral("c%1").arg(j.pid);
                w.podUid = QStringLiteral("pod-%1").arg(j.user);
                w.namespaceName = QStringLiteral("kube-system");
                p.workload = w;
                p.owner = ProcessOwner{QStringLiteral("svc%1").arg(j.user), QStringLiteral("ops"),
                                       QStringLiteral("pod"), true};
            } else if (j.user % 3 == 0) {
                p.owner = ProcessOwner{QStringLiteral("owner%1").arg(j.user),
                                       QStringLiteral("acct%1").arg(j.user % 2),
                                       QStringLiteral("rule"), false};
            }
            processes << p;
        }
        // Processes listed in another order now and then.
        if (chance(0.05))
            std::shuffle(processes.begin(), processes.end(), m_rng);
        else if (chance(0.05) && processes.size() > 1)
            processes.swapItemsAt(0, processes.size() - 1);
        r.processes = processes;
        for (int g : order) {
            GpuSample s;
            s.index = g;
            s.uuid = copies ? QString(m_uuids[g].data(), m_uuids[g].size()) : m_uuids[g];
            if (g == failing) {
                s.error = QStringLiteral("GPU is lost");
            } else {
                s.utilizationGpuPercent = util[g];
                s.memoryTotalMiB = 81920;
                s.powerW = 50 + util[g] * 3;
                s.powerLimitW = 400;
            }
            if (g == 5) {
                s.migEnabled = true;
                s.migSliceCount = 7;
                s.utilizationGpuPercent.reset();
                MigInstance m;
                m.uuid = QStringLiteral("MIG-5-a");
                m.computeSlices = 3;
                s.migInstances << m;
            }
            r.gpus << s;
        }
        return r;
    }

private:
    bool chance(double p) { return std::uniform_real_distribution<double>(0, 1)(m_rng) < p; }
    double uniform(double a, double b)
    {
        return std::uniform_real_distribution<double>(a, b)(m_rng);
    }
    int pick(int a, int b) { return std::uniform_int_distribution<int>(a, b)(m_rng); }

    void restart(Job& j, qint64 t, qint64 pid = -1)
    {
        j.pid = pid >= 0 ? pid : 2000 + pick(0, 60); // few pids: they collide in the filter
        j.startMs = t - pick(0, 100'000);
        j.gpu = pick(0, 5);
        j.user = pick(0, 7);
        const double kind = uniform(0, 1);
        j.busy = kind < 0.35 ? 2 : kind < 0.5 ? 60 : 97;
        j.memoryMiB = uniform(500, 30000);
        j.mig = j.gpu == 5 && chance(0.7);
        j.driverFigure = chance(0.15);
        j.exempt = chance(0.05);
    }

    std::mt19937 m_rng;
    QStringList m_uuids;
    std::vector<Job> m_jobs;
};

PolicyConfig policyFor(HogScope scope)
{
    PolicyConfig p;
    p.hog.thresholdPercent = 55;
    p.hog.durationMs = 20'000;
    p.hog.scope = scope;
    p.idle.timeWindowMs = 40'000;
    p.idle.minMemoryMib = 1024;
    p.idle.action = IdleAction::Terminate;
    p.idle.warningsMs = {20'000, 5'000};
    p.quota.windowMs = 5 * 60'000;
    p.quota.defaultSharePercent = 15;
    p.quota.users = {QuotaShare{QStringLiteral("user1"), 30, {}},
                     QuotaShare{QStringLiteral("owner3"), 5, {}}};
    p.exempt.namespaces = {QStringLiteral("kube-system")};
    return p;
}

} // namespace

class TestPolicyFastPath : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sameAsFullPath_data()
    {
        QTest::addColumn<int>("scope");
        QTest::addColumn<quint32>("seed");
        const HogScope scopes[] = {HogScope::Process, HogScope::User, HogScope::Workload,
                                   HogScope::Account};
        for (const HogScope scope : scopes)
            for (quint32 seed : {1u, 2u, 3u})
                QTest::addRow("%s-%u", qPrintable(hogScopeName(scope)), seed) << int(scope) << seed;
    }

    void sameAsFullPath()
    {
        QFETCH(int, scope);
        QFETCH(quint32, seed);
        const PolicyConfig policy = policyFor(HogScope(scope));
        PolicyEngine::Options fastOptions;
        fastOptions.enforcing = true;
        fastOptions.timeZone = QTimeZone::utc();
        PolicyEngine::Options fullOptions = fastOptions;
        fullOptions.fastPaths = false;
        PolicyEngine fast(policy, fastOptions);
        PolicyEngine full(policy, fullOptions);

        const QStringList servers = {QStringLiteral("a"), QStringLiteral("b")};
        std::vector<Trace> traces;
        for (qsizetype s = 0; s < servers.size(); ++s)
            traces.emplace_back(seed * 10 + quint32(s));
        std::mt19937 rng(seed);
        qint64 t = kT0;
        int changes = 0;
        int kinds[3] = {};
        for (int step = 0; step < 1500; ++step) {
            // Mostly 1 s apart; now and then a gap, or the clock set back.
            const int roll = std::uniform_int_distribution<int>(0, 399)(rng);
            t += roll == 0 ? 30'000 : roll == 1 ? -20'000 : 1000;
            for (qsizetype s = 0; s < servers.size(); ++s) {
                const Snapshot r = traces[size_t(s)].next(servers[s], t + s);
                const PolicyStep a = fast.feed(r);
                const PolicyStep b = full.feed(r);
                QCOMPARE(a.changed, b.changed);
                QCOMPARE(a.enforce, b.enforce);
                changes += int(a.changed.size());
                for (const PolicyEvent& e : a.changed)
                    ++kinds[int(e.kind)];
                if (step % 100 == 0)
                    QCOMPARE(fast.status(servers[s]), full.status(servers[s]));
            }
        }
        QCOMPARE(fast.openEvents(), full.openEvents());
        for (const QString& s : servers)
            QCOMPARE(fast.status(s), full.status(s));
        QCOMPARE(fast.refusedCount(), full.refusedCount());
        // The trace exercised the rules: events of every kind came and went.
        QVERIFY2(changes > 50, qPrintable(QString::number(changes)));
        QVERIFY2(kinds[0] > 0 && kinds[1] > 0 && kinds[2] > 0,
                 qPrintable(QStringLiteral("%1 %2 %3").arg(kinds[0]).arg(kinds[1]).arg(kinds[2])));
    }
};

QTEST_GUILESS_MAIN(TestPolicyFastPath)
#include "tst_policyfastpath.moc"
