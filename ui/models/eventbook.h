#pragma once

// The desktop's policy events, from every source (this machine's policy
// service, the agents), one row per event id. An event arrives again each
// time it changes (its figures grow, actions are added, it ends); the newest
// version replaces the one kept, in place, so rows keep their place and only
// the changed row is announced. A version older than the one kept (fewer
// actions, shorter, or open again after it ended) is ignored.
//
// Bounded: closed events that ended more than keepClosedMs before the newest
// time seen are dropped, and past maxEvents the events that started first go.
// UI-free apart from QObject: the models and the timeline read it.

#include "policy/policyevent.h"

#include <QHash>
#include <QList>
#include <QObject>
#include <QString>

namespace gw {

class EventBook final : public QObject
{
    Q_OBJECT
public:
    struct Limits
    {
        int maxEvents = 20'000;
        qint64 keepClosedMs = 7LL * 24 * 3600 * 1000;
    };

    explicit EventBook(QObject* parent = nullptr);

    void setLimits(Limits limits);
    Limits limits() const { return m_limits; }

    int count() const { return int(m_events.size()); }
    const PolicyEvent& at(int row) const { return m_events.at(row); }
    const QList<PolicyEvent>& events() const { return m_events; }
    // The row of an event, -1 when not kept.
    int rowOf(const QString& id) const { return m_rows.value(id, -1); }
    const PolicyEvent* find(const QString& id) const;
    // The newest time any kept event speaks of (a start, a detection, an end,
    // an action): the book's "now" for its limits.
    qint64 newestMs() const { return m_newestMs; }
    // Servers and users of the kept events, sorted.
    QStringList servers() const;
    QStringList users() const;

    // Whether `incoming` is a newer version of `kept` (same id).
    static bool isNewer(const PolicyEvent& incoming, const PolicyEvent& kept);

public Q_SLOTS:
    void addEvents(const QList<gw::PolicyEvent>& events);
    // A server removed: its events go.
    void removeServer(const QString& server);
    // Applies the limits as of nowMs (addEvents applies them as of newestMs()).
    void prune(qint64 nowMs);
    void clear();

Q_SIGNALS:
    // Rows first..last are about to be appended / were appended.
    void eventsAboutToBeAdded(int first, int last);
    void eventsAdded(int first, int last);
    // Row `row` holds a newer version of its event; `previous` is the one it
    // replaced (to tell what changed).
    void eventChanged(int row, const gw::PolicyEvent& previous);
    // Rows first..last are about to go / went (the rows after them move up).
    void eventsAboutToBeRemoved(int first, int last);
    void eventsRemoved(int first, int last);
    // Everything may have changed (cleared, or many scattered rows removed).
    void aboutToBeReset();
    void reset();

private:
    void removeRows(QList<int> rows);
    void reindex(int from);
    static qint64 latestMsOf(const PolicyEvent& e);

    Limits m_limits;
    QList<PolicyEvent> m_events;
    QHash<QString, int> m_rows;
    qint64 m_newestMs = 0;
};

} // namespace gw
