#include "policy/alerts.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QHash>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLoggingCategory>
#include <QMutex>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QPointer>
#include <QThread>
#include <QTimer>
#include <QUrl>

#include <atomic>
#include <deque>

namespace gw {

Q_LOGGING_CATEGORY(lcAlerts, "gw.alerts")

namespace {

// Events remembered for their next change; ended ones are forgotten. A bound
// in case ends never come (a policy change that drops open events).
constexpr qsizetype kMaxTrackedEvents = 10'000;

bool alertsOn(const PolicyAction& a)
{
    return a.kind == PolicyAction::Kind::Warning || a.kind == PolicyAction::Kind::Terminate ||
           a.kind == PolicyAction::Kind::Kill;
}

} // namespace

QString policyActionText(const PolicyAction& a)
{
    QString text;
    switch (a.kind) {
    case PolicyAction::Kind::Warning:
        text = Alerter::tr("warning: %1").arg(a.detail);
        break;
    case PolicyAction::Kind::Terminate:
        text = a.detail.isEmpty() ? Alerter::tr("SIGTERM sent") : a.detail;
        break;
    case PolicyAction::Kind::Kill:
        text = a.detail.isEmpty() ? Alerter::tr("SIGKILL sent") : a.detail;
        break;
    case PolicyAction::Kind::Refused:
        text = a.detail;
        break;
    }
    return a.simulated ? Alerter::tr("dry run: %1").arg(text) : text;
}

std::optional<EventNews::News> EventNews::take(const PolicyEvent& event, bool hogs)
{
    if (event.kind == PolicyEventKind::Hog && !hogs)
        return std::nullopt;
    News news;
    const bool health = policyEventKindInfo(event.kind).health;
    const auto seen = m_actionsSeen.find(event.id);
    if (seen == m_actionsSeen.end()) {
        if (!event.isOpen())
            return std::nullopt; // first seen already over: history, not news
        if (m_actionsSeen.size() >= kMaxTrackedEvents)
            m_actionsSeen.clear();
        m_actionsSeen.insert(event.id, event.actions.size());
        if (health && !event.healthState.isEmpty())
            m_healthTold.insert(event.id, event.healthState);
        // Opened with its actions already (an agent restarted): the newest.
        for (qsizetype i = event.actions.size() - 1; i >= 0; --i) {
            if (alertsOn(event.actions[i])) {
                news.steps << event.actions[i];
                break;
            }
        }
    } else {
        for (qsizetype i = *seen; i < event.actions.size(); ++i) {
            if (alertsOn(event.actions[i]))
                news.steps << event.actions[i];
        }
        *seen = std::max(*seen, event.actions.size());
        // A GPU that got worse while its event is open (degraded, then
        // failing) is news of its own: told once, under a key of its own so
        // the degraded news's rate limit does not hold it back.
        if (health) {
            QString& told = m_healthTold[event.id];
            news.worse = event.isOpen() && event.healthState == QLatin1String("failing") &&
                         told != QLatin1String("failing");
            if (news.worse)
                told = event.healthState;
            if (!event.isOpen())
                m_healthTold.remove(event.id);
        }
        if (!event.isOpen())
            m_actionsSeen.erase(seen);
        if (news.steps.isEmpty() && !news.worse)
            return std::nullopt;
    }
    // Per owner; an account's processes judged together, per account; a
    // GPU's fault, per GPU (two GPUs failing are two messages).
    const QString who = health ? QStringLiteral("gpu:") + event.gpuUuid
                        : event.user.isEmpty() && !event.account.isEmpty()
                            ? QStringLiteral("account:") + event.account
                            : event.user;
    news.key = policyEventKindName(event.kind) + QLatin1Char('/') + who +
               (news.worse ? QStringLiteral("/failing") : QString());
    return news;
}

std::optional<int> RateLimiter::admit(const QString& key, qint64 nowMs, qint64 spanMs)
{
    auto limit = m_limits.find(key);
    if (limit != m_limits.end() && nowMs - limit->lastSentMs < spanMs &&
        nowMs >= limit->lastSentMs) {
        ++limit->heldBack;
        return std::nullopt;
    }
    if (limit == m_limits.end())
        limit = m_limits.insert(key, {});
    const int heldBack = limit->heldBack;
    limit->lastSentMs = nowMs;
    limit->heldBack = 0;
    return heldBack;
}

struct Alerter::Shared
{
    struct Settings
    {
        QUrl url;
        qint64 rateLimitMs = 0;
        int retries = 0;
        qint64 timeoutMs = 10'000;
        bool hogAlerts = true;
    };

    Options options;

    // Deciding: notify()'s side.
    QMutex decideLock;
    EventNews news;
    RateLimiter limits; // "<kind>/<user>"

    // Between notify() and the worker.
    mutable QMutex lock;
    Settings settings;
    std::deque<QString> queue;
    bool pumpPosted = false;
    QString lastError;

    std::atomic<quint64> sent{0}, failed{0}, dropped{0}, rateLimited{0}, retried{0};

    QThread thread;
    Worker* worker = nullptr;
    QPointer<Alerter> owner;
};

// Lives on Shared::thread: one POST at a time, in queue order.
class Alerter::Worker final : public QObject
{
public:
    explicit Worker(Shared* shared)
        : s(shared)
    {}

    void pump()
    {
        {
            QMutexLocker locker(&s->lock);
            s->pumpPosted = false;
            if (busy || s->queue.empty())
                return;
            current = s->queue.front();
            s->queue.pop_front();
        }
        busy = true;
        attempt = 0;
        send();
    }

private:
    void send()
    {
        if (!nam) {
            nam = new QNetworkAccessManager(this);
            nam->setRedirectPolicy(QNetworkRequest::ManualRedirectPolicy);
        }
        Shared::Settings settings;
        {
            QMutexLocker locker(&s->lock);
            settings = s->settings;
        }
        if (settings.url.isEmpty()) { // the webhook was switched off meanwhile
            busy = false;
            pump();
            return;
        }
        QNetworkRequest request(settings.url);
        request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArray("application/json"));
        request.setHeader(QNetworkRequest::UserAgentHeader, QByteArray("gpuwarden-agent"));
        request.setTransferTimeout(int(std::min<qint64>(settings.timeoutMs, INT_MAX)));
        const QByteArray body = QJsonDocument(QJsonObject{{QStringLiteral("text"), current}})
                                    .toJson(QJsonDocument::Compact);
        QNetworkReply* reply = nam->post(request, body);
        const qint64 timeoutMs = settings.timeoutMs;
        const int retries = settings.retries;
        connect(reply, &QNetworkReply::finished, this, [this, reply, timeoutMs, retries] {
            reply->deleteLater();
            const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
            if (reply->error() == QNetworkReply::NoError && status >= 200 && status < 300) {
                ++s->sent;
                report(true, QString());
                return;
            }
            QString why;
            if (reply->error() == QNetworkReply::OperationCanceledError)
                why = Alerter::tr("no answer within %1").arg(formatPolicyDuration(timeoutMs));
            else if (status > 0)
                why = Alerter::tr("HTTP %1").arg(status);
            else
                why = reply->errorString();
            {
                QMutexLocker locker(&s->lock);
                s->lastError = why;
            }
            if (attempt < retries) {
                const qint64 delay = std::min(s->options.retryCapMs,
                                              s->options.retryBaseMs << std::min(attempt, 30));
                ++attempt;
                ++s->retried;
                qCInfo(lcAlerts).noquote() << "webhook:" << why << "- retry" << attempt << "of"
                                           << retries << "in" << delay << "ms";
                QTimer::singleShot(int(delay), this, [this] { send(); });
                return;
            }
            ++s->failed;
            qCWarning(lcAlerts).noquote() << "webhook: giving up on an alert:" << why;
            report(false, why);
        });
    }

    void report(bool ok, const QString& why)
    {
        const QString text = current;
        busy = false;
        current.clear();
        if (Alerter* owner = s->owner.data()) {
            QMetaObject::invokeMethod(
                owner,
                [owner, ok, text, why] {
                    if (ok)
                        Q_EMIT owner->delivered(text);
                    else
                        Q_EMIT owner->failed(text, why);
                },
                Qt::QueuedConnection);
        }
        pump();
    }

    Shared* s;
    QNetworkAccessManager* nam = nullptr;
    QString current;
    bool busy = false;
    int attempt = 0;
};

Alerter::Alerter(const PolicyConfig& policy, QObject* parent)
    : Alerter(policy, Options(), parent)
{}

Alerter::Alerter(const PolicyConfig& policy, Options options, QObject* parent)
    : QObject(parent)
    , d(std::make_shared<Shared>())
{
    if (!options.clock)
        options.clock = [] {
            return QDateTime::currentMSecsSinceEpoch();
        };
    options.queueLimit = std::max(1, options.queueLimit);
    options.retryBaseMs = std::max<qint64>(1, options.retryBaseMs);
    d->options = std::move(options);
    d->owner = this;
    setPolicy(policy);
    d->thread.setObjectName(QStringLiteral("gw-alerts"));
    d->worker = new Worker(d.get());
    d->worker->moveToThread(&d->thread);
    connect(&d->thread, &QThread::finished, d->worker, &QObject::deleteLater);
    d->thread.start();
}

Alerter::~Alerter()
{
    d->thread.quit();
    d->thread.wait();
}

void Alerter::setPolicy(const PolicyConfig& policy)
{
    QMutexLocker locker(&d->lock);
    d->settings.url = QUrl(policy.alerts.webhookUrl);
    d->settings.rateLimitMs = policy.alerts.rateLimitMs;
    d->settings.retries = policy.alerts.retries;
    d->settings.timeoutMs = policy.alerts.timeoutMs;
    d->settings.hogAlerts = policy.hog.alert;
}

void Alerter::notify(const QList<PolicyEvent>& events)
{
    for (const PolicyEvent& e : events)
        notify(e);
}

void Alerter::notify(const PolicyEvent& event)
{
    Shared::Settings settings;
    {
        QMutexLocker locker(&d->lock);
        settings = d->settings;
    }
    if (settings.url.isEmpty())
        return;

    QMutexLocker decide(&d->decideLock);
    const auto news = d->news.take(event, settings.hogAlerts);
    if (!news)
        return;
    QStringList steps;
    for (const PolicyAction& a : news->steps)
        steps << policyActionText(a);
    if (news->worse)
        steps.prepend(tr("worse: now failing"));
    QString text = policyEventText(event);
    if (!steps.isEmpty())
        text += QStringLiteral(" — ") + steps.join(QStringLiteral("; "));
    queue(news->key, text, settings.rateLimitMs, decide);
}

void Alerter::notifyText(const QString& kind, const QString& user, const QString& text)
{
    Shared::Settings settings;
    {
        QMutexLocker locker(&d->lock);
        settings = d->settings;
    }
    if (settings.url.isEmpty())
        return;
    QMutexLocker decide(&d->decideLock);
    queue(kind + QLatin1Char('/') + user, text, settings.rateLimitMs, decide);
}

// Called with decideLock held (`decide`), so alerts keep the order in which
// they were decided; releases it before queueing.
void Alerter::queue(const QString& key, QString text, qint64 rateLimitMs,
                    QMutexLocker<QMutex>& decide)
{
    // At most one per kind and user in the rate limit's span.
    const auto heldBack = d->limits.admit(key, d->options.clock(), rateLimitMs);
    if (!heldBack) {
        ++d->rateLimited;
        return;
    }
    if (*heldBack > 0)
        text += tr(" … and %1 more").arg(*heldBack);
    decide.unlock();

    bool post = false;
    {
        QMutexLocker locker(&d->lock);
        while (qsizetype(d->queue.size()) >= d->options.queueLimit) {
            d->queue.pop_front();
            ++d->dropped;
        }
        d->queue.push_back(text);
        post = !d->pumpPosted;
        d->pumpPosted = true;
    }
    if (post) {
        Worker* worker = d->worker;
        QMetaObject::invokeMethod(
            worker, [worker] { worker->pump(); }, Qt::QueuedConnection);
    }
}

Alerter::Counters Alerter::counters() const
{
    Counters c;
    c.sent = d->sent;
    c.failed = d->failed;
    c.dropped = d->dropped;
    c.rateLimited = d->rateLimited;
    c.retried = d->retried;
    QMutexLocker locker(&d->lock);
    c.queued = qsizetype(d->queue.size());
    return c;
}

QString Alerter::lastError() const
{
    QMutexLocker locker(&d->lock);
    return d->lastError;
}

} // namespace gw
