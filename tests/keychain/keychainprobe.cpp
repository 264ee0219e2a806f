// A SecretStore in a process of its own, for a test that points it at a
// Secret Service which answers late: reads and writes one key each with a
// short timeout, then lingers (so the late answer arrives while it runs) and
// prints every callback it got.
//   keychainprobe <timeout-ms> <linger-ms>

#include "remote/secretstore.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QLoggingCategory>
#include <QTimer>

#include <cstdio>

int main(int argc, char* argv[])
{
    QCoreApplication app(argc, argv);
    if (argc != 3) {
        std::fprintf(stderr, "usage: keychainprobe <timeout-ms> <linger-ms>\n");
        return 2;
    }
    QLoggingCategory::setFilterRules(QStringLiteral("gw.secrets.info=true"));
    gw::SecretStore store;
    store.setTimeoutMs(QByteArray(argv[1]).toInt());
    QElapsedTimer clock;
    clock.start();
    const auto report = [&](const char* what, const QString& error) {
        std::printf("%s callback after %lld ms: %s\n", what, qint64(clock.elapsed()),
                    qPrintable(error));
        std::fflush(stdout);
    };
    store.read(QStringLiteral("probe-key"),
               [&](const gw::SecretResult& r) { report("read", r.error.text()); });
    // Queued behind the stuck read inside qtkeychain: must time out as well.
    store.write(QStringLiteral("probe-key"), "x",
                [&](const gw::SecretError& error) { report("write", error.text()); });
    QTimer::singleShot(QByteArray(argv[2]).toInt(), &app, &QCoreApplication::quit);
    return app.exec();
}
