#include "sources/localproducer.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QElapsedTimer>
#include <QThread>

namespace gw {

LocalProducer::LocalProducer(SamplerOptions options, QString backend, QString serverName)
    : m_options(std::move(options))
    , m_only(std::move(backend))
    , m_serverName(std::move(serverName))
    , m_owners(std::make_shared<owners::OwnerAttribution>())
{}

LocalProducer::~LocalProducer()
{
    m_owners->close();
}

void LocalProducer::setOwnerOptions(owners::OwnerResolver::Options options)
{
    const owners::OwnerRules rules = m_owners->rules();
    m_owners = std::make_shared<owners::OwnerAttribution>(std::move(options));
    m_owners->setRules(rules);
}

QString LocalProducer::init()
{
    m_host = std::make_unique<HostSampler>(m_options);
    m_hostOk = m_host->open();
    if (!m_hostOk)
        m_hostError = m_host->lastError();
    m_detection = SamplerRegistry::defaults().detect(m_options, m_only);
    QString msg = m_detection.message;
    m_health.reset();
    if (m_detection.backend == QLatin1String("nvml") ||
        m_detection.backend == QLatin1String("nvidia-smi")) {
        HealthWatch::Options health;
        health.kernelLog = m_options.kernelLog;
        health.reportedUntilMs = m_healthReportedUntilMs;
        m_health = std::make_unique<HealthWatch>(health);
        if (const QString note = m_health->open(); !note.isEmpty())
            msg += QLatin1Char(' ') +
                   QCoreApplication::translate(
                       "gw::LocalProducer",
                       "The kernel log cannot be read, so XIDs come only from NVML's events while "
                       "the sampler runs: %1")
                       .arg(note);
    }
    if (!m_hostOk)
        msg += QLatin1Char(' ') +
               QCoreApplication::translate("gw::LocalProducer", "Host figures unavailable: %1")
                   .arg(m_hostError);
    return msg;
}

Snapshot LocalProducer::sampleWithRates(std::chrono::milliseconds interval)
{
    if (interval.count() > 0) {
        sampleOnce();
        // The runtimes asked for the first reading's workloads answer
        // while the interval passes.
        QElapsedTimer waited;
        waited.start();
        m_owners->settle(int(interval.count()));
        const qint64 left = interval.count() - waited.elapsed();
        if (left > 0)
            QThread::msleep(ulong(left));
    }
    return sampleOnce();
}

Snapshot LocalProducer::sampleOnce()
{
    Snapshot s;
    s.timestampMs = QDateTime::currentMSecsSinceEpoch();
    s.backend = m_detection.backend;
    if (m_hostOk) {
        if (!m_host->sample(s))
            s.warnings.append(QStringLiteral("host: ") + m_host->lastError());
    } else {
        s.warnings.append(QStringLiteral("host: ") + m_hostError);
    }
    if (m_detection.gpu && !m_detection.gpu->sample(s))
        s.warnings.append(m_detection.backend + QStringLiteral(": ") +
                          m_detection.gpu->lastError());
    if (m_health)
        m_health->apply(s);
    m_owners->attribute(s);
    s.server = !m_serverName.isEmpty()      ? m_serverName
               : !s.host.hostname.isEmpty() ? s.host.hostname
                                            : QStringLiteral("localhost");
    return s;
}

QList<Snapshot> LocalProducer::produce()
{
    return {sampleOnce()};
}

} // namespace gw
