#pragma once

// The title line of the Live tab: what is selected (server, or server · GPU
// · model), a line under it (GPU count or UUID and bus, the connection of a
// remote server) and the time window of the live charts.

#include <QWidget>

class QComboBox;

namespace gw {

class ElidingLabel;
struct Freshness;
struct GpuSample;
struct LinkStatus;
struct Snapshot;

class LiveHeader final : public QWidget
{
    Q_OBJECT
public:
    explicit LiveHeader(QWidget* parent = nullptr);

    // The connection line of a remote server; empty for local sources (null).
    static QString connectionText(const LinkStatus* link);

    void showServer(const Snapshot& s, const LinkStatus* link);
    void showGpu(const Snapshot& s, const GpuSample& g);
    // A remote server that has not answered yet: who it is and why not.
    void showUnanswered(const QString& server, const LinkStatus* link);

    // How old the figures shown are: a stale server's title is greyed and a
    // line under it says since when ("stale — last reading 4 min ago").
    void setFreshness(const Freshness& f);
    // The stale line as shown (empty while fresh).
    QString staleLine() const;
    // The line under the title as set, without the stale line.
    QString subtitle() const { return m_baseSubtitle; }

    int chartMinutes() const;
    void setChartMinutes(int minutes);

Q_SIGNALS:
    void chartMinutesChanged();

private:
    void setSubtitle(const QString& line);
    void showSubtitle();

    ElidingLabel* m_title;
    ElidingLabel* m_subtitle;
    QString m_baseSubtitle;
    QString m_staleLine;
    QComboBox* m_chartSpan;
};

} // namespace gw
