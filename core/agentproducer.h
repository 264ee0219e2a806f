#pragma once

// A remote server as a Producer: polls a gpuwarden-agent for every reading
// after its cursor. While connected that is the newest reading; after an
// outage it is the whole gap, so history has no holes. An agent that
// restarted (new instance) starts the cursor again. Unreachable agents are
// retried with exponential backoff, and say why.

#include "agentclient.h"
#include "source.h"

#include <QElapsedTimer>

#include <memory>

namespace gw {

class AgentProducer final : public Producer
{
public:
    static constexpr int kPageSize = 1000;
    static constexpr int kMaxPagesPerPoll = 20;
    static constexpr qint64 kMaxBackoffMs = 60'000;

    AgentProducer(QUrl url, QByteArray token);
    ~AgentProducer() override;

    QString init() override;
    QList<Snapshot> produce() override;

    quint64 cursor() const { return m_cursor; }
    QString lastError() const { return m_lastError; }
    int consecutiveFailures() const { return m_failures; }
    // Readings the agent no longer held when asked (its ring overflowed).
    bool sawHole() const { return m_sawHole; }

private:
    void failed(const QString& error);

    QUrl m_url;
    QByteArray m_token;
    std::unique_ptr<AgentClient> m_client; // made on the worker thread
    quint64 m_cursor = 0;
    QString m_instance;
    QString m_lastError;
    int m_failures = 0;
    qint64 m_retryAtMs = 0;
    bool m_sawHole = false;
    QElapsedTimer m_clock;
};

} // namespace gw
