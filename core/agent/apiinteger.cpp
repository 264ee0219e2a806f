#include "agent/apiinteger.h"

#include <QUrlQuery>

namespace gw {

std::optional<qint64> parseInteger(QByteArrayView text, qint64 min, qint64 max)
{
    if (min > max)
        return std::nullopt;
    qsizetype i = 0;
    const bool negative = !text.isEmpty() && text[0] == '-';
    if (negative) {
        if (min >= 0)
            return std::nullopt;
        i = 1;
    }
    if (i == text.size())
        return std::nullopt;
    // Accumulated as a magnitude in unsigned arithmetic, so neither
    // 9223372036854775808 (the magnitude of the minimum) nor an overflow is
    // undefined behaviour.
    const quint64 limit = negative ? quint64(-(min + 1)) + 1 : quint64(std::max<qint64>(max, 0));
    quint64 magnitude = 0;
    for (; i < text.size(); ++i) {
        const char c = text[i];
        if (c < '0' || c > '9')
            return std::nullopt;
        const quint64 digit = quint64(c - '0');
        if (magnitude > (limit - digit) / 10)
            return std::nullopt;
        magnitude = magnitude * 10 + digit;
    }
    qint64 value = 0;
    if (negative)
        value = magnitude == 0 ? 0 : -qint64(magnitude - 1) - 1;
    else
        value = qint64(magnitude);
    if (value < min || value > max)
        return std::nullopt;
    return value;
}

IntegerParameter integerParameter(const QUrlQuery& query, const QString& name, qint64 min,
                                  qint64 max)
{
    IntegerParameter out;
    const QStringList values = query.allQueryItemValues(name, QUrl::FullyDecoded);
    if (values.isEmpty())
        return out;
    const QString range = QStringLiteral("%1..%2").arg(min).arg(max);
    if (values.size() > 1) {
        out.error = QStringLiteral("\"%1\" is given %2 times; give it once (an integer in %3)")
                        .arg(name)
                        .arg(values.size())
                        .arg(range);
        return out;
    }
    const QByteArray text = values.first().toUtf8();
    out.value = parseInteger(text, min, max);
    if (!out.value)
        out.error = QStringLiteral("\"%1\" must be an integer in %2, not \"%3\"")
                        .arg(name, range, values.first().left(64));
    return out;
}

} // namespace gw
