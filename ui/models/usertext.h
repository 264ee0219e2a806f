#pragma once

// A process's user as every view shows it: its name, or one word when the
// driver gives no user (a ghost: not in this server's /proc). The Details
// page's processes, the Processes page's table and totals and the overview's
// tiles all say the same word.

#include <QCoreApplication>
#include <QString>

namespace gw {

inline QString unknownUserText()
{
    return QCoreApplication::translate("gw::UserText", "unknown");
}

inline QString userText(const QString& user)
{
    return user.isEmpty() ? unknownUserText() : user;
}

} // namespace gw
