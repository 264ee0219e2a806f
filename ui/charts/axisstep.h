#pragma once

// The axes of every chart: ticks a person reads without effort. Values in
// nice steps; times on round local clock times or midnights (the history
// plot, the events timeline and the balance plot share it).

#include <QList>
#include <QTimeZone>

namespace gw {

// 1, 2, 2.5 or 5 × 10^n: the smallest such step at or above raw (1 for a
// raw step that is not a positive number).
double niceAxisStep(double raw);

struct AxisTicks
{
    double step = 1;
    double top = 1; // a whole number of steps, at or above the value asked
};

// From 0 to at least top in about tickCount nice steps; top > 0.
AxisTicks niceAxisTicks(double top, int tickCount);

struct TimeAxisTicks
{
    qint64 stepMs = 0;
    QList<qint64> timesMs; // ascending, within [from, to]
};

// The first of `stepsMs` (ascending) that puts at most `maxTicks` steps
// across [fromMs, toMs] (the last one when none does), and the ticks at it:
// under a day on round clock times in `zone` (10:00, 10:15 …; 6 h on 0, 6,
// 12, 18), from a day on that zone's midnights every step's days, or on
// Mondays for a whole number of weeks when `weeksOnMondays`.
TimeAxisTicks timeAxisTicks(qint64 fromMs, qint64 toMs, double maxTicks,
                            const QList<qint64>& stepsMs, const QTimeZone& zone,
                            bool weeksOnMondays = false);

} // namespace gw
