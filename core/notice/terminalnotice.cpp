#include "notice/terminalnotice.h"

#include <QDateTime>
#include <QFile>
#include <QMutex>
#include <QRegularExpression>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <utmpx.h>

namespace gw {

namespace {

// utmpxname() and getutxent() keep their state in the C library.
QMutex& utmpLock()
{
    static QMutex lock;
    return lock;
}

struct Login
{
    QString line; // "pts/3", "tty1"
    pid_t pid = 0;
};

QString field(const char* text, size_t size)
{
    return QString::fromLocal8Bit(text, qsizetype(strnlen(text, size)));
}

// A terminal's line as utmp gives it, without a way out of /dev.
bool plainLine(const QString& line)
{
    static const QRegularExpression re(QStringLiteral("^(pts/[0-9]{1,6}|tty[A-Za-z0-9]{1,8})$"));
    return re.match(line).hasMatch();
}

// What a terminal shows: printable text, each line ended with CR LF so a
// terminal in raw mode shows it too; control characters dropped.
QByteArray terminalText(const QString& from, const QString& text)
{
    QString out = QStringLiteral("\r\n\aMessage from %1 at %2 ...\r\n")
                      .arg(from, QDateTime::currentDateTime().toString(QStringLiteral("HH:mm")));
    for (const QString& line : text.split(QLatin1Char('\n'))) {
        QString clean;
        for (QChar c : line)
            if (c.isPrint() || c == QLatin1Char('\t'))
                clean += c;
        out += clean + QStringLiteral("\r\n");
    }
    out += QStringLiteral("EOF\r\n");
    return out.toUtf8();
}

} // namespace

TerminalNoticeResult writeTerminalNotice(const QString& utmpPath, const QString& user,
                                         const QString& from, const QString& text)
{
    TerminalNoticeResult result;
    QList<Login> logins;
    {
        QMutexLocker locker(&utmpLock());
        if (!QFile::exists(utmpPath)) {
            result.error = QStringLiteral("%1: %2").arg(
                utmpPath, QString::fromLocal8Bit(std::strerror(ENOENT)));
            return result;
        }
        const QByteArray path = QFile::encodeName(utmpPath);
        if (utmpxname(path.constData()) != 0) {
            result.error = QStringLiteral("%1: %2").arg(
                utmpPath, QString::fromLocal8Bit(std::strerror(errno)));
            return result;
        }
        setutxent();
        while (const utmpx* u = getutxent()) {
            if (u->ut_type != USER_PROCESS)
                continue;
            if (field(u->ut_user, sizeof u->ut_user) != user)
                continue;
            logins << Login{field(u->ut_line, sizeof u->ut_line), u->ut_pid};
        }
        endutxent();
        // Back to the system's file for anyone else in this process.
        utmpxname(_PATH_UTMPX);
    }
    const QByteArray message = terminalText(from, text);
    QStringList seen;
    for (const Login& login : std::as_const(logins)) {
        // A stale entry: its login process is gone.
        if (login.pid > 0 && ::kill(login.pid, 0) != 0 && errno == ESRCH)
            continue;
        if (!plainLine(login.line) || seen.contains(login.line))
            continue;
        seen << login.line;
        result.loggedIn = true;
        const QByteArray device = "/dev/" + login.line.toLatin1();
        const int fd = ::open(device.constData(), O_WRONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
        if (fd < 0) {
            result.refused << QStringLiteral("%1 (%2)").arg(
                login.line, QString::fromLocal8Bit(std::strerror(errno)));
            continue;
        }
        struct stat st
        {};
        if (::fstat(fd, &st) != 0 || !S_ISCHR(st.st_mode)) {
            ::close(fd);
            result.refused << QStringLiteral("%1 (not a terminal)").arg(login.line);
            continue;
        }
        if (!(st.st_mode & S_IWGRP)) {
            ::close(fd);
            result.refused << QStringLiteral("%1 (mesg n)").arg(login.line);
            continue;
        }
        const ssize_t n = ::write(fd, message.constData(), size_t(message.size()));
        const int writeErrno = errno;
        ::close(fd);
        if (n == message.size())
            result.written << login.line;
        else if (n > 0)
            result.written << QStringLiteral("%1 (%2 of %3 bytes: the terminal was busy)")
                                  .arg(login.line)
                                  .arg(n)
                                  .arg(message.size());
        else
            result.refused << QStringLiteral("%1 (%2)").arg(
                login.line, QString::fromLocal8Bit(std::strerror(writeErrno)));
    }
    return result;
}

} // namespace gw
