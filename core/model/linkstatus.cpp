#include "model/linkstatus.h"

#include <QCoreApplication>

#include <cstdlib>

namespace gw {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("gw::AgentLink", text);
}

} // namespace

QString linkStateText(LinkState state)
{
    switch (state) {
    case LinkState::Connecting:
        return tr("connecting");
    case LinkState::Connected:
        return tr("connected");
    case LinkState::Stale:
        return tr("stale");
    case LinkState::NoToken:
        return tr("no token given");
    case LinkState::TokenRefused:
        return tr("the token was refused");
    case LinkState::AuthFailed:
        return tr("authentication failed");
    case LinkState::Unreachable:
        return tr("unreachable");
    case LinkState::Untrusted:
        return tr("certificate not trusted");
    case LinkState::PinMismatch:
        return tr("certificate changed");
    case LinkState::Failing:
        return tr("bad replies");
    }
    return {};
}

QString clockOffsetText(qint64 offsetMs)
{
    return (offsetMs > 0 ? tr("clock %1 s ahead") : tr("clock %1 s behind"))
        .arg(QString::number(std::abs(offsetMs) / 1000.0, 'f', 1));
}

} // namespace gw
