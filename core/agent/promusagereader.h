#pragma once

// The keeper's reading of the fleet's usage through Prometheus (docs/
// tokens.md, "Through Prometheus"): one instant query for every agent's
// usage counters, and what grew since the cursor becomes usage facts
// (core/tokens/promusage.h). The keeper stores the facts with the moved
// cursor in one transaction, so a restart neither repeats nor loses any.
//
// Asynchronous, on the thread that owns it; one poll at a time.

#include "tokens/promusage.h"

#include <QByteArray>
#include <QObject>
#include <QSet>
#include <QString>
#include <QUrl>

#include <functional>

namespace gw {

class PrometheusApi;

class PromUsageReader final : public QObject
{
    Q_OBJECT
public:
    struct Result
    {
        QList<UsageFact> facts; // what grew since the cursor given
        PromUsageCursor cursor; // moved on; unchanged when `error` is set
        QStringList warnings;   // counters reset, …
        QString error;          // one line: Prometheus unreachable, refused, a broken reply
        int servers = 0;        // servers seen in the reply (all, before `skip`)
    };

    // `bearerToken` empty: none.
    explicit PromUsageReader(QUrl prometheus, QByteArray bearerToken = {},
                             QObject* parent = nullptr);
    ~PromUsageReader() override;

    void setTimeoutMs(int ms);
    QString where() const;

    // Servers whose counters are not taken: the keeper's own (its facts come
    // from its own meter) and those it polls directly.
    void setSkippedServers(const QSet<QString>& servers) { m_skip = servers; }

    // One poll from `cursor`; `done` runs once, from the event loop. False
    // (and nothing asked) while a poll is in flight.
    bool poll(const PromUsageCursor& cursor, std::function<void(const Result&)> done);
    bool busy() const { return m_busy; }

private:
    PrometheusApi* m_api;
    QSet<QString> m_skip;
    bool m_busy = false;
};

} // namespace gw
