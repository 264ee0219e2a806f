#pragma once

// What notices are sent to in tests (docs/notices.md): a fake sendmail that
// keeps each message it is handed, an SMTP relay on loopback that keeps each
// mail, and a real pseudo-terminal listed as a person's login in a utmp
// file of the test's own.

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QList>
#include <QString>
#include <QTcpServer>
#include <QTcpSocket>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <termios.h>
#include <unistd.h>
#include <utmpx.h>

namespace gw::test {

// A sendmail that writes its arguments ("ARGS: -t -oi") and the message it
// reads to <dir>/mail-<n>.eml, says `say` on standard error and exits with
// `exitCode`. Returns the program's path.
inline QString writeFakeSendmail(const QString& dir, int exitCode = 0, const QByteArray& say = {})
{
    const QString path = QDir(dir).filePath(QStringLiteral("sendmail"));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return {};
    const QByteArray d = QFile::encodeName(dir);
    f.write("#!/bin/sh\nn=$(ls '" + d +
            "'/mail-*.eml 2>/dev/null | wc -l)\nn=$((n+1))\n"
            "{ echo \"ARGS: $*\"; cat; } > '" +
            d + "'/mail-$n.tmp\nmv '" + d + "'/mail-$n.tmp '" + d + "'/mail-$n.eml\n" +
            (say.isEmpty() ? QByteArray() : "echo '" + say + "' >&2\n") + "exit " +
            QByteArray::number(exitCode) + "\n");
    f.close();
    f.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ExeGroup |
                     QFile::ReadGroup | QFile::ExeOther | QFile::ReadOther);
    return path;
}

// The messages the fake sendmail was handed, in order.
inline QList<QByteArray> fakeSendmailMessages(const QString& dir)
{
    QList<QByteArray> out;
    for (int n = 1;; ++n) {
        QFile f(QDir(dir).filePath(QStringLiteral("mail-%1.eml").arg(n)));
        if (!f.open(QIODevice::ReadOnly))
            return out;
        out << f.readAll();
    }
}

// An SMTP relay on loopback: answers every command as a relay that takes the
// mail would (or refuses RCPT TO with `refuseRecipient`), and keeps the
// envelope and the data of each mail.
class SmtpReceiver : public QObject
{
public:
    struct Mail
    {
        QByteArray helo;
        QByteArray from;
        QByteArray to;
        QByteArray data; // as sent, CR LF and dot-stuffing included
    };
    QList<Mail> mails;
    bool refuseRecipient = false;

    bool listen()
    {
        connect(&server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket* s = server.nextPendingConnection()) {
                auto* mail = new Mail;
                auto* inData = new bool(false);
                connect(s, &QTcpSocket::readyRead, this, [this, s, mail, inData] {
                    while (s->canReadLine()) {
                        const QByteArray line = s->readLine();
                        if (*inData) {
                            if (line == ".\r\n") {
                                *inData = false;
                                mails << *mail;
                                s->write("250 2.0.0 Ok: queued as 4711\r\n");
                            } else {
                                mail->data += line;
                            }
                            continue;
                        }
                        const QByteArray cmd = line.trimmed();
                        if (cmd.startsWith("EHLO")) {
                            mail->helo = cmd.mid(5);
                            s->write("250-relay.test\r\n250-8BITMIME\r\n250 SIZE 10240000\r\n");
                        } else if (cmd.startsWith("MAIL FROM:")) {
                            mail->from = cmd.mid(10);
                            s->write("250 2.1.0 Ok\r\n");
                        } else if (cmd.startsWith("RCPT TO:")) {
                            mail->to = cmd.mid(8);
                            s->write(refuseRecipient ? "550 5.1.1 No such user here\r\n"
                                                     : "250 2.1.5 Ok\r\n");
                        } else if (cmd == "DATA") {
                            *inData = true;
                            s->write("354 End data with <CR><LF>.<CR><LF>\r\n");
                        } else if (cmd == "QUIT") {
                            s->write("221 2.0.0 Bye\r\n");
                            s->disconnectFromHost();
                        } else {
                            s->write("502 5.5.2 Error: command not recognized\r\n");
                        }
                    }
                });
                connect(s, &QTcpSocket::disconnected, s, [s, mail, inData] {
                    delete mail;
                    delete inData;
                    s->deleteLater();
                });
                s->write("220 relay.test ESMTP\r\n");
            }
        });
        return server.listen(QHostAddress::LocalHost);
    }
    quint16 port() const { return server.serverPort(); }

private:
    QTcpServer server;
};

// A real pseudo-terminal: its master end is read here, its slave end
// (/dev/pts/N) is what a notice writes to.
class TestTerminal
{
public:
    TestTerminal() = default;
    TestTerminal(const TestTerminal&) = delete;
    TestTerminal& operator=(const TestTerminal&) = delete;
    ~TestTerminal()
    {
        if (m_slave >= 0)
            ::close(m_slave);
        if (m_master >= 0)
            ::close(m_master);
    }

    bool open()
    {
        m_master = ::posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
        if (m_master < 0 || ::grantpt(m_master) != 0 || ::unlockpt(m_master) != 0)
            return false;
        const char* name = ::ptsname(m_master);
        if (!name)
            return false;
        m_path = QString::fromLocal8Bit(name);
        // Held open so that what is written stays readable.
        m_slave = ::open(name, O_RDWR | O_NOCTTY | O_CLOEXEC);
        if (m_slave < 0)
            return false;
        // Output as written (no LF → CR LF), so what arrives can be compared.
        termios t{};
        if (::tcgetattr(m_slave, &t) != 0)
            return false;
        t.c_oflag &= tcflag_t(~OPOST);
        if (::tcsetattr(m_slave, TCSANOW, &t) != 0)
            return false;
        // Open to messages, as a login with mesg y.
        return setMessages(true);
    }
    // "pts/5", as utmp names it.
    QString line() const { return m_path.mid(5); }
    QString path() const { return m_path; }
    // mesg y / mesg n: the group's write bit.
    bool setMessages(bool on)
    {
        struct stat st
        {};
        if (::stat(m_path.toLocal8Bit().constData(), &st) != 0)
            return false;
        const mode_t mode = on ? (st.st_mode | S_IWGRP) : (st.st_mode & ~S_IWGRP);
        return ::chmod(m_path.toLocal8Bit().constData(), mode & 07777) == 0;
    }
    // What arrived, waiting up to `waitMs` for the first bytes.
    QByteArray read(int waitMs)
    {
        QByteArray out;
        pollfd p{m_master, POLLIN, 0};
        int wait = waitMs;
        while (::poll(&p, 1, wait) > 0 && (p.revents & POLLIN)) {
            char buf[4096];
            const ssize_t n = ::read(m_master, buf, sizeof buf);
            if (n <= 0)
                break;
            out.append(buf, n);
            wait = 100;
        }
        return out;
    }

private:
    int m_master = -1;
    int m_slave = -1;
    QString m_path;
};

// A utmp file listing `logins` (user, "pts/N") as logged in, each by this
// process (alive), as login(1) writes it.
inline bool writeTestUtmp(const QString& path, const QList<std::pair<QString, QString>>& logins)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return false;
    for (const auto& [user, line] : logins) {
        utmpx u{};
        u.ut_type = USER_PROCESS;
        u.ut_pid = ::getpid();
        const QByteArray l = line.toLatin1();
        const QByteArray n = user.toLocal8Bit();
        std::strncpy(u.ut_line, l.constData(), sizeof u.ut_line);
        std::strncpy(u.ut_id, l.right(4).constData(), sizeof u.ut_id);
        std::strncpy(u.ut_user, n.constData(), sizeof u.ut_user);
        std::strncpy(u.ut_host, "test", sizeof u.ut_host);
        u.ut_tv.tv_sec = std::int32_t(std::time(nullptr));
        f.write(reinterpret_cast<const char*>(&u), sizeof u);
    }
    return true;
}

} // namespace gw::test
