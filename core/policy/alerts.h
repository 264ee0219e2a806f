#pragma once

// The agent's webhook: a Slack-compatible JSON POST, {"text": "…"}, for the
// policy events an admin should hear about. See docs/enforcement.md.
//
// Which changes of an event make an alert (notify() is handed every change):
//  * an event seen for the first time while open (detected): hog, idle and
//    fair share alike; hog only while [hog] alert = true;
//  * each new Warning, Terminate or Kill action on an event (the idle stages),
//    simulated ones (dry run) included, marked as such;
//  * nothing else: not figure updates, not the end, not refusals (those are
//    in the event itself), not an event first seen already ended.
// The text is policyEventText(), and for an action " — " and what was done:
// "Idle GPU: python (PID 12345, alice) holds 20480 MiB at 0 % for 30 min on
// gpu-node-3 GPU 2 — SIGTERM sent to process 12345 (python, alice); …".
//
// Rate limit: at most one alert per event kind and user (a GPU fault: per
// GPU) per [alerts] rate_limit; the ones held back are counted, and the next alert sent for
// that kind and user ends "… and 3 more".
//
// Delivery happens on a thread of its own (QNetworkAccessManager); notify()
// only decides and queues, so the caller never waits on the network. One
// POST at a time, in order; a failure (no connection, no answer within
// [alerts] timeout, an HTTP status other than 2xx) is retried up to
// [alerts] retries times after 1 s, 2 s, 4 s … (at most 60 s), and the
// alerts behind it wait, so none is lost while a receiver is down — until
// the queue is full (1,000): then the oldest waiting alert is dropped.

#include "policy/policyconfig.h"
#include "policy/policyevent.h"

#include <QHash>
#include <QMutex>
#include <QObject>
#include <QString>

#include <functional>
#include <memory>
#include <optional>

namespace gw {

// Which changes of events are news (the rule above), for the webhook and for
// the notices to owners alike; remembers what it has seen per event id. Not
// thread-safe: one caller, or the caller's lock.
class EventNews
{
public:
    struct News
    {
        QList<PolicyAction> steps; // Warning, Terminate or Kill actions not told yet
        bool worse = false;        // a GPU's fault, degraded before, now failing
        // The rate limit's key: "<kind>/<owner>", "<kind>/account:<name>" for
        // an account's processes together, "<kind>/gpu:<uuid>" for a GPU's
        // fault; "/failing" after it when worse.
        QString key;
    };
    // Nothing when the change is no news; `hogs`: whether hogs are news.
    std::optional<News> take(const PolicyEvent& event, bool hogs = true);

private:
    QHash<QString, qsizetype> m_actionsSeen; // event id → actions already looked at
    QHash<QString, QString> m_healthTold;    // gpu_health event id → the state told
};

// At most one message per key in a span; the ones held back are counted and
// the next one let through learns how many. Not thread-safe.
class RateLimiter
{
public:
    // Nothing: held back (counted). Otherwise how many were held back for
    // `key` since the last one let through.
    std::optional<int> admit(const QString& key, qint64 nowMs, qint64 spanMs);

private:
    struct Limit
    {
        qint64 lastSentMs = 0;
        int heldBack = 0;
    };
    QHash<QString, Limit> m_limits;
};

// "warning: …", "SIGTERM sent", "dry run: …": an action as the alert says it.
QString policyActionText(const PolicyAction& action);

class Alerter final : public QObject
{
    Q_OBJECT
public:
    struct Options
    {
        qint64 retryBaseMs = 1000;  // first retry after this, then doubled …
        qint64 retryCapMs = 60'000; // … up to this
        int queueLimit = 1000;      // alerts waiting; the oldest dropped beyond
        // Wall clock for the rate limit, ms since the epoch. Default: the system's.
        std::function<qint64()> clock;
    };

    // For /metrics; all since the start.
    struct Counters
    {
        quint64 sent = 0;        // answered 2xx
        quint64 failed = 0;      // given up on after the last retry
        quint64 dropped = 0;     // pushed out of a full queue
        quint64 rateLimited = 0; // held back by the rate limit
        quint64 retried = 0;     // attempts after a failure
        qsizetype queued = 0;    // waiting now (not counting the one being sent)
    };

    explicit Alerter(const PolicyConfig& policy, QObject* parent = nullptr);
    Alerter(const PolicyConfig& policy, Options options, QObject* parent = nullptr);
    // Stops the delivery thread; alerts not delivered yet are lost.
    ~Alerter() override;

    // Thread-safe. The webhook, rate limit, retries and timeout ([alerts])
    // and whether hogs alert ([hog] alert), from the next alert on.
    void setPolicy(const PolicyConfig& policy);

    // Thread-safe and cheap: decides (the rule above), applies the rate limit
    // and queues. Does nothing without a webhook URL.
    void notify(const gw::PolicyEvent& event);
    void notify(const QList<gw::PolicyEvent>& events);
    // Thread-safe: a message of another kind (`kind`: "tokens" for the token
    // books' enforcement) about `user`, under the same rate limit per kind
    // and user, queue and retries. Does nothing without a webhook URL.
    void notifyText(const QString& kind, const QString& user, const QString& text);

    Counters counters() const; // thread-safe
    QString lastError() const; // thread-safe; the last failed attempt, in words

Q_SIGNALS:
    // On the Alerter's thread.
    void delivered(const QString& text);
    void failed(const QString& text, const QString& error); // after the last retry

private:
    struct Shared;
    // The rate limit per `key` (kind/user), then the queue.
    void queue(const QString& key, QString text, qint64 rateLimitMs, QMutexLocker<QMutex>& decide);

    class Worker;
    std::shared_ptr<Shared> d;
};

} // namespace gw
