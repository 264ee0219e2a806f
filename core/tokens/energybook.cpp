#include "tokens/energybook.h"

#include "tokens/energy.h"

#include <QDateTime>

#include <cstring>
#include <utility>

#include <cmath>

namespace gw {

EnergyBook& EnergyBook::operator=(const EnergyBook& o)
{
    if (this == &o)
        return *this;
    m_servers = o.m_servers;
    for (auto& [name, server] : m_servers) {
        server.total = nullptr;
        for (Slot& slot : server.slots) {
            slot.total = nullptr;
            slot.holder = Credit{};
        }
        server.credits.clear();
    }
    m_lastServer = nullptr;
    m_lastServerName.clear();
    m_unowned = m_unattributed = nullptr;
    m_gpu = o.m_gpu;
    m_owner = o.m_owner;
    m_account = o.m_account;
    m_server = o.m_server;
    m_dirty = true;
    m_notes = o.m_notes;
    m_fromMs = o.m_fromMs;
    m_toMs = o.m_toMs;
    return *this;
}

namespace {

const QString& unattributed()
{
    static const QString key = EnergyBook::unattributedKey();
    return key;
}

const QString& unowned()
{
    static const QString key = EnergyBook::unownedKey();
    return key;
}

const QString& noText()
{
    static const QString none;
    return none;
}

} // namespace

EnergyBook::Slot& EnergyBook::slotOf(Server& server, qsizetype pos, const GpuSample& g)
{
    if (qsizetype(server.slots.size()) <= pos)
        server.slots.resize(size_t(pos + 1));
    Slot& slot = server.slots[size_t(pos)];
    if (!slot.seen || !sharesText(slot.uuid, g.uuid)) {
        // A GPU new at this position (or moved): its state is its own,
        // wherever it was before.
        for (Slot& other : server.slots)
            if (&other != &slot && other.seen && sharesText(other.uuid, g.uuid)) {
                std::swap(other, slot);
                break;
            }
        if (!slot.seen || !sharesText(slot.uuid, g.uuid)) {
            slot = Slot{};
            slot.uuid = g.uuid;
            slot.seen = true;
        }
    }
    return slot;
}

void EnergyBook::pay(Credit& c, const QString& owner, const QString& account, quint64 mj,
                     bool estimated)
{
    if (!c.ownerTotal || !sharesText(c.owner, owner)) {
        c.owner = owner;
        c.ownerTotal = &totalOf(m_owner, owner);
    }
    credit(*c.ownerTotal, mj, estimated);
    if (!c.accountTotal || !sharesText(c.account, account)) {
        c.account = account;
        c.accountTotal = &totalOf(m_account, account);
    }
    credit(*c.accountTotal, mj, estimated);
}

void EnergyBook::add(const Snapshot& r)
{
    if (!m_lastServer || !sharesText(m_lastServerName, r.server)) {
        m_lastServer = &m_servers[r.server];
        m_lastServerName = r.server;
    }
    Server& server = *m_lastServer;
    // The interval as the books infer it: the reading's own, else the
    // server's last known, else the time since its last reading when that
    // is no gap, else a second.
    const bool ownInterval = r.intervalMs && *r.intervalMs > 0;
    qint64 interval = server.intervalMs > 0 ? server.intervalMs : 1000;
    if (ownInterval)
        interval = *r.intervalMs;
    if (server.lastAtMs && r.timestampMs > *server.lastAtMs) {
        const qint64 since = r.timestampMs - *server.lastAtMs;
        server.intervalMs =
            !ownInterval && since <= kMaxSpanIntervals * interval ? since : interval;
    } else if (ownInterval) {
        server.intervalMs = *r.intervalMs;
    }
    if (!server.lastAtMs || r.timestampMs > *server.lastAtMs)
        server.lastAtMs = r.timestampMs;
    // The processes of each GPU, found once: processes come grouped by GPU
    // and share their GPU's uuid's data where the reading was made here.
    const qsizetype gpus = r.gpus.size();
    const qsizetype n = r.processes.size();
    m_gpuOf.resize(size_t(n));
    m_firstOf.assign(size_t(gpus + 1), 0);
    qsizetype guess = 0;
    for (qsizetype i = 0; i < n; ++i) {
        const GpuProcess& p = r.processes[i];
        qsizetype at = -1;
        for (qsizetype k = 0; k < gpus && at < 0; ++k) {
            const qsizetype j = (guess + k) % gpus;
            if (sharesText(r.gpus[j].uuid, p.gpuUuid))
                at = j;
        }
        for (qsizetype j = 0; j < gpus && at < 0; ++j)
            if (runsOnGpu(r.gpus[j], p))
                at = j;
        m_gpuOf[i] = at;
        if (at >= 0) {
            guess = at;
            ++m_firstOf[at + 1];
        }
    }
    for (qsizetype j = 0; j < gpus; ++j)
        m_firstOf[j + 1] += m_firstOf[j];
    m_onGpu.resize(size_t(m_firstOf[size_t(gpus)]));
    m_fill = m_firstOf;
    for (qsizetype i = 0; i < n; ++i)
        if (m_gpuOf[i] >= 0)
            m_onGpu[m_fill[m_gpuOf[i]]++] = i;
    for (qsizetype pos = 0; pos < gpus; ++pos) {
        const GpuSample& g = r.gpus[pos];
        Slot& slot = slotOf(server, pos, g);
        Last now;
        now.atMs = r.timestampMs;
        now.energyMj = g.healthFacts ? g.healthFacts->energyMj : std::nullopt;
        now.powerW = g.powerW;
        const Last last = slot.last;
        const bool first = !std::exchange(slot.started, true);
        if (first || now.atMs <= last.atMs) {
            slot.last = now;
            continue;
        }
        slot.last = now;
        const qint64 spanMs = now.atMs - last.atMs;
        const bool gap = spanMs > kMaxSpanIntervals * interval;
        quint64 mj = 0;
        bool measured = false;
        if (now.energyMj && last.energyMj && *now.energyMj >= *last.energyMj) {
            mj = *now.energyMj - *last.energyMj;
            measured = true;
        } else if (now.energyMj && last.energyMj) {
            m_notes
                << QStringLiteral("%1 GPU %2: the energy counter started again at %3 "
                                  "(the driver reloaded); %4")
                       .arg(r.server)
                       .arg(g.index)
                       .arg(QDateTime::fromMSecsSinceEpoch(now.atMs, Qt::UTC).toString(Qt::ISODate),
                            gap ? QStringLiteral("the gap before it is not counted")
                                : QStringLiteral("that span is estimated"));
        }
        if (!measured && !gap) {
            // Trapezoid; one end alone stands for the span (W × ms = mJ).
            const std::optional<double> a = last.powerW ? last.powerW : now.powerW;
            const std::optional<double> b = now.powerW ? now.powerW : last.powerW;
            if (a && b && std::isfinite(*a + *b) && *a + *b >= 0)
                mj = quint64(std::llround((*a + *b) / 2.0 * double(spanMs)));
        }
        // The part of the span inside the window, pro rata.
        const qint64 inFrom = std::max(last.atMs, m_fromMs);
        const qint64 inTo = std::min(now.atMs, m_toMs);
        if (inTo <= inFrom)
            continue;
        if (inTo - inFrom < spanMs)
            mj = quint64(std::llround(double(mj) * double(inTo - inFrom) / double(spanMs)));
        if (mj == 0)
            continue;
        m_dirty = true;
        if (!slot.total) // made with its first energy: a GPU with none has no total
            slot.total = &totalOf(m_gpu, r.server + QLatin1Char('/') + g.uuid);
        credit(*slot.total, mj, !measured);
        if (!server.total)
            server.total = &totalOf(m_server, r.server);
        credit(*server.total, mj, !measured);
        if (gap) {
            credit(nobody(m_unattributed, unattributed()), mj, !measured);
            continue;
        }
        splitGpuEnergy(r, pos, m_onGpu.data() + m_firstOf[size_t(pos)],
                       m_firstOf[size_t(pos + 1)] - m_firstOf[size_t(pos)], mj, &m_shares);
        for (const EnergyShare& s : std::as_const(m_shares)) {
            const bool estimated = !measured || s.estimated;
            switch (s.to) {
            case EnergyShare::To::Process: {
                const GpuProcess& p = r.processes[s.process];
                if (qsizetype(server.credits.size()) <= s.process)
                    server.credits.resize(size_t(s.process + 1));
                // References all: a copy of a string shared with the reading
                // would count references across threads.
                const QString& owner = p.ownerName();
                pay(server.credits[size_t(s.process)], owner.isEmpty() ? unattributed() : owner,
                    p.owner ? p.owner->account : noText(), s.mj, estimated);
                break;
            }
            case EnergyShare::To::Holder: {
                const QString holder =
                    g.holderOwner ? g.holderOwner->user : g.holder->displayName();
                pay(slot.holder, holder.isEmpty() ? unattributed() : holder,
                    g.holderOwner ? g.holderOwner->account : QString(), s.mj, estimated);
                break;
            }
            case EnergyShare::To::Unowned:
                credit(nobody(m_unowned, unowned()), s.mj, estimated);
                break;
            }
        }
    }
}

} // namespace gw
