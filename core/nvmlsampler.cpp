#include "nvmlsampler.h"

namespace gw {

NvmlSampler::NvmlSampler(const SamplerOptions& options)
    : m_options(options)
{
}

NvmlSampler::~NvmlSampler() = default;

bool NvmlSampler::open()
{
    m_error = QStringLiteral("nvml: not implemented yet");
    return false;
}

bool NvmlSampler::sample(Snapshot&)
{
    return false;
}

} // namespace gw
