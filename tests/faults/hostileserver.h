#pragma once

// An HTTP server that lies, for the fault suite: it answers each path as it
// is told, on its own thread (so a test may block on a real client while it
// serves), over loopback. A reply is whole (a body with its length), endless
// (a length it announces, or chunks, then bytes as fast as the client takes
// them), trickling (one byte every so often, forever) or readings (the
// lines of a /v1/readings reply within the range asked). Routes are set
// before listen(); a path not routed gets a 404 with a JSON error.

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QString>
#include <QThread>
#include <QUrl>

#include <atomic>
#include <memory>
#include <optional>

namespace faulttest {

struct HostileReply
{
    enum class Kind
    {
        Whole,    // `body`, with its Content-Length
        Endless,  // `pattern` repeated as fast as the client reads
        Trickle,  // one byte of `pattern` every `trickleMs`
        Readings, // the `lines` whose timestamp_ms is in the query's [from, to)
    };
    Kind kind = Kind::Whole;
    QByteArray status = QByteArrayLiteral("200 OK");
    QByteArray body;
    // Endless, Trickle: the Content-Length announced; absent: chunked.
    std::optional<qint64> announcedLength;
    QByteArray pattern = QByteArrayLiteral("x");
    int trickleMs = 2000;
    QList<QByteArray> lines; // Readings: JSON objects, one a line

    static HostileReply whole(QByteArray body)
    {
        HostileReply r;
        r.body = std::move(body);
        return r;
    }
    static HostileReply endless(std::optional<qint64> announced, QByteArray pattern = "x")
    {
        HostileReply r;
        r.kind = Kind::Endless;
        r.announcedLength = announced;
        r.pattern = std::move(pattern);
        return r;
    }
    static HostileReply readings(QList<QByteArray> lines)
    {
        HostileReply r;
        r.kind = Kind::Readings;
        r.lines = std::move(lines);
        return r;
    }
    static HostileReply trickle(int everyMs, std::optional<qint64> announced = 1000)
    {
        HostileReply r;
        r.kind = Kind::Trickle;
        r.trickleMs = everyMs;
        r.announcedLength = announced;
        r.pattern = QByteArrayLiteral(" ");
        return r;
    }
};

class HostileServer
{
public:
    HostileServer();
    ~HostileServer();
    HostileServer(const HostileServer&) = delete;
    HostileServer& operator=(const HostileServer&) = delete;

    // `path` without the query ("/v1/snapshot").
    void route(const QString& path, HostileReply reply);
    // On 127.0.0.1, a free port; false if it cannot listen.
    bool listen();
    QUrl url() const;
    // Body bytes handed to the sockets so far, over all connections.
    qint64 bodyBytesSent() const { return m_sent->load(); }
    int requests() const { return m_requests->load(); }

private:
    QHash<QString, HostileReply> m_routes;
    std::shared_ptr<std::atomic<qint64>> m_sent = std::make_shared<std::atomic<qint64>>(0);
    std::shared_ptr<std::atomic<int>> m_requests = std::make_shared<std::atomic<int>>(0);
    QThread m_thread;
    QObject* m_worker = nullptr;
    quint16 m_port = 0;
};

} // namespace faulttest
