#include "model/snapshotjson.h"
#include "model/snapshottext.h"
#include "sources/demoworld.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace gw;
using namespace Qt::StringLiterals;

class TestSnapshotJson : public QObject
{
    Q_OBJECT

    static Snapshot sample()
    {
        Snapshot s;
        s.server = QStringLiteral("node-7");
        s.timestampMs = 1795342395152;
        s.backend = QStringLiteral("nvml");
        s.host.hostname = QStringLiteral("node-7");
        s.host.cpuPercent = 12.5;
        s.host.memoryTotalBytes = 25276026880ull;
        s.host.cgroupVersion = QStringLiteral("v1");
        GpuSample g;
        g.index = 0;
        g.uuid = QStringLiteral("GPU-61178247-284d-21d3-4970-2f8f90926b4a");
        g.name = QStringLiteral("NVIDIA H100 80GB HBM3");
        g.vendor = QStringLiteral("nvidia");
        g.utilizationGpuPercent = 97;
        g.memoryUsedMiB = 71200;
        g.memoryTotalMiB = 81559;
        g.temperatureC = 63;
        g.slowdownTemperatureC = 87;
        g.powerW = 631.5;
        g.powerLimitW = 700;
        g.persistenceMode = false;
        // fan and SM clock left absent on purpose
        s.gpus.append(g);
        GpuProcess p;
        p.pid = 21198;
        p.gpuUuid = g.uuid;
        p.usedMemoryMiB = 7484;
        p.user = QStringLiteral("alice");
        p.uid = 1001;
        p.command = QStringLiteral("./gpu_burn");
        p.startTimeMs = 1795340000000;
        s.processes.append(p);
        GpuProcess job; // root in a Kubernetes pod
        job.pid = 4242;
        job.gpuUuid = g.uuid;
        job.uid = 0;
        job.user = QStringLiteral("root");
        job.workload = Workload{};
        job.workload->kind = WorkloadKind::Kubernetes;
        job.workload->id =
            QStringLiteral("4f3c1e6b2a9d8c7e5f1a0b3c2d4e6f8091a2b3c4d5e6f708192a3b4c5d6e7f80");
        job.workload->podUid = QStringLiteral("3c1d5e2f-8a9b-4c0d-9e1f-2a3b4c5d6e7f");
        job.workload->runtime = QStringLiteral("containerd");
        job.workload->cgroupPath = QStringLiteral("/kubepods/besteffort/pod3c1d…");
        job.workload->name = QStringLiteral("train-0");
        job.workload->namespaceName = QStringLiteral("vision");
        job.workload->containerName = QStringLiteral("trainer");
        job.workload->image = QStringLiteral("nvcr.io/nvidia/pytorch:24.01");
        job.workload->labels.insert(QStringLiteral("gpuwarden.user"), QStringLiteral("alice"));
        job.owner =
            ProcessOwner{QStringLiteral("alice"), QStringLiteral("vision"),
                         QStringLiteral("label gpuwarden.user of pod vision/train-0"), false};
        s.processes.append(job);
        GpuProcess ghost;
        ghost.pid = 91234;
        ghost.gpuUuid = g.uuid;
        ghost.usedMemoryMiB = 3072;
        ghost.ghost = true;
        s.processes.append(ghost);
        s.warnings.append(QStringLiteral("GPU 1: GPU is lost"));
        return s;
    }

private Q_SLOTS:
    void keysAreSnakeCaseAndAbsentIsNull()
    {
        const QJsonObject o = toJson(sample());
        const QJsonObject g = o[QStringLiteral("gpus")].toArray().first().toObject();
        QCOMPARE(g[QStringLiteral("utilization_gpu_percent")].toDouble(), 97.0);
        QCOMPARE(g[QStringLiteral("memory_used_mib")].toDouble(), 71200.0);
        QCOMPARE(g[QStringLiteral("temperature_c")].toDouble(), 63.0);
        QCOMPARE(g[QStringLiteral("slowdown_temperature_c")].toDouble(), 87.0);
        QCOMPARE(g[QStringLiteral("power_w")].toDouble(), 631.5);
        QCOMPARE(g[QStringLiteral("power_limit_w")].toDouble(), 700.0);
        QVERIFY(g[QStringLiteral("fan_percent")].isNull());
        QVERIFY(g[QStringLiteral("sm_clock_mhz")].isNull());
        QCOMPARE(g[QStringLiteral("persistence_mode")].toBool(true), false); // false is a value
        const QJsonObject p = o[QStringLiteral("processes")].toArray().at(2).toObject();
        QCOMPARE(p[QStringLiteral("used_memory_mib")].toDouble(), 3072.0);
        QVERIFY(p[QStringLiteral("user")].isNull());
        QVERIFY(p[QStringLiteral("start_time_ms")].isNull());
        QCOMPARE(p[QStringLiteral("ghost")].toBool(), true);
        QVERIFY(
            o[QStringLiteral("host")].toObject()[QStringLiteral("disk_read_bytes_per_s")].isNull());
        QCOMPARE(o[QStringLiteral("timestamp")].toString(),
                 QStringLiteral("2026-11-22T10:13:15.152Z"));
    }

    void roundTripKeepsEveryField()
    {
        const Snapshot s = sample();
        QString error;
        const auto back = snapshotFromJsonBytes(toJsonBytes(s), &error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(*back, s);
    }

    void demoFleetRoundTrips()
    {
        for (const auto& s : DemoWorld().at(1795342395000)) {
            QString error;
            const auto back = snapshotFromJsonBytes(toJsonBytes(s, false), &error);
            QVERIFY2(back, qPrintable(error));
            QCOMPARE(*back, s);
        }
    }

    void migAndTheNewFieldsRoundTrip()
    {
        Snapshot s = sample();
        s.intervalMs = 2000;
        GpuSample& g = s.gpus[0];
        g.utilizationGpuPercent.reset(); // absent in MIG mode
        g.shutdownTemperatureC = 92;
        g.memoryReservedMiB = 479;
        g.migEnabled = true;
        g.migSliceCount = 7;
        MigInstance a;
        a.index = 0;
        a.uuid = QStringLiteral("MIG-00000000-0000-0000-0000-000000000000");
        a.profile = QStringLiteral("1c.3g.71gb");
        a.gpuInstanceId = 2;
        a.computeInstanceId = 0;
        a.computeSlices = 1;
        a.memoryUsedMiB = 16925;
        a.memoryTotalMiB = 71424;
        MigInstance b; // only what an instance must have: index and UUID
        b.index = 3;
        b.uuid = QStringLiteral("MIG-00000003-0000-0000-0000-000000000003");
        g.migInstances = {a, b};
        s.processes[0].migUuid = a.uuid;

        const QJsonObject o = toJson(s);
        QCOMPARE(o[QStringLiteral("interval_ms")].toInteger(), 2000);
        const QJsonObject jg = o[QStringLiteral("gpus")].toArray().first().toObject();
        QCOMPARE(jg[QStringLiteral("shutdown_temperature_c")].toDouble(), 92.0);
        QCOMPARE(jg[QStringLiteral("memory_reserved_mib")].toDouble(), 479.0);
        QCOMPARE(jg[QStringLiteral("mig_enabled")].toBool(), true);
        QCOMPARE(jg[QStringLiteral("mig_slice_count")].toInt(), 7);
        QVERIFY(jg[QStringLiteral("utilization_gpu_percent")].isNull());
        const QJsonArray inst = jg[QStringLiteral("mig_instances")].toArray();
        QCOMPARE(inst.size(), 2);
        QCOMPARE(inst[0].toObject()[QStringLiteral("profile")].toString(),
                 QStringLiteral("1c.3g.71gb"));
        QCOMPARE(inst[0].toObject()[QStringLiteral("gpu_instance_id")].toInt(), 2);
        QVERIFY(inst[1].toObject()[QStringLiteral("memory_used_mib")].isNull());
        QCOMPARE(o[QStringLiteral("processes")]
                     .toArray()[0]
                     .toObject()[QStringLiteral("mig_uuid")]
                     .toString(),
                 a.uuid);
        QVERIFY(o[QStringLiteral("processes")]
                    .toArray()[1]
                    .toObject()[QStringLiteral("mig_uuid")]
                    .isNull());

        QString error;
        const auto back = snapshotFromJsonBytes(toJsonBytes(s), &error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(*back, s);
        // And the demo's MIG H100 (infer-03) whole.
        const Snapshot infer = DemoWorld().serverAt(2, 1795342395000);
        QVERIFY(infer.gpus[2].migEnabled == true);
        const auto inferBack = snapshotFromJsonBytes(toJsonBytes(infer), &error);
        QVERIFY2(inferBack, qPrintable(error));
        QCOMPARE(*inferBack, infer);
    }

    void badInputIsRejectedWithThePath_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("expected");
        QTest::newRow("truncated") << QByteArray(R"({"server":"a","timestamp_ms":1,)")
                                   << QStringLiteral("malformed JSON at offset");
        QTest::newRow("array at top")
            << QByteArray("[]") << QStringLiteral("expected a JSON object at the top level");
        QTest::newRow("no server") << QByteArray(R"({"timestamp_ms":1,"backend":"x"})")
                                   << QStringLiteral("server: missing");
        QTest::newRow("no timestamp") << QByteArray(R"({"server":"a","backend":"x"})")
                                      << QStringLiteral("timestamp_ms: missing");
        QTest::newRow("string number")
            << QByteArray(
                   R"({"server":"a","timestamp_ms":1,"backend":"x","gpus":[{"index":0,"uuid":"GPU-1","memory_used_mib":"12"}]})")
            << QStringLiteral("gpus[0].memory_used_mib: expected a number or null, got a string");
        QTest::newRow("utilisation over 100")
            << QByteArray(
                   R"({"server":"a","timestamp_ms":1,"backend":"x","gpus":[{"index":0,"uuid":"GPU-1","utilization_gpu_percent":180}]})")
            << QStringLiteral("gpus[0].utilization_gpu_percent: 180 is out of range");
        QTest::newRow("gpu without uuid")
            << QByteArray(R"({"server":"a","timestamp_ms":1,"backend":"x","gpus":[{"index":0}]})")
            << QStringLiteral("gpus[0].uuid: missing");
        QTest::newRow("gpu without index") // found by fuzz_snapshotjson
            << QByteArray(R"({"server":"a","timestamp_ms":1,"backend":"x","gpus":[{"uuid":"G"}]})")
            << QStringLiteral("gpus[0].index: missing");
        QTest::newRow("fractional pid")
            << QByteArray(
                   R"({"server":"a","timestamp_ms":1,"backend":"x","processes":[{"pid":1.5,"gpu_uuid":"GPU-1"}]})")
            << QStringLiteral("processes[0].pid: expected a whole number, got 1.5");
        QTest::newRow("gpus not an array")
            << QByteArray(R"({"server":"a","timestamp_ms":1,"backend":"x","gpus":{}})")
            << QStringLiteral("gpus: expected an array, got an object");
        QTest::newRow("mig instance without uuid")
            << QByteArray(
                   R"({"server":"a","timestamp_ms":1,"backend":"x","gpus":[{"index":0,"uuid":"G","mig_enabled":true,"mig_instances":[{"index":0,"profile":"3g.40gb"}]}]})")
            << QStringLiteral("gpus[0].mig_instances[0].uuid: missing");
        QTest::newRow("mig instance without index")
            << QByteArray(
                   R"({"server":"a","timestamp_ms":1,"backend":"x","gpus":[{"index":0,"uuid":"G","mig_instances":[{"uuid":"MIG-1"}]}]})")
            << QStringLiteral("gpus[0].mig_instances[0].index: missing");
        QTest::newRow("mig instances not an array")
            << QByteArray(
                   R"({"server":"a","timestamp_ms":1,"backend":"x","gpus":[{"index":0,"uuid":"G","mig_instances":{}}]})")
            << QStringLiteral("gpus[0].mig_instances: expected an array, got an object");
        QTest::newRow("interval of zero")
            << QByteArray(R"({"server":"a","timestamp_ms":1,"backend":"x","interval_ms":0})")
            << QStringLiteral("interval_ms: must be positive");
        QTest::newRow("workload without kind")
            << QByteArray(
                   R"({"server":"a","timestamp_ms":1,"backend":"x","processes":[{"pid":1,"gpu_uuid":"G","workload":{"id":"x"}}]})")
            << QStringLiteral("processes[0].workload.kind: missing");
        QTest::newRow("workload not an object")
            << QByteArray(
                   R"({"server":"a","timestamp_ms":1,"backend":"x","processes":[{"pid":1,"gpu_uuid":"G","workload":"docker"}]})")
            << QStringLiteral("processes[0].workload: expected an object, got a string");
        QTest::newRow("workload uid negative")
            << QByteArray(
                   R"({"server":"a","timestamp_ms":1,"backend":"x","processes":[{"pid":1,"gpu_uuid":"G","workload":{"kind":"slurm","uid":-1}}]})")
            << QStringLiteral("processes[0].workload.uid: -1 is out of range");
        QTest::newRow("owner without user")
            << QByteArray(
                   R"({"server":"a","timestamp_ms":1,"backend":"x","processes":[{"pid":1,"gpu_uuid":"G","owner":{"account":"vision"}}]})")
            << QStringLiteral("processes[0].owner.user: missing");
        QTest::newRow("owner with an empty user")
            << QByteArray(
                   R"({"server":"a","timestamp_ms":1,"backend":"x","processes":[{"pid":1,"gpu_uuid":"G","owner":{"user":""}}]})")
            << QStringLiteral("processes[0].owner.user: empty");
        QTest::newRow("label not a string")
            << QByteArray(
                   R"({"server":"a","timestamp_ms":1,"backend":"x","processes":[{"pid":1,"gpu_uuid":"G","workload":{"kind":"docker","labels":{"a":1}}}]})")
            << QStringLiteral("processes[0].workload.labels.a: expected a string, got a number");
        QTest::newRow("holder not an object")
            << QByteArray(
                   R"({"server":"a","timestamp_ms":1,"backend":"x","gpus":[{"index":0,"uuid":"G","holder":[]}]})")
            << QStringLiteral("gpus[0].holder: expected an object, got an array");
        QTest::newRow("persistence as string")
            << QByteArray(
                   R"({"server":"a","timestamp_ms":1,"backend":"x","gpus":[{"index":0,"uuid":"G","persistence_mode":"Enabled"}]})")
            << QStringLiteral(
                   "gpus[0].persistence_mode: expected true, false or null, got a string");
    }

    void healthIsWrittenAsTheDocumentationSaysAndRoundTrips()
    {
        Snapshot s = sample();
        GpuHealthFacts f;
        f.energyMj = 151234567890ull;
        f.eccEnabled = true;
        f.eccUncorrectedVolatile = 0;
        f.remapPending = true;
        f.clockEventReasons = 0x4;
        f.nvlinkErrors = NvLinkErrors{0, 1, 2, 3};
        XidEvent x;
        x.xid = 13;
        x.atMs = 1795342390000;
        x.source = XidEvent::Source::KernelLog;
        x.pid = 21198;
        x.processName = u"gpu_burn"_s;
        x.text = u"Graphics Exception: ESR 0x50"_s;
        f.xids.append(x);
        s.gpus[0].healthFacts = f;
        s.gpus[0].health =
            GpuHealth{HealthState::Degraded, {u"a row remap waits"_s}, 1795342390000};
        const QJsonObject g = toJson(s)[u"gpus"_s].toArray().first().toObject();
        const QJsonObject facts = g[u"health_facts"_s].toObject();
        QCOMPARE(facts[u"energy_mj"_s].toInteger(), 151234567890ll);
        QCOMPARE(facts[u"ecc_uncorrected_volatile"_s].toInteger(-1), 0); // 0 is a count
        QVERIFY(facts[u"ecc_corrected_volatile"_s].isNull());            // not read: null
        QCOMPARE(facts[u"clock_event_reasons"_s].toInteger(), 4);
        QCOMPARE(facts[u"nvlink_errors"_s].toObject()[u"crc_data"_s].toInteger(), 3);
        const QJsonObject xj = facts[u"xid_events"_s].toArray().first().toObject();
        QCOMPARE(xj[u"xid"_s].toInt(), 13);
        QCOMPARE(xj[u"source"_s].toString(), u"kernel_log"_s);
        QCOMPARE(xj[u"pid"_s].toInteger(), 21198);
        QVERIFY(xj[u"kernel_log_sequence"_s].isNull());
        const QJsonObject h = g[u"health"_s].toObject();
        QCOMPARE(h[u"state"_s].toString(), u"degraded"_s);
        QCOMPARE(h[u"reasons"_s].toArray().size(), 1);
        QCOMPARE(h[u"since_ms"_s].toInteger(), 1795342390000ll);
        QString error;
        const auto back = snapshotFromJsonBytes(toJsonBytes(s), &error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(back->gpus[0].healthFacts, s.gpus[0].healthFacts);
        QCOMPARE(back->gpus[0].health, s.gpus[0].health);
        QCOMPARE(*back, s);
        // A version-3 reading has neither: absent, not "ok".
        const auto old = snapshotFromJsonBytes(toJsonBytes(sample()), &error);
        QVERIFY(old && !old->gpus[0].healthFacts && !old->gpus[0].health);
    }

    void badHealthIsRejectedWithThePath_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("expected");
        const auto gpu = [](const char* health) -> QByteArray {
            return QByteArray(
                       R"({"server":"a","timestamp_ms":1,"backend":"x","gpus":[{"index":0,"uuid":"G",)") +
                   health + "}]}";
        };
        QTest::newRow("facts not an object")
            << gpu(R"("health_facts":[])")
            << u"gpus[0].health_facts: expected an object, got an array"_s;
        QTest::newRow("negative ECC count")
            << gpu(R"("health_facts":{"ecc_corrected_volatile":-2})")
            << u"gpus[0].health_facts.ecc_corrected_volatile: -2 is out of range"_s;
        QTest::newRow("fractional energy")
            << gpu(R"("health_facts":{"energy_mj":1.5})")
            << u"gpus[0].health_facts.energy_mj: expected a whole number, got 1.5"_s;
        QTest::newRow("remap pending as text")
            << gpu(R"("health_facts":{"remap_pending":"yes"})")
            << u"gpus[0].health_facts.remap_pending: expected true, false or null, got a string"_s;
        QTest::newRow("xid without time")
            << gpu(R"("health_facts":{"xid_events":[{"xid":79,"source":"nvml"}]})")
            << u"gpus[0].health_facts.xid_events[0].at_ms: missing"_s;
        QTest::newRow("xid of no source")
            << gpu(R"("health_facts":{"xid_events":[{"xid":79,"at_ms":1,"source":"syslog"}]})")
            << u"gpus[0].health_facts.xid_events[0].source: \"syslog\" is not nvml, kernel_log or both"_s;
        QTest::newRow("nvlink without crc")
            << gpu(R"("health_facts":{"nvlink_errors":{"replay":0,"recovery":0,"crc_flit":0}})")
            << u"gpus[0].health_facts.nvlink_errors.crc_data: missing"_s;
        QTest::newRow("state unknown to us")
            << gpu(R"("health":{"state":"sick","reasons":[]})")
            << u"gpus[0].health.state: \"sick\" is not ok, degraded, failing or unknown"_s;
        QTest::newRow("verdict without state")
            << gpu(R"("health":{"reasons":[]})") << u"gpus[0].health.state: missing"_s;
        QTest::newRow("reason not text")
            << gpu(R"("health":{"state":"ok","reasons":[1]})")
            << u"gpus[0].health.reasons[0]: expected a string, got a number"_s;
        QByteArray storm = R"("health_facts":{"xid_events":[)";
        for (int i = 0; i <= kMaxXidsPerReading; ++i)
            storm += QByteArray(i ? "," : "") + R"({"xid":13,"at_ms":1,"source":"nvml"})";
        storm += "]}";
        QTest::newRow("an XID storm")
            << gpu(storm.constData())
            << u"gpus[0].health_facts.xid_events: more than 64 XIDs in one reading"_s;
    }

    void badHealthIsRejectedWithThePath() { badInputIsRejectedWithThePath(); }

    void badInputIsRejectedWithThePath()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, expected);
        QString error;
        QVERIFY(!snapshotFromJsonBytes(json, &error));
        QVERIFY2(error.startsWith(expected), qPrintable(error));
    }

    void theWorkloadIsWrittenWithTheFormatsVersion()
    {
        const QJsonObject o = toJson(sample());
        QCOMPARE(o[QStringLiteral("snapshot_version")].toInt(), 4);
        const QJsonArray procs = o[QStringLiteral("processes")].toArray();
        QVERIFY(procs.at(0).toObject()[QStringLiteral("workload")].isNull()); // not read
        const QJsonObject w = procs.at(1).toObject()[QStringLiteral("workload")].toObject();
        QCOMPARE(w[QStringLiteral("kind")].toString(), QStringLiteral("kubernetes"));
        QCOMPARE(w[QStringLiteral("pod_uid")].toString(),
                 QStringLiteral("3c1d5e2f-8a9b-4c0d-9e1f-2a3b4c5d6e7f"));
        QVERIFY(w[QStringLiteral("step")].isNull());
        QVERIFY(w[QStringLiteral("uid")].isNull());
        QCOMPARE(w[QStringLiteral("namespace")].toString(), QStringLiteral("vision"));
        QCOMPARE(
            w[QStringLiteral("labels")].toObject()[QStringLiteral("gpuwarden.user")].toString(),
            QStringLiteral("alice"));
        const QJsonObject owner = procs.at(1).toObject()[QStringLiteral("owner")].toObject();
        QCOMPARE(owner[QStringLiteral("user")].toString(), QStringLiteral("alice"));
        QCOMPARE(owner[QStringLiteral("account")].toString(), QStringLiteral("vision"));
        QVERIFY(procs.at(0).toObject()[QStringLiteral("owner")].isNull());
    }

    void theTextNamesOwnersOnlyWhereTheyAreNotTheHostUser()
    {
        Snapshot s = sample();
        const QString both = snapshotText(s);
        QVERIFY2(both.contains(u"OWNER"_s), qPrintable(both));
        QVERIFY2(both.contains(u"pod vision/train-0"_s), qPrintable(both));
        const qsizetype row = both.indexOf(u"4242"_s);
        QVERIFY(row >= 0);
        const QString line = both.mid(row, both.indexOf(u'\n', row) - row);
        QVERIFY2(line.contains(u"root"_s) && line.contains(u"alice"_s) &&
                     line.contains(u"vision"_s),
                 qPrintable(line));
        s.processes.removeAt(1); // alice's own process and a ghost: no owner columns
        QVERIFY(!snapshotText(s).contains(u"OWNER"_s));
    }

    void theTextShowsHealthAndSlowdownOnlyWhereKnown()
    {
        Snapshot s = sample();
        QVERIFY(!snapshotText(s).contains(u"HEALTH"_s));
        GpuHealthFacts f;
        f.clockEventReasons = 0x1 | 0x4 | 0x40; // idle is no slowdown
        s.gpus[0].healthFacts = f;
        s.gpus[0].health = GpuHealth{HealthState::Failing, {u"XID 79: fell off the bus"_s}, 1};
        const QString text = snapshotText(s);
        QVERIFY2(text.contains(u"HEALTH"_s) && text.contains(u"SLOWED BY"_s), qPrintable(text));
        const qsizetype row = text.indexOf(u"NVIDIA H100"_s);
        const QString line = text.mid(row, text.indexOf(u'\n', row) - row);
        QVERIFY2(line.contains(u"failing"_s) &&
                     line.contains(u"power cap, thermal slowdown (hardware)"_s) &&
                     !line.contains(u"idle"_s),
                 qPrintable(line));
        QVERIFY2(text.contains(u"GPU 0 failing:\n  - XID 79: fell off the bus\n"_s),
                 qPrintable(text));
    }

    void aGpuHeldByAPodRoundTrips()
    {
        Snapshot s = sample();
        Workload pod;
        pod.kind = WorkloadKind::Kubernetes;
        pod.name = QStringLiteral("idle-0");
        pod.namespaceName = QStringLiteral("nlp");
        s.gpus[0].holder = pod;
        s.gpus[0].holderOwner = ProcessOwner{QStringLiteral("pod:nlp/idle-0"), {}, {}, true};
        QString error;
        const auto back = snapshotFromJsonBytes(toJsonBytes(s), &error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(back->gpus[0].holder, s.gpus[0].holder);
        QCOMPARE(back->gpus[0].holderOwner, s.gpus[0].holderOwner);
        QCOMPARE(*back, s);
    }

    void aVersionTwoReadingReadsWithTheHostUserAsOwner()
    {
        QString error;
        const auto s = snapshotFromJsonBytes(
            R"({"snapshot_version":2,"server":"a","timestamp_ms":5,"backend":"x","processes":[{"pid":7,"gpu_uuid":"G","user":"bob","workload":{"kind":"docker","id":"x"}}]})",
            &error);
        QVERIFY2(s, qPrintable(error));
        QVERIFY(!s->processes[0].owner.has_value());
        QCOMPARE(s->processes[0].ownerName(), QStringLiteral("bob"));
        QVERIFY(s->processes[0].workload->name.isEmpty());
    }

    void aVersionOneReadingReadsWithNoWorkload()
    {
        QString error;
        const auto s = snapshotFromJsonBytes(
            R"({"server":"a","timestamp_ms":5,"backend":"x","processes":[{"pid":7,"gpu_uuid":"G","user":"root"}]})",
            &error);
        QVERIFY2(s, qPrintable(error));
        QVERIFY(!s->processes[0].workload.has_value());
    }

    void aWorkloadKindFromANewerProducerIsKeptAsUnknown()
    {
        QString error;
        const auto s = snapshotFromJsonBytes(
            R"({"snapshot_version":3,"server":"a","timestamp_ms":5,"backend":"x","processes":[{"pid":7,"gpu_uuid":"G","workload":{"kind":"firecracker","id":"vm1","cgroup":"/fc/vm1"}}]})",
            &error);
        QVERIFY2(s, qPrintable(error));
        QCOMPARE(s->processes[0].workload->kind, WorkloadKind::Unknown);
        QCOMPARE(s->processes[0].workload->cgroupPath, QStringLiteral("/fc/vm1"));
    }

    void unknownKeysAreIgnored()
    {
        QString error;
        const auto s = snapshotFromJsonBytes(
            R"({"server":"a","timestamp_ms":5,"backend":"x","future_field":{"x":1},"gpus":[{"index":0,"uuid":"G","new_metric":3}]})",
            &error);
        QVERIFY2(s, qPrintable(error));
        QCOMPARE(s->gpus.size(), 1);
        QVERIFY(!s->gpus[0].powerW);
    }
};

QTEST_GUILESS_MAIN(TestSnapshotJson)
#include "tst_snapshotjson.moc"
