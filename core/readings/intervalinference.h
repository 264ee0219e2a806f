#pragma once

// The sampling interval of readings that do not carry one (docs/traces.md,
// "Readings without an interval"). A reading stands for the time to the next
// reading of its server, up to 3 × its interval (the time rule of the
// policies, the books and the reports); a reading with no `interval_ms`
// (absent or null) would leave that rule guessing, so the stream infers each
// such server's interval from the spacing of its readings and sets it on
// them before anything consumes them:
//
//   * a server's interval is the lower median of the spacings between its
//     first kSpacings + 1 readings (fewer when it has fewer): one long
//     silence among them does not move it, and half of them regular is
//     enough;
//   * it is found once per server and set on every reading of that server
//     that carries none; a reading that carries its own keeps it;
//   * a server with a single reading has no spacing: its reading is handed
//     on without an interval, and a note says so;
//   * each inference is said once, with the value ("node-1: … inferred
//     30s …"), in notes().
//
// Readings are held (in the order pushed) only until the servers they wait
// for have their spacings: at most kSpacings further readings of each, or
// kMaxHeld readings in all, after which the waiting servers are decided on
// what has arrived. The order of readings is never changed.

#include "model/snapshot.h"

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

#include <deque>
#include <optional>

namespace gw {

class IntervalInference
{
public:
    static constexpr int kSpacings = 5;
    static constexpr qsizetype kMaxHeld = 65'536;

    // The interval the spacings show: their lower median, positive
    // spacings only; nothing without one.
    static std::optional<qint64> inferFrom(QList<qint64> spacings);

    // The next reading, in order; after end(), no more.
    void push(Snapshot reading);
    // No more readings: decide every server still waiting.
    void end();
    // A reading ready to hand on (its interval set where inferred), if any.
    std::optional<Snapshot> pop();

    // One line per server whose interval was inferred or could not be.
    const QStringList& notes() const { return m_notes; }
    std::optional<qint64> inferredMs(const QString& server) const;

private:
    struct Server
    {
        bool decided = false;
        std::optional<qint64> intervalMs; // inferred
        std::optional<qint64> lastMs;
        QList<qint64> spacings;
        int readings = 0;
        bool wanted = false; // a reading of it carries no interval
    };
    void decide(const QString& name, Server& s);
    bool ready(const Snapshot& r) const;

    QHash<QString, Server> m_servers;
    std::deque<Snapshot> m_held;
    QStringList m_notes;
};

} // namespace gw
