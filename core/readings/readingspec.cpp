#include "readings/readingspec.h"

#include "history/historyreadings.h"
#include "model/trace.h"
#include "sources/demoworld.h"

#include <QCoreApplication>
#include <QDateTime>

#include <limits>

namespace gw {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(gw::ReadingStream)
};

// A trace, line by line (the trace reader's strict parser and order rule).
class TraceSource final : public ReadingSource
{
public:
    bool open(const QString& path, QString* error) { return m_reader.open(path, error); }
    std::optional<Snapshot> next(QString* error) override
    {
        if (auto s = m_reader.next())
            return s;
        if (m_reader.hasError())
            *error = m_reader.error();
        return std::nullopt;
    }

private:
    TraceReader m_reader;
};

// The history store's readings, rebuilt a window at a time.
class HistorySource final : public ReadingSource
{
public:
    explicit HistorySource(std::unique_ptr<HistoryReadings> readings)
        : m_readings(std::move(readings))
    {}
    std::optional<Snapshot> next(QString* error) override { return m_readings->next(error); }

private:
    std::unique_ptr<HistoryReadings> m_readings;
};

// The demo fleet sampled every second over [from, to): at each second every
// server (by index) in turn, made when asked for, so a day of 16 servers
// (1.38 million readings) streams in constant memory.
class DemoSource final : public ReadingSource
{
public:
    static constexpr qint64 kStepMs = 1000;

    DemoSource(int servers, qint64 from, qint64 to, const QStringList& only)
        : m_world(servers)
        , m_to(to)
    {
        const QStringList names = m_world.names();
        for (qsizetype i = 0; i < names.size(); ++i)
            if (only.isEmpty() || only.contains(names[i]))
                m_servers.append(int(i));
        // The first whole second at or after `from`.
        m_t = from % kStepMs == 0 ? from : from - ((from % kStepMs + kStepMs) % kStepMs) + kStepMs;
    }
    std::optional<Snapshot> next(QString*) override
    {
        if (m_servers.isEmpty())
            return std::nullopt;
        if (m_next == m_servers.size()) {
            m_next = 0;
            m_t += kStepMs;
        }
        if (m_t >= m_to)
            return std::nullopt;
        Snapshot s = m_world.serverAt(m_servers[m_next++], m_t);
        s.intervalMs = kStepMs;
        return s;
    }

private:
    DemoWorld m_world;
    QList<int> m_servers; // indexes asked for
    qint64 m_t = 0;
    qint64 m_to = 0;
    qsizetype m_next = 0;
};

} // namespace

ReadingSpec ReadingSpec::trace(const QString& path)
{
    ReadingSpec s;
    s.kind = Kind::Trace;
    s.path = path;
    return s;
}

ReadingSpec ReadingSpec::history(const QString& path)
{
    ReadingSpec s;
    s.kind = Kind::History;
    s.path = path;
    return s;
}

ReadingSpec ReadingSpec::demo(int servers)
{
    ReadingSpec s;
    s.kind = Kind::Demo;
    s.demoServers = servers;
    return s;
}

ReadingSpec ReadingSpec::fromOpener(Opener opener)
{
    ReadingSpec s;
    s.kind = Kind::Opener;
    s.opener = std::move(opener);
    return s;
}

ReadingSpec ReadingSpec::within(std::optional<qint64> from, std::optional<qint64> to,
                                const QStringList& only) const
{
    ReadingSpec s = *this;
    s.fromMs = from;
    s.toMs = to;
    s.servers = only;
    return s;
}

std::unique_ptr<ReadingSource> openReadingSource(const ReadingSpec& spec, QString* error)
{
    switch (spec.kind) {
    case ReadingSpec::Kind::Trace: {
        auto source = std::make_unique<TraceSource>();
        if (!source->open(spec.path, error))
            return nullptr;
        return source;
    }
    case ReadingSpec::Kind::History: {
        std::unique_ptr<HistoryReadings> readings = HistoryReadings::open(
            spec.path, spec.servers, spec.fromMs.value_or(std::numeric_limits<qint64>::min()),
            spec.toMs.value_or(std::numeric_limits<qint64>::max()), error);
        if (!readings)
            return nullptr;
        return std::make_unique<HistorySource>(std::move(readings));
    }
    case ReadingSpec::Kind::Demo:
        if (!spec.fromMs) {
            *error = Tr::tr("--demo: give the range (--from, and --to, default now)");
            return nullptr;
        }
        return std::make_unique<DemoSource>(spec.demoServers, *spec.fromMs,
                                            spec.toMs.value_or(QDateTime::currentMSecsSinceEpoch()),
                                            spec.servers);
    case ReadingSpec::Kind::Opener:
        if (!spec.opener) {
            *error = Tr::tr("no readings to open");
            return nullptr;
        }
        return spec.opener(spec, error);
    }
    return nullptr;
}

} // namespace gw
