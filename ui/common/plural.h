#pragma once

// The n that picks a plural form (tr(text, nullptr, n)) for a count that may
// be wider than int: "Built from %L1 readings." shows the count whole with
// %L1 and takes "1 reading" or "2 readings" from n.

#include <climits>
#include <type_traits>

namespace gw {

template <typename T>
int pluralCount(T count)
{
    static_assert(std::is_integral_v<T>);
    if constexpr (std::is_signed_v<T>)
        return count > T(INT_MAX) ? INT_MAX : count < T(INT_MIN) ? INT_MIN : int(count);
    else
        return count > T(INT_MAX) ? INT_MAX : int(count);
}

} // namespace gw
