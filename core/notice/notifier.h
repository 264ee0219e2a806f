#pragma once

// Notices to the people whose processes the policy's events are about
// (docs/notices.md), besides the admin's webhook (alerts.h): the same news
// (EventNews: first seen, each new warning, SIGTERM, SIGKILL), the same rate
// limit per kind and person ([alerts] rate_limit), worded per kind in the
// person's language (noticetext.h) and sent every way [contacts] knows for
// them (noticechannels.h). Every notice, sent or not, is recorded with its
// outcome (recorded(): the agent's audit log).
//
// notify() decides and queues on the caller's thread; the contacts, the
// wording and the deliveries happen on a thread of the Notifier's own, so
// the policy thread never waits on a mail or a network.

#include "policy/policyconfig.h"
#include "policy/policyevent.h"

#include <QObject>
#include <QString>

#include <functional>
#include <memory>
#include <optional>

namespace gw {

// One notice on one way, or one not sent at all (channel empty), and why.
struct NoticeRecord
{
    qint64 atMs = 0;
    QString kind; // "idle", …, "tokens"
    QString user;
    QString eventId;
    qint64 pid = 0;
    std::optional<qint64> processStartMs;
    QString command;
    int gpuIndex = -1;
    QString workload;
    QString channel;  // "email", "matrix", "slack", "mattermost", "ntfy", "terminal"; empty: none
    QString to;       // the address, the room, the URL's scheme and host, the user's terminals
    QString outcome;  // "done", "failed", "declined"
    QString detail;   // "handed to /usr/sbin/sendmail", "rate limit: …", "opted out …"
    QString subject;  // as sent
    QString language; // as written
    bool enforced = false; // announces something enforced (not opt-out-able)
};

class Notifier final : public QObject
{
    Q_OBJECT
public:
    struct Options
    {
        // The server's name in the notices and the sender's address.
        QString server;
        qint64 timeoutMs = 10'000; // per delivery
        // Wall clock for the rate limit, ms since the epoch. Default: the system's.
        std::function<qint64()> clock;
        // Where a process's environment is read for its LANG ("/proc").
        QString procRoot = QStringLiteral("/proc");
        // How long an event's news waits for more of it before it is told:
        // an event seen and warned a reading apart is one notice, not a
        // notice that enforces nothing followed by the warning the rate
        // limit then holds back. 0: told at once.
        qint64 coalesceMs = 5000;
    };

    struct Counters
    {
        quint64 sent = 0;        // outcome done
        quint64 failed = 0;      // outcome failed
        quint64 declined = 0;    // not sent: opted out, no way to reach, not logged in, rate limit
        quint64 rateLimited = 0; // of those, held back by the rate limit
    };

    Notifier(const PolicyConfig& policy, Options options, QObject* parent = nullptr);
    ~Notifier() override; // deliveries under way are dropped

    // Thread-safe: [contacts], the rate limit and [hog] alert, from the next notice on.
    void setPolicy(const PolicyConfig& policy);
    void setServerName(const QString& server); // thread-safe

    // Thread-safe and cheap: the news, the rate limit, the queue. Nothing
    // without [contacts], nor for events without an owner (a GPU's fault).
    void notify(const QList<gw::PolicyEvent>& events);
    void notify(const gw::PolicyEvent& event);
    // Thread-safe: a message of another kind ("tokens") for `user`, about
    // `about`'s process where it has one; announces something enforced.
    void notifyText(const QString& kind, const QString& user, const QString& text,
                    const gw::PolicyEvent& about = {});

    Counters counters() const; // thread-safe

Q_SIGNALS:
    // On the Notifier's owner's thread, one per notice and way.
    void recorded(const gw::NoticeRecord& record);

private:
    struct Shared;
    class Worker;
    std::shared_ptr<Shared> d;
};

} // namespace gw

Q_DECLARE_METATYPE(gw::NoticeRecord)
