#include "common/freshness.h"

#include <QCoreApplication>

namespace gw {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(gw::Freshness)
};
} // namespace

QString ageText(qint64 ms)
{
    const qint64 s = std::max<qint64>(0, ms) / 1000;
    if (s < 60)
        return Tr::tr("%n s", nullptr, int(s));
    if (s < 3600)
        return Tr::tr("%n min", nullptr, int(s / 60));
    if (s < 48 * 3600)
        return Tr::tr("%n h", nullptr, int(s / 3600));
    return Tr::tr("%n d", nullptr, int(s / 86400));
}

QString lastReadingText(const Freshness& f)
{
    if (!f.hasReading)
        return Tr::tr("no reading yet");
    return Tr::tr("last reading %1 ago").arg(ageText(f.ageMs));
}

QString staleText(const Freshness& f)
{
    if (!f.stale)
        return {};
    return Tr::tr("stale — %1").arg(lastReadingText(f));
}

} // namespace gw
