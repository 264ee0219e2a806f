// What the owner suites share: their fixtures (real runtime output, see
// fixtures/*/README.md) and a stand-in for a Docker or Podman daemon on a
// Unix socket.
#pragma once

#include <QByteArray>
#include <QFile>
#include <QLocalServer>
#include <QLocalSocket>
#include <QObject>
#include <QString>
#include <QTimer>

#include <functional>

namespace gw::test {

// tests/owners/fixtures/<relative>; a missing fixture ends the suite.
inline QByteArray ownerFixture(const QString& relative)
{
    QFile f(QStringLiteral(GW_TEST_SOURCE_DIR "/fixtures/") + relative);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("fixture %s: %s", qPrintable(relative), qPrintable(f.errorString()));
    return f.readAll();
}

// Answers each request (once its head has arrived) with `answer(request)`,
// or `reply` when no answer function is set, then closes; answers nothing
// while `stall` is set, and `delayMs` late (a daemon's stop answers once the
// container has stopped).
class FakeEngine : public QObject
{
public:
    explicit FakeEngine(const QString& path)
    {
        QLocalServer::removeServer(path);
        server.listen(path);
        connect(&server, &QLocalServer::newConnection, this, [this] {
            while (QLocalSocket* s = server.nextPendingConnection()) {
                auto received = std::make_shared<QByteArray>();
                connect(s, &QLocalSocket::readyRead, s, [this, s, received] {
                    *received += s->readAll();
                    if (!received->endsWith("\r\n\r\n"))
                        return;
                    ++requests;
                    lastRequest = *received;
                    if (stall)
                        return;
                    const QByteArray out = answer ? answer(*received) : reply;
                    const auto send = [s, out] {
                        s->write(out);
                        s->flush();
                        s->disconnectFromServer();
                    };
                    if (delayMs > 0)
                        QTimer::singleShot(delayMs, s, send);
                    else
                        send();
                });
            }
        });
    }

    QLocalServer server;
    std::function<QByteArray(const QByteArray& request)> answer;
    QByteArray reply;
    QByteArray lastRequest;
    int requests = 0;
    bool stall = false;
    int delayMs = 0;
};

} // namespace gw::test
