#include "remote/prometheusfeeds.h"

#include "remote/reconcile.h"
#include "sources/prometheusproducer.h"
#include "sources/source.h"

namespace gw {

PrometheusFeeds::PrometheusFeeds(std::chrono::milliseconds interval, QObject* parent)
    : QObject(parent)
    , m_interval(std::max(interval, std::chrono::milliseconds(kMinInterval)))
{}

PrometheusFeeds::~PrometheusFeeds()
{
    stop();
}

void PrometheusFeeds::setServers(const QList<RemoteServer>& servers)
{
    reconcileByName(
        m_feeds, servers, [](const Feed& f, const RemoteServer& s) { return f.server == s; },
        [](Feed&) {},
        [this](const RemoteServer& s) {
            auto source = std::make_unique<Source>(
                std::make_unique<PrometheusProducer>(s.url, s.token), m_interval);
            connect(source.get(), &Source::produced, this, &PrometheusFeeds::produced,
                    Qt::DirectConnection);
            connect(source.get(), &Source::statusChanged, this,
                    [this, name = s.name](const QString& message) {
                        Q_EMIT statusChanged(name, message);
                    });
            source->start(kBackfill);
            return Feed{s, std::move(source)};
        },
        [this](const QString& name, Feed& f, bool) {
            f.source->stop();
            Q_EMIT statusChanged(name, {});
        });
}

void PrometheusFeeds::stop()
{
    for (auto& [name, feed] : m_feeds)
        feed.source->stop();
}

} // namespace gw
