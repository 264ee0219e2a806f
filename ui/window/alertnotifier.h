#pragma once

// The desktop's alerts: a tray notification when the policies find
// something new (a hog, an idle GPU, a user over quota) or act on it (an
// idle warning, a terminate), in the words of policyEventText. Not for every
// update of an event: its figures grow every reading. At most one alert per
// kind and user every 10 minutes, so a flapping process does not flood the
// desktop. Without a system tray, alerted() alone carries them (the status
// line, the log).

#include "policy/policyevent.h"

#include <QHash>
#include <QObject>
#include <QPointer>

#include <functional>

class QSystemTrayIcon;

namespace gw {

class AlertNotifier final : public QObject
{
    Q_OBJECT
public:
    static constexpr qint64 kQuietMs = 10 * 60'000;

    // The one status-line message of an alert: its title, then its text
    // (which does not repeat the title).
    static QString statusLine(const QString& title, const QString& text);

    struct Alert
    {
        QString key; // "hog/alice", "idle/bob/terminate": what the rate limit counts
        QString title;
        QString text;
        qint64 atMs = 0;
    };

    // `tray` may be null or not shown: then only alerted() tells.
    explicit AlertNotifier(QSystemTrayIcon* tray = nullptr, QObject* parent = nullptr);

    // Milliseconds since the epoch; tests set their own.
    void setClock(std::function<qint64()> clock) { m_clock = std::move(clock); }
    // Hog alerts off ([hog] alert = false): the kinds whose table row says
    // alertSwitchable.
    void setHogAlerts(bool on) { m_hogAlerts = on; }
    QList<Alert> shown() const { return m_shown; }
    // Alerts held back by the rate limit so far.
    int suppressedCount() const { return m_suppressed; }

public Q_SLOTS:
    // Events opened, updated or ended (PolicyService::eventsChanged, the
    // agents' event feeds): new ones and new actions alert, the rest not.
    void eventsChanged(const QList<gw::PolicyEvent>& events);

Q_SIGNALS:
    void alerted(const QString& title, const QString& text);

private:
    void notify(const QString& key, const QString& title, const QString& text);

    QPointer<QSystemTrayIcon> m_tray;
    std::function<qint64()> m_clock;
    bool m_hogAlerts = true;
    QHash<QString, qsizetype> m_seen; // event id → actions already seen
    QHash<QString, qint64> m_last;    // rate-limit key → last alert
    QList<Alert> m_shown;
    int m_suppressed = 0;
};

} // namespace gw
