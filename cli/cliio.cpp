#include "cliio.h"

#include "util/printable.h"

#include <QCoreApplication>

namespace gw::cli {

void print(FILE* f, const QString& text)
{
    const QByteArray b = text.toUtf8();
    std::fwrite(b.constData(), 1, size_t(b.size()), f);
    std::fflush(f);
}

int fail(int rc, const QString& message)
{
    note(message);
    return rc;
}

void note(const QString& message)
{
    QString out;
    // A line's own control characters (an agent's text within it) are
    // escaped: they cannot move the cursor, clear the screen or start a
    // line of their own. Text from agents has its newlines escaped where it
    // is read (snapshotFromJson, the wire), so each line here is ours.
    for (const QString& line : message.split(QLatin1Char('\n')))
        out += QStringLiteral("gpuwarden-cli: ") + printableText(line) + QLatin1Char('\n');
    print(stderr, out);
}

} // namespace gw::cli
