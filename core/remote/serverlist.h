#pragma once

// The servers the desktop watches, as the admin entered them: name, URL,
// kind (a gpuwarden-agent or a Prometheus server) and, for TLS, a pinned
// certificate fingerprint. Kept in QSettings, except the tokens: those live in
// the OS keychain (SecretStore) under SecretStore::tokenKey(url), never in
// the settings file. A token the keychain cannot store (no Secret Service)
// is kept in this object's memory for the session, used, and said to be
// forgotten when the app quits.

#include "remote/agentlink.h"
#include "remote/secretstore.h"

#include <QHash>
#include <QList>
#include <QObject>
#include <QUrl>

#include <functional>
#include <memory>
#include <optional>

class QSettings;

namespace gw {

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

    // The one name the server is watched under: its rows, events, verdicts,
    // reservations and resume point. The admin's name; without one (a
    // hand-written settings file) the URL's host:port, as for --source, so
    // that every server stays its own and never merges into a nameless one.
    QString watchedName() const;

    bool operator==(const ServerEntry&) const = default;
};

QString kindText(ServerEntry::Kind kind);

// The port gpuwarden-agent listens on unless configured otherwise
// (AgentConfig::kDefaultPort; tst_agentlink checks they agree).
constexpr int kAgentDefaultPort = 9807;

// "https://gpu-01:9807" → a URL; the reason when it is not one we can use.
// The one place an admin's URL is checked and normalised, for the Servers
// dialog, the saved list and --source of gpuwarden and gpuwarden-cli: an
// agent's URL without a port gets kAgentDefaultPort (not 80 or 443); a
// Prometheus server's keeps its scheme's default. A trailing slash goes.
QUrl parseServerUrl(const QString& text, QString* error,
                    ServerEntry::Kind kind = ServerEntry::Kind::Agent);

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
    // The name each entry is watched under, by id: its watchedName(), and
    // where an earlier entry already has that name (a hand-written file may
    // repeat one) that name with the URL's host:port, so no server is lost.
    QHash<QString, QString> watchedNames() const;

    // What is wrong with `e` beside the other entries (an empty name, a name
    // or URL used twice, a bad URL); empty when it can be saved.
    QString validate(const ServerEntry& e) const;

    // Adds `e` or replaces the entry with its id. `token`: nullopt leaves
    // the stored one as it is (moved along when the URL changed), an empty
    // array removes it. `done` gets the keychain's error, if any; the entry
    // is saved either way, so a keychain failure loses nothing typed: a
    // token it could not store is kept for this session (sessionOnly()),
    // and the error says it will not be remembered after the app quits.
    void put(ServerEntry e, std::optional<QByteArray> token,
             std::function<void(const SecretError& error)> done);
    void remove(const QString& id, std::function<void(const SecretError& error)> done);
    // The server's token is held in memory only, for this session.
    bool sessionOnly(const QString& id) const;
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
    // keychain said when it failed (one line per server, in the documented
    // words; the backend's own text goes to the log).
    void resolved(const QList<gw::RemoteServer>& agents, const QList<gw::RemoteServer>& prometheus,
                  const QStringList& keychainErrors);

private:
    struct ResolvePass
    {
        QList<ServerEntry> todo;
        QList<RemoteServer> agents;
        QList<RemoteServer> prometheus;
        QStringList errors;
        SecretError keychainError;
        int generation = 0;
    };
    void resolveNext(const std::shared_ptr<ResolvePass>& pass);
    void load();
    void save();

    QSettings* m_settings;
    SecretStore* m_secrets;
    QList<ServerEntry> m_entries;
    // Tokens the keychain could not store, by SecretStore::tokenKey(url).
    QHash<QString, QByteArray> m_sessionTokens;
    int m_generation = 0; // a newer resolve() makes an older one moot
};

} // namespace gw
