#include "common/datetimetext.h"

#include <QDateTime>
#include <QLocale>
#include <QRegularExpression>

namespace gw {

namespace {

bool isCLocale(const QLocale& locale)
{
    return locale.language() == QLocale::C;
}

QString dateFormat(const QLocale& locale)
{
    if (isCLocale(locale))
        return QStringLiteral("yyyy-MM-dd");
    QString format = locale.dateFormat(QLocale::ShortFormat);
    // Short formats may give the year in two digits ("dd.MM.yy"); a log of
    // last year's readings needs all four.
    if (!format.contains(QLatin1String("yyyy"))) {
        static const QRegularExpression twoDigitYear(QStringLiteral("y+"));
        format.replace(twoDigitYear, QStringLiteral("yyyy"));
    }
    return format;
}

QString clockFormatOf(const QLocale& locale, ClockPrecision precision)
{
    QString format =
        isCLocale(locale) ? QStringLiteral("HH:mm") : locale.timeFormat(QLocale::ShortFormat);
    if (precision == ClockPrecision::Seconds && !format.contains(QLatin1String("ss"))) {
        const qsizetype minutes = format.indexOf(QLatin1String("mm"));
        if (minutes >= 0)
            format.insert(minutes + 2, QStringLiteral(":ss"));
    }
    return format;
}

// The four formats of the default locale, worked out again only when the
// default changes: tables ask for one per cell they paint.
struct Formats
{
    QString locale;
    QString clock[2];
    QString dateTime[2];
};

const Formats& formats()
{
    thread_local Formats cached;
    const QLocale locale;
    if (cached.clock[0].isEmpty() || cached.locale != locale.name()) {
        cached.locale = locale.name();
        for (const ClockPrecision p : {ClockPrecision::Minutes, ClockPrecision::Seconds}) {
            cached.clock[int(p)] = clockFormatOf(locale, p);
            cached.dateTime[int(p)] = dateFormat(locale) + QLatin1Char(' ') + cached.clock[int(p)];
        }
    }
    return cached;
}

} // namespace

QString clockFormat(ClockPrecision precision)
{
    return formats().clock[int(precision)];
}

QString dateTimeFormat(ClockPrecision precision)
{
    return formats().dateTime[int(precision)];
}

QString dateTimeText(const QDateTime& at, ClockPrecision precision)
{
    return QLocale().toString(at, dateTimeFormat(precision));
}

QString clockText(const QDateTime& at, ClockPrecision precision)
{
    return QLocale().toString(at, clockFormat(precision));
}

} // namespace gw
