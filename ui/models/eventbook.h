#pragma once

// The desktop's policy events, from every source (this machine's policy
// service, the agents), one row per event id. An event arrives again each
// time it changes (its figures grow, actions are added, it ends); the newest
// version replaces the one kept, in place, so rows keep their place and only
// the changed row is announced. A version older than the one kept (fewer
// actions, shorter, or open again after it ended) is ignored.
//
// Bounded, and never in silence: closed events that ended more than
// keepClosedMs before the newest time seen are dropped, and past the cap the
// closed events that started first go; open events go only once no closed
// one is left (more open than the cap). The cap is a memory budget over the
// bytes one event takes here (kEventBytes, measured by tst_eventmodel), not a
// count. dropped() says how many went and whose; an event dropped and sent
// again (an agent's stream restarted) is not taken back nor counted twice:
// the last kRememberedDrops ids dropped are remembered (as hashes), and
// what is older than those is known from facts without its id (a closed
// event that ended before an earlier age limit, or started no later than
// a closed event whose id was forgotten), so the memory this takes is
// bounded however many go (the 16-server demo drops ~90,000 a day).
// completeFromMs() says from when the book holds every event.
// UI-free apart from QObject: the models and the timeline read it.

#include "policy/policyevent.h"

#include <QHash>
#include <QList>
#include <QObject>
#include <QSet>
#include <QString>

#include <climits>

namespace gw {

class EventBook final : public QObject
{
    Q_OBJECT
public:
    // The heap one kept event takes (its PolicyEvent, its texts of its own
    // as an agent's JSON gives them, one action, its row in the id index),
    // measured by tst_eventmodel's aFullBookTakesItsMemoryBudget over a full
    // book, rounded up.
    static constexpr qint64 kEventBytes = 736;
    static constexpr qint64 kDefaultBudgetBytes = 16LL * 1024 * 1024;

    struct Limits
    {
        // The memory the kept events may take: the cap is this over
        // kEventBytes (16 MiB: 22,795 events).
        qint64 budgetBytes = kDefaultBudgetBytes;
        qint64 keepClosedMs = 7LL * 24 * 3600 * 1000;
        int maxEvents() const { return capFor(budgetBytes); }
    };
    // The events a budget keeps (at least one).
    static int capFor(qint64 budgetBytes);

    // What the limits dropped since the book was made or cleared. A server
    // removed is not counted: its events were asked to go.
    struct Dropped
    {
        int closed = 0;     // over the cap, the closed events that started first
        int open = 0;       // over the cap with no closed one left, the open that started first
        int aged = 0;       // closed, ended more than keepClosedMs before the newest time
        int fromAgents = 0; // of all these, the events agents sent (addAgentEvents)
        int total() const { return closed + open + aged; }
        bool operator==(const Dropped&) const = default;
    };

    explicit EventBook(QObject* parent = nullptr);

    void setLimits(Limits limits);
    Limits limits() const { return m_limits; }

    int count() const { return int(m_events.size()); }
    const PolicyEvent& at(int row) const { return m_events.at(row); }
    const QList<PolicyEvent>& events() const { return m_events; }
    const Dropped& dropped() const { return m_dropped; }
    // The row of an event, -1 when not kept.
    int rowOf(const QString& id) const { return m_rows.value(id, -1); }
    const PolicyEvent* find(const QString& id) const;
    // The newest time any kept event speaks of (a start, a detection, an end,
    // an action): the book's "now" for its limits.
    qint64 newestMs() const { return m_newestMs; }
    // Servers and users of the kept events, sorted.
    QStringList servers() const;
    QStringList users() const;

    // The ids of dropped events remembered at most (each a hash and the
    // event's start: ~40 bytes with the set's share, ~160 KiB in all).
    static constexpr int kRememberedDrops = 4096;
    int rememberedDrops() const { return int(m_droppedIds.size()); }
    // Every event that started at or after this is kept (0: nothing was
    // dropped, the book is complete): the start of the oldest event kept
    // that started after every event dropped or refused as already gone.
    qint64 completeFromMs() const;

    // Whether `incoming` is a newer version of `kept` (same id).
    static bool isNewer(const PolicyEvent& incoming, const PolicyEvent& kept);

public Q_SLOTS:
    // Events judged here (this computer's policy service, the demo's).
    void addEvents(const QList<gw::PolicyEvent>& events);
    // Events an agent sent: counted apart when dropped, since the agent
    // still serves them (GET /v1/events).
    void addAgentEvents(const QList<gw::PolicyEvent>& events);
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
    // dropped() or completeFromMs() changed (more went, one was refused as
    // gone, or the book was cleared).
    void droppedChanged();

private:
    void add(const QList<PolicyEvent>& events, bool fromAgent);
    void removeRows(QList<int> rows);
    void noteDropped(const PolicyEvent& e);
    void remember(const PolicyEvent& e);
    // Whether `e` (not kept) is one the limits let go before, or older.
    bool goneBefore(const PolicyEvent& e) const;
    void reindex(int from);
    static qint64 latestMsOf(const PolicyEvent& e);

    Limits m_limits;
    QList<PolicyEvent> m_events;
    QHash<QString, int> m_rows;
    qint64 m_newestMs = 0;
    Dropped m_dropped;
    QSet<QString> m_agentServers;
    // Hashes of the last kRememberedDrops ids dropped, oldest first in the
    // ring: an event sent again after it was dropped stays out and is not
    // counted twice.
    struct Remembered
    {
        quint64 hash = 0;
        qint64 startMs = 0;
        bool open = false;
    };
    QSet<quint64> m_droppedIds;
    QList<Remembered> m_droppedRing;
    int m_ringNext = 0; // where the next one goes once the ring is full
    // Facts that stand for the ids no longer remembered: closed events
    // that started no later than this were dropped (or older), and closed
    // events that ended before m_agedBeforeMs went with the age limit.
    qint64 m_forgottenClosedStartMs = LLONG_MIN;
    qint64 m_agedBeforeMs = LLONG_MIN;
    // The newest start of an event dropped or refused as gone.
    qint64 m_goneStartMs = LLONG_MIN;
};

} // namespace gw
