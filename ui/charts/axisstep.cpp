#include "charts/axisstep.h"

#include <QDateTime>

#include <algorithm>
#include <cmath>

namespace gw {

namespace {
// Floating error must not push a value sitting on a step (25 / 10 = 2.5000…1)
// to the next one.
constexpr double kSlack = 1e-9;
} // namespace

double niceAxisStep(double raw)
{
    if (raw <= 0 || !std::isfinite(raw))
        return 1;
    const double mag = std::pow(10.0, std::floor(std::log10(raw)));
    const double n = raw / mag;
    for (double f : {1.0, 2.0, 2.5, 5.0}) {
        if (n <= f + kSlack)
            return f * mag;
    }
    return 10 * mag;
}

AxisTicks niceAxisTicks(double top, int tickCount)
{
    AxisTicks t;
    t.step = niceAxisStep(top / std::max(tickCount, 1));
    t.top = std::max(t.step, std::ceil(top / t.step - kSlack) * t.step);
    return t;
}

TimeAxisTicks timeAxisTicks(qint64 fromMs, qint64 toMs, double maxTicks,
                            const QList<qint64>& stepsMs, const QTimeZone& zone,
                            bool weeksOnMondays)
{
    constexpr qint64 kDay = 86'400'000;
    TimeAxisTicks out;
    if (stepsMs.isEmpty() || toMs < fromMs)
        return out;
    const qint64 span = std::max<qint64>(1, toMs - fromMs);
    out.stepMs = stepsMs.last();
    for (qint64 s : stepsMs) {
        if (double(span) / double(s) <= maxTicks) {
            out.stepMs = s;
            break;
        }
    }
    const qint64 step = out.stepMs;
    if (step >= kDay) {
        // Days start at local midnight, whatever the UTC offset (and a day
        // with a clock change is still one day).
        const int days = int(step / kDay);
        QDate d = QDateTime::fromMSecsSinceEpoch(fromMs, zone).date();
        while (d.startOfDay(zone).toMSecsSinceEpoch() < fromMs)
            d = d.addDays(1);
        if (weeksOnMondays && days % 7 == 0)
            while (d.dayOfWeek() != Qt::Monday)
                d = d.addDays(1);
        for (; d.startOfDay(zone).toMSecsSinceEpoch() <= toMs; d = d.addDays(days))
            out.timesMs.append(d.startOfDay(zone).toMSecsSinceEpoch());
        return out;
    }
    // Align to the local clock (10:00, 10:15 …), not to the epoch.
    const qint64 offset =
        qint64(QDateTime::fromMSecsSinceEpoch(fromMs, zone).offsetFromUtc()) * 1000;
    for (qint64 t = ((fromMs + offset + step - 1) / step) * step - offset; t <= toMs; t += step)
        out.timesMs.append(t);
    return out;
}

} // namespace gw
