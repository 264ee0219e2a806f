// Admission without HTTP: the body backstop, the rate limit per client, the
// bearer token and the scope a route needs, each refusal with its status,
// code and headers; /healthz's scope needs no token.
#include "agent/admission.h"

#include <QTest>

using namespace gw;

namespace {

QList<AgentToken> tokens()
{
    return {{QStringLiteral("reader"), sha256("r3ad"), TokenScope::Read},
            {QStringLiteral("jobs"), sha256("j0bs"), TokenScope::Allocate},
            {QStringLiteral("boss"), sha256("adm1n"), TokenScope::Admin}};
}

Admission::Request asking(Scope scope, const QByteArray& authorization = {},
                          const QString& client = QStringLiteral("10.0.0.1"))
{
    Admission::Request r;
    r.scope = scope;
    r.authorization = authorization;
    r.client = client;
    return r;
}

QByteArray headerOf(const Admission::Refusal& refusal, const QByteArray& name)
{
    for (const auto& [key, value] : refusal.headers)
        if (key == name)
            return value;
    return {};
}

} // namespace

class TestAdmission : public QObject
{
    Q_OBJECT

    qint64 m_nowMs = 0;
    Admission make(Admission::Limits limits = {})
    {
        return Admission(tokens(), limits, [this] { return m_nowMs; });
    }

private Q_SLOTS:
    void init() { m_nowMs = 1000; }

    void healthNeedsNoToken()
    {
        Admission a = make();
        const Admission::Verdict v = a.admit(asking(Scope::Anyone));
        QVERIFY(!v.refusal);
        QCOMPARE(v.token, nullptr);
    }

    void aMissingTokenIs401WithBearerChallenge()
    {
        Admission a = make();
        for (const QByteArray& auth :
             {QByteArray(), QByteArray("Basic dXNlcjpwdw=="), QByteArray("Bearer")}) {
            const Admission::Verdict v = a.admit(asking(Scope::Read, auth));
            QVERIFY2(v.refusal, auth.constData());
            QCOMPARE(v.refusal->status, 401);
            QCOMPARE(v.refusal->code, QStringLiteral("unauthorized"));
            QCOMPARE(headerOf(*v.refusal, "WWW-Authenticate"), QByteArray("Bearer"));
        }
    }

    void anUnknownTokenIs401InvalidToken()
    {
        Admission a = make();
        const Admission::Verdict v = a.admit(asking(Scope::Read, "Bearer nope"));
        QVERIFY(v.refusal);
        QCOMPARE(v.refusal->status, 401);
        QCOMPARE(v.refusal->message, QStringLiteral("the token is not known to this agent"));
        QCOMPARE(headerOf(*v.refusal, "WWW-Authenticate"),
                 QByteArray("Bearer error=\"invalid_token\""));
    }

    void aKnownTokenIsLetThroughAndNamed_data()
    {
        QTest::addColumn<QByteArray>("auth");
        QTest::newRow("as written") << QByteArray("Bearer r3ad");
        QTest::newRow("scheme in any case") << QByteArray("bEARER r3ad");
        QTest::newRow("blanks around") << QByteArray("Bearer   r3ad  ");
    }
    void aKnownTokenIsLetThroughAndNamed()
    {
        QFETCH(QByteArray, auth);
        Admission a = make();
        const Admission::Verdict v = a.admit(asking(Scope::Read, auth));
        QVERIFY(!v.refusal);
        QVERIFY(v.token);
        QCOMPARE(v.token->name, QStringLiteral("reader"));
    }

    void theWrongScopeIs403NamingBoth_data()
    {
        QTest::addColumn<int>("scope");
        QTest::addColumn<QByteArray>("auth");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("message");
        QTest::newRow("read for admin")
            << int(Scope::Admin) << QByteArray("Bearer r3ad") << 403
            << QStringLiteral("token \"reader\" has the read scope; this needs admin");
        QTest::newRow("allocate for admin")
            << int(Scope::Admin) << QByteArray("Bearer j0bs") << 403
            << QStringLiteral("token \"jobs\" has the allocate scope; this needs admin");
        QTest::newRow("read for allocate")
            << int(Scope::Allocate) << QByteArray("Bearer r3ad") << 403
            << QStringLiteral("token \"reader\" has the read scope; this needs allocate or admin");
        QTest::newRow("allocate for allocate")
            << int(Scope::Allocate) << QByteArray("Bearer j0bs") << 0 << QString();
        QTest::newRow("admin for allocate")
            << int(Scope::Allocate) << QByteArray("Bearer adm1n") << 0 << QString();
        QTest::newRow("admin for admin")
            << int(Scope::Admin) << QByteArray("Bearer adm1n") << 0 << QString();
        QTest::newRow("allocate for read")
            << int(Scope::Read) << QByteArray("Bearer j0bs") << 0 << QString();
    }
    void theWrongScopeIs403NamingBoth()
    {
        QFETCH(int, scope);
        QFETCH(QByteArray, auth);
        QFETCH(int, status);
        QFETCH(QString, message);
        Admission a = make();
        const Admission::Verdict v = a.admit(asking(Scope(scope), auth));
        QCOMPARE(v.refusal ? v.refusal->status : 0, status);
        if (v.refusal) {
            QCOMPARE(v.refusal->code, QStringLiteral("forbidden"));
            QCOMPARE(v.refusal->message, message);
        }
    }

    void theRateLimitRefusesPastTheBurstAndRefills()
    {
        Admission::Limits limits;
        limits.requestsPerSecond = 10;
        limits.burst = 3;
        Admission a = make(limits);
        for (int i = 0; i < 3; ++i)
            QVERIFY(!a.admit(asking(Scope::Anyone)).refusal);
        const Admission::Verdict v = a.admit(asking(Scope::Anyone));
        QVERIFY(v.refusal);
        QCOMPARE(v.refusal->status, 429);
        QCOMPARE(v.refusal->code, QStringLiteral("rate_limited"));
        QCOMPARE(headerOf(*v.refusal, "Retry-After"), QByteArray("1"));
        // Another address has its own bucket.
        QVERIFY(!a.admit(asking(Scope::Anyone, {}, QStringLiteral("10.0.0.2"))).refusal);
        // 100 ms at 10 per second is one request more, and only one.
        m_nowMs += 100;
        QVERIFY(!a.admit(asking(Scope::Anyone)).refusal);
        QVERIFY(a.admit(asking(Scope::Anyone)).refusal);
    }

    void theRateLimitComesBeforeTheToken()
    {
        Admission::Limits limits;
        limits.burst = 1;
        Admission a = make(limits);
        QCOMPARE(a.admit(asking(Scope::Read)).refusal->status, 401); // takes the one request
        QCOMPARE(a.admit(asking(Scope::Read, "Bearer r3ad")).refusal->status, 429);
    }

    void aBodyOverTheLimitIs413BeforeAnythingElse()
    {
        Admission::Limits limits;
        limits.maxBodyBytes = 10;
        Admission a = make(limits);
        Admission::Request r = asking(Scope::Admin);
        r.bodyBytes = 11;
        const Admission::Verdict v = a.admit(r);
        QCOMPARE(v.refusal->status, 413);
        QCOMPARE(v.refusal->code, QStringLiteral("too_large"));
        r.bodyBytes = 10;
        QCOMPARE(a.admit(r).refusal->status, 401);
    }

    void clientsIdleLongEnoughAreForgotten()
    {
        Admission::Limits limits;
        limits.requestsPerSecond = 1000;
        limits.burst = 1;
        Admission a = make(limits);
        for (int i = 0; i <= Admission::kMaxTrackedClients; ++i)
            a.admit(
                asking(Scope::Anyone, {}, QStringLiteral("10.1.%1.%2").arg(i / 256).arg(i % 256)));
        QCOMPARE(a.trackedClients(), Admission::kMaxTrackedClients + 1);
        m_nowMs += 10; // every bucket is full again
        a.admit(asking(Scope::Anyone, {}, QStringLiteral("10.9.9.9")));
        QCOMPARE(a.trackedClients(), 1);
    }
};

QTEST_GUILESS_MAIN(TestAdmission)
#include "tst_admission.moc"
