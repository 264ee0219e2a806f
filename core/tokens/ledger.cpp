#include "tokens/ledger.h"

namespace gw {

double priceFor(const PolicyConfig::Tokens& rules, const QString&)
{
    return rules.defaultPrice;
}
Books buildBooks(const QList<UsageFact>&, const PolicyConfig::Tokens&, qint64, qint64,
                 const QList<Adjustment>&, const QSet<QString>&, const QList<CoverageGap>&)
{
    return {};
}
QList<BookDiff> compareBooks(const Books&, const Books&)
{
    return {};
}
QString ledgerKindName(LedgerEntry::Kind)
{
    return {};
}
std::optional<LedgerEntry::Kind> ledgerKindFromName(const QString&)
{
    return {};
}

} // namespace gw
