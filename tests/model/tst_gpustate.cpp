#include "model/gpustate.h"
#include "model/snapshot.h"

#include <QTest>

using namespace gw;

namespace {
GpuSample gpu(std::optional<double> util, std::optional<double> temp,
              std::optional<double> slowdown = std::nullopt)
{
    GpuSample g;
    g.index = 0;
    g.uuid = QStringLiteral("GPU-0");
    g.utilizationGpuPercent = util;
    g.temperatureC = temp;
    g.slowdownTemperatureC = slowdown;
    return g;
}
} // namespace

Q_DECLARE_METATYPE(GpuState)
Q_DECLARE_METATYPE(GpuSample)

class TestGpuState : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void decidesWhatAnAdminCallsTheGpu_data()
    {
        QTest::addColumn<GpuSample>("sample");
        QTest::addColumn<int>("processes");
        QTest::addColumn<GpuState>("expected");

        QTest::newRow("idle, nothing running") << gpu(0, 40) << 0 << GpuState::Idle;
        QTest::newRow("just under the busy line") << gpu(9.9, 40) << 0 << GpuState::Idle;
        QTest::newRow("busy from 10 %") << gpu(kIdleBelowPercent, 40) << 0 << GpuState::Busy;
        QTest::newRow("busy with processes") << gpu(90, 60) << 3 << GpuState::Busy;
        QTest::newRow("memory held while idle") << gpu(2, 40) << 1 << GpuState::Held;
        QTest::newRow("utilisation not reported")
            << gpu(std::nullopt, 40) << 2 << GpuState::Unknown;
        QTest::newRow("temperature absent is not hot")
            << gpu(50, std::nullopt) << 0 << GpuState::Busy;
        // No slowdown temperature from the driver: hot from 85 °C.
        QTest::newRow("84 °C without threshold") << gpu(50, 84) << 0 << GpuState::Busy;
        QTest::newRow("85 °C without threshold") << gpu(50, kDefaultHotC) << 0 << GpuState::Hot;
        // The GPU's own slowdown temperature replaces 85 °C, both ways.
        QTest::newRow("86 °C under a 90 °C slowdown") << gpu(50, 86, 90) << 0 << GpuState::Busy;
        QTest::newRow("90 °C at a 90 °C slowdown") << gpu(50, 90, 90) << 0 << GpuState::Hot;
        QTest::newRow("80 °C over a 78 °C slowdown") << gpu(5, 80, 78) << 0 << GpuState::Hot;
        // Heat outranks everything but a failed device.
        QTest::newRow("hot and idle") << gpu(0, 95) << 0 << GpuState::Hot;
        QTest::newRow("hot, utilisation unknown") << gpu(std::nullopt, 95) << 0 << GpuState::Hot;
        GpuSample lost = gpu(std::nullopt, 99);
        lost.error = QStringLiteral("GPU is lost");
        QTest::newRow("failed device") << lost << 0 << GpuState::Error;
    }

    void decidesWhatAnAdminCallsTheGpu()
    {
        QFETCH(GpuSample, sample);
        QFETCH(int, processes);
        QFETCH(GpuState, expected);
        QCOMPARE(gpuState(sample, processes), expected);
    }

    void hotThresholdIsTheGpusOwnWhenReported()
    {
        QCOMPARE(hotThresholdC(gpu(0, 0)), 85.0);
        QCOMPARE(hotThresholdC(gpu(0, 0, 92)), 92.0);
    }
};

QTEST_GUILESS_MAIN(TestGpuState)
#include "tst_gpustate.moc"
