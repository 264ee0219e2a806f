#pragma once

// policy.toml as text, for the policy dialog's form: it writes one key (or
// one table) at a time into the text the admin edits, so comments, the
// order of keys and everything the form does not show stay as written.
// Line-based: a section is a "[name]" header line up to the next header; a
// key is a "key = value" line at the top of its section, with the lines of a
// value that spans several ([ … ] over lines) taken along.

#include <QString>
#include <QStringList>

#include <optional>

namespace gw::policytext {

// Values as TOML writes them.
QString string(const QString& text);           // "text", escaped
QString number(double value);                  // 80, 12.5
QString boolean(bool value);                   // true / false
QString stringArray(const QStringList& items); // ["a", "b"]
QString key(const QString& name);              // alice, or "first.last" when not a bare key

// `text` with `section`'s `key` set to `value` (a TOML value as above): the
// existing line replaced (its trailing comment kept), or a line added at the
// end of the section, or the section added at the end of the text.
QString setKey(const QString& text, const QString& section, const QString& key,
               const QString& value);
// `text` without `section`'s `key` (unchanged when it has none).
QString removeKey(const QString& text, const QString& section, const QString& key);
// `text` with the body of `section` replaced by `lines` (added at the end
// when missing; removed, header and all, when `lines` is empty).
QString setSection(const QString& text, const QString& section, const QStringList& lines);
// The names of the sections in `text`, in order ("hog", "quota.users").
QStringList sections(const QString& text);

// "policy.toml:3:12: reason" → line 3, column 12, "reason"; a message
// without a position has line 0.
struct Problem
{
    int line = 0;
    int column = 0;
    QString reason;
    // "3:12: reason", or the reason alone.
    QString text() const;
};
Problem parseProblem(const QString& message);

} // namespace gw::policytext
