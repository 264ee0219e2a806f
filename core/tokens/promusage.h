#pragma once

// The keeper's way to the facts of fleets too large to poll agent by agent
// (docs/tokens.md, "Through Prometheus"). Every agent with [tokens] exports
// the GPU-seconds of its closed hours as counters,
//
//   gpuwarden_token_usage_gpu_seconds_total{server, user, gpu_model,
//       mig_profile, mig_slices, gpu_slices, charge="held"|"used"}
//   gpuwarden_token_usage_closed_through_seconds{server}
//
// whose values move only when an hour closes and are rebuilt from the
// journal after a restart (no reset). The keeper reads them with one
// instant query and takes what grew since it last absorbed them: the sum of
// the facts it keeps equals the agents' own sums, whatever the scrape and
// poll intervals. The growth of a series is charged to the last hour its
// server closed (exact while the keeper reads each hour; after a longer
// silence the hours in between are charged together, to the last one).
//
// Pure logic: the query's reply in, facts and the new cursor out.

#include "tokens/usage.h"

#include <QByteArray>
#include <QJsonValue>
#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>

namespace gw {

inline constexpr auto kTokenUsageMetric = "gpuwarden_token_usage_gpu_seconds_total";
inline constexpr auto kTokenClosedThroughMetric = "gpuwarden_token_usage_closed_through_seconds";

// One series of the counter, as read back.
struct UsageCounter
{
    QString server, user, gpuModel, migProfile;
    int migSlices = 0, gpuSlices = 0;
    bool used = false; // charge="used", else "held"
    double value = 0;
    bool operator==(const UsageCounter&) const = default;
};

// Both metrics of one /api/v1/query reply.
struct UsageCounters
{
    QList<UsageCounter> counters;
    QMap<QString, qint64> closedThroughMs; // per server
    bool operator==(const UsageCounters&) const = default;
};

// The PromQL that selects both metrics.
QString tokenUsageQuery();

// The counters of `facts` (a server's stored facts), summed per series.
QList<UsageCounter> usageCounters(const QList<UsageFact>& facts);

// The body of an /api/v1/query reply ({"status":"success","data":{
// "resultType":"vector","result":[…]}}). Nullopt with `why` naming the
// place ("data.result[3].metric.user: missing") when it is not that; a
// series with a value that is not a finite number >= 0 is refused the same
// way, never read as 0. A series read twice (scraped by two jobs) is one,
// with the larger value.
std::optional<UsageCounters> usageCountersFromPromReply(const QByteArray& body, QString* why);
// The same from the reply's `data` (PrometheusApi checked the rest).
std::optional<UsageCounters> usageCountersFromPromData(const QJsonValue& data, QString* why);

// What the keeper has taken so far: per series (its key), the counter value
// absorbed. Kept with the facts it produced (one transaction), so a keeper
// restart neither repeats nor loses any.
struct PromUsageCursor
{
    QMap<QString, double> absorbed;
    QByteArray toJson() const;
    static std::optional<PromUsageCursor> fromJson(const QByteArray& json, QString* why);
    bool operator==(const PromUsageCursor&) const = default;
};

// The facts that grew since `cursor`, which is moved on. A server without
// closed_through is skipped (nothing taken: it is read again next time); a
// counter that went down was reset (a journal lost): its new value is taken
// whole, and said in `warnings`. `heldSeries` and `usedSeries` of the same
// key make one fact.
QList<UsageFact> absorbUsageCounters(const UsageCounters& now, PromUsageCursor* cursor,
                                     QStringList* warnings);

} // namespace gw
