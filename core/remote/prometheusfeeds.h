#pragma once

// The Prometheus servers the desktop watches: one Source with a
// PrometheusProducer per server, kept or restarted by name like the agent
// links (reconcileByName). A Prometheus server is one source of many hosts;
// it is asked every few seconds at most (its scrapes are rarely more
// frequent), and the last hour is read back by query_range when it is added.

#include "remote/agentlink.h"

#include <QObject>

#include <chrono>
#include <map>
#include <memory>

namespace gw {

class Source;

class PrometheusFeeds final : public QObject
{
    Q_OBJECT
public:
    static constexpr std::chrono::milliseconds kMinInterval{5000};
    static constexpr std::chrono::hours kBackfill{1};

    explicit PrometheusFeeds(std::chrono::milliseconds interval, QObject* parent = nullptr);
    ~PrometheusFeeds() override;

    // Replaces the servers watched; an unchanged one keeps its source.
    void setServers(const QList<gw::RemoteServer>& servers);
    void stop();

Q_SIGNALS:
    // Every feed's readings, on that feed's sampling thread (for the engine:
    // Engine::attach).
    void produced(const QList<gw::Snapshot>& snapshots);
    // A feed's status line; an empty message when the feed is gone.
    void statusChanged(const QString& server, const QString& message);

private:
    struct Feed
    {
        RemoteServer server;
        std::unique_ptr<Source> source;
    };
    std::map<QString, Feed> m_feeds;
    std::chrono::milliseconds m_interval;
};

} // namespace gw
