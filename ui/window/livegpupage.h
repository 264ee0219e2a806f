#pragma once

// The Live tab's page for one GPU: four live charts (utilisation, memory,
// temperature, power) and a line of its other figures.

#include <QList>
#include <QWidget>

class QLabel;

namespace gw {

class LiveChart;
class LiveHistory;
struct GpuSample;

class LiveGpuPage final : public QWidget
{
    Q_OBJECT
public:
    explicit LiveGpuPage(QWidget* parent = nullptr);

    // The figures of g, and the chart limits that come with it (its memory
    // size, its power limit).
    void showGpu(const GpuSample& g);
    // Redraws the charts from history: server's GPU uuid over [fromMs, toMs].
    void refresh(const LiveHistory& history, const QString& server, const QString& uuid,
                 qint64 fromMs, qint64 toMs);

    LiveChart* utilisationChart() const { return m_utilisation; }
    LiveChart* memoryChart() const { return m_memory; }
    LiveChart* temperatureChart() const { return m_temperature; }
    LiveChart* powerChart() const { return m_power; }
    QList<LiveChart*> charts() const { return {m_utilisation, m_memory, m_temperature, m_power}; }

private:
    LiveChart* m_utilisation;
    LiveChart* m_memory;
    LiveChart* m_temperature;
    LiveChart* m_power;
    QLabel* m_details;
};

} // namespace gw
