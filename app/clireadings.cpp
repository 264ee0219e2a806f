#include "clireadings.h"

#include "cliio.h"
#include "history/historyreadings.h"
#include "policy/policyreplay.h"

#include <limits>

namespace gw::cli {

std::optional<ReadingsOptions> readingsOptions(const QCommandLineParser& parser,
                                               const QString& command, const QTimeZone& zone,
                                               QString* error)
{
    ReadingsOptions o;
    o.tracePath = parser.value(QStringLiteral("trace"));
    o.historyPath = parser.value(QStringLiteral("history"));
    if (o.tracePath.isEmpty() == o.historyPath.isEmpty()) {
        *error = tr("%1: give --trace FILE or --history FILE").arg(command);
        return std::nullopt;
    }
    o.servers = parser.values(QStringLiteral("server"));
    o.timeZone = zone;
    if (parser.isSet(QStringLiteral("tz"))) {
        o.timeZone = QTimeZone(parser.value(QStringLiteral("tz")).toUtf8());
        o.timeZoneGiven = true;
        if (!o.timeZone.isValid()) {
            *error = tr("--tz: \"%1\" is not a time zone (such as Europe/Berlin or UTC)")
                         .arg(parser.value(QStringLiteral("tz")));
            return std::nullopt;
        }
    }
    for (const char* name : {"from", "to"}) {
        const QString key = QLatin1String(name);
        if (!parser.isSet(key))
            continue;
        const auto ms = parseReplayTime(parser.value(key), o.timeZone);
        if (!ms) {
            *error = tr("--%1: \"%2\" is not a time (write 2026-11-24T09:00:00+01:00, "
                        "2026-11-24 09:00 or milliseconds since the epoch)")
                         .arg(key, parser.value(key));
            return std::nullopt;
        }
        (key == QLatin1String("from") ? o.fromMs : o.toMs) = *ms;
    }
    if (o.fromMs && o.toMs && *o.toMs <= *o.fromMs) {
        *error = tr("%1: the range is empty (--to must be after --from)").arg(command);
        return std::nullopt;
    }
    return o;
}

std::unique_ptr<ReadingsSource> ReadingsSource::open(const ReadingsOptions& options, QString* error)
{
    std::unique_ptr<ReadingsSource> s(new ReadingsSource);
    s->m_options = options;
    if (!options.historyPath.isEmpty()) {
        s->m_history =
            HistoryReadings::open(options.historyPath, options.servers,
                                  options.fromMs.value_or(std::numeric_limits<qint64>::min()),
                                  options.toMs.value_or(std::numeric_limits<qint64>::max()), error);
        if (!s->m_history)
            return nullptr;
    } else if (!s->m_trace.open(options.tracePath, error)) {
        return nullptr;
    }
    return s;
}

ReadingsSource::~ReadingsSource() = default;

std::optional<Snapshot> ReadingsSource::next(QString* error)
{
    if (m_history)
        return m_history->next(error);
    while (auto s = m_trace.next()) {
        if ((m_options.fromMs && s->timestampMs < *m_options.fromMs) ||
            (m_options.toMs && s->timestampMs >= *m_options.toMs) ||
            (!m_options.servers.isEmpty() && !m_options.servers.contains(s->server))) {
            ++m_skipped;
            continue;
        }
        return s;
    }
    if (m_trace.hasError())
        *error = m_trace.error();
    return std::nullopt;
}

} // namespace gw::cli
