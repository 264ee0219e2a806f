#include "cliio.h"

#include <QCoreApplication>

namespace gw::cli {

void print(FILE* f, const QString& text)
{
    const QByteArray b = text.toUtf8();
    std::fwrite(b.constData(), 1, size_t(b.size()), f);
    std::fflush(f);
}

QString tr(const char* text)
{
    return QCoreApplication::translate("gpuwarden-cli", text);
}

int fail(int rc, const QString& message)
{
    note(message);
    return rc;
}

void note(const QString& message)
{
    QString out;
    for (const QString& line : message.split(QLatin1Char('\n')))
        out += QStringLiteral("gpuwarden-cli: ") + line + QLatin1Char('\n');
    print(stderr, out);
}

} // namespace gw::cli
