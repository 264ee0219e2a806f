#pragma once

// The keys of policy.toml as data: one row per key (name, type, range,
// default, unit, help text, and how the desktop's form shows it), one entry
// per section. The parser checks a file against these rows, the effective
// policy's JSON and the one JSON→TOML writer walk them, `policy check`
// prints them, the policy dialog builds its form from them and a test holds
// docs/policies.md's key tables to them. A new key of a plain type (number,
// amount, duration, yes/no, choice, list of names, label key) is its row, its field in
// PolicyConfig and its tests; see docs/policies.md, "Adding a key".

#include "policy/policyconfig.h"

#include <QJsonValue>
#include <QList>
#include <QString>
#include <QStringList>
#include <QVariant>

#include <limits>

namespace gw {

enum class PolicyKeyType
{
    Number,      // an integer or a float within [min, max]
    WholeNumber, // a number within [min, max] with no fraction (20 or 20.0)
    Integer,     // a TOML integer within [min, max]
    Amount,      // a finite number, 0 or more (min 0) or 0 or below (max 0)
    Duration,    // "30s", "10m", "2h", "1d" within [min, max] milliseconds
    Boolean,     // true or false
    Choice,      // one of `choices`, as a string
    Names,       // a list of non-empty strings (commands, patterns)
    Accounts,    // a list of user names
    Label,       // a label key ("gpuwarden.user"): no spaces, no '='; "" for none
    // Structured values, each read by its own routine in the parser.
    Text,      // a string the parser checks itself (a URL, a time zone)
    Durations, // a list of durations within [min, max]
    Bands,     // [adaptive] bands: a list of { up_to, multiplier }
    Shares,    // a [section.key] table of name = share or { share, windows }
    Prices,    // [tokens.prices]: "PATTERN" = PRICE
    Owners,    // [owners.namespaces], [owners.containers]: NAME = { user, account }
    // [accounts.NAME] = { members, max_gpus, max_gpus_per_member, share }:
    // every key of the section that is not one of its plain keys.
    AccountTables,
    // [contacts.NAME] = { email, matrix, slack, mattermost, ntfy, language,
    // terminals, opt_out }: likewise.
    ContactTables
};

// A word of a Choice key and how the form says it.
struct PolicyChoice
{
    const char* word;  // "process"
    const char* label; // "each process" (translated, context gw::PolicySchema)
};

struct PolicyKey
{
    const char* name; // as in the file, "threshold_percent"
    PolicyKeyType type = PolicyKeyType::Number;
    // Number, WholeNumber, Integer, Amount: the value; Duration(s): milliseconds.
    double min = 0;
    double max = 0;
    const char* unit = ""; // "%", "MiB", "tokens": what the number counts
    const char* help = ""; // one line (translated, context gw::PolicySchema)
    QList<PolicyChoice> choices;
    // The effective value as the JSON shows it (policyToJson); undefined:
    // left out. The default is get(PolicyConfig{}).
    QJsonValue (*get)(const PolicyConfig&) = nullptr;
    // Plain types: stores a checked value (double, qint64 ms, bool, the
    // choice's index, QStringList). Structured types: none.
    void (*set)(PolicyConfig&, const QVariant&) = nullptr;
    // The JSON shows it redacted, so the JSON→TOML writer leaves it out.
    bool redacted = false;
    // The desktop's form: the row's label ("Utilisation at least:"; empty:
    // not in the form, or a check box's text when the label is the box) and
    // the placeholder of a text field.
    const char* formLabel = nullptr;
    const char* placeholder = nullptr;

    bool isTable() const
    {
        return type == PolicyKeyType::Shares || type == PolicyKeyType::Prices ||
               type == PolicyKeyType::Owners || type == PolicyKeyType::AccountTables ||
               type == PolicyKeyType::ContactTables;
    }
};

struct PolicySection
{
    const char* name;  // "hog"
    const char* title; // the form's group title (translated), nullptr: not in the form
    QList<PolicyKey> keys;
    // Whether the effective policy has the section (JSON, writer, summary);
    // nullptr: always. [tokens] is there only when the file has it.
    bool (*present)(const PolicyConfig&) = nullptr;
    // `policy check`'s line for it, from the effective values.
    QString (*summary)(const PolicyConfig&) = nullptr;
};

// Every section in file order.
const QList<PolicySection>& policySchema();
const PolicySection* policySection(const QString& name);
const PolicyKey* policyKey(const QString& section, const QString& key);

// A translated text of the schema (help, form label, choice label).
QString policySchemaText(const char* text);

// Words for docs and messages: "number", "duration", …
QString policyKeyTypeName(PolicyKeyType type);
// "0–100", "1s–7d", "≥ 0", "\"process\", \"user\"", or empty.
QString policyKeyRange(const PolicyKey& key);

// A JSON value (as policyToJson writes it) as a TOML value: a duration
// {"text", "ms"} as its text, an object as an inline table.
QByteArray policyTomlValue(const QJsonValue& value);
// A bare key, or a quoted one when it is not bare ("RTX 3090").
QByteArray policyTomlKey(const QString& key);

} // namespace gw
