// bench_reference_ms: the machine reference that `make bench` prints first
// (bench/benchreference.h says what it measures and why it never changes).

#include "benchreference.h"

int main()
{
    gw::bench::printReference();
    return 0;
}
