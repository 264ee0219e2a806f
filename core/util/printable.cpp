#include "util/printable.h"

namespace gw {

namespace {

bool needsEscape(char16_t c)
{
    return c < 0x20 || (c >= 0x7f && c <= 0x9f) // C0, DEL, C1
           || c == 0x2028 || c == 0x2029        // line and paragraph separators
           || (c >= 0x202a && c <= 0x202e)      // bidi embeddings and overrides
           || (c >= 0x2066 && c <= 0x2069);     // bidi isolates
}

} // namespace

bool isPrintableText(QStringView text)
{
    for (const QChar c : text)
        if (needsEscape(c.unicode()))
            return false;
    return true;
}

QString printableText(const QString& text)
{
    if (isPrintableText(text))
        return text;
    QString out;
    out.reserve(text.size() + 8);
    for (const QChar c : text) {
        const char16_t u = c.unicode();
        if (!needsEscape(u)) {
            out += c;
        } else if (u == u'\n') {
            out += QLatin1String("\\n");
        } else if (u == u'\r') {
            out += QLatin1String("\\r");
        } else if (u == u'\t') {
            out += QLatin1String("\\t");
        } else if (u < 0x100) {
            out += QStringLiteral("\\x%1").arg(uint(u), 2, 16, QLatin1Char('0'));
        } else {
            out += QStringLiteral("\\u%1").arg(uint(u), 4, 16, QLatin1Char('0'));
        }
    }
    return out;
}

} // namespace gw
