#pragma once

// Where an agent is and how to prove who we are to it: its URL, the bearer
// token, the certificate pinned for it. One type for every client of an
// agent: the desktop's links (RemoteServer adds the name it shows), the
// command line's --source, the agent's own keeper link (from a [tokens]
// entry of agent.toml).

#include <QByteArray>
#include <QString>
#include <QUrl>

namespace gw {

struct AgentEndpoint
{
    QUrl url;         // http(s)://host:port, optionally with a path prefix
    QByteArray token; // empty: the request goes out without one
    // Where the token came from, or where it was looked for in vain: added
    // on its own line to an HTTP 401 message. Empty: nothing is added.
    QString tokenOrigin;
    // Raw SHA-256 of the certificate (DER). Set: only this certificate is
    // accepted, CA-signed or not. Empty: the system CAs decide.
    QByteArray pinnedSha256;

    // The URL of a route: the endpoint's path prefix + the path of
    // `pathAndQuery` ("/v1/samples?after=5"), with its query as given.
    QUrl routeUrl(const QString& pathAndQuery) const;

    bool operator==(const AgentEndpoint&) const = default;
};

// "AB:CD:…" as admins compare fingerprints, from raw SHA-256 bytes.
QString formatFingerprint(const QByteArray& sha256);
// Raw bytes from hex with or without colons/spaces (and an optional
// "SHA256:" prefix); empty when malformed.
QByteArray parseFingerprint(const QString& text);

} // namespace gw
