#pragma once

// A notice written to a person's terminals on this server, as write(1)
// does: every login of theirs the utmp file lists (a live process, a
// terminal under /dev), unless the terminal is closed to messages (mesg n:
// no group write bit). Non-blocking: a terminal that does not take the whole
// message at once is left with what it took.

#include <QString>
#include <QStringList>

namespace gw {

struct TerminalNoticeResult
{
    QStringList written;   // "pts/3"
    QStringList refused;   // "pts/4 (mesg n)", "pts/5 (No such file or directory)"
    bool loggedIn = false; // any login of the person's found at all
    QString error;         // the utmp file could not be read
};

// `from`: the sender as the banner names it ("gpuwarden-agent@node-a").
TerminalNoticeResult writeTerminalNotice(const QString& utmpPath, const QString& user,
                                         const QString& from, const QString& text);

} // namespace gw
