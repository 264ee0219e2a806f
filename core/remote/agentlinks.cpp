#include "remote/agentlinks.h"

#include "history/historystore.h"
#include "policy/policyservice.h"
#include "remote/historybackfill.h"
#include "remote/reconcile.h"

#include <QDateTime>
#include <QLoggingCategory>
#include <QNetworkAccessManager>

#include <map>
#include <memory>

namespace gw {

namespace {
Q_LOGGING_CATEGORY(lcAgentLinks, "gw.remote.links")
} // namespace

class AgentLinksWorker final : public QObject
{
    Q_OBJECT
public:
    explicit AgentLinksWorker(std::chrono::milliseconds base)
        : m_base(base)
    {}

    void setServers(const QList<RemoteServer>& servers, const QHash<QString, ResumePoint>& resume)
    {
        if (!m_nam)
            m_nam = std::make_unique<QNetworkAccessManager>();
        const auto interval = AgentLinks::pollInterval(m_base, int(servers.size()));
        reconcileByName(
            m_links, servers,
            [](const std::unique_ptr<AgentLink>& link, const RemoteServer& s) {
                return link->server() == s;
            },
            [interval](std::unique_ptr<AgentLink>& link) { link->setPollInterval(interval); },
            [this, interval, &resume](const RemoteServer& s) {
                auto link = std::make_unique<AgentLink>(s, m_nam.get());
                connect(link.get(), &AgentLink::readings, this, &AgentLinksWorker::readings);
                connect(link.get(), &AgentLink::present, this, &AgentLinksWorker::present);
                link->setCatchUpPacer(&m_pacer);
                connect(link.get(), &AgentLink::statusChanged, this,
                        &AgentLinksWorker::statusChanged);
                connect(link.get(), &AgentLink::eventsReceived, this,
                        &AgentLinksWorker::eventsReceived);
                connect(link.get(), &AgentLink::allocationsReceived, this,
                        &AgentLinksWorker::allocationsReceived);
                connect(link.get(), &AgentLink::fairShareReceived, this,
                        &AgentLinksWorker::fairShareReceived);
                connect(link.get(), &AgentLink::identified, this,
                        [this, url = s.url](const QString& server, const QString& agentId,
                                            const QString& previous) {
                            identify({server, agentId, previous, url.authority(), {}});
                        });
                link->setPollInterval(interval);
                link->setAllocationPollInterval(m_allocationInterval);
                if (const auto it = resume.constFind(s.name); it != resume.cend())
                    link->resumeAt(it->stream, it->cursor, it->agentId);
                startAfterBackfill(link.get(), s);
                return link;
            },
            [this](const QString& name, std::unique_ptr<AgentLink>&, bool replaced) {
                m_agentOf.remove(name);
                if (!replaced)
                    Q_EMIT serverRemoved(name);
            });
    }

    // One agent under two entries of the list is said (sameAs), never
    // merged: the first entry keeps it, the second is told whose it is.
    void identify(AgentIdentified identity)
    {
        m_agentOf.insert(identity.server, identity.agentId);
        for (auto it = m_agentOf.cbegin(); it != m_agentOf.cend(); ++it) {
            if (it.key() != identity.server && it.value() == identity.agentId &&
                m_links.count(it.key())) {
                identity.sameAs = it.key();
                break;
            }
        }
        Q_EMIT identified(identity);
    }

    void setAllocationPollInterval(std::chrono::milliseconds interval)
    {
        m_allocationInterval = interval;
    }

    void shutDown()
    {
        m_links.clear();
        m_history.reset();
        m_nam.reset();
    }

    void setBackfillHistory(const QString& path) { m_historyPath = path; }
    void setCatchUpGate(std::function<bool()> open) { m_pacer.setGate(std::move(open)); }

    // What the desktop's history lacks of the server beyond the link's
    // catch-up hour is asked from the agent's /v1/history first; the link
    // starts once it is in, so the store gets the readings in time order
    // (docs/history.md, "Backfill").
    void startAfterBackfill(AgentLink* link, const RemoteServer& s)
    {
        if (!m_historyPath.isEmpty() && !m_history && !m_historyRefused) {
            QString error;
            m_history = HistoryStore::open(m_historyPath, HistoryStore::Mode::ReadOnly, &error);
            if (!m_history) {
                m_historyRefused = true;
                qCWarning(lcAgentLinks).noquote() << "no backfill:" << error;
            }
        }
        QList<SeriesKey> keys;
        std::optional<qint64> newest;
        if (m_history) {
            for (const SeriesKey& k : m_history->seriesOf(s.name))
                if (const MetricDef* d = findMetric(k.metric);
                    d && d->target != MetricTarget::Process)
                    keys << k;
            QString error;
            newest = m_history->newestSampleMs(s.name, &error);
        }
        const qint64 until = QDateTime::currentMSecsSinceEpoch() - AgentLink::kCatchUpMs;
        if (keys.isEmpty() || !newest || *newest + 1 >= until) {
            link->start();
            return;
        }
        auto* backfill = new HistoryBackfill(s, m_nam.get(), link);
        backfill->setExpectedAgent(m_history->serverIdentities().value(s.name));
        backfill->setCatchUpPacer(&m_pacer);
        connect(backfill, &HistoryBackfill::readings, this, &AgentLinksWorker::readings);
        connect(backfill, &HistoryBackfill::finished, link, [link, backfill] {
            link->start();
            backfill->deleteLater();
        });
        backfill->start(keys, std::max(*newest + 1, until - AgentLinks::kMaxBackfillMs), until);
    }

Q_SIGNALS:
    void readings(const QList<gw::Snapshot>& snapshots);
    void present(const QList<gw::Snapshot>& snapshots);
    void statusChanged(const gw::LinkStatus& status);
    void serverRemoved(const QString& server);
    void eventsReceived(const QString& server, const QList<gw::PolicyEvent>& events);
    void allocationsReceived(const QString& server, const gw::AllocationState& state);
    void fairShareReceived(const QString& server, const gw::PolicyStatus& status);
    void identified(const gw::AgentIdentified& identity);

private:
    std::chrono::milliseconds m_base;
    QHash<QString, QString> m_agentOf; // server → its agent's identity
    std::chrono::milliseconds m_allocationInterval = AgentLink::kAllocationPollInterval;
    std::unique_ptr<QNetworkAccessManager> m_nam;
    CatchUpPacer m_pacer; // outlives the links
    std::map<QString, std::unique_ptr<AgentLink>> m_links;
    // The desktop's history, read-only, for what to backfill.
    QString m_historyPath;
    std::unique_ptr<HistoryStore> m_history;
    bool m_historyRefused = false;
};

AgentLinks::AgentLinks(std::chrono::milliseconds baseInterval, QObject* parent)
    : QObject(parent)
    , m_base(baseInterval)
{
    qRegisterMetaType<gw::LinkStatus>();
    qRegisterMetaType<QList<gw::Snapshot>>();
    qRegisterMetaType<QList<gw::PolicyEvent>>();
    qRegisterMetaType<gw::AllocationState>();
    qRegisterMetaType<gw::PolicyStatus>();
    qRegisterMetaType<gw::AgentIdentified>();
    m_thread.setObjectName(QStringLiteral("gw-remote"));
    auto* worker = new AgentLinksWorker(baseInterval);
    worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, worker, &QObject::deleteLater);
    connect(worker, &AgentLinksWorker::readings, this, &AgentLinks::readings);
    connect(worker, &AgentLinksWorker::readings, this, &AgentLinks::produced, Qt::DirectConnection);
    connect(worker, &AgentLinksWorker::statusChanged, this, [this](const LinkStatus& s) {
        if (!isWatched(s.server))
            return; // from a server removed meanwhile
        m_statuses.insert(s.server, s);
        Q_EMIT statusChanged(s);
    });
    connect(worker, &AgentLinksWorker::present, this, [this](const QList<Snapshot>& snapshots) {
        if (!snapshots.isEmpty() && isWatched(snapshots.first().server))
            Q_EMIT present(snapshots);
    });
    connect(worker, &AgentLinksWorker::serverRemoved, this, &AgentLinks::serverRemoved);
    connect(worker, &AgentLinksWorker::identified, this, &AgentLinks::identified,
            Qt::DirectConnection);
    connect(worker, &AgentLinksWorker::eventsReceived, this,
            [this](const QString& server, const QList<PolicyEvent>& events) {
                if (isWatched(server)) // not from a server removed meanwhile
                    Q_EMIT eventsReceived(server, events);
            });
    connect(worker, &AgentLinksWorker::allocationsReceived, this,
            [this](const QString& server, const AllocationState& state) {
                if (isWatched(server)) // not from a server removed meanwhile
                    Q_EMIT allocationsReceived(server, state);
            });
    connect(worker, &AgentLinksWorker::fairShareReceived, this,
            [this](const QString& server, const PolicyStatus& status) {
                if (isWatched(server))
                    Q_EMIT fairShareReceived(server, status);
            });
    m_worker = worker;
    m_thread.start();
}

AgentLinks::~AgentLinks()
{
    stop();
}

std::chrono::milliseconds AgentLinks::pollInterval(std::chrono::milliseconds base, int servers)
{
    if (servers <= kServersAtBaseInterval)
        return base;
    const auto widened = base * servers / kServersAtBaseInterval;
    return std::min(std::max(widened, base), std::max(kMaxInterval, base));
}

bool AgentLinks::isWatched(const QString& name) const
{
    return std::any_of(m_servers.cbegin(), m_servers.cend(),
                       [&](const RemoteServer& r) { return r.name == name; });
}

std::chrono::milliseconds AgentLinks::currentPollInterval() const
{
    return pollInterval(m_base, int(m_servers.size()));
}

void AgentLinks::setServers(const QList<RemoteServer>& servers)
{
    m_servers = servers;
    m_statuses.removeIf([this](const auto& it) { return !isWatched(it.key()); });
    if (m_worker)
        QMetaObject::invokeMethod(m_worker, [w = m_worker, servers, resume = m_resume] {
            if (w)
                w->setServers(servers, resume);
        });
}

void AgentLinks::setBackfillHistory(const QString& path)
{
    if (m_worker)
        QMetaObject::invokeMethod(m_worker, [w = m_worker, path] {
            if (w)
                w->setBackfillHistory(path);
        });
}

void AgentLinks::setCatchUpGate(std::function<bool()> open)
{
    if (m_worker)
        QMetaObject::invokeMethod(m_worker, [w = m_worker, open = std::move(open)] {
            if (w)
                w->setCatchUpGate(open);
        });
}

void AgentLinks::setAllocationPollInterval(std::chrono::milliseconds interval)
{
    if (m_worker)
        QMetaObject::invokeMethod(m_worker, [w = m_worker, interval] {
            if (w)
                w->setAllocationPollInterval(interval);
        });
}

void AgentLinks::stop()
{
    if (!m_thread.isRunning())
        return;
    if (m_worker)
        QMetaObject::invokeMethod(m_worker, &AgentLinksWorker::shutDown,
                                  Qt::BlockingQueuedConnection);
    m_thread.quit();
    m_thread.wait();
}

} // namespace gw

#include "agentlinks.moc"
