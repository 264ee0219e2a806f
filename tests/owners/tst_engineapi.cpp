// Container names from the Docker Engine API over its Unix socket: replies
// read from bytes (Content-Length, chunked, cut short), the real Podman
// inspect reply of the fixtures, a fake daemon on a Unix socket for what
// Podman does not show (Docker's chunked replies, errors, a daemon that
// stalls), and a real Podman container through Podman's own service where
// this machine can run one.
#include "owners/engineapi.h"
#include "ownertests.h"

#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using namespace gw::owners;
using namespace Qt::StringLiterals;

namespace {

QByteArray fixture(const QString& name)
{
    return gw::test::ownerFixture(u"podman/"_s + name);
}

QByteArray chunked(const QByteArray& body, int piece)
{
    QByteArray out;
    for (qsizetype at = 0; at < body.size(); at += piece) {
        const QByteArray part = body.mid(at, piece);
        out += QByteArray::number(part.size(), 16) + "\r\n" + part + "\r\n";
    }
    return out + "0\r\n\r\n";
}

using FakeDaemon = gw::test::FakeEngine;

struct Outcome
{
    bool called = false;
    std::optional<ContainerFacts> facts;
    QString error;
    bool gone = false;
};

Outcome inspect(EngineClient& client, const QString& id)
{
    Outcome o;
    client.inspect(id, [&o](std::optional<ContainerFacts> f, QString e, bool gone) {
        o.called = true;
        o.facts = std::move(f);
        o.error = std::move(e);
        o.gone = gone;
    });
    QElapsedTimer clock;
    clock.start();
    while (!o.called && clock.elapsed() < 20000)
        QTest::qWait(10);
    if (!o.called)
        o.error = u"the test: no answer in 20 s"_s;
    return o;
}

StopResult stop(EngineClient& client, const QString& id, int seconds)
{
    std::optional<StopResult> out;
    client.stop(id, seconds, [&out](StopResult r) { out = std::move(r); });
    QElapsedTimer clock;
    clock.start();
    while (!out && clock.elapsed() < 30000)
        QTest::qWait(10);
    return out.value_or(StopResult{StopResult::Status::Failed, u"the test: no answer in 30 s"_s});
}

QByteArray status(const QByteArray& line, const QByteArray& body = {})
{
    return "HTTP/1.1 " + line +
           "\r\nApi-Version: 1.41\r\nContent-Length: " + QByteArray::number(body.size()) +
           "\r\n\r\n" + body;
}

} // namespace

class TestEngineApi : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_podmanError;
    QString socketPath() const { return m_dir.filePath(u"docker.sock"_s); }

private Q_SLOTS:
    void repliesAreReadFromTheirFraming()
    {
        QString error;
        auto r = parseHttpReply("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}extra", &error);
        QVERIFY2(r, qPrintable(error));
        QCOMPARE(r->status, 200);
        QCOMPARE(r->body, QByteArray("{}"));
        r = parseHttpReply("HTTP/1.1 200 OK\r\ntransfer-encoding: Chunked\r\n\r\n" +
                               chunked("{\"Id\":\"x\"}", 3),
                           &error);
        QVERIFY2(r, qPrintable(error));
        QCOMPARE(r->body, QByteArray("{\"Id\":\"x\"}"));
        r = parseHttpReply("HTTP/1.0 404 Not Found\r\n\r\n{\"message\":\"gone\"}", &error);
        QVERIFY2(r, qPrintable(error));
        QCOMPARE(r->status, 404);
        QCOMPARE(r->body, QByteArray("{\"message\":\"gone\"}"));
    }

    void brokenRepliesSayWhatIsWrong_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("expected");
        QTest::newRow("nothing") << QByteArray() << u"no reply"_s;
        QTest::newRow("cut in the head") << QByteArray("HTTP/1.1 200 OK\r\nContent-")
                                         << u"the reply ends before its headers do"_s;
        QTest::newRow("not http") << QByteArray("SSH-2.0-OpenSSH\r\n\r\n")
                                  << u"not an HTTP reply: \"SSH-2.0-OpenSSH\""_s;
        QTest::newRow("cut body") << QByteArray("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n{}")
                                  << u"the reply ends after 2 of its 10 bytes"_s;
        QTest::newRow("too long a length")
            << QByteArray("HTTP/1.1 200 OK\r\nContent-Length: 99999999999\r\n\r\n")
            << u"the reply is over 1048576 bytes"_s;
        QTest::newRow("bad length") << QByteArray("HTTP/1.1 200 OK\r\nContent-Length: -4\r\n\r\n")
                                    << u"the reply's Content-Length is not a size: \"-4\""_s;
        QTest::newRow("cut chunk")
            << QByteArray("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n10\r\nabc")
            << u"the reply ends inside its chunked body"_s;
        QTest::newRow("bad chunk size")
            << QByteArray("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n")
            << u"a chunk size of the reply is not a hex number: \"zz\""_s;
    }
    void brokenRepliesSayWhatIsWrong()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, expected);
        QString error;
        QVERIFY(!parseHttpReply(bytes, &error));
        QCOMPARE(error, expected);
    }

    void theRealPodmanInspectReads()
    {
        QString error;
        const auto f = parseContainerJson(fixture(u"container-job1.json"_s), &error);
        QVERIFY2(f, qPrintable(error));
        QCOMPARE(f->name, u"job1"_s);
        QCOMPARE(f->id, u"561bb04bdcbb06efbd7936e1ad3f0530ac58c8f324e507878d81c8455bdc21b9"_s);
        QCOMPARE(f->image, u"localhost/gw-test:1"_s);
        QCOMPARE(f->labels.value(u"gpuwarden.user"_s), u"alice"_s);
        QCOMPARE(f->user, QString());
        QCOMPARE(f->pid, 29745);
        QVERIFY(f->running);
    }

    void inspectBodiesThatAreNotContainersAreRefused()
    {
        QString error;
        QVERIFY(!parseContainerJson("[]", &error));
        QCOMPARE(error, u"the container's JSON is not an object"_s);
        QVERIFY(!parseContainerJson("{\"Name\":\"/x\"}", &error));
        QCOMPARE(error, u"the container's JSON has no Id"_s);
        QVERIFY(!parseContainerJson("{\"Id\":\"a\",\"Config\":{\"Labels\":{\"k\":1}}}", &error));
        QCOMPARE(error, u"the container's label \"k\" is not a string"_s);
        QVERIFY(!parseContainerJson("{\"Id\":", &error));
        QVERIFY(error.startsWith(u"the container's JSON is malformed at offset"_s));
    }

    void aFakeDockerAnswersChunkedAndThe404IsGone()
    {
        FakeDaemon daemon(socketPath());
        const QByteArray body = fixture(u"container-job1.json"_s);
        daemon.reply = "HTTP/1.1 200 OK\r\nApi-Version: 1.41\r\nContent-Type: application/json\r\n"
                       "Transfer-Encoding: chunked\r\n\r\n" +
                       chunked(body, 1000);
        EngineClient client(socketPath());
        Outcome o = inspect(client, u"561bb04bdcbb"_s);
        QVERIFY2(o.facts, qPrintable(o.error));
        QCOMPARE(o.facts->labels.value(u"gpuwarden.user"_s), u"alice"_s);
        QVERIFY(
            daemon.lastRequest.startsWith("GET /v1.41/containers/561bb04bdcbb/json HTTP/1.1\r\n"));
        daemon.reply = "HTTP/1.1 404 Not Found\r\nContent-Length: " +
                       QByteArray::number(fixture(u"container-missing.json"_s).size()) +
                       "\r\n\r\n" + fixture(u"container-missing.json"_s);
        o = inspect(client, u"nosuch"_s);
        QVERIFY(!o.facts);
        QVERIFY(o.gone);
        QCOMPARE(o.error, u"no such container"_s);
    }

    void aDaemonErrorIsSaidWithItsMessage()
    {
        FakeDaemon daemon(socketPath());
        daemon.reply = "HTTP/1.1 500 Internal Server Error\r\nContent-Length: 27\r\n\r\n"
                       "{\"message\":\"storage full\"}\n";
        EngineClient client(socketPath());
        const Outcome o = inspect(client, u"abc"_s);
        QVERIFY(!o.facts);
        QVERIFY(!o.gone);
        QCOMPARE(o.error, socketPath() + u": HTTP 500: storage full"_s);
    }

    void aStalledDaemonTimesOut()
    {
        FakeDaemon daemon(socketPath());
        daemon.stall = true;
        EngineClient client(socketPath());
        client.setTimeoutMs(300);
        QElapsedTimer clock;
        clock.start();
        const Outcome o = inspect(client, u"abc"_s);
        QVERIFY(!o.facts);
        QCOMPARE(o.error, socketPath() + u": no answer within 300 ms"_s);
        QVERIFY2(clock.elapsed() < 2000, qPrintable(QString::number(clock.elapsed())));
    }

    void noDaemonIsAnErrorNamingTheSocket()
    {
        EngineClient client(m_dir.filePath(u"none.sock"_s));
        const Outcome o = inspect(client, u"abc"_s);
        QVERIFY(!o.facts);
        QCOMPARE(o.error,
                 m_dir.filePath(u"none.sock"_s) + u": no such socket (is the daemon running?)"_s);
    }

    // POST /containers/{id}/stop: each status the Engine API documents.
    void stopSaysStoppedAlreadyStoppedGoneOrTheDaemonsMessage_data()
    {
        QTest::addColumn<QByteArray>("reply");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("error");
        QTest::newRow("204") << status("204 No Content") << int(StopResult::Status::Stopped)
                             << QString();
        QTest::newRow("304") << status("304 Not Modified")
                             << int(StopResult::Status::AlreadyStopped) << QString();
        QTest::newRow("404") << status("404 Not Found", "{\"message\":\"No such container: abc\"}")
                             << int(StopResult::Status::Gone) << u"no such container"_s;
        QTest::newRow("500") << status("500 Internal Server Error",
                                       "{\"message\":\"cannot stop container: permission "
                                       "denied\"}")
                             << int(StopResult::Status::Failed)
                             << u"HTTP 500: cannot stop container: permission denied"_s;
        QTest::newRow("200 is not a stop's answer")
            << status("200 OK", "{}") << int(StopResult::Status::Failed) << u"HTTP 200: "_s;
        QTest::newRow("not HTTP") << QByteArray("garbage\r\n\r\n")
                                  << int(StopResult::Status::Failed)
                                  << u"not an HTTP reply: \"garbage\""_s;
    }

    void stopSaysStoppedAlreadyStoppedGoneOrTheDaemonsMessage()
    {
        QFETCH(QByteArray, reply);
        QFETCH(int, status);
        QFETCH(QString, error);
        FakeDaemon daemon(socketPath());
        daemon.reply = reply;
        EngineClient client(socketPath());
        const StopResult r = stop(client, u"abc"_s, 7);
        QCOMPARE(int(r.status), status);
        if (status == int(StopResult::Status::Failed))
            QCOMPARE(r.error, socketPath() + u": "_s + error);
        else
            QCOMPARE(r.error, error);
        QVERIFY2(daemon.lastRequest.startsWith("POST /v1.41/containers/abc/stop?t=7 HTTP/1.1\r\n"),
                 daemon.lastRequest.constData());
        QVERIFY(daemon.lastRequest.contains("\r\nContent-Length: 0\r\n"));
    }

    // The daemon answers a stop once the container has stopped, up to its
    // grace later: that is waited for, and no more.
    void aStopWaitsForItsGraceAndTimesOutPastIt()
    {
        FakeDaemon daemon(socketPath());
        daemon.reply = status("204 No Content");
        daemon.delayMs = 800;
        EngineClient client(socketPath());
        client.setTimeoutMs(300);
        StopResult r = stop(client, u"abc"_s, 1);
        QCOMPARE(int(r.status), int(StopResult::Status::Stopped));
        QElapsedTimer clock;
        clock.start();
        r = stop(client, u"abc"_s, 0);
        QCOMPARE(int(r.status), int(StopResult::Status::Failed));
        QCOMPARE(r.error, socketPath() + u": no answer within 300 ms"_s);
        QVERIFY2(clock.elapsed() < 750, qPrintable(QString::number(clock.elapsed())));
        daemon.stall = true;
        clock.restart();
        r = stop(client, u"abc"_s, 1);
        QCOMPARE(r.error, socketPath() + u": no answer within 1300 ms"_s);
        QVERIFY2(clock.elapsed() >= 1250 && clock.elapsed() < 3000,
                 qPrintable(QString::number(clock.elapsed())));
    }

    void aStopOfAnIdIsEncodedAndNoDaemonIsAnError()
    {
        FakeDaemon daemon(socketPath());
        daemon.reply = status("204 No Content");
        EngineClient client(socketPath());
        QCOMPARE(int(stop(client, u"a/b c"_s, 2).status), int(StopResult::Status::Stopped));
        QVERIFY(daemon.lastRequest.startsWith("POST /v1.41/containers/a%2Fb%20c/stop?t=2 "));
        EngineClient none(m_dir.filePath(u"none.sock"_s));
        const StopResult r = stop(none, u"abc"_s, 2);
        QCOMPARE(int(r.status), int(StopResult::Status::Failed));
        QCOMPARE(r.error,
                 m_dir.filePath(u"none.sock"_s) + u": no such socket (is the daemon running?)"_s);
    }

    // The real thing: Podman's Docker-compatible service over its socket,
    // a real container labelled for alice (../shared/reference/real-components.md).
    void aRealPodmanContainerIsNamed()
    {
        const QString podman = QStandardPaths::findExecutable(u"podman"_s);
        if (podman.isEmpty() || ::geteuid() != 0 ||
            QStandardPaths::findExecutable(u"runc"_s).isEmpty() ||
            !QFile::exists(u"/bin/busybox"_s))
            QSKIP(
                "needs root, podman, runc and busybox-static (.ci/install-deps.sh installs them)");
        QTemporaryDir work;
        const auto run = [&](const QStringList& args, QByteArray* out = nullptr) {
            QProcess p;
            p.setWorkingDirectory(work.path());
            p.start(podman,
                    QStringList{u"--runtime"_s, u"runc"_s, u"--cgroup-manager"_s, u"cgroupfs"_s} +
                        args);
            p.waitForFinished(60000);
            if (out)
                *out = p.readAllStandardOutput().trimmed();
            m_podmanError = QString::fromLocal8Bit(p.readAllStandardError().trimmed().right(300));
            return p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
        };
        // The image: busybox as its root filesystem, imported offline.
        QDir(work.path()).mkpath(u"root/bin"_s);
        QVERIFY(QFile::copy(u"/bin/busybox"_s, work.filePath(u"root/bin/busybox"_s)));
        QVERIFY(QFile::link(u"busybox"_s, work.filePath(u"root/bin/sleep"_s)));
        QVERIFY(QProcess::execute(u"tar"_s, {u"-C"_s, work.filePath(u"root"_s), u"-cf"_s,
                                             work.filePath(u"bb.tar"_s), u"."_s}) == 0);
        // Podman itself failing here (its storage, its runtime) is this
        // machine's, not the client's: said as a skip with Podman's words.
        if (!run({u"import"_s, work.filePath(u"bb.tar"_s), u"localhost/gw-test:1"_s}))
            QSKIP(qPrintable(u"podman cannot import an image here: "_s + m_podmanError));
        const QString name = u"gw-engineapi-%1"_s.arg(QCoreApplication::applicationPid());
        QByteArray id;
        if (!run({u"run"_s, u"-d"_s, u"--name"_s, name, u"--ulimit"_s, u"nofile=1024:1024"_s,
                  u"--ulimit"_s, u"nproc=1024:1024"_s, u"--label"_s, u"gpuwarden.user=alice"_s,
                  u"localhost/gw-test:1"_s, u"/bin/sleep"_s, u"600"_s},
                 &id))
            QSKIP(qPrintable(u"podman cannot run a container here: "_s + m_podmanError));
        auto removeContainer = qScopeGuard([&] { run({u"rm"_s, u"-f"_s, u"-t"_s, u"0"_s, name}); });
        const QString sock = work.filePath(u"podman.sock"_s);
        QProcess service;
        service.start(podman, {u"--runtime"_s, u"runc"_s, u"--cgroup-manager"_s, u"cgroupfs"_s,
                               u"system"_s, u"service"_s, u"--time=0"_s, u"unix://"_s + sock});
        QVERIFY(service.waitForStarted());
        auto stopService = qScopeGuard([&] {
            service.terminate();
            if (!service.waitForFinished(5000))
                service.kill();
        });
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(sock), 10000);
        EngineClient client(sock);
        client.setTimeoutMs(10000);
        const Outcome o = inspect(client, QString::fromLatin1(id));
        QVERIFY2(o.facts, qPrintable(o.error));
        QCOMPARE(o.facts->id, QString::fromLatin1(id));
        QCOMPARE(o.facts->name, name);
        QCOMPARE(o.facts->labels.value(u"gpuwarden.user"_s), u"alice"_s);
        QVERIFY(o.facts->running);
        QVERIFY(o.facts->pid > 0);
        const Outcome gone = inspect(client, u"gw-no-such-container"_s);
        QVERIFY(gone.gone);

        // Stopped through the Engine API: 204, the container no longer
        // running; again: 304; an unknown one: 404.
        QElapsedTimer clock;
        clock.start();
        StopResult r = stop(client, QString::fromLatin1(id), 2);
        QVERIFY2(r.status == StopResult::Status::Stopped, qPrintable(r.error));
        qInfo("the real stop took %lld ms", qint64(clock.elapsed()));
        const Outcome after = inspect(client, QString::fromLatin1(id));
        QVERIFY2(after.facts, qPrintable(after.error));
        QVERIFY(!after.facts->running);
        QCOMPARE(after.facts->pid, 0);
        r = stop(client, QString::fromLatin1(id), 5);
        QVERIFY2(r.status == StopResult::Status::AlreadyStopped, qPrintable(r.error));
        r = stop(client, u"gw-no-such-container"_s, 5);
        QCOMPARE(int(r.status), int(StopResult::Status::Gone));
    }
};

QTEST_GUILESS_MAIN(TestEngineApi)
#include "tst_engineapi.moc"
