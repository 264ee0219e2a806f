#include "policy/policyreplay.h"

#include "model/trace.h"
#include "policy/policyconfig.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonDocument>

namespace gw {

namespace {

QString tr(const char* s)
{
    return QCoreApplication::translate("gw::policy", s);
}

QString timeText(qint64 ms, const QTimeZone& zone)
{
    return QDateTime::fromMSecsSinceEpoch(ms, zone).toString(Qt::ISODate);
}

} // namespace

std::optional<qint64> parseReplayTime(const QString& text, const QTimeZone& zone)
{
    bool isNumber = false;
    const qint64 ms = text.toLongLong(&isNumber);
    if (isNumber)
        return ms;
    QDateTime t = QDateTime::fromString(text, Qt::ISODateWithMs);
    if (!t.isValid())
        t = QDateTime::fromString(text, QStringLiteral("yyyy-MM-dd HH:mm"));
    if (!t.isValid())
        return std::nullopt;
    if (t.timeSpec() == Qt::LocalTime) // no offset written: the servers' time
        t = QDateTime(t.date(), t.time(), zone);
    return t.toMSecsSinceEpoch();
}

QString replayEventLine(const PolicyEvent& e, const QTimeZone& zone)
{
    QString line = timeText(e.startMs, zone) + QStringLiteral(" – ") +
                   (e.endMs ? timeText(*e.endMs, zone) : tr("ongoing")) + QStringLiteral("  ") +
                   policyEventText(e);
    if (e.estimated)
        line += tr(" (estimated)");
    for (const PolicyAction& a : e.actions)
        line += QStringLiteral("; %1 %2: %3")
                    .arg(policyActionKindName(a.kind), timeText(a.atMs, zone), a.detail);
    if (e.endMs && !e.endReason.isEmpty())
        line += QStringLiteral("; ended: ") + e.endReason;
    return line;
}

std::optional<PolicyConfig> replayPolicy(const QString& path, PolicyCheckOutcome* outcome)
{
    if (path.isEmpty())
        return PolicyConfig{};
    const PolicyParseResult r = loadPolicyFile(path);
    for (const QString& w : r.warnings)
        outcome->err += w + QLatin1Char('\n');
    for (const QString& e : r.errors)
        outcome->err += e + QLatin1Char('\n');
    if (!r.config)
        outcome->exitCode = r.unreadable ? 1 : 2;
    return r.config;
}

std::array<int, 3> printReplayEvents(const QList<PolicyEvent>& events, bool json,
                                     const QTimeZone& zone, PolicyCheckOutcome* outcome)
{
    std::array<int, 3> counts{0, 0, 0};
    for (const PolicyEvent& e : events) {
        outcome->out +=
            json ? QString::fromUtf8(QJsonDocument(toJson(e)).toJson(QJsonDocument::Compact))
                 : replayEventLine(e, zone);
        outcome->out += QLatin1Char('\n');
        ++counts[size_t(e.kind)];
    }
    return counts;
}

PolicyCheckOutcome replayCommand(const ReplayCommand& command)
{
    PolicyCheckOutcome outcome;
    const std::optional<PolicyConfig> policy = replayPolicy(command.policyPath, &outcome);
    if (!policy)
        return outcome;
    TraceReader reader;
    QString error;
    if (!reader.open(command.tracePath, &error)) {
        outcome.err += error + QLatin1Char('\n');
        outcome.exitCode = 1;
        return outcome;
    }
    PolicyEngine::Options options;
    options.timeZone = command.timeZone;
    quint64 skipped = 0;
    const ReplayResult r =
        replayReadings(*policy, options, [&](QString* why) -> std::optional<Snapshot> {
            while (auto s = reader.next()) {
                if ((command.fromMs && s->timestampMs < *command.fromMs) ||
                    (command.toMs && s->timestampMs >= *command.toMs)) {
                    ++skipped;
                    continue;
                }
                return s;
            }
            if (reader.hasError())
                *why = reader.error();
            return std::nullopt;
        });
    const std::array<int, 3> counts =
        printReplayEvents(r.events, command.json, command.timeZone, &outcome);
    outcome.err +=
        tr("%1: %2 readings replayed (%3 outside the range): %4 hog, %5 idle, %6 "
           "fair-share events (policy: %7)\n")
            .arg(command.tracePath)
            .arg(r.readings)
            .arg(skipped)
            .arg(counts[0])
            .arg(counts[1])
            .arg(counts[2])
            .arg(command.policyPath.isEmpty() ? tr("built-in defaults") : command.policyPath);
    if (!r.error.isEmpty()) {
        outcome.err += r.error + QLatin1Char('\n');
        outcome.exitCode = 1;
    }
    return outcome;
}

} // namespace gw
