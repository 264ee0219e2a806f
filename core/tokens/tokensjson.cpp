#include "tokens/tokensjson.h"

namespace gw {

QJsonObject usageFactToJson(const UsageFact&)
{
    return {};
}
QJsonObject coverageGapToJson(const CoverageGap&)
{
    return {};
}
QJsonObject ledgerEntryToJson(const LedgerEntry&)
{
    return {};
}
QJsonObject booksToJson(const Books&)
{
    return {};
}
std::optional<UsageFact> usageFactFromJson(const QJsonObject&, QString*, const QString&)
{
    return {};
}
std::optional<CoverageGap> coverageGapFromJson(const QJsonObject&, QString*, const QString&)
{
    return {};
}
std::optional<LedgerEntry> ledgerEntryFromJson(const QJsonObject&, QString*, const QString&)
{
    return {};
}
std::optional<Books> booksFromJson(const QJsonObject&, QString*)
{
    return {};
}
std::optional<Books> booksFromJsonText(const QByteArray&, QString*)
{
    return {};
}

} // namespace gw
