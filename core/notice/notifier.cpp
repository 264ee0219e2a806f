#include "notice/notifier.h"

#include "notice/contactbook.h"
#include "notice/noticechannels.h"
#include "notice/noticetext.h"
#include "policy/alerts.h"

#include <QDateTime>
#include <QFile>
#include <QLoggingCategory>
#include <QMutex>
#include <QPointer>
#include <QThread>
#include <QTimer>

#include <atomic>

namespace gw {

Q_LOGGING_CATEGORY(lcNotices, "gw.notices")

namespace {

struct Job
{
    NoticeFacts facts;
    bool enforced = false;
    qint64 atMs = 0;
    QString key; // the rate limit's
};

// The language a process runs in: LC_ALL, LC_MESSAGES, then LANG of its
// environment; empty when none says one (or it cannot be read).
QString processLanguage(const QString& procRoot, qint64 pid)
{
    if (pid <= 0)
        return {};
    QFile f(QStringLiteral("%1/%2/environ").arg(procRoot).arg(pid));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    // (A file of /proc says its size is 0: read to its end.)
    const QByteArrayList vars = f.readAll().split('\0');
    for (const char* name : {"LC_ALL=", "LC_MESSAGES=", "LANG="}) {
        for (const QByteArray& v : vars) {
            if (!v.startsWith(name))
                continue;
            const QString lang =
                noticeLanguage(QString::fromLatin1(v.mid(qsizetype(strlen(name)))));
            if (!lang.isEmpty())
                return lang;
        }
    }
    return {};
}

NoticeRecord recordOf(const Job& job)
{
    NoticeRecord r;
    const PolicyEvent& e = job.facts.event;
    r.atMs = job.atMs;
    r.kind = job.facts.kind;
    r.user = job.facts.user;
    r.eventId = e.id;
    r.pid = e.pid;
    r.processStartMs = e.processStartMs;
    r.command = e.command;
    r.gpuIndex = e.gpuIndex;
    r.workload = e.workloadName;
    r.enforced = job.enforced;
    return r;
}

} // namespace

struct Notifier::Shared
{
    Options options;

    mutable QMutex lock; // the settings
    PolicyConfig::Contacts contacts;
    qint64 rateLimitMs = 0;
    bool hogs = true;
    QString server;

    QMutex decideLock; // notify()'s side
    EventNews news;
    RateLimiter limits;

    std::atomic<quint64> sent{0}, failed{0}, declined{0}, rateLimited{0};

    QThread thread;
    Worker* worker = nullptr;
    QPointer<Notifier> owner;

    // The rate limit (`decide` held, released here), then the queue; a
    // notice held back is recorded as declined.
    void admit(Job job, qint64 rateLimitMs, QMutexLocker<QMutex>& decide);

    // Counted, then handed to the owner's thread.
    void post(const NoticeRecord& r)
    {
        if (r.outcome == QLatin1String("done")) {
            ++sent;
        } else if (r.outcome == QLatin1String("failed")) {
            ++failed;
            qCWarning(lcNotices).noquote()
                << "notice to" << r.user << "by" << r.channel << "failed:" << r.detail;
        } else {
            ++declined;
        }
        if (Notifier* o = owner.data())
            QMetaObject::invokeMethod(
                o, [o, r] { Q_EMIT o->recorded(r); }, Qt::QueuedConnection);
    }
};

// Lives on Shared::thread.
class Notifier::Worker final : public QObject
{
public:
    explicit Worker(Shared* shared)
        : s(shared)
    {}

    void process(const Job& job)
    {
        PolicyConfig::Contacts contacts;
        QString server;
        {
            QMutexLocker locker(&s->lock);
            contacts = s->contacts;
            server = s->server;
        }
        m_book.setContacts(contacts);
        m_channels.setup(contacts, server, s->options.timeoutMs);
        QString problem;
        const ContactWays ways = m_book.lookup(job.facts.user, &problem);
        NoticeRecord base = recordOf(job);
        if (!job.enforced && ways.optOut) {
            base.outcome = QStringLiteral("declined");
            base.detail = QStringLiteral("%1 opted out of notices that announce nothing enforced")
                              .arg(job.facts.user);
            s->post(base);
            return;
        }
        QString language = ways.language;
        if (language.isEmpty())
            language = processLanguage(s->options.procRoot, job.facts.event.pid);
        if (language.isEmpty())
            language = contacts.language;
        NoticeFacts facts = job.facts;
        // The server as its events name it (the demo's, an agent's
        // [agent] server_name), else the one this notifier was given.
        facts.server = facts.event.server.isEmpty() ? server : facts.event.server;
        const NoticeText text = wordNotice(facts, language, contacts.templates);
        base.subject = text.subject;
        base.language = text.language;
        QStringList notes;
        if (!text.problem.isEmpty())
            notes << QStringLiteral("template %1; the built-in text was used").arg(text.problem);
        if (!problem.isEmpty())
            notes << QStringLiteral("contacts file %1").arg(problem);

        QList<NoticeDelivery> deliveries;
        const auto add = [&](const char* channel, const QString& to) {
            if (!to.isEmpty())
                deliveries << NoticeDelivery{QLatin1String(channel), to,        job.facts.user,
                                             text.subject,           text.body, job.facts.event.id};
        };
        add("email", ways.email);
        add("matrix", ways.matrixRoom);
        add("slack", ways.slackUrl);
        add("mattermost", ways.mattermostUrl);
        add("ntfy", ways.ntfyUrl);
        if (ways.terminals)
            add("terminal", job.facts.user);
        if (deliveries.isEmpty()) {
            base.outcome = QStringLiteral("declined");
            notes.prepend(QStringLiteral("no way to reach %1: no address listed, no pattern, no "
                                         "terminals")
                              .arg(job.facts.user));
            base.detail = notes.join(QStringLiteral("; "));
            s->post(base);
            return;
        }
        const QString note = notes.join(QStringLiteral("; "));
        for (const NoticeDelivery& delivery : std::as_const(deliveries)) {
            NoticeRecord r = base;
            r.channel = delivery.channel;
            r.to = delivery.channel == QLatin1String("slack") ||
                           delivery.channel == QLatin1String("mattermost") ||
                           delivery.channel == QLatin1String("ntfy")
                       ? redactedWebhookUrl(delivery.to)
                       : delivery.to;
            Shared* shared = s;
            m_channels.send(
                delivery, [shared, r, note](const NoticeDeliveryResult& result) mutable {
                    using Outcome = NoticeDeliveryResult::Outcome;
                    r.outcome = result.outcome == Outcome::Done     ? QStringLiteral("done")
                                : result.outcome == Outcome::Failed ? QStringLiteral("failed")
                                                                    : QStringLiteral("declined");
                    r.detail = note.isEmpty() ? result.detail
                                              : result.detail + QStringLiteral("; ") + note;
                    shared->post(r);
                });
        }
    }

    // An event's news waits Options::coalesceMs for more of the same
    // event (its first warning a reading after it was seen): one notice.
    void hold(const Job& job)
    {
        const QString id = job.facts.event.id;
        if (const auto it = m_held.find(id); it != m_held.end()) {
            it->facts.event = job.facts.event;
            it->facts.steps += job.facts.steps;
            it->enforced = noticeAnnouncesEnforcement(it->facts);
            return;
        }
        m_held.insert(id, job);
        QTimer::singleShot(int(std::min<qint64>(s->options.coalesceMs, INT_MAX)), this, [this, id] {
            const Job held = m_held.take(id);
            qint64 rateLimitMs = 0;
            {
                QMutexLocker locker(&s->lock);
                rateLimitMs = s->rateLimitMs;
            }
            QMutexLocker decide(&s->decideLock);
            s->admit(held, rateLimitMs, decide);
        });
    }

private:
    Shared* s;
    QHash<QString, Job> m_held; // by event id
    ContactBook m_book;
    NoticeChannels m_channels{this};
};

void Notifier::Shared::admit(Job job, qint64 rateLimitMs, QMutexLocker<QMutex>& decide)
{
    const auto heldBack = limits.admit(job.key, job.atMs, rateLimitMs);
    decide.unlock();
    if (!heldBack) {
        ++rateLimited;
        NoticeRecord r = recordOf(job);
        r.outcome = QStringLiteral("declined");
        r.detail = QStringLiteral("rate limit: one notice per kind and person every %1")
                       .arg(formatPolicyDuration(rateLimitMs));
        post(r);
        return;
    }
    job.facts.heldBack = *heldBack;
    Worker* w = worker;
    QMetaObject::invokeMethod(
        w, [w, job] { w->process(job); }, Qt::QueuedConnection);
}

Notifier::Notifier(const PolicyConfig& policy, Options options, QObject* parent)
    : QObject(parent)
    , d(std::make_shared<Shared>())
{
    qRegisterMetaType<gw::NoticeRecord>();
    if (!options.clock)
        options.clock = [] {
            return QDateTime::currentMSecsSinceEpoch();
        };
    d->server = options.server;
    d->options = std::move(options);
    d->owner = this;
    setPolicy(policy);
    d->thread.setObjectName(QStringLiteral("gw-notices"));
    d->worker = new Worker(d.get());
    d->worker->moveToThread(&d->thread);
    connect(&d->thread, &QThread::finished, d->worker, &QObject::deleteLater);
    d->thread.start();
}

Notifier::~Notifier()
{
    d->thread.quit();
    d->thread.wait();
}

void Notifier::setPolicy(const PolicyConfig& policy)
{
    QMutexLocker locker(&d->lock);
    d->contacts = policy.contacts;
    d->rateLimitMs = policy.alerts.rateLimitMs;
    d->hogs = policy.hog.alert;
}

void Notifier::setServerName(const QString& server)
{
    QMutexLocker locker(&d->lock);
    d->server = server;
}

void Notifier::notify(const QList<PolicyEvent>& events)
{
    for (const PolicyEvent& e : events)
        notify(e);
}

void Notifier::notify(const PolicyEvent& event)
{
    qint64 rateLimitMs = 0;
    bool hogs = true;
    {
        QMutexLocker locker(&d->lock);
        if (!d->contacts.enabled)
            return;
        rateLimitMs = d->rateLimitMs;
        hogs = d->hogs;
    }
    QMutexLocker decide(&d->decideLock);
    const auto news = d->news.take(event, hogs);
    // A GPU's fault, an account's processes judged together: no one person.
    if (!news || event.user.isEmpty() || policyEventKindInfo(event.kind).health)
        return;
    Job job;
    job.atMs = d->options.clock();
    job.facts.kind = policyEventKindName(event.kind);
    job.facts.user = event.user;
    job.facts.event = event;
    job.facts.steps = news->steps;
    job.enforced = noticeAnnouncesEnforcement(job.facts);
    job.key = news->key;
    if (d->options.coalesceMs <= 0) {
        d->admit(std::move(job), rateLimitMs, decide);
        return;
    }
    decide.unlock();
    Worker* worker = d->worker;
    QMetaObject::invokeMethod(
        worker, [worker, job] { worker->hold(job); }, Qt::QueuedConnection);
}

void Notifier::notifyText(const QString& kind, const QString& user, const QString& text,
                          const PolicyEvent& about)
{
    qint64 rateLimitMs = 0;
    {
        QMutexLocker locker(&d->lock);
        if (!d->contacts.enabled || user.isEmpty())
            return;
        rateLimitMs = d->rateLimitMs;
    }
    Job job;
    job.atMs = d->options.clock();
    job.facts.kind = kind;
    job.facts.user = user;
    job.facts.text = text;
    job.facts.event = about;
    job.enforced = noticeAnnouncesEnforcement(job.facts);
    QMutexLocker decide(&d->decideLock);
    job.key = kind + QLatin1Char('/') + user;
    d->admit(std::move(job), rateLimitMs, decide);
}

Notifier::Counters Notifier::counters() const
{
    Counters c;
    c.sent = d->sent;
    c.failed = d->failed;
    c.declined = d->declined;
    c.rateLimited = d->rateLimited;
    return c;
}

} // namespace gw
