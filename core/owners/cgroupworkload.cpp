#include "owners/cgroupworkload.h"

#include "util/printable.h"
#include "util/textparse.h"

#include <QCoreApplication>
#include <QSet>

#include <optional>

namespace gw::owners {

namespace {

using namespace Qt::StringLiterals;

bool isHex(QChar c)
{
    return (c >= u'0' && c <= u'9') || (c >= u'a' && c <= u'f');
}

// A container's id as every runtime here writes it: 64 lowercase hex digits.
bool isContainerId(QStringView s)
{
    if (s.size() != 64)
        return false;
    for (QChar c : s) {
        if (!isHex(c))
            return false;
    }
    return true;
}

// A pod's uid: 8-4-4-4-12 hex digits, with dashes (cgroupfs) or with
// underscores (the systemd driver escapes dashes in a slice name).
std::optional<QString> podUid(QStringView s)
{
    if (s.size() != 36)
        return std::nullopt;
    QString uid;
    uid.reserve(36);
    for (qsizetype i = 0; i < s.size(); ++i) {
        const QChar c = s[i];
        const bool dash = i == 8 || i == 13 || i == 18 || i == 23;
        if (dash ? (c != u'-' && c != u'_') : !isHex(c))
            return std::nullopt;
        uid += dash ? u'-' : c;
    }
    return uid;
}

std::optional<uint> number(QStringView s)
{
    if (s.isEmpty() || s.size() > 10)
        return std::nullopt;
    for (QChar c : s) {
        if (c < u'0' || c > u'9')
            return std::nullopt;
    }
    bool ok = false;
    const uint n = s.toUInt(&ok);
    return ok ? std::optional<uint>(n) : std::nullopt;
}

// "<prefix><middle><suffix>" → middle, or nothing.
std::optional<QStringView> inner(QStringView s, QLatin1StringView prefix,
                                 QLatin1StringView suffix = {})
{
    if (!s.startsWith(prefix) || !s.endsWith(suffix) || s.size() < prefix.size() + suffix.size())
        return std::nullopt;
    return s.sliced(prefix.size(), s.size() - prefix.size() - suffix.size());
}

struct ContainerName
{
    QString runtime; // "docker", "podman", "containerd", "cri-o"; empty: cannot tell
    QString id;
};

// A component that names a container by its id, with the runtime its
// form gives away. `previous` is the component above it.
std::optional<ContainerName> containerOf(QStringView c, QStringView previous, bool inPod)
{
    struct Form
    {
        QLatin1StringView prefix;
        QLatin1StringView suffix;
        const char* runtime;
    };
    static const Form forms[] = {
        {"docker-"_L1, ".scope"_L1, "docker"},
        {"libpod-"_L1, ".scope"_L1, "podman"},
        {"libpod-"_L1, {}, "podman"}, // cgroupfs manager: /libpod_parent/libpod-<id>
        {"cri-containerd-"_L1, ".scope"_L1, "containerd"},
        {"crio-"_L1, ".scope"_L1, "cri-o"},
        {"crio-"_L1, {}, "cri-o"},
        {"nerdctl-"_L1, ".scope"_L1, "containerd"},
    };
    for (const Form& f : forms) {
        const auto id = inner(c, f.prefix, f.suffix);
        if (id && isContainerId(*id))
            return ContainerName{QString::fromLatin1(f.runtime), id->toString()};
    }
    if (isContainerId(c)) {
        // cgroupfs forms: /docker/<id>; in a pod, /kubepods/…/pod<uid>/<id>,
        // where containerd and Docker write the same.
        if (previous == "docker"_L1)
            return ContainerName{u"docker"_s, c.toString()};
        if (inPod)
            return ContainerName{QString(), c.toString()};
    }
    return std::nullopt;
}

WorkloadKind kindOfRuntime(const QString& runtime)
{
    if (runtime == "docker"_L1)
        return WorkloadKind::Docker;
    if (runtime == "podman"_L1)
        return WorkloadKind::Podman;
    if (runtime == "containerd"_L1)
        return WorkloadKind::Containerd;
    return WorkloadKind::Unknown; // CRI-O outside a pod: not a shape we know
}

// Which of two workloads found on the lines of one file speaks for it.
int strength(WorkloadKind k)
{
    switch (k) {
    case WorkloadKind::None:
        return 0;
    case WorkloadKind::Unknown:
        return 1;
    case WorkloadKind::Session:
    case WorkloadKind::UserService:
    case WorkloadKind::Service:
        return 2;
    default:
        return 3; // a container, a pod, a job
    }
}

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(gw::owners)
};

} // namespace

Workload classifyCgroupPath(QStringView path)
{
    Workload w;
    w.cgroupPath = path.toString();
    // A cgroup removed while a process of it lives on (v2) is listed with
    // this suffix; the path above it still says what it was.
    if (path.endsWith(" (deleted)"_L1))
        path.chop(10);
    const QList<QStringView> parts = path.split(u'/', Qt::SkipEmptyParts);
    if (parts.isEmpty())
        return w; // the root: no workload

    Workload strong; // the deepest container, pod or job
    Workload weak;   // the deepest systemd session or service
    bool inKubepods = false;
    QString pod;
    bool inSlurm = false;
    std::optional<uint> slurmUid;
    std::optional<uint> sliceUid;
    bool inUserManager = false;
    bool lxcNext = false;
    for (qsizetype i = 0; i < parts.size(); ++i) {
        const QStringView c = parts[i];
        const QStringView previous = i > 0 ? parts[i - 1] : QStringView();
        if (lxcNext) {
            lxcNext = false;
            strong = {};
            strong.kind = WorkloadKind::Lxc;
            strong.id = c.toString();
            continue;
        }
        if (c.startsWith("kubepods"_L1)) {
            inKubepods = true;
            pod.clear();
            // systemd: kubepods-burstable-pod<uid>.slice, kubepods-pod<uid>.slice
            const qsizetype at = c.indexOf("pod"_L1, 8);
            if (c.endsWith(".slice"_L1) && at > 0) {
                if (const auto uid = podUid(c.sliced(at + 3).chopped(6)))
                    pod = *uid;
            }
            continue;
        }
        if (inKubepods && c.startsWith("pod"_L1)) {
            if (const auto uid = podUid(c.sliced(3))) {
                pod = *uid;
                continue;
            }
        }
        if (const auto container = containerOf(c, previous, !pod.isEmpty())) {
            strong = {};
            strong.kind =
                pod.isEmpty() ? kindOfRuntime(container->runtime) : WorkloadKind::Kubernetes;
            strong.podUid = pod;
            strong.runtime = container->runtime;
            strong.id = container->id;
            inKubepods = false; // what is under it is the container's own
            pod.clear();
            continue;
        }
        if (c == "slurm"_L1 || c.startsWith("slurm_"_L1) || c == "slurmstepd.scope"_L1) {
            inSlurm = true;
            slurmUid.reset();
            continue;
        }
        if (inSlurm) {
            if (const auto uid = inner(c, "uid_"_L1); uid && number(*uid)) {
                slurmUid = number(*uid);
                continue;
            }
            if (const auto job = inner(c, "job_"_L1); job && number(*job)) {
                strong = {};
                strong.kind = WorkloadKind::Slurm;
                strong.id = job->toString();
                strong.uid = slurmUid;
                continue;
            }
            if (const auto step = inner(c, "step_"_L1);
                step && !step->isEmpty() && strong.kind == WorkloadKind::Slurm) {
                strong.step = step->toString();
                continue;
            }
        }
        if (const auto name = inner(c, "lxc.payload."_L1); name && !name->isEmpty()) {
            strong = {};
            strong.kind = WorkloadKind::Lxc;
            strong.id = name->toString();
            continue;
        }
        if ((c == "lxc.payload"_L1 || c == "lxc"_L1) && i + 1 < parts.size()) {
            lxcNext = true;
            continue;
        }
        if (const auto uid = inner(c, "user-"_L1, ".slice"_L1); uid && number(*uid)) {
            sliceUid = number(*uid);
            continue;
        }
        if (const auto uid = inner(c, "user@"_L1, ".service"_L1); uid && number(*uid)) {
            inUserManager = true;
            sliceUid = number(*uid);
            continue;
        }
        if (const auto session = inner(c, "session-"_L1, ".scope"_L1);
            session && !session->isEmpty()) {
            weak = {};
            weak.kind = WorkloadKind::Session;
            weak.id = session->toString();
            weak.uid = sliceUid;
            continue;
        }
        if (c.endsWith(".service"_L1) && c.size() > 8) {
            weak = {};
            weak.kind = inUserManager ? WorkloadKind::UserService : WorkloadKind::Service;
            weak.id = c.toString();
            if (inUserManager)
                weak.uid = sliceUid;
        }
    }
    if (strong.kind == WorkloadKind::None && inKubepods && !pod.isEmpty()) {
        // The pod's own cgroup, no container below it named.
        strong.kind = WorkloadKind::Kubernetes;
        strong.podUid = pod;
    }
    Workload found = strong.kind != WorkloadKind::None ? strong : weak;
    if (found.kind == WorkloadKind::None)
        found.kind = WorkloadKind::Unknown;
    found.cgroupPath = w.cgroupPath;
    return found;
}

CgroupReading readProcCgroup(QByteArrayView text)
{
    CgroupReading r;
    if (text.size() > kMaxCgroupFileBytes) {
        r.warnings << Tr::tr(
                          "the cgroup file is %1 bytes, more than the %2 read: only its start is "
                          "read")
                          .arg(text.size())
                          .arg(kMaxCgroupFileBytes);
        text = text.first(kMaxCgroupFileBytes);
    }
    // A file cut short ends inside its last line: that line is not read.
    QList<NumberedLine> lines = nonEmptyLines(text);
    if (!text.isEmpty() && !text.endsWith('\n') && !lines.isEmpty()) {
        r.warnings << Tr::tr("line %1: the file ends inside this line (cut short?): the line "
                             "is not read")
                          .arg(lines.last().number);
        lines.removeLast();
    }
    // Candidates in the order they speak for the file: the v2 line, the
    // named systemd hierarchy, the other v1 lines as listed.
    QList<QString> v2;
    QList<QString> systemd;
    QList<QString> others;
    for (const NumberedLine& line : std::as_const(lines)) {
        const QByteArrayView l = line.text;
        const qsizetype colon1 = l.indexOf(':');
        const qsizetype colon2 = colon1 < 0 ? -1 : l.indexOf(':', colon1 + 1);
        if (colon2 < 0 || !parseU64(l.first(colon1)) || l.size() <= colon2 + 1 ||
            l[colon2 + 1] != '/') {
            r.warnings << Tr::tr("line %1: not \"hierarchy-ID:controllers:path\": %2")
                              .arg(line.number)
                              .arg(printableText(excerpt(l, 80)));
            continue;
        }
        const QByteArrayView controllers = l.sliced(colon1 + 1, colon2 - colon1 - 1);
        const QString path = QString::fromUtf8(l.sliced(colon2 + 1));
        if (trimmed(l.first(colon1)) == "0" && controllers.isEmpty())
            v2 << path;
        else if (controllers == "name=systemd")
            systemd << path;
        else
            others << path;
    }
    Workload best;
    QSet<QString> classified; // v1 lines mostly repeat one path
    for (const QList<QString>* list : {&v2, &systemd, &others}) {
        for (const QString& path : *list) {
            if (classified.contains(path))
                continue;
            classified.insert(path);
            const Workload w = classifyCgroupPath(path);
            if (strength(w.kind) > strength(best.kind))
                best = w;
        }
    }
    r.workload = best;
    return r;
}

} // namespace gw::owners
