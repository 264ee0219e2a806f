#include "sources/localproducer.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QThread>

namespace gw {

LocalProducer::LocalProducer(SamplerOptions options, QString backend, QString serverName)
    : m_options(std::move(options))
    , m_only(std::move(backend))
    , m_serverName(std::move(serverName))
{}

QString LocalProducer::init()
{
    m_host = std::make_unique<HostSampler>(m_options);
    m_hostOk = m_host->open();
    if (!m_hostOk)
        m_hostError = m_host->lastError();
    m_detection = SamplerRegistry::defaults().detect(m_options, m_only);
    QString msg = m_detection.message;
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
        QThread::msleep(ulong(interval.count()));
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
