// `gpuwarden-agent token new|list|revoke` (core/agent/tokencommand): the
// edits of agent.toml (the rest of the file kept byte for byte, a taken
// name, an unreadable file, the last token refused), and through the real
// agent: a new token answers 200 once SIGHUP has been sent, a revoked one
// 401 after the next SIGHUP; a file broken by hand keeps the tokens in force.

#include "agent/tokencommand.h"
#include "agentcall.h"
#include "agentprocess.h"

#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <sys/stat.h>

using namespace gw;
using test::callAgent;
using test::tokenHash;

namespace {

const QByteArray kConfig = "# The lab's agent.\n"
                           "[agent]\n"
                           "interval_ms = 1000 # one reading a second\n"
                           "\n"
                           "[journal]\n"
                           "path = \"\"\n"
                           "\n"
                           "[[token]]\n"
                           "name = \"admin\"\n"
                           "sha256 = \"" +
                           tokenHash("admin-token") +
                           "\"\n"
                           "scope = \"admin\"\n"
                           "\n"
                           "# The desktops.\n"
                           "[[token]] # read\n"
                           "name = \"desk\"\n"
                           "sha256 = \"" +
                           tokenHash("desk-token") +
                           "\"\n"
                           "\n"
                           "[runtimes]\n"
                           "scancel = \"\"\n";

struct Run
{
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

Run agentCommand(const QStringList& args)
{
    QProcess p;
    p.start(QStringLiteral(GW_AGENT), args);
    Run r;
    if (!p.waitForFinished(10'000))
        return r;
    r.exitCode = p.exitCode();
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

bool writeAll(const QString& path, const QByteArray& text)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(text) == text.size();
}

} // namespace

class TestAgentToken : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void newTokensAreRandomHex()
    {
        const QByteArray a = tokenfile::newToken(), b = tokenfile::newToken();
        QCOMPARE(a.size(), 64);
        QVERIFY(QRegularExpression(QStringLiteral("^[0-9a-f]{64}$"))
                    .match(QString::fromLatin1(a))
                    .hasMatch());
        QVERIFY(a != b);
    }

    void addAppendsATableAndKeepsTheRest()
    {
        QString error;
        const auto out =
            tokenfile::add(kConfig, QStringLiteral("agent.toml"), QStringLiteral("ws-17"),
                           TokenScope::Allocate, "t0k", &error);
        QVERIFY2(out, qPrintable(error));
        QVERIFY(out->startsWith(kConfig)); // byte for byte, comments and all
        QCOMPARE(out->mid(kConfig.size()), "\n[[token]]\nname = \"ws-17\"\nsha256 = \"" +
                                               tokenHash("t0k") + "\"\nscope = \"allocate\"\n");
        const auto config = AgentConfig::parse(*out, QStringLiteral("agent.toml"), &error);
        QVERIFY2(config, qPrintable(error));
        QCOMPARE(config->tokens.size(), 3);
        QCOMPARE(config->tokens.last().name, QStringLiteral("ws-17"));
        QCOMPARE(config->tokens.last().scope, TokenScope::Allocate);
        QCOMPARE(config->tokens.last().sha256, sha256("t0k"));
        // A file without its last newline gets one before the table.
        QVERIFY(tokenfile::add(kConfig.chopped(1), QStringLiteral("agent.toml"),
                               QStringLiteral("x"), TokenScope::Read, "t", &error));
    }

    void theFirstTokenOfAFileWithoutOne()
    {
        // A file as installed has no token (the agent answers /healthz
        // alone); `token new` gives it one.
        const QByteArray none = "[agent]\ninterval_ms = 1000\n";
        QString error;
        const auto installed = AgentConfig::parse(none, QStringLiteral("agent.toml"), &error);
        QVERIFY2(installed, qPrintable(error));
        QVERIFY(installed->tokens.isEmpty());
        const auto out = tokenfile::add(none, QStringLiteral("agent.toml"), QStringLiteral("admin"),
                                        TokenScope::Admin, "first", &error);
        QVERIFY2(out, qPrintable(error));
        const auto config = AgentConfig::parse(*out, QStringLiteral("agent.toml"), &error);
        QVERIFY2(config, qPrintable(error));
        QCOMPARE(config->tokens.size(), 1);
        QCOMPARE(config->tokens[0].scope, TokenScope::Admin);
        // An empty file too.
        QVERIFY(tokenfile::add({}, QStringLiteral("agent.toml"), QStringLiteral("a"),
                               TokenScope::Read, "t", &error));
    }

    void addRefusesWhatTheAgentWouldNotRead()
    {
        QString error;
        // A name in use.
        QVERIFY(!tokenfile::add(kConfig, QStringLiteral("agent.toml"), QStringLiteral("desk"),
                                TokenScope::Read, "t", &error));
        QVERIFY2(error.contains(QStringLiteral("has a token named \"desk\" already")),
                 qPrintable(error));
        // A name that would need quoting, or none.
        for (const QString& bad : {QStringLiteral("a\"b"), QString(), QStringLiteral("a b"),
                                   QString(65, QLatin1Char('x'))}) {
            QVERIFY(!tokenfile::add(kConfig, QStringLiteral("agent.toml"), bad, TokenScope::Read,
                                    "t", &error));
            QVERIFY2(error.contains(QStringLiteral("is not a token name")), qPrintable(error));
        }
        // A file the agent refuses is not edited: its own error, with the place.
        QVERIFY(!tokenfile::add("[agent]\ninterval_ms = \"fast\"\n", QStringLiteral("agent.toml"),
                                QStringLiteral("x"), TokenScope::Read, "t", &error));
        QVERIFY2(error.startsWith(QStringLiteral("agent.toml:2:")), qPrintable(error));
        // Tokens as an inline array take no [[token]] table after them.
        const QByteArray inlineTokens =
            "token = [{name = \"a\", sha256 = \"" + tokenHash("a") + "\"}]\n";
        QVERIFY(!tokenfile::add(inlineTokens, QStringLiteral("agent.toml"), QStringLiteral("x"),
                                TokenScope::Read, "t", &error));
        QVERIFY(!error.isEmpty());
    }

    void removeTakesOutOnlyThatTable()
    {
        QString error;
        const auto out = tokenfile::remove(kConfig, QStringLiteral("agent.toml"),
                                           QStringLiteral("desk"), &error);
        QVERIFY2(out, qPrintable(error));
        // The table's lines gone, the comment above it and the blank line
        // after it kept; the rest as it was.
        QByteArray expected = kConfig;
        const qsizetype from = expected.indexOf("[[token]] # read");
        expected.remove(from, expected.indexOf("\n[runtimes]") - from);
        QCOMPARE(*out, expected);
        // The comment before the next table stays with it: revoking "admin"
        // keeps "# The desktops.".
        const auto admin = tokenfile::remove(kConfig, QStringLiteral("agent.toml"),
                                             QStringLiteral("admin"), &error);
        QVERIFY2(admin, qPrintable(error));
        QVERIFY(admin->contains("scope = \"admin\"") == false);
        QVERIFY2(admin->contains("path = \"\"\n\n# The desktops.\n[[token]] # read\n"),
                 admin->constData());
        const auto config = AgentConfig::parse(*out, QStringLiteral("agent.toml"), &error);
        QVERIFY2(config, qPrintable(error));
        QCOMPARE(config->tokens.size(), 1);
        QCOMPARE(config->tokens[0].name, QStringLiteral("admin"));
        QCOMPARE(config->scancel, QString()); // [runtimes] still read as written

        // An unknown name says which there are.
        QVERIFY(!tokenfile::remove(kConfig, QStringLiteral("agent.toml"), QStringLiteral("nobody"),
                                   &error));
        QVERIFY2(error.contains(QStringLiteral("it has: admin, desk")), qPrintable(error));
        // The last token too (a leaked one must go): the agent then answers
        // /healthz alone.
        const auto none =
            tokenfile::remove(*out, QStringLiteral("agent.toml"), QStringLiteral("admin"), &error);
        QVERIFY2(none, qPrintable(error));
        const auto empty = AgentConfig::parse(*none, QStringLiteral("agent.toml"), &error);
        QVERIFY2(empty, qPrintable(error));
        QVERIFY(empty->tokens.isEmpty());
        QVERIFY(!none->contains("[[token]]"));
    }

    void theCommandLineSaysWhatIsWrong()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("agent.toml"));
        QVERIFY(writeAll(path, kConfig));
        const Run noName = agentCommand(
            {QStringLiteral("token"), QStringLiteral("new"), QStringLiteral("--config"), path});
        QCOMPARE(noName.exitCode, int(kTokenUsage));
        QVERIFY2(noName.err.contains("new needs --name NAME"), noName.err.constData());
        const Run badScope =
            agentCommand({QStringLiteral("token"), QStringLiteral("new"), QStringLiteral("--name"),
                          QStringLiteral("x"), QStringLiteral("--scope"), QStringLiteral("root"),
                          QStringLiteral("--config"), path});
        QCOMPARE(badScope.exitCode, int(kTokenUsage));
        QVERIFY(badScope.err.contains("--scope must be read, allocate or admin, not \"root\""));
        const Run missing = agentCommand({QStringLiteral("token"), QStringLiteral("list"),
                                          QStringLiteral("--config"), path + QStringLiteral("x")});
        QCOMPARE(missing.exitCode, int(kTokenFailed));
        QVERIFY(missing.err.contains("cannot read"));
        QCOMPARE(agentCommand({QStringLiteral("token")}).exitCode, int(kTokenUsage));
        QCOMPARE(readAll(path), kConfig); // nothing written by any of them

        // --print: the table to add and the token, the file untouched.
        const Run printed = agentCommand(
            {QStringLiteral("token"), QStringLiteral("new"), QStringLiteral("--name"),
             QStringLiteral("ws"), QStringLiteral("--print"), QStringLiteral("--config"), path});
        QCOMPARE(printed.exitCode, int(kTokenNotAdded));
        const QByteArray token = printed.out.trimmed();
        QCOMPARE(token.size(), 64);
        QVERIFY2(printed.err.contains(QByteArray("sha256 = \"" + tokenHash(token) + "\"")),
                 printed.err.constData());
        QCOMPARE(readAll(path), kConfig);
    }

    void anAgentWithoutATokenAnswersHealthzAlone()
    {
        // The package's agent.toml names no token: the agent starts (and
        // records), /healthz answers, every other route 401 until a token
        // is made and SIGHUP sent.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("agent.toml"));
        QVERIFY(writeAll(path, "[agent]\ninterval_ms = 1000\n[journal]\npath = \"\"\n"));
        QProcess agent;
        const quint16 port = test::startDemoAgent(agent, QStringLiteral(GW_AGENT), path);
        QVERIFY(port != 0);
        QNetworkAccessManager nam;
        QCOMPARE(callAgent(nam, port, QStringLiteral("/healthz"), {}).status, 200);
        QCOMPARE(callAgent(nam, port, QStringLiteral("/v1/snapshot"), "anything").status, 401);
        QByteArray err = agent.readAllStandardError();
        QTRY_VERIFY_WITH_TIMEOUT(
            (err += agent.readAllStandardError()).contains("no [[token]] in the configuration"),
            5000);

        const Run made =
            agentCommand({QStringLiteral("token"), QStringLiteral("new"), QStringLiteral("--name"),
                          QStringLiteral("first"), QStringLiteral("--config"), path});
        QCOMPARE(made.exitCode, int(kTokenDone));
        QVERIFY(::kill(pid_t(agent.processId()), SIGHUP) == 0);
        QTRY_VERIFY_WITH_TIMEOUT(
            (err += agent.readAllStandardError()).contains("(new: first; gone: none)"), 5000);
        QTRY_COMPARE_WITH_TIMEOUT(
            callAgent(nam, port, QStringLiteral("/v1/snapshot"), made.out.trimmed()).status, 200,
            10'000);
        agent.terminate();
        QVERIFY(agent.waitForFinished(10'000));
    }

    void aRunningAgentTakesNewAndRevokedTokensOnSighup()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("agent.toml"));
        QVERIFY(writeAll(path, kConfig));
        QVERIFY(QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner));
        QProcess agent;
        const quint16 port = test::startDemoAgent(agent, QStringLiteral(GW_AGENT), path);
        QVERIFY(port != 0);
        QNetworkAccessManager nam;
        const QString route = QStringLiteral("/v1/snapshot");
        // 503 until the first reading.
        QTRY_COMPARE_WITH_TIMEOUT(callAgent(nam, port, route, "desk-token").status, 200, 10'000);

        // token new: the token once on stdout, its table in the file (mode kept).
        const Run made =
            agentCommand({QStringLiteral("token"), QStringLiteral("new"), QStringLiteral("--name"),
                          QStringLiteral("ws-17"), QStringLiteral("--config"), path});
        QCOMPARE(made.exitCode, int(kTokenDone));
        const QByteArray token = made.out.trimmed();
        QCOMPARE(token.size(), 64);
        QVERIFY2(made.err.contains("token \"ws-17\" (read) added to"), made.err.constData());
        QVERIFY(!made.err.contains(token)); // shown once: stdout only
        QVERIFY(readAll(path).contains(tokenHash(token)));
        struct stat st = {};
        QVERIFY(::stat(QFile::encodeName(path).constData(), &st) == 0);
        QCOMPARE(st.st_mode & 07777, 0600u);

        // Not known until the agent is told.
        QCOMPARE(callAgent(nam, port, route, token).status, 401);
        QByteArray err;
        QVERIFY(::kill(pid_t(agent.processId()), SIGHUP) == 0);
        QTRY_VERIFY_WITH_TIMEOUT(
            (err += agent.readAllStandardError()).contains("(new: ws-17; gone: none)"), 5000);
        QCOMPARE(callAgent(nam, port, route, token).status, 200);
        QCOMPARE(callAgent(nam, port, route, "desk-token").status, 200);
        // A read token stays a read token.
        QCOMPARE(callAgent(nam, port, QStringLiteral("/v1/policy"), token, "PUT", "{}").status,
                 403);

        // token list names it with its scope.
        const Run listed = agentCommand(
            {QStringLiteral("token"), QStringLiteral("list"), QStringLiteral("--config"), path});
        QCOMPARE(listed.exitCode, int(kTokenDone));
        QVERIFY2(listed.out.contains("ws-17"), listed.out.constData());
        QVERIFY(QRegularExpression(QStringLiteral("ws-17\\s+read\\s+") +
                                   QString::fromLatin1(tokenHash(token).left(16)))
                    .match(QString::fromUtf8(listed.out))
                    .hasMatch());

        // token revoke: 200 until SIGHUP, 401 after.
        const Run revoked =
            agentCommand({QStringLiteral("token"), QStringLiteral("revoke"),
                          QStringLiteral("ws-17"), QStringLiteral("--config"), path});
        QCOMPARE(revoked.exitCode, int(kTokenDone));
        QCOMPARE(readAll(path), kConfig); // the file as it was before the new token
        QCOMPARE(callAgent(nam, port, route, token).status, 200);
        QVERIFY(::kill(pid_t(agent.processId()), SIGHUP) == 0);
        QTRY_VERIFY_WITH_TIMEOUT(
            (err += agent.readAllStandardError()).contains("(new: none; gone: ws-17)"), 5000);
        QCOMPARE(callAgent(nam, port, route, token).status, 401);
        QCOMPARE(callAgent(nam, port, route, "admin-token").status, 200);

        // A file broken by hand is refused on SIGHUP; the tokens in force stay.
        QVERIFY(writeAll(path, "[agent]\ninterval_ms = \"fast\"\n"));
        QVERIFY(::kill(pid_t(agent.processId()), SIGHUP) == 0);
        QTRY_VERIFY_WITH_TIMEOUT(
            (err += agent.readAllStandardError()).contains("the tokens in force stay"), 5000);
        QCOMPARE(callAgent(nam, port, route, "desk-token").status, 200);
        QCOMPARE(agent.state(), QProcess::Running);
        agent.terminate();
        QVERIFY(agent.waitForFinished(10'000));
        QCOMPARE(agent.exitCode(), 0);
    }
};

QTEST_GUILESS_MAIN(TestAgentToken)
#include "tst_agenttoken.moc"
