#pragma once

// Shared by tst_agentevents, tst_agentpolicy and tst_agentlink: loopback
// requests, an agent configuration with a read and an admin token, and
// hand-made policy events and readings.

#include "agent/agentconfig.h"
#include "model/snapshot.h"
#include "policy/policyevent.h"
#include "sanitizers.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSignalSpy>

namespace gwtest {

inline constexpr qint64 kT = 1795305600000 + 12 * 3'600'000;

struct Reply
{
    int status = 0;
    QByteArray body;
    QByteArray contentType;
    QByteArray vary;
    QJsonObject json() const { return QJsonDocument::fromJson(body).object(); }
    QString errorCode() const
    {
        return json()[QStringLiteral("error")][QStringLiteral("code")].toString();
    }
    QString errorMessage() const
    {
        return json()[QStringLiteral("error")][QStringLiteral("message")].toString();
    }
};

inline Reply call(QNetworkAccessManager& nam, quint16 port, const QString& path,
                  const QByteArray& token = {}, const QByteArray& method = "GET",
                  const QByteArray& body = {}, const QByteArray& accept = {}, int waitMs = 10000)
{
    QNetworkRequest req(QUrl(QStringLiteral("http://127.0.0.1:%1%2").arg(port).arg(path)));
    if (!token.isEmpty())
        req.setRawHeader("Authorization", "Bearer " + token);
    if (!body.isEmpty())
        req.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/toml"));
    if (!accept.isEmpty())
        req.setRawHeader("Accept", accept);
    QNetworkReply* r = nam.sendCustomRequest(req, method, body);
    QSignalSpy done(r, &QNetworkReply::finished);
    if (!r->isFinished())
        done.wait(waitMs * gw::test::kSanitizerSlowdown);
    Reply out;
    out.status = r->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    out.body = r->readAll();
    out.contentType = r->rawHeader("Content-Type");
    out.vary = r->rawHeader("Vary");
    r->deleteLater();
    return out;
}

inline const QByteArray kReadToken = "r3ad";
inline const QByteArray kAdminToken = "adm1n";

inline gw::AgentConfig agentConfig()
{
    gw::AgentConfig c;
    c.port = 0;
    c.requestsPerSecond = 10000;
    c.burst = 10000;
    c.tokens = {{QStringLiteral("reader"), gw::sha256(kReadToken), gw::TokenScope::Read},
                {QStringLiteral("boss"), gw::sha256(kAdminToken), gw::TokenScope::Admin}};
    return c;
}

// A hog event on GPU 0 of "node-1", as the engine would hand it on.
inline gw::PolicyEvent hogEvent(qint64 pid, qint64 startMs, std::optional<qint64> endMs = {})
{
    gw::PolicyEvent e;
    e.kind = gw::PolicyEventKind::Hog;
    e.server = QStringLiteral("node-1");
    e.startMs = startMs;
    e.detectedMs = startMs + 10'000;
    e.endMs = endMs;
    if (endMs)
        e.endReason = QStringLiteral("below threshold");
    e.gpuUuid = QStringLiteral("GPU-0000");
    e.gpuIndex = 0;
    e.pid = pid;
    e.processStartMs = startMs - 60'000;
    e.user = QStringLiteral("alice");
    e.command = QStringLiteral("python");
    e.peakPercent = 95;
    e.meanPercent = 91;
    e.durationMs = 10'000;
    e.id = QStringLiteral("hog/node-1/%1/%2").arg(pid).arg(startMs);
    return e;
}

inline gw::PolicyEvent idleEvent(qint64 pid, qint64 startMs)
{
    gw::PolicyEvent e = hogEvent(pid, startMs);
    e.kind = gw::PolicyEventKind::Idle;
    e.memoryMiB = 4096;
    e.peakPercent = 2;
    e.meanPercent = 1;
    e.id = QStringLiteral("idle/node-1/%1/%2").arg(pid).arg(startMs);
    return e;
}

// One reading of "node-1": one GPU at `util` %, one process of alice on it
// (per-process utilisation reported, 8 GiB held).
inline gw::Snapshot reading(qint64 ms, double util)
{
    gw::Snapshot s;
    s.server = QStringLiteral("node-1");
    s.timestampMs = ms;
    s.backend = QStringLiteral("demo");
    s.intervalMs = 1000;
    s.host.hostname = QStringLiteral("node-1");
    gw::GpuSample g;
    g.index = 0;
    g.uuid = QStringLiteral("GPU-0000");
    g.name = QStringLiteral("NVIDIA H100");
    g.vendor = QStringLiteral("nvidia");
    g.utilizationGpuPercent = util;
    g.memoryUsedMiB = 8192;
    g.memoryTotalMiB = 81920;
    g.powerW = 350;
    s.gpus = {g};
    gw::GpuProcess p;
    p.pid = 4242;
    p.startTimeMs = kT - 3'600'000;
    p.uid = 1000;
    p.user = QStringLiteral("alice");
    p.command = QStringLiteral("python");
    p.gpuUuid = g.uuid;
    p.usedMemoryMiB = 8192;
    p.smUtilPercent = util;
    s.processes = {p};
    return s;
}

} // namespace gwtest
