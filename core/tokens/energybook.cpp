#include "tokens/energybook.h"

#include "tokens/energy.h"

#include <QDateTime>

#include <cmath>

namespace gw {

void EnergyBook::credit(QHash<QString, Total>& into, const QString& key, quint64 mj, bool estimated)
{
    Total& t = into[key];
    t.mj += mj;
    if (estimated)
        t.estimatedMj += mj;
}

void EnergyBook::add(const Snapshot& r)
{
    // The interval as the books infer it: the reading's own, else the
    // server's last known, else the time since its last reading when that
    // is no gap, else a second.
    Server& server = m_servers[r.server];
    qint64 interval = server.intervalMs > 0 ? server.intervalMs : 1000;
    if (r.intervalMs && *r.intervalMs > 0)
        interval = *r.intervalMs;
    if (server.lastAtMs && r.timestampMs > *server.lastAtMs) {
        const qint64 since = r.timestampMs - *server.lastAtMs;
        if (!(r.intervalMs && *r.intervalMs > 0) && since <= kMaxSpanIntervals * interval)
            server.intervalMs = since;
        else
            server.intervalMs = interval;
    } else if (r.intervalMs && *r.intervalMs > 0) {
        server.intervalMs = *r.intervalMs;
    }
    if (!server.lastAtMs || r.timestampMs > *server.lastAtMs)
        server.lastAtMs = r.timestampMs;
    for (qsizetype pos = 0; pos < r.gpus.size(); ++pos) {
        const GpuSample& g = r.gpus[pos];
        const QString key = r.server + QLatin1Char('/') + g.uuid;
        Last now;
        now.atMs = r.timestampMs;
        now.energyMj = g.healthFacts ? g.healthFacts->energyMj : std::nullopt;
        now.powerW = g.powerW;
        const auto last = m_last.constFind(key);
        if (last == m_last.cend() || now.atMs <= last->atMs) {
            m_last.insert(key, now);
            continue;
        }
        const qint64 lastAtMs = last->atMs;
        const qint64 spanMs = now.atMs - lastAtMs;
        const bool gap = spanMs > kMaxSpanIntervals * interval;
        quint64 mj = 0;
        bool measured = false;
        if (now.energyMj && last->energyMj && *now.energyMj >= *last->energyMj) {
            mj = *now.energyMj - *last->energyMj;
            measured = true;
        } else {
            if (now.energyMj && last->energyMj)
                m_notes << QStringLiteral("%1 GPU %2: the energy counter started again at %3 "
                                          "(the driver reloaded); %4")
                               .arg(r.server)
                               .arg(g.index)
                               .arg(QDateTime::fromMSecsSinceEpoch(now.atMs, Qt::UTC)
                                        .toString(Qt::ISODate),
                                    gap ? QStringLiteral("the gap before it is not counted")
                                        : QStringLiteral("that span is estimated"));
        }
        if (!measured && !gap) {
            // Trapezoid; one end alone stands for the span (W × ms = mJ).
            const std::optional<double> a = last->powerW ? last->powerW : now.powerW;
            const std::optional<double> b = now.powerW ? now.powerW : last->powerW;
            if (a && b && std::isfinite(*a + *b) && *a + *b >= 0)
                mj = quint64(std::llround((*a + *b) / 2.0 * double(spanMs)));
        }
        m_last.insert(key, now);
        // The part of the span inside the window, pro rata.
        const qint64 inFrom = std::max(lastAtMs, m_fromMs);
        const qint64 inTo = std::min(now.atMs, m_toMs);
        if (inTo <= inFrom)
            continue;
        if (inTo - inFrom < spanMs)
            mj = quint64(std::llround(double(mj) * double(inTo - inFrom) / double(spanMs)));
        if (mj == 0)
            continue;
        credit(m_gpu, key, mj, !measured);
        credit(m_server, r.server, mj, !measured);
        if (gap) {
            credit(m_owner, unattributedKey(), mj, !measured);
            continue;
        }
        for (const EnergyShare& s : splitGpuEnergy(r, pos, mj)) {
            const bool estimated = !measured || s.estimated;
            switch (s.to) {
            case EnergyShare::To::Process: {
                const GpuProcess& p = r.processes[s.process];
                credit(m_owner, p.ownerName().isEmpty() ? unattributedKey() : p.ownerName(), s.mj,
                       estimated);
                credit(m_account, p.account(), s.mj, estimated);
                break;
            }
            case EnergyShare::To::Holder: {
                const QString holder =
                    g.holderOwner ? g.holderOwner->user : g.holder->displayName();
                credit(m_owner, holder.isEmpty() ? unattributedKey() : holder, s.mj, estimated);
                credit(m_account, g.holderOwner ? g.holderOwner->account : QString(), s.mj,
                       estimated);
                break;
            }
            case EnergyShare::To::Unowned:
                credit(m_owner, unownedKey(), s.mj, estimated);
                break;
            }
        }
    }
}

} // namespace gw
