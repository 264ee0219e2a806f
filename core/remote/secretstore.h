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

// What went wrong, twice: in the words docs/security.md gives (for the
// banner and dialogs) and as the backend said it (a GLib or D-Bus message,
// for the log, a tooltip and the command line).
struct SecretError
{
    QString message; // empty: no error
    QString detail;  // the backend's own text; may be empty

    bool isEmpty() const { return message.isEmpty(); }
    // "message: detail" (or the message alone).
    QString text() const;
};

struct SecretResult
{
    std::optional<QByteArray> secret; // absent: not stored, or the keychain failed
    SecretError error;                // empty when simply not stored
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
               std::function<void(const SecretError& error)> done);
    // Removing a missing key is not an error.
    void remove(const QString& key, std::function<void(const SecretError& error)> done);

    // The same, waiting in a local event loop (command line); the errors as
    // SecretError::text().
    SecretResult readBlocking(const QString& key);
    QString writeBlocking(const QString& key, const QByteArray& secret);
    QString removeBlocking(const QString& key);

    // The key under which an agent's token is kept: "agent-token:" + the URL
    // normalised (scheme and host lower-case, explicit port — 80/443 filled
    // in, path without trailing slash, no user info, query or fragment).
    // Empty for a URL that is not valid or has no host.
    static QString tokenKey(const QUrl& agentUrl);

    // A failed job's error in the documented words (no Secret Service, a
    // locked keyring, libsecret missing, or "The keychain failed"), with the
    // backend's text kept as the detail. `keychainErrorCode` is
    // QKeychain::Error.
    static SecretError describeFailure(int keychainErrorCode, const QString& backendText);

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
        SecretError error; // set on failure (not for notFound)
    };
    void run(Op op, const QString& key, const QByteArray& secret,
             std::function<void(const Outcome&)> done);

    QString m_service;
    int m_timeoutMs = kTimeoutMs;
};

} // namespace gw
