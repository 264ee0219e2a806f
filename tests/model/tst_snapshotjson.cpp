#include "model/snapshotjson.h"
#include "sources/demoworld.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace gw;

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
        const QJsonObject p = o[QStringLiteral("processes")].toArray().at(1).toObject();
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
        QTest::newRow("persistence as string")
            << QByteArray(
                   R"({"server":"a","timestamp_ms":1,"backend":"x","gpus":[{"index":0,"uuid":"G","persistence_mode":"Enabled"}]})")
            << QStringLiteral(
                   "gpus[0].persistence_mode: expected true, false or null, got a string");
    }

    void badInputIsRejectedWithThePath()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, expected);
        QString error;
        QVERIFY(!snapshotFromJsonBytes(json, &error));
        QVERIFY2(error.startsWith(expected), qPrintable(error));
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
