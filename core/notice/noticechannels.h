#pragma once

// The ways a notice reaches a person (docs/notices.md): e-mail through the
// system's sendmail (`sendmail -t -oi`, the Unix standard) or an SMTP relay,
// a Matrix room, Slack and Mattermost incoming webhooks, an ntfy topic, and
// the person's terminals. Each delivery answers once, with its outcome. Lives
// on the Notifier's thread.

#include "policy/policyconfig.h"

#include <QObject>
#include <QString>

#include <functional>

class QNetworkAccessManager;

namespace gw {

struct NoticeDelivery
{
    QString channel; // "email", "matrix", "slack", "mattermost", "ntfy", "terminal"
    QString to;      // the address, room, URL or user
    QString user;
    QString subject;
    QString body;
    QString eventId; // for the mail's header and the Matrix transaction
};

struct NoticeDeliveryResult
{
    enum class Outcome
    {
        Done,
        Failed,
        Declined // nothing to send it to (not logged in, every terminal closed)
    } outcome = Outcome::Done;
    QString detail; // "sendmail: exit 0", "HTTP 403: M_FORBIDDEN", "written to pts/3"
};

// The mail as sendmail and a relay take it: headers (the subject encoded
// where it is not ASCII), a blank line, the body (base64 where not ASCII).
// `crlf`: line ends for SMTP; LF for sendmail.
QByteArray noticeMailMessage(const QString& from, const NoticeDelivery& d, bool crlf);

class NoticeChannels final : public QObject
{
public:
    using Done = std::function<void(const NoticeDeliveryResult&)>;

    explicit NoticeChannels(QObject* parent = nullptr);

    // [contacts]; `server`: the name the notices and the sender use.
    void setup(const PolicyConfig::Contacts& contacts, const QString& server, qint64 timeoutMs);
    // Starts the delivery; `done` is called once, on this thread.
    void send(const NoticeDelivery& d, Done done);

    QString sender() const; // the From address

private:
    void sendmail(const NoticeDelivery& d, Done done);
    void smtp(const NoticeDelivery& d, Done done);
    void post(const NoticeDelivery& d, Done done);

    PolicyConfig::Contacts m_contacts;
    QString m_server;
    qint64 m_timeoutMs = 10'000;
    QNetworkAccessManager* m_nam = nullptr;
    quint64 m_transactions = 0;
};

} // namespace gw
