#include "tokens/enforcementbody.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

namespace gw {

namespace {

// The largest integer a double holds exactly (JSON numbers are doubles here).
constexpr double kMaxExactInteger = 9007199254740992.0;

std::optional<QJsonObject> object(const QByteArray& body, const QStringList& keys, QString* error)
{
    QJsonParseError parse{};
    const QJsonDocument doc = QJsonDocument::fromJson(body, &parse);
    if (parse.error != QJsonParseError::NoError) {
        *error = QStringLiteral("the body is not JSON: %1 at offset %2")
                     .arg(parse.errorString())
                     .arg(parse.offset);
        return std::nullopt;
    }
    if (!doc.isObject()) {
        *error = QStringLiteral("the body must be a JSON object");
        return std::nullopt;
    }
    const QJsonObject o = doc.object();
    for (auto it = o.begin(); it != o.end(); ++it) {
        if (!keys.contains(it.key())) {
            *error = QStringLiteral("%1: unknown key (expected %2)")
                         .arg(it.key(), keys.join(QStringLiteral(", ")));
            return std::nullopt;
        }
    }
    return o;
}

std::optional<EnforceStep> step(const QJsonObject& o, const QString& key, QString* error)
{
    const QJsonValue v = o.value(key);
    const auto s = v.isString() ? enforceStepFromName(v.toString()) : std::nullopt;
    if (!s)
        *error = QStringLiteral("%1: required, one of \"notify\", \"renice\", \"terminate\", "
                                "\"kill\"")
                     .arg(key);
    return s;
}

} // namespace

std::optional<SignalBody> signalBodyFromJson(const QByteArray& body, QString* error)
{
    QString why;
    const auto fail = [&](const QString& w) -> std::optional<SignalBody> {
        if (error)
            *error = w;
        return std::nullopt;
    };
    const auto o = object(body,
                          {QStringLiteral("action"), QStringLiteral("start_time_ms"),
                           QStringLiteral("reason"), QStringLiteral("dry_run")},
                          &why);
    if (!o)
        return fail(why);
    SignalBody out;
    const auto action = step(*o, QStringLiteral("action"), &why);
    if (!action)
        return fail(why);
    out.action = *action;
    const QJsonValue start = o->value(QStringLiteral("start_time_ms"));
    if (!start.isDouble())
        return fail(QStringLiteral("start_time_ms: required, the process's start time in ms "
                                   "since the epoch"));
    const double ms = start.toDouble();
    if (!std::isfinite(ms) || ms != std::floor(ms) || ms <= 0 || ms > kMaxExactInteger)
        return fail(QStringLiteral("start_time_ms: must be a whole number of ms above 0"));
    out.startTimeMs = qint64(ms);
    const QJsonValue reason = o->value(QStringLiteral("reason"));
    if (!reason.isString() || reason.toString().trimmed().isEmpty())
        return fail(QStringLiteral("reason: required, why the process is signalled"));
    out.reason = reason.toString().trimmed();
    if (o->contains(QStringLiteral("dry_run"))) {
        const QJsonValue dry = o->value(QStringLiteral("dry_run"));
        if (!dry.isBool())
            return fail(QStringLiteral("dry_run: must be true or false"));
        out.dryRun = dry.toBool();
    }
    return out;
}

std::optional<DecisionBody> decisionBodyFromJson(const QByteArray& body, QString* error)
{
    QString why;
    const auto fail = [&](const QString& w) -> std::optional<DecisionBody> {
        if (error)
            *error = w;
        return std::nullopt;
    };
    const auto o = object(
        body, {QStringLiteral("decision"), QStringLiteral("step"), QStringLiteral("reason")}, &why);
    if (!o)
        return fail(why);
    DecisionBody out;
    const QJsonValue decision = o->value(QStringLiteral("decision"));
    if (decision == QJsonValue(QStringLiteral("confirm")))
        out.confirm = true;
    else if (decision != QJsonValue(QStringLiteral("decline")))
        return fail(QStringLiteral("decision: required, \"confirm\" or \"decline\""));
    const auto s = step(*o, QStringLiteral("step"), &why);
    if (!s)
        return fail(why);
    out.step = *s;
    if (o->contains(QStringLiteral("reason"))) {
        const QJsonValue reason = o->value(QStringLiteral("reason"));
        if (!reason.isString())
            return fail(QStringLiteral("reason: must be a string"));
        out.reason = reason.toString().trimmed();
    }
    return out;
}

} // namespace gw
