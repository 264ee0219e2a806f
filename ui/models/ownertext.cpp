#include "models/ownertext.h"

#include "models/usertext.h"

#include <QCoreApplication>
#include <QStringList>

namespace gw {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(gw::OwnerText)
};
} // namespace

ProcessOwnerText ownerTextOf(const GpuProcess& p, bool pidsHidden)
{
    ProcessOwnerText o;
    if (pidsHidden) {
        // The driver's pids are not this sampler's: whatever user a pid
        // seems to have here is someone else's process.
        o.owner = unknownUserText();
        o.toolTip = ownPidNamespaceText();
        return o;
    }
    o.hostUser = p.user;
    o.ownerRaw = p.ownerName();
    o.owner = userText(o.ownerRaw);
    o.account = p.account();
    if (p.workload) {
        o.workload = p.workload->displayName();
        if (p.workload->kind == WorkloadKind::Kubernetes)
            o.nameSpace = p.workload->namespaceName;
        else if (p.workload->kind == WorkloadKind::Slurm)
            o.job = p.workload->id;
    }
    QStringList tip;
    if (p.owner) {
        if (!p.owner->because.isEmpty())
            tip << Tr::tr("Owner %1: %2").arg(o.owner, p.owner->because);
        if (p.owner->user != p.user)
            tip << Tr::tr("Host user %1").arg(userText(p.user));
    }
    if (p.workload && p.workload->kind != WorkloadKind::None) {
        if (!p.workload->image.isEmpty())
            tip << Tr::tr("Image %1").arg(p.workload->image);
        if (!p.workload->partition.isEmpty())
            tip << Tr::tr("Partition %1").arg(p.workload->partition);
    }
    o.toolTip = tip.join(u'\n');
    return o;
}

QString ownPidNamespaceText()
{
    return Tr::tr("The sampler of this server runs in a PID namespace of its own (a container "
                  "without the host's PID namespace): the driver's process ids are not the ones it "
                  "sees, so no process is named and no owner is shown.");
}

QString heldByText(const GpuSample& g)
{
    if (!g.holder)
        return {};
    const QString name = g.holder->displayName();
    if (g.holderOwner && !g.holderOwner->user.isEmpty())
        return Tr::tr("held by %1 (%2)").arg(name, g.holderOwner->user);
    return Tr::tr("held by %1").arg(name);
}

ProcessFilter::ProcessFilter(const QString& text)
{
    QStringList free;
    for (const QString& word : text.split(u' ', Qt::SkipEmptyParts)) {
        const qsizetype colon = word.indexOf(u':');
        const QString key = colon > 0 ? word.left(colon).toLower() : QString();
        const QString value = colon > 0 ? word.mid(colon + 1) : QString();
        if (key == u"user" && !value.isEmpty())
            user = value;
        else if (key == u"account" && !value.isEmpty())
            account = value;
        else if ((key == u"namespace" || key == u"ns") && !value.isEmpty())
            nameSpace = value;
        else if (key == u"job" && !value.isEmpty())
            job = value;
        else
            free << word;
    }
    m_text = free.join(u' ');
}

bool ProcessFilter::isEmpty() const
{
    return m_text.isEmpty() && user.isEmpty() && account.isEmpty() && nameSpace.isEmpty() &&
           job.isEmpty();
}

bool ProcessFilter::matchesFields(const ProcessOwnerText& o) const
{
    const auto same = [](const QString& a, const QString& b) {
        return a.compare(b, Qt::CaseInsensitive) == 0;
    };
    if (!user.isEmpty() && !same(o.ownerRaw, user) && !same(o.hostUser, user))
        return false;
    if (!account.isEmpty() && !same(o.account, account))
        return false;
    if (!nameSpace.isEmpty() && !same(o.nameSpace, nameSpace))
        return false;
    if (!job.isEmpty() && !same(o.job, job))
        return false;
    return true;
}

} // namespace gw
