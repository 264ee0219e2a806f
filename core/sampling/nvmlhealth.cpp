#include "sampling/nvmlhealth.h"

#include "sampling/nvmllibrary.h"

namespace gw {

using namespace nvml;

namespace {

// The event types asked for where the GPU supports them: XIDs, and the
// ECC and retirement events that make the slow counters worth a read now.
constexpr unsigned long long kWanted = kEventTypeXidCriticalError | kEventTypeSingleBitEccError |
                                       kEventTypeDoubleBitEccError | kEventTypeDramRetirementEvent |
                                       kEventTypeDramRetirementFailure;

} // namespace

NvmlHealthReader::NvmlHealthReader(NvmlLibrary& nvml)
    : m_nvml(nvml)
{}

NvmlHealthReader::~NvmlHealthReader()
{
    if (m_events && m_nvml.eventSetFree)
        m_nvml.eventSetFree(m_events);
}

bool NvmlHealthReader::ok(Return rc, const char* function, QStringList& warnings)
{
    switch (nvmlStatus(rc)) {
    case NvmlStatus::Value:
        return true;
    case NvmlStatus::Absent:
    case NvmlStatus::DeviceFailed: // the sampler's own reads say so
        return false;
    case NvmlStatus::FieldFailed:
        break;
    }
    warnOnce(rc, function, warnings);
    return false;
}

void NvmlHealthReader::warnOnce(Return rc, const char* function, QStringList& warnings)
{
    const QString key = QLatin1String(function) + QLatin1Char('/') + QString::number(int(rc));
    if (m_warned.contains(key))
        return;
    m_warned.insert(key);
    warnings
        << QStringLiteral("NVML health figures: %1; left out").arg(m_nvml.describe(function, rc));
}

void NvmlHealthReader::open(const QList<nvml::Device>& devices, QStringList& warnings)
{
    m_devices.clear();
    for (const nvml::Device h : devices) {
        Device d;
        d.handle = h;
        m_devices.append(d);
    }
    if (!m_nvml.eventSetCreate || !m_nvml.deviceRegisterEvents || !m_nvml.eventSetWait)
        return;
    if (!m_events && !ok(m_nvml.eventSetCreate(&m_events), "nvmlEventSetCreate", warnings)) {
        m_events = nullptr;
        return;
    }
    for (qsizetype i = 0; i < m_devices.size(); ++i) {
        unsigned long long supported = kWanted;
        if (m_nvml.deviceGetSupportedEventTypes &&
            !ok(m_nvml.deviceGetSupportedEventTypes(m_devices[i].handle, &supported),
                "nvmlDeviceGetSupportedEventTypes", warnings))
            continue;
        const unsigned long long mask = supported & kWanted;
        if (mask == 0)
            continue;
        // Without it no XID of this GPU arrives through NVML: said whatever
        // the code (UNKNOWN here is the set's failure, not the GPU's).
        const Return rc = m_nvml.deviceRegisterEvents(m_devices[i].handle, mask, m_events);
        if (nvmlStatus(rc) != NvmlStatus::Value && nvmlStatus(rc) != NvmlStatus::Absent)
            warnOnce(rc, "nvmlDeviceRegisterEvents", warnings);
    }
}

void NvmlHealthReader::drainEvents(qint64 atMs, QStringList& warnings)
{
    if (!m_events)
        return;
    for (int n = 0; n < kMaxEventsPerReading; ++n) {
        EventData e{};
        const Return rc = m_nvml.eventSetWait(m_events, &e, 0);
        if (rc == ERROR_TIMEOUT)
            return; // nothing more has arrived
        if (!ok(rc, "nvmlEventSetWait", warnings))
            return;
        Device* d = nullptr;
        for (Device& candidate : m_devices)
            if (candidate.handle == e.device)
                d = &candidate;
        if (!d)
            continue; // a GPU the sampler does not show
        if (e.eventType & kEventTypeXidCriticalError) {
            XidEvent x;
            x.xid = e.eventData > 999 ? 999 : int(e.eventData);
            x.atMs = atMs;
            x.source = XidEvent::Source::Nvml;
            // The older wait writes no instance ids.
            if (!m_nvml.eventWaitV1 && e.gpuInstanceId != kNoInstanceId)
                x.gpuInstanceId = int(e.gpuInstanceId);
            if (!m_nvml.eventWaitV1 && e.computeInstanceId != kNoInstanceId)
                x.computeInstanceId = int(e.computeInstanceId);
            d->xids.append(x);
        }
        // Memory errors and retirements move the slow counters: now.
        d->slowDue = true;
    }
}

void NvmlHealthReader::readSlow(Device& d, QStringList& warnings)
{
    GpuHealthFacts& s = d.slow;
    s = GpuHealthFacts();
    EnableState current = FEATURE_DISABLED, pending = FEATURE_DISABLED;
    if (m_nvml.deviceGetEccMode &&
        ok(m_nvml.deviceGetEccMode(d.handle, &current, &pending), "nvmlDeviceGetEccMode", warnings))
        s.eccEnabled = current == FEATURE_ENABLED;
    if (m_nvml.deviceGetTotalEccErrors && s.eccEnabled == true) {
        auto total = [&](MemoryErrorType type, EccCounterType counter) -> std::optional<quint64> {
            unsigned long long v = 0;
            if (!ok(m_nvml.deviceGetTotalEccErrors(d.handle, type, counter, &v),
                    "nvmlDeviceGetTotalEccErrors", warnings))
                return std::nullopt;
            return quint64(v);
        };
        s.eccCorrectedVolatile = total(MEMORY_ERROR_TYPE_CORRECTED, VOLATILE_ECC);
        s.eccUncorrectedVolatile = total(MEMORY_ERROR_TYPE_UNCORRECTED, VOLATILE_ECC);
        s.eccCorrectedAggregate = total(MEMORY_ERROR_TYPE_CORRECTED, AGGREGATE_ECC);
        s.eccUncorrectedAggregate = total(MEMORY_ERROR_TYPE_UNCORRECTED, AGGREGATE_ECC);
    }
    if (m_nvml.deviceGetRemappedRows) {
        unsigned corr = 0, unc = 0, isPending = 0, failure = 0;
        if (ok(m_nvml.deviceGetRemappedRows(d.handle, &corr, &unc, &isPending, &failure),
               "nvmlDeviceGetRemappedRows", warnings)) {
            s.remappedRowsCorrectable = corr;
            s.remappedRowsUncorrectable = unc;
            s.remapPending = isPending != 0;
            s.remapFailure = failure != 0;
        }
    }
    if (m_nvml.deviceGetRetiredPages) {
        auto pages = [&](PageRetirementCause cause) -> std::optional<quint32> {
            unsigned count = 0; // a count probe: no room for addresses
            const Return rc = m_nvml.deviceGetRetiredPages(d.handle, cause, &count, nullptr);
            if (rc == ERROR_INSUFFICIENT_SIZE || ok(rc, "nvmlDeviceGetRetiredPages", warnings))
                return count;
            return std::nullopt;
        };
        s.retiredPagesSbe = pages(PAGE_RETIREMENT_CAUSE_MULTIPLE_SINGLE_BIT_ECC_ERRORS);
        s.retiredPagesDbe = pages(PAGE_RETIREMENT_CAUSE_DOUBLE_BIT_ECC_ERROR);
    }
    if (m_nvml.deviceGetRetiredPagesPendingStatus) {
        EnableState p = FEATURE_DISABLED;
        if (ok(m_nvml.deviceGetRetiredPagesPendingStatus(d.handle, &p),
               "nvmlDeviceGetRetiredPagesPendingStatus", warnings))
            s.retiredPagesPending = p == FEATURE_ENABLED;
    }
    if (m_nvml.deviceGetNvLinkState && m_nvml.deviceGetNvLinkErrorCounter) {
        if (!d.activeLinks) {
            // Probed once: links answer in order, the first that does not
            // ends them (NOT_SUPPORTED on a GPU without NVLink).
            QList<unsigned> active;
            for (unsigned link = 0; link < kNvLinkMaxLinks; ++link) {
                EnableState on = FEATURE_DISABLED;
                const Return rc = m_nvml.deviceGetNvLinkState(d.handle, link, &on);
                if (rc != SUCCESS) {
                    if (rc != ERROR_INVALID_ARGUMENT)
                        ok(rc, "nvmlDeviceGetNvLinkState", warnings);
                    break;
                }
                if (on == FEATURE_ENABLED)
                    active << link;
            }
            d.activeLinks = active;
        }
        if (!d.activeLinks->isEmpty()) {
            NvLinkErrors sum;
            bool any = false;
            for (const unsigned link : std::as_const(*d.activeLinks)) {
                auto add = [&](NvLinkErrorCounter c, quint64& into) {
                    unsigned long long v = 0;
                    if (ok(m_nvml.deviceGetNvLinkErrorCounter(d.handle, link, c, &v),
                           "nvmlDeviceGetNvLinkErrorCounter", warnings)) {
                        into += v;
                        any = true;
                    }
                };
                add(NVLINK_ERROR_DL_REPLAY, sum.replay);
                add(NVLINK_ERROR_DL_RECOVERY, sum.recovery);
                add(NVLINK_ERROR_DL_CRC_FLIT, sum.crcFlit);
                add(NVLINK_ERROR_DL_CRC_DATA, sum.crcData);
            }
            if (any)
                s.nvlinkErrors = sum;
        }
    }
}

std::optional<GpuHealthFacts> NvmlHealthReader::read(qsizetype index, qint64 atMs,
                                                     QStringList& warnings)
{
    if (index < 0 || index >= m_devices.size())
        return std::nullopt;
    Device& d = m_devices[index];
    if (d.slowDue || !d.lastSlowMs || atMs - *d.lastSlowMs >= kSlowEveryMs ||
        atMs < *d.lastSlowMs) {
        readSlow(d, warnings);
        d.lastSlowMs = atMs;
        d.slowDue = false;
    }
    GpuHealthFacts f = d.slow;
    if (m_nvml.deviceGetTotalEnergyConsumption) {
        unsigned long long mj = 0;
        if (ok(m_nvml.deviceGetTotalEnergyConsumption(d.handle, &mj),
               "nvmlDeviceGetTotalEnergyConsumption", warnings))
            f.energyMj = mj;
    }
    if (m_nvml.deviceGetClocksEventReasons) {
        unsigned long long reasons = 0;
        if (ok(m_nvml.deviceGetClocksEventReasons(d.handle, &reasons),
               "nvmlDeviceGetCurrentClocksEventReasons", warnings))
            f.clockEventReasons = reasons;
    }
    if (m_nvml.deviceGetSupportedClocksEventReasons && !d.reasonsSupportedAsked) {
        d.reasonsSupportedAsked = true;
        unsigned long long supported = 0;
        if (ok(m_nvml.deviceGetSupportedClocksEventReasons(d.handle, &supported),
               "nvmlDeviceGetSupportedClocksEventReasons", warnings))
            d.supportedReasons = supported;
    }
    f.clockEventReasonsSupported = d.supportedReasons;
    if (m_nvml.deviceGetPcieReplayCounter) {
        unsigned replays = 0;
        if (ok(m_nvml.deviceGetPcieReplayCounter(d.handle, &replays),
               "nvmlDeviceGetPcieReplayCounter", warnings))
            f.pcieReplayCount = replays;
    }
    f.xids = std::exchange(d.xids, {});
    if (f == GpuHealthFacts())
        return std::nullopt;
    return f;
}

} // namespace gw
