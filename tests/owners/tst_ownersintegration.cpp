// Who owns a GPU process, through the real parts (issue 25's acceptance):
// the real gpuwarden-agent with the fake libnvidia-ml listing the host pid of
// a real Podman container run as root with the label gpuwarden.user=alice;
// the agent asks Podman's real Docker-compatible service for the container's
// names. Its readings name alice as the owner (never root), /metrics carries
// the container and owner labels, and the token books charge alice for the
// hour that closed under libfaketime. About 15 s; skipped where Podman cannot
// run containers.
#include "freeport.h"
#include "podmanbox.h"

#include <QCryptographicHash>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

const QByteArray kRead = "owners-read";
const QByteArray kAdmin = "owners-admin";

void writeFile(const QString& path, const QByteArray& data)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(data) != data.size())
        qFatal("cannot write %s", qPrintable(path));
}

QByteArray hashOf(const QByteArray& token)
{
    return QCryptographicHash::hash(token, QCryptographicHash::Sha256).toHex();
}

struct Reply
{
    int status = 0;
    QByteArray body;
    QJsonObject json;
};

Reply call(QNetworkAccessManager& nam, quint16 port, const QString& path,
           const QByteArray& token = kRead, const QByteArray& method = "GET",
           const QByteArray& body = {})
{
    QNetworkRequest req(QUrl(u"http://127.0.0.1:%1%2"_s.arg(port).arg(path)));
    req.setRawHeader("Authorization", "Bearer " + token);
    if (!body.isEmpty())
        req.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    QNetworkReply* r = nam.sendCustomRequest(req, method, body);
    QSignalSpy done(r, &QNetworkReply::finished);
    if (!r->isFinished())
        done.wait(10'000);
    Reply out;
    out.status = r->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    out.body = r->readAll();
    out.json = QJsonDocument::fromJson(out.body).object();
    r->deleteLater();
    return out;
}

QString libFaketime()
{
    for (const QString& p : {u"/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1"_s,
                             u"/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1"_s,
                             u"/usr/lib/faketime/libfaketime.so.1"_s})
        if (QFile::exists(p))
            return p;
    return {};
}

} // namespace

class TestOwnersIntegration : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aLabelledRootContainerIsAlicesThroughTheRealAgent()
    {
        if (const QString why = gw::test::PodmanBox::unavailable(); !why.isEmpty())
            QSKIP(qPrintable(why));
        if (libFaketime().isEmpty())
            QSKIP("libfaketime is not installed (Debian package faketime)");
        gw::test::PodmanBox podman;
        if (!podman.makeImage())
            QSKIP(qPrintable(u"podman cannot import an image here: "_s + podman.error()));
        const QString name = u"gw-owners-%1"_s.arg(QCoreApplication::applicationPid());
        const QString id = podman.start(name, {u"gpuwarden.user=alice"_s});
        if (id.isEmpty())
            QSKIP(qPrintable(u"podman cannot run a container here: "_s + podman.error()));
        const qint64 pid = podman.hostPid(name);
        QVERIFY(pid > 0);
        const QString sock = podman.serve();
        QVERIFY2(!sock.isEmpty(), "Podman's service did not make its socket");

        const QString scenario = podman.path(u"owners.scenario"_s);
        writeFile(scenario, "gpu 0 name=\"NVIDIA A100-SXM4-80GB\" "
                            "uuid=GPU-1d1e0000-0000-4000-8000-000000000001 util=97 memutil=40 "
                            "memused=20GiB memtotal=80GiB temp=60 power=300000 "
                            "powerlimit=400000\nproc 0 compute pid=" +
                                QByteArray::number(pid) + " mem=16GiB\n");
        const QString policy = podman.path(u"policy.toml"_s);
        writeFile(policy, "[hog]\nthreshold_percent = 90\nduration = \"2s\"\n"
                          "[tokens]\ninitial = 100\nmonthly = 0\ndaily = 0\ndefault_price = 3600\n"
                          "time_zone = \"UTC\"\n");
        const QString config = podman.path(u"agent.toml"_s);
        writeFile(config, "[agent]\ninterval_ms = 250\nbackend = \"nvml\"\n[journal]\npath = \"" +
                              podman.path(u"journal.sqlite"_s).toUtf8() +
                              "\"\n[policy]\npath = \"" + policy.toUtf8() +
                              "\"\n[runtimes]\ndocker_socket = \"\"\nscontrol = \"\"\n"
                              "podman_socket = \"" +
                              sock.toUtf8() + "\"\n[[token]]\nname = \"reader\"\nsha256 = \"" +
                              hashOf(kRead) +
                              "\"\nscope = \"read\"\n[[token]]\nname = "
                              "\"boss\"\nsha256 = \"" +
                              hashOf(kAdmin) + "\"\nscope = \"admin\"\n");
        QProcess agent;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(u"LD_LIBRARY_PATH"_s, QStringLiteral(GW_FAKE_NVML_DIR));
        env.insert(u"GW_FAKE_NVML_SCENARIO"_s, scenario);
        // Five seconds before an hour ends: the hour closes while the test
        // runs, and its use is charged.
        env.insert(u"LD_PRELOAD"_s, libFaketime());
        env.insert(u"FAKETIME"_s, u"@2026-11-27 10:59:55"_s);
        env.insert(u"FAKETIME_DONT_FAKE_MONOTONIC"_s, u"1"_s);
        // Timed waits on a monotonic condition variable as they are (see
        // tst_faultclock: libfaketime's "monotonic fix" shifts them).
        env.insert(u"FAKETIME_FORCE_MONOTONIC_FIX"_s, u"0"_s);
        const QString asan = env.value(u"ASAN_OPTIONS"_s);
        env.insert(u"ASAN_OPTIONS"_s,
                   (asan.isEmpty() ? QString() : asan + u':') + u"verify_asan_link_order=0"_s);
        agent.setProcessEnvironment(env);
        agent.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        const quint16 port = gw::test::freePort();
        agent.start(QStringLiteral(GW_AGENT),
                    {u"--config"_s, config, u"--port"_s, QString::number(port)});
        QVERIFY(agent.waitForReadyRead(10'000));
        QVERIFY(agent.readLine().startsWith("listening on"));
        auto stop = qScopeGuard([&] {
            agent.terminate();
            agent.waitForFinished(5000);
        });

        QNetworkAccessManager nam;
        // The first readings: the container itself owns it (Podman has not
        // answered yet) or alice; never root.
        QJsonObject process;
        QElapsedTimer t;
        t.start();
        while (t.elapsed() < 10'000) {
            const Reply r = call(nam, port, u"/v1/processes"_s);
            if (r.status == 503) { // no reading yet
                QTest::qWait(100);
                continue;
            }
            QCOMPARE(r.status, 200);
            const QJsonArray list = r.json[u"processes"_s].toArray();
            QCOMPARE(list.size(), 1);
            process = list[0].toObject();
            const QString owner = process[u"owner"_s][u"user"_s].toString();
            QVERIFY2(owner != u"root"_s, r.body.constData());
            if (owner == u"alice"_s)
                break;
            QTest::qWait(100);
        }
        QCOMPARE(process[u"user"_s].toString(), u"root"_s);
        QCOMPARE(process[u"owner"_s][u"user"_s].toString(), u"alice"_s);
        QCOMPARE(process[u"owner"_s][u"because"_s].toString(),
                 u"label gpuwarden.user of container %1"_s.arg(name));
        const QJsonObject workload = process[u"workload"_s].toObject();
        QCOMPARE(workload[u"kind"_s].toString(), u"podman"_s);
        QCOMPARE(workload[u"id"_s].toString(), id);
        QCOMPARE(workload[u"name"_s].toString(), name);
        QCOMPARE(workload[u"labels"_s][u"gpuwarden.user"_s].toString(), u"alice"_s);

        // /metrics: the per-process series name the container and alice.
        const Reply metrics = call(nam, port, u"/metrics"_s);
        QCOMPARE(metrics.status, 200);
        QVERIFY2(metrics.body.contains(
                     QByteArray("container=\"" + name.toUtf8() + "\",owner=\"alice\"")),
                 metrics.body.left(4000).constData());

        // The hour closes at 11:00: alice is charged, root never.
        QJsonObject balances;
        t.restart();
        while (t.elapsed() < 15'000) {
            const Reply r = call(nam, port, u"/v1/balances"_s);
            QCOMPARE(r.status, 200);
            balances = r.json[u"balances"_s].toObject();
            if (balances.contains(u"alice"_s))
                break;
            QTest::qWait(250);
        }
        QVERIFY2(balances.contains(u"alice"_s),
                 QJsonDocument(balances).toJson(QJsonDocument::Compact).constData());
        QVERIFY(!balances.contains(u"root"_s));
        // A few seconds of one GPU at 3600 tokens per GPU-hour.
        const double alice = balances[u"alice"_s].toDouble();
        QVERIFY2(alice < 100 && alice > 80, qPrintable(QString::number(alice)));
    }
};

QTEST_GUILESS_MAIN(TestOwnersIntegration)
#include "tst_ownersintegration.moc"
