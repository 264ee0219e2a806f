#include "sampling/amdsampler.h"

#include "util/textparse.h"

#include <QDir>
#include <QFileInfo>
#include <QLoggingCategory>
#include <QRegularExpression>

#include <algorithm>

namespace gw {

Q_LOGGING_CATEGORY(lcAmd, "gw.amd")

namespace {

// "KEY=value" lines of a uevent file.
QByteArray ueventValue(const QByteArray& uevent, QByteArrayView key)
{
    for (const QByteArray& line : uevent.split('\n')) {
        if (line.size() > key.size() && line.startsWith(key) && line.at(key.size()) == '=')
            return line.mid(key.size() + 1).trimmed();
    }
    return {};
}

} // namespace

AmdSampler::AmdSampler(const SamplerOptions& options)
    : m_options(options)
    , m_warnings(lcAmd)
{}

AmdSampler::~AmdSampler() = default;

QString AmdSampler::description() const
{
    return m_cards.size() == 1 ? QStringLiteral("amdgpu (1 GPU)")
                               : QStringLiteral("amdgpu (%1 GPUs)").arg(m_cards.size());
}

std::optional<AmdSampler::Card> AmdSampler::probe(const QString& cardDir) const
{
    Card card;
    card.deviceDir = cardDir + QStringLiteral("/device");
    const QByteArray uevent =
        readSmallFile(card.deviceDir + QStringLiteral("/uevent")).value_or(QByteArray());
    QByteArray driver = ueventValue(uevent, "DRIVER");
    if (driver.isEmpty())
        driver = QFileInfo(QFileInfo(card.deviceDir + QStringLiteral("/driver")).symLinkTarget())
                     .fileName()
                     .toUtf8();
    if (driver != "amdgpu")
        return std::nullopt;

    card.pciSlot = QString::fromUtf8(ueventValue(uevent, "PCI_SLOT_NAME"));
    if (card.pciSlot.isEmpty())
        card.pciSlot = QFileInfo(QFileInfo(card.deviceDir).canonicalFilePath()).fileName();

    const QByteArray uniqueId =
        trimmed(readSmallFile(card.deviceDir + QStringLiteral("/unique_id")).value_or(QByteArray()))
            .toByteArray();
    card.uuid =
        uniqueId.isEmpty() ? card.pciSlot : QStringLiteral("AMD-") + QString::fromUtf8(uniqueId);

    card.name = QString::fromUtf8(trimmed(
        readSmallFile(card.deviceDir + QStringLiteral("/product_name")).value_or(QByteArray())));
    if (card.name.isEmpty()) {
        QByteArray id =
            trimmed(
                readSmallFile(card.deviceDir + QStringLiteral("/device")).value_or(QByteArray()))
                .toByteArray();
        if (id.isEmpty()) // "PCI_ID=1002:73BF"
            id = ueventValue(uevent, "PCI_ID").split(':').value(1);
        card.name = QStringLiteral("AMD GPU ") + QString::fromUtf8(id);
    }

    const QDir hwmon(card.deviceDir + QStringLiteral("/hwmon"));
    const QStringList monitors =
        hwmon.entryList({QStringLiteral("hwmon*")}, QDir::Dirs, QDir::Name);
    if (!monitors.isEmpty())
        card.hwmonDir = hwmon.filePath(monitors.first());
    return card;
}

bool AmdSampler::open()
{
    m_cards.clear();
    m_warnings.reset();
    const QString drm = m_options.sysRoot + QStringLiteral("/class/drm");
    // cardN only: renderD* nodes and connectors (card0-DP-1) share the device.
    static const QRegularExpression cardName(QStringLiteral("^card(\\d+)$"));
    QList<std::pair<int, QString>> found;
    const QStringList entries =
        QDir(drm).entryList(QDir::Dirs | QDir::NoDotAndDotDot | QDir::System);
    for (const QString& entry : entries) {
        const auto m = cardName.match(entry);
        if (m.hasMatch())
            found.append({m.captured(1).toInt(), drm + QLatin1Char('/') + entry});
    }
    std::sort(found.begin(), found.end());
    for (const auto& [number, dir] : found) {
        if (auto card = probe(dir)) {
            card->index = int(m_cards.size());
            m_cards.append(*card);
        }
    }
    if (m_cards.isEmpty()) {
        m_error = QStringLiteral("no amdgpu device under ") + drm;
        return false;
    }
    m_error.clear();
    qCDebug(lcAmd) << "opened with" << m_cards.size() << "GPUs";
    return true;
}

std::optional<qint64> AmdSampler::readInt(const QString& path, Snapshot& out)
{
    const IntFile<qint64> r = readI64File(path);
    m_warnings.report(
        out, path,
        r.problem(QStringLiteral("AMD GPU value not shown: "), QStringLiteral(", value not shown")),
        r.value.has_value());
    return r.value;
}

std::optional<double> AmdSampler::currentSclkMHz(const QString& path, Snapshot& out)
{
    if (!QFileInfo::exists(path))
        return std::nullopt;
    const auto data = readSmallFile(path);
    // "1: 1000Mhz *": the starred level is the current one.
    if (data) {
        for (const QByteArray& line : data->split('\n')) {
            if (!trimmed(line).endsWith('*'))
                continue;
            const qsizetype colon = line.indexOf(':');
            const qsizetype unit = line.toLower().indexOf("mhz");
            if (colon >= 0 && unit > colon) {
                if (const auto mhz =
                        parseDouble(QByteArrayView(line).sliced(colon + 1, unit - colon - 1))) {
                    m_warnings.clear(path);
                    return mhz;
                }
            }
            break;
        }
    }
    m_warnings.warn(out, path,
                    path + QStringLiteral(": no current level marked with '*', clock not shown"));
    return std::nullopt;
}

GpuSample AmdSampler::read(const Card& card, Snapshot& out)
{
    GpuSample g;
    g.index = card.index;
    g.uuid = card.uuid;
    g.name = card.name;
    g.pciBusId = card.pciSlot;
    g.vendor = QStringLiteral("amd");
    if (!QFileInfo(card.deviceDir).isDir()) {
        g.error =
            QStringLiteral("GPU is gone (") + card.deviceDir + QStringLiteral(" no longer exists)");
        return g;
    }
    auto dev = [&](const char* file) -> QString {
        return card.deviceDir + QLatin1Char('/') + QLatin1String(file);
    };
    auto mon = [&](const char* file) -> QString {
        return card.hwmonDir.isEmpty() ? QString()
                                       : card.hwmonDir + QLatin1Char('/') + QLatin1String(file);
    };
    auto asDouble = [](std::optional<qint64> v, double scale) -> std::optional<double> {
        if (!v)
            return std::nullopt;
        return double(*v) / scale;
    };
    auto mib = [](std::optional<qint64> bytes) -> std::optional<double> {
        if (!bytes || *bytes < 0)
            return std::nullopt;
        return bytesToMiB(quint64(*bytes));
    };

    g.utilizationGpuPercent = asDouble(readInt(dev("gpu_busy_percent"), out), 1);
    g.utilizationMemoryPercent = asDouble(readInt(dev("mem_busy_percent"), out), 1);
    g.memoryUsedMiB = mib(readInt(dev("mem_info_vram_used"), out));
    g.memoryTotalMiB = mib(readInt(dev("mem_info_vram_total"), out));
    g.temperatureC = asDouble(readInt(mon("temp1_input"), out), 1000); // edge, m°C
    // Most boards expose only one of the two; the average is the steadier figure.
    auto power = readInt(mon("power1_average"), out);
    if (!power)
        power = readInt(mon("power1_input"), out);
    g.powerW = asDouble(power, 1e6); // µW
    // The hwmon ABI's energy counter (µJ, cumulative) where the board has
    // one: the GPU's energy exactly, as NVML's counter (docs/health.md).
    if (const auto uj = readInt(mon("energy1_input"), out); uj && *uj >= 0) {
        GpuHealthFacts facts;
        facts.energyMj = quint64(*uj) / 1000;
        g.healthFacts = facts;
    }
    g.powerLimitW = asDouble(readInt(mon("power1_cap"), out), 1e6);
    g.smClockMHz = asDouble(readInt(mon("freq1_input"), out), 1e6); // sclk, Hz
    if (!g.smClockMHz)
        g.smClockMHz = currentSclkMHz(dev("pp_dpm_sclk"), out);
    if (const auto pwm = readInt(mon("pwm1"), out)) {
        // hwmon ABI: pwm is 0..255 unless pwm1_max says otherwise.
        const qint64 max = readInt(mon("pwm1_max"), out).value_or(255);
        if (max > 0)
            g.fanPercent = 100.0 * double(*pwm) / double(max);
    }
    return g;
}

bool AmdSampler::sample(Snapshot& out)
{
    if (m_cards.isEmpty()) {
        m_error = QStringLiteral("no amdgpu device opened");
        return false;
    }
    if (out.backend.isEmpty())
        out.backend = name();
    for (const Card& card : std::as_const(m_cards))
        out.gpus.append(read(card, out));
    return true;
}

} // namespace gw
