#include "agentproducer.h"

#include "snapshotjson.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QLoggingCategory>

Q_LOGGING_CATEGORY(lcAgentProducer, "gw.agent.client", QtInfoMsg)

namespace gw {

AgentProducer::AgentProducer(QUrl url, QByteArray token)
    : m_url(std::move(url))
    , m_token(std::move(token))
{
    m_clock.start();
}

AgentProducer::~AgentProducer() = default;

QString AgentProducer::init()
{
    m_client = std::make_unique<AgentClient>(m_url, m_token);
    const AgentJsonReply info = m_client->fetchJsonBlocking(QStringLiteral("/v1/info"));
    const QString where = m_url.toString(QUrl::RemoveUserInfo);
    if (!info.json) {
        failed(info.error);
        return QCoreApplication::translate("gw::AgentProducer", "Agent at %1 not reachable yet: %2")
            .arg(where, info.error);
    }
    const QJsonObject& o = *info.json;
    return QCoreApplication::translate("gw::AgentProducer", "Agent %1 at %2: %3")
        .arg(o[QStringLiteral("host")].toString(), where,
             o[QStringLiteral("backend_message")].toString());
}

void AgentProducer::failed(const QString& error)
{
    ++m_failures;
    // 1 s, 2 s, 4 s … up to a minute: a dead agent is not hammered.
    const qint64 wait = std::min<qint64>(kMaxBackoffMs, 1000LL << std::min(m_failures - 1, 16));
    m_retryAtMs = m_clock.elapsed() + wait;
    if (error != m_lastError)
        qCWarning(lcAgentProducer).noquote() << error << "- retrying in" << wait << "ms";
    m_lastError = error;
}

QList<Snapshot> AgentProducer::produce()
{
    QList<Snapshot> out;
    if (!m_client || m_clock.elapsed() < m_retryAtMs)
        return out;
    for (int page = 0; page < kMaxPagesPerPoll; ++page) {
        const AgentJsonReply r = m_client->fetchJsonBlocking(
            QStringLiteral("/v1/samples?after=%1&limit=%2").arg(m_cursor).arg(kPageSize));
        if (!r.json) {
            failed(r.error);
            return out;
        }
        const QJsonObject& o = *r.json;
        const QString instance = o[QStringLiteral("instance")].toString();
        const auto last = quint64(o[QStringLiteral("last_sequence")].toDouble());
        if (instance != m_instance) {
            // A restarted agent numbers from 1 again: our cursor means nothing there.
            if (!m_instance.isEmpty()) {
                qCInfo(lcAgentProducer).noquote()
                    << m_url.toString(QUrl::RemoveUserInfo) << "restarted; reading from its start";
                m_cursor = 0;
                m_instance = instance;
                continue;
            }
            m_instance = instance;
        }
        if (m_cursor > last) { // same instance cannot go back; be safe anyway
            m_cursor = 0;
            continue;
        }
        m_sawHole = m_sawHole || o[QStringLiteral("truncated")].toBool();
        const QJsonArray samples = o[QStringLiteral("samples")].toArray();
        for (const auto& v : samples) {
            QString why;
            if (auto s = snapshotFromJson(v.toObject(), &why))
                out.append(*s);
            else
                qCWarning(lcAgentProducer).noquote() << "skipped a reading:" << why;
        }
        m_cursor = quint64(o[QStringLiteral("next")].toDouble());
        m_failures = 0;
        m_lastError.clear();
        if (samples.size() < kPageSize)
            break;
    }
    return out;
}

} // namespace gw
