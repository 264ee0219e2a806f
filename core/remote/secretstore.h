#pragma once

// Secrets (agent tokens) in the OS keychain through qtkeychain: the Secret
// Service (gnome-keyring, KWallet) on Linux, the Keychain on macOS, the
// Credential Store on Windows. Never QSettings, never a plain file: the
// insecure fallback stays off.
//
// Every job runs under a timeout, because a Secret Service that is missing
// can hang as well as fail, and a locked keyring may wait for a prompt no
// one sees. A job that timed out is left to finish on its own; its late
// answer is dropped (qtkeychain's callbacks hold raw pointers to the job, so
// it must not be deleted early).
//
// Use a SecretStore from the thread it lives in; qtkeychain runs one job at
// a time per process, so a stuck job delays the ones queued behind it (they
// time out in turn, with the same message).

#include <QByteArray>
#include <QObject>
#include <QString>
#include <QUrl>

#include <functional>
#include <optional>

namespace gw {

struct SecretResult
{
    std::optional<QByteArray> secret; // absent: not stored, or the keychain failed
    QString error;                    // empty when simply not stored
};

class SecretStore final : public QObject
{
    Q_OBJECT
public:
    static constexpr int kTimeoutMs = 5000;

    explicit SecretStore(QString service = QStringLiteral("gpuwarden"), QObject* parent = nullptr);

    void setTimeoutMs(int ms);
    int timeoutMs() const { return m_timeoutMs; }
    QString service() const { return m_service; }

    // Async; `done` runs on this object's thread, exactly once (also on
    // timeout) — unless this store is destroyed first, which drops it.
    void read(const QString& key, std::function<void(const SecretResult&)> done);
    void write(const QString& key, const QByteArray& secret,
               std::function<void(const QString& error)> done);
    // Removing a missing key is not an error.
    void remove(const QString& key, std::function<void(const QString& error)> done);

    // The same, waiting in a local event loop (command line).
    SecretResult readBlocking(const QString& key);
    QString writeBlocking(const QString& key, const QByteArray& secret);
    QString removeBlocking(const QString& key);

    // The key under which an agent's token is kept: "agent-token:" + the URL
    // normalised (scheme and host lower-case, explicit port — 80/443 filled
    // in, path without trailing slash, no user info, query or fragment).
    // Empty for a URL that is not valid or has no host.
    static QString tokenKey(const QUrl& agentUrl);

private:
    enum class Op
    {
        Read,
        Write,
        Remove
    };
    struct Outcome
    {
        bool timedOut = false;
        bool notFound = false;
        QByteArray data;
        QString error; // set on failure (not for notFound)
    };
    void run(Op op, const QString& key, const QByteArray& secret,
             std::function<void(const Outcome&)> done);

    QString m_service;
    int m_timeoutMs = kTimeoutMs;
};

} // namespace gw
