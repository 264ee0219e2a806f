#include "models/reservationsview.h"

#include "common/freshness.h"

#include <QDateTime>

namespace gw {

namespace {

QString clockTime(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms).toLocalTime().toString(QStringLiteral("HH:mm"));
}

} // namespace

ReservationsView::ReservationsView(QObject* parent)
    : QObject(parent)
    , m_now([] { return QDateTime::currentMSecsSinceEpoch(); })
{
    qRegisterMetaType<gw::AllocationState>();
}

void ReservationsView::setClock(std::function<qint64()> nowMs)
{
    m_now = std::move(nowMs);
}

void ReservationsView::setState(const QString& server, const AllocationState& state)
{
    const auto it = m_states.constFind(server);
    const bool same = it != m_states.cend() && it->reservations == state.reservations &&
                      it->waiting == state.waiting;
    m_states.insert(server, state);
    // A poll that changes nothing but its time moves no row; the age of an
    // old state is read when shown.
    if (!same)
        Q_EMIT changed(server);
}

void ReservationsView::removeServer(const QString& server)
{
    if (m_states.remove(server) > 0)
        Q_EMIT changed(server);
}

QList<Reservation> ReservationsView::reservations(const QString& server,
                                                  const QStringList& unitIds) const
{
    QList<Reservation> out;
    const auto it = m_states.constFind(server);
    if (it == m_states.cend())
        return out;
    const qint64 now = m_now();
    for (const Reservation& r : it->reservations) {
        if (r.expiresMs <= now)
            continue;
        bool holds = unitIds.isEmpty();
        for (const QString& id : unitIds)
            holds = holds || r.units.contains(id);
        if (holds)
            out << r;
    }
    return out;
}

QList<WaitingCaller> ReservationsView::waiting(const QString& server) const
{
    QList<WaitingCaller> out;
    const auto it = m_states.constFind(server);
    if (it == m_states.cend())
        return out;
    const qint64 now = m_now();
    for (const WaitingCaller& w : it->waiting)
        if (w.deadlineMs > now)
            out << w;
    return out;
}

std::optional<qint64> ReservationsView::ageMs(const QString& server) const
{
    const auto it = m_states.constFind(server);
    if (it == m_states.cend())
        return std::nullopt;
    return std::max<qint64>(0, m_now() - it->nowMs);
}

QStringList ReservationsView::unitIdsOf(const GpuSample& gpu)
{
    QStringList ids{QString::number(gpu.index)};
    for (const MigInstance& m : gpu.migInstances)
        ids << (m.uuid.startsWith(QLatin1String("MIG-")) ? m.uuid
                                                         : QStringLiteral("MIG-") + m.uuid);
    return ids;
}

QString ReservationsView::reservationText(const Reservation& r)
{
    return tr("Reserved for %1 since %2 until %3 (%n GPUs: %4)", nullptr, int(r.units.size()))
        .arg(r.user, clockTime(r.createdMs), clockTime(r.expiresMs),
             r.units.join(QStringLiteral(", ")));
}

QString ReservationsView::waitingText(const QList<WaitingCaller>& waiting)
{
    if (waiting.isEmpty())
        return {};
    QStringList who;
    for (const WaitingCaller& w : waiting)
        who << tr("%1 since %2").arg(w.user, clockTime(w.sinceMs));
    return tr("%n jobs waiting for GPUs (%1)", nullptr, int(waiting.size()))
        .arg(who.join(QStringLiteral(", ")));
}

bool ReservationsView::linkUp(const LinkStatus* link)
{
    return !link || link->state == LinkState::Connected || link->state == LinkState::Stale;
}

QStringList ReservationsView::gpuLines(const QString& server, const GpuSample& gpu,
                                       bool linkUp) const
{
    QStringList lines;
    for (const Reservation& r : reservations(server, unitIdsOf(gpu)))
        lines << reservationText(r);
    const QString waits = waitingText(waiting(server));
    if (!waits.isEmpty())
        lines << waits;
    const auto age = ageMs(server);
    if (age && (!linkUp || *age > kOldAfterMs)) {
        for (QString& line : lines)
            line = tr("as of %1 ago: %2").arg(ageText(*age), line);
    }
    return lines;
}

QString ReservationsView::gpuMark(const QString& server, const GpuSample& gpu) const
{
    return reservations(server, unitIdsOf(gpu)).isEmpty() ? QString() : tr("reserved");
}

} // namespace gw
