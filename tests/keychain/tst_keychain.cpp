// Agent tokens in the OS keychain: SecretStore against a real gnome-keyring
// on a private session bus, and gpuwarden-cli (the real binary) reading its
// token from there against a real agent; then the ways the keychain fails
// (no Secret Service, one that answers too late).
#include "agent/agentconfig.h"
#include "agent/agentserver.h"
#include "privatebus.h"
#include "remote/secretstore.h"
#include "sources/demoworld.h"

#include <qt6keychain/keychain.h>

#include <QDBusConnection>
#include <QDBusConnectionInterface>
#include <QDBusMessage>
#include <QDBusVirtualObject>
#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QScopeGuard>
#include <QStandardPaths>
#include <QTest>
#include <QThread>
#include <QTimer>

#include <algorithm>
#include <cstring>

#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

using namespace gw;

namespace {

constexpr qint64 kT = 1795305600000 + 12 * 3'600'000;

struct Run
{
    int exitCode = -1; // -1: crashed or killed
    qint64 elapsedMs = 0;
    QByteArray out;
    QByteArray err;
};

// A child that may talk to an agent living in this thread: the event loop
// keeps turning while it runs. Killed (and reported as -1) past the limit.
Run run(const QString& program, const QStringList& args, const QProcessEnvironment& env,
        const QByteArray& input = {}, int limitMs = 20000)
{
    QProcess p;
    p.setProcessEnvironment(env);
    QElapsedTimer clock;
    clock.start();
    p.start(program, args);
    Run r;
    if (!p.waitForStarted(5000))
        return r;
    p.write(input);
    p.closeWriteChannel();
    while (p.state() != QProcess::NotRunning && clock.elapsed() < limitMs)
        QTest::qWait(20);
    r.elapsedMs = clock.elapsed();
    if (p.state() != QProcess::NotRunning) {
        p.kill();
        p.waitForFinished();
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

Run cli(const QStringList& args, const QProcessEnvironment& env, const QByteArray& input = {})
{
    return run(QStringLiteral(GW_CLI), args, env, input);
}

// A Secret Service that takes every call and answers none of them until
// told: what a stuck gnome-keyring, or one waiting on an unseen unlock
// prompt, looks like from the client.
class SilentSecretService final : public QDBusVirtualObject
{
public:
    QString introspect(const QString&) const override { return {}; }
    bool handleMessage(const QDBusMessage& message, const QDBusConnection& bus) override
    {
        if (m_answering)
            bus.send(refusal(message));
        else
            m_held.append(message);
        return true;
    }
    qsizetype held() const { return m_held.size(); }
    // From now on, every call (held or new) gets an error at once.
    void startAnswering(QDBusConnection bus)
    {
        m_answering = true;
        for (const QDBusMessage& m : std::as_const(m_held))
            bus.send(refusal(m));
        m_held.clear();
    }

private:
    static QDBusMessage refusal(const QDBusMessage& m)
    {
        return m.createErrorReply(QDBusError::Failed, QStringLiteral("too late"));
    }
    QList<QDBusMessage> m_held;
    bool m_answering = false;
};

// A Unix socket file nobody listens on: a session bus that died.
QString deadSocket(const QString& path)
{
    const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
    sockaddr_un addr{};
    addr.sun_family = AF_UNIX;
    const QByteArray p = QFile::encodeName(path);
    std::memcpy(addr.sun_path, p.constData(), size_t(qMin(p.size(), qsizetype(107))));
    ::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr);
    ::close(fd);
    return QStringLiteral("unix:path=") + path;
}

} // namespace

class TestKeychain : public QObject
{
    Q_OBJECT

    test::PrivateBus m_keyring;
    QList<qint64> m_daemonPids;

    // The agent the CLI talks to: one read token, "agent-secret".
    std::unique_ptr<AgentServer> m_agent;
    QString m_agentUrl;

    QStringList snapshotArgs(const QString& url) const
    {
        return {QStringLiteral("snapshot"), QStringLiteral("--json"), QStringLiteral("--source"),
                url};
    }
    static QString server(const Run& r)
    {
        return QJsonDocument::fromJson(r.out).object()[QStringLiteral("server")].toString();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY2(m_keyring.start(true), qPrintable(m_keyring.error()));
        m_daemonPids = m_keyring.pids();
        QCOMPARE(m_daemonPids.size(), 2);
        // This process talks to the private keyring too (libsecret reads the
        // address on first use, which is after this).
        for (const char* var : {"XDG_CURRENT_DESKTOP", "DESKTOP_SESSION", "KDE_FULL_SESSION",
                                "KDE_SESSION_VERSION", "GNOME_DESKTOP_SESSION_ID"})
            qunsetenv(var);
        qputenv("DBUS_SESSION_BUS_ADDRESS", m_keyring.address().toUtf8());

        AgentConfig c;
        c.port = 0;
        c.tokens = {{QStringLiteral("ci"), sha256("agent-secret"), TokenScope::Read}};
        m_agent = std::make_unique<AgentServer>(c);
        QString error;
        QVERIFY2(m_agent->listen(&error), qPrintable(error));
        m_agent->publish(DemoWorld().serverAt(2, kT));
        m_agentUrl = QStringLiteral("http://127.0.0.1:%1").arg(m_agent->port());
    }

    void cleanupTestCase()
    {
        m_agent.reset();
        m_keyring.stop();
        // No daemon outlives the test: each was reaped, none left in /proc.
        for (const qint64 pid : std::as_const(m_daemonPids))
            QVERIFY2(!QFile::exists(QStringLiteral("/proc/%1").arg(pid)),
                     qPrintable(QStringLiteral("daemon %1 still running").arg(pid)));
    }

    void tokenKeyIsTheNormalisedUrl_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<QString>("key");
        const auto row = [](const char* name, const char* url, const char* key) {
            QTest::newRow(name) << QString::fromUtf8(url) << QString::fromUtf8(key);
        };
        row("port filled in, http", "http://gpu-01", "agent-token:http://gpu-01:80");
        row("port filled in, https", "https://gpu-01/", "agent-token:https://gpu-01:443");
        row("explicit default port kept", "http://gpu-01:80/", "agent-token:http://gpu-01:80");
        row("scheme and host lower-case", "HTTP://GPU-01.Example.ORG:9807",
            "agent-token:http://gpu-01.example.org:9807");
        row("path kept, trailing slashes dropped", "https://proxy/warden/gpu-01//",
            "agent-token:https://proxy:443/warden/gpu-01");
        row("path case kept", "http://proxy/Warden", "agent-token:http://proxy:80/Warden");
        row("user info, query and fragment dropped",
            "https://admin:hunter2@gpu-01:9443/w/?after=5#top",
            "agent-token:https://gpu-01:9443/w");
        row("IPv6", "http://[::1]:9807/", "agent-token:http://[::1]:9807");
        row("no host", "http:///x", "");
        row("not a URL", "gpu-01", "");
    }
    void tokenKeyIsTheNormalisedUrl()
    {
        QFETCH(QString, url);
        QFETCH(QString, key);
        QCOMPARE(SecretStore::tokenKey(QUrl(url)), key);
    }

    void writeReadOverwriteRemove()
    {
        SecretStore store(QStringLiteral("gpuwarden-test"));
        const QString key = SecretStore::tokenKey(QUrl(QStringLiteral("http://round-trip")));
        SecretResult r = store.readBlocking(key);
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error.text()));
        QVERIFY(!r.secret); // never stored: absent, and no error

        QCOMPARE(store.writeBlocking(key, "first"), QString());
        r = store.readBlocking(key);
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error.text()));
        QCOMPARE(r.secret, std::optional<QByteArray>("first"));

        QCOMPARE(store.writeBlocking(key, "second"), QString());
        QCOMPARE(store.readBlocking(key).secret, std::optional<QByteArray>("second"));

        // Any bytes survive (the keychain is not only for text).
        const QByteArray binary("\x00\xff\n tok\x7f", 8);
        QCOMPARE(store.writeBlocking(key, binary), QString());
        QCOMPARE(store.readBlocking(key).secret, std::optional<QByteArray>(binary));

        // Another service name is another namespace.
        SecretStore other(QStringLiteral("gpuwarden-test-other"));
        QVERIFY(!other.readBlocking(key).secret);

        QCOMPARE(store.removeBlocking(key), QString());
        r = store.readBlocking(key);
        QVERIFY(!r.secret);
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error.text()));
        QCOMPARE(store.removeBlocking(key), QString()); // already gone: not an error
    }

    void asyncCallbacksRunOnceOnTheStoresThread()
    {
        SecretStore store(QStringLiteral("gpuwarden-test"));
        int writes = 0;
        int reads = 0;
        int removes = 0;
        std::optional<QByteArray> seen;
        QThread* const here = QThread::currentThread();
        bool rightThread = true;
        store.write(QStringLiteral("async"), "value", [&](const SecretError& error) {
            QVERIFY2(error.isEmpty(), qPrintable(error.text()));
            rightThread = rightThread && QThread::currentThread() == here;
            ++writes;
        });
        store.read(QStringLiteral("async"), [&](const SecretResult& r) {
            rightThread = rightThread && QThread::currentThread() == here;
            seen = r.secret;
            ++reads;
        });
        store.remove(QStringLiteral("async"), [&](const SecretError& error) {
            QVERIFY2(error.isEmpty(), qPrintable(error.text()));
            ++removes;
        });
        QTRY_COMPARE(removes, 1);
        QTest::qWait(200); // nothing more may come
        QCOMPARE(writes, 1);
        QCOMPARE(reads, 1);
        QCOMPARE(removes, 1);
        QVERIFY(rightThread);
        QCOMPARE(seen, std::optional<QByteArray>("value")); // jobs run in order
    }

    void cliReadsTheTokenFromTheKeychain()
    {
        SecretStore store;
        // Stored under the bare URL, asked for with a trailing slash: one key.
        QCOMPARE(store.writeBlocking(SecretStore::tokenKey(QUrl(m_agentUrl)), "agent-secret"),
                 QString());
        const Run r = cli(snapshotArgs(m_agentUrl + QLatin1Char('/')), m_keyring.environment());
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(server(r), QStringLiteral("infer-03"));
        QCOMPARE(store.removeBlocking(SecretStore::tokenKey(QUrl(m_agentUrl))), QString());
    }

    void environmentWinsOverTheKeychain()
    {
        SecretStore store;
        const QString key = SecretStore::tokenKey(QUrl(m_agentUrl));
        QProcessEnvironment env = m_keyring.environment();

        // A right token in the keychain, a wrong one in the environment: refused.
        QCOMPARE(store.writeBlocking(key, "agent-secret"), QString());
        env.insert(QStringLiteral("GPUWARDEN_TOKEN"), QStringLiteral("wrong"));
        Run r = cli(snapshotArgs(m_agentUrl), env);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("HTTP 401"), r.err.constData());
        QVERIFY2(r.err.contains("the token came from GPUWARDEN_TOKEN"), r.err.constData());

        // And the other way round: accepted.
        QCOMPARE(store.writeBlocking(key, "wrong"), QString());
        env.insert(QStringLiteral("GPUWARDEN_TOKEN"), QStringLiteral("agent-secret"));
        r = cli(snapshotArgs(m_agentUrl), env);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(server(r), QStringLiteral("infer-03"));

        // A wrong token from the keychain says so, with the key.
        env.remove(QStringLiteral("GPUWARDEN_TOKEN"));
        r = cli(snapshotArgs(m_agentUrl), env);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(
                     QByteArray("the token came from the keychain (key \"" + key.toUtf8() + "\")")),
                 r.err.constData());
        QCOMPARE(store.removeBlocking(key), QString());
    }

    void tokenSetFromStdinThenSnapshotThenRemove()
    {
        const QProcessEnvironment env = m_keyring.environment();
        const QString key = SecretStore::tokenKey(QUrl(m_agentUrl));
        const QStringList set{QStringLiteral("token"), QStringLiteral("set"),
                              QStringLiteral("--source"), m_agentUrl};
        Run r = cli(set, env, "agent-secret\n");
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.err.contains(key.toUtf8()), r.err.constData());
        QCOMPARE(SecretStore().readBlocking(key).secret, std::optional<QByteArray>("agent-secret"));

        r = cli(snapshotArgs(m_agentUrl), env);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(server(r), QStringLiteral("infer-03"));

        r = cli({QStringLiteral("token"), QStringLiteral("remove"), QStringLiteral("--source"),
                 m_agentUrl},
                env);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY(!SecretStore().readBlocking(key).secret);

        // Nothing anywhere: the 401 says where the token was looked for.
        r = cli(snapshotArgs(m_agentUrl), env);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("HTTP 401"), r.err.constData());
        QVERIFY2(r.err.contains(
                     QByteArray("GPUWARDEN_TOKEN is not set and the keychain has none under \"" +
                                key.toUtf8() + '"')),
                 r.err.constData());
    }

    void tokenSetRefusesBadInput_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QByteArray>("input");
        QTest::addColumn<QByteArray>("message");
        const QString url = QStringLiteral("http://gpu-01:9807");
        const QStringList set{QStringLiteral("token"), QStringLiteral("set"),
                              QStringLiteral("--source"), url};
        QTest::newRow("empty stdin") << set << QByteArray() << QByteArray("no token on standard");
        QTest::newRow("blank stdin") << set << QByteArray(" \n\n") << QByteArray("no token on");
        QTest::newRow("two words")
            << set << QByteArray("a b\n") << QByteArray("spaces or control characters");
        QTest::newRow("two lines")
            << set << QByteArray("a\nb\n") << QByteArray("spaces or control characters");
        QTest::newRow("no --source") << QStringList{QStringLiteral("token"), QStringLiteral("set")}
                                     << QByteArray("tok") << QByteArray("--source URL is required");
        QTest::newRow("bad --source")
            << QStringList{QStringLiteral("token"), QStringLiteral("remove"),
                           QStringLiteral("--source"), QStringLiteral("ftp://gpu-01")}
            << QByteArray() << QByteArray("expected an http:// or https:// URL");
        QTest::newRow("token on the command line")
            << QStringList{QStringLiteral("token"), QStringLiteral("set"), QStringLiteral("tok")}
            << QByteArray() << QByteArray("token set: too many arguments (tok)");
    }
    void tokenSetRefusesBadInput()
    {
        QFETCH(QStringList, args);
        QFETCH(QByteArray, input);
        QFETCH(QByteArray, message);
        const Run r = cli(args, m_keyring.environment(), input);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(message), r.err.constData());
        QVERIFY(
            !SecretStore()
                 .readBlocking(SecretStore::tokenKey(QUrl(QStringLiteral("http://gpu-01:9807"))))
                 .secret);
    }

    void noSecretServiceIsAClearErrorNotAHang_data()
    {
        QTest::addColumn<QString>("busAddress");
        QTest::newRow("dead socket") << deadSocket(m_keyring.path(QStringLiteral("dead-bus")));
        QTest::newRow("no such socket")
            << QStringLiteral("unix:path=") + m_keyring.path(QStringLiteral("no-bus-here"));
        QTest::newRow("bus without a Secret Service") << QStringLiteral("bare-bus");
        // No DBUS_SESSION_BUS_ADDRESS (ssh, cron): GLib tries to start a bus
        // with dbus-launch and says "Failed to execute child process …".
        QTest::newRow("no session bus at all") << QString();
    }
    void noSecretServiceIsAClearErrorNotAHang()
    {
        QFETCH(QString, busAddress);
        test::PrivateBus bare;
        if (busAddress == QLatin1String("bare-bus")) {
            QVERIFY2(bare.start(false), qPrintable(bare.error()));
            busAddress = bare.address();
        }
        QProcessEnvironment env = m_keyring.environment();
        if (busAddress.isEmpty())
            env.remove(QStringLiteral("DBUS_SESSION_BUS_ADDRESS"));
        else
            env.insert(QStringLiteral("DBUS_SESSION_BUS_ADDRESS"), busAddress);
        const QByteArray cause =
            "No Secret Service on the session bus (is gnome-keyring or KWallet "
            "running?): ";

        Run r = cli({QStringLiteral("token"), QStringLiteral("set"), QStringLiteral("--source"),
                     m_agentUrl},
                    env, "agent-secret");
        QCOMPARE(r.exitCode, 1); // an answer, not a crash (-1) or a usage error (2)
        QVERIFY2(r.err.contains(cause), r.err.constData());
        QVERIFY2(r.elapsedMs < SecretStore::kTimeoutMs + 3000, QByteArray::number(r.elapsedMs));

        r = cli({QStringLiteral("token"), QStringLiteral("remove"), QStringLiteral("--source"),
                 m_agentUrl},
                env);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(cause), r.err.constData());

        // snapshot goes on without a token; the 401 carries the keychain's error.
        r = cli(snapshotArgs(m_agentUrl), env);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("HTTP 401"), r.err.constData());
        QVERIFY2(r.err.contains("GPUWARDEN_TOKEN is not set and the keychain could not be read"),
                 r.err.constData());
        QVERIFY2(r.err.contains(cause), r.err.constData());
        QVERIFY2(r.elapsedMs < SecretStore::kTimeoutMs + 3000, QByteArray::number(r.elapsedMs));

        // The environment still works without any keychain.
        env.insert(QStringLiteral("GPUWARDEN_TOKEN"), QStringLiteral("agent-secret"));
        r = cli(snapshotArgs(m_agentUrl), env);
        QVERIFY2(r.exitCode == 0, r.err.constData());
    }

    void backendTextBecomesTheDocumentedWords_data()
    {
        QTest::addColumn<QString>("backend");
        QTest::addColumn<QString>("words");
        const QString noService = QStringLiteral(
            "No Secret Service on the session bus (is gnome-keyring or KWallet running?)");
        QTest::newRow("GLib without a bus")
            << QString::fromUtf8("Failed to execute child process \u201cdbus-launch\u201d (No such "
                                 "file or directory)")
            << noService;
        QTest::newRow("autolaunch without X11")
            << QStringLiteral("Cannot autolaunch D-Bus without X11 $DISPLAY") << noService;
        QTest::newRow("bus without the service")
            << QStringLiteral("The name org.freedesktop.secrets was not provided by any .service "
                              "files")
            << noService;
        QTest::newRow("locked") << QStringLiteral("Cannot create an item in a locked collection")
                                << QStringLiteral("The keychain refused access");
    }
    void backendTextBecomesTheDocumentedWords()
    {
        // The banner shows the words of docs/security.md; the backend's own
        // text stays as the detail (log, tooltip, command line).
        QFETCH(QString, backend);
        QFETCH(QString, words);
        const SecretError e = SecretStore::describeFailure(QKeychain::OtherError, backend);
        QVERIFY2(e.message.startsWith(words), qPrintable(e.message));
        QVERIFY2(!e.message.contains(backend), qPrintable(e.message));
        QCOMPARE(e.detail, backend);
        QCOMPARE(e.text(), e.message + QStringLiteral(": ") + backend);
    }

    void aStuckSecretServiceTimesOutAndItsLateAnswerIsDropped()
    {
        test::PrivateBus bus;
        QVERIFY2(bus.start(false), qPrintable(bus.error()));
        // Owns org.freedesktop.secrets on `bus` through a connection of its own.
        const auto serve = [&](SilentSecretService& service, const QString& name) {
            QDBusConnection c = QDBusConnection::connectToBus(bus.address(), name);
            return c.isConnected() &&
                   c.registerVirtualObject(QStringLiteral("/"), &service,
                                           QDBusConnection::SubPath) &&
                   c.registerService(QLatin1String(test::PrivateBus::kSecretService));
        };
        const QString name = QStringLiteral("gw-test-late");
        const QString muteName = QStringLiteral("gw-test-mute");
        SilentSecretService silent;
        SilentSecretService mute;
        const auto unregister = qScopeGuard([&] {
            QDBusConnection::disconnectFromBus(name);
            QDBusConnection::disconnectFromBus(muteName);
        });
        QVERIFY(serve(silent, name));
        QProcessEnvironment env = bus.environment();

        // The probe times out after 300 ms, then lingers while the service
        // answers (wrongly) at 1 s: one callback per job, no crash.
        int heldWhenAnswering = 0;
        QTimer late;
        late.setSingleShot(true);
        connect(&late, &QTimer::timeout, this, [&] {
            heldWhenAnswering = int(silent.held()); // it really was asked, and kept waiting
            silent.startAnswering(QDBusConnection(name));
        });
        late.start(1000);
        const Run probe = run(QStringLiteral(GW_KEYCHAIN_PROBE),
                              {QStringLiteral("300"), QStringLiteral("2500")}, env);
        QVERIFY2(probe.exitCode == 0, probe.err.constData());
        QVERIFY(heldWhenAnswering > 0);
        const QList<QByteArray> lines = probe.out.trimmed().split('\n');
        QCOMPARE(lines.size(), 2);
        for (const char* job : {"read", "write"}) {
            const QByteArray line = *std::find_if(
                lines.begin(), lines.end(), [job](const auto& l) { return l.startsWith(job); });
            QVERIFY2(line.contains("The keychain did not answer within 0.3 s"), line.constData());
            const qint64 ms = line.split(' ').value(3).toLongLong();
            QVERIFY2(ms >= 250 && ms < 1000, line.constData()); // before the late answer
        }
        QVERIFY2(probe.err.contains("after the timeout; dropped"), probe.err.constData());

        // The command line gives up after SecretStore::kTimeoutMs and says why.
        QDBusConnection::disconnectFromBus(name);
        QVERIFY(serve(mute, muteName));
        const Run r = cli({QStringLiteral("token"), QStringLiteral("set"),
                           QStringLiteral("--source"), m_agentUrl},
                          env, "agent-secret");
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("The keychain did not answer within 5 s"), r.err.constData());
        // A coarse QTimer may fire up to 5 % early.
        QVERIFY2(r.elapsedMs >= SecretStore::kTimeoutMs * 94 / 100 &&
                     r.elapsedMs < SecretStore::kTimeoutMs + 3000,
                 QByteArray::number(r.elapsedMs));
        QVERIFY(mute.held() > 0);
    }
};

QTEST_GUILESS_MAIN(TestKeychain)
#include "tst_keychain.moc"
