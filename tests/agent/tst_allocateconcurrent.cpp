// Issue 12's acceptance, end to end: 20 callers, each a separate process
// (allocatecaller, through the CLI's client), ask a real gpuwarden-agent
// serving an 8-GPU demo server for 1 GPU each at the same instant: exactly
// 8 distinct GPUs are granted and 12 refused, never a GPU twice. Then a
// reservation of 1 s expires and a waiting caller gets that GPU.
#include "agent/agentconfig.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QProcessEnvironment>
#include <QSet>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <memory>
#include <vector>

using namespace gw;

namespace {

const QByteArray kRead = "r3ad";
const QByteArray kAllocate = "all0c";
constexpr int kCallers = 20;
constexpr int kGpus = 8;

QJsonObject getJson(QNetworkAccessManager& nam, quint16 port, const QString& path, int* status)
{
    QNetworkRequest req(QUrl(QStringLiteral("http://127.0.0.1:%1%2").arg(port).arg(path)));
    req.setRawHeader("Authorization", "Bearer " + kRead);
    QNetworkReply* r = nam.get(req);
    QSignalSpy done(r, &QNetworkReply::finished);
    if (!r->isFinished())
        done.wait(5000);
    *status = r->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const QJsonObject o = QJsonDocument::fromJson(r->readAll()).object();
    r->deleteLater();
    return o;
}

struct Outcome
{
    int exitCode = -1;
    QJsonObject line;
};

class Caller
{
public:
    Caller(quint16 port, const QString& user, double waitSeconds, double ttlSeconds, qint64 atMs)
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("GPUWARDEN_TOKEN"), QString::fromLatin1(kAllocate));
        m_process.setProcessEnvironment(env);
        m_process.start(QStringLiteral(GW_ALLOCATE_CALLER),
                        {QStringLiteral("http://127.0.0.1:%1").arg(port), user, QStringLiteral("1"),
                         QString::number(waitSeconds), QString::number(ttlSeconds),
                         QString::number(atMs)});
    }
    Outcome finish()
    {
        Outcome o;
        if (!m_process.waitForFinished(30'000))
            return o;
        o.exitCode = m_process.exitCode();
        o.line = QJsonDocument::fromJson(m_process.readAllStandardOutput()).object();
        return o;
    }

private:
    QProcess m_process;
};

} // namespace

class TestAllocateConcurrent : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QProcess m_agent;
    quint16 m_port = 0;
    QNetworkAccessManager m_nam;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const QString config = m_dir.filePath(QStringLiteral("agent.toml"));
        QFile f(config);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("[agent]\ninterval_ms = 200\n[journal]\npath = \"\"\n"
                "[[token]]\nname = \"reader\"\nsha256 = \"" +
                sha256(kRead).toHex() +
                "\"\n"
                "[[token]]\nname = \"jobs\"\nscope = \"allocate\"\nsha256 = \"" +
                sha256(kAllocate).toHex() + "\"\n");
        f.close();
        // Demo server 4: node-04, 8 GPUs, none partitioned.
        m_agent.setProcessChannelMode(QProcess::SeparateChannels);
        m_agent.start(QStringLiteral(GW_AGENT),
                      {QStringLiteral("--config"), config, QStringLiteral("--demo"),
                       QStringLiteral("--demo-server"), QStringLiteral("4"),
                       QStringLiteral("--port"), QStringLiteral("0")});
        QVERIFY(m_agent.waitForReadyRead(10'000));
        const QByteArray line = m_agent.readLine().trimmed();
        QVERIFY2(line.startsWith("listening on 127.0.0.1:"), line.constData());
        m_port = quint16(line.mid(line.lastIndexOf(':') + 1).toUInt());
        int status = 0;
        QTRY_VERIFY_WITH_TIMEOUT(
            (getJson(m_nam, m_port, QStringLiteral("/v1/snapshot"), &status), status == 200),
            10'000);
        const QJsonObject snapshot =
            getJson(m_nam, m_port, QStringLiteral("/v1/snapshot"), &status);
        QCOMPARE(snapshot[QStringLiteral("gpus")].toArray().size(), kGpus);
    }

    void cleanupTestCase()
    {
        m_agent.terminate();
        QVERIFY(m_agent.waitForFinished(10'000));
        QCOMPARE(m_agent.exitStatus(), QProcess::NormalExit);
    }

    void twentyProcessesEightGpus()
    {
        // Every process started, then all ask at the same instant.
        const qint64 at = QDateTime::currentMSecsSinceEpoch() + 2'000;
        std::vector<std::unique_ptr<Caller>> callers;
        for (int i = 0; i < kCallers; ++i)
            callers.push_back(
                std::make_unique<Caller>(m_port, QStringLiteral("job-%1").arg(i), 0, 120, at));
        QSet<QString> granted;
        int grants = 0;
        int refused = 0;
        for (auto& c : callers) {
            const Outcome o = c->finish();
            if (o.exitCode == 0) {
                ++grants;
                const QString unit = o.line[QStringLiteral("units")].toString();
                QVERIFY2(!granted.contains(unit),
                         qPrintable(QStringLiteral("GPU %1 granted twice").arg(unit)));
                granted.insert(unit);
            } else {
                QCOMPARE(o.exitCode, 3);
                QCOMPARE(o.line[QStringLiteral("status")].toInt(), 409);
                QCOMPARE(o.line[QStringLiteral("error")].toString(),
                         QStringLiteral("1 GPU asked, 0 qualify"));
                QCOMPARE(o.line[QStringLiteral("refused")].toInt(), kGpus);
                ++refused;
            }
        }
        QCOMPARE(grants, kGpus);
        QCOMPARE(refused, kCallers - kGpus);
        QCOMPARE(granted.size(), kGpus);
        int status = 0;
        const QJsonObject state = getJson(m_nam, m_port, QStringLiteral("/v1/allocate"), &status);
        QCOMPARE(state[QStringLiteral("reservations")].toArray().size(), kGpus);
    }

    // One GPU given back and taken for 1 s: when that hold expires, a
    // caller waiting meanwhile gets the very GPU.
    void anExpiredReservationFreesItsGpu()
    {
        int status = 0;
        const QJsonArray held = getJson(m_nam, m_port, QStringLiteral("/v1/allocate"),
                                        &status)[QStringLiteral("reservations")]
                                    .toArray();
        QCOMPARE(held.size(), kGpus);
        const QString id = held[0][QStringLiteral("id")].toString();
        const QString unit = held[0][QStringLiteral("units")][0].toString();
        QNetworkRequest del(
            QUrl(QStringLiteral("http://127.0.0.1:%1/v1/allocate/%2").arg(m_port).arg(id)));
        del.setRawHeader("Authorization", "Bearer " + kAllocate);
        QNetworkReply* r = m_nam.sendCustomRequest(del, "DELETE");
        QSignalSpy done(r, &QNetworkReply::finished);
        QVERIFY(done.wait(5000));
        QCOMPARE(r->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 200);
        r->deleteLater();

        const Outcome shortHold = Caller(m_port, QStringLiteral("short"), 0, 1, 0).finish();
        QCOMPARE(shortHold.exitCode, 0);
        QCOMPARE(shortHold.line[QStringLiteral("units")].toString(), unit);
        QElapsedTimer clock;
        clock.start();
        const Outcome next = Caller(m_port, QStringLiteral("next"), 10, 120, 0).finish();
        QCOMPARE(next.exitCode, 0);
        QCOMPARE(next.line[QStringLiteral("units")].toString(), unit);
        QVERIFY2(clock.elapsed() < 5'000, qPrintable(QString::number(clock.elapsed())));
        const QJsonArray now = getJson(m_nam, m_port, QStringLiteral("/v1/allocate"),
                                       &status)[QStringLiteral("reservations")]
                                   .toArray();
        QCOMPARE(now.size(), kGpus);
        QSet<QString> users;
        for (const QJsonValue& v : now)
            users.insert(v[QStringLiteral("user")].toString());
        QVERIFY(users.contains(QStringLiteral("next")));
        QVERIFY(!users.contains(QStringLiteral("short")));
    }
};

QTEST_GUILESS_MAIN(TestAllocateConcurrent)
#include "tst_allocateconcurrent.moc"
