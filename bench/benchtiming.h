#pragma once

// The one timing rule of the painting benchmarks: one warm-up run (caches,
// glyphs, the first layout), then the median of `runs`, in milliseconds.

#include <QElapsedTimer>
#include <QList>

#include <algorithm>
#include <functional>

namespace gw::bench {

inline double medianMs(int runs, const std::function<void()>& work)
{
    work();
    QList<double> ms;
    for (int i = 0; i < runs; ++i) {
        QElapsedTimer t;
        t.start();
        work();
        ms.append(double(t.nsecsElapsed()) / 1e6);
    }
    std::sort(ms.begin(), ms.end());
    return ms.at(ms.size() / 2);
}

} // namespace gw::bench
