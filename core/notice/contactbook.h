#pragma once

// Who a notice goes to and how (docs/notices.md): [contacts.NAME] of the
// policy over the contacts file's [NAME], and the address pattern for
// everyone with a user name. The file is read again when it changes. Used on
// the Notifier's thread only.

#include "policy/policyconfig.h"

#include <QDateTime>
#include <QString>

namespace gw {

struct ContactWays
{
    QString user;
    QString email;      // listed, or the pattern's; empty: none
    QString matrixRoom; // with the homeserver set
    QString slackUrl;
    QString mattermostUrl;
    QString ntfyUrl;
    QString language; // listed; empty: not known from the contacts
    bool terminals = false;
    bool optOut = false;
    bool listed = false; // in the policy or the file, not only the pattern's
};

class ContactBook
{
public:
    void setContacts(const PolicyConfig::Contacts& contacts);
    // `problem`: the contacts file could not be used (the policy's entries
    // and the pattern still are), in words; empty when it could.
    ContactWays lookup(const QString& user, QString* problem);

private:
    void reloadFile();

    PolicyConfig::Contacts m_contacts;
    QList<ContactSpec> m_fromFile;
    QString m_fileProblem;
    QDateTime m_fileModified;
    qint64 m_fileSize = -1;
    bool m_fileRead = false;
};

} // namespace gw
