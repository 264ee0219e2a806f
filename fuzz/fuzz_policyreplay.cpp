// Any trace through the policy engine under the demo policy (short spans,
// so events open and close): whatever the readings say (huge or negative
// times and intervals, processes on GPUs that are not there, MIG instances
// without a parent), the engine neither crashes nor hands out an event that
// ends before it starts, nor asks for a signal in a replay.
#include "model/trace.h"
#include "policy/demopolicy.h"
#include "policy/policyconfig.h"
#include "policy/policyengine.h"

#include <QBuffer>

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    static const gw::PolicyConfig policy =
        *gw::parsePolicy(gw::demoPolicyText(), QStringLiteral("demo-policy.toml")).config;
    QByteArray bytes(reinterpret_cast<const char*>(data), qsizetype(size));
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::ReadOnly);
    gw::TraceReader reader;
    reader.setDevice(&buffer, QStringLiteral("fuzz"));
    gw::PolicyEngine engine(policy);
    while (const auto s = reader.next()) {
        const gw::PolicyStep step = engine.feed(*s);
        if (!step.enforce.isEmpty())
            __builtin_trap();
        for (const gw::PolicyEvent& e : step.changed)
            if ((e.endMs && *e.endMs < e.startMs) || e.id.isEmpty())
                __builtin_trap();
        (void)engine.status(s->server);
    }
    return 0;
}
