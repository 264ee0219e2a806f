#pragma once

// Durations as people type them on a command line or in a policy file:
// a whole number followed by a unit, "500ms", "30s", "10m", "2h", "1d".
// One number, one unit, no spaces, no sign, no fractions; zero is allowed
// (callers that need a positive span say so themselves).

#include <QString>

#include <chrono>
#include <optional>

namespace gw {

// The span, or nothing when the text is not one number and one known unit,
// or the span overflows. `error`, when given, says why in one line.
std::optional<std::chrono::milliseconds> parseDuration(const QString& text,
                                                       QString* error = nullptr);

// The shortest exact spelling, the one parseDuration() reads back:
// 600000 ms -> "10m", 90000 ms -> "90s". (For people, rounded to two
// units: formatDurationTwoUnits() in model/units.h.)
QString formatDurationExact(std::chrono::milliseconds span);

} // namespace gw
