#include "remote/secretstore.h"

#include <qt6keychain/keychain.h>

#include <QEventLoop>
#include <QLibrary>
#include <QLoggingCategory>
#include <QTimer>

#include <memory>

// Every failure goes back to the caller, who shows it; the log says what
// happened to whom (and to jobs whose answer came too late).
Q_LOGGING_CATEGORY(lcSecrets, "gw.secrets", QtInfoMsg)

namespace gw {

QString SecretError::text() const
{
    return detail.isEmpty() ? message : message + QStringLiteral(": ") + detail;
}

namespace {

#ifdef Q_OS_LINUX
// qtkeychain reaches the Secret Service through libsecret, loaded at run
// time; without it every job fails with a bare "Unknown error".
bool libsecretLoadable()
{
    static const bool loadable = QLibrary(QStringLiteral("secret-1"), 0).load();
    return loadable;
}
#endif

// The backends' own messages ("Could not connect: No such file or
// directory", "The name org.freedesktop.secrets was not provided by any
// .service files", GLib's "Failed to execute child process "dbus-launch""
// when there is no session bus at all) say what broke, not what to do
// about it: the message says that, the detail keeps theirs.
SecretError describe(QKeychain::Error code, const QString& raw)
{
    static const char* const noServiceHints[] = {"org.freedesktop.secrets",
                                                 "Could not connect",
                                                 "autolaunch",
                                                 "DBUS_SESSION_BUS_ADDRESS",
                                                 "ServiceUnknown",
                                                 "not provided by any",
                                                 "D-Bus is not running",
                                                 "No keychain service",
                                                 "No keyring daemon",
                                                 "Connection refused",
                                                 "disconnected",
                                                 "NoServer",
                                                 "dbus-launch",
                                                 "session bus",
                                                 "Failed to execute child process"};
    bool noService = code == QKeychain::NoBackendAvailable;
    for (const char* hint : noServiceHints)
        noService = noService || raw.contains(QLatin1String(hint), Qt::CaseInsensitive);
    SecretError e;
    e.detail = raw;
    if (noService)
        e.message = SecretStore::tr(
            "No Secret Service on the session bus (is gnome-keyring or KWallet running?)");
    else if (code == QKeychain::AccessDenied || raw.contains(QLatin1String("locked")))
        e.message = SecretStore::tr("The keychain refused access (is the keyring locked? Unlock "
                                    "it, for example with gnome-keyring-daemon --unlock)");
#ifdef Q_OS_LINUX
    else if (!libsecretLoadable())
        e.message = SecretStore::tr("libsecret is not installed (Debian: libsecret-1-0), so the "
                                    "Secret Service cannot be reached");
#endif
    else
        e.message = SecretStore::tr("The keychain failed");
    if (e.detail.isEmpty())
        e.detail = SecretStore::tr("no details given");
    return e;
}

QString seconds(int ms)
{
    return QString::number(ms / 1000.0);
}

} // namespace

SecretStore::SecretStore(QString service, QObject* parent)
    : QObject(parent)
    , m_service(std::move(service))
{}

void SecretStore::setTimeoutMs(int ms)
{
    m_timeoutMs = qMax(1, ms);
}

void SecretStore::run(Op op, const QString& key, const QByteArray& secret,
                      std::function<void(const Outcome&)> done)
{
    QKeychain::Job* job = nullptr;
    switch (op) {
    case Op::Read:
        job = new QKeychain::ReadPasswordJob(m_service);
        break;
    case Op::Write: {
        auto* write = new QKeychain::WritePasswordJob(m_service);
        // One mode for every secret: a text item and a binary item under the
        // same key would be two entries, and a read would find the stale one.
        write->setBinaryData(secret);
        job = write;
        break;
    }
    case Op::Remove:
        job = new QKeychain::DeletePasswordJob(m_service);
        break;
    }
    // No parent: a stuck job must outlive this store (the backend calls back
    // into it when it finally answers) and deletes itself then.
    job->setAutoDelete(true);
    job->setInsecureFallback(false);
    job->setKey(key);

    // Whichever comes first, the answer or the timeout, settles the request;
    // deleting `pending` cuts the other one off.
    struct State
    {
        bool settled = false;
        bool timedOut = false;
    };
    auto* pending = new QObject(this);
    auto state = std::make_shared<State>();
    auto settle = [pending, state, done = std::move(done)](const Outcome& outcome) {
        if (state->settled)
            return;
        state->settled = true;
        state->timedOut = outcome.timedOut;
        pending->deleteLater();
        done(outcome);
    };
    // Lives as long as the job, not the request: says when a late answer is dropped.
    connect(job, &QKeychain::Job::finished, job, [state, key](QKeychain::Job* j) {
        if (state->timedOut)
            qCInfo(lcSecrets) << "keychain answered for" << key
                              << "after the timeout; dropped:" << j->errorString();
    });
    connect(job, &QKeychain::Job::finished, pending, [settle, op](QKeychain::Job* j) {
        Outcome o;
        if (j->error() == QKeychain::NoError) {
            if (op == Op::Read)
                o.data = static_cast<QKeychain::ReadPasswordJob*>(j)->binaryData();
        } else if (j->error() == QKeychain::EntryNotFound) {
            o.notFound = true;
        } else {
            o.error = describe(j->error(), j->errorString());
        }
        settle(o);
    });
    auto* timer = new QTimer(pending);
    timer->setSingleShot(true);
    const int ms = m_timeoutMs;
    connect(timer, &QTimer::timeout, pending, [settle, ms, key] {
        qCInfo(lcSecrets) << "keychain job for" << key << "timed out after" << ms << "ms";
        Outcome o;
        o.timedOut = true;
        o.error.message =
            tr("The keychain did not answer within %1 s (a stuck Secret Service, or a "
               "keyring waiting to be unlocked)")
                .arg(seconds(ms));
        settle(o);
    });
    timer->start(ms);
    job->start();
}

void SecretStore::read(const QString& key, std::function<void(const SecretResult&)> done)
{
    run(Op::Read, key, {}, [done = std::move(done), key](const Outcome& o) {
        SecretResult r;
        if (!o.error.isEmpty()) {
            qCInfo(lcSecrets) << "reading" << key << "failed:" << o.error.text();
            r.error = o.error;
        } else if (!o.notFound) {
            r.secret = o.data;
        }
        done(r);
    });
}

void SecretStore::write(const QString& key, const QByteArray& secret,
                        std::function<void(const SecretError& error)> done)
{
    run(Op::Write, key, secret, [done = std::move(done), key](const Outcome& o) {
        if (!o.error.isEmpty())
            qCInfo(lcSecrets) << "writing" << key << "failed:" << o.error.text();
        // "Not found" cannot happen on a write; report it rather than lose it.
        done(o.notFound ? describe(QKeychain::EntryNotFound, QString()) : o.error);
    });
}

void SecretStore::remove(const QString& key, std::function<void(const SecretError& error)> done)
{
    run(Op::Remove, key, {}, [done = std::move(done), key](const Outcome& o) {
        if (!o.error.isEmpty())
            qCInfo(lcSecrets) << "removing" << key << "failed:" << o.error.text();
        done(o.error); // a key that was not there is gone all the same
    });
}

SecretResult SecretStore::readBlocking(const QString& key)
{
    QEventLoop loop;
    std::optional<SecretResult> out;
    read(key, [&](const SecretResult& r) {
        out = r;
        loop.quit();
    });
    if (!out)
        loop.exec();
    return *out;
}

QString SecretStore::writeBlocking(const QString& key, const QByteArray& secret)
{
    QEventLoop loop;
    std::optional<QString> out;
    write(key, secret, [&](const SecretError& error) {
        out = error.text();
        loop.quit();
    });
    if (!out)
        loop.exec();
    return *out;
}

QString SecretStore::removeBlocking(const QString& key)
{
    QEventLoop loop;
    std::optional<QString> out;
    remove(key, [&](const SecretError& error) {
        out = error.text();
        loop.quit();
    });
    if (!out)
        loop.exec();
    return *out;
}

SecretError SecretStore::describeFailure(int keychainErrorCode, const QString& backendText)
{
    return describe(QKeychain::Error(keychainErrorCode), backendText);
}

QString SecretStore::tokenKey(const QUrl& agentUrl)
{
    if (!agentUrl.isValid() || agentUrl.host().isEmpty())
        return {};
    QUrl u = agentUrl.adjusted(QUrl::RemoveUserInfo | QUrl::RemoveQuery | QUrl::RemoveFragment |
                               QUrl::NormalizePathSegments);
    const QString scheme = u.scheme().toLower();
    u.setScheme(scheme);
    u.setHost(u.host().toLower());
    if (u.port() < 0) {
        if (scheme == QLatin1String("http"))
            u.setPort(80);
        else if (scheme == QLatin1String("https"))
            u.setPort(443);
    }
    QString path = u.path(QUrl::FullyEncoded);
    while (path.endsWith(QLatin1Char('/')))
        path.chop(1);
    u.setPath(path, QUrl::TolerantMode);
    return QStringLiteral("agent-token:") + u.toString(QUrl::FullyEncoded);
}

} // namespace gw
