#pragma once

// The value axis of every chart: ticks a person reads without effort.

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

} // namespace gw
