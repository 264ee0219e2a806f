#include "model/gpuhealth.h"

#include "model/xidcatalog.h"

#include <QCoreApplication>
#include <QDateTime>

#include <algorithm>

namespace gw {

namespace {

constexpr qint64 kHourMs = 3'600'000;
constexpr qint64 kMinuteMs = 60'000;
// A rate needs this much of a series before it is judged.
constexpr qint64 kMinRateSpanMs = 5 * 60'000;
// XIDs held until a reset, per GPU: the newest.
constexpr qsizetype kMaxStickyXids = 16;

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(gw::GpuHealth)
};

QString stamp(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(Qt::ISODate);
}

int rank(HealthState s)
{
    switch (s) {
    case HealthState::Failing:
        return 3;
    case HealthState::Degraded:
        return 2;
    case HealthState::Ok:
        return 1;
    case HealthState::Unknown:
        break;
    }
    return 0;
}

} // namespace

QString healthStateName(HealthState state)
{
    switch (state) {
    case HealthState::Ok:
        return QStringLiteral("ok");
    case HealthState::Degraded:
        return QStringLiteral("degraded");
    case HealthState::Failing:
        return QStringLiteral("failing");
    case HealthState::Unknown:
        break;
    }
    return QStringLiteral("unknown");
}

QString xidSourceName(XidEvent::Source source)
{
    switch (source) {
    case XidEvent::Source::KernelLog:
        return QStringLiteral("kernel_log");
    case XidEvent::Source::Both:
        return QStringLiteral("both");
    case XidEvent::Source::Nvml:
        break;
    }
    return QStringLiteral("nvml");
}

std::optional<XidEvent::Source> xidSourceFromName(const QString& name)
{
    for (const auto s :
         {XidEvent::Source::Nvml, XidEvent::Source::KernelLog, XidEvent::Source::Both})
        if (xidSourceName(s) == name)
            return s;
    return std::nullopt;
}

QList<ClockSlowdown> clockSlowdowns()
{
    // nvmlClocksEventReason* (nvml.h): the bits that slow a GPU against its
    // will. Idle, application and display clock settings and sync boost
    // are what was asked for, not a slowdown.
    return {
        {0x4, QT_TRANSLATE_NOOP("gw::GpuHealth", "power cap")},
        {0x8, QT_TRANSLATE_NOOP("gw::GpuHealth", "hardware slowdown")},
        {0x20, QT_TRANSLATE_NOOP("gw::GpuHealth", "thermal slowdown (software)")},
        {0x40, QT_TRANSLATE_NOOP("gw::GpuHealth", "thermal slowdown (hardware)")},
        {0x80, QT_TRANSLATE_NOOP("gw::GpuHealth", "power brake")},
    };
}

quint64 clockSlowdownMask()
{
    quint64 mask = 0;
    for (const ClockSlowdown& r : clockSlowdowns())
        mask |= r.bit;
    return mask;
}

QString clockSlowdownTitle(const ClockSlowdown& reason)
{
    return Tr::tr(reason.title);
}

QStringList clockSlowdownTitles(quint64 reasons)
{
    QStringList titles;
    for (const ClockSlowdown& r : clockSlowdowns())
        if (reasons & r.bit)
            titles << clockSlowdownTitle(r);
    return titles;
}

std::optional<HealthState> healthStateFromName(const QString& name)
{
    for (const HealthState s :
         {HealthState::Ok, HealthState::Degraded, HealthState::Failing, HealthState::Unknown})
        if (healthStateName(s) == name)
            return s;
    return std::nullopt;
}

void HealthTracker::keepHour(QList<Rate>& series, quint64 count, qint64 atMs)
{
    // A counter that went back started again (a reset): so does its series.
    if (!series.isEmpty() && count < series.last().count)
        series.clear();
    // Points a minute apart at least (the newest replaces one closer to
    // the point before it): an hour is about 60 of them, whatever the
    // sampling interval.
    if (series.size() >= 2 && atMs - series[series.size() - 2].atMs < kMinuteMs)
        series.last() = Rate{count, atMs};
    else
        series.append(Rate{count, atMs});
    while (series.size() > 2 && series[1].atMs <= atMs - kHourMs)
        series.removeFirst();
}

std::optional<double> HealthTracker::perHour(const QList<Rate>& series)
{
    if (series.size() < 2)
        return std::nullopt;
    const qint64 span = series.last().atMs - series.first().atMs;
    if (span < kMinRateSpanMs)
        return std::nullopt;
    return double(series.last().count - series.first().count) * double(kHourMs) / double(span);
}

void HealthTracker::seed(const QString& uuid, const QList<XidEvent>& xids)
{
    Gpu& g = m_gpus[uuid];
    for (const XidEvent& x : xids)
        if (xidInfo(x.xid).effect != XidEffect::None)
            g.xids.append(Sticky{x.xid, x.atMs});
    while (g.xids.size() > kMaxStickyXids)
        g.xids.removeFirst();
}

GpuHealth HealthTracker::feed(const QString& uuid, qint64 atMs, const QString& deviceError,
                              const std::optional<GpuHealthFacts>& facts)
{
    Gpu& g = m_gpus[uuid];
    struct Finding
    {
        HealthState state;
        QString reason;
    };
    QList<Finding> found;
    if (facts) {
        const GpuHealthFacts& f = *facts;
        // The driver reloaded (or the GPU was reset): its counters start
        // again, and what held the GPU out is cleared.
        const bool reset = (f.energyMj && g.lastEnergyMj && *f.energyMj < *g.lastEnergyMj) ||
                           (f.eccCorrectedVolatile && g.lastEccCorrectedVolatile &&
                            *f.eccCorrectedVolatile < *g.lastEccCorrectedVolatile);
        if (reset)
            g.xids.clear();
        if (f.energyMj)
            g.lastEnergyMj = f.energyMj;
        if (f.eccCorrectedVolatile)
            g.lastEccCorrectedVolatile = f.eccCorrectedVolatile;
        for (const XidEvent& x : f.xids)
            if (xidInfo(x.xid).effect != XidEffect::None)
                g.xids.append(Sticky{x.xid, x.atMs});
        while (g.xids.size() > kMaxStickyXids)
            g.xids.removeFirst();
        for (const Sticky& s : std::as_const(g.xids)) {
            const XidInfo info = xidInfo(s.xid);
            found.append(
                {info.effect == XidEffect::Failing ? HealthState::Failing : HealthState::Degraded,
                 Tr::tr("%1 at %2: %3")
                     .arg(xidTitle(s.xid), stamp(s.atMs), xidActionText(info.action))});
        }
        // After the XIDs, which say why (79: fallen off the bus).
        if (!deviceError.isEmpty())
            found.append(
                {HealthState::Failing, Tr::tr("the GPU does not answer: %1").arg(deviceError)});
        if (f.remapFailure.value_or(false))
            found.append({HealthState::Failing,
                          Tr::tr("row remapping failed: the GPU's memory has no spare rows left")});
        if (f.eccUncorrectedVolatile.value_or(0) > 0)
            found.append(
                {HealthState::Failing,
                 Tr::tr("%1 uncorrectable ECC errors since the driver loaded: reset the GPU")
                     .arg(*f.eccUncorrectedVolatile)});
        else if (f.eccUncorrectedAggregate.value_or(0) > 0)
            found.append(
                {HealthState::Degraded, Tr::tr("%1 uncorrectable ECC errors in the GPU's life")
                                            .arg(*f.eccUncorrectedAggregate)});
        if (f.remapPending.value_or(false))
            found.append({HealthState::Degraded, Tr::tr("a row remap waits for a GPU reset")});
        if (f.retiredPagesPending.value_or(false))
            found.append({HealthState::Degraded, Tr::tr("a retired page waits for a GPU reset")});
        if (f.pcieReplayCount) {
            keepHour(g.pcie, *f.pcieReplayCount, atMs);
            if (const auto rate = perHour(g.pcie); rate && *rate > m_options.pcieReplaysPerHour)
                found.append({HealthState::Degraded,
                              Tr::tr("PCIe replays at %1 an hour (more than %2): check the link")
                                  .arg(qRound64(*rate))
                                  .arg(m_options.pcieReplaysPerHour)});
        }
        if (f.nvlinkErrors) {
            const NvLinkErrors& n = *f.nvlinkErrors;
            keepHour(g.nvlink, n.crcFlit + n.crcData + n.recovery, atMs);
            if (const auto rate = perHour(g.nvlink); rate && *rate > m_options.nvlinkErrorsPerHour)
                found.append(
                    {HealthState::Degraded, Tr::tr("NVLink errors at %1 an hour (more than %2)")
                                                .arg(qRound64(*rate))
                                                .arg(m_options.nvlinkErrorsPerHour)});
        }
    }

    if (!facts && !deviceError.isEmpty())
        found.append(
            {HealthState::Failing, Tr::tr("the GPU does not answer: %1").arg(deviceError)});

    GpuHealth h;
    if (!facts && deviceError.isEmpty()) {
        h.state = HealthState::Unknown;
    } else {
        h.state = HealthState::Ok;
        std::stable_sort(found.begin(), found.end(), [](const Finding& a, const Finding& b) {
            return rank(a.state) > rank(b.state);
        });
        for (const Finding& f : std::as_const(found)) {
            if (rank(f.state) > rank(h.state))
                h.state = f.state;
            if (h.reasons.size() < kMaxHealthReasons)
                h.reasons << f.reason;
        }
    }
    const auto isBad = [](HealthState s) {
        return s == HealthState::Degraded || s == HealthState::Failing;
    };
    const bool bad = isBad(h.state);
    if (bad && !isBad(g.lastState))
        g.sinceMs = atMs;
    else if (!bad)
        g.sinceMs.reset();
    g.lastState = h.state;
    h.sinceMs = g.sinceMs;
    return h;
}

} // namespace gw
