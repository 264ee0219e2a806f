// The CBOR form of a reading (model/snapshotcbor.h) carries exactly what the
// JSON form carries: a snapshot read from either is the same snapshot, and
// bad input is refused with its path, never a crash.
#include "model/snapshotcbor.h"
#include "model/snapshotjson.h"
#include "sources/demoworld.h"
#include "util/printable.h"

#include <QCborStreamReader>
#include <QCborStreamWriter>
#include <QFile>
#include <QJsonDocument>
#include <QTest>

#include <cmath>
#include <limits>

using namespace gw;
using namespace Qt::StringLiterals;

namespace {

Workload workloadOf(WorkloadKind kind, int n)
{
    Workload w;
    w.kind = kind;
    w.cgroupPath = u"/system.slice/unit-%1.scope"_s.arg(n);
    if (n % 2 == 0)
        w.id = u"4f3c1e6b2a9d8c7e5f1a0b3c2d4e6f80%1"_s.arg(n);
    if (kind == WorkloadKind::Kubernetes) {
        w.podUid = u"3c1d5e2f-8a9b-4c0d-9e1f-2a3b4c5d6e7f"_s;
        w.runtime = u"containerd"_s;
        w.name = u"train-0"_s;
        w.namespaceName = u"vision"_s;
        w.containerName = u"trainer"_s;
        w.image = u"nvcr.io/nvidia/pytorch:24.01"_s;
        w.labels.insert(u"gpuwarden.user"_s, u"alice"_s);
        w.labels.insert(u"team"_s, u"vision"_s);
    }
    if (kind == WorkloadKind::Slurm) {
        w.step = u"batch"_s;
        w.uid = 1001;
        w.name = u"bert"_s;
        w.partition = u"gpu"_s;
    }
    if (kind == WorkloadKind::Docker)
        w.labels.insert(u"empty"_s, QString()); // an empty value is a value
    return w;
}

// A snapshot with every kind of field set, absent, empty and odd.
Snapshot variedSnapshot(int n)
{
    Snapshot s;
    s.server = u"node-%1"_s.arg(n);
    s.timestampMs = 1795342395152 + n;
    s.backend = u"nvml"_s;
    if (n % 3)
        s.intervalMs = 1000 * n;
    s.host.hostname = s.server;
    s.host.cpuPercent = n % 2 ? std::optional<double>(12.5) : std::nullopt;
    s.host.cpuCount = 128;
    s.host.memoryUsedBytes = 25276026880ull + quint64(n);
    s.host.memoryTotalBytes = 9007199254740992ull; // 2^53, the largest exact
    s.host.diskReadBytesPerSec = 0.1 * n;
    s.host.cgroupCpuLimitCores = 1.0 / 3;
    s.host.cgroupVersion = n % 2 ? u"v2"_s : QString();
    s.host.ownPidNamespace = n % 2 == 0;
    for (int g = 0; g < 3; ++g) {
        GpuSample x;
        x.index = g;
        x.uuid = u"GPU-%1-%2"_s.arg(n).arg(g);
        x.name = u"NVIDIA H100 80GB HBM3"_s;
        x.vendor = u"nvidia"_s;
        x.utilizationGpuPercent = g == 1 ? std::nullopt : std::optional<double>(97.25);
        x.memoryUsedMiB = 71200.123456789;
        x.memoryTotalMiB = 81559;
        x.temperatureC = -3.5;
        x.powerW = 631.5;
        x.fanPercent = 0;
        x.persistenceMode = false;
        if (g == 2) {
            x.migEnabled = true;
            x.migSliceCount = 7;
            MigInstance a;
            a.index = 0;
            a.uuid = u"MIG-a"_s;
            a.profile = u"3g.40gb"_s;
            a.gpuInstanceId = 2;
            a.computeInstanceId = 0;
            a.computeSlices = 3;
            a.memoryUsedMiB = 16925;
            MigInstance b;
            b.index = 3;
            b.uuid = u"MIG-b"_s;
            x.migInstances = {a, b};
        }
        if (g == 0) {
            GpuHealthFacts f;
            f.energyMj = 9007199254740992ull; // 2^53: the largest exact
            f.eccEnabled = true;
            f.eccCorrectedVolatile = 0;
            f.eccUncorrectedVolatile = 2;
            f.eccCorrectedAggregate = 117;
            f.eccUncorrectedAggregate = 3;
            f.remappedRowsCorrectable = 1;
            f.remappedRowsUncorrectable = 0;
            f.remapPending = true;
            f.remapFailure = false;
            f.clockEventReasons = 0x4 | 0x40;
            f.clockEventReasonsSupported = 0x1ff;
            f.pcieReplayCount = 4294967295u;
            f.nvlinkErrors = NvLinkErrors{1, 0, 12, 5};
            XidEvent a;
            a.xid = 79;
            a.atMs = 1795342390000 + n;
            XidEvent b;
            b.xid = 13;
            b.atMs = 1795342391000;
            b.source = XidEvent::Source::Both;
            b.pid = 4242;
            b.processName = u"python"_s;
            b.text = u"Graphics SM Warp Exception on (GPC 0, TPC 1, SM 0)"_s;
            b.gpuInstanceId = 1;
            b.computeInstanceId = 0;
            b.kernelLogSequence = 1234;
            f.xids = {a, b};
            x.healthFacts = f;
            x.health = GpuHealth{HealthState::Failing,
                                 {u"XID 79 at …: reset"_s, u"a row remap waits"_s},
                                 1795342390000};
        }
        if (g == 2 && n % 2) {
            GpuHealthFacts f; // an older GPU, without ECC: retired pages only
            f.eccEnabled = false;
            f.retiredPagesSbe = 0;
            f.retiredPagesDbe = 1;
            f.retiredPagesPending = false;
            f.xids = {XidEvent{48, 1, XidEvent::Source::KernelLog, {}, {}, {}, {}, {}, 7}};
            x.healthFacts = f;
            x.health = GpuHealth{HealthState::Ok, {}, std::nullopt};
        }
        if (g == 1) {
            x.error = u"GPU is lost"_s;
            x.holder = workloadOf(WorkloadKind::Kubernetes, n);
            x.holderOwner = ProcessOwner{u"bob"_s, QString(), u"pod label"_s, false};
        }
        s.gpus << x;
    }
    int k = 0;
    for (int kind = int(WorkloadKind::None); kind <= int(WorkloadKind::Unknown); ++kind, ++k) {
        GpuProcess p;
        p.pid = 1000 + k;
        p.gpuUuid = s.gpus[k % 3].uuid;
        p.startTimeMs = 1795340000000 + k;
        p.uid = uint(k);
        p.user = k % 4 ? u"alice"_s : QString();
        p.command = u"python train.py --rank %1"_s.arg(k);
        p.usedMemoryMiB = 7484.5;
        p.smUtilPercent = k % 2 ? std::optional<double>(33) : std::nullopt;
        if (k % 3 == 2)
            p.migUuid = u"MIG-a"_s;
        p.workload = workloadOf(WorkloadKind(kind), k);
        p.owner = ProcessOwner{k % 2 ? u"carol"_s : u"container:job1"_s,
                               k % 2 ? u"proj"_s : QString(), u"because %1"_s.arg(k), k % 2 == 0};
        s.processes << p;
    }
    GpuProcess ghost; // only what a ghost has
    ghost.pid = 91234;
    ghost.gpuUuid = s.gpus[0].uuid;
    ghost.usedMemoryMiB = 3072;
    ghost.ghost = true;
    s.processes << ghost;
    if (n % 2)
        s.warnings << u"GPU 1: GPU is lost"_s << QString();
    return s;
}

// A map with integer keys, written by hand for bad input.
QByteArray cbor(const std::function<void(QCborStreamWriter&)>& write)
{
    QByteArray out;
    QCborStreamWriter w(&out);
    write(w);
    return out;
}

void minimalHead(QCborStreamWriter& w)
{
    w.append(quint64(cborkey::Server));
    w.append("a"_L1);
    w.append(quint64(cborkey::TimestampMs));
    w.append(quint64(1));
    w.append(quint64(cborkey::Backend));
    w.append("x"_L1);
}

} // namespace

class TestSnapshotCbor : public QObject
{
    Q_OBJECT

    // Equal through both forms: read back from CBOR it is what JSON reads
    // back, and its JSON is the JSON of the original.
    static void checkSameAsJson(const Snapshot& s)
    {
        QString error;
        const QByteArray bytes = toCbor(s);
        const auto fromCbor = snapshotFromCborBytes(bytes, &error);
        QVERIFY2(fromCbor, qPrintable(error));
        const auto fromJson = snapshotFromJsonBytes(toJsonBytes(s, false), &error);
        QVERIFY2(fromJson, qPrintable(error));
        QCOMPARE(*fromCbor, *fromJson);
        QCOMPARE(toJson(*fromCbor), toJson(*fromJson));
        // CBOR's own round trip is exact too (and CBOR ≈ a fraction of JSON).
        QCOMPARE(toCbor(*fromCbor), bytes);
        QVERIFY(bytes.size() < toJsonBytes(s, false).size() / 2);
    }

private Q_SLOTS:
    void demoFleetIsTheSameThroughCborAndJson()
    {
        const DemoWorld world(16);
        int seen = 0;
        bool mig = false;
        bool ghost = false;
        bool workload = false;
        for (qint64 t = 1795342395000; t < 1795342395000 + 6 * 3'600'000; t += 1'234'567) {
            for (const Snapshot& s : world.at(t)) {
                checkSameAsJson(s);
                if (QTest::currentTestFailed())
                    return;
                ++seen;
                for (const GpuSample& g : s.gpus)
                    mig = mig || !g.migInstances.isEmpty();
                for (const GpuProcess& p : s.processes) {
                    ghost = ghost || p.ghost;
                    workload = workload || p.workload.has_value();
                }
                QCOMPARE(toJson(*snapshotFromCborBytes(toCbor(s), nullptr)), toJson(s));
            }
        }
        QVERIFY(seen >= 16 * 17);
        QVERIFY(mig);
        QVERIFY(workload);
        Q_UNUSED(ghost) // the demo may have none at these times: variedSnapshot has them
    }

    // The routes' own writer (appendSnapshotCbor, toCbor) writes the bytes
    // Qt's QCborStreamWriter writes, call for call: texts that are not
    // ASCII, negative and fractional numbers, counted and open containers.
    void ourWriterWritesWhatQtsWriterWrites()
    {
        auto viaQt = [](const Snapshot& s, std::optional<quint64> sequence) {
            QByteArray out;
            QCborStreamWriter w(&out);
            writeSnapshotCbor(w, s, sequence);
            return out;
        };
        QList<Snapshot> all;
        for (int n = 0; n < 6; ++n)
            all << variedSnapshot(n);
        Snapshot odd = variedSnapshot(1);
        odd.server = u"nœud-ünïcode-\u202e-漢字-😀"_s;
        odd.host.cpuPercent = -0.5;
        odd.timestampMs = -1234567;
        odd.gpus[0].temperatureC = -300000;
        odd.gpus[0].powerW = 1e300;
        odd.gpus[0].memoryUsedMiB = 0.1;
        odd.gpus[0].uuid = QString(300, u'x');
        odd.processes[0].command = QString(70000, u'c');
        odd.processes[0].pid = 4294967296LL;
        all << odd;
        const DemoWorld world(16);
        all << world.at(1795342395000);
        for (const Snapshot& s : std::as_const(all))
            for (std::optional<quint64> seq : {std::optional<quint64>(), std::optional<quint64>(7),
                                               std::optional<quint64>(quint64(1) << 40)}) {
                QCOMPARE(toCbor(s, seq), viaQt(s, seq));
                QByteArray appended("x");
                appendSnapshotCbor(appended, s, seq);
                QCOMPARE(appended, "x" + viaQt(s, seq));
            }
    }

    void everyFieldAbsentEmptyAndEveryWorkloadKindSurvive()
    {
        for (int n = 0; n < 6; ++n) {
            const Snapshot s = variedSnapshot(n);
            checkSameAsJson(s);
            if (QTest::currentTestFailed())
                return;
            QCOMPARE(*snapshotFromCborBytes(toCbor(s), nullptr), s);
            QCOMPARE(toJson(*snapshotFromCborBytes(toCbor(s), nullptr)), toJson(s));
        }
        // The bare minimum: no host figures, no GPUs, no processes.
        Snapshot bare;
        bare.server = u"b"_s;
        bare.backend = u"host"_s;
        checkSameAsJson(bare);
    }

    void notFiniteNumbersAreAbsentAsInJson()
    {
        Snapshot s = variedSnapshot(1);
        s.gpus[0].powerW = std::numeric_limits<double>::quiet_NaN();
        s.gpus[0].temperatureC = std::numeric_limits<double>::infinity();
        const auto back = snapshotFromCborBytes(toCbor(s), nullptr);
        QVERIFY(back);
        QVERIFY(!back->gpus[0].powerW);
        QVERIFY(!back->gpus[0].temperatureC);
        QCOMPARE(*back, *snapshotFromJsonBytes(toJsonBytes(s), nullptr));
    }

    void controlCharactersAreMadePrintableAsInJson()
    {
        Snapshot s = variedSnapshot(2);
        s.server = u"evil\x1b[2Jserver"_s;
        s.processes[0].command = u"rm -rf /\r\nok"_s;
        s.processes[1].workload->labels.insert(u"k\x07"_s, u"v\x1b"_s);
        // Every text of a GPU's holder too (its runtime and step were left
        // as they came by the JSON reader before).
        s.gpus[1].holder->runtime = u"containerd\x1b]0;owned\x07"_s;
        s.gpus[1].holder->step = u"batch\r"_s;
        const auto c = snapshotFromCborBytes(toCbor(s), nullptr);
        const auto j = snapshotFromJsonBytes(toJsonBytes(s), nullptr);
        QVERIFY(c && j);
        QCOMPARE(*c, *j);
        QVERIFY(!c->server.contains(QChar(0x1b)));
        QVERIFY(isPrintableText(c->gpus[1].holder->runtime));
        QVERIFY(isPrintableText(j->gpus[1].holder->step));
    }

    void sequenceIsReadBesideTheSnapshot()
    {
        const Snapshot s = variedSnapshot(3);
        const QByteArray bytes = toCbor(s, 4711);
        QCborStreamReader r(bytes);
        std::optional<quint64> sequence;
        QString error;
        const auto back = snapshotFromCbor(r, &error, nullptr, &sequence);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(sequence, std::optional<quint64>(4711));
        QCOMPARE(*back, *snapshotFromCborBytes(toCbor(s), nullptr));
    }

    void unknownKeysAreSkipped()
    {
        const QByteArray bytes = cbor([](QCborStreamWriter& w) {
            w.startMap();
            minimalHead(w);
            w.append(quint64(99)); // a newer agent's field: a nested value
            w.startArray();
            w.startMap(1);
            w.append(quint64(1));
            w.append("x"_L1);
            w.endMap();
            w.endArray();
            w.endMap();
        });
        QString error;
        const auto s = snapshotFromCborBytes(bytes, &error);
        QVERIFY2(s, qPrintable(error));
        QCOMPARE(s->server, u"a"_s);
    }

    void everyTruncationIsAnErrorSayingTheDataEndsEarly()
    {
        const QByteArray bytes = toCbor(variedSnapshot(1));
        for (qsizetype n = 0; n < bytes.size(); ++n) {
            const QByteArray cut = bytes.left(n);
            QCborStreamReader r(cut);
            QString error;
            bool incomplete = false;
            const auto s = snapshotFromCbor(r, &error, &incomplete);
            QVERIFY2(!s, qPrintable(u"cut at %1 read"_s.arg(n)));
            QVERIFY2(!error.isEmpty(), qPrintable(u"cut at %1: no error"_s.arg(n)));
            QVERIFY2(incomplete, qPrintable(u"cut at %1: %2"_s.arg(n).arg(error)));
        }
    }

    // The CLI's decoder keeps the texts it read last and shares them with
    // the next reading: a stream read by one decoder is each reading read
    // alone, a text that changes in the middle is the new one (not the one
    // before it with the same length or position), and one that changes
    // back is read back.
    void aDecoderReadsAStreamAsEachReadingAlone()
    {
        QList<Snapshot> readings;
        for (int n = 0; n < 4; ++n)
            readings << variedSnapshot(n);
        Snapshot changed = variedSnapshot(3);
        changed.processes[1].user = u"alicf"_s; // one byte from "alice", same length
        changed.gpus[0].name = u"NVIDIA H100 80GB HBM4"_s;
        changed.gpus[1].holder->namespaceName = u"visioN"_s;
        changed.server = u"nœud-3"_s; // not ASCII
        readings << changed << variedSnapshot(3) << changed;
        const DemoWorld world(4);
        for (qint64 t = 1795342395000; t < 1795342395000 + 5000; t += 1000)
            readings << world.at(t);
        QByteArray stream;
        for (qsizetype i = 0; i < readings.size(); ++i)
            appendSnapshotCbor(stream, readings[i], quint64(i));

        SnapshotCborDecoder decoder;
        QList<Snapshot> read;
        qsizetype at = 0;
        for (qsizetype i = 0; i < readings.size(); ++i) {
            QString error;
            qsizetype used = 0;
            std::optional<quint64> sequence;
            const auto s = decoder.decode(QByteArrayView(stream).sliced(at), &used, &error, nullptr,
                                          &sequence);
            QVERIFY2(s, qPrintable(error));
            QCOMPARE(sequence, std::optional<quint64>(quint64(i)));
            const QByteArray one = toCbor(readings[i], quint64(i));
            QCOMPARE(used, one.size());
            QCOMPARE(QByteArrayView(stream).sliced(at, used), QByteArrayView(one));
            // Alone: a fresh decoder, and Qt's stream reader.
            SnapshotCborDecoder fresh;
            QCOMPARE(*s, *fresh.decode(one, nullptr, &error));
            QCborStreamReader r(one);
            QCOMPARE(*s, *snapshotFromCbor(r, &error));
            QCOMPARE(*s, *snapshotFromJsonBytes(toJsonBytes(readings[i], false), &error));
            read << *s;
            at += used;
        }
        QCOMPARE(at, stream.size());
        QCOMPARE(read[4].processes[1].user, u"alicf"_s);
        QCOMPARE(read[5].processes[1].user, u"alice"_s);
        QCOMPARE(read[6].processes[1].user, u"alicf"_s);
        QCOMPARE(read[4].gpus[0].name, u"NVIDIA H100 80GB HBM4"_s);
        QCOMPARE(read[5].gpus[0].name, u"NVIDIA H100 80GB HBM3"_s);
        QCOMPARE(read[4].gpus[1].holder->namespaceName, u"visioN"_s);
        QCOMPARE(read[5].gpus[1].holder->namespaceName, u"vision"_s);
        QCOMPARE(read[4].server, u"nœud-3"_s);
        QCOMPARE(read[5].server, u"node-3"_s);
        // What repeats is shared, not decoded again.
        QCOMPARE(read[5].gpus[0].name.constData(), read[3].gpus[0].name.constData());
        QCOMPARE(read[7 + 4].server, read[7].server); // the demo's next second, same server
        QCOMPARE(read[7 + 4].server.constData(), read[7].server.constData());
    }

    // The decoder is as strict as Qt's reader, and a mistake leaves nothing
    // behind: every cut is incomplete, bad UTF-8 is refused with its path,
    // a text in chunks is read, and the next reading is read right.
    void theDecoderIsStrict()
    {
        SnapshotCborDecoder decoder;
        const QByteArray bytes = toCbor(variedSnapshot(1));
        QString error;
        for (qsizetype n = 0; n < bytes.size(); ++n) {
            bool incomplete = false;
            qsizetype used = -1;
            QVERIFY(!decoder.decode(QByteArrayView(bytes).first(n), &used, &error, &incomplete));
            QVERIFY2(incomplete, qPrintable(u"cut at %1: %2"_s.arg(n).arg(error)));
            QVERIFY2(used >= 0 && used <= n, qPrintable(u"cut at %1: at %2"_s.arg(n).arg(used)));
        }
        QVERIFY(decoder.decode(bytes, nullptr, &error));
        // "a", then "\xc3(" where the server goes: not UTF-8.
        auto withServer = [](const QByteArray& text) -> QByteArray {
            QByteArray out = cbor([](QCborStreamWriter& w) {
                w.startMap();
                w.append(quint64(cborkey::TimestampMs));
                w.append(quint64(1));
                w.append(quint64(cborkey::Backend));
                w.append("x"_L1);
                w.append(quint64(cborkey::Server));
            });
            return out + text + char(0xff);
        };
        const QByteArray bad = withServer(QByteArray::fromHex("62c328"));
        bool incomplete = true;
        QVERIFY(!decoder.decode(bad, nullptr, &error, &incomplete));
        QVERIFY2(error.startsWith(u"server: malformed CBOR"_s), qPrintable(error));
        QVERIFY(!incomplete);
        QCborStreamReader r(bad);
        QVERIFY(!snapshotFromCbor(r, &error)); // Qt's reader refuses it too
        // Overlong and surrogate forms too.
        QVERIFY(!decoder.decode(withServer(QByteArray::fromHex("62c0af")), nullptr, &error));
        QVERIFY(!decoder.decode(withServer(QByteArray::fromHex("63eda080")), nullptr, &error));
        // A text in chunks ("a" "b"): read, as Qt reads it.
        const auto chunked =
            decoder.decode(withServer(QByteArray::fromHex("7f616161627fff")), nullptr, &error);
        QVERIFY(!chunked); // a chunk that is not a definite text: refused
        const auto ok =
            decoder.decode(withServer(QByteArray::fromHex("7f61616162ff")), nullptr, &error);
        QVERIFY2(ok, qPrintable(error));
        QCOMPARE(ok->server, u"ab"_s);
        // After all that, a reading is read as it is.
        QCOMPARE(*decoder.decode(bytes, nullptr, &error), *snapshotFromCborBytes(bytes, &error));
    }

    void badInputIsRefusedWithItsPath_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("expected");
        QTest::newRow("not a map") << cbor([](QCborStreamWriter& w) { w.append("x"_L1); })
                                   << u"expected a map, got a text string"_s;
        QTest::newRow("no server") << cbor([](QCborStreamWriter& w) {
            w.startMap();
            w.append(quint64(cborkey::TimestampMs));
            w.append(quint64(1));
            w.endMap();
        }) << u"server: missing"_s;
        QTest::newRow("text key") << cbor([](QCborStreamWriter& w) {
            w.startMap();
            w.append("server"_L1);
            w.append("a"_L1);
            w.endMap();
        }) << u"expected an integer key, got a text string"_s;
        QTest::newRow("string number") << cbor([](QCborStreamWriter& w) {
            w.startMap();
            minimalHead(w);
            w.append(quint64(cborkey::Gpus));
            w.startArray(2);
            w.startMap();
            w.append(quint64(cborkey::GpuIndex));
            w.append(quint64(0));
            w.append(quint64(cborkey::GpuUuid));
            w.append("GPU-0"_L1);
            w.endMap();
            w.startMap();
            w.append(quint64(cborkey::GpuIndex));
            w.append(quint64(1));
            w.append(quint64(cborkey::GpuMemoryUsedMiB));
            w.append("12"_L1);
            w.endMap();
            w.endArray();
            w.endMap();
        }) << u"gpus[1].memory_used_mib: expected a number or null, got a text string"_s;
        QTest::newRow("out of range") << cbor([](QCborStreamWriter& w) {
            w.startMap();
            minimalHead(w);
            w.append(quint64(cborkey::HostFigures));
            w.startMap();
            w.append(quint64(cborkey::CpuPercent));
            w.append(250.0);
            w.endMap();
            w.endMap();
        }) << u"host.cpu_percent: 250 is out of range"_s;
        QTest::newRow("negative pid") << cbor([](QCborStreamWriter& w) {
            w.startMap();
            minimalHead(w);
            w.append(quint64(cborkey::Processes));
            w.startArray(1);
            w.startMap();
            w.append(quint64(cborkey::Pid));
            w.append(qint64(-5));
            w.append(quint64(cborkey::ProcessGpuUuid));
            w.append("GPU-0"_L1);
            w.endMap();
            w.endArray();
            w.endMap();
        }) << u"processes[0].pid: -5 is out of range"_s;
        QTest::newRow("owner without user") << cbor([](QCborStreamWriter& w) {
            w.startMap();
            minimalHead(w);
            w.append(quint64(cborkey::Processes));
            w.startArray(1);
            w.startMap();
            w.append(quint64(cborkey::Pid));
            w.append(quint64(5));
            w.append(quint64(cborkey::ProcessGpuUuid));
            w.append("GPU-0"_L1);
            w.append(quint64(cborkey::Owner));
            w.startMap();
            w.append(quint64(cborkey::Account));
            w.append("acct"_L1);
            w.endMap();
            w.endMap();
            w.endArray();
            w.endMap();
        }) << u"processes[0].owner.user: missing"_s;
        QTest::newRow("over the GPU limit") << cbor([](QCborStreamWriter& w) {
            w.startMap();
            minimalHead(w);
            w.append(quint64(cborkey::Gpus));
            w.startArray();
            for (int i = 0; i < kMaxGpusPerServer + 1; ++i) {
                w.startMap(2);
                w.append(quint64(cborkey::GpuIndex));
                w.append(quint64(i));
                w.append(quint64(cborkey::GpuUuid));
                w.append("G"_L1);
                w.endMap();
            }
            w.endArray();
            w.endMap();
        }) << u"gpus[256]: more GPUs and MIG instances than the 256 one server may report"_s;
        QTest::newRow("too many labels") << cbor([](QCborStreamWriter& w) {
            w.startMap();
            minimalHead(w);
            w.append(quint64(cborkey::Processes));
            w.startArray(1);
            w.startMap();
            w.append(quint64(cborkey::Pid));
            w.append(quint64(5));
            w.append(quint64(cborkey::ProcessGpuUuid));
            w.append("GPU-0"_L1);
            w.append(quint64(cborkey::ProcessWorkload));
            w.startMap();
            w.append(quint64(cborkey::Kind));
            w.append("docker"_L1);
            w.append(quint64(cborkey::Labels));
            w.startMap();
            for (int i = 0; i < 300; ++i) {
                w.append(QString::number(i));
                w.append("v"_L1);
            }
            w.endMap();
            w.endMap();
            w.endMap();
            w.endArray();
            w.endMap();
        }) << u"processes[0].workload.labels: more than 256 labels"_s;
        // A text string announcing 2^62 bytes: refused, nothing allocated.
        QTest::newRow("huge length") << cbor([](QCborStreamWriter& w) {
                                            w.startMap();
                                            w.append(quint64(cborkey::Server));
                                        }) + QByteArray::fromHex("7b4000000000000000") +
                                            QByteArray("abc")
                                     << u"server:"_s;
        // An unknown key nested far deeper than any reading.
        QTest::newRow("deep nesting") << cbor([](QCborStreamWriter& w) {
            w.startMap();
            minimalHead(w);
            w.append(quint64(77));
            for (int i = 0; i < 100000; ++i)
                w.startArray(1);
            w.append(quint64(0));
            for (int i = 0; i < 100000; ++i)
                w.endArray();
            w.endMap();
        }) << u"key 77: malformed CBOR"_s;
        QTest::newRow("trailing bytes")
            << toCbor(variedSnapshot(0)) + QByteArray(2, '\0') << u"2 bytes after the reading"_s;
    }

    // The fuzz seeds of a reading with every health fact, one in each form,
    // are one reading.
    void theHealthSeedsAreOneReading()
    {
        const QString corpus = QStringLiteral(GW_TEST_SOURCE_DIR "/../../fuzz/corpus/");
        QFile json(corpus + u"snapshotjson/health.json"_s);
        QFile cborFile(corpus + u"snapshotcbor/health.cbor"_s);
        QVERIFY(json.open(QIODevice::ReadOnly) && cborFile.open(QIODevice::ReadOnly));
        QString error;
        const auto fromJson = snapshotFromJsonBytes(json.readAll(), &error);
        QVERIFY2(fromJson, qPrintable(error));
        const auto fromCbor = snapshotFromCborBytes(cborFile.readAll(), &error);
        QVERIFY2(fromCbor, qPrintable(error));
        QCOMPARE(*fromCbor, *fromJson);
        QCOMPARE(fromJson->gpus[0].healthFacts->xids.size(), 2);
        QCOMPARE(fromJson->gpus[1].health->state, HealthState::Degraded);
    }

    void badHealthIsRefusedWithItsPath_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("expected");
        // One GPU whose health facts (or verdict) are what `write` writes.
        const auto gpuWith = [](quint8 key, const std::function<void(QCborStreamWriter&)>& write) {
            return cbor([&](QCborStreamWriter& w) {
                w.startMap();
                minimalHead(w);
                w.append(quint64(cborkey::Gpus));
                w.startArray(1);
                w.startMap();
                w.append(quint64(cborkey::GpuIndex));
                w.append(quint64(0));
                w.append(quint64(cborkey::GpuUuid));
                w.append("GPU-0"_L1);
                w.append(quint64(key));
                write(w);
                w.endMap();
                w.endArray();
                w.endMap();
            });
        };
        using namespace cborkey;
        QTest::newRow("facts not a map")
            << gpuWith(HealthFactsOfGpu, [](QCborStreamWriter& w) { w.append(quint64(1)); })
            << u"gpus[0].health_facts: expected a map, got an integer"_s;
        QTest::newRow("negative energy") << gpuWith(HealthFactsOfGpu, [](QCborStreamWriter& w) {
            w.startMap();
            w.append(quint64(EnergyMj));
            w.append(qint64(-1));
            w.endMap();
        }) << u"gpus[0].health_facts.energy_mj: -1 is out of range"_s;
        QTest::newRow("energy past 2^53") << gpuWith(HealthFactsOfGpu, [](QCborStreamWriter& w) {
            w.startMap();
            w.append(quint64(EnergyMj));
            w.append(quint64(9007199254740993ull));
            w.endMap();
        }) << u"gpus[0].health_facts.energy_mj: "_s;
        QTest::newRow("replay count past 32 bits")
            << gpuWith(HealthFactsOfGpu,
                       [](QCborStreamWriter& w) {
                           w.startMap();
                           w.append(quint64(PcieReplayCount));
                           w.append(quint64(4294967296ull));
                           w.endMap();
                       })
            << u"gpus[0].health_facts.pcie_replay_count: expected a whole number"_s;
        QTest::newRow("xid without code") << gpuWith(HealthFactsOfGpu, [](QCborStreamWriter& w) {
            w.startMap();
            w.append(quint64(XidEvents));
            w.startArray(1);
            w.startMap();
            w.append(quint64(XidAtMs));
            w.append(quint64(5));
            w.append(quint64(XidSource));
            w.append("nvml"_L1);
            w.endMap();
            w.endArray();
            w.endMap();
        }) << u"gpus[0].health_facts.xid_events[0].xid: missing"_s;
        QTest::newRow("xid of no source") << gpuWith(HealthFactsOfGpu, [](QCborStreamWriter& w) {
            w.startMap();
            w.append(quint64(XidEvents));
            w.startArray(1);
            w.startMap();
            w.append(quint64(XidCode));
            w.append(quint64(79));
            w.append(quint64(XidAtMs));
            w.append(quint64(5));
            w.append(quint64(XidSource));
            w.append("dmesg"_L1);
            w.endMap();
            w.endArray();
            w.endMap();
        }) << u"gpus[0].health_facts.xid_events[0].source: \"dmesg\" is not nvml"_s;
        QTest::newRow("an XID storm") << gpuWith(HealthFactsOfGpu, [](QCborStreamWriter& w) {
            w.startMap();
            w.append(quint64(XidEvents));
            w.startArray();
            for (int i = 0; i <= kMaxXidsPerReading; ++i) {
                w.startMap();
                w.append(quint64(XidCode));
                w.append(quint64(13));
                w.append(quint64(XidAtMs));
                w.append(quint64(i));
                w.append(quint64(XidSource));
                w.append("nvml"_L1);
                w.endMap();
            }
            w.endArray();
            w.endMap();
        }) << u"gpus[0].health_facts.xid_events: more than 64 XIDs in one reading"_s;
        QTest::newRow("nvlink half there") << gpuWith(HealthFactsOfGpu, [](QCborStreamWriter& w) {
            w.startMap();
            w.append(quint64(NvlinkErrors));
            w.startMap();
            w.append(quint64(NvlinkReplay));
            w.append(quint64(1));
            w.endMap();
            w.endMap();
        }) << u"gpus[0].health_facts.nvlink_errors.recovery: missing"_s;
        QTest::newRow("verdict without state") << gpuWith(HealthOfGpu, [](QCborStreamWriter& w) {
            w.startMap();
            w.append(quint64(HealthSinceMs));
            w.append(quint64(5));
            w.endMap();
        }) << u"gpus[0].health.state: missing"_s;
        QTest::newRow("verdict of no state") << gpuWith(HealthOfGpu, [](QCborStreamWriter& w) {
            w.startMap();
            w.append(quint64(HealthStateKey));
            w.append("sick"_L1);
            w.endMap();
        }) << u"gpus[0].health.state: \"sick\" is not ok"_s;
        QTest::newRow("a reason not text") << gpuWith(HealthOfGpu, [](QCborStreamWriter& w) {
            w.startMap();
            w.append(quint64(HealthStateKey));
            w.append("ok"_L1);
            w.append(quint64(HealthReasons));
            w.startArray(1);
            w.append(quint64(3));
            w.endArray();
            w.endMap();
        }) << u"gpus[0].health.reasons[0]: expected a text string"_s;
    }

    void badHealthIsRefusedWithItsPath() { badInputIsRefusedWithItsPath(); }

    void badInputIsRefusedWithItsPath()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, expected);
        QString error;
        const auto s = snapshotFromCborBytes(bytes, &error);
        QVERIFY(!s);
        QVERIFY2(error.startsWith(expected), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestSnapshotCbor)
#include "tst_snapshotcbor.moc"
