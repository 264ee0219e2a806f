#pragma once

// The servers the desktop watches, as the admin entered them: name, URL,
// kind (a gpuwarden-agent or a Prometheus server) and, for TLS, a pinned
// certificate fingerprint. Kept in QSettings, except the tokens: those live in
// the OS keychain (SecretStore) under SecretStore::tokenKey(url), never in
// the settings file.

#include "remote/agentlink.h"

#include <QHash>
#include <QList>
#include <QObject>
#include <QUrl>

#include <functional>
#include <memory>
#include <optional>

class QSettings;

namespace gw {

class SecretStore;

struct ServerEntry
{
    enum class Kind
    {
        Agent,
        Prometheus,
    };
    QString id; // stable across renames
    QString name;
    QUrl url;
    Kind kind = Kind::Agent;
    QByteArray pinnedSha256; // empty: the system CAs decide

    bool operator==(const ServerEntry&) const = default;
};

QString kindText(ServerEntry::Kind kind);

// "https://gpu-01:9807" → a URL; the reason when it is not one we can use.
QUrl parseServerUrl(const QString& text, QString* error);

// What is wrong with a bearer token, empty when it can be sent. It travels in
// an HTTP header: one line, no spaces or control characters, at most
// kMaxTokenBytes. An empty token is none, and fine.
constexpr qsizetype kMaxTokenBytes = 64 * 1024;
QString validateToken(const QByteArray& token);

class ServerList final : public QObject
{
    Q_OBJECT
public:
    // `settings` and `secrets` must outlive the list.
    ServerList(QSettings* settings, SecretStore* secrets, QObject* parent = nullptr);

    QList<ServerEntry> entries() const { return m_entries; }
    std::optional<ServerEntry> entry(const QString& id) const;

    // What is wrong with `e` beside the other entries (an empty name, a name
    // or URL used twice, a bad URL); empty when it can be saved.
    QString validate(const ServerEntry& e) const;

    // Adds `e` or replaces the entry with its id. `token`: nullopt leaves
    // the stored one as it is (moved along when the URL changed), an empty
    // array removes it. `done` gets the keychain's error, if any; the entry
    // is saved either way, so a keychain failure loses nothing typed.
    void put(ServerEntry e, std::optional<QByteArray> token,
             std::function<void(const QString& error)> done);
    void remove(const QString& id, std::function<void(const QString& error)> done);
    // Pins (or with an empty fingerprint forgets) a server's certificate.
    void pin(const QString& id, const QByteArray& sha256);

    // Where each server's reading stood when the desktop last quit (QSettings
    // group "resume"), and saving it from the links' last states.
    QHash<QString, ResumePoint> resumePoints() const;
    void saveResumePoints(const QList<LinkStatus>& statuses);

    // Reads every agent's token from the keychain, then emits resolved().
    void resolve();

Q_SIGNALS:
    void changed();
    // Agents with their tokens, Prometheus servers with theirs, and what the
    // keychain said when it failed (one line per server).
    void resolved(const QList<gw::RemoteServer>& agents, const QList<gw::RemoteServer>& prometheus,
                  const QStringList& keychainErrors);

private:
    struct ResolvePass
    {
        QList<ServerEntry> todo;
        QList<RemoteServer> agents;
        QList<RemoteServer> prometheus;
        QStringList errors;
        QString keychainError;
        int generation = 0;
    };
    void resolveNext(const std::shared_ptr<ResolvePass>& pass);
    void load();
    void save();

    QSettings* m_settings;
    SecretStore* m_secrets;
    QList<ServerEntry> m_entries;
    int m_generation = 0; // a newer resolve() makes an older one moot
};

} // namespace gw
