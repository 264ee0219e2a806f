#include "faketree.h"
#include "sampling/amdsampler.h"

#include <QTemporaryDir>
#include <QTest>

using namespace gw;
using gw::test::makeDir;
using gw::test::writeFile;

using Opt = std::optional<double>;

class TestAmdSampler : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    QString sys() const { return m_dir.path() + QStringLiteral("/sys"); }
    SamplerOptions options() const
    {
        SamplerOptions o;
        o.sysRoot = sys();
        return o;
    }
    bool put(const QString& relative, const QByteArray& content)
    {
        return writeFile(sys(), relative, content);
    }

    // An RX 6800-like card: uevent names the driver, power1_average, freq1_input.
    void makeFullCard(const QString& card)
    {
        const QString d = QStringLiteral("class/drm/") + card + QStringLiteral("/device/");
        const QString h = d + QStringLiteral("hwmon/hwmon3/");
        QVERIFY(
            put(d + QStringLiteral("uevent"),
                "DRIVER=amdgpu\nPCI_CLASS=30000\nPCI_ID=1002:73BF\nPCI_SLOT_NAME=0000:03:00.0\n"));
        QVERIFY(put(d + QStringLiteral("unique_id"), "b2f4e6a1c3d5e7f9\n"));
        QVERIFY(put(d + QStringLiteral("product_name"), "Radeon RX 6800\n"));
        QVERIFY(put(d + QStringLiteral("gpu_busy_percent"), "37\n"));
        QVERIFY(put(d + QStringLiteral("mem_busy_percent"), "12\n"));
        QVERIFY(put(d + QStringLiteral("mem_info_vram_used"), "1073741824\n"));
        QVERIFY(put(d + QStringLiteral("mem_info_vram_total"), "17163091968\n"));
        QVERIFY(put(h + QStringLiteral("name"), "amdgpu\n"));
        QVERIFY(put(h + QStringLiteral("temp1_input"), "45000\n"));
        QVERIFY(put(h + QStringLiteral("temp2_input"), "52000\n"));
        QVERIFY(put(h + QStringLiteral("power1_average"), "125500000\n"));
        QVERIFY(put(h + QStringLiteral("power1_cap"), "203000000\n"));
        QVERIFY(put(h + QStringLiteral("freq1_input"), "2105000000\n"));
        QVERIFY(put(h + QStringLiteral("pwm1"), "102\n"));
        QVERIFY(put(h + QStringLiteral("pwm1_max"), "255\n"));
    }

private Q_SLOTS:
    void init()
    {
        QVERIFY(m_dir.isValid());
        QDir(sys()).removeRecursively();
        QVERIFY(makeDir(sys(), QStringLiteral("class/drm")));
    }

    void noAmdDeviceFailsOpen()
    {
        // An Intel card and a render node are there, but nothing amdgpu.
        QVERIFY(put(QStringLiteral("class/drm/card0/device/uevent"),
                    "DRIVER=i915\nPCI_ID=8086:9A49\n"));
        QVERIFY(makeDir(sys(), QStringLiteral("class/drm/renderD128/device")));
        AmdSampler s(options());
        QVERIFY(!s.open());
        QCOMPARE(s.lastError(),
                 QStringLiteral("no amdgpu device under ") + sys() + QStringLiteral("/class/drm"));
    }

    void readsEveryFieldInItsUnit()
    {
        makeFullCard(QStringLiteral("card0"));
        AmdSampler s(options());
        QVERIFY2(s.open(), qPrintable(s.lastError()));
        QCOMPARE(s.description(), QStringLiteral("amdgpu (1 GPU)"));
        Snapshot snap;
        QVERIFY(s.sample(snap));
        QCOMPARE(snap.backend, QStringLiteral("amdgpu"));
        QVERIFY2(snap.warnings.isEmpty(), qPrintable(snap.warnings.join(QLatin1Char('\n'))));
        QCOMPARE(snap.gpus.size(), 1);
        const GpuSample& g = snap.gpus.first();
        QCOMPARE(g.index, 0);
        QCOMPARE(g.vendor, QStringLiteral("amd"));
        QCOMPARE(g.uuid, QStringLiteral("AMD-b2f4e6a1c3d5e7f9"));
        QCOMPARE(g.name, QStringLiteral("Radeon RX 6800"));
        QCOMPARE(g.pciBusId, QStringLiteral("0000:03:00.0"));
        QCOMPARE(g.utilizationGpuPercent, Opt(37));
        QCOMPARE(g.utilizationMemoryPercent, Opt(12));
        QCOMPARE(g.memoryUsedMiB, Opt(1024));
        QCOMPARE(g.memoryTotalMiB, Opt(16368));
        QCOMPARE(g.temperatureC, Opt(45));
        QCOMPARE(g.powerW, Opt(125.5));
        QCOMPARE(g.powerLimitW, Opt(203));
        QCOMPARE(g.smClockMHz, Opt(2105));
        QCOMPARE(g.fanPercent, Opt(40));
        QVERIFY(!g.persistenceMode.has_value());
        QVERIFY(snap.processes.isEmpty());
        QVERIFY(!g.healthFacts); // no energy counter on this board
    }

    void readsTheHwmonEnergyCounterWhereThereIsOne()
    {
        // hwmon's energy1_input: µJ since the driver loaded; the reading
        // carries it in mJ, as NVML's counter, for the energy books.
        makeFullCard(QStringLiteral("card0"));
        QVERIFY(put(QStringLiteral("class/drm/card0/device/hwmon/hwmon3/energy1_input"),
                    "9876543210987\n"));
        AmdSampler s(options());
        QVERIFY2(s.open(), qPrintable(s.lastError()));
        Snapshot snap;
        QVERIFY(s.sample(snap));
        QVERIFY2(snap.warnings.isEmpty(), qPrintable(snap.warnings.join(QLatin1Char('\n'))));
        QVERIFY(snap.gpus.first().healthFacts);
        QCOMPARE(snap.gpus.first().healthFacts->energyMj, std::optional<quint64>(9876543210ull));
        // A garbled counter is said and left out, never 0.
        QVERIFY(put(QStringLiteral("class/drm/card0/device/hwmon/hwmon3/energy1_input"), "lots\n"));
        Snapshot garbled;
        QVERIFY(s.sample(garbled));
        QVERIFY(!garbled.gpus.first().healthFacts);
        QVERIFY2(garbled.warnings.join(u'\n').contains(QStringLiteral("energy1_input")),
                 qPrintable(garbled.warnings.join(u'\n')));
    }

    void skipsConnectorsRenderNodesAndOtherDrivers()
    {
        makeFullCard(QStringLiteral("card1"));
        QVERIFY(put(QStringLiteral("class/drm/card0/device/uevent"), "DRIVER=i915\n"));
        QVERIFY(put(QStringLiteral("class/drm/card1-DP-1/status"), "connected\n"));
        QVERIFY(makeDir(sys(), QStringLiteral("class/drm/renderD128/device")));
        // card10 sorts after card2 by number, not before it by text.
        makeFullCard(QStringLiteral("card10"));
        QVERIFY(put(QStringLiteral("class/drm/card10/device/product_name"), "Radeon PRO W7900\n"));
        QVERIFY(makeDir(sys(), QStringLiteral("pci/0000:0a:00.0")));
        QVERIFY(makeDir(sys(), QStringLiteral("bus/pci/drivers/amdgpu")));
        QVERIFY(makeDir(sys(), QStringLiteral("class/drm/card2")));
        QVERIFY(QFile::link(sys() + QStringLiteral("/pci/0000:0a:00.0"),
                            sys() + QStringLiteral("/class/drm/card2/device")));
        QVERIFY(QFile::link(sys() + QStringLiteral("/bus/pci/drivers/amdgpu"),
                            sys() + QStringLiteral("/pci/0000:0a:00.0/driver")));
        AmdSampler s(options());
        QVERIFY2(s.open(), qPrintable(s.lastError()));
        QCOMPARE(s.description(), QStringLiteral("amdgpu (3 GPUs)"));
        Snapshot snap;
        QVERIFY(s.sample(snap));
        QCOMPARE(snap.gpus.size(), 3);
        QCOMPARE(snap.gpus.at(0).name, QStringLiteral("Radeon RX 6800"));
        QCOMPARE(snap.gpus.at(1).pciBusId, QStringLiteral("0000:0a:00.0"));
        QCOMPARE(snap.gpus.at(2).name, QStringLiteral("Radeon PRO W7900"));
        for (int i = 0; i < 3; ++i)
            QCOMPARE(snap.gpus.at(i).index, i);
    }

    void fallsBackToPowerInputDpmTableAndPciIds()
    {
        // An RX 580-like tree (kernel 6.9): power1_input only, no freq1_input,
        // no unique_id, no product name; driver found through the symlink.
        const QString d = QStringLiteral("class/drm/card0/device/");
        const QString h = d + QStringLiteral("hwmon/hwmon1/");
        QVERIFY(
            put(d + QStringLiteral("uevent"), "PCI_ID=1002:67DF\nPCI_SLOT_NAME=0000:01:00.0\n"));
        QVERIFY(makeDir(sys(), QStringLiteral("bus/pci/drivers/amdgpu")));
        QVERIFY(QFile::link(sys() + QStringLiteral("/bus/pci/drivers/amdgpu"),
                            sys() + QLatin1Char('/') + d + QStringLiteral("driver")));
        QVERIFY(put(d + QStringLiteral("device"), "0x67df\n"));
        QVERIFY(put(d + QStringLiteral("pp_dpm_sclk"), "0: 300Mhz\n1: 600Mhz\n2: 1366Mhz *\n"));
        QVERIFY(put(h + QStringLiteral("power1_input"), "38000000\n"));
        AmdSampler s(options());
        QVERIFY2(s.open(), qPrintable(s.lastError()));
        Snapshot snap;
        QVERIFY(s.sample(snap));
        const GpuSample& g = snap.gpus.first();
        QCOMPARE(g.uuid, QStringLiteral("0000:01:00.0"));
        QCOMPARE(g.name, QStringLiteral("AMD GPU 0x67df"));
        QCOMPARE(g.powerW, Opt(38));
        QCOMPARE(g.smClockMHz, Opt(1366));
        // Missing sensors are absent, not zero, and not worth a warning.
        QVERIFY(!g.utilizationGpuPercent && !g.memoryUsedMiB && !g.temperatureC && !g.powerLimitW &&
                !g.fanPercent);
        QVERIFY(snap.warnings.isEmpty());
    }

    void garbledFilesAreAbsentWithWarningOnce()
    {
        makeFullCard(QStringLiteral("card0"));
        QVERIFY(put(QStringLiteral("class/drm/card0/device/gpu_busy_percent"), "busy\n"));
        QVERIFY(put(QStringLiteral("class/drm/card0/device/hwmon/hwmon3/temp1_input"), "\n"));
        QVERIFY(QFile::remove(sys() +
                              QStringLiteral("/class/drm/card0/device/hwmon/hwmon3/freq1_input")));
        QVERIFY(
            put(QStringLiteral("class/drm/card0/device/pp_dpm_sclk"), "0: 500Mhz\n1: 2000Mhz\n"));
        AmdSampler s(options());
        QVERIFY(s.open());
        Snapshot snap;
        QVERIFY(s.sample(snap));
        const GpuSample& g = snap.gpus.first();
        QVERIFY(!g.utilizationGpuPercent.has_value());
        QVERIFY(!g.temperatureC.has_value());
        QVERIFY(!g.smClockMHz.has_value());
        QCOMPARE(g.memoryUsedMiB, Opt(1024));
        const QString dev = sys() + QStringLiteral("/class/drm/card0/device");
        QCOMPARE(
            snap.warnings,
            (QStringList{
                dev + QStringLiteral("/gpu_busy_percent: not a number: \"busy\", value not shown"),
                dev + QStringLiteral(
                          "/hwmon/hwmon3/temp1_input: not a number: \"\", value not shown"),
                dev + QStringLiteral("/pp_dpm_sclk: no current level marked with '*', clock not "
                                     "shown")}));
        Snapshot again;
        QVERIFY(s.sample(again));
        QVERIFY(again.warnings.isEmpty());
    }

    void missingSensorsAreSilentUnreadableOnesWarn()
    {
        makeFullCard(QStringLiteral("card0"));
        const QString dev = sys() + QStringLiteral("/class/drm/card0/device");
        // A board without a fan: absent, and nothing to warn about.
        QVERIFY(QFile::remove(dev + QStringLiteral("/hwmon/hwmon3/pwm1")));
        // A folder where a value file should be: there, but unreadable.
        QVERIFY(QFile::remove(dev + QStringLiteral("/mem_busy_percent")));
        QVERIFY(makeDir(dev, QStringLiteral("mem_busy_percent")));
        AmdSampler s(options());
        QVERIFY(s.open());
        Snapshot snap;
        QVERIFY(s.sample(snap));
        const GpuSample& g = snap.gpus.first();
        QVERIFY(!g.fanPercent.has_value());
        QVERIFY(!g.utilizationMemoryPercent.has_value());
        QCOMPARE(g.utilizationGpuPercent, Opt(37));
        QCOMPARE(snap.warnings.size(), 1);
        QVERIFY2(snap.warnings.first().startsWith(QStringLiteral("AMD GPU value not shown: ") +
                                                  dev + QStringLiteral("/mem_busy_percent: ")),
                 qPrintable(snap.warnings.first()));
    }

    void vanishedDeviceIsReportedOnTheGpu()
    {
        makeFullCard(QStringLiteral("card0"));
        AmdSampler s(options());
        QVERIFY(s.open());
        QVERIFY(QDir(sys() + QStringLiteral("/class/drm/card0")).removeRecursively());
        Snapshot snap;
        QVERIFY(s.sample(snap));
        QCOMPARE(snap.gpus.size(), 1);
        QVERIFY(snap.gpus.first().error.startsWith(QStringLiteral("GPU is gone")));
        QVERIFY(!snap.gpus.first().utilizationGpuPercent.has_value());
    }
};

QTEST_GUILESS_MAIN(TestAmdSampler)
#include "tst_amdsampler.moc"
