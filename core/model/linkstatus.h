#pragma once

// How a remote server is reached, as the fleet, the models and the windows
// see it: a value, so that they need not include the network client.

#include <QByteArray>
#include <QMetaType>
#include <QString>

namespace gw {

enum class LinkState
{
    Connecting,   // not answered yet
    Connected,    // readings arrive
    Stale,        // the agent answers but has no new reading for a while
    NoToken,      // 401 to a request that carried no token: none was given
    TokenRefused, // 401 to a request with a token: the agent does not know it
    AuthFailed,   // 403: the token is known but lacks the scope
    Unreachable,  // refused, timed out, reset: retried with backoff
    Untrusted,    // TLS certificate no CA vouches for: the admin may pin it
    PinMismatch,  // TLS certificate differs from the pinned one: refused
    Failing,      // the agent answers with something unusable
};

QString linkStateText(LinkState state);
// "clock 3600.0 s ahead" / "… behind" for an offset (agent minus ours).
QString clockOffsetText(qint64 offsetMs);

// Where reading an agent stood (a LinkStatus's stream and cursor), kept
// across runs of the desktop.
struct ResumePoint
{
    QString stream;
    quint64 cursor = 0;
    QString agentId; // the agent's identity then; empty if it had none
};

struct LinkStatus
{
    QString server;
    LinkState state = LinkState::Connecting;
    QString error;             // the last failure in words; empty once connected
    qint64 lastReadingMs = 0;  // newest reading, on the workstation's clock
    qint64 lastContactMs = 0;  // workstation time of the last good reply
    qint64 clockOffsetMs = 0;  // agent clock minus ours, as applied to readings
    qint64 retryInMs = 0;      // while failing: when the next try is
    QByteArray offeredSha256;  // Untrusted/PinMismatch: the certificate seen
    bool readingsLost = false; // the agent reported readings it no longer has
    // What the agent says is wrong with it (/v1/info "degraded"), one
    // "code: message" a line; empty when it is healthy.
    QString degraded;
    // Where reading stands, to resume there after the desktop restarts.
    QString stream;
    quint64 cursor = 0;
    // The agent's identity (/v1/info "agent_id", stable across its
    // restarts); empty before the first answer and for agents without one.
    QString agentId;
    // Set when the agent at this URL turned out to be another one (its
    // identity changed, in this run or since the last): what happened, in
    // words. Its readings and history are kept apart from the earlier one's.
    QString agentChanged;

    bool operator==(const LinkStatus&) const = default;
};

} // namespace gw

Q_DECLARE_METATYPE(gw::LinkStatus)
