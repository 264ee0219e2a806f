#pragma once

// bench_reference_ms: the machine's own figure, printed by every benchmark
// before its figures, so that figures from two machines (or one machine on
// two days) compare by ratio and never as raw milliseconds.
//
// The workload is fixed and single-threaded, and none of it is GPU Warden's
// code (which the benchmarks exist to make faster): a JSON document of
// readings-like objects made by a pinned generator, parsed with Qt and
// walked, then 1,000,000 pseudo-random ints sorted. It is the mix this
// code spends its time on (Qt containers and strings, JSON, sorting).
// Median of five runs after one warm-up; about 0.3 s on the CI's kind of
// machine. Do not change it: a changed reference breaks every comparison
// with figures quoted before (docs/testing.md, "Machine reference").

#include <QByteArray>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <vector>

namespace gw::bench {

namespace reference_detail {

// A 32-bit linear congruential generator (Numerical Recipes' constants):
// the same numbers on every machine and every standard library.
struct Lcg
{
    std::uint32_t state = 12345;
    std::uint32_t next()
    {
        state = state * 1664525u + 1013904223u;
        return state;
    }
};

inline QByteArray referenceDocument()
{
    Lcg rng;
    QByteArray text = "[";
    for (int r = 0; r < 400; ++r) {
        if (r)
            text += ',';
        text += "{\"server\":\"node-" + QByteArray::number(r % 16) +
                "\",\"timestamp_ms\":" + QByteArray::number(1'790'000'000'000LL + r * 1000LL) +
                ",\"gpus\":[";
        for (int g = 0; g < 8; ++g) {
            if (g)
                text += ',';
            text += "{\"index\":" + QByteArray::number(g) + ",\"uuid\":\"GPU-" +
                    QByteArray::number(rng.next(), 16) +
                    "\",\"util\":" + QByteArray::number(rng.next() % 101) +
                    ",\"memory_used_mib\":" + QByteArray::number(rng.next() % 81920) +
                    ",\"temperature_c\":" + QByteArray::number(30 + rng.next() % 60) +
                    ",\"power_w\":" + QByteArray::number(double(rng.next() % 70000) / 100.0) + "}";
        }
        text += "],\"processes\":[";
        for (int p = 0; p < 20; ++p) {
            if (p)
                text += ',';
            text += "{\"pid\":" + QByteArray::number(rng.next() % 4'000'000) + ",\"user\":\"user" +
                    QByteArray::number(rng.next() % 40) +
                    "\",\"command\":\"python train.py --seed " + QByteArray::number(rng.next()) +
                    "\",\"used_memory_mib\":" + QByteArray::number(rng.next() % 40000) + "}";
        }
        text += "]}";
    }
    text += ']';
    return text;
}

inline double referenceRunMs(const QByteArray& document)
{
    QElapsedTimer t;
    t.start();
    double sum = 0;
    for (int i = 0; i < 4; ++i) {
        const QJsonArray readings = QJsonDocument::fromJson(document).array();
        for (const QJsonValue& r : readings) {
            const QJsonObject o = r.toObject();
            for (const QJsonValue& g : o.value(QLatin1String("gpus")).toArray())
                sum += g.toObject().value(QLatin1String("util")).toDouble();
            for (const QJsonValue& p : o.value(QLatin1String("processes")).toArray())
                sum += double(p.toObject().value(QLatin1String("user")).toString().size());
        }
    }
    Lcg rng;
    std::vector<std::uint32_t> v(1'000'000);
    for (std::uint32_t& x : v)
        x = rng.next();
    std::sort(v.begin(), v.end());
    const double ms = double(t.nsecsElapsed()) / 1e6;
    // Keep the work observable, so that no optimiser drops it.
    if (sum < 0 || v.front() > v.back())
        std::fprintf(stderr, "bench_reference: impossible result\n");
    return ms;
}

} // namespace reference_detail

// The median of five runs, in milliseconds.
inline double referenceMs()
{
    const QByteArray document = reference_detail::referenceDocument();
    reference_detail::referenceRunMs(document);
    std::vector<double> runs;
    for (int i = 0; i < 5; ++i)
        runs.push_back(reference_detail::referenceRunMs(document));
    std::sort(runs.begin(), runs.end());
    return runs[runs.size() / 2];
}

// Prints "bench_reference_ms=…" (call first in a benchmark's main).
inline void printReference()
{
    std::printf("bench_reference_ms=%.1f (machine reference: fixed JSON parse + sort, median of "
                "5; compare figures by their ratio to it)\n",
                referenceMs());
    std::fflush(stdout);
}

} // namespace gw::bench
