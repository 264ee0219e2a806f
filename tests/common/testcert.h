#pragma once

// A self-signed certificate for 127.0.0.1 made with openssl, as an admin
// would, and its SHA-256 fingerprint (what the desktop pins).

#include <QCryptographicHash>
#include <QFile>
#include <QProcess>
#include <QSslCertificate>
#include <QTemporaryDir>

namespace gw::test {

struct Certificate
{
    QString cert;
    QString key;
    QByteArray sha256;
};

inline Certificate makeCertificate(const QTemporaryDir& dir, const QString& name)
{
    Certificate c{dir.filePath(name + QStringLiteral(".crt")),
                  dir.filePath(name + QStringLiteral(".key")),
                  {}};
    QProcess openssl;
    openssl.start(QStringLiteral("openssl"),
                  {QStringLiteral("req"), QStringLiteral("-x509"), QStringLiteral("-newkey"),
                   QStringLiteral("ec"), QStringLiteral("-pkeyopt"),
                   QStringLiteral("ec_paramgen_curve:prime256v1"), QStringLiteral("-nodes"),
                   QStringLiteral("-days"), QStringLiteral("1"), QStringLiteral("-subj"),
                   QStringLiteral("/CN=127.0.0.1"), QStringLiteral("-addext"),
                   QStringLiteral("subjectAltName=IP:127.0.0.1"), QStringLiteral("-keyout"), c.key,
                   QStringLiteral("-out"), c.cert});
    if (!openssl.waitForFinished(30000) || openssl.exitCode() != 0)
        return c;
    QFile f(c.cert);
    if (f.open(QIODevice::ReadOnly))
        c.sha256 = QSslCertificate(&f, QSsl::Pem).digest(QCryptographicHash::Sha256);
    return c;
}

} // namespace gw::test
