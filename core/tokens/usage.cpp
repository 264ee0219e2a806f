#include "tokens/usage.h"

#include "policy/policyengine.h"

#include <QCoreApplication>
#include <QVarLengthArray>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <tuple>

namespace gw {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(gw::UsageMeter)
};

constexpr qint64 kHourMs = 3600 * 1000;
constexpr qint64 kDefaultIntervalMs = 1000; // as the policy engine assumes

qint64 hourOf(qint64 ms)
{
    // Floor, also before 1970.
    return (ms >= 0 ? ms / kHourMs : (ms - kHourMs + 1) / kHourMs) * kHourMs;
}

// "3g.40gb" → 3, where the driver did not give the instance's slices.
std::optional<int> slicesOfProfile(const QString& profile)
{
    const qsizetype g = profile.indexOf(u'g');
    if (g <= 0)
        return std::nullopt;
    bool ok = false;
    const int n = QStringView(profile).left(g).toInt(&ok);
    return ok && n > 0 ? std::optional<int>(n) : std::nullopt;
}

// Equal text; strings that share their data (copies of one reading's) are
// equal without comparing.
// Short strings (names, uuids) compared inline, as memory: no call into Qt
// a compare.
inline bool sameText(QStringView a, QStringView b)
{
    const qsizetype n = a.size();
    return n == b.size() && (n == 0 || a.data() == b.data() ||
                             std::memcmp(a.data(), b.data(), size_t(n) * sizeof(QChar)) == 0);
}

const QString& emptyText()
{
    static const QString empty;
    return empty;
}

// One unit of use (a whole GPU or a MIG instance) in one reading.
struct Unit
{
    int count = 0;
    int withMemory = 0;
    double memory = 0;
};

// A GPU's energy over the span r stands for: its counter's difference to
// the next reading where the span reaches it and both have the counter,
// else its power over the span (trapezoid with the next reading's). None
// where it reports neither.
std::optional<quint64> spanEnergyMj(const Snapshot& r, qsizetype pos, qint64 spanMs,
                                    const Snapshot* next)
{
    const GpuSample& g = r.gpus[pos];
    const bool reaches = next && next->timestampMs - r.timestampMs == spanMs;
    const GpuSample* later = reaches ? next->gpuByUuid(g.uuid) : nullptr;
    const auto counter = [](const GpuSample* s) {
        return s && s->healthFacts ? s->healthFacts->energyMj : std::nullopt;
    };
    const std::optional<quint64> a = counter(&g), b = counter(later);
    if (a && b && *b >= *a)
        return *b - *a;
    if (!g.powerW || !std::isfinite(*g.powerW) || *g.powerW < 0)
        return std::nullopt;
    double watts = *g.powerW;
    if (later && later->powerW && std::isfinite(*later->powerW) && *later->powerW >= 0)
        watts = (watts + *later->powerW) / 2;
    return quint64(std::llround(watts * double(spanMs)));
}

} // namespace

bool UsageMeter::Key::operator<(const Key& o) const
{
    return std::tie(server, user, gpuModel, migProfile, hourStartMs, account) <
           std::tie(o.server, o.user, o.gpuModel, o.migProfile, o.hourStartMs, o.account);
}

size_t qHash(const UsageMeter::Key& k, size_t seed)
{
    return qHashMulti(seed, k.server, k.user, k.gpuModel, k.migProfile, k.hourStartMs, k.account);
}

void UsageMeter::warnOnce(const QString& text, QStringList* list)
{
    if (m_warned.contains(text))
        return;
    m_warned.insert(text);
    (list ? *list : m_warnings) << text;
}

UsageMeter::ServerState& UsageMeter::serverOf(const QString& name)
{
    // Readings of one server come in runs (a report's meter sees one
    // server): its state is found without hashing the name.
    if (!m_last.state || !sameText(m_last.name, name)) {
        m_last.state = &m_servers[name];
        m_last.name = name;
    }
    return *m_last.state;
}

void UsageMeter::feed(const Snapshot& r)
{
    ServerState& s = serverOf(r.server);
    if (s.pending) {
        const qint64 last = s.pending->timestampMs;
        if (r.timestampMs <= last) {
            // Charged once only: a reading not after the last is refused.
            m_warnings << Tr::tr(
                              "%1: reading at %2 ms not after the last one (%3 ms): refused, not "
                              "charged")
                              .arg(r.server)
                              .arg(r.timestampMs)
                              .arg(last);
            return;
        }
        charge(s, *s.pending, readingSpanMs(last, r.timestampMs, s.intervalMs), &r);
        if (isReadingGap(last, r.timestampMs, s.intervalMs))
            m_gaps << CoverageGap{r.server, last + s.intervalMs, r.timestampMs};
    }
    // The interval: the reading's own, else what the readings show (as the
    // policy engine infers it).
    if (r.intervalMs && *r.intervalMs > 0)
        s.intervalMs = *r.intervalMs;
    else if (s.pending && !isReadingGap(s.pending->timestampMs, r.timestampMs, s.intervalMs))
        s.intervalMs = std::max<qint64>(1, r.timestampMs - s.pending->timestampMs);
    else if (s.intervalMs <= 0)
        s.intervalMs = kDefaultIntervalMs;
    s.pending = r;
}

void UsageMeter::finish()
{
    // Each server's last reading stands for one interval.
    for (auto& entry : m_servers) { // by name
        ServerState& s = entry.second;
        if (s.pending)
            charge(s, *s.pending, s.intervalMs, nullptr);
        s.pending.reset();
    }
}

qsizetype UsageMeter::amountFor(ServerState& s, qsizetype processPos, const QString& server,
                                const QString& user, const QString& account,
                                const QString& gpuModel, const QString& profile, qint64 hour)
{
    if (qsizetype(s.cache.size()) <= processPos)
        s.cache.resize(size_t(processPos + 1));
    CachedFact& c = s.cache[size_t(processPos)];
    if (c.index >= 0 && c.hourStartMs == hour && sameText(c.user, user) &&
        sameText(c.gpuModel, gpuModel) && sameText(c.migProfile, profile) &&
        sameText(c.account, account))
        return c.index;
    Key key{server, user, gpuModel, profile, hour, account};
    auto it = m_index.constFind(key);
    if (it == m_index.constEnd()) {
        it = m_index.insert(key, m_amounts.size());
        m_amounts.append({std::move(key), Amount{}});
    }
    c = CachedFact{user, gpuModel, profile, hour, *it, account};
    return *it;
}

void UsageMeter::charge(ServerState& s, const Snapshot& r, qint64 spanMs, const Snapshot* next)
{
    if (spanMs <= 0)
        return;
    if (qsizetype(s.modelsNoted.size()) < r.gpus.size())
        s.modelsNoted.resize(size_t(r.gpus.size()));
    for (qsizetype j = 0; j < r.gpus.size(); ++j) {
        const QString& name = r.gpus[j].name;
        QString& noted = s.modelsNoted[size_t(j)];
        if (name.isEmpty() || sameText(noted, name))
            continue;
        m_models.insert(name);
        noted = name;
    }
    const qsizetype n = r.processes.size();
    if (n == 0)
        return;
    QVarLengthArray<ProcessUtilisation, 64> util(n);
    attributeProcessUtilisation(r, util.data());

    // Units and the memory held on each: a process's share of its unit. A
    // reading holds a few units: a short list, looked through.
    struct UnitOf
    {
        QStringView key;
        Unit unit;
    };
    QVarLengthArray<UnitOf, 16> units;
    QVarLengthArray<qsizetype, 64> unitAt(n); // each process's unit, found once
    auto unitKey = [](const GpuProcess& p) {
        return QStringView(p.migUuid.isEmpty() ? p.gpuUuid : p.migUuid);
    };
    auto unitOf = [&units](QStringView key) -> qsizetype {
        // Processes of one unit share its uuid's data: a match without
        // reading the text first, then by text.
        for (qsizetype k = 0; k < units.size(); ++k)
            if (units[k].key.data() == key.data() && units[k].key.size() == key.size())
                return k;
        for (qsizetype k = 0; k < units.size(); ++k)
            if (sameText(units[k].key, key))
                return k;
        units.append(UnitOf{key, Unit{}});
        return units.size() - 1;
    };
    for (qsizetype i = 0; i < n; ++i) {
        const GpuProcess& p = r.processes[i];
        unitAt[i] = -1;
        if (util[i].gpuPos < 0)
            continue;
        unitAt[i] = unitOf(unitKey(p));
        Unit& u = units[unitAt[i]].unit;
        ++u.count;
        if (p.usedMemoryMiB && *p.usedMemoryMiB > 0) {
            u.memory += *p.usedMemoryMiB;
            ++u.withMemory;
        }
    }

    // Each process's part of its GPU's energy over the span (mJ; −1: its
    // GPU reported none), the GPU's found once.
    QVarLengthArray<double, 64> energy(n);
    std::fill(energy.begin(), energy.end(), -1.0);
    QVarLengthArray<bool, 16> gpuDone(r.gpus.size());
    std::fill(gpuDone.begin(), gpuDone.end(), false);
    for (qsizetype i = 0; m_countEnergy && i < n; ++i) {
        const qsizetype pos = util[i].gpuPos;
        if (pos < 0 || gpuDone[pos])
            continue;
        gpuDone[pos] = true;
        if (const std::optional<quint64> mj = spanEnergyMj(r, pos, spanMs, next)) {
            splitGpuEnergy(r, pos, *mj, &m_shares);
            for (const EnergyShare& e : std::as_const(m_shares))
                if (e.to == EnergyShare::To::Process)
                    energy[e.process] = double(e.mj);
        }
    }

    for (qsizetype i = 0; i < n; ++i) {
        const GpuProcess& p = r.processes[i];
        if (util[i].gpuPos < 0) {
            warnOnce(Tr::tr("%1: process %2 on GPU %3, which is not in the reading: not charged")
                         .arg(r.server)
                         .arg(p.pid)
                         .arg(p.gpuUuid));
            continue;
        }
        const GpuSample& g = r.gpus[util[i].gpuPos];
        const QString& owner = p.ownerName();
        if (owner.isEmpty()) {
            // Its share still counts in the split, so nobody else pays for it.
            warnOnce(
                Tr::tr("%1: process %2 on %3 has no user: its GPU time is not charged to anyone")
                    .arg(r.server)
                    .arg(p.pid)
                    .arg(g.name.isEmpty() ? g.uuid : g.name));
            continue;
        }
        if (g.name.isEmpty()) {
            warnOnce(
                Tr::tr("%1: GPU %2 reports no name: its use is not charged").arg(r.server, g.uuid));
            continue;
        }
        // The unit's fraction of the GPU.
        double fraction = 1;
        QString profile;
        int migSlices = 0, gpuSlices = 0;
        if (!p.migUuid.isEmpty()) {
            const MigInstance* mig = g.migByUuid(p.migUuid);
            profile = mig ? mig->profile : QString();
            std::optional<int> slices = mig ? mig->computeSlices : std::nullopt;
            if (!slices && mig)
                slices = slicesOfProfile(mig->profile);
            if (!mig || !slices || !g.migSliceCount || *g.migSliceCount <= 0 ||
                *slices > *g.migSliceCount) {
                // Charging the whole GPU over-charges; leaving it out would
                // hide the use. Said, and charged as the whole GPU.
                warnOnce(
                    Tr::tr("%1: MIG instance %2 on %3: slices unknown, charged as the whole GPU")
                        .arg(r.server, p.migUuid, g.name));
                profile.clear();
            } else {
                migSlices = *slices;
                gpuSlices = *g.migSliceCount;
                fraction = double(migSlices) / gpuSlices;
            }
        }
        const Unit& u = units[unitAt[i]].unit;
        double share = 1;
        if (u.count > 1) {
            if (u.withMemory == u.count && u.memory > 0)
                share = *p.usedMemoryMiB / u.memory;
            else
                share = 1.0 / u.count;
        }
        // Used: the process's utilisation is of its whole unit, so the
        // compute it used is the unit's time × that utilisation (with one
        // process on a unit: held × utilisation). Where the driver gives
        // none (MIG, utilisation not reported), used = held, said once.
        std::optional<double> busy;
        if (util[i].percent)
            busy = std::clamp(*util[i].percent / 100.0, 0.0, 1.0);
        else
            warnOnce(Tr::tr("%1: no utilisation for %2 on %3: its used time is charged as held")
                         .arg(r.server, owner, g.name),
                     &m_usedWarnings);
        const QString& account = p.owner ? p.owner->account : emptyText();

        // The span split across UTC hours.
        qint64 from = r.timestampMs;
        const qint64 end = r.timestampMs + spanMs;
        while (from < end) {
            const qint64 hour = hourOf(from);
            const qint64 to = std::min(end, hour + kHourMs);
            const double seconds = double(to - from) / 1000.0;
            Amount& a =
                m_amounts[amountFor(s, i, r.server, owner, account, g.name, profile, hour)].second;
            a.migSlices = migSlices;
            a.gpuSlices = gpuSlices;
            const double held = seconds * fraction * share;
            a.held += held;
            a.used += busy ? seconds * fraction * *busy : held;
            if (energy[i] >= 0)
                a.energyMj += energy[i] * double(to - from) / double(spanMs);
            else if (m_countEnergy)
                a.noEnergySeconds += held;
            from = to;
        }
    }
}

QList<UsageFact> UsageMeter::facts() const
{
    QList<qsizetype> order(m_amounts.size());
    for (qsizetype i = 0; i < order.size(); ++i)
        order[i] = i;
    std::sort(order.begin(), order.end(),
              [this](qsizetype a, qsizetype b) { return m_amounts[a].first < m_amounts[b].first; });
    QList<UsageFact> out;
    out.reserve(order.size());
    for (const qsizetype i : std::as_const(order)) {
        const auto& [k, a] = m_amounts[i];
        out << UsageFact{k.server,    k.user,      k.gpuModel,    k.migProfile,
                         a.migSlices, a.gpuSlices, k.hourStartMs, a.held,
                         a.used,      k.account,   a.energyMj,    a.noEnergySeconds};
    }
    return out;
}

QList<CoverageGap> UsageMeter::gaps() const
{
    return m_gaps;
}

QStringList UsageMeter::warnings() const
{
    return m_warnings;
}

QStringList UsageMeter::usedWarnings() const
{
    return m_usedWarnings;
}

QSet<QString> UsageMeter::gpuModelsSeen() const
{
    return m_models;
}

QList<UsageFact> usageFromReadings(const QList<Snapshot>& readings, QList<CoverageGap>* gaps)
{
    UsageMeter m;
    for (const Snapshot& r : readings)
        m.feed(r);
    m.finish();
    if (gaps)
        *gaps = m.gaps();
    return m.facts();
}

} // namespace gw
