#include "agent/agenthealth.h"

#include <QJsonArray>
#include <QLoggingCategory>

Q_LOGGING_CATEGORY(lcHealth, "gw.agent", QtInfoMsg)

namespace gw {

AgentHealth::AgentHealth(std::function<qint64()> nowMs)
    : m_now(std::move(nowMs))
{}

void AgentHealth::raise(const QString& code, const QString& message)
{
    const qint64 now = m_now();
    QMutexLocker lock(&m_mutex);
    for (Entry& e : m_entries) {
        if (e.reason.code == code) {
            e.reason.message = message;
            return;
        }
    }
    m_entries.append({{code, message, now}, now});
    lock.unlock();
    qCWarning(lcHealth).noquote() << "degraded:" << code << "-" << message;
}

void AgentHealth::clear(const QString& code)
{
    const qint64 now = m_now();
    QMutexLocker lock(&m_mutex);
    for (qsizetype i = 0; i < m_entries.size(); ++i) {
        if (m_entries[i].reason.code != code)
            continue;
        const qint64 since = m_entries[i].reason.sinceMs;
        m_entries.removeAt(i);
        lock.unlock();
        qCInfo(lcHealth).noquote()
            << "no longer degraded:" << code << "- after" << (now - since) / 1000 << "s";
        return;
    }
}

bool AgentHealth::isRaised(const QString& code) const
{
    QMutexLocker lock(&m_mutex);
    for (const Entry& e : m_entries) {
        if (e.reason.code == code)
            return true;
    }
    return false;
}

bool AgentHealth::degraded() const
{
    QMutexLocker lock(&m_mutex);
    return !m_entries.isEmpty();
}

QList<AgentHealth::Reason> AgentHealth::reasons() const
{
    QMutexLocker lock(&m_mutex);
    QList<Reason> out;
    for (const Entry& e : m_entries)
        out.append(e.reason);
    return out;
}

QJsonObject AgentHealth::toJson() const
{
    QJsonArray list;
    for (const Reason& r : reasons())
        list.append(QJsonObject{{QStringLiteral("code"), r.code},
                                {QStringLiteral("message"), r.message},
                                {QStringLiteral("since_ms"), r.sinceMs}});
    return QJsonObject{{QStringLiteral("reasons"), list}};
}

void AgentHealth::remind()
{
    const qint64 now = m_now();
    const qint64 every = std::chrono::milliseconds(kRemindEvery).count();
    QList<Reason> due;
    {
        QMutexLocker lock(&m_mutex);
        for (Entry& e : m_entries) {
            if (now - e.loggedMs >= every) {
                e.loggedMs = now;
                due.append(e.reason);
            }
        }
    }
    for (const Reason& r : std::as_const(due))
        qCWarning(lcHealth).noquote() << "still degraded:" << r.code << "since"
                                      << (now - r.sinceMs) / 1000 << "s -" << r.message;
}

} // namespace gw
