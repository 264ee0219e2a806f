// The health and energy calls as NvmlLibrary resolves them, against the fake
// libnvidia-ml.so.1 (tests/nvml/fakenvml, scenarios/health.scenario): each
// call's values, NOT_SUPPORTED where a GPU lacks the feature (never a 0),
// the XID event queue, and an older driver that lacks some of them.
#include "sampling/nvmlhealth.h"
#include "sampling/nvmllibrary.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <dlfcn.h>

#include <cstring>

using namespace gw;
using namespace gw::nvml;

namespace {

// The fake's test hooks, looked up in the loaded library.
template <typename Fn>
Fn hook(const char* library, const char* name)
{
    void* h = dlopen(library, RTLD_NOW | RTLD_NOLOAD);
    return h ? reinterpret_cast<Fn>(dlsym(h, name)) : nullptr;
}

Device deviceOf(NvmlLibrary& nvml, unsigned index)
{
    Device d = nullptr;
    if (nvml.deviceGetHandleByIndex(index, &d) != SUCCESS)
        return nullptr;
    return d;
}

// One sample's clock tick of a fake GPU (its clock is its count of
// utilisation reads).
void tick(NvmlLibrary& nvml, Device d)
{
    Utilization u{};
    nvml.deviceGetUtilizationRates(d, &u);
}

// Points the fake at a scenario written for one test, for the guard's
// life (the suite's own scenario again after it).
class ScenarioFile
{
public:
    explicit ScenarioFile(const QByteArray& text)
        : m_saved(qgetenv("GW_FAKE_NVML_SCENARIO"))
    {
        const QString path = m_dir.filePath(QStringLiteral("test.scenario"));
        QFile f(path);
        m_written = f.open(QIODevice::WriteOnly) && f.write(text) == text.size();
        qputenv("GW_FAKE_NVML_SCENARIO", path.toLocal8Bit());
    }
    ~ScenarioFile() { qputenv("GW_FAKE_NVML_SCENARIO", m_saved); }
    bool written() const { return m_written; }

private:
    QTemporaryDir m_dir;
    QByteArray m_saved;
    bool m_written = false;
};

} // namespace

class TestNvmlHealth : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        // Whether run by ctest or by hand.
        qputenv("GW_FAKE_NVML_SCENARIO", GW_NVML_SCENARIOS "/health.scenario");
    }

    void theNewDriversCallsAreAllResolved()
    {
        NvmlLibrary nvml;
        QVERIFY2(nvml.load(QStringLiteral(GW_FAKE_NVML)), qPrintable(nvml.error()));
        QVERIFY(nvml.eventSetCreate && nvml.deviceRegisterEvents && nvml.eventSetFree);
        QVERIFY(nvml.deviceGetSupportedEventTypes);
        QVERIFY(nvml.eventSetWait);
        QVERIFY(!nvml.eventWaitV1);
        QVERIFY(nvml.deviceGetTotalEnergyConsumption);
        QVERIFY(nvml.deviceGetEccMode && nvml.deviceGetTotalEccErrors);
        QVERIFY(nvml.deviceGetRemappedRows);
        QVERIFY(nvml.deviceGetRetiredPages && nvml.deviceGetRetiredPagesPendingStatus);
        QVERIFY(nvml.deviceGetClocksEventReasons && nvml.deviceGetSupportedClocksEventReasons);
        QVERIFY(nvml.deviceGetPcieReplayCounter);
        QVERIFY(nvml.deviceGetNvLinkState && nvml.deviceGetNvLinkErrorCounter);
    }

    void anOlderDriverLacksWhatItLacks()
    {
        NvmlLibrary nvml;
        QVERIFY2(nvml.load(QStringLiteral(GW_FAKE_NVML_OLD)), qPrintable(nvml.error()));
        // Absent, so each field will be absent, never 0.
        QVERIFY(!nvml.deviceGetTotalEnergyConsumption);
        QVERIFY(!nvml.deviceGetRemappedRows);
        QVERIFY(!nvml.deviceGetPcieReplayCounter);
        // The older names stand in.
        QVERIFY(nvml.deviceGetClocksEventReasons);
        QVERIFY(nvml.eventSetWait);
        QVERIFY(nvml.eventWaitV1);
        Device d = deviceOf(nvml, 1);
        QVERIFY(d);
        unsigned long long reasons = 0;
        QCOMPARE(nvml.deviceGetClocksEventReasons(d, &reasons), SUCCESS);
        QCOMPARE(reasons, 0x60ull); // SwThermalSlowdown | HwThermalSlowdown

        // The old wait writes 24 bytes: the instance ids are left as they were.
        EventSet set = nullptr;
        QCOMPARE(nvml.eventSetCreate(&set), SUCCESS);
        QCOMPARE(nvml.deviceRegisterEvents(d, kEventTypeXidCriticalError, set), SUCCESS);
        tick(nvml, d);
        tick(nvml, d);
        EventData data;
        std::memset(&data, 0xAB, sizeof data);
        QCOMPARE(nvml.eventSetWait(set, &data, 0), SUCCESS);
        QCOMPARE(data.eventData, 48ull);
        unsigned untouched = 0;
        std::memset(&untouched, 0xAB, sizeof untouched);
        QCOMPARE(data.gpuInstanceId, untouched);
        QCOMPARE(nvml.eventSetFree(set), SUCCESS);
    }

    void eachCountersValueAndNotSupportedWhereAGpuLacksIt()
    {
        NvmlLibrary nvml;
        QVERIFY2(nvml.load(QStringLiteral(GW_FAKE_NVML)), qPrintable(nvml.error()));
        Device h200 = deviceOf(nvml, 0), a100 = deviceOf(nvml, 1), v100 = deviceOf(nvml, 2),
               mig = deviceOf(nvml, 3);
        QVERIFY(h200 && a100 && v100 && mig);

        // Energy: mJ since the driver loaded, rising with the GPU's clock.
        unsigned long long mj = 0;
        QCOMPARE(nvml.deviceGetTotalEnergyConsumption(h200, &mj), SUCCESS);
        QCOMPARE(mj, 47115334ull);
        tick(nvml, h200);
        QCOMPARE(nvml.deviceGetTotalEnergyConsumption(h200, &mj), SUCCESS);
        QCOMPARE(mj, 47116334ull);

        // ECC: on with no errors; on with errors; off; not there.
        EnableState current = FEATURE_DISABLED, pending = FEATURE_DISABLED;
        QCOMPARE(nvml.deviceGetEccMode(h200, &current, &pending), SUCCESS);
        QCOMPARE(current, FEATURE_ENABLED);
        unsigned long long count = 99;
        QCOMPARE(
            nvml.deviceGetTotalEccErrors(h200, MEMORY_ERROR_TYPE_UNCORRECTED, VOLATILE_ECC, &count),
            SUCCESS);
        QCOMPARE(count, 0ull);
        QCOMPARE(
            nvml.deviceGetTotalEccErrors(a100, MEMORY_ERROR_TYPE_CORRECTED, AGGREGATE_ECC, &count),
            SUCCESS);
        QCOMPARE(count, 40ull);
        QCOMPARE(
            nvml.deviceGetTotalEccErrors(a100, MEMORY_ERROR_TYPE_UNCORRECTED, VOLATILE_ECC, &count),
            SUCCESS);
        QCOMPARE(count, 2ull);
        QCOMPARE(nvml.deviceGetEccMode(v100, &current, &pending), SUCCESS);
        QCOMPARE(current, FEATURE_DISABLED);
        QCOMPARE(
            nvml.deviceGetTotalEccErrors(v100, MEMORY_ERROR_TYPE_CORRECTED, VOLATILE_ECC, &count),
            ERROR_NOT_SUPPORTED);
        QCOMPARE(nvml.deviceGetEccMode(mig, &current, &pending), ERROR_NOT_SUPPORTED);

        // Remapped rows: a pending remap; none before Ampere; none in MIG mode.
        unsigned corr = 9, unc = 9, isPending = 9, failure = 9;
        QCOMPARE(nvml.deviceGetRemappedRows(h200, &corr, &unc, &isPending, &failure), SUCCESS);
        QCOMPARE(corr + unc + isPending + failure, 0u);
        QCOMPARE(nvml.deviceGetRemappedRows(a100, &corr, &unc, &isPending, &failure), SUCCESS);
        QCOMPARE(corr, 1u);
        QCOMPARE(unc, 2u);
        QCOMPARE(isPending, 1u);
        QCOMPARE(failure, 0u);
        QCOMPARE(nvml.deviceGetRemappedRows(v100, &corr, &unc, &isPending, &failure),
                 ERROR_NOT_SUPPORTED);
        QCOMPARE(nvml.deviceGetRemappedRows(mig, &corr, &unc, &isPending, &failure),
                 ERROR_NOT_SUPPORTED);

        // Retired pages (before Ampere): a count probe, then the pages.
        unsigned pages = 0;
        QCOMPARE(nvml.deviceGetRetiredPages(
                     v100, PAGE_RETIREMENT_CAUSE_MULTIPLE_SINGLE_BIT_ECC_ERRORS, &pages, nullptr),
                 ERROR_INSUFFICIENT_SIZE);
        QCOMPARE(pages, 2u);
        unsigned long long addresses[2] = {};
        QCOMPARE(nvml.deviceGetRetiredPages(
                     v100, PAGE_RETIREMENT_CAUSE_MULTIPLE_SINGLE_BIT_ECC_ERRORS, &pages, addresses),
                 SUCCESS);
        QVERIFY(addresses[0] != 0 && addresses[1] != 0);
        EnableState retiredPending = FEATURE_DISABLED;
        QCOMPARE(nvml.deviceGetRetiredPagesPendingStatus(v100, &retiredPending), SUCCESS);
        QCOMPARE(retiredPending, FEATURE_ENABLED);
        QCOMPARE(nvml.deviceGetRetiredPagesPendingStatus(h200, &retiredPending),
                 ERROR_NOT_SUPPORTED);

        // Clock-event reasons and what the GPU can report.
        unsigned long long reasons = 0;
        QCOMPARE(nvml.deviceGetClocksEventReasons(h200, &reasons), SUCCESS);
        QCOMPARE(reasons, kClocksEventGpuIdle);
        QCOMPARE(nvml.deviceGetSupportedClocksEventReasons(h200, &reasons), SUCCESS);
        QCOMPARE(reasons, 0x1ffull);
        QCOMPARE(nvml.deviceGetClocksEventReasons(v100, &reasons), SUCCESS);
        QCOMPARE(reasons, kClocksEventSwPowerCap);
        QCOMPARE(nvml.deviceGetClocksEventReasons(mig, &reasons), ERROR_NOT_SUPPORTED);

        // PCIe replays.
        unsigned replays = 99;
        QCOMPARE(nvml.deviceGetPcieReplayCounter(h200, &replays), SUCCESS);
        QCOMPARE(replays, 0u);
        QCOMPARE(nvml.deviceGetPcieReplayCounter(a100, &replays), SUCCESS);
        QCOMPARE(replays, 12u);
        QCOMPARE(nvml.deviceGetPcieReplayCounter(v100, &replays), ERROR_NOT_SUPPORTED);

        // NVLink: none on the H200; three links on the A100, one inactive.
        EnableState active = FEATURE_ENABLED;
        QCOMPARE(nvml.deviceGetNvLinkState(h200, 0, &active), ERROR_NOT_SUPPORTED);
        QCOMPARE(nvml.deviceGetNvLinkState(a100, 0, &active), SUCCESS);
        QCOMPARE(active, FEATURE_ENABLED);
        QCOMPARE(nvml.deviceGetNvLinkState(a100, 2, &active), SUCCESS);
        QCOMPARE(active, FEATURE_DISABLED);
        QCOMPARE(nvml.deviceGetNvLinkState(a100, 3, &active), ERROR_NOT_SUPPORTED);
        QCOMPARE(nvml.deviceGetNvLinkState(a100, kNvLinkMaxLinks, &active), ERROR_INVALID_ARGUMENT);
        unsigned long long errors = 0;
        QCOMPARE(nvml.deviceGetNvLinkErrorCounter(a100, 0, NVLINK_ERROR_DL_CRC_FLIT, &errors),
                 SUCCESS);
        QCOMPARE(errors, 7ull);

        // The cadence hook counts the slow reads (ECC, remapped rows,
        // retired pages) a sampler makes.
        const auto healthReads =
            hook<unsigned (*)(unsigned)>(GW_FAKE_NVML, "gwFakeNvmlHealthReads");
        QVERIFY(healthReads);
        QCOMPARE(healthReads(1), 3u); // two ECC totals and the remapped rows
    }

    void xidEventsArriveOnceAtTheirSampleForTheGpuRegistered()
    {
        NvmlLibrary nvml;
        QVERIFY2(nvml.load(QStringLiteral(GW_FAKE_NVML)), qPrintable(nvml.error()));
        const auto setsOpen = hook<int (*)()>(GW_FAKE_NVML, "gwFakeNvmlEventSetsOpen");
        QVERIFY(setsOpen);
        Device h200 = deviceOf(nvml, 0), a100 = deviceOf(nvml, 1);
        unsigned long long supported = 0;
        QCOMPARE(nvml.deviceGetSupportedEventTypes(h200, &supported), SUCCESS);
        QCOMPARE(supported, 0xff9full);
        EventSet set = nullptr;
        QCOMPARE(nvml.eventSetCreate(&set), SUCCESS);
        QCOMPARE(setsOpen(), 1);
        // A type the GPU does not support is refused as the driver does.
        QCOMPARE(nvml.deviceRegisterEvents(h200, 0x20, set), ERROR_NOT_SUPPORTED);
        for (Device d : {h200, a100})
            QCOMPARE(nvml.deviceRegisterEvents(
                         d, kEventTypeXidCriticalError | kEventTypeDoubleBitEccError, set),
                     SUCCESS);
        EventData data{};
        // Sample 1: nothing yet (the wait returns at once, TIMEOUT).
        tick(nvml, h200);
        tick(nvml, a100);
        QCOMPARE(nvml.eventSetWait(set, &data, 0), ERROR_TIMEOUT);
        // Sample 2: XID 48 of the A100, once.
        tick(nvml, h200);
        tick(nvml, a100);
        QCOMPARE(nvml.eventSetWait(set, &data, 0), SUCCESS);
        QCOMPARE(data.device, a100);
        QCOMPARE(data.eventType, kEventTypeXidCriticalError);
        QCOMPARE(data.eventData, 48ull);
        QCOMPARE(data.gpuInstanceId, kNoInstanceId);
        QCOMPARE(nvml.eventSetWait(set, &data, 0), ERROR_TIMEOUT);
        // Sample 3: XID 63 of its GPU instance 1.
        tick(nvml, a100);
        QCOMPARE(nvml.eventSetWait(set, &data, 0), SUCCESS);
        QCOMPARE(data.eventData, 63ull);
        QCOMPARE(data.gpuInstanceId, 1u);
        QCOMPARE(data.computeInstanceId, 0u);
        QCOMPARE(nvml.eventSetFree(set), SUCCESS);
        QCOMPARE(setsOpen(), 0);
        QCOMPARE(nvml.eventSetWait(set, &data, 0), ERROR_INVALID_ARGUMENT);
    }

    // The reader a sampler keeps: every figure of each GPU as the fake
    // answers it, NVLink summed over the active links, XIDs in their
    // reading only, and absent (never 0) what a GPU lacks.
    void theReaderGivesEachGpusFacts()
    {
        NvmlLibrary nvml;
        QVERIFY2(nvml.load(QStringLiteral(GW_FAKE_NVML)), qPrintable(nvml.error()));
        QList<Device> devices;
        for (unsigned i = 0; i < 4; ++i)
            devices << deviceOf(nvml, i);
        QStringList warnings;
        NvmlHealthReader reader(nvml);
        reader.open(devices, warnings);
        QVERIFY2(warnings.isEmpty(), qPrintable(warnings.join(u'\n')));
        constexpr qint64 kT0 = 1'790'000'000'000;
        QList<std::optional<GpuHealthFacts>> readings[3];
        for (int r = 0; r < 3; ++r) {
            for (Device d : devices)
                tick(nvml, d); // the sampler reads utilisation first
            reader.drainEvents(kT0 + r * 1000, warnings);
            for (qsizetype i = 0; i < devices.size(); ++i)
                readings[r] << reader.read(i, kT0 + r * 1000, warnings);
        }
        QVERIFY2(warnings.isEmpty(), qPrintable(warnings.join(u'\n')));

        // The H200, as it answered.
        const GpuHealthFacts h200 = *readings[0][0];
        QCOMPARE(h200.energyMj, std::optional<quint64>(47'116'334)); // one tick in
        QCOMPARE(h200.eccEnabled, std::optional<bool>(true));
        QCOMPARE(h200.eccUncorrectedVolatile, std::optional<quint64>(0));
        QCOMPARE(h200.remapPending, std::optional<bool>(false));
        QVERIFY(!h200.retiredPagesSbe && !h200.retiredPagesPending);
        QCOMPARE(h200.clockEventReasons, std::optional<quint64>(0x1));
        QCOMPARE(h200.clockEventReasonsSupported, std::optional<quint64>(0x1ff));
        QCOMPARE(h200.pcieReplayCount, std::optional<quint32>(0));
        QVERIFY(!h200.nvlinkErrors);
        QVERIFY(h200.xids.isEmpty());

        // The failing A100: its counters, NVLink over links 0 and 1 (2 is
        // down), XID 48 in the second reading and 63 in the third.
        const GpuHealthFacts a100 = *readings[0][1];
        QCOMPARE(a100.eccUncorrectedVolatile, std::optional<quint64>(2));
        QCOMPARE(a100.eccCorrectedAggregate, std::optional<quint64>(40));
        QCOMPARE(a100.remappedRowsUncorrectable, std::optional<quint32>(2));
        QCOMPARE(a100.remapPending, std::optional<bool>(true));
        QCOMPARE(a100.pcieReplayCount, std::optional<quint32>(12));
        QCOMPARE(a100.nvlinkErrors, std::optional<NvLinkErrors>(NvLinkErrors{6, 1, 7, 0}));
        QVERIFY(a100.xids.isEmpty());
        QCOMPARE(readings[1][1]->xids.size(), 1);
        QCOMPARE(readings[1][1]->xids[0].xid, 48);
        QCOMPARE(readings[1][1]->xids[0].atMs, kT0 + 1000);
        QCOMPARE(readings[1][1]->xids[0].source, XidEvent::Source::Nvml);
        QVERIFY(!readings[1][1]->xids[0].gpuInstanceId);
        QCOMPARE(readings[2][1]->xids.size(), 1);
        QCOMPARE(readings[2][1]->xids[0].xid, 63);
        QCOMPARE(readings[2][1]->xids[0].gpuInstanceId, std::optional<int>(1));

        // The V100: ECC off (no totals), retired pages.
        const GpuHealthFacts v100 = *readings[0][2];
        QCOMPARE(v100.eccEnabled, std::optional<bool>(false));
        QVERIFY(!v100.eccCorrectedVolatile);
        QCOMPARE(v100.retiredPagesSbe, std::optional<quint32>(2));
        QCOMPARE(v100.retiredPagesDbe, std::optional<quint32>(1));
        QCOMPARE(v100.retiredPagesPending, std::optional<bool>(true));
        QVERIFY(!v100.remapPending && !v100.pcieReplayCount);

        // The H100 in MIG mode: remapped rows are not reported then.
        const GpuHealthFacts mig = *readings[0][3];
        QVERIFY(!mig.remapPending && !mig.remappedRowsCorrectable);
        QCOMPARE(mig.energyMj, std::optional<quint64>(1'234'567));
    }

    // The slow counters (ECC, remapped rows, retired pages) are asked once
    // a minute, and at once after an event of the GPU; the event set is
    // freed with the reader.
    void theSlowCountersKeepTheirCadence()
    {
        const auto healthReads =
            hook<unsigned (*)(unsigned)>(GW_FAKE_NVML, "gwFakeNvmlHealthReads");
        const auto setsOpen = hook<int (*)()>(GW_FAKE_NVML, "gwFakeNvmlEventSetsOpen");
        NvmlLibrary nvml;
        QVERIFY2(nvml.load(QStringLiteral(GW_FAKE_NVML)), qPrintable(nvml.error()));
        QList<Device> devices{deviceOf(nvml, 0), deviceOf(nvml, 1)};
        QStringList warnings;
        constexpr qint64 kT0 = 1'790'000'000'000;
        {
            NvmlHealthReader reader(nvml);
            reader.open(devices, warnings);
            auto reading = [&](qint64 atMs) {
                for (Device d : devices)
                    tick(nvml, d);
                reader.drainEvents(atMs, warnings);
                reader.read(0, atMs, warnings);
                reader.read(1, atMs, warnings);
            };
            reading(kT0);
            // Four ECC totals, the remapped rows, the two retired-page counts.
            QCOMPARE(healthReads(0), 7u);
            for (int s = 1; s <= 30; ++s)
                reading(kT0 + s * 1000);
            // The H200 had no event: not asked again within the minute.
            QCOMPARE(healthReads(0), 7u);
            // The A100 had two (XIDs at its second and third readings).
            QCOMPARE(healthReads(1), 21u);
            reading(kT0 + 61'000);
            QCOMPARE(healthReads(0), 14u);
            QCOMPARE(setsOpen(), 1);
        }
        QCOMPARE(setsOpen(), 0);
        QVERIFY2(warnings.isEmpty(), qPrintable(warnings.join(u'\n')));
    }

    // An older driver: what it lacks stays absent; its events (24-byte
    // records) come without instance ids.
    void theReaderOnAnOlderDriver()
    {
        NvmlLibrary nvml;
        QVERIFY2(nvml.load(QStringLiteral(GW_FAKE_NVML_OLD)), qPrintable(nvml.error()));
        QList<Device> devices{deviceOf(nvml, 1)};
        QStringList warnings;
        NvmlHealthReader reader(nvml);
        reader.open(devices, warnings);
        std::optional<GpuHealthFacts> f;
        for (int r = 0; r < 3; ++r) {
            tick(nvml, devices[0]);
            reader.drainEvents(r * 1000, warnings);
            f = reader.read(0, r * 1000, warnings);
        }
        QVERIFY(f);
        QVERIFY(!f->energyMj && !f->remapPending && !f->pcieReplayCount);
        QCOMPARE(f->clockEventReasons, std::optional<quint64>(0x60));
        QCOMPARE(f->eccUncorrectedVolatile, std::optional<quint64>(2));
        QCOMPARE(f->xids.size(), 1);
        QCOMPARE(f->xids[0].xid, 63);
        QVERIFY(!f->xids[0].gpuInstanceId); // the v1 record has none
        QVERIFY2(warnings.isEmpty(), qPrintable(warnings.join(u'\n')));
    }

    void scriptedClockReasonsChangeFromReadingToReading()
    {
        // A GPU that hits its power cap, then heats up too, then runs free:
        // each reading has its own mask (the GPU page's band draws them).
        const ScenarioFile scenario("gpu 0 util=99\n"
                                    "script 0 clockreasons=0x4,0x24,0x0\n");
        QVERIFY(scenario.written());
        NvmlLibrary nvml;
        QVERIFY2(nvml.load(QStringLiteral(GW_FAKE_NVML)), qPrintable(nvml.error()));
        Device d = deviceOf(nvml, 0);
        QStringList warnings;
        NvmlHealthReader reader(nvml);
        reader.open({d}, warnings);
        QList<std::optional<quint64>> masks;
        for (int r = 0; r < 4; ++r) {
            tick(nvml, d); // the sampler reads utilisation first
            const std::optional<GpuHealthFacts> facts = reader.read(0, r * 1000, warnings);
            QVERIFY(facts);
            masks << facts->clockEventReasons;
            // Scripted, the call is supported though the gpu line says none.
            QCOMPARE(facts->clockEventReasonsSupported, std::optional<quint64>(0x1ff));
        }
        QCOMPARE(masks, (QList<std::optional<quint64>>{0x4, 0x24, 0x0, 0x4}));
        QVERIFY2(warnings.isEmpty(), qPrintable(warnings.join(u'\n')));
    }

    void aFailureConfiguredForAHealthCallIsReturned()
    {
        // `fail` lines reach the new calls too (here through a scenario
        // written for the test).
        const ScenarioFile scenario("gpu 0 energy=5 clockreasons=0x1 pciereplay=1\n"
                                    "fail 0 nvmlDeviceGetTotalEnergyConsumption NO_PERMISSION\n"
                                    "fail 0 nvmlDeviceGetCurrentClocksEventReasons GPU_IS_LOST\n"
                                    "fail 0 nvmlDeviceRegisterEvents UNKNOWN\n");
        QVERIFY(scenario.written());
        NvmlLibrary nvml;
        QVERIFY2(nvml.load(QStringLiteral(GW_FAKE_NVML)), qPrintable(nvml.error()));
        Device d = deviceOf(nvml, 0);
        unsigned long long v = 0;
        QCOMPARE(nvml.deviceGetTotalEnergyConsumption(d, &v), ERROR_NO_PERMISSION);
        QCOMPARE(nvml.deviceGetClocksEventReasons(d, &v), ERROR_GPU_IS_LOST);
        unsigned replays = 0;
        QCOMPARE(nvml.deviceGetPcieReplayCounter(d, &replays), SUCCESS);
        QCOMPARE(replays, 1u);
        EventSet set = nullptr;
        QCOMPARE(nvml.eventSetCreate(&set), SUCCESS);
        QCOMPARE(nvml.deviceRegisterEvents(d, kEventTypeXidCriticalError, set), ERROR_UNKNOWN);
        QCOMPARE(nvml.eventSetFree(set), SUCCESS);

        // The reader says each such failure once and leaves the figure out;
        // a lost GPU is the sampler's to say.
        QStringList warnings;
        NvmlHealthReader reader(nvml);
        reader.open({d}, warnings);
        std::optional<GpuHealthFacts> facts;
        for (int r = 0; r < 3; ++r)
            facts = reader.read(0, r * 1000, warnings);
        QVERIFY(facts);
        QVERIFY(!facts->energyMj && !facts->clockEventReasons);
        QCOMPARE(facts->pcieReplayCount, std::optional<quint32>(1));
        QCOMPARE(warnings.size(), 2);
        QVERIFY2(warnings[0].contains(QLatin1String("NVML_ERROR_UNKNOWN from "
                                                    "nvmlDeviceRegisterEvents")),
                 qPrintable(warnings[0]));
        QVERIFY2(warnings[1].contains(QLatin1String("NVML_ERROR_NO_PERMISSION from "
                                                    "nvmlDeviceGetTotalEnergyConsumption")),
                 qPrintable(warnings[1]));
    }
};

QTEST_GUILESS_MAIN(TestNvmlHealth)
#include "tst_nvmlhealth.moc"
