#pragma once

#include "sampler.h"

namespace gw {

class AmdSampler final : public Sampler
{
public:
    explicit AmdSampler(const SamplerOptions& options);
    ~AmdSampler() override;

    QString name() const override { return QStringLiteral("amdgpu"); }
    bool open() override;
    bool sample(Snapshot& out) override;
    QString lastError() const override { return m_error; }

private:
    SamplerOptions m_options;
    QString m_error;
};

} // namespace gw
