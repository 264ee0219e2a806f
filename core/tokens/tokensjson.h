#pragma once

// The token books as JSON, both ways. Reading is strict: a missing key, a
// key of the wrong type or an unknown key is an error naming the key
// ("entries[3].amount: not a number"), never a silent zero.

#include "tokens/ledger.h"
#include "tokens/usage.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QString>

#include <optional>

namespace gw {

QJsonObject usageFactToJson(const UsageFact& f);
QJsonObject coverageGapToJson(const CoverageGap& g);
QJsonObject ledgerEntryToJson(const LedgerEntry& e);
// {"balances": {user: n}, "entries": [...], "warnings": [...], "gaps": [...]}
QJsonObject booksToJson(const Books& b);

// Each returns nothing and sets *error (prefixed with `path`, e.g.
// "entries[2]") when the object is not exactly the type's JSON.
std::optional<UsageFact> usageFactFromJson(const QJsonObject& o, QString* error,
                                           const QString& path = {});
std::optional<CoverageGap> coverageGapFromJson(const QJsonObject& o, QString* error,
                                               const QString& path = {});
std::optional<LedgerEntry> ledgerEntryFromJson(const QJsonObject& o, QString* error,
                                               const QString& path = {});
std::optional<Books> booksFromJson(const QJsonObject& o, QString* error);
// From text: a JSON syntax error names the offset.
std::optional<Books> booksFromJsonText(const QByteArray& text, QString* error);

} // namespace gw
