#include "util/duration.h"

#include <QCoreApplication>

#include <array>
#include <cstdint>
#include <limits>

namespace gw {

namespace {

struct Unit
{
    const char* name;
    std::int64_t ms;
};

// Longest suffix first is not needed: "ms" is checked before "m" and "s".
constexpr std::array<Unit, 5> kUnits{{
    {"ms", 1},
    {"s", 1000},
    {"m", 60 * 1000},
    {"h", 60 * 60 * 1000},
    {"d", 24 * 60 * 60 * 1000},
}};

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(gw::Duration)
};

std::optional<std::chrono::milliseconds> fail(QString* error, const QString& why)
{
    if (error)
        *error = why;
    return std::nullopt;
}

} // namespace

std::optional<std::chrono::milliseconds> parseDuration(const QString& text, QString* error)
{
    const QString expected = Tr::tr("expected a whole number and a unit (ms, s, m, h, d), "
                                    "such as 30s, 10m or 2h; got \"%1\"")
                                 .arg(text);
    qsizetype digits = 0;
    while (digits < text.size() && text[digits] >= QLatin1Char('0') &&
           text[digits] <= QLatin1Char('9'))
        ++digits;
    if (digits == 0)
        return fail(error, expected);
    const QString suffix = text.mid(digits);
    const Unit* unit = nullptr;
    for (const Unit& u : kUnits)
        if (suffix == QLatin1String(u.name))
            unit = &u;
    if (!unit)
        return fail(error, suffix.isEmpty()
                               ? Tr::tr("\"%1\" has no unit (ms, s, m, h, d)").arg(text)
                               : expected);
    constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();
    std::int64_t value = 0;
    for (qsizetype i = 0; i < digits; ++i) {
        const int d = text[i].unicode() - '0';
        if (value > (kMax - d) / 10)
            return fail(error, Tr::tr("\"%1\" is too long a span").arg(text));
        value = value * 10 + d;
    }
    if (value > kMax / unit->ms)
        return fail(error, Tr::tr("\"%1\" is too long a span").arg(text));
    return std::chrono::milliseconds(value * unit->ms);
}

QString formatDurationExact(std::chrono::milliseconds span)
{
    const std::int64_t ms = span.count();
    if (ms != 0)
        for (auto it = kUnits.rbegin(); it != kUnits.rend(); ++it)
            if (ms % it->ms == 0)
                return QString::number(ms / it->ms) + QLatin1String(it->name);
    return QString::number(ms) + QLatin1String("ms");
}

} // namespace gw
