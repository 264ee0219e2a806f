#pragma once

// One loopback request to a real agent a test started, with a bearer token,
// waited for (10 s): for the suites that drive gpuwarden-agent as a process.

#include <QByteArray>
#include <QCryptographicHash>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSignalSpy>

namespace gw::test {

struct AgentReply
{
    int status = 0;
    QByteArray body;
    QJsonObject json() const { return QJsonDocument::fromJson(body).object(); }
};

inline AgentReply callAgent(QNetworkAccessManager& nam, quint16 port, const QString& path,
                            const QByteArray& token, const QByteArray& method = "GET",
                            const QByteArray& body = {})
{
    QNetworkRequest req(QUrl(QStringLiteral("http://127.0.0.1:%1%2").arg(port).arg(path)));
    req.setRawHeader("Authorization", "Bearer " + token);
    if (!body.isEmpty())
        req.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    QNetworkReply* r = nam.sendCustomRequest(req, method, body);
    QSignalSpy done(r, &QNetworkReply::finished);
    if (!r->isFinished())
        done.wait(10'000);
    AgentReply out;
    out.status = r->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    out.body = r->readAll();
    r->deleteLater();
    return out;
}

// A token as agent.toml keeps it: its SHA-256 in hex.
inline QByteArray tokenHash(const QByteArray& token)
{
    return QCryptographicHash::hash(token, QCryptographicHash::Sha256).toHex();
}

} // namespace gw::test
