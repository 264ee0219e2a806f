// Who owns each GPU process (docs/owners.md), per reading. Prints one
// name=value per line; figures, not pass/fail.
//
//   machine_reference_ms     sorting 1,000,000 ints, for comparing machines
//   owners_steady_us_200     OwnerAttribution::attribute of a reading of 8 GPUs
//                            and 200 processes (containers, Slurm jobs and host
//                            users, every name known: the steady state), per
//                            reading, median of 9 runs of 500 readings
//   owners_steady_us_1600    the same with 200 processes on each of the 8 GPUs
//   owners_decide_us_200     the same reading decided afresh every time (rules
//                            replaced before each one): what the keeping saves
//   owners_cold_ms_200       200 new containers: the first reading until every
//                            owner is known, against a stand-in daemon on a
//                            Unix socket that answers each inspect at once (the
//                            runtime's own answer time comes on top), 8 asked at
//                            once
#include "owners/ownerattribution.h"
#include "ownertests.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QRandomGenerator>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>
#include <vector>

using namespace gw;
using namespace gw::owners;

namespace {

QString containerId(int i)
{
    return QStringLiteral("%1").arg(i, 64, 16, QLatin1Char('0'));
}

// A lab's server: a third in Podman containers (root, labelled), a third in
// Slurm jobs, a third host users.
Snapshot labReading(int processes)
{
    Snapshot s;
    s.server = QStringLiteral("gpu-node-1");
    for (int g = 0; g < 8; ++g) {
        GpuSample gpu;
        gpu.index = g;
        gpu.uuid = QStringLiteral("GPU-%1").arg(g);
        s.gpus << gpu;
    }
    for (int i = 0; i < processes; ++i) {
        GpuProcess p;
        p.pid = 10'000 + i;
        p.startTimeMs = 1'000'000 + i;
        p.gpuUuid = s.gpus[i % 8].uuid;
        Workload w;
        switch (i % 3) {
        case 0:
            p.uid = 0;
            p.user = QStringLiteral("root");
            w.kind = WorkloadKind::Podman;
            w.id = containerId(i);
            w.cgroupPath = QStringLiteral("/libpod_parent/libpod-") + w.id;
            break;
        case 1:
            p.uid = 1001;
            p.user = QStringLiteral("gwbob");
            w.kind = WorkloadKind::Slurm;
            w.id = QString::number(500 + i);
            w.cgroupPath = QStringLiteral("/slurm/uid_1001/job_%1/step_0").arg(w.id);
            break;
        default:
            p.uid = 1000 + uint(i % 20);
            p.user = QStringLiteral("user%1").arg(i % 20);
            w.kind = WorkloadKind::Session;
            w.id = QString::number(i % 20);
            w.cgroupPath = QStringLiteral("/user.slice/user-%1.slice/session-%2.scope")
                               .arg(p.uid.value_or(0))
                               .arg(w.id);
            break;
        }
        p.workload = w;
        s.processes << p;
    }
    return s;
}

// The stand-in daemon: each inspect answered with a container labelled for
// a person, at once.
struct Daemon : gw::test::FakeEngine
{
    explicit Daemon(const QString& path)
        : FakeEngine(path)
    {
        answer = [](const QByteArray& request) -> QByteArray {
            const qsizetype at = request.indexOf("/containers/") + 12;
            const QByteArray id = request.mid(at, 64);
            const QByteArray body = "{\"Id\":\"" + id + "\",\"Name\":\"/job-" + id.right(4) +
                                    "\",\"Config\":{\"Image\":\"pytorch\",\"User\":\"\",\"Labels\":"
                                    "{\"gpuwarden.user\":\"alice\"}},\"State\":{\"Pid\":1,"
                                    "\"Running\":true}}";
            return "HTTP/1.1 200 OK\r\nContent-Length: " + QByteArray::number(body.size()) +
                   "\r\n\r\n" + body;
        };
    }
};

double machineReferenceMs()
{
    std::vector<int> v(1'000'000);
    QRandomGenerator rng(42);
    for (int& x : v)
        x = int(rng.generate());
    QElapsedTimer t;
    t.start();
    std::sort(v.begin(), v.end());
    return double(t.nsecsElapsed()) / 1e6;
}

// Median of 9 runs of `readings` attributions, in µs per reading. Each
// reading is a copy of `fresh` made before the clock starts (as a sampler
// hands it over: facts without names).
double perReadingUs(OwnerAttribution& a, const Snapshot& fresh, int readings, bool decideAgain)
{
    std::vector<double> runs;
    for (int run = 0; run < 9; ++run) {
        std::vector<Snapshot> batch(size_t(readings), fresh);
        for (Snapshot& s : batch)
            s.processes.detach();
        qint64 excluded = 0;
        QElapsedTimer t;
        t.start();
        for (Snapshot& s : batch) {
            if (decideAgain) {
                QElapsedTimer r;
                r.start();
                a.setRules(OwnerRules{});
                excluded += r.nsecsElapsed();
            }
            a.attribute(s);
        }
        runs.push_back(double(t.nsecsElapsed() - excluded) / 1e3 / readings);
    }
    std::sort(runs.begin(), runs.end());
    return runs[runs.size() / 2];
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    QTemporaryDir dir;
    Daemon daemon(dir.filePath(QStringLiteral("podman.sock")));
    OwnerResolver::Options options;
    options.podmanSocket = dir.filePath(QStringLiteral("podman.sock"));
    options.dockerSocket.clear();
    options.scontrol.clear(); // jobs keep their Slurm uid's user: no scontrol here
    options.timeoutMs = 10'000;

    std::printf("machine_reference_ms=%.1f\n", machineReferenceMs());

    for (const int processes : {200, 1600}) {
        OwnerAttribution a(options);
        const Snapshot fresh = labReading(processes);
        QElapsedTimer cold;
        cold.start();
        Snapshot first = fresh;
        a.attribute(first);
        // Until every container's owner came from its label.
        for (;;) {
            a.settle(10'000);
            Snapshot s = fresh;
            a.attribute(s);
            const bool known =
                std::all_of(s.processes.cbegin(), s.processes.cend(), [](const GpuProcess& p) {
                    return p.workload->kind != WorkloadKind::Podman ||
                           p.ownerName() == QLatin1String("alice");
                });
            if (known || cold.elapsed() > 60'000)
                break;
        }
        if (processes == 200)
            std::printf("owners_cold_ms_200=%.1f\n", double(cold.nsecsElapsed()) / 1e6);
        std::printf("owners_steady_us_%d=%.1f\n", processes,
                    perReadingUs(a, fresh, processes == 200 ? 500 : 100, false));
        if (processes == 200)
            std::printf("owners_decide_us_200=%.1f\n", perReadingUs(a, fresh, 200, true));
    }
    return 0;
}
