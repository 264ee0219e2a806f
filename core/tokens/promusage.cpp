#include "tokens/promusage.h"

#include "model/snapshotjson.h"

#include <QCoreApplication>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cmath>

namespace gw {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(gw::PromUsage)
};

constexpr qint64 kHourMs = 3'600'000;

// The series' identity, also the cursor's key: every label, in a fixed order.
QString seriesKey(const UsageCounter& c)
{
    return QStringList{c.server,
                       c.user,
                       c.gpuModel,
                       c.migProfile,
                       QString::number(c.migSlices),
                       QString::number(c.gpuSlices),
                       c.used ? QStringLiteral("used") : QStringLiteral("held")}
        .join(QChar(0x1f));
}

// The fact's identity: a series without its charge label.
UsageMeter::Key factKey(const UsageCounter& c, qint64 hourStartMs)
{
    // The counters carry no account yet (docs/owners.md, "Not built yet").
    return {c.server, c.user, c.gpuModel, c.migProfile, hourStartMs, {}};
}

std::optional<QString> label(const QJsonObject& metric, const QString& path, const char* name,
                             bool required, QString* why)
{
    const QJsonValue v = metric.value(QLatin1String(name));
    if (v.isUndefined()) {
        if (!required)
            return QString();
        *why = path + QLatin1String(name) + QStringLiteral(": ") + Tr::tr("missing");
        return std::nullopt;
    }
    if (!v.isString()) {
        *why = path + QLatin1String(name) + QStringLiteral(": ") +
               Tr::tr("expected a string, got %1").arg(jsonTypeName(v));
        return std::nullopt;
    }
    return v.toString();
}

std::optional<int> sliceLabel(const QJsonObject& metric, const QString& path, const char* name,
                              QString* why)
{
    const auto text = label(metric, path, name, false, why);
    if (!text)
        return std::nullopt;
    if (text->isEmpty())
        return 0;
    bool ok = false;
    const int n = text->toInt(&ok);
    if (!ok || n < 0 || n > 64) {
        *why = path + QLatin1String(name) + QStringLiteral(": ") +
               Tr::tr("expected a slice count from 0 to 64, got \"%1\"").arg(*text);
        return std::nullopt;
    }
    return n;
}

// [unix seconds, "value"] of an instant vector's sample.
std::optional<double> sampleValue(const QJsonValue& v, const QString& path, QString* why)
{
    const QJsonArray pair = v.toArray();
    if (!v.isArray() || pair.size() != 2 || !pair.at(0).isDouble() || !pair.at(1).isString()) {
        *why = path + QStringLiteral(": ") +
               Tr::tr("expected [time, \"value\"], got %1").arg(jsonTypeName(v));
        return std::nullopt;
    }
    bool ok = false;
    const double d = pair.at(1).toString().toDouble(&ok);
    if (!ok || !std::isfinite(d) || d < 0) {
        *why = path + QStringLiteral(": ") +
               Tr::tr("expected a finite number >= 0, got \"%1\"").arg(pair.at(1).toString());
        return std::nullopt;
    }
    return d;
}

} // namespace

QString tokenUsageQuery()
{
    return QStringLiteral("{__name__=~\"%1|%2\"}")
        .arg(QLatin1String(kTokenUsageMetric), QLatin1String(kTokenClosedThroughMetric));
}

QList<UsageCounter> usageCounters(const QList<UsageFact>& facts)
{
    QMap<QString, UsageCounter> sums;
    for (const UsageFact& f : facts) {
        for (const bool used : {false, true}) {
            UsageCounter c{f.server,    f.user,      f.gpuModel, f.migProfile,
                           f.migSlices, f.gpuSlices, used,       0};
            const QString key = seriesKey(c);
            auto it = sums.find(key);
            if (it == sums.end())
                it = sums.insert(key, c);
            it->value += used ? f.usedGpuSeconds : f.heldGpuSeconds;
        }
    }
    return sums.values();
}

std::optional<UsageCounters> usageCountersFromPromReply(const QByteArray& body, QString* why)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(body, &parseError);
    if (parseError.error != QJsonParseError::NoError || !doc.isObject()) {
        *why = parseError.error != QJsonParseError::NoError ? Tr::tr("not JSON: %1 at byte %2")
                                                                  .arg(parseError.errorString())
                                                                  .arg(parseError.offset)
                                                            : Tr::tr("expected a JSON object");
        return std::nullopt;
    }
    const QJsonObject root = doc.object();
    if (root.value(QStringLiteral("status")).toString() != QLatin1String("success")) {
        const QString error = root.value(QStringLiteral("error")).toString();
        *why = error.isEmpty() ? Tr::tr("status: expected \"success\"")
                               : Tr::tr("Prometheus answered: %1").arg(error);
        return std::nullopt;
    }
    return usageCountersFromPromData(root.value(QStringLiteral("data")), why);
}

std::optional<UsageCounters> usageCountersFromPromData(const QJsonValue& dataValue, QString* why)
{
    const QJsonObject data = dataValue.toObject();
    if (data.value(QStringLiteral("resultType")).toString() != QLatin1String("vector")) {
        *why = Tr::tr("data.resultType: expected \"vector\"");
        return std::nullopt;
    }
    const QJsonValue result = data.value(QStringLiteral("result"));
    if (!result.isArray()) {
        *why = QStringLiteral("data.result: ") +
               Tr::tr("expected an array, got %1").arg(jsonTypeName(result));
        return std::nullopt;
    }
    UsageCounters out;
    QHash<QString, qsizetype> index; // series key → its place in out.counters
    const QJsonArray series = result.toArray();
    for (qsizetype i = 0; i < series.size(); ++i) {
        const QString path = QStringLiteral("data.result[%1].").arg(i);
        const QJsonObject s = series.at(i).toObject();
        const QJsonValue metricValue = s.value(QStringLiteral("metric"));
        if (!metricValue.isObject()) {
            *why = path + QStringLiteral("metric: ") +
                   Tr::tr("expected an object, got %1").arg(jsonTypeName(metricValue));
            return std::nullopt;
        }
        const QJsonObject metric = metricValue.toObject();
        const QString metricPath = path + QStringLiteral("metric.");
        const auto name = label(metric, metricPath, "__name__", true, why);
        const auto server = name ? label(metric, metricPath, "server", true, why) : std::nullopt;
        if (!server)
            return std::nullopt;
        const auto value =
            sampleValue(s.value(QStringLiteral("value")), path + QStringLiteral("value"), why);
        if (!value)
            return std::nullopt;
        if (*name == QLatin1String(kTokenClosedThroughMetric)) {
            // Scraped twice (two jobs): the furthest.
            const qint64 ms = qint64(std::llround(*value * 1000));
            out.closedThroughMs[*server] = std::max(out.closedThroughMs.value(*server, ms), ms);
            continue;
        }
        if (*name != QLatin1String(kTokenUsageMetric)) {
            *why =
                metricPath + QStringLiteral("__name__: ") + Tr::tr("unexpected \"%1\"").arg(*name);
            return std::nullopt;
        }
        UsageCounter c;
        c.server = *server;
        c.value = *value;
        const auto user = label(metric, metricPath, "user", true, why);
        const auto model = user ? label(metric, metricPath, "gpu_model", true, why) : std::nullopt;
        const auto profile =
            model ? label(metric, metricPath, "mig_profile", false, why) : std::nullopt;
        const auto charge = profile ? label(metric, metricPath, "charge", true, why) : std::nullopt;
        const auto migSlices =
            charge ? sliceLabel(metric, metricPath, "mig_slices", why) : std::nullopt;
        const auto gpuSlices =
            migSlices ? sliceLabel(metric, metricPath, "gpu_slices", why) : std::nullopt;
        if (!gpuSlices)
            return std::nullopt;
        if (*charge != QLatin1String("held") && *charge != QLatin1String("used")) {
            *why = metricPath + QStringLiteral("charge: ") +
                   Tr::tr("expected \"held\" or \"used\", got \"%1\"").arg(*charge);
            return std::nullopt;
        }
        c.user = *user;
        c.gpuModel = *model;
        c.migProfile = *profile;
        c.migSlices = *migSlices;
        c.gpuSlices = *gpuSlices;
        c.used = *charge == QLatin1String("used");
        // The same series scraped by two jobs (their `instance` or `job`
        // differ): one series, the larger value (the newer, as it only grows).
        const QString key = seriesKey(c);
        if (const auto seen = index.constFind(key); seen != index.cend()) {
            UsageCounter& first = out.counters[*seen];
            first.value = std::max(first.value, c.value);
            continue;
        }
        index.insert(key, out.counters.size());
        out.counters.append(c);
    }
    return out;
}

QByteArray PromUsageCursor::toJson() const
{
    QJsonObject o;
    for (auto it = absorbed.cbegin(); it != absorbed.cend(); ++it)
        o.insert(it.key(), it.value());
    return QJsonDocument(QJsonObject{{QStringLiteral("absorbed"), o}})
        .toJson(QJsonDocument::Compact);
}

std::optional<PromUsageCursor> PromUsageCursor::fromJson(const QByteArray& json, QString* why)
{
    const QJsonDocument doc = QJsonDocument::fromJson(json);
    const QJsonValue absorbed = doc.object().value(QStringLiteral("absorbed"));
    if (!doc.isObject() || !absorbed.isObject()) {
        *why = Tr::tr("the Prometheus cursor is not {\"absorbed\": {…}}");
        return std::nullopt;
    }
    PromUsageCursor c;
    const QJsonObject o = absorbed.toObject();
    for (auto it = o.begin(); it != o.end(); ++it) {
        if (!it.value().isDouble() || !std::isfinite(it.value().toDouble()) ||
            it.value().toDouble() < 0) {
            *why = QStringLiteral("absorbed.%1: ").arg(it.key()) +
                   Tr::tr("expected a number >= 0, got %1").arg(jsonTypeName(it.value()));
            return std::nullopt;
        }
        c.absorbed.insert(it.key(), it.value().toDouble());
    }
    return c;
}

QList<UsageFact> absorbUsageCounters(const UsageCounters& now, PromUsageCursor* cursor,
                                     QStringList* warnings)
{
    QMap<UsageMeter::Key, UsageFact> facts;
    for (const UsageCounter& c : now.counters) {
        const auto closed = now.closedThroughMs.constFind(c.server);
        if (closed == now.closedThroughMs.cend() || *closed < kHourMs)
            continue; // read again next time
        const QString key = seriesKey(c);
        const double before = cursor->absorbed.value(key, 0);
        double grown = c.value - before;
        if (c.value < before) {
            if (warnings)
                warnings->append(Tr::tr("%1: the usage counter of %2 on %3 went down from %4 to %5 "
                                        "(its books were reset); taking %5")
                                     .arg(c.server, c.user, c.gpuModel)
                                     .arg(before)
                                     .arg(c.value));
            grown = c.value;
        }
        cursor->absorbed.insert(key, c.value);
        if (grown <= 0)
            continue;
        const qint64 hour = (*closed / kHourMs - 1) * kHourMs;
        UsageFact& f = facts[factKey(c, hour)];
        f.server = c.server;
        f.user = c.user;
        f.gpuModel = c.gpuModel;
        f.migProfile = c.migProfile;
        f.migSlices = c.migSlices;
        f.gpuSlices = c.gpuSlices;
        f.hourStartMs = hour;
        (c.used ? f.usedGpuSeconds : f.heldGpuSeconds) += grown;
        // The usage counters carry no energy: books charging by energy say
        // so rather than charge nothing without a word.
        if (!c.used)
            f.noEnergySeconds += grown;
    }
    return facts.values();
}

} // namespace gw
