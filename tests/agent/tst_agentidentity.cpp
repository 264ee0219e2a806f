// The agent's identity on /v1/info (issue 24, "one identity per server"):
// kept in a file beside the journal, so a restart keeps it and two agents
// differ; derived from the machine id and the port without a journal; a
// malformed identity file is said and left as it is. The last case runs
// the real gpuwarden-agent twice over loopback.
#include "agent/agentidentity.h"
#include "freeport.h"
#include "wire/agentwire.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <QUuid>

using namespace gw;

namespace {

bool writeFile(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

QByteArray readFile(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

const auto kRun = QStringLiteral("run-instance");

} // namespace

class TestAgentIdentity : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    QString machineIdFile(const QByteArray& text)
    {
        const QString path = m_dir.filePath(QString::fromLatin1("machine-id-" + text.left(8)));
        return writeFile(path, text) ? path : QString();
    }

    // /v1/info of a real agent with its journal in `dir`; empty on failure.
    QJsonObject infoOfAgent(const QString& dir)
    {
        QDir().mkpath(dir);
        const QString config = dir + QStringLiteral("/agent.toml");
        if (!writeFile(config,
                       "[agent]\ninterval_ms = 200\n[journal]\npath = \"" + dir.toUtf8() +
                           "/journal.sqlite\"\n[[token]]\nname = \"t\"\nsha256 = \"" +
                           QCryptographicHash::hash("tok", QCryptographicHash::Sha256).toHex() +
                           "\"\n"))
            return {};
        const quint16 port = test::freePort();
        QProcess agent;
        agent.start(QStringLiteral(GW_AGENT),
                    {QStringLiteral("--config"), config, QStringLiteral("--demo"),
                     QStringLiteral("--port"), QString::number(port)});
        if (!agent.waitForReadyRead(10000) || !agent.readLine().startsWith("listening on")) {
            qWarning("%s", agent.readAllStandardError().constData());
            return {};
        }
        AgentEndpoint endpoint;
        endpoint.url = QUrl(QStringLiteral("http://127.0.0.1:%1").arg(port));
        endpoint.token = "tok";
        AgentRequest request;
        request.pathAndQuery = QStringLiteral("/v1/info");
        // The host comes with the first reading, a moment after the agent
        // listens: asked until it is there.
        AgentCall call = callAgentBlocking(endpoint, request);
        for (int i = 0;
             i < 50 && call.ok() &&
             call.json.value_or(QJsonObject())[QStringLiteral("host")].toString().isEmpty();
             ++i) {
            QThread::msleep(100);
            call = callAgentBlocking(endpoint, request);
        }
        agent.terminate();
        agent.waitForFinished(5000);
        if (!call.ok())
            qWarning("%s", qPrintable(call.error));
        return call.json.value_or(QJsonObject());
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void aNewJournalGetsAnIdentityKeptBesideIt()
    {
        const QString dir = m_dir.filePath(QStringLiteral("new"));
        QVERIFY(QDir().mkpath(dir));
        const QString journal = dir + QStringLiteral("/agent-journal.sqlite");
        QCOMPARE(agentIdentityPath(journal), dir + QStringLiteral("/agent-journal.agent-id"));
        const AgentIdentity first = resolveAgentIdentity(journal, 9807, kRun);
        QCOMPARE(first.source, AgentIdentity::Source::File);
        QVERIFY(!QUuid::fromString(first.id).isNull());
        QVERIFY2(first.note.contains(QStringLiteral("a new identity")), qPrintable(first.note));
        QCOMPARE(readFile(agentIdentityPath(journal)).trimmed(), first.id.toLatin1());
        // Read again, on another port: the same, nothing said.
        const AgentIdentity again = resolveAgentIdentity(journal, 9999, kRun);
        QCOMPARE(again.id, first.id);
        QCOMPARE(again.source, AgentIdentity::Source::File);
        QVERIFY(again.note.isEmpty());
        // Another journal in the same folder is another agent.
        const AgentIdentity other =
            resolveAgentIdentity(dir + QStringLiteral("/other.sqlite"), 9807, kRun);
        QVERIFY(other.id != first.id);
    }

    void aMalformedIdentityFileIsSaidAndLeftAsItIs()
    {
        const QString dir = m_dir.filePath(QStringLiteral("bad"));
        QVERIFY(QDir().mkpath(dir));
        const QString journal = dir + QStringLiteral("/j.sqlite");
        QVERIFY(writeFile(agentIdentityPath(journal), "not an identity\n"));
        const QString machine = machineIdFile("0123456789abcdef0123456789abcdef\n");
        const AgentIdentity identity = resolveAgentIdentity(journal, 9807, kRun, machine);
        QCOMPARE(identity.source, AgentIdentity::Source::Machine);
        QVERIFY2(identity.note.contains(QStringLiteral("holds no identity")),
                 qPrintable(identity.note));
        QCOMPARE(readFile(agentIdentityPath(journal)), QByteArray("not an identity\n"));
    }

    void withoutAJournalTheMachineAndPortNameTheAgent()
    {
        const QString machine = machineIdFile("0123456789abcdef0123456789abcdef\n");
        const AgentIdentity a = resolveAgentIdentity({}, 9807, kRun, machine);
        const AgentIdentity b = resolveAgentIdentity({}, 9807, kRun, machine);
        const AgentIdentity otherPort = resolveAgentIdentity({}, 9808, kRun, machine);
        QCOMPARE(a.source, AgentIdentity::Source::Machine);
        QCOMPARE(a.id, b.id);
        QVERIFY(a.id != otherPort.id);
        const QString otherMachine = machineIdFile("fedcba9876543210fedcba9876543210\n");
        QVERIFY(resolveAgentIdentity({}, 9807, kRun, otherMachine).id != a.id);
        // No machine id: this run's, said to change.
        const AgentIdentity run =
            resolveAgentIdentity({}, 9807, kRun, m_dir.filePath(QStringLiteral("none")));
        QCOMPARE(run.source, AgentIdentity::Source::Run);
        QCOMPARE(run.id, kRun);
        QVERIFY2(run.note.contains(QStringLiteral("changes at the next start")),
                 qPrintable(run.note));
        // An identity file that cannot be written: the machine's, said why.
        const AgentIdentity unwritable = resolveAgentIdentity(
            m_dir.filePath(QStringLiteral("no/such/dir/j.sqlite")), 9807, kRun, machine);
        QCOMPARE(unwritable.source, AgentIdentity::Source::Machine);
        QCOMPARE(unwritable.id, a.id);
        QVERIFY2(unwritable.note.contains(QStringLiteral("cannot be kept")),
                 qPrintable(unwritable.note));
    }

    void theRealAgentKeepsItsIdentityAcrossARestartAndTwoAgentsDiffer()
    {
        const QString dirA = m_dir.filePath(QStringLiteral("agentA"));
        const QJsonObject first = infoOfAgent(dirA);
        const QJsonObject restarted = infoOfAgent(dirA);
        const QJsonObject other = infoOfAgent(m_dir.filePath(QStringLiteral("agentB")));
        const QString id = first[QStringLiteral("agent_id")].toString();
        QVERIFY2(!QUuid::fromString(id).isNull(), qPrintable(id));
        QCOMPARE(first[QStringLiteral("agent_id_source")].toString(), QStringLiteral("file"));
        QCOMPARE(restarted[QStringLiteral("agent_id")].toString(), id);
        // A new run: a new instance, the same identity.
        QVERIFY(restarted[QStringLiteral("instance")].toString() !=
                first[QStringLiteral("instance")].toString());
        // Both demo agents call their host gpu-lab-01; their identities differ.
        QCOMPARE(other[QStringLiteral("host")].toString(),
                 first[QStringLiteral("host")].toString());
        QVERIFY(!other[QStringLiteral("agent_id")].toString().isEmpty());
        QVERIFY(other[QStringLiteral("agent_id")].toString() != id);
    }
};

QTEST_MAIN(TestAgentIdentity)
#include "tst_agentidentity.moc"
