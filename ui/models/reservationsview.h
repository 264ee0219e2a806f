#pragma once

// What the desktop knows of the reservations and waiting callers of each
// agent (GET /v1/allocate, polled by AgentLink every few seconds), keyed by
// server, with the words the GPU page and the tree show:
//   "Reserved for alice since 14:02 until 14:04 (2 GPUs: 1, 3)"
//   "2 jobs waiting for GPUs (bob since 14:01, carol since 14:03)"
// A server's state is as of its last answer: when the link is down, or the
// answer is older than kOldAfterMs, the lines say how old they are
// ("as of 4 min ago: …") instead of passing for the present. A reservation
// past its expiry and a caller past its deadline are not shown, even before
// the next answer says so.

#include "coord/coordjson.h"
#include "model/linkstatus.h"
#include "model/snapshot.h"

#include <QHash>
#include <QObject>
#include <QStringList>

#include <functional>
#include <optional>

namespace gw {

class ReservationsView final : public QObject
{
    Q_OBJECT
public:
    // Three slow polls (AgentLink::kAllocationPollInterval) without an answer.
    static constexpr qint64 kOldAfterMs = 15'000;

    explicit ReservationsView(QObject* parent = nullptr);

    // The clock (ms since the epoch) expiry and age are measured with.
    void setClock(std::function<qint64()> nowMs);

    // Reservations held now on `server` (all when unitIds is empty; else
    // those holding any of them), oldest first.
    QList<Reservation> reservations(const QString& server, const QStringList& unitIds = {}) const;
    // Callers waiting now on `server`, oldest first.
    QList<WaitingCaller> waiting(const QString& server) const;
    // How old the server's state is; nullopt before its first answer.
    std::optional<qint64> ageMs(const QString& server) const;

    // The unit ids of a GPU: its index, and its MIG instances ("MIG-…").
    static QStringList unitIdsOf(const GpuSample& gpu);
    // "Reserved for alice since 14:02 until 14:04 (2 GPUs: 1, 3)" (local time).
    static QString reservationText(const Reservation& r);
    // "2 jobs waiting for GPUs (bob since 14:01, carol since 14:03)"; empty
    // when none waits.
    static QString waitingText(const QList<WaitingCaller>& waiting);

    // Whether a server's state is being kept current: its agent answers
    // (connected, or stale readings but answering). Null (no link) counts
    // as up, leaving the age alone to decide.
    static bool linkUp(const LinkStatus* link);

    // The lines for one GPU of `server`: its reservations, then the callers
    // waiting on the server; each prefixed "as of N ago: " when the state
    // is old or `linkUp` is false. Empty: nothing to say.
    QStringList gpuLines(const QString& server, const GpuSample& gpu, bool linkUp) const;
    // The short mark of a reserved GPU row ("reserved"); empty when none holds it.
    QString gpuMark(const QString& server, const GpuSample& gpu) const;

public Q_SLOTS:
    // An agent's answer, times on this workstation's clock.
    void setState(const QString& server, const gw::AllocationState& state);
    void removeServer(const QString& server);

Q_SIGNALS:
    void changed(const QString& server);

private:
    std::function<qint64()> m_now;
    QHash<QString, AllocationState> m_states;
};

} // namespace gw
