#pragma once

// Dates and clock times as people read them: in the default locale's form
// (QLocale(), which the desktop sets to the language chosen): "29.11.2026
// 14:05" in German, "2026/11/29 14:05" in Chinese, "11/29/2026 2:05 PM" in
// American English. The year always has four digits. Without a locale (the
// C locale, as the tests run) ISO 8601's "2026-11-29 14:05". File names and
// files keep ISO 8601 whatever the language.

#include <QString>

class QDateTime;

namespace gw {

enum class ClockPrecision
{
    Minutes,
    Seconds,
};

// The format for QDateTime::toString() and QDateTimeEdit::setDisplayFormat().
QString dateTimeFormat(ClockPrecision precision = ClockPrecision::Minutes);
QString clockFormat(ClockPrecision precision = ClockPrecision::Minutes);

QString dateTimeText(const QDateTime& at, ClockPrecision precision = ClockPrecision::Minutes);
QString clockText(const QDateTime& at, ClockPrecision precision = ClockPrecision::Minutes);

} // namespace gw
