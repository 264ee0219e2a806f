#include "policy/policyreplay.h"

#include "policy/policyconfig.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonDocument>

namespace gw {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(gw::policy)
};

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
                   (e.endMs ? timeText(*e.endMs, zone) : Tr::tr("ongoing")) + QStringLiteral("  ") +
                   policyEventText(e);
    if (e.estimated)
        line += Tr::tr(" (estimated)");
    for (const PolicyAction& a : e.actions)
        line += QStringLiteral("; %1 %2: %3")
                    .arg(policyActionKindText(a.kind), timeText(a.atMs, zone), a.detail);
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

} // namespace gw
