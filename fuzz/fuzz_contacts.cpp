// policy.toml's [contacts] and the contacts file it names as an admin might
// mistype them, and a notice template as an admin might write it (docs/
// notices.md). The first byte chooses: 'p' the input is policy.toml, 'f' a
// contacts file, 't' a template worded for a fixed idle event, anything
// else all three. Every mistake is placed in the file; every person read has
// a user name and only well-formed ways (an address without a header break,
// a room id, http(s) URLs); the JSON and the TOML written back hold no
// webhook's path, and read back to the same [contacts] keys; a template is
// filled without a crash, in a language the built-in ones have.
#include "notice/noticetext.h"
#include "policy/policyconfig.h"

#include <QJsonDocument>
#include <QRegularExpression>
#include <QUrl>

#include <cstddef>
#include <cstdint>

namespace {

using namespace gw;
using namespace Qt::StringLiterals;

bool webUrl(const QString& s)
{
    const QUrl u(s, QUrl::StrictMode);
    return s.isEmpty() || (u.isValid() && !u.host().isEmpty() &&
                           (u.scheme() == "http"_L1 || u.scheme() == "https"_L1));
}

bool headerSafe(const QString& s)
{
    return !s.contains(u'\n') && !s.contains(u'\r') && !s.contains(u'<') && !s.contains(u'>') &&
           !s.contains(u' ');
}

void checkPeople(const QList<ContactSpec>& people)
{
    static const QRegularExpression user(u"^[A-Za-z_][A-Za-z0-9_.-]{0,31}\\$?$"_s);
    QString previous;
    for (const ContactSpec& c : people) {
        if (!user.match(c.user).hasMatch() || c.user < previous)
            __builtin_trap();
        previous = c.user;
        if (!headerSafe(c.email) || (!c.email.isEmpty() && !c.email.contains(u'@')))
            __builtin_trap();
        if (!c.matrixRoom.isEmpty() && !c.matrixRoom.startsWith(u'!'))
            __builtin_trap();
        if (!webUrl(c.slackUrl) || !webUrl(c.mattermostUrl) || !webUrl(c.ntfyUrl))
            __builtin_trap();
    }
}

void policy(const QByteArray& text)
{
    const PolicyParseResult r = parsePolicy(text, u"fuzz.toml"_s);
    if (r.config.has_value() != r.errors.isEmpty())
        __builtin_trap();
    for (const QString& e : r.errors + r.warnings)
        if (!e.startsWith("fuzz.toml:"_L1))
            __builtin_trap();
    if (!r.config)
        return;
    const PolicyConfig::Contacts& c = r.config->contacts;
    checkPeople(c.list);
    if (!headerSafe(c.emailPattern) || !headerSafe(c.from) || !webUrl(c.matrixHomeserver))
        __builtin_trap();
    for (const QString& path : {c.file, c.matrixTokenFile, c.templates})
        if (!path.isEmpty() && !path.startsWith(u'/'))
            __builtin_trap();
    if (!c.sendmail.startsWith(u'/') || !c.utmp.startsWith(u'/'))
        __builtin_trap();
    const QJsonObject json = policyToJson(*r.config);
    const QByteArray shown = QJsonDocument(json).toJson(QJsonDocument::Compact);
    const QByteArray toml = policyTomlFromJson(json);
    for (const ContactSpec& p : c.list)
        for (const QString& url : {p.slackUrl, p.mattermostUrl, p.ntfyUrl}) {
            const QString path = QUrl(url).path();
            if (path.size() > 8 && (shown.contains(path.toUtf8()) || toml.contains(path.toUtf8())))
                __builtin_trap(); // a webhook's secret shown
        }
    const PolicyParseResult again = parsePolicy(toml, u"fuzz.toml"_s);
    if (!again.config)
        __builtin_trap();
    PolicyConfig::Contacts back = again.config->contacts;
    back.list = c.list; // the people's tables are left out of the TOML written
    if (!(back == c))
        __builtin_trap();
}

void contactsFile(const QByteArray& text)
{
    const ContactsFileResult r = parseContactsFile(text, u"contacts.toml"_s);
    for (const QString& e : r.errors + r.warnings)
        if (!e.startsWith("contacts.toml:"_L1))
            __builtin_trap();
    if (!r.errors.isEmpty() && !r.contacts.isEmpty())
        __builtin_trap();
    checkPeople(r.contacts);
}

void templateText(const QByteArray& text)
{
    static const NoticeFacts facts = [] {
        NoticeFacts f;
        f.kind = u"idle"_s;
        f.server = u"node-a"_s;
        f.user = u"alice"_s;
        f.event.id = u"e1"_s;
        f.event.kind = PolicyEventKind::Idle;
        f.event.pid = 4242;
        f.event.command = u"python"_s;
        f.event.gpuIndex = 1;
        PolicyAction w;
        w.atMs = 1'790'000'000'000;
        w.dueMs = w.atMs + 300'000;
        f.steps << w;
        return f;
    }();
    const QString s = QString::fromUtf8(text);
    for (const QString& language : {u"en"_s, u"de"_s, u"zh"_s, s.left(12)}) {
        const QString filled = fillNoticeTemplate(s, facts, language);
        if (s.contains(u'{') == false && filled != s)
            __builtin_trap(); // nothing to fill: nothing changed
        const QString lang = noticeLanguage(language);
        if (!lang.isEmpty() && lang != lang.toLower())
            __builtin_trap();
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    if (size == 0)
        return 0;
    const char mode = char(data[0]);
    const QByteArray text(reinterpret_cast<const char*>(data) + 1, qsizetype(size - 1));
    if (mode == 'p' || (mode != 'f' && mode != 't'))
        policy(text);
    if (mode == 'f' || (mode != 'p' && mode != 't'))
        contactsFile(text);
    if (mode == 't' || (mode != 'p' && mode != 'f'))
        templateText(text);
    return 0;
}
