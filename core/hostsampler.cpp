#include "hostsampler.h"

namespace gw {

HostSampler::HostSampler(const SamplerOptions& options)
    : m_options(options)
{
}

HostSampler::~HostSampler() = default;

bool HostSampler::open()
{
    m_error = QStringLiteral("host: not implemented yet");
    return false;
}

bool HostSampler::sample(Snapshot&)
{
    return false;
}

} // namespace gw
