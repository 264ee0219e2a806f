#pragma once

#include "sampling/oncewarnings.h"
#include "sampling/sampler.h"

#include <QList>
#include <QSet>

#include <optional>

namespace gw {

// AMD GPUs through amdgpu sysfs (card*/device and its hwmon), plain files
// only, so tests drive it with a fake tree. No per-process data.
class AmdSampler final : public Sampler
{
public:
    explicit AmdSampler(const SamplerOptions& options);
    ~AmdSampler() override;

    QString name() const override { return QStringLiteral("amdgpu"); }
    bool open() override;
    bool sample(Snapshot& out) override;
    QString lastError() const override { return m_error; }
    QString description() const override;

private:
    struct Card
    {
        int index = 0;
        QString deviceDir;
        QString hwmonDir; // empty when the card has no hwmon
        QString uuid;
        QString name;
        QString pciSlot;
    };

    std::optional<Card> probe(const QString& cardDir) const;
    GpuSample read(const Card& card, Snapshot& out);
    // Integer from a one-value sysfs file. A missing file is silently
    // absent (the board lacks the sensor); anything else unreadable or not a
    // number is absent with a warning, once until it reads cleanly again.
    std::optional<qint64> readInt(const QString& path, Snapshot& out);
    std::optional<double> currentSclkMHz(const QString& path, Snapshot& out);

    SamplerOptions m_options;
    QString m_error;
    QList<Card> m_cards;
    OnceWarnings m_warnings;
};

} // namespace gw
