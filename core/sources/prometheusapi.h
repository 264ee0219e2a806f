#pragma once

// Prometheus's HTTP API as our readers use it: one GET, its reply read as it
// arrives (cut at a size cap), answered once from the event loop with the
// `data` of a {"status":"success"} reply or one line that says why not
// (unreachable, too slow, too large, refused with Prometheus's own reason,
// broken off, not JSON). PrometheusProducer's way to Prometheus.

#include <QByteArray>
#include <QJsonValue>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QUrl>

#include <functional>
#include <optional>

class QNetworkAccessManager;
class QNetworkReply;
class QUrlQuery;

namespace gw {

class PrometheusApi final : public QObject
{
    Q_OBJECT
public:
    static constexpr int kDefaultTimeoutMs = 5000;
    static constexpr qint64 kMaxReplyBytes = 64 * 1024 * 1024;

    struct Result
    {
        std::optional<QJsonValue> data; // absent: `error` says why
        QString error;                  // "http://prom:9090/api/v1/query: HTTP 400, bad_data: …"
        int httpStatus = 0;             // 0: no HTTP answer at all
        QStringList warnings;           // Prometheus's own, with the URL
    };
    using Callback = std::function<void(const Result&)>;

    // `bearerToken` empty: no Authorization header.
    explicit PrometheusApi(QUrl base, QByteArray bearerToken = {}, QObject* parent = nullptr);
    // Aborts the requests in flight; their callbacks are not called.
    ~PrometheusApi() override;

    QUrl base() const { return m_base; }
    // The base URL without user info, for messages.
    QString where() const { return m_base.toString(QUrl::RemoveUserInfo); }
    void setTimeoutMs(int ms) { m_timeoutMs = ms; }
    int timeoutMs() const { return m_timeoutMs; }
    void setMaxReplyBytes(qint64 bytes) { m_maxReplyBytes = bytes; }

    // GET base + path ? query; `done` runs once on this object's thread.
    void get(const QString& path, const QUrlQuery& query, Callback done);

private:
    Result readReply(QNetworkReply* reply, const QByteArray& body, bool tooLarge,
                     const QString& where) const;

    QUrl m_base;
    QByteArray m_token;
    QNetworkAccessManager* m_nam = nullptr; // a child, made on the thread that asks
    int m_timeoutMs = kDefaultTimeoutMs;
    qint64 m_maxReplyBytes = kMaxReplyBytes;
};

} // namespace gw
