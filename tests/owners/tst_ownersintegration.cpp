// Who owns a GPU process, through the real parts (issue 25's acceptance):
// the real gpuwarden-agent with the fake libnvidia-ml listing the host pid of
// a real Podman container run as root with the label gpuwarden.user=alice;
// the agent asks Podman's real Docker-compatible service for the container's
// names. Its readings name alice as the owner (never root), /metrics carries
// the container and owner labels, and the token books charge alice for the
// hour that closed under libfaketime. A real Slurm job of gwbob on account
// vision: the agent asks scontrol, and gpuwarden-cli's report by account read
// from the agent puts it under vision, and the books' steps end it with
// scancel. A fake kubelet (a real gRPC server) has a pod hold a GPU with no
// process: the agent's readings show it held. About 30 s; the Podman and
// Slurm parts skipped where they cannot run here.
#include "agentcall.h"
#include "fakekubelet.h"
#include "freeport.h"
#include "podmanbox.h"
#include "slurmnode.h"

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
#include <QTemporaryDir>
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

using gw::test::tokenHash;

// The agent's reply, its JSON read once.
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
    const gw::test::AgentReply r = gw::test::callAgent(nam, port, path, token, method, body);
    return {r.status, r.body, r.json()};
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

// The real agent on the fake NVML listing `pid` (none: 0) on one A100 at 97 %, with
// `runtimes` for its [runtimes] table and `env` for Slurm's SLURM_CONF and
// libfaketime.
struct Agent
{
    QProcess process;
    quint16 port = 0;

    bool start(const QString& dir, qint64 pid, const QByteArray& runtimes, const QByteArray& policy,
               QProcessEnvironment env)
    {
        const QString scenario = dir + u"/owners.scenario"_s;
        writeFile(scenario,
                  "gpu 0 name=\"NVIDIA A100-SXM4-80GB\" "
                  "uuid=GPU-1d1e0000-0000-4000-8000-000000000001 util=97 memutil=40 "
                  "memused=20GiB memtotal=80GiB temp=60 power=300000 "
                  "powerlimit=400000\n" +
                      (pid > 0 ? "proc 0 compute pid=" + QByteArray::number(pid) + " mem=16GiB\n"
                               : QByteArray()));
        writeFile(dir + u"/policy.toml"_s, policy);
        const QString config = dir + u"/agent.toml"_s;
        writeFile(config, "[agent]\ninterval_ms = 250\nbackend = \"nvml\"\nhistory = \"" +
                              (dir + u"/history.sqlite"_s).toUtf8() + "\"\n[journal]\npath = \"" +
                              (dir + u"/journal.sqlite"_s).toUtf8() + "\"\n[policy]\npath = \"" +
                              (dir + u"/policy.toml"_s).toUtf8() + "\"\n[runtimes]\n" + runtimes +
                              "[[token]]\nname = \"reader\"\nsha256 = \"" + tokenHash(kRead) +
                              "\"\nscope = \"read\"\n[[token]]\nname = \"boss\"\nsha256 = \"" +
                              tokenHash(kAdmin) + "\"\nscope = \"admin\"\n");
        env.insert(u"LD_LIBRARY_PATH"_s, QStringLiteral(GW_FAKE_NVML_DIR));
        env.insert(u"GW_FAKE_NVML_SCENARIO"_s, scenario);
        process.setProcessEnvironment(env);
        process.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        port = gw::test::freePort();
        process.start(QStringLiteral(GW_AGENT),
                      {u"--config"_s, config, u"--port"_s, QString::number(port)});
        return process.waitForReadyRead(10'000) && process.readLine().startsWith("listening on");
    }

    ~Agent()
    {
        process.terminate();
        if (!process.waitForFinished(5000))
            process.kill();
    }
};

// The agent's one process, once its owner is `owner` decided `because`
// (within 10 s): the first readings may show the workload itself or the host
// user, before its runtime answered, but never root.
QJsonObject processOwnedBy(QNetworkAccessManager& nam, quint16 port, const QString& owner,
                           const QString& because)
{
    QJsonObject process;
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < 10'000) {
        const Reply r = call(nam, port, u"/v1/processes"_s);
        if (r.status == 200) {
            const QJsonArray list = r.json[u"processes"_s].toArray();
            process = list.isEmpty() ? QJsonObject() : list[0].toObject();
            const QString now = process[u"owner"_s][u"user"_s].toString();
            if (now == u"root"_s)
                return process; // the caller's comparison says what is wrong
            if (now == owner && process[u"owner"_s][u"because"_s].toString() == because)
                break;
        }
        QTest::qWait(100);
    }
    return process;
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

        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
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
        Agent agent;
        QVERIFY(agent.start(
            podman.path({}), pid,
            "docker_socket = \"\"\nscontrol = \"\"\npodman_socket = \"" + sock.toUtf8() + "\"\n",
            "[hog]\nthreshold_percent = 90\nduration = \"2s\"\n[tokens]\n"
            "initial = 100\nmonthly = 0\ndaily = 0\ndefault_price = 3600\n"
            "time_zone = \"UTC\"\nkill_grace = \"1s\"\n[idle]\nkill_grace = \"1s\"\n",
            env));
        const quint16 port = agent.port;
        QNetworkAccessManager nam;
        const QJsonObject process = processOwnedBy(
            nam, port, u"alice"_s, u"label gpuwarden.user of container %1"_s.arg(name));
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
        QElapsedTimer t;
        t.start();
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

        // The hog (97 % for over 2 s) is alice's, naming her container.
        QJsonObject hog;
        t.restart();
        while (hog.isEmpty() && t.elapsed() < 10'000) {
            const Reply r = call(nam, port, u"/v1/events?after=0"_s);
            QCOMPARE(r.status, 200);
            for (const QJsonValue& v : r.json[u"events"_s].toArray()) {
                const QJsonObject e = v[u"event"_s].toObject();
                if (e[u"kind"_s].toString() == u"hog"_s)
                    hog = e;
            }
            if (hog.isEmpty())
                QTest::qWait(250);
        }
        QVERIFY2(!hog.isEmpty(), "no hog event");
        QCOMPARE(hog[u"user"_s].toString(), u"alice"_s);
        QVERIFY2(QJsonDocument(hog).toJson().contains(name.toUtf8()),
                 QJsonDocument(hog).toJson().constData());

        // Stopping it: a dry run first (nothing happens), then the call
        // through Podman's Engine API; both audited, the container gone
        // (its sleep, PID 1 there, ignores SIGTERM: Podman's SIGKILL after
        // the 1 s grace ends it).
        const QByteArray start = QByteArray::number(process[u"start_time_ms"_s].toInteger());
        const QString route = u"/v1/processes/%1/signal"_s.arg(pid);
        const Reply dry = call(nam, port, route, kAdmin, "POST",
                               R"({"action":"terminate","start_time_ms":)" + start +
                                   R"(,"reason":"hog in test","dry_run":true})");
        QVERIFY2(dry.status == 200, dry.body.constData());
        QCOMPARE(dry.json[u"outcome"_s].toString(), u"would"_s);
        QVERIFY2(dry.json[u"detail"_s].toString().contains(name), dry.body.constData());
        QCOMPARE(podman.hostPid(name), pid); // still running
        const Reply stop = call(nam, port, route, kAdmin, "POST",
                                R"({"action":"terminate","start_time_ms":)" + start +
                                    R"(,"reason":"hog in test","dry_run":false})");
        QVERIFY2(stop.status == 200 || stop.status == 202, stop.body.constData());
        t.restart();
        while (podman.hostPid(name) != 0 && t.elapsed() < 20'000)
            QTest::qWait(250);
        QCOMPARE(podman.hostPid(name), 0); // stopped: no process
        QJsonArray audit;
        t.restart();
        while (audit.size() < 2 && t.elapsed() < 10'000) {
            audit = call(nam, port, u"/v1/audit?after=0"_s).json[u"audit"_s].toArray();
            QTest::qWait(100);
        }
        QVERIFY2(audit.size() >= 2, QJsonDocument(audit).toJson().constData());
        QCOMPARE(audit.first()[u"outcome"_s].toString(), u"would"_s);
        const QString last = audit.last()[u"outcome"_s].toString();
        QVERIFY2(last == u"done"_s, QJsonDocument(audit).toJson().constData());
    }

    // A real Slurm job of gwbob on account vision: the agent asks scontrol
    // for the job of the pid's cgroup, and a report by account read from the
    // agent puts its GPU time under vision.
    void aSlurmJobIsItsUsersOnItsAccount()
    {
        if (const QString why = gw::test::SlurmNode::unavailable("gwbob"); !why.isEmpty())
            QSKIP(qPrintable(why));
        gw::test::SlurmNode slurm;
        if (!slurm.start())
            QSKIP(qPrintable(u"Slurm does not start here: "_s + slurm.error()));
        const QString job = slurm.submit(u"gwbob"_s, u"vision"_s, u"infer"_s);
        QVERIFY2(!job.isEmpty(), qPrintable(slurm.error()));
        // The job's sleep (its batch script's child).
        qint64 pid = 0;
        QElapsedTimer t;
        t.start();
        while (pid == 0 && t.elapsed() < 10'000) {
            for (const qint64 p : slurm.pids(job)) {
                QFile comm(u"/proc/%1/comm"_s.arg(p));
                if (comm.open(QIODevice::ReadOnly) && comm.readAll() == "sleep\n")
                    pid = p;
            }
            if (pid == 0)
                QTest::qWait(100);
        }
        QVERIFY2(pid > 0, "the job's sleep did not start");
        QTemporaryDir dir;
        Agent agent;
        QVERIFY(agent.start(dir.path(), pid,
                            "docker_socket = \"\"\npodman_socket = \"\"\nscontrol = \"scontrol\"\n",
                            "[hog]\nthreshold_percent = 90\nduration = \"1h\"\n[tokens]\n"
                            "enforce = \"auto\"\nstep_after = \"1s\"\nkill_grace = \"1s\"\n"
                            "demand_for = \"1m\"\n",
                            slurm.env()));
        QNetworkAccessManager nam;
        const QJsonObject process =
            processOwnedBy(nam, agent.port, u"gwbob"_s, u"Slurm job %1"_s.arg(job));
        QCOMPARE(process[u"owner"_s][u"user"_s].toString(), u"gwbob"_s);
        QCOMPARE(process[u"owner"_s][u"account"_s].toString(), u"vision"_s);
        QCOMPARE(process[u"owner"_s][u"because"_s].toString(), u"Slurm job %1"_s.arg(job));
        QCOMPARE(process[u"workload"_s][u"kind"_s].toString(), u"slurm"_s);
        QCOMPARE(process[u"workload"_s][u"id"_s].toString(), job);
        QCOMPARE(process[u"workload"_s][u"name"_s].toString(), u"infer"_s);
        QCOMPARE(process[u"workload"_s][u"partition"_s].toString(), u"debug"_s);

        // gpuwarden-cli's report by account, read from the agent.
        QTest::qWait(1500); // a few readings with the owner known
        QProcess cli;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(u"GPUWARDEN_TOKEN"_s, QString::fromLatin1(kRead));
        cli.setProcessEnvironment(env);
        cli.start(QStringLiteral(GW_CLI),
                  {u"report"_s, u"--source"_s, u"http://127.0.0.1:%1"_s.arg(agent.port),
                   u"--last"_s, u"1h"_s, u"--tz"_s, u"UTC"_s, u"--format"_s, u"csv"_s, u"--by"_s,
                   u"account"_s});
        QVERIFY(cli.waitForFinished(60'000));
        const QByteArray err = cli.readAllStandardError();
        QVERIFY2(cli.exitCode() == 0, err.constData());
        const QList<QByteArray> rows = cli.readAllStandardOutput().trimmed().split('\n');
        QVERIFY2(rows.size() >= 2, err.constData());
        bool vision = false;
        for (const QByteArray& row : rows)
            if (row.startsWith("vision,")) {
                vision = true;
                // account,gpu_hours,share_percent,users,energy_kwh,…: the
                // job's GPU drew energy, the account's (estimated: the fake
                // driver has no counter here).
                const QList<QByteArray> cells = row.trimmed().split(',');
                QVERIFY2(cells.value(3) == "gwbob", row.constData());
                QVERIFY2(cells.value(1).toDouble() > 0, row.constData());
                QVERIFY2(cells.value(4).toDouble() > 0 && cells.value(4) == cells.value(5),
                         row.constData());
            }
        QVERIFY2(vision, QByteArray(rows.join('\n') + '\n' + err).constData());

        // The books say gwbob is 5 tokens short and GPUs are in demand: the
        // policy's steps end the job with scancel, audited.
        const Reply adjusted =
            call(nam, agent.port, u"/v1/ledger"_s, kAdmin, "POST",
                 R"({"user":"gwbob","amount":-135,"reason":"test: over budget"})");
        QVERIFY2(adjusted.status == 201, adjusted.body.constData());
        QCOMPARE(call(nam, agent.port, u"/v1/allocate"_s, kAdmin, "POST",
                      R"({"user":"carol","gpus":1,"min_free_mib":1000000})")
                     .status,
                 409);
        t.restart();
        const auto ended = [&] {
            const QString state = slurm.state(job);
            return state.isEmpty() || state.startsWith(u"CANCELLED"_s);
        };
        while (!ended() && t.elapsed() < 30'000)
            QTest::qWait(250);
        QVERIFY2(ended(), qPrintable(slurm.state(job)));
        const QJsonArray audit =
            call(nam, agent.port, u"/v1/audit?after=0"_s).json[u"audit"_s].toArray();
        bool cancelled = false;
        for (const QJsonValue& a : audit)
            // The terminate step of a job's process is its job's cancel.
            if (a[u"action"_s].toString() == u"stop"_s && a[u"outcome"_s].toString() == u"done"_s) {
                cancelled = true;
                QCOMPARE(a[u"user"_s].toString(), u"gwbob"_s);
                QVERIFY2(a[u"detail"_s].toString().contains(u"scancel"_s) ||
                             a[u"detail"_s].toString().contains(u"job %1"_s.arg(job)),
                         qPrintable(a[u"detail"_s].toString()));
            }
        QVERIFY2(cancelled, QJsonDocument(audit).toJson().constData());
    }

    // A fake kubelet (a real gRPC server of the pod-resources API) says pod
    // vision/idle-0 holds the GPU, which runs no process: the agent's
    // readings show the GPU held by that pod, owned by the namespace rule's
    // person: the cluster's idle-held GPU.
    void aPodHoldingAGpuWithNoProcessIsHeld()
    {
        QTemporaryDir dir;
        gw::test::FakeKubeletServer kubelet(dir.filePath(u"kubelet.sock"_s));
        v1::ListPodResourcesResponse pods;
        gw::test::addKubeletPod(pods, "vision", "idle-0", "notebook", "nvidia.com/gpu",
                                {u"GPU-1d1e0000-0000-4000-8000-000000000001"_s});
        kubelet.service.setPods(pods);
        QVERIFY(kubelet.start());
        Agent agent;
        QVERIFY(agent.start(
            dir.path(), 0,
            "docker_socket = \"\"\npodman_socket = \"\"\nscontrol = \"\"\n"
            "kubelet_socket = \"" +
                kubelet.path.toUtf8() + "\"\n",
            "[owners.namespaces]\nvision = { user = \"alice\", account = \"vision\" }\n",
            QProcessEnvironment::systemEnvironment()));
        QNetworkAccessManager nam;
        QJsonObject gpu;
        QElapsedTimer t;
        t.start();
        while (t.elapsed() < 15'000) {
            const Reply r = call(nam, agent.port, u"/v1/snapshot"_s);
            if (r.status == 200) {
                gpu = r.json[u"gpus"_s].toArray().first().toObject();
                if (gpu[u"holder"_s].isObject())
                    break;
            }
            QTest::qWait(100);
        }
        const QJsonObject holder = gpu[u"holder"_s].toObject();
        QVERIFY2(!holder.isEmpty(), QJsonDocument(gpu).toJson().constData());
        QCOMPARE(holder[u"kind"_s].toString(), u"kubernetes"_s);
        QCOMPARE(holder[u"name"_s].toString(), u"idle-0"_s);
        QCOMPARE(holder[u"namespace"_s].toString(), u"vision"_s);
        QCOMPARE(holder[u"container"_s].toString(), u"notebook"_s);
        QCOMPARE(gpu[u"holder_owner"_s][u"user"_s].toString(), u"alice"_s);
        QCOMPARE(gpu[u"holder_owner"_s][u"account"_s].toString(), u"vision"_s);
        QVERIFY(call(nam, agent.port, u"/v1/processes"_s).json[u"processes"_s].toArray().isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestOwnersIntegration)
#include "tst_ownersintegration.moc"
