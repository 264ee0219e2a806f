#include "tokens/usage.h"

namespace gw {

bool UsageMeter::Key::operator<(const Key& o) const
{
    return std::tie(server, user, gpuModel, migProfile, hourStartMs) <
           std::tie(o.server, o.user, o.gpuModel, o.migProfile, o.hourStartMs);
}

void UsageMeter::feed(const Snapshot&) {}
void UsageMeter::finish() {}
QList<UsageFact> UsageMeter::facts() const
{
    return {};
}
QList<CoverageGap> UsageMeter::gaps() const
{
    return m_gaps;
}
QStringList UsageMeter::warnings() const
{
    return m_warnings;
}
QSet<QString> UsageMeter::gpuModelsSeen() const
{
    return m_models;
}
void UsageMeter::charge(const Snapshot&, qint64) {}
void UsageMeter::warnOnce(const QString&) {}

QList<UsageFact> usageFromReadings(const QList<Snapshot>& readings, QList<CoverageGap>* gaps)
{
    UsageMeter m;
    for (const Snapshot& r : readings)
        m.feed(r);
    m.finish();
    if (gaps)
        *gaps = m.gaps();
    return m.facts();
}

} // namespace gw
