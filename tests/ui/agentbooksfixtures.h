#pragma once

// The fixtures of tst_agentbooks: the agent's configuration and policy, the
// worked example's readings, a loopback HTTP server answering with canned
// replies (what a keeper of four servers answers, as engineer A's keeper
// writes it), and where screenshots go.

#include "agent/agentconfig.h"
#include "policy/policyconfig.h"
#include "tokens/ledger.h"
#include "tokens/tokensjson.h"

#include "httprequest.h"
#include "tokenreadings.h"

#include <QDir>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPair>
#include <QTcpServer>
#include <QTcpSocket>
#include <QUrl>

namespace gw::test {

using namespace Qt::StringLiterals;

inline const QByteArray kRead = "r3ad";
inline const QByteArray kAdmin = "adm1n";
inline const QString kAlice = u"alice"_s;

inline AgentConfig config()
{
    AgentConfig c;
    c.port = 0;
    c.requestsPerSecond = 10'000;
    c.burst = 10'000;
    c.tokens = {{u"reader"_s, sha256(kRead), TokenScope::Read},
                {u"boss"_s, sha256(kAdmin), TokenScope::Admin}};
    return c;
}

inline PolicyConfig policy(bool tokens = true)
{
    PolicyConfig p;
    p.tokens.enabled = tokens;
    p.tokens.prices = {{u"RTX 2080"_s, 0.5, 12}, {u"RTX 3090"_s, 1, 13}, {u"RTX A6000"_s, 4, 14}};
    p.tokens.timeZone = u"Europe/Berlin"_s;
    return p;
}

// The worked example on one server, then a reading that closes the last hour.
inline QList<Snapshot> workedExample(const QString& server)
{
    QList<Snapshot> r;
    r << holding(server, kAlice, u"NVIDIA GeForce RTX 2080 Ti"_s, 8, utcMs(2026, 11, 3, 9), 5 * 60);
    r << holding(server, kAlice, u"NVIDIA GeForce RTX 3090"_s, 4, utcMs(2026, 11, 4, 8, 30),
                 10 * 60);
    r << holding(server, kAlice, u"NVIDIA RTX A6000"_s, 2, utcMs(2026, 11, 5, 22, 15), 3 * 60);
    r << reading(server, utcMs(2026, 11, 6, 3), 60'000);
    return r;
}

inline QString shotPath(const QString& name)
{
    QDir().mkpath(QStringLiteral(GW_TEST_BINARY_DIR "/screenshots"));
    return QStringLiteral(GW_TEST_BINARY_DIR "/screenshots/") + name;
}

// A loopback HTTP/1.1 server answering "METHOD /path" with a canned body.
class CannedAgent : public QObject
{
public:
    CannedAgent()
    {
        m_server.listen(QHostAddress::LocalHost, 0);
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket* s = m_server.nextPendingConnection())
                connect(s, &QTcpSocket::readyRead, this, [this, s] { readFrom(s); });
        });
    }
    QUrl url() const { return QUrl(u"http://127.0.0.1:%1"_s.arg(m_server.serverPort())); }
    void answer(const QByteArray& methodAndPath, int status, const QJsonObject& body)
    {
        m_answers[methodAndPath] = {status, QJsonDocument(body).toJson(QJsonDocument::Compact)};
    }
    QList<HttpRequest> requests;

private:
    void readFrom(QTcpSocket* s)
    {
        QByteArray& buf = m_buffers[s];
        buf += s->readAll();
        const auto http = takeHttpRequest(buf);
        if (!http)
            return;
        m_buffers.remove(s);
        requests << *http;
        const qsizetype q = http->target.indexOf('?');
        const QByteArray path = q < 0 ? http->target : http->target.left(q);
        const auto a =
            m_answers.value(http->method + ' ' + path, {404, R"({"error":{"code":"not_found"}})"});
        s->write("HTTP/1.1 " + QByteArray::number(a.first) +
                 " X\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: " +
                 QByteArray::number(a.second.size()) + "\r\n\r\n" + a.second);
        s->disconnectFromHost();
    }
    QTcpServer m_server;
    QHash<QByteArray, QPair<int, QByteArray>> m_answers;
    QHash<QTcpSocket*, QByteArray> m_buffers;
};

// What node-1 answers as the keeper of four servers (as A's keeper writes
// it): node-3 silent for 12 min, node-4 never read (last contact null).
inline QJsonObject keeperBalances(qint64 now)
{
    return QJsonObject{
        {u"now_ms"_s, now},
        {u"as_of_ms"_s, utcMs(2026, 11, 6, 2)},
        {u"balances"_s, QJsonObject{{u"alice"_s, 120}, {u"bob"_s, -12}}},
        {u"cut_off"_s, QJsonArray{u"bob"_s}},
        {u"overdraft_floor"_s, -10},
        {u"warnings"_s, QJsonArray{}},
        {u"gaps"_s, QJsonArray{}},
        {u"role"_s, u"keeper"_s},
        {u"keeper"_s, u"node-1"_s},
        {u"servers"_s, QJsonArray{QJsonObject{{u"server"_s, u"node-1"_s},
                                              {u"url"_s, u""_s},
                                              {u"last_sequence"_s, 40},
                                              {u"reachable"_s, true},
                                              {u"last_contact_ms"_s, now},
                                              {u"error"_s, u""_s}},
                                  QJsonObject{{u"server"_s, u"node-2"_s},
                                              {u"url"_s, u"https://node-2:9807"_s},
                                              {u"last_sequence"_s, 42},
                                              {u"reachable"_s, true},
                                              {u"last_contact_ms"_s, now - 40'000},
                                              {u"error"_s, u""_s}},
                                  QJsonObject{{u"server"_s, u"node-4"_s},
                                              {u"url"_s, u"https://node-4:9807"_s},
                                              {u"last_sequence"_s, 0},
                                              {u"reachable"_s, false},
                                              {u"last_contact_ms"_s, QJsonValue()},
                                              {u"error"_s, u"no route to host"_s}},
                                  QJsonObject{{u"server"_s, u"node-3"_s},
                                              {u"url"_s, u"https://node-3:9807"_s},
                                              {u"last_sequence"_s, 7},
                                              {u"reachable"_s, false},
                                              {u"last_contact_ms"_s, now - 12 * 60'000},
                                              {u"error"_s, u"connection refused"_s}}}}};
}

inline QJsonObject cannedLedger(qint64 now)
{
    auto entry = [](const QString& id, const QString& user, qint64 at, double amount) {
        LedgerEntry e;
        e.id = id;
        e.kind =
            id.startsWith(u"grant"_s) ? LedgerEntry::Kind::Grant : LedgerEntry::Kind::Adjustment;
        e.user = user;
        e.atMs = at;
        e.amount = amount;
        if (e.kind == LedgerEntry::Kind::Adjustment) {
            e.by = u"boss"_s;
            e.reason = u"test"_s;
        }
        e.detail = u"…"_s;
        return ledgerEntryToJson(e);
    };
    return QJsonObject{
        {u"now_ms"_s, now},
        {u"user"_s, u""_s},
        {u"after"_s, 0},
        {u"next"_s, 4},
        {u"truncated"_s, false},
        {u"balance"_s, QJsonValue()},
        {u"entries"_s,
         QJsonArray{entry(u"grant/alice"_s, u"alice"_s, utcMs(2026, 11, 2), 130),
                    entry(u"grant/bob"_s, u"bob"_s, utcMs(2026, 11, 2), 130),
                    entry(u"adjustment/alice/1"_s, u"alice"_s, utcMs(2026, 11, 3), -10),
                    entry(u"adjustment/bob/1"_s, u"bob"_s, utcMs(2026, 11, 4), -142)}}};
}

} // namespace gw::test
