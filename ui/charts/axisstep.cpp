#include "charts/axisstep.h"

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

} // namespace gw
