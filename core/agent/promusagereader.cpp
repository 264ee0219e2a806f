#include "agent/promusagereader.h"

#include "sources/prometheusapi.h"

#include <QUrlQuery>

namespace gw {

PromUsageReader::PromUsageReader(QUrl prometheus, QByteArray bearerToken, QObject* parent)
    : QObject(parent)
    , m_api(new PrometheusApi(std::move(prometheus), std::move(bearerToken), this))
{}

PromUsageReader::~PromUsageReader() = default;

void PromUsageReader::setTimeoutMs(int ms)
{
    m_api->setTimeoutMs(ms);
}

QString PromUsageReader::where() const
{
    return m_api->where();
}

bool PromUsageReader::poll(const PromUsageCursor& cursor, std::function<void(const Result&)> done)
{
    if (m_busy)
        return false;
    m_busy = true;
    QUrlQuery q;
    q.addQueryItem(QStringLiteral("query"),
                   QString::fromLatin1(QUrl::toPercentEncoding(tokenUsageQuery())));
    m_api->get(QStringLiteral("/api/v1/query"), q,
               [this, cursor, done = std::move(done)](const PrometheusApi::Result& r) {
                   m_busy = false;
                   Result out;
                   out.cursor = cursor;
                   if (!r.data) {
                       out.error = r.error;
                       done(out);
                       return;
                   }
                   QString why;
                   std::optional<UsageCounters> counters = usageCountersFromPromData(*r.data, &why);
                   if (!counters) {
                       out.error = m_api->where() + QStringLiteral("/api/v1/query: ") +
                                   tr("unexpected reply: %1").arg(why);
                       done(out);
                       return;
                   }
                   out.servers = int(counters->closedThroughMs.size());
                   counters->counters.removeIf(
                       [this](const UsageCounter& c) { return m_skip.contains(c.server); });
                   out.facts = absorbUsageCounters(*counters, &out.cursor, &out.warnings);
                   out.warnings += r.warnings;
                   done(out);
               });
    return true;
}

} // namespace gw
