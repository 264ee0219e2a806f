// Issue 27's health acceptance end to end (docs/health.md), through the real
// gpuwarden-agent, the fake NVML driver and a file of kernel log records:
//  * XID 79 from NVML's events, with the GPU lost in the same reading: the
//    GPU is failing in that very reading, /v1/allocate refuses it saying
//    why, the webhook receiver gets the alert;
//  * XID 13 in the kernel log naming a real process on the other GPU: an
//    xid event about that process and its owner, the GPU stays ok;
//  * the agent restarted (the GPU answers again, the driver did not
//    reload): GPU 1 is failing from its first reading, read back from the
//    kernel log, and the XID is not reported again.

#include "freeport.h"
#include "policy/policyevent.h"
#include "webhookreceiver.h"

#include <QCryptographicHash>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <ctime>

using namespace gw;
using namespace Qt::StringLiterals;

namespace {

const char* const kToken = "health-test-token";
const QByteArray kGpu0 = "GPU-1d1e0000-0000-4000-8000-000000000000";
const QByteArray kGpu1 = "GPU-1d1e0000-0000-4000-8000-000000000001";

void writeFile(const QString& path, const QByteArray& data, bool append = false)
{
    QFile f(path);
    if (!f.open(append ? QIODevice::Append : QIODevice::WriteOnly) || f.write(data) != data.size())
        qFatal("cannot write %s", qPrintable(path));
}

qint64 monotonicUs()
{
    timespec ts{};
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return qint64(ts.tv_sec) * 1'000'000 + ts.tv_nsec / 1000;
}

// A kernel record (facility 0, level 4) written now, or at wall time `atMs`.
QByteArray kmsg(quint64 sequence, const QByteArray& message, std::optional<qint64> atMs = {})
{
    qint64 us = monotonicUs();
    if (atMs)
        us -= (QDateTime::currentMSecsSinceEpoch() - *atMs) * 1000;
    return "4," + QByteArray::number(sequence) + ',' + QByteArray::number(us) + ",-;" + message +
           '\n';
}

struct Reply
{
    int status = 0;
    QJsonObject json;
};

struct Agent
{
    QTemporaryDir dir;
    QProcess process;
    quint16 port = 0;

    QString kernelLog() const { return dir.filePath(u"kmsg"_s); }

    bool start(const QByteArray& scenarioText, quint16 webhookPort)
    {
        const QString scenario = dir.filePath(u"health.scenario"_s);
        writeFile(scenario, scenarioText);
        const QString policy = dir.filePath(u"policy.toml"_s);
        writeFile(policy, "[hog]\nduration = \"1h\"\n[alerts]\nwebhook_url = \"http://127.0.0.1:" +
                              QByteArray::number(webhookPort) + "/hook\"\n");
        const QString config = dir.filePath(u"agent.toml"_s);
        writeFile(config, "[agent]\ninterval_ms = 500\nbackend = \"nvml\"\nkernel_log = \"" +
                              kernelLog().toUtf8() + "\"\n[journal]\npath = \"" +
                              dir.filePath(u"journal.sqlite"_s).toUtf8() +
                              "\"\n[policy]\npath = \"" + policy.toUtf8() +
                              "\"\n[[token]]\nname = \"test\"\nsha256 = \"" +
                              QCryptographicHash::hash(kToken, QCryptographicHash::Sha256).toHex() +
                              "\"\nscope = \"admin\"\n");
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(u"LD_LIBRARY_PATH"_s, QStringLiteral(GW_FAKE_NVML_DIR));
        env.insert(u"GW_FAKE_NVML_SCENARIO"_s, scenario);
        process.setProcessEnvironment(env);
        port = test::freePort();
        process.start(QStringLiteral(GW_AGENT),
                      {u"--config"_s, config, u"--port"_s, QString::number(port)});
        if (!process.waitForReadyRead(10000))
            return false;
        return process.readLine().startsWith("listening on");
    }

    Reply call(QNetworkAccessManager& net, const QString& path, const QByteArray& post = {})
    {
        QNetworkRequest request(QUrl(u"http://127.0.0.1:%1%2"_s.arg(port).arg(path)));
        request.setRawHeader("Authorization", QByteArray("Bearer ") + kToken);
        request.setHeader(QNetworkRequest::ContentTypeHeader, u"application/json"_s);
        QNetworkReply* reply = post.isNull() ? net.get(request) : net.post(request, post);
        QEventLoop loop;
        QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
        loop.exec();
        reply->deleteLater();
        return {reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(),
                QJsonDocument::fromJson(reply->readAll()).object()};
    }

    QByteArray text(QNetworkAccessManager& net, const QString& path)
    {
        QNetworkRequest request(QUrl(u"http://127.0.0.1:%1%2"_s.arg(port).arg(path)));
        request.setRawHeader("Authorization", QByteArray("Bearer ") + kToken);
        QNetworkReply* reply = net.get(request);
        QEventLoop loop;
        QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
        loop.exec();
        reply->deleteLater();
        return reply->readAll();
    }

    // Every reading of the run, oldest first.
    QList<QJsonObject> samples(QNetworkAccessManager& net)
    {
        QList<QJsonObject> out;
        qint64 after = 0;
        for (;;) {
            const QJsonArray page =
                call(net, u"/v1/samples?after=%1"_s.arg(after)).json[u"samples"_s].toArray();
            if (page.isEmpty())
                return out;
            for (const QJsonValue& v : page) {
                after = v[u"sequence"_s].toInteger();
                out << v.toObject();
            }
        }
    }

    QList<PolicyEvent> events(QNetworkAccessManager& net)
    {
        QList<PolicyEvent> out;
        for (const QJsonValue& r : call(net, u"/v1/events?after=0"_s).json[u"events"_s].toArray()) {
            QString error;
            const auto e = policyEventFromJson(r[u"event"_s].toObject(), &error);
            if (!e)
                qFatal("event record: %s", qPrintable(error));
            auto same = std::find_if(out.begin(), out.end(),
                                     [&](const PolicyEvent& have) { return have.id == e->id; });
            if (same != out.end())
                *same = *e;
            else
                out << *e;
        }
        return out;
    }

    void stop()
    {
        process.terminate();
        process.waitForFinished(10000);
    }
};

QJsonObject gpuOf(const QJsonObject& snapshot, int index)
{
    for (const QJsonValue& g : snapshot[u"gpus"_s].toArray())
        if (g[u"index"_s].toInt() == index)
            return g.toObject();
    return {};
}

QList<int> xidsOf(const QJsonObject& gpu)
{
    QList<int> out;
    for (const QJsonValue& x : gpu[u"health_facts"_s][u"xid_events"_s].toArray())
        out << x[u"xid"_s].toInt();
    return out;
}

// Two GPUs; `extra` adds XIDs, losses and processes.
QByteArray scenario(const QByteArray& extra, quint64 energy)
{
    return "driver 580.159.04\nnvml 13.580.159.04\n"
           "gpu 0 name=\"NVIDIA H100 80GB HBM3\" uuid=" +
           kGpu0 +
           " bus=00000000:19:00.0 util=5 memused=2000MiB memtotal=81559MiB temp=40 "
           "power=100000 energy=" +
           QByteArray::number(energy) +
           " energystep=100000\n"
           "gpu 1 name=\"NVIDIA H100 80GB HBM3\" uuid=" +
           kGpu1 +
           " bus=00000000:CB:00.0 util=0 memused=0MiB memtotal=81559MiB temp=35 "
           "power=70000 energy=" +
           QByteArray::number(energy) + " energystep=70000\n" + extra;
}

template <typename Pred>
bool waitFor(Pred pred, int ms)
{
    QElapsedTimer t;
    t.start();
    while (!pred()) {
        if (t.elapsed() > ms)
            return false;
        QTest::qWait(100);
    }
    return true;
}

} // namespace

class TestAgentHealth : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void anXidFailsAGpuAtOnceIsToldAndOutlivesARestart();
};

void TestAgentHealth::anXidFailsAGpuAtOnceIsToldAndOutlivesARestart()
{
    QProcess child; // the process the XID 13 names, on GPU 0
    child.start(u"sleep"_s, {u"600"_s});
    QVERIFY(child.waitForStarted());
    const QByteArray pid = QByteArray::number(child.processId());
    test::WebhookReceiver receiver;
    QVERIFY(receiver.listen());

    Agent agent;
    writeFile(agent.kernelLog(),
              kmsg(1, "NVRM: loading NVIDIA UNIX Open Kernel Module for x86_64  580.159.04  "
                      "Release Build"));
    // GPU 1: XID 79 queued for its sixth reading, which it does not answer.
    QVERIFY(agent.start(
        scenario("xid 1 code=79 at=5\nlost 1 after=5\nproc 0 compute pid=" + pid + " mem=1024MiB\n",
                 1'000'000),
        receiver.port()));
    QNetworkAccessManager net;

    // The reading that says the GPU is lost carries the XID and the verdict.
    QJsonObject lost;
    QVERIFY2(waitFor(
                 [&] {
                     for (const QJsonObject& s : agent.samples(net))
                         if (!gpuOf(s, 1)[u"error"_s].isNull()) {
                             lost = s;
                             return true;
                         }
                     return false;
                 },
                 20'000),
             "GPU 1 was never lost");
    // The kernel logs the same XID 79 as the driver does, a moment after
    // NVML's event: told already, not again.
    writeFile(agent.kernelLog(),
              kmsg(2,
                   "NVRM: Xid (PCI:0000:cb:00): 79, pid=0, name=<unknown>, GPU has fallen off "
                   "the bus.",
                   lost[u"timestamp_ms"_s].toInteger()),
              true);
    const QJsonObject gpu1 = gpuOf(lost, 1);
    QCOMPARE(xidsOf(gpu1), QList<int>{79});
    QCOMPARE(gpu1[u"health"_s][u"state"_s].toString(), u"failing"_s);
    QVERIFY2(gpu1[u"health"_s][u"reasons"_s].toArray().first().toString().contains(u"XID 79"),
             QJsonDocument(gpu1).toJson().constData());
    QCOMPARE(gpuOf(lost, 0)[u"health"_s][u"state"_s].toString(), u"ok"_s);

    // /v1/allocate does not hand it out, and says why.
    const Reply refused = agent.call(net, u"/v1/allocate"_s, R"({"gpus": 2, "user": "bob"})");
    QCOMPARE(refused.status, 409);
    const QStringList why = refused.json[u"refused"_s].toVariant().toStringList();
    QVERIFY2(why.size() == 1 && why[0].startsWith(u"GPU 1: failing: XID 79"),
             qPrintable(why.join(u'\n')));

    // The webhook hears of it.
    QVERIFY2(waitFor(
                 [&] {
                     for (const QString& t : receiver.texts())
                         if (t.startsWith(u"GPU failing: ") && t.contains(u"GPU 1"))
                             return true;
                     return false;
                 },
                 20'000),
             qPrintable(receiver.texts().join(u'\n')));

    // An XID 13 of the process on GPU 0: told to its owner; the GPU stays ok.
    writeFile(agent.kernelLog(),
              kmsg(3, "NVRM: Xid (PCI:0000:19:00): 13, pid=" + pid +
                          ", name=sleep, Graphics SM Warp Exception on (GPC 0, TPC 1, SM 0)"),
              true);
    std::optional<PolicyEvent> xid13;
    QVERIFY2(waitFor(
                 [&] {
                     for (const PolicyEvent& e : agent.events(net))
                         if (e.kind == PolicyEventKind::Xid)
                             xid13 = e;
                     return xid13.has_value();
                 },
                 20'000),
             "no xid event");
    QCOMPARE(xid13->xid, 13);
    QCOMPARE(xid13->pid, child.processId());
    QCOMPARE(xid13->gpuIndex, 0);
    QVERIFY(!xid13->user.isEmpty());
    QVERIFY2(waitFor(
                 [&] {
                     for (const QString& t : receiver.texts())
                         if (t.startsWith(u"XID 13") && t.contains(QString::fromLatin1(pid)))
                             return true;
                     return false;
                 },
                 20'000),
             qPrintable(receiver.texts().join(u'\n')));
    QTest::qWait(1500); // two more readings
    const QList<QJsonObject> run1 = agent.samples(net);
    int told79 = 0;
    for (const QJsonObject& s : run1)
        told79 += int(xidsOf(gpuOf(s, 1)).count(79));
    QCOMPARE(told79, 1);
    QCOMPARE(gpuOf(run1.last(), 0)[u"health"_s][u"state"_s].toString(), u"ok"_s);

    // /metrics: dcgm-exporter's names, the verdict, each owner's energy.
    const QByteArray metrics = agent.text(net, u"/metrics"_s);
    for (const QByteArray& line :
         {QByteArray("DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION{gpu=\"0\""),
          QByteArray("gpuwarden_gpu_health{gpu=\"1\""),
          QByteArray("gpuwarden_user_energy_joules_total{owner=\"(idle, unowned)\"}"),
          QByteArray(QByteArray("gpuwarden_user_energy_joules_total{owner=\"") +
                     xid13->user.toUtf8())})
        QVERIFY2(metrics.contains(line), line.constData());
    const auto valueOf = [&](const QByteArray& prefix) {
        for (const QByteArray& l : metrics.split('\n'))
            if (l.startsWith(prefix))
                return l.mid(l.lastIndexOf(' ') + 1);
        return QByteArray();
    };
    QCOMPARE(valueOf("gpuwarden_gpu_health{gpu=\"0\""), QByteArray("0"));
    QCOMPARE(valueOf("gpuwarden_gpu_health{gpu=\"1\""), QByteArray("2"));
    // The last XID of each GPU, held after its reading (dcgm-exporter's way).
    QCOMPARE(valueOf("DCGM_FI_DEV_XID_ERRORS{gpu=\"1\""), QByteArray("79"));
    QCOMPARE(valueOf("DCGM_FI_DEV_XID_ERRORS{gpu=\"0\""), QByteArray("13"));
    QVERIFY(valueOf("gpuwarden_user_energy_joules_total{owner=\"(idle, unowned)\"}").toDouble() >
            0);
    agent.stop();

    // Restarted: the GPU answers again, its counters went on (no reload).
    QVERIFY(agent.start(scenario({}, 900'000'000), receiver.port()));
    QList<QJsonObject> run2;
    QVERIFY(waitFor(
        [&] {
            run2 = agent.samples(net);
            return run2.size() >= run1.size() + 3;
        },
        20'000));
    const QList<QJsonObject> after = run2.mid(run1.size());
    for (const QJsonObject& s : after) {
        QCOMPARE(gpuOf(s, 1)[u"health"_s][u"state"_s].toString(), u"failing"_s);
        QVERIFY(xidsOf(gpuOf(s, 1)).isEmpty()); // told once, by the first run
        QVERIFY(gpuOf(s, 1)[u"error"_s].isNull());
    }
    agent.stop();
    child.kill();
    child.waitForFinished();
}

QTEST_MAIN(TestAgentHealth)
#include "tst_agenthealth.moc"
