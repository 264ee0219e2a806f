#include "window/hostpage.h"

#include "common/datetimetext.h"
#include "common/freshness.h"
#include "common/palette.h"
#include "model/snapshot.h"
#include "model/units.h"

#include <QDateTime>
#include <QFormLayout>
#include <QLabel>

namespace gw {

namespace {
enum HostRow
{
    HostReading,
    HostName,
    HostBackend,
    HostCpu,
    HostMemory,
    HostDisk,
    HostCgroupMemory,
    HostCgroupCpu,
    HostGpus,
    HostWarnings,
    HostRowCount
};
} // namespace

HostPage::HostPage(QWidget* parent)
    : QWidget(parent)
{
    auto* form = new QFormLayout(this);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    const QStringList labels{
        tr("Last reading"), tr("Host"),          tr("Backend"),    tr("CPU"),  tr("Memory"),
        tr("Disk I/O"),     tr("Cgroup memory"), tr("Cgroup CPU"), tr("GPUs"), tr("Warnings")};
    for (int r = 0; r < HostRowCount; ++r) {
        auto* value = new QLabel;
        value->setWordWrap(true);
        value->setTextInteractionFlags(Qt::TextSelectableByMouse);
        m_values.append(value);
        form->addRow(labels[r] + QLatin1Char(':'), value);
    }
}

void HostPage::showNothing()
{
    for (QLabel* value : std::as_const(m_values))
        value->setText(notAvailable());
}

void HostPage::setFreshness(qint64 timestampMs, const Freshness& f)
{
    const bool stale = f.hasReading && f.stale;
    const QString when =
        dateTimeText(QDateTime::fromMSecsSinceEpoch(timestampMs), ClockPrecision::Seconds);
    m_values[HostReading]->setText(f.hasReading
                                       ? (stale ? tr("%1 — %2").arg(when, staleText(f))
                                                : tr("%1 (%2 ago)").arg(when, ageText(f.ageMs)))
                                       : notAvailable());
    if (stale == m_greyed)
        return;
    m_greyed = stale;
    for (int r = HostName; r < HostRowCount; ++r) {
        QLabel* value = m_values[r];
        if (stale) {
            QPalette p = value->palette();
            p.setColor(QPalette::WindowText, staleTextColor(palette()));
            value->setPalette(p);
        } else {
            value->setPalette(QPalette());
        }
    }
}

QString HostPage::lastReadingLine() const
{
    return m_values[HostReading]->text();
}

void HostPage::showSnapshot(const Snapshot& s, const QString& backendMessage)
{
    const HostSample& h = s.host;
    auto set = [this](int row, const QString& text) {
        m_values[row]->setText(text);
    };
    set(HostName, h.hostname.isEmpty() ? notAvailable() : h.hostname);
    set(HostBackend, backendMessage.isEmpty() ? s.backend : backendMessage);
    set(HostCpu, h.cpuCount
                     ? tr("%1 of %n cores", nullptr, *h.cpuCount).arg(formatPercent(h.cpuPercent))
                     : formatPercent(h.cpuPercent));
    set(HostMemory,
        tr("%1 used of %2")
            .arg(formatByteCount(h.memoryUsedBytes), formatByteCount(h.memoryTotalBytes)));
    set(HostDisk, tr("read %1, write %2")
                      .arg(formatBytesPerSec(h.diskReadBytesPerSec),
                           formatBytesPerSec(h.diskWriteBytesPerSec)));
    set(HostCgroupMemory,
        h.cgroupMemoryLimitBytes
            ? tr("%1 used of %2 limit (cgroup %3)")
                  .arg(formatByteCount(h.cgroupMemoryUsedBytes),
                       formatByteCount(h.cgroupMemoryLimitBytes), h.cgroupVersion)
            : (h.cgroupVersion.isEmpty() ? tr("not in a limited cgroup")
                                         : tr("no limit (cgroup %1)").arg(h.cgroupVersion)));
    set(HostCgroupCpu, h.cgroupCpuLimitCores
                           ? tr("%1 cores").arg(localNumber(*h.cgroupCpuLimitCores, 2))
                           : tr("no limit"));
    QStringList gpus;
    for (const auto& g : s.gpus)
        gpus.append(tr("GPU %1: %2").arg(g.index).arg(g.name));
    set(HostGpus, gpus.isEmpty() ? tr("none") : gpus.join(QLatin1Char('\n')));
    set(HostWarnings, s.warnings.isEmpty() ? tr("none") : s.warnings.join(QLatin1Char('\n')));
}

} // namespace gw
