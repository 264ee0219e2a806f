#include "smisampler.h"

namespace gw {

SmiSampler::SmiSampler(const SamplerOptions& options)
    : m_options(options)
{
}

SmiSampler::~SmiSampler() = default;

bool SmiSampler::open()
{
    m_error = QStringLiteral("nvidia-smi: not implemented yet");
    return false;
}

bool SmiSampler::sample(Snapshot&)
{
    return false;
}

} // namespace gw
