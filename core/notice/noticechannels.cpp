#include "notice/noticechannels.h"

#include "notice/terminalnotice.h"
#include "util/printable.h"

#include <QDateTime>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QProcess>
#include <QTcpSocket>
#include <QTimer>
#include <QUrl>

#include <memory>

namespace gw {

namespace {

bool ascii(const QString& s)
{
    return std::all_of(s.begin(), s.end(), [](QChar c) { return c.unicode() < 128; });
}

// RFC 2047 encoded words of at most 75 characters, split between characters.
QByteArray encodedHeader(const QString& text)
{
    if (ascii(text))
        return text.toLatin1();
    QByteArrayList words;
    QByteArray chunk;
    for (qsizetype i = 0; i < text.size(); ++i) {
        QString c(text[i]);
        if (text[i].isHighSurrogate() && i + 1 < text.size())
            c += text[++i];
        const QByteArray bytes = c.toUtf8();
        if (chunk.size() + bytes.size() > 45) {
            words << "=?UTF-8?B?" + chunk.toBase64() + "?=";
            chunk.clear();
        }
        chunk += bytes;
    }
    if (!chunk.isEmpty())
        words << "=?UTF-8?B?" + chunk.toBase64() + "?=";
    return words.join("\r\n ");
}

QString firstLine(const QByteArray& text)
{
    const QString s =
        printableText(QString::fromUtf8(text.left(400)).section(QLatin1Char('\n'), 0, 0));
    return s.trimmed();
}

using Outcome = NoticeDeliveryResult::Outcome;

// One SMTP conversation: greeting, EHLO, MAIL FROM, RCPT TO, DATA, QUIT.
class SmtpSession final : public QObject
{
public:
    SmtpSession(const QUrl& relay, QString helo, QString from, QString to, QByteArray message,
                qint64 timeoutMs, NoticeChannels::Done done, QObject* parent)
        : QObject(parent)
        , m_helo(std::move(helo))
        , m_from(std::move(from))
        , m_to(std::move(to))
        , m_message(std::move(message))
        , m_done(std::move(done))
    {
        m_relay = QStringLiteral("%1:%2").arg(relay.host()).arg(relay.port(25));
        connect(&m_socket, &QTcpSocket::readyRead, this, [this] { read(); });
        connect(&m_socket, &QTcpSocket::errorOccurred, this, [this] {
            finish(Outcome::Failed,
                   QStringLiteral("SMTP %1: %2").arg(m_relay, m_socket.errorString()));
        });
        m_timer.setSingleShot(true);
        connect(&m_timer, &QTimer::timeout, this, [this] {
            finish(Outcome::Failed, QStringLiteral("SMTP %1: no answer within %2 s")
                                        .arg(m_relay)
                                        .arg(m_timer.interval() / 1000));
        });
        m_timer.start(int(std::min<qint64>(timeoutMs, INT_MAX)));
        m_socket.connectToHost(relay.host(), quint16(relay.port(25)));
    }

private:
    enum class Step
    {
        Greeting,
        Ehlo,
        MailFrom,
        RcptTo,
        Data,
        Message,
        Done
    };

    void read()
    {
        while (m_socket.canReadLine()) {
            const QByteArray line = m_socket.readLine().trimmed();
            if (line.size() < 3)
                continue;
            if (line.size() > 3 && line[3] == '-')
                continue; // a reply of several lines goes on
            reply(line.left(3).toInt(), line);
            if (m_step == Step::Done)
                return;
        }
    }

    void reply(int code, const QByteArray& line)
    {
        const auto expect = [&](int want, int alsoOk = 0) {
            if (code == want || (alsoOk && code == alsoOk))
                return true;
            finish(
                Outcome::Failed,
                QStringLiteral("SMTP %1: %2").arg(m_relay, printableText(QString::fromUtf8(line))));
            return false;
        };
        switch (m_step) {
        case Step::Greeting:
            if (expect(220))
                say(Step::Ehlo, "EHLO " + m_helo.toUtf8());
            break;
        case Step::Ehlo:
            if (expect(250))
                say(Step::MailFrom, "MAIL FROM:<" + m_from.toUtf8() + '>');
            break;
        case Step::MailFrom:
            if (expect(250))
                say(Step::RcptTo, "RCPT TO:<" + m_to.toUtf8() + '>');
            break;
        case Step::RcptTo:
            if (expect(250, 251))
                say(Step::Data, "DATA");
            break;
        case Step::Data:
            if (expect(354)) {
                m_step = Step::Message;
                m_socket.write(m_message);
                m_socket.write(".\r\n");
            }
            break;
        case Step::Message:
            if (expect(250)) {
                m_socket.write("QUIT\r\n");
                m_socket.flush();
                finish(Outcome::Done, QStringLiteral("SMTP %1: %2")
                                          .arg(m_relay, printableText(QString::fromUtf8(line))));
            }
            break;
        case Step::Done:
            break;
        }
    }

    void say(Step next, const QByteArray& command)
    {
        m_step = next;
        m_socket.write(command + "\r\n");
    }

    void finish(Outcome outcome, const QString& detail)
    {
        if (m_step == Step::Done && m_finished)
            return;
        m_step = Step::Done;
        m_finished = true;
        m_timer.stop();
        m_socket.disconnectFromHost();
        NoticeChannels::Done done = std::move(m_done);
        deleteLater();
        if (done)
            done({outcome, detail});
    }

    QTcpSocket m_socket{this};
    QTimer m_timer{this};
    QString m_relay;
    QString m_helo;
    QString m_from;
    QString m_to;
    QByteArray m_message;
    NoticeChannels::Done m_done;
    Step m_step = Step::Greeting;
    bool m_finished = false;
};

} // namespace

QByteArray noticeMailMessage(const QString& from, const NoticeDelivery& d, bool crlf)
{
    QByteArrayList lines;
    lines << "From: GPU Warden <" + from.toUtf8() + '>';
    lines << "To: " + d.to.toUtf8();
    lines << "Subject: " + encodedHeader(d.subject.simplified());
    lines << "Date: " + QLocale::c()
                            .toString(QDateTime::currentDateTime(),
                                      QStringLiteral("ddd, dd MMM yyyy HH:mm:ss t"))
                            .toLatin1();
    lines << "MIME-Version: 1.0";
    lines << "Auto-Submitted: auto-generated";
    if (!d.eventId.isEmpty())
        lines << "X-GPU-Warden-Event: " + printableText(d.eventId).toLatin1();
    QByteArray body;
    if (ascii(d.body)) {
        lines << "Content-Type: text/plain; charset=us-ascii";
        lines << "Content-Transfer-Encoding: 7bit";
        body = d.body.toLatin1();
    } else {
        lines << "Content-Type: text/plain; charset=UTF-8";
        lines << "Content-Transfer-Encoding: base64";
        const QByteArray b64 = d.body.toUtf8().toBase64();
        for (qsizetype i = 0; i < b64.size(); i += 76)
            body += b64.mid(i, 76) + '\n';
    }
    QByteArray out = lines.join('\n') + "\n\n" + body;
    if (!out.endsWith('\n'))
        out += '\n';
    if (crlf) {
        QByteArray wire;
        for (const QByteArray& line : out.split('\n')) {
            // Dot-stuffing: a line that starts with '.' gets another.
            wire += (line.startsWith('.') ? "." + line : line) + "\r\n";
        }
        wire.chop(2); // the split's last, empty piece
        return wire;
    }
    return out;
}

NoticeChannels::NoticeChannels(QObject* parent)
    : QObject(parent)
{}

void NoticeChannels::setup(const PolicyConfig::Contacts& contacts, const QString& server,
                           qint64 timeoutMs)
{
    m_contacts = contacts;
    m_server = server;
    m_timeoutMs = timeoutMs;
}

QString NoticeChannels::sender() const
{
    return m_contacts.from.isEmpty() ? QStringLiteral("gpuwarden-agent@%1").arg(m_server)
                                     : m_contacts.from;
}

void NoticeChannels::send(const NoticeDelivery& d, Done done)
{
    if (d.channel == QLatin1String("email")) {
        if (m_contacts.smtpRelay.isEmpty())
            sendmail(d, std::move(done));
        else
            smtp(d, std::move(done));
    } else if (d.channel == QLatin1String("terminal")) {
        const TerminalNoticeResult r = writeTerminalNotice(
            m_contacts.utmp, d.user, QStringLiteral("gpuwarden-agent@%1").arg(m_server),
            d.subject + QLatin1Char('\n') + d.body);
        if (!r.error.isEmpty())
            done({Outcome::Failed, r.error});
        else if (!r.written.isEmpty())
            done({Outcome::Done,
                  QStringLiteral("written to %1%2")
                      .arg(r.written.join(QStringLiteral(", ")),
                           r.refused.isEmpty() ? QString()
                                               : QStringLiteral("; not to %1")
                                                     .arg(r.refused.join(QStringLiteral(", "))))});
        else if (!r.loggedIn)
            done({Outcome::Declined, QStringLiteral("%1 is not logged in").arg(d.user)});
        else
            done({Outcome::Declined, QStringLiteral("no terminal took it: %1")
                                         .arg(r.refused.join(QStringLiteral(", ")))});
    } else {
        post(d, std::move(done));
    }
}

void NoticeChannels::sendmail(const NoticeDelivery& d, Done done)
{
    auto* p = new QProcess(this);
    auto shared = std::make_shared<Done>(std::move(done));
    auto timer = new QTimer(p);
    timer->setSingleShot(true);
    const QString program = m_contacts.sendmail;
    const auto finish = [p, shared](Outcome o, const QString& detail) {
        if (!*shared)
            return;
        Done once = std::move(*shared);
        *shared = nullptr;
        p->deleteLater();
        once({o, detail});
    };
    connect(timer, &QTimer::timeout, p, [p, finish, program, this] {
        p->kill();
        finish(Outcome::Failed,
               QStringLiteral("%1: no end within %2 s").arg(program).arg(m_timeoutMs / 1000));
    });
    connect(p, &QProcess::errorOccurred, p, [p, finish, program](QProcess::ProcessError e) {
        if (e == QProcess::FailedToStart)
            finish(Outcome::Failed, QStringLiteral("%1: %2").arg(program, p->errorString()));
    });
    connect(p, &QProcess::finished, p, [p, finish, program](int code, QProcess::ExitStatus status) {
        const QString err = firstLine(p->readAllStandardError());
        if (status == QProcess::NormalExit && code == 0)
            finish(Outcome::Done, QStringLiteral("handed to %1").arg(program));
        else if (status != QProcess::NormalExit)
            finish(Outcome::Failed, QStringLiteral("%1 crashed").arg(program));
        else
            finish(Outcome::Failed,
                   QStringLiteral("%1 exited with %2%3")
                       .arg(program)
                       .arg(code)
                       .arg(err.isEmpty() ? QString() : QStringLiteral(": ") + err));
    });
    p->setProcessChannelMode(QProcess::SeparateChannels);
    p->setStandardOutputFile(QProcess::nullDevice());
    timer->start(int(std::min<qint64>(m_timeoutMs, INT_MAX)));
    p->start(program, {QStringLiteral("-t"), QStringLiteral("-oi")});
    p->write(noticeMailMessage(sender(), d, false));
    p->closeWriteChannel();
}

void NoticeChannels::smtp(const NoticeDelivery& d, Done done)
{
    new SmtpSession(QUrl(m_contacts.smtpRelay), m_server, sender(), d.to,
                    noticeMailMessage(sender(), d, true), m_timeoutMs, std::move(done), this);
}

void NoticeChannels::post(const NoticeDelivery& d, Done done)
{
    if (!m_nam) {
        m_nam = new QNetworkAccessManager(this);
        m_nam->setRedirectPolicy(QNetworkRequest::ManualRedirectPolicy);
    }
    QNetworkRequest request;
    request.setHeader(QNetworkRequest::UserAgentHeader, QByteArray("gpuwarden-agent"));
    request.setTransferTimeout(int(std::min<qint64>(m_timeoutMs, INT_MAX)));
    QByteArray body;
    QByteArray verb = "POST";
    if (d.channel == QLatin1String("matrix")) {
        if (m_contacts.matrixHomeserver.isEmpty())
            return done(
                {Outcome::Failed,
                 QStringLiteral("no matrix_homeserver in [contacts] for room %1").arg(d.to)});
        QFile tokenFile(m_contacts.matrixTokenFile);
        if (m_contacts.matrixTokenFile.isEmpty())
            return done({Outcome::Failed, QStringLiteral("no matrix_token_file in [contacts]")});
        if (!tokenFile.open(QIODevice::ReadOnly))
            return done({Outcome::Failed, QStringLiteral("%1: %2").arg(m_contacts.matrixTokenFile,
                                                                       tokenFile.errorString())});
        const QByteArray token = tokenFile.read(4096).trimmed();
        if (token.isEmpty() || token.contains('\n'))
            return done(
                {Outcome::Failed,
                 QStringLiteral("%1: not one access token").arg(m_contacts.matrixTokenFile)});
        QUrl url(m_contacts.matrixHomeserver);
        QString path = url.path();
        if (path.endsWith(QLatin1Char('/')))
            path.chop(1);
        const QString txn = QStringLiteral("gw%1.%2")
                                .arg(QDateTime::currentMSecsSinceEpoch())
                                .arg(++m_transactions);
        path += QStringLiteral("/_matrix/client/v3/rooms/%1/send/m.room.message/%2")
                    .arg(QString::fromLatin1(QUrl::toPercentEncoding(d.to)), txn);
        url.setPath(path, QUrl::TolerantMode);
        request.setUrl(url);
        request.setRawHeader("Authorization", "Bearer " + token);
        request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArray("application/json"));
        body = QJsonDocument(QJsonObject{{QStringLiteral("msgtype"), QStringLiteral("m.text")},
                                         {QStringLiteral("body"),
                                          QString(d.subject + QStringLiteral("\n\n") + d.body)}})
                   .toJson(QJsonDocument::Compact);
        verb = "PUT";
    } else if (d.channel == QLatin1String("ntfy")) {
        request.setUrl(QUrl(d.to));
        request.setRawHeader("Title", encodedHeader(d.subject.simplified()).replace("\r\n", ""));
        request.setRawHeader("Tags", "warning");
        request.setHeader(QNetworkRequest::ContentTypeHeader,
                          QByteArray("text/plain; charset=utf-8"));
        body = d.body.toUtf8();
    } else { // slack, mattermost: an incoming webhook's {"text"}
        request.setUrl(QUrl(d.to));
        request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArray("application/json"));
        body = QJsonDocument(QJsonObject{{QStringLiteral("text"),
                                          QStringLiteral("*%1*\n\n%2").arg(d.subject, d.body)}})
                   .toJson(QJsonDocument::Compact);
    }
    QNetworkReply* reply = m_nam->sendCustomRequest(request, verb, body);
    const QString where = d.channel == QLatin1String("matrix") ? d.to : redactedWebhookUrl(d.to);
    connect(reply, &QNetworkReply::finished, this, [reply, done, where, this] {
        reply->deleteLater();
        const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        const QByteArray answer = reply->read(4096);
        if (reply->error() == QNetworkReply::NoError && status >= 200 && status < 300)
            return done({Outcome::Done, QStringLiteral("%1: HTTP %2").arg(where).arg(status)});
        QString why;
        if (reply->error() == QNetworkReply::OperationCanceledError)
            why = QStringLiteral("no answer within %1 s").arg(m_timeoutMs / 1000);
        else if (status > 0) {
            why = QStringLiteral("HTTP %1").arg(status);
            const QJsonObject o = QJsonDocument::fromJson(answer).object();
            const QString said = o.contains(QLatin1String("errcode"))
                                     ? o.value(QLatin1String("errcode")).toString() +
                                           QStringLiteral(": ") +
                                           o.value(QLatin1String("error")).toString()
                                     : firstLine(answer);
            if (!said.isEmpty())
                why += QStringLiteral(": ") + printableText(said.left(200));
        } else {
            why = reply->errorString();
        }
        done({Outcome::Failed, QStringLiteral("%1: %2").arg(where, why)});
    });
}

} // namespace gw
