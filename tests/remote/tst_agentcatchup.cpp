// An agent's catch-up (issue 24, "Light at fleet scale"): the whole desktop
// session watching real demo agents that each hold a day in their journal
// (gpuwarden-agent --demo-past 24, ~3,200 readings). The desktop reads each
// one's last hour on first contact; it must come in parts, only while the
// window and the history writer keep up, as the demo's past does, not all
// agents' hours at once.

#include "app/desktopcommandline.h"
#include "app/desktopsession.h"
#include "engine/engine.h"
#include "engine/livestate.h"
#include "privatebus.h"
#include "remote/agentlink.h"
#include "remote/secretstore.h"
#include "window/mainwindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <algorithm>

using namespace gw;

namespace {

constexpr int kAgents = 3;
// The desktop's gate: the next part waits while this many readings are
// still queued for the window or the history writer (desktopsession.cpp).
constexpr qint64 kBacklog = 4096;

bool writeFile(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

QByteArray readFile(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestAgentCatchUp : public QObject
{
    Q_OBJECT

    test::PrivateBus m_bus;
    QTemporaryDir m_dir;
    QProcess m_agents[kAgents];
    QUrl m_urls[kAgents];
    quint64 m_pastThrough = 0; // the smallest last number of the agents' days

    // An agent with a day of the demo's past in its journal; its URL once
    // it listens and the past is in.
    bool startAgent(int i)
    {
        const QString dir = m_dir.filePath(QStringLiteral("agent%1").arg(i));
        QDir().mkpath(dir);
        const QString config = dir + QStringLiteral("/agent.toml");
        if (!writeFile(config,
                       "[agent]\ninterval_ms = 1000\n[journal]\npath = \"" + dir.toUtf8() +
                           "/journal.sqlite\"\n[[token]]\nname = \"ws\"\nsha256 = \"" +
                           QCryptographicHash::hash("tok", QCryptographicHash::Sha256).toHex() +
                           "\"\n"))
            return false;
        m_agents[i].setStandardOutputFile(dir + QStringLiteral("/stdout.txt"));
        m_agents[i].setStandardErrorFile(dir + QStringLiteral("/stderr.txt"));
        m_agents[i].start(QStringLiteral(GW_AGENT),
                          {QStringLiteral("--config"), config, QStringLiteral("--demo"),
                           QStringLiteral("--demo-server"), QString::number(4 + i),
                           QStringLiteral("--demo-past"), QStringLiteral("24"),
                           QStringLiteral("--port"), QStringLiteral("0")});
        return m_agents[i].waitForStarted(10000);
    }

    bool agentReady(int i)
    {
        const QString dir = m_dir.filePath(QStringLiteral("agent%1").arg(i));
        const auto listening = QRegularExpression(QStringLiteral("listening on ([0-9.]+):(\\d+)"))
                                   .match(QString::fromUtf8(readFile(dir + u"/stdout.txt")));
        const auto past = QRegularExpression(QStringLiteral("is in \\(the last reading "
                                                            "numbered (\\d+)\\)"))
                              .match(QString::fromUtf8(readFile(dir + u"/stderr.txt")));
        if (!listening.hasMatch() || !past.hasMatch())
            return false;
        m_urls[i] =
            QUrl(QStringLiteral("http://%1:%2").arg(listening.captured(1), listening.captured(2)));
        const quint64 through = past.captured(1).toULongLong();
        m_pastThrough = m_pastThrough == 0 ? through : std::min(m_pastThrough, through);
        return true;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        // The tokens of the listed servers live in a keychain of the test's
        // own (qtkeychain talks to the first session bus it finds).
        QVERIFY2(m_bus.start(true), qPrintable(m_bus.error()));
        const QProcessEnvironment env = m_bus.environment();
        for (const QString& key : env.keys())
            qputenv(key.toLocal8Bit(), env.value(key).toLocal8Bit());
        for (int i = 0; i < kAgents; ++i)
            QVERIFY(startAgent(i));
        for (int i = 0; i < kAgents; ++i)
            QTRY_VERIFY2_WITH_TIMEOUT(
                agentReady(i),
                readFile(m_dir.filePath(QStringLiteral("agent%1/stderr.txt").arg(i))).right(2000),
                60000);
        // A day is ~3,200 readings: more than the hour's pages of all agents
        // fit under the gate at once.
        QVERIFY2(m_pastThrough > 3000, QByteArray::number(m_pastThrough));
        SecretStore secrets;
        for (const QUrl& url : m_urls)
            QCOMPARE(secrets.writeBlocking(SecretStore::tokenKey(url), "tok"), QString());
    }

    void cleanupTestCase()
    {
        for (QProcess& agent : m_agents) {
            agent.terminate();
            agent.waitForFinished(5000);
        }
        m_bus.stop();
    }

    void catchUpWaitsWhileTheWindowLagsAndShowsThePresent()
    {
        const QString ini = m_dir.filePath(QStringLiteral("servers.ini"));
        {
            QSettings s(ini, QSettings::IniFormat);
            s.beginWriteArray(QStringLiteral("servers"), kAgents);
            for (int i = 0; i < kAgents; ++i) {
                s.setArrayIndex(i);
                s.setValue(QStringLiteral("id"), QString::number(i + 1));
                s.setValue(QStringLiteral("name"), QStringLiteral("agent-%1").arg(i + 1));
                s.setValue(QStringLiteral("url"), m_urls[i].toString());
            }
            s.endArray();
        }
        QCommandLineParser parser;
        addDesktopOptions(parser);
        QVERIFY(parser.parse({QStringLiteral("gpuwarden"), QStringLiteral("--no-local"),
                              QStringLiteral("--settings"), ini, QStringLiteral("--history"),
                              m_dir.filePath(QStringLiteral("history.sqlite"))}));
        QString error;
        auto setup = desktopSetup(parser, &error);
        QVERIFY2(setup, qPrintable(error));
        DesktopSession session(std::move(*setup));
        const LiveState* state = session.liveState();
        // The links are made (each has said its state).
        QTRY_VERIFY_WITH_TIMEOUT(state->servers().size() == kAgents, 20000);
        const QStringList servers = state->servers();
        auto behind = [&](const QString& server) {
            const LinkStatus* link = state->connection(server);
            return !link || link->cursor < m_pastThrough;
        };

        // The window takes nothing for 5 s (a long layout, a slow paint):
        // what the links fetch meanwhile waits in the engine's queue. Unpaced,
        // the three hours (~9,600 readings) were all there; paced, at most
        // the gate's backlog and the one page in flight when it closed.
        QThread::sleep(5);
        const qint64 queued = session.engine()->queuedReadings();
        QVERIFY2(queued <= kBacklog + AgentLink::kPageSize, QByteArray::number(queued));

        // What the window was handed meanwhile: the parts so far, and each
        // waiting server's present (not an hour-old reading of its past).
        QCoreApplication::processEvents();
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        QVERIFY(std::any_of(servers.cbegin(), servers.cend(), behind));
        for (const QString& server : servers) {
            const Snapshot* latest = state->latest(server);
            if (behind(server))
                QVERIFY2(latest && now - latest->timestampMs < 10'000, qPrintable(server));
        }

        // The catch-up goes on as the window takes its parts, to the end of
        // every agent's day.
        QTRY_VERIFY_WITH_TIMEOUT(std::none_of(servers.cbegin(), servers.cend(), behind), 60000);
    }
};

QTEST_MAIN(TestAgentCatchUp)
#include "tst_agentcatchup.moc"
