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

} // namespace

QString clockFormat(ClockPrecision precision)
{
    const QLocale locale;
    QString format =
        isCLocale(locale) ? QStringLiteral("HH:mm") : locale.timeFormat(QLocale::ShortFormat);
    if (precision == ClockPrecision::Seconds && !format.contains(QLatin1String("ss"))) {
        const qsizetype minutes = format.indexOf(QLatin1String("mm"));
        if (minutes >= 0)
            format.insert(minutes + 2, QStringLiteral(":ss"));
    }
    return format;
}

QString dateTimeFormat(ClockPrecision precision)
{
    return dateFormat(QLocale()) + QLatin1Char(' ') + clockFormat(precision);
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
