#include "readings/readingstream.h"

#include "policy/policyengine.h"

#include <QCoreApplication>
#include <QDateTime>

#include <algorithm>

namespace gw {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(gw::ReadingStream)
};

QString timeText(qint64 ms, const QTimeZone& zone)
{
    return QDateTime::fromMSecsSinceEpoch(ms, zone).toString(QStringLiteral("yyyy-MM-dd HH:mm"));
}

} // namespace

std::unique_ptr<ReadingStream> ReadingStream::open(const ReadingSpec& spec, QString* error)
{
    return open(QList<ReadingSpec>{spec}, error);
}

std::unique_ptr<ReadingStream> ReadingStream::open(const QList<ReadingSpec>& specs, QString* error)
{
    std::unique_ptr<ReadingStream> s(new ReadingStream);
    for (const ReadingSpec& spec : specs) {
        std::unique_ptr<ReadingSource> source = openReadingSource(spec, error);
        if (!source)
            return nullptr;
        s->m_inputs.push_back(Input{spec, std::move(source), std::nullopt, false, 0});
    }
    return s;
}

ReadingStream::~ReadingStream() = default;

quint64 ReadingStream::skipped() const
{
    quint64 n = 0;
    for (const Input& in : m_inputs)
        n += in.skipped + in.source->skipped();
    return n;
}

QStringList ReadingStream::servers() const
{
    QStringList names = m_gaps.keys();
    names.sort();
    return names;
}

bool ReadingStream::fill(Input& in, QString* error)
{
    while (!in.head && !in.ended) {
        std::optional<Snapshot> s = in.source->next(error);
        if (!s) {
            in.ended = true;
            return error->isEmpty();
        }
        const ReadingSpec& spec = in.spec;
        if ((spec.fromMs && s->timestampMs < *spec.fromMs) ||
            (spec.toMs && s->timestampMs >= *spec.toMs) ||
            (!spec.servers.isEmpty() && !spec.servers.contains(s->server))) {
            ++in.skipped;
            continue;
        }
        in.head = std::move(s);
    }
    return true;
}

std::optional<Snapshot> ReadingStream::merged(QString* error)
{
    Input* best = nullptr;
    for (Input& in : m_inputs) {
        if (!fill(in, error))
            return std::nullopt;
        if (!in.head)
            continue;
        if (!best || in.head->timestampMs < best->head->timestampMs ||
            (in.head->timestampMs == best->head->timestampMs &&
             in.head->server < best->head->server))
            best = &in;
    }
    if (!best)
        return std::nullopt;
    std::optional<Snapshot> out = std::move(best->head);
    best->head.reset();
    return out;
}

std::optional<Snapshot> ReadingStream::next(QString* error)
{
    if (!m_error.isEmpty()) {
        *error = m_error;
        return std::nullopt;
    }
    for (;;) {
        if (std::optional<Snapshot> r = m_inference.pop()) {
            measure(*r);
            ++m_handed;
            return r;
        }
        if (m_ended)
            return std::nullopt;
        QString why;
        std::optional<Snapshot> s = merged(&why);
        if (!why.isEmpty()) {
            // What was read before the fault is not handed on: a consumer
            // stops at the error either way.
            m_error = why;
            *error = why;
            return std::nullopt;
        }
        if (!s) {
            m_ended = true;
            m_inference.end();
            continue;
        }
        m_inference.push(std::move(*s));
    }
}

void ReadingStream::measure(const Snapshot& r)
{
    auto it = m_gaps.find(r.server);
    if (it == m_gaps.end()) {
        m_gaps.insert(r.server, Gaps{r.timestampMs, r.timestampMs, r.intervalMs, {}});
        return;
    }
    Gaps& g = *it;
    if (r.timestampMs <= g.lastMs)
        return;
    if (g.intervalMs && *g.intervalMs > 0 && isReadingGap(g.lastMs, r.timestampMs, *g.intervalMs))
        g.gaps.append({g.lastMs + *g.intervalMs, r.timestampMs});
    g.lastMs = r.timestampMs;
    g.intervalMs = r.intervalMs;
}

QStringList ReadingStream::gapWarnings(const QTimeZone& zone) const
{
    return gapWarnings(std::numeric_limits<qint64>::min(), std::numeric_limits<qint64>::max(),
                       zone);
}

QStringList ReadingStream::gapWarnings(qint64 fromMs, qint64 toMs, const QTimeZone& zone) const
{
    QStringList out;
    for (const QString& server : servers()) {
        const Gaps& g = *m_gaps.constFind(server);
        const qint64 from = std::max(fromMs, g.firstMs);
        const qint64 to = std::min(toMs, g.lastMs + std::max<qint64>(0, g.intervalMs.value_or(0)));
        if (to <= from)
            continue;
        qint64 gapMs = 0;
        for (const auto& [a, b] : g.gaps)
            gapMs += std::max<qint64>(0, std::min(b, to) - std::max(a, from));
        if (2 * gapMs <= to - from)
            continue;
        out << Tr::tr("%1: %2 % of the time from %3 to %4 is gaps (no reading for more than 3 "
                      "sampling intervals): what it shows covers little of that time")
                   .arg(server)
                   .arg(qRound(100.0 * double(gapMs) / double(to - from)))
                   .arg(timeText(from, zone), timeText(to, zone));
    }
    return out;
}

} // namespace gw
