#pragma once

// Whether this test program runs under AddressSanitizer, and how much longer
// work may take there, where a program runs several times slower and the
// suite runs two tests a core: the bounds of tests that wait for work to end
// (or count a process's CPU) are multiplied by it; 1 in a plain build, where
// the bounds are as written. Seen on a 2-core machine at -j4: a replay of an
// hour 10 s and more, a week's 60 s and more, an idle agent 76 ticks in 3 s
// (each under 1/3 of that alone).
//
// Asked of the running program, not of the compiler: a test's own files are
// compiled alike in both builds and only the product is instrumented (the
// top CMakeLists.txt), so what tells the two apart is whether the
// sanitizer's runtime was linked in. Its entry point is then defined; in a
// plain program the weak reference stays null.

extern "C" void __asan_init() __attribute__((weak)); // NOLINT(bugprone-reserved-identifier)

namespace gw::test {

inline bool underAddressSanitizer()
{
    return &__asan_init != nullptr;
}

inline const int kSanitizerSlowdown = underAddressSanitizer() ? 3 : 1;

} // namespace gw::test
