#pragma once

// What the window says about its sources: the status bar (the backend's and
// other sources' lines, the history's trouble, the last update) and the
// banner above the Live tab for what needs the admin's attention (no GPU on
// this machine, tokens the keychain could not give).

#include <QMap>
#include <QStatusBar>
#include <QStringList>

class QLabel;

namespace gw {

class LiveState;

class StatusLine final : public QStatusBar
{
    Q_OBJECT
public:
    explicit StatusLine(const LiveState* fleet, QWidget* parent = nullptr);

    // The banner widget; the window places it (it is not part of the bar).
    QLabel* banner() const { return m_banner; }
    // "History off: …" (hidden while history works).
    QLabel* historyLabel() const { return m_history; }
    QString text() const;
    QString backendMessage() const { return m_backendMessage; }

    void setBackendStatus(const QString& message);
    void setSourceStatus(const QString& source, const QString& message);
    void showHistoryError(const QString& message);
    void showKeychainErrors(const QStringList& errors);
    void showUpdated(qint64 timestampMs);
    // The selected server's reading time and age: "Updated 12:35:02" while
    // fresh, "gpu-lab-02: stale — last reading 4 min ago", greyed, once stale.
    void showSelected(const QString& server);
    // "2 servers stale", with their names and ages in the tooltip; empty
    // (hidden) while every server is fresh. Counted from LiveState::freshness
    // (the newest reading older than its threshold, or the link down) each
    // freshness check and whenever a server's readings or link change, so
    // it says what the tree says.
    QString staleSummary() const;
    QString staleToolTip() const;
    QString updatedText() const;
    // Whether any server has a GPU may have changed.
    void updateBanner();

private:
    void updateLine();
    void updateFreshness();
    void updateFreshnessSoon(); // once for a batch of servers updated

    const LiveState* m_fleet;
    QLabel* m_banner;
    QLabel* m_backend;
    QLabel* m_updated;
    QLabel* m_history;
    QLabel* m_historyIcon;
    QLabel* m_stale;
    QString m_selected;
    bool m_freshnessDue = false;
    QString m_backendMessage;
    QStringList m_keychainErrors;
    QMap<QString, QString> m_sourceStatus;
};

} // namespace gw
