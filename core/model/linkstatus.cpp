#include "model/linkstatus.h"

#include "model/units.h"

#include <QCoreApplication>

#include <cstdlib>

namespace gw {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(gw::AgentLink)
};

} // namespace

QString linkStateText(LinkState state)
{
    switch (state) {
    case LinkState::Connecting:
        return Tr::tr("connecting");
    case LinkState::Connected:
        return Tr::tr("connected");
    case LinkState::Stale:
        return Tr::tr("stale");
    case LinkState::NoToken:
        return Tr::tr("no token given");
    case LinkState::TokenRefused:
        return Tr::tr("the token was refused");
    case LinkState::AuthFailed:
        return Tr::tr("authentication failed");
    case LinkState::Unreachable:
        return Tr::tr("unreachable");
    case LinkState::Untrusted:
        return Tr::tr("certificate not trusted");
    case LinkState::PinMismatch:
        return Tr::tr("certificate changed");
    case LinkState::Failing:
        return Tr::tr("bad replies");
    }
    return {};
}

QString clockOffsetText(qint64 offsetMs)
{
    return (offsetMs > 0 ? Tr::tr("clock %1 s ahead") : Tr::tr("clock %1 s behind"))
        .arg(localNumber(std::abs(offsetMs) / 1000.0, 1));
}

} // namespace gw
