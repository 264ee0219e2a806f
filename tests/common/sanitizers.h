#pragma once

// How much longer work may take under AddressSanitizer and UBSan, where a
// program runs several times slower and the suite runs two tests a core: the
// bounds of tests that wait for work to end (or count a process's CPU) are
// multiplied by it; 1 in a plain build, where the bounds are as written.
// Seen on a 2-core machine at -j4: a replay of an hour 10 s and more, a
// week's 60 s and more, an idle agent 76 ticks in 3 s (each under 1/3 of
// that alone).

namespace gw::test {

#if defined(__SANITIZE_ADDRESS__)
inline constexpr int kSanitizerSlowdown = 3;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr int kSanitizerSlowdown = 3;
#else
inline constexpr int kSanitizerSlowdown = 1;
#endif
#else
inline constexpr int kSanitizerSlowdown = 1;
#endif

} // namespace gw::test
