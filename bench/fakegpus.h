#pragma once

// What the agent benches run on: eight H100s of the fake libnvidia-ml.so
// (GW_FAKE_NVML_DIR), busy at 50 %.

#include <QByteArray>
#include <QProcessEnvironment>
#include <QString>

namespace gw::bench {

inline QByteArray eightH100Scenario()
{
    QByteArray scenario = "driver 550.54.15\nnvml 12.550.54.15\n";
    for (int g = 0; g < 8; ++g)
        scenario += "gpu " + QByteArray::number(g) +
                    " name=\"NVIDIA H100 80GB HBM3\" uuid=GPU-00000000-0000-4000-8000-00000000000" +
                    QByteArray::number(g) +
                    " util=50 memutil=10 memused=20000MiB "
                    "memtotal=81559MiB temp=55 power=400000 powerlimit=700000 smclock=1980 "
                    "fan=30 persistence=1\n";
    return scenario;
}

// The environment that points NVML at the fake library reading `scenarioPath`.
inline QProcessEnvironment fakeNvmlEnvironment(const QString& scenarioPath)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("LD_LIBRARY_PATH"), QStringLiteral(GW_FAKE_NVML_DIR));
    env.insert(QStringLiteral("GW_FAKE_NVML_SCENARIO"), scenarioPath);
    return env;
}

} // namespace gw::bench
