// /metrics text straight from prometheusText(): a family per row of the
// metric table, under dcgm-exporter's names, in both label styles.
#include "agent/metricsexport.h"
#include "model/metrics.h"
#include "sources/prometheusproducer.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>

#include <QTest>

using namespace gw;

class TestPrometheusExport : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void everyMetricTableRowIsExportedUnderItsName_data()
    {
        QTest::addColumn<int>("labels");
        QTest::addColumn<QString>("gpuLabels");
        QTest::newRow("dcgm") << int(MetricLabels::Dcgm)
                              << QStringLiteral("{gpu=\"0\",UUID=\"GPU-x\",pci_bus_id=\"\","
                                                "device=\"nvidia0\",modelName=\"A\","
                                                "Hostname=\"h\"}");
        QTest::newRow("snake_case") << int(MetricLabels::SnakeCase)
                                    << QStringLiteral("{gpu=\"0\",uuid=\"GPU-x\",pci_bus_id=\"\","
                                                      "device=\"nvidia0\",model_name=\"A\","
                                                      "hostname=\"h\"}");
    }
    void everyMetricTableRowIsExportedUnderItsName()
    {
        // /metrics writes a family per row of the metric table: SM clock,
        // added as a row, is exported as DCGM exporter names it.
        QFETCH(int, labels);
        QFETCH(QString, gpuLabels);
        Snapshot s;
        s.server = QStringLiteral("h");
        GpuSample g;
        g.index = 0;
        g.uuid = QStringLiteral("GPU-x");
        g.name = QStringLiteral("A");
        g.utilizationGpuPercent = 93;
        g.memoryUsedMiB = 71168;
        g.temperatureC = 64;
        g.powerW = 312.5;
        g.smClockMHz = 1410;
        s.gpus.append(g);
        s.host.cpuPercent = 12.5;
        s.host.memoryUsedBytes = 3ull << 30;
        GpuProcess p;
        p.pid = 7;
        p.user = QStringLiteral("erin");
        p.gpuUuid = g.uuid;
        p.usedMemoryMiB = 500;
        p.smUtilPercent = 40;
        s.processes.append(p);
        const QString text = QString::fromUtf8(prometheusText(s, MetricLabels(labels)));
        QVERIFY(text.contains(QStringLiteral("DCGM_FI_DEV_SM_CLOCK") + gpuLabels +
                              QStringLiteral(" 1410\n")));
        QVERIFY(text.contains(QStringLiteral("# HELP DCGM_FI_DEV_SM_CLOCK SM clock frequency "
                                             "(in MHz).\n# TYPE DCGM_FI_DEV_SM_CLOCK gauge\n")));
        // The host keeps bytes on the wire, the table MiB: the factor is the row's.
        QVERIFY(text.contains(
            QStringLiteral("gpuwarden_host_memory_used_bytes{%1=\"h\"} 3221225472\n")
                .arg(labels == int(MetricLabels::Dcgm) ? QStringLiteral("Hostname")
                                                       : QStringLiteral("hostname"))));
        for (const MetricDef& d : metricTable()) {
            const QString name = QLatin1String(d.promName);
            QVERIFY2(text.contains(QStringLiteral("# TYPE ") + name + QStringLiteral(" gauge\n")),
                     d.promName);
        }
        // An absent clock writes no line, not a 0.
        s.gpus[0].smClockMHz.reset();
        QVERIFY(!prometheusText(s, MetricLabels(labels)).contains("DCGM_FI_DEV_SM_CLOCK"));
    }

    void migInstancesThresholdsAndReservedMemory()
    {
        Snapshot s;
        s.server = QStringLiteral("h");
        GpuSample g;
        g.index = 0;
        g.uuid = QStringLiteral("GPU-m");
        g.name = QStringLiteral("H100");
        g.memoryUsedMiB = 11125;
        g.memoryTotalMiB = 81559;
        g.memoryReservedMiB = 479;
        g.slowdownTemperatureC = 87;
        g.shutdownTemperatureC = 92;
        g.migEnabled = true;
        MigInstance a;
        a.index = 0;
        a.uuid = QStringLiteral("MIG-a");
        a.profile = QStringLiteral("1c.3g.71gb");
        a.gpuInstanceId = 2;
        a.computeInstanceId = 0;
        a.computeSlices = 1;
        a.memoryUsedMiB = 16925;
        a.memoryTotalMiB = 71424;
        MigInstance b = a;
        b.index = 1;
        b.uuid = QStringLiteral("MIG-b");
        b.profile = QStringLiteral("2c.3g.71gb");
        b.computeInstanceId = 1;
        b.computeSlices = 2;
        g.migInstances = {a, b};
        s.gpus.append(g);
        GpuProcess p;
        p.pid = 7;
        p.user = QStringLiteral("erin");
        p.gpuUuid = g.uuid;
        p.migUuid = b.uuid;
        p.usedMemoryMiB = 500;
        s.processes.append(p);

        const QString text = QString::fromUtf8(prometheusText(s, MetricLabels::Dcgm));
        const QString parent = QStringLiteral(
            "{gpu=\"0\",UUID=\"GPU-m\",pci_bus_id=\"\",device=\"nvidia0\",modelName=\"H100\",");
        // The whole GPU: free = total - used - reserved, as dcgm-exporter's.
        QVERIFY2(text.contains(QStringLiteral("DCGM_FI_DEV_FB_USED") + parent +
                               QStringLiteral("Hostname=\"h\"} 11125\n")),
                 qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("DCGM_FI_DEV_FB_FREE") + parent +
                              QStringLiteral("Hostname=\"h\"} 69955\n")));
        QVERIFY(text.contains(QStringLiteral("DCGM_FI_DEV_FB_RESERVED") + parent +
                              QStringLiteral("Hostname=\"h\"} 479\n")));
        QVERIFY(text.contains(QStringLiteral("DCGM_FI_DEV_SLOWDOWN_TEMP") + parent +
                              QStringLiteral("Hostname=\"h\"} 87\n")));
        QVERIFY(text.contains(QStringLiteral("DCGM_FI_DEV_SHUTDOWN_TEMP") + parent +
                              QStringLiteral("Hostname=\"h\"} 92\n")));
        QVERIFY(text.contains(QStringLiteral("gpuwarden_gpu_mig_enabled") + parent +
                              QStringLiteral("Hostname=\"h\"} 1\n")));
        // Each instance, with dcgm-exporter's labels: two compute instances
        // of GPU instance 2 stay apart by GPU_CI_ID.
        const QString instA = parent + QStringLiteral("GPU_I_PROFILE=\"1c.3g.71gb\",GPU_I_ID=\"2\","
                                                      "GPU_CI_ID=\"0\",Hostname=\"h\"}");
        const QString instB = parent + QStringLiteral("GPU_I_PROFILE=\"2c.3g.71gb\",GPU_I_ID=\"2\","
                                                      "GPU_CI_ID=\"1\",Hostname=\"h\"}");
        QVERIFY2(text.contains(QStringLiteral("DCGM_FI_DEV_FB_USED") + instA +
                               QStringLiteral(" 16925\n")),
                 qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("DCGM_FI_DEV_FB_FREE") + instB +
                              QStringLiteral(" 54499\n")));
        QVERIFY(text.contains(QStringLiteral("gpuwarden_gpu_memory_total_mib") + instB +
                              QStringLiteral(" 71424\n")));
        QVERIFY(text.contains(QStringLiteral("gpuwarden_mig_compute_slices") + instB +
                              QStringLiteral(" 2\n")));
        // One HELP/TYPE per family, instance lines inside it.
        QCOMPARE(text.count(QStringLiteral("# TYPE DCGM_FI_DEV_FB_USED gauge\n")), 1);
        const qsizetype used = text.indexOf(QStringLiteral("# TYPE DCGM_FI_DEV_FB_USED"));
        const qsizetype nextFamily = text.indexOf(QStringLiteral("# HELP"), used);
        QVERIFY(text.indexOf(QStringLiteral("DCGM_FI_DEV_FB_USED") + instB) < nextFamily);
        // The process names its instance.
        QVERIFY2(text.contains(QStringLiteral(
                     "gpuwarden_process_gpu_memory_mib{pid=\"7\",user=\"erin\",gpu=\"0\","
                     "UUID=\"GPU-m\",GPU_I_PROFILE=\"2c.3g.71gb\",GPU_I_ID=\"2\",GPU_CI_ID=\"1\","
                     "Hostname=\"h\"} 500\n")),
                 qPrintable(text));
        // Utilisation absent in MIG mode: no line at all.
        QVERIFY(!text.contains(QStringLiteral("DCGM_FI_DEV_GPU_UTIL{")));
        // snake_case style names them in lower case.
        const QByteArray snake = prometheusText(s, MetricLabels::SnakeCase);
        QVERIFY(snake.contains("gpu_i_profile=\"1c.3g.71gb\",gpu_i_id=\"2\",gpu_ci_id=\"0\","));
        // A GPU without MIG has none of it.
        s.gpus[0].migEnabled.reset();
        s.gpus[0].migInstances.clear();
        s.processes[0].migUuid.clear();
        QVERIFY(!prometheusText(s, MetricLabels::Dcgm).contains("GPU_I_"));
    }

    void processesNameTheirPodContainerJobAndOwner()
    {
        Snapshot s;
        s.server = QStringLiteral("h");
        GpuSample g;
        g.index = 0;
        g.uuid = QStringLiteral("GPU-a");
        g.name = QStringLiteral("H100");
        s.gpus.append(g);
        GpuProcess pod;
        pod.pid = 11;
        pod.user = QStringLiteral("root");
        pod.gpuUuid = g.uuid;
        pod.usedMemoryMiB = 100;
        pod.workload = Workload{};
        pod.workload->kind = WorkloadKind::Kubernetes;
        pod.workload->name = QStringLiteral("train-0");
        pod.workload->namespaceName = QStringLiteral("vision");
        pod.workload->containerName = QStringLiteral("trainer");
        pod.owner = ProcessOwner{QStringLiteral("alice"), QStringLiteral("vision"), {}, false};
        GpuProcess job = pod;
        job.pid = 12;
        job.user = QStringLiteral("gwbob");
        job.workload = Workload{};
        job.workload->kind = WorkloadKind::Slurm;
        job.workload->id = QStringLiteral("57");
        job.owner = ProcessOwner{QStringLiteral("gwbob"), QStringLiteral("vision"), {}, false};
        GpuProcess box = pod;
        box.pid = 13;
        box.workload = Workload{};
        box.workload->kind = WorkloadKind::Podman;
        box.workload->id = QStringLiteral("561bb04bdcbb06ef");
        box.owner = ProcessOwner{QStringLiteral("container:561bb04bdcbb"), {}, {}, true};
        GpuProcess plain = pod;
        plain.pid = 14;
        plain.user = QStringLiteral("erin");
        plain.workload.reset();
        plain.owner.reset();
        s.processes = {pod, job, box, plain};
        const QString text = QString::fromUtf8(prometheusText(s, MetricLabels::Dcgm));
        const QString head =
            QStringLiteral("gpuwarden_process_gpu_memory_mib{pid=\"%1\",user=\"%2\",gpu=\"0\","
                           "UUID=\"GPU-a\",");
        QVERIFY2(text.contains(head.arg(11).arg(u"root") +
                               QStringLiteral("pod=\"train-0\",namespace=\"vision\",container="
                                              "\"trainer\",owner=\"alice\",account=\"vision\","
                                              "Hostname=\"h\"} 100\n")),
                 qPrintable(text));
        QVERIFY(text.contains(head.arg(12).arg(u"gwbob") +
                              QStringLiteral("hpc_job=\"57\",owner=\"gwbob\",account=\"vision\","
                                             "Hostname=\"h\"} 100\n")));
        QVERIFY(text.contains(head.arg(13).arg(u"root") +
                              QStringLiteral("container=\"561bb04bdcbb\",owner=\"container:"
                                             "561bb04bdcbb\",Hostname=\"h\"} 100\n")));
        // Nothing known: no empty labels.
        QVERIFY(text.contains(head.arg(14).arg(u"erin") + QStringLiteral("Hostname=\"h\"} 100\n")));
    }

    void migInstancesAreReadBackByThePrometheusProducer()
    {
        // What /metrics writes, as Prometheus' API would return it (a vector
        // of the same series), read back by PrometheusProducer.
        Snapshot s;
        s.server = QStringLiteral("h");
        GpuSample g;
        g.index = 0;
        g.uuid = QStringLiteral("GPU-m");
        g.name = QStringLiteral("H100");
        g.memoryUsedMiB = 11125;
        g.memoryTotalMiB = 81559;
        g.memoryReservedMiB = 479;
        g.temperatureC = 52;
        g.shutdownTemperatureC = 92;
        g.migEnabled = true;
        MigInstance a;
        a.uuid = QStringLiteral("MIG-a");
        a.profile = QStringLiteral("3g.40gb");
        a.gpuInstanceId = 2;
        a.computeInstanceId = 0;
        a.computeSlices = 3;
        a.memoryUsedMiB = 11091;
        a.memoryTotalMiB = 40448;
        MigInstance b = a;
        b.uuid = QStringLiteral("MIG-b");
        b.profile = QStringLiteral("1g.10gb");
        b.gpuInstanceId = 9;
        b.computeSlices = 1;
        b.memoryUsedMiB = 9;
        b.memoryTotalMiB = 9984;
        g.migInstances = {a, b};
        s.gpus.append(g);
        GpuProcess p;
        p.pid = 7;
        p.user = QStringLiteral("erin");
        p.gpuUuid = g.uuid;
        p.migUuid = b.uuid;
        p.usedMemoryMiB = 5;
        s.processes.append(p);

        static const QRegularExpression sample(QStringLiteral("^(\\w+)\\{(.*)\\} (\\S+)$"));
        static const QRegularExpression pair(QStringLiteral("(\\w+)=\"((?:[^\"\\\\]|\\\\.)*)\""));
        QJsonArray result;
        for (const QString& line : QString::fromUtf8(prometheusText(s)).split(u'\n')) {
            const auto m = sample.match(line);
            if (!m.hasMatch())
                continue;
            QJsonObject metric{{QStringLiteral("__name__"), m.captured(1)}};
            for (auto it = pair.globalMatch(m.captured(2)); it.hasNext();) {
                const auto l = it.next();
                metric.insert(l.captured(1), l.captured(2));
            }
            result.append(
                QJsonObject{{QStringLiteral("metric"), metric},
                            {QStringLiteral("value"), QJsonArray{1795342395.0, m.captured(3)}}});
        }
        QString why;
        const auto snaps = PrometheusProducer::snapshotsFromData(
            QJsonObject{{QStringLiteral("resultType"), QStringLiteral("vector")},
                        {QStringLiteral("result"), result}},
            QStringLiteral("vector"), QString(), &why);
        QVERIFY2(snaps, qPrintable(why));
        QCOMPARE(snaps->size(), 1);
        const Snapshot& back = snaps->first();
        QCOMPARE(back.gpus.size(), 1);
        const GpuSample& gb = back.gpus.first();
        // The parent's own figures are not overwritten by its instances'.
        QCOMPARE(gb.memoryUsedMiB, 11125.0);
        QCOMPARE(gb.memoryTotalMiB, 81559.0);
        QCOMPARE(gb.memoryReservedMiB, 479.0);
        QCOMPARE(gb.temperatureC, 52.0);
        QCOMPARE(gb.shutdownTemperatureC, 92.0);
        QCOMPARE(gb.migEnabled, true);
        QCOMPARE(gb.migInstances.size(), 2);
        const MigInstance& ra = gb.migInstances.at(0);
        QCOMPARE(ra.profile, QStringLiteral("3g.40gb"));
        QCOMPARE(ra.gpuInstanceId, 2);
        QCOMPARE(ra.computeInstanceId, 0);
        QCOMPARE(ra.computeSlices, 3);
        QCOMPARE(ra.memoryUsedMiB, 11091.0);
        QCOMPARE(ra.memoryTotalMiB, 40448.0);
        // No MIG UUID travels through Prometheus: parent and ids are the key.
        QCOMPARE(ra.uuid, QStringLiteral("GPU-m/GI2/CI0"));
        const MigInstance& rb = gb.migInstances.at(1);
        QCOMPARE(rb.gpuInstanceId, 9);
        QCOMPARE(rb.memoryTotalMiB, 9984.0);
        QCOMPARE(back.processes.size(), 1);
        QCOMPARE(back.processes.first().migUuid, rb.uuid);
        QCOMPARE(back.processes.first().gpuUuid, QStringLiteral("GPU-m"));
    }
};

QTEST_GUILESS_MAIN(TestPrometheusExport)
#include "tst_prometheusexport.moc"
