// Who owns a GPU process: its workload's names through the [owners] rules
// of policy.toml (docs/owners.md, "Owner rules"). Pure: the names come in
// (from the runtimes, cached by the resolver), the owner goes out.
#pragma once

#include "model/workload.h"
#include "owners/engineapi.h"
#include "owners/slurmtext.h"

#include <QHash>
#include <QList>
#include <QString>

#include <optional>

namespace gw::owners {

// A Kubernetes pod as the kubelet or the API server names it. The
// kubelet's pod-resources API gives name, namespace and the container that
// holds a device, not the uid (the cgroup's, where a process shows it) nor
// labels.
struct PodFacts
{
    QString uid;
    QString name;
    QString namespaceName;
    QString container; // the pod's container in question; empty: not known
    QHash<QString, QString> labels;

    bool operator==(const PodFacts&) const = default;
};

// What the runtimes said of a process's workload; each absent when not
// asked, not answered yet or not known to the runtime.
struct WorkloadNames
{
    std::optional<ContainerFacts> container;
    std::optional<PodFacts> pod;
    std::optional<SlurmJob> job;
};

struct OwnerMapping
{
    QString user;    // empty: the rule names no person
    QString account; // empty: the rule names no account
    int line = 0;    // where in policy.toml, for messages and `policy check`
    // The line is not compared: a policy rewritten (the dialog, the
    // JSON→TOML writer) is the same policy.
    bool operator==(const OwnerMapping& o) const { return user == o.user && account == o.account; }
};

// [owners] of policy.toml.
struct OwnerRules
{
    // A container's (or a pod's) label naming its person, and its account.
    QString userLabel = QStringLiteral("gpuwarden.user");
    QString accountLabel = QStringLiteral("gpuwarden.account");
    // A Slurm job's user and account, as Slurm gives them.
    bool slurm = true;
    // [owners.namespaces]: a Kubernetes namespace → person and/or account.
    QHash<QString, OwnerMapping> namespaces;
    // [owners.containers]: a container name pattern ('*' any run of
    // characters, '?' one) → person and/or account; the longest pattern
    // that matches decides.
    QList<std::pair<QString, OwnerMapping>> containers;

    bool operator==(const OwnerRules&) const = default;
};

// The person and account (model/workload.h); `because` as "label
// gpuwarden.user of container job1", "Slurm job 57", "namespace vision
// (policy.toml:14)", "the process's user", "container:job1 (root inside, no
// rule names a person)".
using Owner = ProcessOwner;

// The owner of a process whose host user is `user` (uid `uid`) and whose
// cgroup shows `workload`, given what the runtimes said. Order: a Slurm
// job's user; a container's or pod's label; a namespace rule; a container
// name rule; the host user when it is not root; else the workload itself
// ("container:job1", "pod:vision/train-0"); root on the host stays root.
Owner resolveOwner(const QString& user, std::optional<uint> uid,
                   const std::optional<Workload>& workload, const WorkloadNames& names,
                   const OwnerRules& rules);

// What the runtimes said, written into the workload a reading carries: the
// names, namespace, partition, image and labels (model/workload.h).
void fillNames(Workload& workload, const WorkloadNames& names);

// '*' and '?' globbing, case-sensitive, as [owners.containers] matches.
bool globMatches(QStringView pattern, QStringView text);

} // namespace gw::owners
