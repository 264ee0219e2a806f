#pragma once

// The Live tab's page for a server itself: host, backend, CPU, memory, disk,
// cgroup limits, its GPUs and the sample's warnings.

#include <QList>
#include <QWidget>

class QLabel;

namespace gw {

struct Freshness;
struct Snapshot;

class HostPage final : public QWidget
{
    Q_OBJECT
public:
    explicit HostPage(QWidget* parent = nullptr);

    // backendMessage: what the local source said about its backend; shown
    // instead of the snapshot's backend name when set.
    void showSnapshot(const Snapshot& s, const QString& backendMessage);
    // A remote server that has not answered yet: every figure n/a.
    void showNothing();
    // How old the figures are: the first row says when the reading was taken
    // and how long ago; a stale server's figures are greyed.
    void setFreshness(qint64 timestampMs, const Freshness& f);
    // The text of the "Last reading" row.
    QString lastReadingLine() const;
    // Whether the figures are shown greyed (stale).
    bool greyed() const { return m_greyed; }

private:
    QList<QLabel*> m_values;
    bool m_greyed = false;
};

} // namespace gw
