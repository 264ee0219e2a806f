#include "common/freshness.h"

#include <QCoreApplication>

namespace gw {

namespace {
QString tr(const char* text, int n = -1)
{
    return QCoreApplication::translate("gw::Freshness", text, nullptr, n);
}
} // namespace

QString ageText(qint64 ms)
{
    const qint64 s = std::max<qint64>(0, ms) / 1000;
    if (s < 60)
        return tr("%n s", int(s));
    if (s < 3600)
        return tr("%n min", int(s / 60));
    if (s < 48 * 3600)
        return tr("%n h", int(s / 3600));
    return tr("%n d", int(s / 86400));
}

QString lastReadingText(const Freshness& f)
{
    if (!f.hasReading)
        return tr("no reading yet");
    return tr("last reading %1 ago").arg(ageText(f.ageMs));
}

QString staleText(const Freshness& f)
{
    if (!f.stale)
        return {};
    return tr("stale — %1").arg(lastReadingText(f));
}

} // namespace gw
