// The agent's routes as a table: a route added through a desk's own
// registration alone is served by the real HTTP server on loopback with the
// same method check and admission as every built-in route (401 without or
// with a bad token, 403 for a token lacking the scope), and its handler
// sees the path's arguments and the token's name.
#include "agent/agentserver.h"
#include "agent/routetable.h"

#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSignalSpy>
#include <QTest>

using namespace gw;

namespace {

// A desk of its own: two scopes on one path, and a path with an argument.
class ProbeDesk final : public RouteDesk
{
public:
    int calls = 0;
    void addRoutes(RouteTable& table) override
    {
        using Method = QHttpServerRequest::Method;
        table.add(QStringLiteral("/v1/probe"), Method::Get, Scope::Read,
                  [this](const RouteRequest& r) {
                      ++calls;
                      return jsonReply({{QStringLiteral("by"), r.tokenName()}});
                  });
        table.add(QStringLiteral("/v1/probe"), Method::Post, Scope::Admin,
                  [this](const RouteRequest& r) {
                      ++calls;
                      return jsonReply({{QStringLiteral("changed_by"), r.tokenName()}});
                  });
        table.add(QStringLiteral("/v1/probe/<arg>"), Method::Delete, Scope::Allocate,
                  [this](const RouteRequest& r) {
                      ++calls;
                      return jsonReply({{QStringLiteral("gone"), r.args.value(0)}});
                  });
    }
};

struct Reply
{
    int status = 0;
    QJsonObject json;
    QHash<QByteArray, QByteArray> headers;
};

Reply call(QNetworkAccessManager& nam, quint16 port, const QString& path,
           const QByteArray& token = {}, const QByteArray& method = "GET")
{
    QNetworkRequest req(QUrl(QStringLiteral("http://127.0.0.1:%1%2").arg(port).arg(path)));
    if (!token.isEmpty())
        req.setRawHeader("Authorization", "Bearer " + token);
    QNetworkReply* r = method == "HEAD" ? nam.head(req) : nam.sendCustomRequest(req, method);
    QSignalSpy done(r, &QNetworkReply::finished);
    if (!r->isFinished())
        done.wait(5000);
    Reply out;
    out.status = r->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    out.json = QJsonDocument::fromJson(r->readAll()).object();
    for (const auto& [k, v] : r->rawHeaderPairs())
        out.headers.insert(k.toLower(), v);
    r->deleteLater();
    return out;
}

QString errorCode(const Reply& r)
{
    return r.json[QStringLiteral("error")].toObject()[QStringLiteral("code")].toString();
}

AgentConfig config()
{
    AgentConfig c;
    c.port = 0;
    c.tokens = {{QStringLiteral("reader"), sha256("r3ad"), TokenScope::Read},
                {QStringLiteral("jobs"), sha256("j0bs"), TokenScope::Allocate},
                {QStringLiteral("boss"), sha256("adm1n"), TokenScope::Admin}};
    return c;
}

} // namespace

class TestAgentRoutes : public QObject
{
    Q_OBJECT

    QNetworkAccessManager m_nam;

private Q_SLOTS:
    void aDesksRouteIsAdmittedLikeEveryOther()
    {
        AgentServer server(config());
        ProbeDesk desk;
        server.addDesk(desk);
        QString error;
        QVERIFY2(server.listen(&error), qPrintable(error));
        const quint16 port = server.port();
        const QString probe = QStringLiteral("/v1/probe");

        const Reply none = call(m_nam, port, probe);
        QCOMPARE(none.status, 401);
        QCOMPARE(errorCode(none), QStringLiteral("unauthorized"));
        QCOMPARE(none.headers.value("www-authenticate"), QByteArray("Bearer"));
        const Reply bad = call(m_nam, port, probe, "wrong");
        QCOMPARE(bad.status, 401);
        QCOMPARE(bad.headers.value("www-authenticate"),
                 QByteArray("Bearer error=\"invalid_token\""));
        const Reply lacking = call(m_nam, port, probe, "r3ad", "POST");
        QCOMPARE(lacking.status, 403);
        QCOMPARE(errorCode(lacking), QStringLiteral("forbidden"));
        const Reply readOnArg = call(m_nam, port, probe + QStringLiteral("/x"), "r3ad", "DELETE");
        QCOMPARE(readOnArg.status, 403);
        QCOMPARE(desk.calls, 0); // no handler ran for a refused request

        const Reply read = call(m_nam, port, probe, "r3ad");
        QCOMPARE(read.status, 200);
        QCOMPARE(read.json[QStringLiteral("by")].toString(), QStringLiteral("reader"));
        QCOMPARE(read.headers.value("cache-control"), QByteArray("no-store"));
        const Reply admin = call(m_nam, port, probe, "adm1n", "POST");
        QCOMPARE(admin.status, 200);
        QCOMPARE(admin.json[QStringLiteral("changed_by")].toString(), QStringLiteral("boss"));
        const Reply gone = call(m_nam, port, probe + QStringLiteral("/r-17"), "j0bs", "DELETE");
        QCOMPARE(gone.status, 200);
        QCOMPARE(gone.json[QStringLiteral("gone")].toString(), QStringLiteral("r-17"));
        QCOMPARE(desk.calls, 3);
    }

    void aDesksPathAnswers405WithTheMethodsOfAllItsRoutes()
    {
        AgentServer server(config());
        ProbeDesk desk;
        server.addDesk(desk);
        QString error;
        QVERIFY2(server.listen(&error), qPrintable(error));
        const Reply r = call(m_nam, server.port(), QStringLiteral("/v1/probe"), "adm1n", "PUT");
        QCOMPARE(r.status, 405);
        QCOMPARE(r.headers.value("allow"), QByteArray("GET, HEAD, POST"));
        // HEAD goes where GET goes: the same admission, no body.
        const Reply head = call(m_nam, server.port(), QStringLiteral("/v1/probe"), {}, "HEAD");
        QCOMPARE(head.status, 401);
        QCOMPARE(call(m_nam, server.port(), QStringLiteral("/v1/probe"), "r3ad", "HEAD").status,
                 200);
        QCOMPARE(desk.calls, 1);
    }

    void everyBuiltInRouteIsInTheTableWithItsScope()
    {
        AgentServer server(config());
        const RouteTable& table = server.routes();
        auto scopeOf = [&](const QString& path, QHttpServerRequest::Method method) {
            for (const Route* r : table.find(path))
                if (r->methods.testFlag(method))
                    return int(r->scope);
            return -1;
        };
        using M = QHttpServerRequest::Method;
        QCOMPARE(scopeOf(QStringLiteral("/healthz"), M::Get), int(Scope::Anyone));
        QCOMPARE(scopeOf(QStringLiteral("/v1/policy"), M::Get), int(Scope::Read));
        QCOMPARE(scopeOf(QStringLiteral("/v1/policy"), M::Put), int(Scope::Admin));
        QCOMPARE(scopeOf(QStringLiteral("/v1/allocate"), M::Post), int(Scope::Allocate));
        QCOMPARE(scopeOf(QStringLiteral("/v1/allocate/<arg>"), M::Delete), int(Scope::Allocate));
        QCOMPARE(scopeOf(QStringLiteral("/v1/ledger"), M::Post), int(Scope::Admin));
        QCOMPARE(scopeOf(QStringLiteral("/v1/processes/<arg>/signal"), M::Post), int(Scope::Admin));
        QCOMPARE(scopeOf(QStringLiteral("/v1/enforcement/<arg>/<arg>/<arg>"), M::Post),
                 int(Scope::Admin));
        for (const char* path :
             {"/v1/info", "/v1/snapshot", "/v1/samples", "/v1/processes", "/metrics", "/v1/events",
              "/v1/replay", "/v1/advice", "/v1/usage", "/v1/balances", "/v1/enforcement",
              "/v1/audit", "/v1/history", "/v1/readings"})
            QVERIFY2(scopeOf(QString::fromLatin1(path), M::Get) == int(Scope::Read), path);
    }
};

QTEST_GUILESS_MAIN(TestAgentRoutes)
#include "tst_agentroutes.moc"
