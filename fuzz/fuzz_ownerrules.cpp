// policy.toml's [owners] as an admin might mistype it, and the rules it
// gives applied: resolveOwner over fixed workloads (a labelled container,
// root in an unnamed one, a pod, a Slurm job, a host process) must name an
// owner every time, and a rule-less root container never "root".
#include "owners/ownerrules.h"
#include "policy/policyconfig.h"

#include <cstddef>
#include <cstdint>

namespace {

using namespace gw;
using namespace Qt::StringLiterals;

struct Case
{
    QString user;
    std::optional<uint> uid;
    std::optional<Workload> workload;
    owners::WorkloadNames names;
};

QList<Case> cases()
{
    const QString id(64, u'a');
    Workload docker;
    docker.kind = WorkloadKind::Docker;
    docker.id = id;
    docker.cgroupPath = QStringLiteral("/system.slice/docker-%1.scope").arg(id);
    owners::ContainerFacts labelled;
    labelled.id = id;
    labelled.name = QStringLiteral("train-bob-1");
    labelled.labels.insert(QStringLiteral("gpuwarden.user"), QStringLiteral("alice"));
    labelled.labels.insert(QStringLiteral("lab.account"), QStringLiteral("vision"));
    owners::ContainerFacts unnamed;
    unnamed.id = id;
    Workload pod;
    pod.kind = WorkloadKind::Kubernetes;
    pod.id = id;
    pod.podUid = QStringLiteral("11111111-2222-3333-4444-555555555555");
    owners::PodFacts podFacts;
    podFacts.uid = pod.podUid;
    podFacts.name = QStringLiteral("train-0");
    podFacts.namespaceName = QStringLiteral("vision");
    Workload job;
    job.kind = WorkloadKind::Slurm;
    job.id = QStringLiteral("57");
    owners::SlurmJob slurm;
    slurm.jobId = job.id;
    slurm.user = QStringLiteral("bob");
    slurm.account = QStringLiteral("physics");
    QList<Case> out;
    out << Case{QStringLiteral("root"), 0u, docker, {labelled, std::nullopt, std::nullopt}};
    out << Case{QStringLiteral("root"), 0u, docker, {unnamed, std::nullopt, std::nullopt}};
    out << Case{QStringLiteral("root"), 0u, docker, {}};
    out << Case{QStringLiteral("root"), 0u, pod, {std::nullopt, podFacts, std::nullopt}};
    out << Case{QStringLiteral("carol"), 1002u, job, {std::nullopt, std::nullopt, slurm}};
    out << Case{QStringLiteral("dave"), 1003u, std::nullopt, {}};
    out << Case{QString(), std::nullopt, std::nullopt, {}};
    return out;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    static const QList<Case> fixed = cases();
    const QByteArray text(reinterpret_cast<const char*>(data), qsizetype(size));
    const PolicyParseResult r = parsePolicy(text, QStringLiteral("fuzz.toml"));
    if (r.config.has_value() != r.errors.isEmpty())
        __builtin_trap();
    for (const QString& e : r.errors)
        if (!e.startsWith(QLatin1String("fuzz.toml:")))
            __builtin_trap();
    if (!r.config)
        return 0;
    const owners::OwnerRules& rules = r.config->owners;
    // Every mapping read names someone, and a pattern is never empty.
    for (const owners::OwnerMapping& m : rules.namespaces)
        if (m.user.isEmpty() && m.account.isEmpty())
            __builtin_trap();
    for (const auto& [pattern, m] : rules.containers)
        if (pattern.isEmpty() || (m.user.isEmpty() && m.account.isEmpty()))
            __builtin_trap();
    for (const Case& c : fixed) {
        const owners::Owner o = owners::resolveOwner(c.user, c.uid, c.workload, c.names, rules);
        if (o.user.isEmpty() || o.because.isEmpty())
            __builtin_trap();
        // Root in a container is never owned by "root".
        if (c.uid == 0u && c.workload && c.workload->isContainer() && o.user == "root"_L1)
            __builtin_trap();
        GpuProcess p;
        p.user = c.user;
        p.uid = c.uid;
        p.workload = c.workload;
        p.owner = o;
        (void)exemptionOf(r.config->exempt, p);
    }
    // The effective policy writes back to the same rules (the rest of the
    // policy has its own target, fuzz_agentpolicy).
    const PolicyParseResult again =
        parsePolicy(policyTomlFromJson(policyToJson(*r.config)), QStringLiteral("fuzz.toml"));
    if (!again.config || !(again.config->owners == rules) ||
        !(again.config->exempt == r.config->exempt))
        __builtin_trap();
    return 0;
}
