#pragma once

#include "sampler.h"

namespace gw {

class SmiSampler final : public Sampler
{
public:
    explicit SmiSampler(const SamplerOptions& options);
    ~SmiSampler() override;

    QString name() const override { return QStringLiteral("nvidia-smi"); }
    bool open() override;
    bool sample(Snapshot& out) override;
    QString lastError() const override { return m_error; }

private:
    SamplerOptions m_options;
    QString m_error;
};

} // namespace gw
