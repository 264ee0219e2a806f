#include "wire/agentendpoint.h"

namespace gw {

QUrl AgentEndpoint::routeUrl(const QString& pathAndQuery) const
{
    QUrl out = url;
    const QUrl relative(pathAndQuery);
    out.setPath(
        out.path(QUrl::FullyEncoded).chopped(out.path().endsWith(QLatin1Char('/')) ? 1 : 0) +
            relative.path(QUrl::FullyEncoded),
        QUrl::StrictMode);
    out.setQuery(relative.query(QUrl::FullyEncoded), QUrl::StrictMode);
    return out;
}

QString formatFingerprint(const QByteArray& sha256)
{
    return QString::fromLatin1(sha256.toHex(':').toUpper());
}

QByteArray parseFingerprint(const QString& text)
{
    QString hex = text.trimmed();
    if (hex.startsWith(QLatin1String("SHA256:"), Qt::CaseInsensitive))
        hex = hex.mid(7);
    hex.remove(QLatin1Char(':')).remove(QLatin1Char(' '));
    if (hex.size() != 64)
        return {};
    for (const QChar c : std::as_const(hex)) {
        if (!c.isDigit() && !(c.toLower() >= QLatin1Char('a') && c.toLower() <= QLatin1Char('f')))
            return {};
    }
    return QByteArray::fromHex(hex.toLatin1());
}

} // namespace gw
