#include "owners/ownerrules.h"

#include <QCoreApplication>

namespace gw::owners {

namespace {

using namespace Qt::StringLiterals;

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(gw::owners)
};

QString at(int line)
{
    return line > 0 ? u" (policy.toml:%1)"_s.arg(line) : QString();
}

// A short name for a workload that has no name from its runtime.
QString shortId(const QString& id)
{
    return id.left(12);
}

} // namespace

void fillNames(Workload& workload, const WorkloadNames& names)
{
    if (names.container) {
        workload.name = names.container->name;
        workload.image = names.container->image;
        workload.labels = names.container->labels;
    }
    if (names.pod) {
        workload.name = names.pod->name;
        workload.namespaceName = names.pod->namespaceName;
        if (!names.pod->container.isEmpty())
            workload.containerName = names.pod->container;
        if (workload.labels.isEmpty())
            workload.labels = names.pod->labels;
    }
    if (names.job) {
        workload.name = names.job->name;
        workload.partition = names.job->partition;
    }
}

bool globMatches(QStringView pattern, QStringView text)
{
    // Iterative, with one backtrack point: linear in practice, no recursion.
    qsizetype p = 0;
    qsizetype t = 0;
    qsizetype star = -1;
    qsizetype mark = 0;
    while (t < text.size()) {
        if (p < pattern.size() && (pattern[p] == u'?' || pattern[p] == text[t])) {
            ++p;
            ++t;
        } else if (p < pattern.size() && pattern[p] == u'*') {
            star = p++;
            mark = t;
        } else if (star >= 0) {
            p = star + 1;
            t = ++mark;
        } else {
            return false;
        }
    }
    while (p < pattern.size() && pattern[p] == u'*')
        ++p;
    return p == pattern.size();
}

Owner resolveOwner(const QString& user, std::optional<uint> uid,
                   const std::optional<Workload>& workload, const WorkloadNames& names,
                   const OwnerRules& rules)
{
    Owner o;
    const bool root = uid ? *uid == 0 : user == "root"_L1;
    // Slurm: the job's user and account are Slurm's facts.
    if (rules.slurm && names.job && !names.job->user.isEmpty()) {
        o.user = names.job->user;
        o.account = names.job->account;
        o.because = Tr::tr("Slurm job %1").arg(names.job->jobId);
        return o;
    }
    // Labels: the container's, else its pod's.
    const QHash<QString, QString>* labels = nullptr;
    QString labelled;
    if (names.container && !names.container->labels.isEmpty()) {
        labels = &names.container->labels;
        labelled = Tr::tr("container %1")
                       .arg(names.container->name.isEmpty() ? shortId(names.container->id)
                                                            : names.container->name);
    } else if (names.pod && !names.pod->labels.isEmpty()) {
        labels = &names.pod->labels;
        labelled = Tr::tr("pod %1/%2").arg(names.pod->namespaceName, names.pod->name);
    }
    if (labels) {
        const QString u = rules.userLabel.isEmpty() ? QString() : labels->value(rules.userLabel);
        const QString a =
            rules.accountLabel.isEmpty() ? QString() : labels->value(rules.accountLabel);
        if (!u.isEmpty()) {
            o.user = u;
            o.account = a;
            o.because = Tr::tr("label %1 of %2").arg(rules.userLabel, labelled);
            return o;
        }
        if (!a.isEmpty())
            o.account = a; // the person comes from below
    }
    // A namespace rule.
    if (names.pod) {
        const auto it = rules.namespaces.constFind(names.pod->namespaceName);
        if (it != rules.namespaces.cend()) {
            if (o.account.isEmpty())
                o.account = it->account;
            if (!it->user.isEmpty()) {
                o.user = it->user;
                o.because = Tr::tr("namespace %1%2").arg(names.pod->namespaceName, at(it->line));
                return o;
            }
        }
    }
    // A container name rule: the longest pattern that matches.
    if (names.container && !names.container->name.isEmpty()) {
        const OwnerMapping* best = nullptr;
        qsizetype bestLength = -1;
        QString bestPattern;
        for (const auto& [pattern, mapping] : rules.containers) {
            if (pattern.size() > bestLength && globMatches(pattern, names.container->name)) {
                best = &mapping;
                bestLength = pattern.size();
                bestPattern = pattern;
            }
        }
        if (best) {
            if (o.account.isEmpty())
                o.account = best->account;
            if (!best->user.isEmpty()) {
                o.user = best->user;
                o.because = Tr::tr("container name %1 matches \"%2\"%3")
                                .arg(names.container->name, bestPattern, at(best->line));
                return o;
            }
        }
    }
    // The host user, where it is a person.
    if (!root && !user.isEmpty()) {
        o.user = user;
        o.because = Tr::tr("the process's user");
        return o;
    }
    // Root inside a workload no rule names: the workload itself.
    if (workload && workload->isContainer()) {
        o.isWorkload = true;
        if (workload->kind == WorkloadKind::Kubernetes && names.pod)
            o.user = u"pod:%1/%2"_s.arg(names.pod->namespaceName, names.pod->name);
        else if (workload->kind == WorkloadKind::Kubernetes)
            o.user = u"pod:"_s + workload->podUid.left(8);
        else if (names.container && !names.container->name.isEmpty())
            o.user = u"container:"_s + names.container->name;
        else if (workload->kind == WorkloadKind::Lxc)
            o.user = u"container:"_s + workload->id;
        else
            o.user = u"container:"_s + shortId(workload->id);
        o.because = Tr::tr("%1 (root inside, no rule names a person)").arg(o.user);
        return o;
    }
    o.user = user.isEmpty() ? (uid ? QString::number(*uid) : u"?"_s) : user;
    o.because = Tr::tr("the process's user");
    return o;
}

} // namespace gw::owners
