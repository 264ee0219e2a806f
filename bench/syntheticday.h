#pragma once

// A realistic day of one 8-GPU server at 1 Hz, shared by bench_history and
// its Prometheus comparison: jobs of 10 min to 3 h with idle stretches
// between them, noisy utilisation, memory held per job (a notebook sometimes
// holds memory while idle), temperature following load with a lag, power
// following load with noise. Deterministic: the same seed gives the same day.

#include "model/snapshot.h"

#include <QString>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

namespace gw::bench {

class SyntheticDay
{
public:
    static constexpr int kSeconds = 24 * 3600;

    explicit SyntheticDay(qint64 startMs, int gpus = 8, int seconds = kSeconds, quint32 seed = 7)
        : m_startMs(startMs)
        , m_seconds(seconds)
    {
        for (int g = 0; g < gpus; ++g) {
            Gpu gpu;
            gpu.uuid =
                QStringLiteral("GPU-5e1f0000-0000-4000-8000-%1").arg(g, 12, 10, QLatin1Char('0'));
            gpu.rng.seed(seed * 1000 + quint32(g));
            m_gpus.push_back(gpu);
        }
    }

    qint64 startMs() const { return m_startMs; }
    int seconds() const { return m_seconds; }
    int gpuCount() const { return int(m_gpus.size()); }
    QString uuid(int gpu) const { return m_gpus[size_t(gpu)].uuid; }

    // The next second's snapshot; call in order.
    Snapshot next()
    {
        Snapshot s;
        s.server = QStringLiteral("gpu-node-01");
        s.backend = QStringLiteral("synthetic");
        s.timestampMs = m_startMs + qint64(m_second) * 1000;
        s.host.hostname = s.server;
        for (size_t i = 0; i < m_gpus.size(); ++i)
            s.gpus.append(step(m_gpus[i], int(i)));
        ++m_second;
        return s;
    }

private:
    struct Gpu
    {
        QString uuid;
        std::mt19937 rng;
        int phaseLeft = 0;
        bool busy = false;
        double level = 0;  // job's mean utilisation
        double memory = 0; // MiB held
        double temp = 34;  // lagging temperature
    };

    GpuSample step(Gpu& g, int index)
    {
        std::uniform_real_distribution<double> u(0, 1);
        std::normal_distribution<double> n(0, 1);
        if (g.phaseLeft <= 0) {
            g.busy = !g.busy && u(g.rng) < 0.75;
            g.phaseLeft = int(600 + u(g.rng) * (g.busy ? 10200 : 5400));
            g.level = 55 + u(g.rng) * 43;
            if (g.busy)
                g.memory = std::round(8000 + u(g.rng) * 70000);
            else if (u(g.rng) < 0.6)
                g.memory = 0;
        }
        --g.phaseLeft;
        GpuSample s;
        s.index = index;
        s.uuid = g.uuid;
        s.name = QStringLiteral("NVIDIA H100 80GB HBM3");
        s.vendor = QStringLiteral("nvidia");
        double util = 0;
        if (g.busy)
            util = std::clamp(std::round(g.level + n(g.rng) * 3 - (u(g.rng) < 0.02 ? 40 : 0)), 0.0,
                              100.0);
        else if (u(g.rng) < 0.03)
            util = std::round(u(g.rng) * 3);
        g.temp += ((34 + util * 0.42) - g.temp) / 90;
        s.utilizationGpuPercent = util;
        s.memoryUsedMiB = g.memory + (g.busy && u(g.rng) < 0.01 ? 512 : 0);
        s.temperatureC = std::round(g.temp);
        // DCGM reports milliwatt-resolution watts; the store keeps 0.1 W.
        s.powerW = std::round((70 + util * 5.8 + n(g.rng) * (g.busy ? 4 : 0.4)) * 1000) / 1000;
        return s;
    }

    qint64 m_startMs;
    int m_seconds;
    int m_second = 0;
    std::vector<Gpu> m_gpus;
};

} // namespace gw::bench
