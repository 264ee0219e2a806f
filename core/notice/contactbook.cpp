#include "notice/contactbook.h"

#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

namespace gw {

namespace {

constexpr qint64 kMaxContactsFileBytes = 4 * 1024 * 1024;

// A name the address pattern may take: a Unix user's, not a workload's
// ("container:job1").
bool patternable(const QString& user)
{
    static const QRegularExpression re(QStringLiteral("^[A-Za-z_][A-Za-z0-9_.-]{0,31}$"));
    return re.match(user).hasMatch();
}

const ContactSpec* find(const QList<ContactSpec>& list, const QString& user)
{
    for (const ContactSpec& c : list)
        if (c.user == user)
            return &c;
    return nullptr;
}

} // namespace

void ContactBook::setContacts(const PolicyConfig::Contacts& contacts)
{
    if (contacts.file != m_contacts.file)
        m_fileRead = false;
    m_contacts = contacts;
}

void ContactBook::reloadFile()
{
    if (m_contacts.file.isEmpty()) {
        m_fromFile.clear();
        m_fileProblem.clear();
        return;
    }
    const QFileInfo info(m_contacts.file);
    if (m_fileRead && info.exists() && info.lastModified() == m_fileModified &&
        info.size() == m_fileSize)
        return;
    m_fileRead = true;
    m_fileModified = info.lastModified();
    m_fileSize = info.size();
    QFile f(m_contacts.file);
    if (!f.open(QIODevice::ReadOnly)) {
        m_fileProblem = QStringLiteral("%1: %2").arg(m_contacts.file, f.errorString());
        m_fileRead = false; // tried again next time
        return;
    }
    if (f.size() > kMaxContactsFileBytes) {
        m_fileProblem = QStringLiteral("%1: larger than %2 MiB")
                            .arg(m_contacts.file)
                            .arg(kMaxContactsFileBytes >> 20);
        return;
    }
    const ContactsFileResult r = parseContactsFile(f.readAll(), m_contacts.file);
    if (!r.errors.isEmpty()) {
        // The entries read last time stay: a half-edited file loses no one.
        m_fileProblem = r.errors.first();
        return;
    }
    m_fromFile = r.contacts;
    m_fileProblem.clear();
}

ContactWays ContactBook::lookup(const QString& user, QString* problem)
{
    reloadFile();
    if (problem)
        *problem = m_fileProblem;
    ContactWays w;
    w.user = user;
    w.terminals = m_contacts.terminals;
    // The policy's table wins over the file's, key by key.
    const ContactSpec* file = find(m_fromFile, user);
    const ContactSpec* policy = find(m_contacts.list, user);
    for (const ContactSpec* c : {file, policy}) {
        if (!c)
            continue;
        w.listed = true;
        const auto take = [](QString& target, const QString& v) {
            if (!v.isEmpty())
                target = v;
        };
        take(w.email, c->email);
        take(w.matrixRoom, c->matrixRoom);
        take(w.slackUrl, c->slackUrl);
        take(w.mattermostUrl, c->mattermostUrl);
        take(w.ntfyUrl, c->ntfyUrl);
        take(w.language, c->language);
        if (c->terminals)
            w.terminals = *c->terminals;
        w.optOut = w.optOut || c->optOut;
    }
    if (w.email.isEmpty() && !m_contacts.emailPattern.isEmpty() && patternable(user)) {
        w.email = m_contacts.emailPattern;
        w.email.replace(QStringLiteral("{user}"), user);
    }
    return w;
}

} // namespace gw
