#include "remote/serverlist.h"

#include "remote/secretstore.h"
#include "wire/agentendpoint.h"

#include <QCoreApplication>
#include <QLoggingCategory>
#include <QSet>
#include <QSettings>
#include <QUuid>

#include <memory>

Q_LOGGING_CATEGORY(lcServers, "gw.servers", QtInfoMsg)

namespace gw {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(gw::ServerList)
};

QString kindKey(ServerEntry::Kind kind)
{
    return kind == ServerEntry::Kind::Prometheus ? QStringLiteral("prometheus")
                                                 : QStringLiteral("agent");
}

} // namespace

QString kindText(ServerEntry::Kind kind)
{
    return kind == ServerEntry::Kind::Prometheus ? Tr::tr("Prometheus")
                                                 : Tr::tr("GPU Warden agent");
}

QString ServerEntry::watchedName() const
{
    const QString given = name.trimmed();
    return given.isEmpty() ? url.authority() : given;
}

QString validateToken(const QByteArray& token)
{
    if (token.size() > kMaxTokenBytes)
        return Tr::tr("the token is longer than %1 bytes").arg(kMaxTokenBytes);
    for (const char c : token) {
        if (uchar(c) <= 0x20 || uchar(c) == 0x7f)
            return Tr::tr("the token contains spaces or control characters (one token, one line)");
    }
    return {};
}

QUrl parseServerUrl(const QString& text, QString* error, ServerEntry::Kind kind)
{
    const QString t = text.trimmed();
    const QUrl url(t, QUrl::StrictMode);
    if (t.isEmpty()) {
        *error = Tr::tr("Enter the server's URL, such as https://gpu-01.example.org:9807.");
        return {};
    }
    if (!url.isValid() ||
        (url.scheme() != QLatin1String("http") && url.scheme() != QLatin1String("https"))) {
        *error = Tr::tr("The URL must start with http:// or https:// (for example "
                        "https://gpu-01.example.org:9807).");
        return {};
    }
    if (url.host().isEmpty()) {
        *error = Tr::tr("The URL has no host name.");
        return {};
    }
    if (!url.userInfo().isEmpty() || url.hasQuery() || url.hasFragment()) {
        *error = Tr::tr("Leave user names, passwords, queries and fragments out of the URL; the "
                        "token has a field of its own.");
        return {};
    }
    QUrl clean = url;
    if (clean.path().endsWith(QLatin1Char('/')))
        clean.setPath(clean.path().chopped(1));
    if (clean.port() < 0 && kind == ServerEntry::Kind::Agent)
        clean.setPort(kAgentDefaultPort);
    return clean;
}

ServerList::ServerList(QSettings* settings, SecretStore* secrets, QObject* parent)
    : QObject(parent)
    , m_settings(settings)
    , m_secrets(secrets)
{
    qRegisterMetaType<QList<gw::RemoteServer>>();
    load();
}

void ServerList::load()
{
    m_entries.clear();
    const int n = m_settings->beginReadArray(QStringLiteral("servers"));
    for (int i = 0; i < n; ++i) {
        m_settings->setArrayIndex(i);
        ServerEntry e;
        e.id = m_settings->value(QStringLiteral("id")).toString();
        e.name = m_settings->value(QStringLiteral("name")).toString();
        e.kind = m_settings->value(QStringLiteral("kind")).toString() == QLatin1String("prometheus")
                     ? ServerEntry::Kind::Prometheus
                     : ServerEntry::Kind::Agent;
        QString why;
        e.url = parseServerUrl(m_settings->value(QStringLiteral("url")).toString(), &why, e.kind);
        e.pinnedSha256 =
            parseFingerprint(m_settings->value(QStringLiteral("pinned_sha256")).toString());
        if (e.id.isEmpty())
            e.id = QUuid::createUuid().toString(QUuid::WithoutBraces);
        // An entry someone broke by hand is kept (and shown) rather than
        // dropped: its URL field is then empty and the editor says why.
        m_entries.append(e);
    }
    m_settings->endArray();
}

void ServerList::save()
{
    m_settings->remove(QStringLiteral("servers"));
    m_settings->beginWriteArray(QStringLiteral("servers"), int(m_entries.size()));
    for (int i = 0; i < m_entries.size(); ++i) {
        const ServerEntry& e = m_entries[i];
        m_settings->setArrayIndex(i);
        m_settings->setValue(QStringLiteral("id"), e.id);
        m_settings->setValue(QStringLiteral("name"), e.name);
        m_settings->setValue(QStringLiteral("url"), e.url.toString());
        m_settings->setValue(QStringLiteral("kind"), kindKey(e.kind));
        m_settings->setValue(QStringLiteral("pinned_sha256"),
                             e.pinnedSha256.isEmpty() ? QString()
                                                      : formatFingerprint(e.pinnedSha256));
    }
    m_settings->endArray();
    m_settings->sync();
    Q_EMIT changed();
}

std::optional<ServerEntry> ServerList::entry(const QString& id) const
{
    for (const auto& e : m_entries) {
        if (e.id == id)
            return e;
    }
    return std::nullopt;
}

QString ServerList::validate(const ServerEntry& e) const
{
    if (e.name.trimmed().isEmpty())
        return Tr::tr("Give the server a name.");
    if (e.name != e.name.trimmed())
        return Tr::tr("The name must not start or end with spaces.");
    if (!e.url.isValid() || e.url.host().isEmpty())
        return Tr::tr("Enter a valid http:// or https:// URL.");
    for (const auto& other : m_entries) {
        if (other.id == e.id)
            continue;
        if (other.name.compare(e.name, Qt::CaseInsensitive) == 0)
            return Tr::tr("Another server is already called \"%1\".").arg(other.name);
        if (SecretStore::tokenKey(other.url) == SecretStore::tokenKey(e.url))
            return Tr::tr("\"%1\" already uses this URL.").arg(other.name);
    }
    return {};
}

void ServerList::put(ServerEntry e, std::optional<QByteArray> token,
                     std::function<void(const SecretError& error)> done)
{
    if (e.id.isEmpty())
        e.id = QUuid::createUuid().toString(QUuid::WithoutBraces);
    const auto old = entry(e.id);
    const QString oldKey = old ? SecretStore::tokenKey(old->url) : QString();
    const QString newKey = SecretStore::tokenKey(e.url);
    const bool moved = !oldKey.isEmpty() && oldKey != newKey;
    // A new URL means another server: a pin made for the old one is void.
    if (old && moved && e.pinnedSha256 == old->pinnedSha256)
        e.pinnedSha256.clear();
    if (old)
        std::replace(m_entries.begin(), m_entries.end(), *old, e);
    else
        m_entries.append(e);
    save();

    // A token held for this session moves with its server like a stored
    // one (and the keychain gets another chance to keep it).
    if (moved && !token && m_sessionTokens.contains(oldKey))
        token = m_sessionTokens.value(oldKey);
    if (moved)
        m_sessionTokens.remove(oldKey);

    auto finish = [done](const SecretError& error) {
        if (done)
            done(error);
    };
    auto forget = [](const SecretError&) {
    };
    if (token && token->isEmpty()) {
        m_sessionTokens.remove(newKey);
        m_secrets->remove(newKey, [this, oldKey, moved, forget, finish](const SecretError& error) {
            if (moved)
                m_secrets->remove(oldKey, forget);
            finish(error);
        });
    } else if (const QString bad = token ? validateToken(*token) : QString(); !bad.isEmpty()) {
        finish({bad, {}}); // never stored: the agent would refuse it, or the header break
    } else if (token) {
        const QByteArray typed = *token;
        m_secrets->write(
            newKey, typed,
            [this, oldKey, newKey, moved, typed, forget, finish](const SecretError& error) {
                if (error.isEmpty()) {
                    m_sessionTokens.remove(newKey);
                    if (moved)
                        m_secrets->remove(oldKey, forget);
                    finish({});
                    return;
                }
                // Not lost: used until the app quits, and said so.
                m_sessionTokens.insert(newKey, typed);
                finish({Tr::tr("The keychain could not store the token: %1. It is used "
                               "for this session only and will not be remembered after "
                               "GPU Warden quits.")
                            .arg(error.message),
                        error.detail});
            });
    } else if (moved) {
        // The URL changed and the token did not: move it to the new key.
        m_secrets->read(oldKey, [this, oldKey, newKey, forget, finish](const SecretResult& r) {
            if (!r.secret) {
                finish(r.error);
                return;
            }
            m_secrets->write(newKey, *r.secret,
                             [this, oldKey, forget, finish](const SecretError& error) {
                                 if (error.isEmpty())
                                     m_secrets->remove(oldKey, forget);
                                 finish(error);
                             });
        });
    } else {
        finish({});
    }
}

void ServerList::remove(const QString& id, std::function<void(const SecretError& error)> done)
{
    const auto old = entry(id);
    if (!old) {
        if (done)
            done({});
        return;
    }
    m_entries.removeOne(*old);
    save();
    const QString key = SecretStore::tokenKey(old->url);
    m_sessionTokens.remove(key);
    m_secrets->remove(key, [done](const SecretError& error) {
        if (done)
            done(error);
    });
}

bool ServerList::sessionOnly(const QString& id) const
{
    const auto e = entry(id);
    return e && m_sessionTokens.contains(SecretStore::tokenKey(e->url));
}

void ServerList::pin(const QString& id, const QByteArray& sha256)
{
    for (auto& e : m_entries) {
        if (e.id == id) {
            e.pinnedSha256 = sha256;
            save();
            return;
        }
    }
}

QHash<QString, ResumePoint> ServerList::resumePoints() const
{
    QHash<QString, ResumePoint> points;
    m_settings->beginGroup(QStringLiteral("resume"));
    for (const QString& key : m_settings->childKeys()) {
        const QStringList v = m_settings->value(key).toString().split(QLatin1Char(' '));
        bool ok = false;
        const quint64 cursor = v.value(1).toULongLong(&ok);
        // "stream cursor", since issue 24 "stream cursor agent-id".
        if ((v.size() == 2 || v.size() == 3) && ok)
            points.insert(QUrl::fromPercentEncoding(key.toUtf8()), {v[0], cursor, v.value(2)});
    }
    m_settings->endGroup();
    return points;
}

void ServerList::saveResumePoints(const QList<LinkStatus>& statuses)
{
    m_settings->remove(QStringLiteral("resume"));
    m_settings->beginGroup(QStringLiteral("resume"));
    for (const LinkStatus& s : statuses) {
        if (!s.stream.isEmpty())
            m_settings->setValue(
                QString::fromLatin1(QUrl::toPercentEncoding(s.server)),
                QString(s.stream + QLatin1Char(' ') + QString::number(s.cursor) +
                        (s.agentId.isEmpty() ? QString() : QLatin1Char(' ') + s.agentId)));
    }
    m_settings->endGroup();
    m_settings->sync();
}

QHash<QString, QString> ServerList::watchedNames() const
{
    QHash<QString, QString> out;
    QSet<QString> taken;
    for (const ServerEntry& e : m_entries) {
        const QString own = e.watchedName();
        QString name = own;
        if (taken.contains(name))
            name = QStringLiteral("%1 (%2)").arg(own, e.url.authority());
        for (int n = 2; taken.contains(name); ++n)
            name = QStringLiteral("%1 (%2)").arg(own).arg(n);
        taken.insert(name);
        out.insert(e.id, name);
    }
    return out;
}

void ServerList::resolve()
{
    auto pass = std::make_shared<ResolvePass>();
    pass->todo = m_entries;
    // Each watched under its one name from here on.
    const QHash<QString, QString> names = watchedNames();
    for (ServerEntry& e : pass->todo)
        e.name = names.value(e.id);
    pass->generation = ++m_generation;
    resolveNext(pass);
}

void ServerList::resolveNext(const std::shared_ptr<ResolvePass>& pass)
{
    // Tokens are read one after another (qtkeychain runs one job at a time
    // anyway); a failing keychain costs one timeout per server at worst, and
    // the servers are watched without a token meanwhile rather than not at all.
    if (pass->generation != m_generation)
        return; // a newer pass took over
    if (pass->todo.isEmpty()) {
        Q_EMIT resolved(pass->agents, pass->prometheus, pass->errors);
        return;
    }
    const ServerEntry e = pass->todo.takeFirst();
    if (!e.url.isValid()) {
        pass->errors.append(
            Tr::tr("%1: no valid URL; edit the server.")
                .arg(e.name.isEmpty() ? Tr::tr("A server without a name") : e.name));
        resolveNext(pass);
        return;
    }
    const QString key = SecretStore::tokenKey(e.url);
    if (const auto held = m_sessionTokens.constFind(key); held != m_sessionTokens.cend()) {
        pass->errors.append(Tr::tr("%1: the token is used for this session only; it will not be "
                                   "remembered after GPU Warden quits (the keychain could not "
                                   "store it).")
                                .arg(e.watchedName()));
        (e.kind == ServerEntry::Kind::Prometheus ? pass->prometheus : pass->agents)
            .append(RemoteServer{e.watchedName(), e.url, *held, e.pinnedSha256});
        resolveNext(pass);
        return;
    }
    auto take = [this, pass, e](const SecretResult& r) {
        const RemoteServer s{e.watchedName(), e.url, r.secret.value_or(QByteArray()),
                             e.pinnedSha256};
        if (!r.error.isEmpty()) {
            // The banner gets the documented words; the log keeps what the
            // backend said, for whoever diagnoses it.
            if (pass->keychainError.isEmpty())
                qCWarning(lcServers).noquote()
                    << "keychain:" << r.error.text()
                    << "- servers are asked without their tokens until it answers";
            pass->keychainError = r.error;
            pass->errors.append(Tr::tr("%1: the token could not be read from the keychain: %2")
                                    .arg(e.watchedName(), r.error.message));
        }
        (e.kind == ServerEntry::Kind::Prometheus ? pass->prometheus : pass->agents).append(s);
        resolveNext(pass);
    };
    // A keychain that failed once (no Secret Service, a timeout) is not asked
    // again in this pass: one wait, not one per server.
    if (!pass->keychainError.isEmpty())
        take(SecretResult{std::nullopt, pass->keychainError});
    else
        m_secrets->read(key, take);
}

} // namespace gw
