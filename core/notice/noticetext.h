#pragma once

// What a notice to a GPU's user says, worded per kind of event and per
// language (docs/notices.md): a template with {placeholders}, the admin's
// from [contacts] templates (<kind>.<language>.txt, then <kind>.txt) where
// there is one, else the built-in one in English, German or Chinese.
//
// A template file: "Subject: …" on the first line, a blank line, the body.
//
//   Subject: Idle GPU on {server}: {command} (PID {pid})
//
//   Hello {user}, your process {command} … {steps}

#include "policy/policyevent.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace gw {

// One notice before it is worded: an event's news, or a message of another
// kind (the token books' steps) as text.
struct NoticeFacts
{
    QString kind; // an event kind's wire name ("idle"), or "tokens"
    QString server;
    QString user;
    PolicyEvent event;         // the news' event (kind "tokens": empty)
    QList<PolicyAction> steps; // the steps not told yet (warnings, SIGTERM, SIGKILL)
    QString text;              // "tokens": the message, as the audit words it
    int heldBack = 0;          // notices of this kind held back by the rate limit before
};

struct NoticeText
{
    QString subject;
    QString body;
    QString language; // what it is written in ("en" where the language asked has no template)
    // Where it came from: "built-in", or the template file's path.
    QString source;
    // A template file that could not be used, and why; the built-in text
    // was used instead.
    QString problem;
};

// `language` as a person's contact or a process's LANG says it ("de",
// "de_DE.UTF-8", "zh_CN"): the language's two or three letters, lower case;
// empty for "C", "POSIX" or nothing usable.
QString noticeLanguage(const QString& language);
// Whether a notice announces something enforced: a step really taken or
// due (not a dry run's), or the token books' steps. The others are what a
// person may opt out of.
bool noticeAnnouncesEnforcement(const NoticeFacts& facts);
// The languages of the built-in templates.
QStringList builtInNoticeLanguages();

// Worded in `language`, with times in the agent's local time.
NoticeText wordNotice(const NoticeFacts& facts, const QString& language,
                      const QString& templatesDir);

// A template's text with the placeholders of `facts` filled in (a
// placeholder it does not know is left as written). Exposed for tests.
QString fillNoticeTemplate(const QString& text, const NoticeFacts& facts, const QString& language);

} // namespace gw
