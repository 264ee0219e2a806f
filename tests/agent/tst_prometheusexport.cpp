// /metrics text straight from prometheusText(): a family per row of the
// metric table, under dcgm-exporter's names, in both label styles.
#include "agent/metricsexport.h"
#include "model/metrics.h"

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
};

QTEST_GUILESS_MAIN(TestPrometheusExport)
#include "tst_prometheusexport.moc"
