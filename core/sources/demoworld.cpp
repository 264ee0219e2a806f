#include "sources/demoworld.h"

#include <QCoreApplication>
#include <QDateTime>

#include <cmath>
#include <numbers>

namespace gw {

namespace {

constexpr qint64 kMinute = 60'000;
constexpr qint64 kHour = 60 * kMinute;
// The demo's jobs all started at one fixed moment (2026-11-06), so a
// process keeps one identity (pid + start time) however long the demo runs.
constexpr qint64 kJobsStartedMs = 1794000000000;

// Deterministic noise in [0, 1) from a time bucket and a stream id.
double noise(qint64 bucket, quint32 stream)
{
    quint64 x = quint64(bucket) * 0x9E3779B97F4A7C15ull ^ (quint64(stream) << 32 | stream);
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdull;
    x ^= x >> 33;
    x *= 0xc4ceb3fe1a85ec53ull;
    x ^= x >> 33;
    return double(x >> 11) / double(1ull << 53);
}

// Smooth noise: interpolates between per-5-s buckets so charts look sampled,
// not random.
double smooth(qint64 ms, quint32 stream)
{
    const qint64 b = ms / 5000;
    const double f = double(ms % 5000) / 5000.0;
    return noise(b, stream) * (1 - f) + noise(b + 1, stream) * f;
}

struct GpuModel
{
    const char* name;
    double memoryMiB;
    double idleW;
    double limitW;
    double maxSmMHz;
    bool hasFan;
};

constexpr GpuModel kA100{"NVIDIA A100-SXM4-80GB", 81920, 55, 400, 1410, false};
constexpr GpuModel kL40S{"NVIDIA L40S", 46068, 35, 350, 2520, true};
constexpr GpuModel kH100{"NVIDIA H100 80GB HBM3", 81559, 70, 700, 1980, false};

struct Job
{
    qint64 pid;
    const char* user;
    uint uid;
    const char* command;
};

GpuSample makeGpu(const QString& server, int index, const GpuModel& m, double util, double memMiB,
                  qint64 ms, quint32 stream)
{
    GpuSample g;
    g.index = index;
    g.vendor = QStringLiteral("nvidia");
    g.name = QString::fromLatin1(m.name);
    // Stable, distinct UUID per server and slot.
    const quint32 h = qHash(server) & 0xFFFFFFu;
    g.uuid = QStringLiteral("GPU-%1-%2-4d00-8000-%3")
                 .arg(h, 8, 16, QLatin1Char('0'))
                 .arg(index, 4, 16, QLatin1Char('0'))
                 .arg(quint64(h) * 31 + quint64(index), 12, 16, QLatin1Char('0'));
    g.pciBusId = QStringLiteral("00000000:%1:00.0")
                     .arg(0x17 + index * 0x20, 2, 16, QLatin1Char('0'))
                     .toUpper();
    util = std::clamp(util, 0.0, 100.0);
    g.utilizationGpuPercent = std::round(util);
    g.utilizationMemoryPercent = std::round(util * 0.6 * (0.8 + 0.4 * smooth(ms, stream + 7)));
    g.memoryTotalMiB = m.memoryMiB;
    g.memoryUsedMiB = std::round(std::min(memMiB + 4, m.memoryMiB));
    g.temperatureC = std::round(31 + util * 0.42 + 3 * smooth(ms, stream + 11));
    g.powerLimitW = m.limitW;
    g.powerW = std::round((m.idleW + (m.limitW - m.idleW) * 0.92 * util / 100.0 +
                           6 * smooth(ms, stream + 13)) *
                          100) /
               100;
    g.smClockMHz = util > 2 ? m.maxSmMHz : 210;
    if (m.hasFan)
        g.fanPercent = std::round(30 + util * 0.5);
    g.persistenceMode = true;
    return g;
}

// Where a scripted job runs and who owns it, as a lab's agent would say it
// (docs/owners.md): made once, copied into every reading (its strings are
// shared, so a reading allocates nothing for them).
struct Owned
{
    Workload workload;
    ProcessOwner owner;
};

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(gw::owners)
};

Workload container(WorkloadKind kind, const char* id, const char* name, const char* image,
                   QHash<QString, QString> labels = {})
{
    Workload w;
    w.kind = kind;
    w.id = QString::fromLatin1(id).repeated(64).left(64); // 64 hex digits, as a runtime has them
    w.name = QString::fromLatin1(name);
    w.image = QString::fromLatin1(image);
    w.labels = std::move(labels);
    w.cgroupPath = kind == WorkloadKind::Docker
                       ? QStringLiteral("/system.slice/docker-%1.scope").arg(w.id)
                       : QStringLiteral("/machine.slice/libpod-%1.scope").arg(w.id);
    return w;
}

Workload slurmJob(const char* job, uint uid, const char* name, const char* partition)
{
    Workload w;
    w.kind = WorkloadKind::Slurm;
    w.id = QString::fromLatin1(job);
    w.step = QStringLiteral("batch");
    w.uid = uid;
    w.name = QString::fromLatin1(name);
    w.partition = QString::fromLatin1(partition);
    w.cgroupPath = QStringLiteral("/slurm/uid_%1/job_%2/step_batch").arg(uid).arg(w.id);
    return w;
}

Workload pod(const char* podUid, const char* ns, const char* name, const char* containerName,
             const char* image, QHash<QString, QString> labels = {})
{
    Workload w;
    w.kind = WorkloadKind::Kubernetes;
    w.podUid = QString::fromLatin1(podUid);
    w.runtime = QStringLiteral("containerd");
    w.id = QStringLiteral("5e1f").repeated(16);
    w.namespaceName = QString::fromLatin1(ns);
    w.name = QString::fromLatin1(name);
    w.containerName = QString::fromLatin1(containerName);
    w.image = QString::fromLatin1(image);
    w.labels = std::move(labels);
    QString slice = w.podUid;
    slice.replace(u'-', u'_');
    w.cgroupPath = QStringLiteral("/kubepods.slice/kubepods-pod%1.slice/cri-containerd-%2.scope")
                       .arg(slice, w.id);
    return w;
}

Workload session(const char* id, uint uid)
{
    Workload w;
    w.kind = WorkloadKind::Session;
    w.id = QString::fromLatin1(id);
    w.uid = uid;
    w.cgroupPath = QStringLiteral("/user.slice/user-%1.slice/session-%2.scope").arg(uid).arg(w.id);
    return w;
}

ProcessOwner owner(const char* user, const char* account, QString because, bool isWorkload = false)
{
    return {QString::fromLatin1(user), QString::fromLatin1(account), std::move(because),
            isWorkload};
}

QHash<QString, QString> userLabel(const char* user)
{
    return {{QStringLiteral("gpuwarden.user"), QString::fromLatin1(user)}};
}

// The scripted servers' jobs by pid. gpu-lab-01: alice at a login shell,
// bob's notebook in his own rootless Podman container, carol's evaluation
// a Slurm job of account nlp. gpu-lab-02: dave's Triton in a Docker
// container run as root, labelled gpuwarden.user=dave; eve's fine-tune a
// Slurm job of account vision. infer-03: svc-infer serves from a
// Kubernetes pod of namespace vision; on the MIG GPU alice and bob as on
// gpu-lab-01, and an embedding service in a Podman container run as root
// that no rule names: its owner is the container.
const QHash<qint64, Owned>& scriptedOwners()
{
    static const QHash<qint64, Owned> owned = [] {
        const QString hostUser = Tr::tr("the process's user");
        QHash<qint64, Owned> o;
        o.insert(2101, {session("4", 1001), owner("alice", "", hostUser)});
        o.insert(3377, {container(WorkloadKind::Podman, "b0b", "bob-notebook",
                                  "quay.io/jupyter/pytorch-notebook:cuda12"),
                        owner("bob", "", hostUser)});
        o.insert(4512, {slurmJob("4711", 1003, "eval-ckpt", "a100"),
                        owner("carol", "nlp", Tr::tr("Slurm job %1").arg(4711))});
        Workload triton = container(WorkloadKind::Docker, "7e1", "triton",
                                    "nvcr.io/nvidia/tritonserver:24.10-py3", userLabel("dave"));
        triton.labels.insert(QStringLiteral("gpuwarden.account"), QStringLiteral("inference"));
        o.insert(5120, {triton, owner("dave", "inference",
                                      Tr::tr("label %1 of %2")
                                          .arg(QStringLiteral("gpuwarden.user"),
                                               Tr::tr("container %1").arg(triton.name)))});
        o.insert(6230, {slurmJob("5830", 1005, "lora-r16", "l40s"),
                        owner("eve", "vision", Tr::tr("Slurm job %1").arg(5830))});
        o.insert(7801, {pod("8c2d41f0-6b1e-4a57-9d3c-2f4e8a1b7c90", "vision", "llm-serve-0", "vllm",
                            "vllm/vllm-openai:v0.6.3"),
                        owner("svc-infer", "vision", hostUser)});
        o.insert(8120, {session("9", 1001), owner("alice", "", hostUser)});
        o.insert(8244, {container(WorkloadKind::Podman, "b0b", "bob-notebook",
                                  "quay.io/jupyter/pytorch-notebook:cuda12"),
                        owner("bob", "", hostUser)});
        const Workload embed =
            container(WorkloadKind::Podman, "e3b", "embed-svc", "localhost/embed-svc:latest");
        const QString embedOwner = QStringLiteral("container:") + embed.name;
        o.insert(8377,
                 {embed,
                  {embedOwner, QString(),
                   Tr::tr("%1 (root inside, no rule names a person)").arg(embedOwner), true}});
        return o;
    }();
    return owned;
}

// The pod the kubelet assigned gpu-lab-01's GPU 3 to, which runs nothing on
// it yet: the cluster's idle-held GPU.
const Owned& idleHolder()
{
    static const Owned held = [] {
        const Workload w =
            pod("3f9a6c2e-1d84-4b0f-a7e5-6c1b9d2e4f80", "vision", "notebook-carol-0", "jupyter",
                "quay.io/jupyter/pytorch-notebook:cuda12", userLabel("carol"));
        return Owned{w, owner("carol", "vision",
                              Tr::tr("label %1 of %2")
                                  .arg(QStringLiteral("gpuwarden.user"),
                                       Tr::tr("pod %1/%2").arg(w.namespaceName, w.name)))};
    }();
    return held;
}

// node-NN's jobs are Slurm jobs, each user on an account of theirs: made
// once for every server and GPU of the largest fleet.
const Owned& generatedJob(int server, int gpu)
{
    static const QList<Owned> table = [] {
        const QStringList users = DemoWorld::userNames();
        static constexpr const char* kAccounts[] = {"vision", "nlp", "nlp", "inference", "vision"};
        QList<Owned> t;
        t.reserve(DemoWorld::kMaxServers * 8);
        for (int server = 0; server < DemoWorld::kMaxServers; ++server) {
            for (int k = 0; k < 8; ++k) {
                const int u = (server + k) % int(users.size());
                const QByteArray job = QByteArray::number(60000 + server * 100 + k);
                const QByteArray user = users[u].toLatin1();
                Workload w = slurmJob(job.constData(), uint(1001 + u), "sweep",
                                      server % 2 ? "a100" : "h100");
                ProcessOwner o =
                    owner(user.constData(), kAccounts[u], Tr::tr("Slurm job %1").arg(w.id));
                t.append({std::move(w), std::move(o)});
            }
        }
        return t;
    }();
    return table.at(server * 8 + gpu);
}

GpuProcess makeProcess(const GpuSample& gpu, const Job& job, double memMiB,
                       std::optional<double> sm)
{
    GpuProcess p;
    p.pid = job.pid;
    p.gpuUuid = gpu.uuid;
    p.usedMemoryMiB = memMiB;
    p.smUtilPercent = sm ? std::optional<double>(std::round(*sm)) : std::nullopt;
    if (job.user) {
        p.user = QString::fromLatin1(job.user);
        p.uid = job.uid;
        p.command = QString::fromLatin1(job.command);
        p.startTimeMs = kJobsStartedMs + job.pid * 1000;
        const QHash<qint64, Owned>& owned = scriptedOwners();
        if (const auto it = owned.constFind(job.pid); it != owned.cend()) {
            p.workload = it->workload;
            p.owner = it->owner;
        }
    } else {
        p.ghost = true;
    }
    return p;
}

HostSample makeHost(const QString& name, qint64 ms, quint32 stream, double load, double memGiB,
                    double totalGiB, int cpus)
{
    HostSample h;
    h.hostname = name;
    h.cpuCount = cpus;
    h.cpuPercent = std::round(std::clamp(load + 8 * smooth(ms, stream), 0.0, 100.0) * 10) / 10;
    h.memoryTotalBytes = quint64(totalGiB * 1073741824.0);
    h.memoryUsedBytes = quint64((memGiB + 4 * smooth(ms, stream + 1)) * 1073741824.0);
    h.diskReadBytesPerSec = std::round(40e6 * smooth(ms, stream + 2));
    h.diskWriteBytesPerSec = std::round(12e6 * smooth(ms, stream + 3));
    return h;
}

// The MIG-partitioned H100 of infer-03, laid out as a real one (the H100
// capture of driver 590.48.01): GPU instances 2, 3, 9 and 10.
GpuSample makeMigGpu(const QString& server, int index, qint64 ms, double day,
                     QList<GpuProcess>& processes)
{
    static constexpr Job train{8120, "alice", 1001, "torchrun --nproc 1 train_small.py --bf16"};
    static constexpr Job notebook{8244, "bob", 1002, "jupyter-lab --no-browser --port 8891"};
    // Root in a container no rule names: owned by the container.
    static constexpr Job serve{8377, "root", 0, "python serve_embeddings.py --port 9100"};
    struct Slice
    {
        const char* profile;
        int gi;
        int slices;
        double totalMiB;
    };
    static constexpr Slice kSlices[] = {{"3g.40gb", 2, 3, 40448},
                                        {"2g.20gb", 3, 2, 20096},
                                        {"1g.10gb", 9, 1, 9984},
                                        {"1g.10gb", 10, 1, 9984}};
    const double trainUtil = 90 + 6 * smooth(ms, 700);
    const bool serveOn = day > 0.2;
    const double load = (trainUtil * 3 + (serveOn ? 55 : 0)) / 7; // of the whole GPU
    GpuSample g = makeGpu(server, index, kH100, load, 0, ms, 90);
    g.utilizationGpuPercent.reset(); // not reported in MIG mode
    g.utilizationMemoryPercent.reset();
    g.migEnabled = true;
    g.migSliceCount = 7;
    g.memoryReservedMiB = 479;
    g.slowdownTemperatureC = 87;
    g.shutdownTemperatureC = 92;
    const double used[] = {31200, 8200, serveOn ? 6100.0 : 0.0, 0};
    double sum = 0;
    for (int k = 0; k < 4; ++k) {
        MigInstance m;
        m.index = k;
        m.uuid = QStringLiteral("MIG-%1-%2").arg(g.uuid.mid(4, 8)).arg(k, 4, 10, QLatin1Char('0')) +
                 g.uuid.mid(17);
        m.profile = QLatin1String(kSlices[k].profile);
        m.gpuInstanceId = kSlices[k].gi;
        m.computeInstanceId = 0;
        m.computeSlices = kSlices[k].slices;
        m.memoryTotalMiB = kSlices[k].totalMiB;
        m.memoryUsedMiB = used[k] + 9; // the instance's own overhead, as nvidia-smi shows
        sum += *m.memoryUsedMiB;
        g.migInstances.append(m);
    }
    g.memoryUsedMiB = sum;
    auto place = [&](const Job& job, int k) {
        GpuProcess p = makeProcess(g, job, used[k], std::nullopt); // no per-process SM % in MIG
        p.migUuid = g.migInstances[k].uuid;
        processes.append(p);
    };
    place(train, 0);
    place(notebook, 1);
    if (serveOn)
        place(serve, 2);
    return g;
}

} // namespace

DemoWorld::DemoWorld(int serverCount)
    : m_serverCount(std::clamp(serverCount, 1, kMaxServers))
{}

QStringList DemoWorld::names() const
{
    QStringList out = serverNames().mid(0, m_serverCount);
    for (int i = int(out.size()); i < m_serverCount; ++i)
        out.append(QStringLiteral("node-%1").arg(i + 1, 2, 10, QLatin1Char('0')));
    return out;
}

QStringList DemoWorld::serverNames()
{
    return {QStringLiteral("gpu-lab-01"), QStringLiteral("gpu-lab-02"), QStringLiteral("infer-03")};
}

QStringList DemoWorld::userNames()
{
    return {QStringLiteral("alice"), QStringLiteral("bob"), QStringLiteral("carol"),
            QStringLiteral("dave"), QStringLiteral("eve")};
}

QList<Snapshot> DemoWorld::at(qint64 ms) const
{
    QList<Snapshot> out;
    out.reserve(m_serverCount);
    for (int i = 0; i < m_serverCount; ++i)
        out.append(serverAt(i, ms));
    return out;
}

Snapshot DemoWorld::serverAt(int server, qint64 ms) const
{
    if (server >= int(serverNames().size()))
        return generatedServerAt(server, ms);
    Snapshot s;
    s.server = serverNames().value(server);
    s.timestampMs = ms;
    s.backend = QStringLiteral("demo");
    const double minuteOfHour = double(ms % kHour) / kMinute;
    const double hourOfDay = double(ms % (24 * kHour)) / kHour;

    switch (server) {
    case 0: {
        static constexpr Job train{2101, "alice", 1001,
                                   "python train.py --model vit-h --epochs 300"};
        static constexpr Job notebook{
            3377, "bob", 1002, "/opt/conda/bin/python -m ipykernel_launcher -f kernel-7c1e.json"};
        static constexpr Job eval{4512, "carol", 1003, "python eval.py --checkpoint ckpt/last.pt"};
        const double trainUtil = 93 + 4 * smooth(ms, 100);
        const bool evalOn = minuteOfHour >= 10 && minuteOfHour < 40;
        const double evalUtil = evalOn ? 70 + 25 * smooth(ms, 120) : 0;
        const double notebookUtil = smooth(ms, 110) > 0.93 ? 12 : 0.4 * smooth(ms, 111);

        GpuSample g0 = makeGpu(s.server, 0, kA100, trainUtil, 71200, ms, 10);
        GpuSample g1 = makeGpu(s.server, 1, kA100, notebookUtil, 20480, ms, 20);
        GpuSample g2 = makeGpu(s.server, 2, kA100, evalUtil, evalOn ? 30500 : 0, ms, 30);
        GpuSample g3 = makeGpu(s.server, 3, kA100, 0, 0, ms, 40);
        g3.holder = idleHolder().workload;
        g3.holderOwner = idleHolder().owner;
        s.gpus = {g0, g1, g2, g3};
        s.processes.append(makeProcess(g0, train, 71200, trainUtil - 2));
        s.processes.append(makeProcess(g1, notebook, 20480, notebookUtil));
        if (evalOn)
            s.processes.append(makeProcess(g2, eval, 30500, evalUtil));
        s.host = makeHost(s.server, ms, 200, 35, 180, 512, 64);
        break;
    }
    case 1: {
        // Run as root in its container; the label names dave.
        static constexpr Job triton{5120, "root", 0,
                                    "tritonserver --model-repository=/srv/models --http-port 8000"};
        static constexpr Job tune{6230, "eve", 1005, "accelerate launch finetune.py --lora r=16"};
        // Requests arrive in bursts: a few seconds busy, then quiet.
        const double burst =
            smooth(ms / 3, 300) > 0.55 ? 60 + 35 * smooth(ms, 301) : 4 * smooth(ms, 302);
        const bool tuneOn = minuteOfHour >= 30;
        const double tuneUtil = tuneOn ? 80 + 15 * smooth(ms, 310) : 0;
        GpuSample g0 = makeGpu(s.server, 0, kL40S, burst, 18900, ms, 50);
        GpuSample g1 = makeGpu(s.server, 1, kL40S, tuneUtil, tuneOn ? 39800 : 0, ms, 60);
        s.gpus = {g0, g1};
        s.processes.append(makeProcess(g0, triton, 18900, burst));
        if (tuneOn)
            s.processes.append(makeProcess(g1, tune, 39800, tuneUtil));
        s.host = makeHost(s.server, ms, 400, 20, 60, 256, 32);
        break;
    }
    default: {
        static constexpr Job serve{7801, "svc-infer", 990,
                                   "vllm serve meta-llama/Llama-3-70B --tp 1"};
        static constexpr Job ghost{91234, nullptr, 0, nullptr};
        // Daytime load: a sine over the day, plus request noise.
        const double day = std::max(0.0, std::sin((hourOfDay - 6) / 24 * 2 * std::numbers::pi));
        const double serveUtil = 10 + 70 * day + 15 * smooth(ms, 500);
        GpuSample g0 = makeGpu(s.server, 0, kH100, serveUtil, 74300, ms, 70);
        GpuSample g1 = makeGpu(s.server, 1, kH100, 0, 3072, ms, 80);
        s.processes.append(makeProcess(g0, serve, 74300, serveUtil));
        s.processes.append(makeProcess(g1, ghost, 3072, std::nullopt));
        GpuSample g2 = makeMigGpu(s.server, 2, ms, day, s.processes);
        s.gpus = {g0, g1, g2};
        s.host = makeHost(s.server, ms, 600, 15, 90, 1024, 96);
        break;
    }
    }
    return s;
}

Snapshot DemoWorld::generatedServerAt(int server, qint64 ms) const
{
    // node-NN: 8 GPUs, most of them running one job of one of the users.
    Snapshot s;
    s.server = names().value(server);
    s.timestampMs = ms;
    s.backend = QStringLiteral("demo");
    const QStringList users = userNames();
    const GpuModel& model = server % 2 ? kA100 : kH100;
    const quint32 base = 1000 + quint32(server) * 16;
    double hostLoad = 5;
    for (int k = 0; k < 8; ++k) {
        const quint32 stream = base + quint32(k);
        // Whether a job runs changes every 20 minutes, per GPU.
        const bool busy = noise(ms / (20 * kMinute), stream) < 0.7;
        const double util = busy ? 45 + 50 * smooth(ms, stream) : 0;
        const double mem = busy ? 8000 + std::floor(noise(stream, 77) * 60000) : 0;
        GpuSample g = makeGpu(s.server, k, model, util, mem, ms, stream);
        if (busy) {
            const int u = (server + k) % int(users.size());
            const QByteArray user = users[u].toLatin1();
            const Job job{qint64(20000 + server * 100 + k), user.constData(), uint(1001 + u),
                          "python train.py --config configs/sweep.yaml"};
            GpuProcess p = makeProcess(g, job, mem, util - 3);
            const Owned& owned = generatedJob(server, k);
            p.workload = owned.workload;
            p.owner = owned.owner;
            s.processes.append(std::move(p));
            hostLoad += 6;
        }
        s.gpus.append(g);
    }
    s.host = makeHost(s.server, ms, base + 50, hostLoad, 120, 1024, 128);
    return s;
}

QString DemoProducer::init()
{
    // Says what it serves: the agent's demo is one server of the fleet.
    if (m_servers == Servers::FirstOnly)
        return QCoreApplication::translate("gw::DemoProducer",
                                           "Demo mode: one simulated server, %1.")
            .arg(m_fleet.serverAt(m_served, 0).server);
    const int n = m_fleet.serverCount();
    return QCoreApplication::translate("gw::DemoProducer",
                                       "Demo mode: a simulated fleet of %n servers.", nullptr, n);
}

DemoProducer DemoProducer::single(int index)
{
    const int served = std::clamp(index, 0, DemoWorld::kMaxServers - 1);
    DemoProducer p(Servers::FirstOnly, std::max(DemoWorld::kDefaultServers, served + 1));
    p.m_served = served;
    return p;
}

QList<Snapshot> DemoProducer::readingsAt(qint64 ms) const
{
    if (m_servers == Servers::FirstOnly)
        return {m_fleet.serverAt(m_served, ms)};
    return m_fleet.at(ms);
}

QList<Snapshot> DemoProducer::produce()
{
    return readingsAt(QDateTime::currentMSecsSinceEpoch());
}

QList<Snapshot> DemoProducer::backfill(qint64 fromMs, qint64 toMs)
{
    return backfillPart(fromMs, toMs, toMs);
}

QList<Snapshot> DemoProducer::backfillPart(qint64 fromMs, qint64 toMs, qint64 fillEndMs)
{
    // Dense for the fill's last hour (what live charts show), one reading a
    // minute before that: a week of history stays quick to make and to
    // store. Both steps are on fixed grids, so the parts of a fill are the
    // whole fill.
    QList<Snapshot> out;
    const qint64 denseFrom = std::max(fromMs, fillEndMs - kDenseBackfillMs);
    const qint64 sparseTo = std::min(toMs, denseFrom);
    for (qint64 t = fromMs - fromMs % kSparseBackfillStepMs; t < sparseTo;
         t += kSparseBackfillStepMs) {
        if (t >= fromMs) {
            // Each stands for its minute (token books, history gaps), by
            // the one rule: a reading's interval is its server's spacing.
            QList<Snapshot> sparse = readingsAt(t);
            for (Snapshot& s : sparse)
                s.intervalMs = kSparseBackfillStepMs;
            out.append(sparse);
        }
    }
    for (qint64 t = denseFrom - denseFrom % kBackfillStepMs; t < toMs; t += kBackfillStepMs) {
        if (t >= denseFrom)
            out.append(readingsAt(t));
    }
    return out;
}

} // namespace gw
