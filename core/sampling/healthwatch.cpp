#include "sampling/healthwatch.h"

#include <QDateTime>

#include <algorithm>
#include <ctime>

namespace gw {

HealthWatch::HealthWatch(Options options)
    : m_options(std::move(options))
    , m_tracker(m_options.tracker)
{
    if (!m_options.kernelLog.isEmpty())
        m_kernelLog = std::make_unique<kernellog::Reader>(m_options.kernelLog);
}

HealthWatch::~HealthWatch() = default;

qint64 HealthWatch::bootMs() const
{
    if (m_options.bootMs)
        return *m_options.bootMs;
    timespec ts{};
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return QDateTime::currentMSecsSinceEpoch() -
           (qint64(ts.tv_sec) * 1000 + ts.tv_nsec / 1'000'000);
}

QString HealthWatch::open()
{
    m_opened = true;
    if (!m_kernelLog)
        return {};
    QStringList warnings;
    // The whole ring buffer (a megabyte holds ~10,000 records), a poll's
    // worth at a time.
    m_past = m_kernelLog->poll(&warnings);
    for (int polls = 1; polls < 64 && m_kernelLog->more(); ++polls)
        m_past.append(m_kernelLog->poll(&warnings));
    // GPUs start afresh where the driver last loaded: what came before
    // holds nothing out.
    for (const kernellog::Scanner::DriverLoad& load : m_kernelLog->takeDriverLoads())
        m_lastLoadUs = std::max(m_lastLoadUs, load.monotonicUs);
    if (!m_kernelLog->readable())
        return warnings.join(QLatin1Char(' '));
    m_pendingWarnings = warnings;
    return {};
}

QList<kernellog::Scanner::Found> HealthWatch::takePast(const Snapshot& s)
{
    const qint64 boot = bootMs();
    QList<kernellog::Scanner::Found> fresh;
    for (const kernellog::Scanner::Found& f : std::as_const(m_past)) {
        if (f.monotonicUs < m_lastLoadUs)
            continue;
        if (boot + f.monotonicUs / 1000 > m_options.reportedUntilMs) {
            fresh.append(f); // not told yet: reported with this reading
            continue;
        }
        // Told by an earlier run: judged, not told again.
        if (const GpuSample* gpu = gpuAtAddress(s.gpus, f.xid.pciBusId))
            m_tracker.seed(gpu->uuid, {xidOfKernelLog(f, boot)});
    }
    m_past.clear();
    return fresh;
}

void HealthWatch::apply(Snapshot& s)
{
    // Opened here when nobody did: why the log cannot be read is then said
    // in this reading, as nowhere else would.
    if (!m_opened)
        if (const QString note = open(); !note.isEmpty())
            s.warnings << note;
    QList<kernellog::Scanner::Found> logged;
    if (m_kernelLog) {
        if (!m_pastTaken) {
            logged = takePast(s);
            m_pastTaken = true;
            s.warnings.append(std::exchange(m_pendingWarnings, {}));
        }
        // Unreadable was said once, by open().
        if (m_kernelLog->readable())
            logged.append(m_kernelLog->poll(&s.warnings));
        m_kernelLog->takeDriverLoads(); // a reload later shows in the counters
    }

    QHash<QString, QList<XidEvent>> fromNvml;
    for (GpuSample& g : s.gpus)
        if (g.healthFacts && !g.healthFacts->xids.isEmpty())
            fromNvml.insert(g.uuid, std::exchange(g.healthFacts->xids, {}));
    const QHash<QString, QList<XidEvent>> merged = m_merger.merge(
        s.timestampMs, s.intervalMs.value_or(1000), s.gpus, fromNvml, logged, bootMs(), s.warnings);

    for (GpuSample& g : s.gpus) {
        QList<XidEvent> xids = merged.value(g.uuid);
        if (!xids.isEmpty()) {
            if (!g.healthFacts)
                g.healthFacts = GpuHealthFacts{};
            if (xids.size() > kMaxXidsPerReading) {
                s.warnings << QStringLiteral("GPU %1: %2 XIDs in one reading; the newest %3 kept")
                                  .arg(g.index)
                                  .arg(xids.size())
                                  .arg(kMaxXidsPerReading);
                xids = xids.mid(xids.size() - kMaxXidsPerReading); // oldest first
            }
            g.healthFacts->xids = xids;
        }
        g.health = m_tracker.feed(g.uuid, s.timestampMs, g.error, g.healthFacts);
    }
}

} // namespace gw
