#include "amdsampler.h"

namespace gw {

AmdSampler::AmdSampler(const SamplerOptions& options)
    : m_options(options)
{
}

AmdSampler::~AmdSampler() = default;

bool AmdSampler::open()
{
    m_error = QStringLiteral("amdgpu: not implemented yet");
    return false;
}

bool AmdSampler::sample(Snapshot&)
{
    return false;
}

} // namespace gw
