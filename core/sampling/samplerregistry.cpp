#include "sampling/samplerregistry.h"

#include "sampling/amdsampler.h"
#include "sampling/nvmlsampler.h"
#include "sampling/smisampler.h"

#include <QCoreApplication>
#include <QLoggingCategory>

Q_LOGGING_CATEGORY(lcRegistry, "gw.registry", QtInfoMsg)

namespace gw {

SamplerRegistry SamplerRegistry::defaults()
{
    SamplerRegistry r;
    r.add(QStringLiteral("nvml"),
          [](const SamplerOptions& o) { return std::make_unique<NvmlSampler>(o); });
    r.add(QStringLiteral("nvidia-smi"),
          [](const SamplerOptions& o) { return std::make_unique<SmiSampler>(o); });
    r.add(QStringLiteral("amdgpu"),
          [](const SamplerOptions& o) { return std::make_unique<AmdSampler>(o); });
    return r;
}

void SamplerRegistry::add(QString name, Factory factory)
{
    m_entries.append({std::move(name), std::move(factory)});
}

QStringList SamplerRegistry::names() const
{
    QStringList out;
    for (const auto& e : m_entries)
        out.append(e.name);
    return out;
}

Detection SamplerRegistry::detect(const SamplerOptions& options, const QString& only) const
{
    Detection d;
    const bool any = only.isEmpty() || only == QLatin1String("auto");
    for (const auto& e : m_entries) {
        if (!any && e.name != only)
            continue;
        auto sampler = e.factory(options);
        if (sampler->open()) {
            d.backend = e.name;
            QString msg = QCoreApplication::translate("gw::SamplerRegistry", "Using %1.")
                              .arg(sampler->description());
            if (!d.skipped.isEmpty())
                msg += QLatin1Char(' ') +
                       QCoreApplication::translate("gw::SamplerRegistry", "Skipped %1.")
                           .arg(d.skipped.join(QStringLiteral("; ")));
            d.message = msg;
            d.gpu = std::move(sampler);
            qCDebug(lcRegistry).noquote() << d.message;
            return d;
        }
        d.skipped.append(e.name + QStringLiteral(": ") + sampler->lastError());
    }
    d.backend = QStringLiteral("host");
    if (!any && only != QLatin1String("host") && d.skipped.isEmpty())
        d.skipped.append(
            only + QStringLiteral(": ") +
            QCoreApplication::translate("gw::SamplerRegistry", "no such backend (known: %1)")
                .arg(names().join(QStringLiteral(", "))));
    if (only == QLatin1String("host"))
        d.message = QCoreApplication::translate("gw::SamplerRegistry",
                                                "Host only, as asked: GPU backends not tried.");
    else
        d.message = QCoreApplication::translate("gw::SamplerRegistry",
                                                "No GPU found; showing the host only. %1.")
                        .arg(d.skipped.join(QStringLiteral("; ")));
    qCDebug(lcRegistry).noquote() << d.message;
    return d;
}

} // namespace gw
