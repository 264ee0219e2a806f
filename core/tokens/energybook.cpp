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
    const qint64 interval = r.intervalMs.value_or(1000);
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
        const qint64 spanMs = now.atMs - last->atMs;
        quint64 mj = 0;
        bool measured = false;
        if (now.energyMj && last->energyMj && *now.energyMj >= *last->energyMj) {
            mj = *now.energyMj - *last->energyMj;
            measured = true;
        } else {
            if (now.energyMj && last->energyMj)
                m_notes << QStringLiteral("%1 GPU %2: the energy counter started again at %3 "
                                          "(the driver reloaded); that span is estimated")
                               .arg(r.server)
                               .arg(g.index)
                               .arg(QDateTime::fromMSecsSinceEpoch(now.atMs, Qt::UTC)
                                        .toString(Qt::ISODate));
            // Trapezoid; one end alone stands for the span (W × ms = mJ).
            const std::optional<double> a = last->powerW ? last->powerW : now.powerW;
            const std::optional<double> b = now.powerW ? now.powerW : last->powerW;
            if (a && b && std::isfinite(*a + *b) && *a + *b >= 0)
                mj = quint64(std::llround((*a + *b) / 2.0 * double(spanMs)));
        }
        m_last.insert(key, now);
        if (mj == 0)
            continue;
        credit(m_gpu, key, mj, !measured);
        credit(m_server, r.server, mj, !measured);
        if (spanMs > kMaxSpanIntervals * interval) {
            credit(m_owner, unattributedKey(), mj, !measured);
            continue;
        }
        for (const EnergyShare& s : splitGpuEnergy(r, pos, mj)) {
            const bool estimated = !measured || s.estimated;
            switch (s.to) {
            case EnergyShare::To::Process: {
                const GpuProcess& p = r.processes[s.process];
                credit(m_owner, p.ownerName(), s.mj, estimated);
                credit(m_account, p.account(), s.mj, estimated);
                break;
            }
            case EnergyShare::To::Holder:
                credit(m_owner, g.holderOwner ? g.holderOwner->user : g.holder->displayName(), s.mj,
                       estimated);
                credit(m_account, g.holderOwner ? g.holderOwner->account : QString(), s.mj,
                       estimated);
                break;
            case EnergyShare::To::Unowned:
                credit(m_owner, unownedKey(), s.mj, estimated);
                break;
            }
        }
    }
}

} // namespace gw
