#pragma once

// A real Prometheus (Debian's prometheus package, installed by
// .ci/install-deps.sh) scraping one loopback target, for the tests that go
// the whole way round.

#include "freeport.h"

#include <QByteArray>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QString>
#include <QTemporaryDir>
#include <QUrl>

namespace gw::test {

// A Prometheus process with its own data directory, stopped with the test.
class LocalPrometheus
{
public:
    // Scrapes 127.0.0.1:scrapePort every scrapeMs with the bearer token
    // `token` (an agent's read token).
    bool start(quint16 scrapePort, QString* why, int scrapeMs = 1000,
               const QByteArray& token = "read-token")
    {
        const QString binary = QStandardPaths::findExecutable(QStringLiteral("prometheus"));
        if (binary.isEmpty()) {
            *why = QStringLiteral("prometheus is not installed (.ci/install-deps.sh installs it)");
            return false;
        }
        const QString config = m_dir.filePath(QStringLiteral("scrape-agent.yml"));
        QFile file(config);
        if (!file.open(QIODevice::WriteOnly)) {
            *why = file.errorString();
            return false;
        }
        const QByteArray every = QByteArray::number(scrapeMs) + "ms";
        file.write("global: {scrape_interval: " + every + ", evaluation_interval: " + every +
                   "}\n"
                   "scrape_configs:\n"
                   "  - job_name: agent\n"
                   "    authorization: {credentials: " +
                   token +
                   "}\n"
                   "    static_configs: [{targets: ['127.0.0.1:" +
                   QByteArray::number(scrapePort) + "']}]\n");
        file.close();
        m_port = test::freePort();
        const QStringList args{
            QStringLiteral("--config.file=%1").arg(config),
            QStringLiteral("--storage.tsdb.path=%1").arg(m_dir.filePath(QStringLiteral("tsdb"))),
            QStringLiteral("--web.listen-address=127.0.0.1:%1").arg(m_port),
            QStringLiteral("--log.level=warn")};
        m_process.setProcessChannelMode(QProcess::MergedChannels);
        m_process.start(binary, args);
        if (!m_process.waitForStarted()) {
            *why = m_process.errorString();
            return false;
        }
        return true;
    }

    ~LocalPrometheus() { stop(); }

    void stop()
    {
        if (m_process.state() == QProcess::NotRunning)
            return;
        m_process.terminate();
        if (!m_process.waitForFinished(5000)) {
            m_process.kill();
            m_process.waitForFinished(5000);
        }
    }

    QUrl url() const { return QUrl(QStringLiteral("http://127.0.0.1:%1").arg(m_port)); }
    QByteArray log() { return m_process.readAll().right(2000); }

private:
    QTemporaryDir m_dir;
    QProcess m_process;
    quint16 m_port = 0;
};

} // namespace gw::test
