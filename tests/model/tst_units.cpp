// Formatting of every figure a person reads, and the metric table every
// layer takes its metrics from.

#include "model/metrics.h"
#include "model/units.h"

#include <QLocale>
#include <QSet>
#include <QTest>

#include <cmath>
#include <limits>

using namespace gw;

namespace {
using Opt = std::optional<double>;
const Opt kAbsent = std::nullopt;
} // namespace

class TestUnits : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void absentReadsNotAvailableEverywhere()
    {
        QCOMPARE(notAvailable(), QStringLiteral("n/a"));
        for (const QString& s :
             {formatPercent(kAbsent), formatMiB(kAbsent), formatBytes(kAbsent),
              formatBytesPerSec(kAbsent), formatCelsius(kAbsent), formatWatts(kAbsent),
              formatMHz(kAbsent), formatDurationTwoUnits(-1)})
            QCOMPARE(s, QStringLiteral("n/a"));
        for (const MetricDef& d : metricTable()) {
            QCOMPARE(formatMetric(d.id, std::numeric_limits<double>::quiet_NaN()),
                     QStringLiteral("n/a"));
        }
    }

    void zeroIsAFigureNotAnAbsence()
    {
        QCOMPARE(formatPercent(0.0), QStringLiteral("0 %"));
        QCOMPARE(formatMiB(0.0), QStringLiteral("0 MiB"));
        QCOMPARE(formatWatts(0.0), QStringLiteral("0.0 W"));
    }

    void percent()
    {
        QCOMPARE(formatPercent(42.4), QStringLiteral("42 %"));
        QCOMPARE(formatPercent(99.6), QStringLiteral("100 %"));
    }

    void mibTurnsIntoGibAt1024_data()
    {
        QTest::addColumn<double>("mib");
        QTest::addColumn<QString>("text");
        QTest::newRow("small") << 512.0 << QStringLiteral("512 MiB");
        QTest::newRow("just under") << 1023.0 << QStringLiteral("1023 MiB");
        QTest::newRow("threshold") << 1024.0 << QStringLiteral("1.0 GiB");
        QTest::newRow("one and a half") << 1536.0 << QStringLiteral("1.5 GiB");
        QTest::newRow("80 GB board") << 81559.0 << QStringLiteral("79.6 GiB");
    }
    void mibTurnsIntoGibAt1024()
    {
        QFETCH(double, mib);
        QFETCH(QString, text);
        QCOMPARE(formatMiB(mib), text);
    }

    void bytesClimbBinaryUnits_data()
    {
        QTest::addColumn<double>("bytes");
        QTest::addColumn<QString>("text");
        QTest::newRow("bytes") << 1023.0 << QStringLiteral("1023 B");
        QTest::newRow("KiB") << 1024.0 << QStringLiteral("1.0 KiB");
        QTest::newRow("GiB") << 1.5 * 1024 * 1024 * 1024 << QStringLiteral("1.5 GiB");
        QTest::newRow("PiB is the last") << std::pow(1024.0, 6) * 2 << QStringLiteral("2048.0 PiB");
    }
    void bytesClimbBinaryUnits()
    {
        QFETCH(double, bytes);
        QFETCH(QString, text);
        QCOMPARE(formatBytes(bytes), text);
    }

    void ratesUseDecimalUnits_data()
    {
        QTest::addColumn<double>("bytes");
        QTest::addColumn<QString>("text");
        QTest::newRow("B/s") << 999.0 << QStringLiteral("999 B/s");
        QTest::newRow("kB/s") << 1000.0 << QStringLiteral("1 kB/s");
        QTest::newRow("MB/s") << 12.0e6 << QStringLiteral("12.0 MB/s");
        QTest::newRow("GB/s") << 1.5e9 << QStringLiteral("1.50 GB/s");
    }
    void ratesUseDecimalUnits()
    {
        QFETCH(double, bytes);
        QFETCH(QString, text);
        QCOMPARE(formatBytesPerSec(bytes), text);
    }

    void celsiusWattsMegahertz()
    {
        QCOMPARE(formatCelsius(65.4), QStringLiteral("65 °C"));
        // Small draws keep a decimal, big ones do not need it.
        QCOMPARE(formatWatts(99.94), QStringLiteral("99.9 W"));
        QCOMPARE(formatWatts(312.4), QStringLiteral("312 W"));
        QCOMPARE(formatMHz(1980.0), QStringLiteral("1980 MHz"));
        // A byte count reads like the same number of bytes; absent stays n/a.
        QCOMPARE(formatByteCount(std::optional<quint64>(3ull << 30)), formatBytes(3.0 * (1 << 30)));
        QCOMPARE(formatByteCount(std::optional<quint64>()), QStringLiteral("n/a"));
    }

    // Figures follow the default locale (the desktop sets it to the language
    // chosen): a decimal comma in German, never a thousands separator.
    void figuresFollowTheLocale()
    {
        const QLocale before;
        QLocale::setDefault(QLocale(QStringLiteral("de_DE")));
        QCOMPARE(formatMiB(71168.0), QStringLiteral("69,5 GiB"));
        QCOMPARE(formatWatts(99.94), QStringLiteral("99,9 W"));
        QCOMPARE(formatMHz(1980.0), QStringLiteral("1980 MHz"));
        QCOMPARE(formatBytes(2048.0 * 1024 * 1024 * 1024 * 1024 * 1024),
                 QStringLiteral("2048,0 PiB"));
        QCOMPARE(formatMetric(MetricId::GpuPower, 85.26), QStringLiteral("85,3 W"));
        QLocale::setDefault(QLocale(QStringLiteral("zh_CN")));
        QCOMPARE(formatMiB(71168.0), QStringLiteral("69.5 GiB"));
        QLocale::setDefault(QLocale(QStringLiteral("en_US")));
        QCOMPARE(formatMHz(1980.0), QStringLiteral("1980 MHz"));
        QLocale::setDefault(before);
        QCOMPARE(formatMiB(71168.0), QStringLiteral("69.5 GiB"));
    }

    void durations_data()
    {
        QTest::addColumn<qint64>("ms");
        QTest::addColumn<QString>("text");
        QTest::newRow("zero") << qint64(0) << QStringLiteral("0 s");
        QTest::newRow("seconds") << qint64(45'999) << QStringLiteral("45 s");
        QTest::newRow("minutes") << qint64(125'000) << QStringLiteral("2 min 05 s");
        QTest::newRow("hours") << qint64((2 * 3600 + 5 * 60) * 1000LL)
                               << QStringLiteral("2 h 05 min");
        QTest::newRow("days") << qint64((3 * 86400 + 4 * 3600 + 59) * 1000LL)
                              << QStringLiteral("3 d 4 h");
    }
    void durations()
    {
        QFETCH(qint64, ms);
        QFETCH(QString, text);
        QCOMPARE(formatDurationTwoUnits(ms), text);
    }

    void oneDecisionForMibAndGib()
    {
        const DisplayScale small = displayScale(Unit::MiB, 1023);
        QCOMPARE(small.symbol, QStringLiteral("MiB"));
        QCOMPARE(small.factor, 1.0);
        const DisplayScale big = displayScale(Unit::MiB, 1024);
        QCOMPARE(big.symbol, QStringLiteral("GiB"));
        QCOMPARE(big.factor, 1.0 / 1024);
        QCOMPARE(big.decimals, 1);
        // Nothing else scales.
        for (Unit u : {Unit::Percent, Unit::Celsius, Unit::Watts, Unit::MHz}) {
            QCOMPARE(displayScale(u, 1e6).factor, 1.0);
            QCOMPARE(displayScale(u, 1e6).symbol, unitSymbol(u));
        }
    }

    void chartValuesKeepTheirPrecision()
    {
        QCOMPARE(formatMetric(MetricId::GpuMemoryUsed, 71168), QStringLiteral("69.5 GiB"));
        QCOMPARE(formatMetric(MetricId::GpuMemoryUsed, 900), QStringLiteral("900 MiB"));
        QCOMPARE(formatMetric(MetricId::GpuPower, 312.44), QStringLiteral("312.4 W"));
        QCOMPARE(formatMetric(MetricId::HostCpu, 12.34), QStringLiteral("12.3 %"));
        QCOMPARE(formatMetric(MetricId::GpuUtilization, 93.2), QStringLiteral("93 %"));
        QCOMPARE(formatMetric(MetricId::GpuSmClock, 1410), QStringLiteral("1410 MHz"));
        // An axis reaching 80 GiB labels in GiB even where a value is small.
        QCOMPARE(metricDisplay(metricDef(MetricId::GpuMemoryUsed), 81920).symbol,
                 QStringLiteral("GiB"));
    }

    // --- the metric table ---------------------------------------------------

    void idsAreTheNumbersOnDisk()
    {
        // History files store these numbers: changing one misreads old files.
        QCOMPARE(int(MetricId::GpuUtilization), 1);
        QCOMPARE(int(MetricId::GpuMemoryUsed), 2);
        QCOMPARE(int(MetricId::GpuTemperature), 3);
        QCOMPARE(int(MetricId::GpuPower), 4);
        QCOMPARE(int(MetricId::GpuSmClock), 5);
        QCOMPARE(int(MetricId::HostCpu), 10);
        QCOMPARE(int(MetricId::HostMemoryUsed), 11);
        QCOMPARE(int(MetricId::ProcessMemory), 20);
        QCOMPARE(int(MetricId::ProcessSm), 21);
        // Every id has a row, and no row is unknown to the list above: a new
        // row must be given its number here on purpose.
        const QSet<int> known{1, 2, 3, 4, 5, 10, 11, 20, 21};
        QSet<int> seen;
        for (const MetricDef& d : metricTable()) {
            QVERIFY2(!seen.contains(int(d.id)), "two rows with one id");
            seen.insert(int(d.id));
        }
        QCOMPARE(seen, known);
        QVERIFY(!findMetric(MetricId(6)));
    }

    void everyRowIsComplete()
    {
        QSet<QByteArray> promNames;
        for (const MetricDef& d : metricTable()) {
            const QByteArray id = QByteArray::number(int(d.id));
            QVERIFY2(!metricTitle(d).isEmpty(), id);
            QVERIFY2(!unitSymbol(d.unit).isEmpty(), id);
            QVERIFY2(d.precision > 0, id);
            QVERIFY2(d.fixedMax >= 0, id);
            // Exactly the accessors of its target.
            QCOMPARE(d.gpuField != nullptr, d.target == MetricTarget::Gpu);
            QCOMPARE(d.processField != nullptr, d.target == MetricTarget::Process);
            QCOMPARE(d.readHost != nullptr, d.target == MetricTarget::Host);
            QCOMPARE(d.writeHost != nullptr, d.target == MetricTarget::Host);
            const QByteArray name(d.promName);
            QVERIFY2(name.startsWith("DCGM_FI_DEV_") || name.startsWith("gpuwarden_"), id);
            QVERIFY2(!promNames.contains(name), name);
            promNames.insert(name);
            QVERIFY2(qstrlen(d.promHelp) > 0, id);
            QVERIFY2(d.promPerUnit > 0, id);
            QVERIFY2(d.colors.light != d.colors.dark, id);
            QCOMPARE(&metricDef(d.id), &d);
        }
    }

    void quantaAreExact()
    {
        QCOMPARE(quantaPerUnit(MetricId::GpuPower), 10.0); // 1 / 0.1, exactly
        QCOMPARE(quantaPerUnit(MetricId::HostCpu), 10.0);
        QCOMPARE(quantaPerUnit(MetricId::GpuUtilization), 1.0);
        QCOMPARE(quantaPerUnit(MetricId::GpuSmClock), 1.0);
    }

    void accessorsReadTheirOwnField()
    {
        GpuSample g;
        g.utilizationGpuPercent = 11;
        g.memoryUsedMiB = 22;
        g.temperatureC = 33;
        g.powerW = 44;
        g.smClockMHz = 55;
        g.utilizationMemoryPercent = 99; // in no row: must not leak into one
        g.memoryTotalMiB = 98;
        QCOMPARE(metricValue(metricDef(MetricId::GpuUtilization), g), Opt(11));
        QCOMPARE(metricValue(metricDef(MetricId::GpuMemoryUsed), g), Opt(22));
        QCOMPARE(metricValue(metricDef(MetricId::GpuTemperature), g), Opt(33));
        QCOMPARE(metricValue(metricDef(MetricId::GpuPower), g), Opt(44));
        QCOMPARE(metricValue(metricDef(MetricId::GpuSmClock), g), Opt(55));

        HostSample h;
        h.cpuPercent = 12.5;
        h.memoryUsedBytes = 3ull << 30;
        QCOMPARE(metricValue(metricDef(MetricId::HostCpu), h), Opt(12.5));
        QCOMPARE(metricValue(metricDef(MetricId::HostMemoryUsed), h), Opt(3072));

        GpuProcess p;
        p.usedMemoryMiB = 77;
        p.smUtilPercent = 88;
        QCOMPARE(metricValue(metricDef(MetricId::ProcessMemory), p), Opt(77));
        QCOMPARE(metricValue(metricDef(MetricId::ProcessSm), p), Opt(88));

        // A row read on another target's sample is absent, never 0.
        QCOMPARE(metricValue(metricDef(MetricId::HostCpu), g), kAbsent);
        QCOMPARE(metricValue(metricDef(MetricId::GpuPower), h), kAbsent);
        QCOMPARE(metricValue(metricDef(MetricId::GpuPower), p), kAbsent);
        // Absent stays absent.
        QCOMPARE(metricValue(metricDef(MetricId::GpuSmClock), GpuSample{}), kAbsent);
        QCOMPARE(metricValue(metricDef(MetricId::HostMemoryUsed), HostSample{}), kAbsent);
    }

    void writersAreTheReverseOfReaders()
    {
        for (const MetricDef& d : metricTable()) {
            GpuSample g;
            HostSample h;
            GpuProcess p;
            setMetricValue(d, g, 2048);
            setMetricValue(d, h, 2048);
            setMetricValue(d, p, 2048);
            const Opt back = d.target == MetricTarget::Gpu    ? metricValue(d, g)
                             : d.target == MetricTarget::Host ? metricValue(d, h)
                                                              : metricValue(d, p);
            QCOMPARE(back, Opt(2048));
        }
        HostSample h;
        setMetricValue(metricDef(MetricId::HostMemoryUsed), h, 2048);
        QCOMPARE(h.memoryUsedBytes, std::optional<quint64>(2ull << 30));
        setMetricValue(metricDef(MetricId::HostMemoryUsed), h, kAbsent);
        QVERIFY(!h.memoryUsedBytes.has_value());
    }

    void gpuRowsHaveDistinctLiveSlots()
    {
        QSet<std::size_t> slots;
        for (const MetricDef& d : metricTable()) {
            const auto slot = gpuMetricSlot(d.id);
            QCOMPARE(slot.has_value(), d.target == MetricTarget::Gpu);
            if (slot) {
                QVERIFY(*slot < kGpuMetricCount);
                slots.insert(*slot);
            }
        }
        QCOMPARE(std::size_t(slots.size()), kGpuMetricCount);
    }
};

QTEST_GUILESS_MAIN(TestUnits)
#include "tst_units.moc"
