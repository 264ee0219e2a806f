#include "sampling/smimig.h"

#include "util/textparse.h"

#include <QRegularExpression>

namespace gw::smimig {

namespace {

using Line = NumberedLine;

QString quoted(QByteArrayView v)
{
    return QLatin1Char('"') + excerpt(v, 120) + QLatin1Char('"');
}

// "40448 MiB" -> 40448; absent for N/A and anything else.
std::optional<double> mib(QByteArrayView v)
{
    v = trimmed(v);
    if (!v.endsWith(" MiB"))
        return std::nullopt;
    return parseDouble(v.first(v.size() - 4));
}

std::optional<int> smallInt(QByteArrayView v)
{
    const auto n = parseI64(v);
    if (!n || *n < 0 || *n > 1'000'000)
        return std::nullopt;
    return int(*n);
}

} // namespace

std::optional<int> computeSlicesOfProfile(const QString& profile)
{
    static const QRegularExpression re(QStringLiteral("^(?:(\\d+)c\\.)?(\\d+)g\\.\\w+$"));
    const auto m = re.match(profile);
    if (!m.hasMatch())
        return std::nullopt;
    bool ok = false;
    const int n = (m.capturedLength(1) ? m.captured(1) : m.captured(2)).toInt(&ok);
    return ok && n > 0 && n <= 64 ? std::optional<int>(n) : std::nullopt;
}

QList<ListedGpu> parseList(QByteArrayView text, QStringList& warnings)
{
    // GPU 0: NVIDIA H100 80GB HBM3 (UUID: GPU-…)
    //   MIG 3g.40gb     Device  0: (UUID: MIG-…)
    static const QRegularExpression gpuRe(
        QStringLiteral("^GPU (\\d+): .* \\(UUID: (GPU-[0-9A-Za-z-]+)\\)$"));
    static const QRegularExpression migRe(
        QStringLiteral("^\\s+MIG (\\S+)\\s+Device\\s+(\\d+): \\(UUID: (MIG-[0-9A-Za-z-]+)\\)$"));
    QList<ListedGpu> out;
    for (const Line& line : nonEmptyLines(text)) {
        const QString s = QString::fromUtf8(line.text);
        if (const auto m = gpuRe.match(s); m.hasMatch()) {
            ListedGpu g;
            g.index = m.captured(1).toInt();
            g.uuid = m.captured(2);
            out.append(std::move(g));
            continue;
        }
        if (const auto m = migRe.match(s); m.hasMatch()) {
            if (out.isEmpty()) {
                warnings.append(QStringLiteral("nvidia-smi -L, line %1: a MIG device before any "
                                               "GPU; line skipped: ")
                                    .arg(line.number) +
                                quoted(line.text));
                continue;
            }
            MigInstance mi;
            mi.profile = m.captured(1);
            mi.index = m.captured(2).toInt();
            mi.uuid = m.captured(3);
            mi.computeSlices = computeSlicesOfProfile(mi.profile);
            out.last().instances.append(std::move(mi));
            continue;
        }
        warnings.append(
            QStringLiteral("nvidia-smi -L, line %1: not a GPU or MIG device line; skipped: ")
                .arg(line.number) +
            quoted(line.text));
    }
    return out;
}

QList<QueriedGpu> parseQuery(QByteArrayView text, QStringList& warnings)
{
    // Indentation gives the structure: "GPU <bus id>" at 0, its sections at
    // 4 ("MIG Device", "Processes"), their keys and subsections at 8 and 12.
    // A line is "Key   : value" or a section title.
    struct Open
    {
        int indent;
        QByteArray title;
    };
    QList<Open> stack;
    QList<QueriedGpu> out;
    QueriedGpu* gpu = nullptr;
    auto number = [&](const Line& line, QByteArrayView key, QByteArrayView value) {
        const auto v = smallInt(value);
        if (!v && !trimmed(value).startsWith("N/A"))
            warnings.append(QStringLiteral("nvidia-smi -q, line %1: %2 is not a number for "
                                           "\"%3\"; left empty")
                                .arg(line.number)
                                .arg(quoted(value), QString::fromUtf8(key)));
        return v;
    };
    for (const Line& line : nonEmptyLines(text)) {
        int indent = 0;
        while (indent < line.text.size() && line.text[indent] == ' ')
            ++indent;
        const QByteArrayView body = line.text.sliced(indent);
        const qsizetype colon = body.indexOf(" : ");
        const QByteArrayView key = trimmed(colon < 0 ? body : body.first(colon));
        const QByteArrayView value = colon < 0 ? QByteArrayView() : trimmed(body.sliced(colon + 3));
        while (!stack.isEmpty() && stack.last().indent >= indent)
            stack.removeLast();
        if (colon < 0) {
            if (indent == 0 && key.startsWith("GPU ")) {
                out.append(QueriedGpu{});
                gpu = &out.last();
                gpu->busId = QString::fromUtf8(trimmed(key.sliced(4)));
            } else if (indent == 0) {
                gpu = nullptr; // the log's banner and anything else at the top
            }
            if (gpu && key == "MIG Device" && stack.size() == 1)
                gpu->migs.append(QueriedMig{});
            stack.append(Open{indent, key.toByteArray()});
            continue;
        }
        if (!gpu || stack.size() < 2)
            continue;
        const QByteArray& section = stack.at(1).title;
        if (section == "MIG Device" && !gpu->migs.isEmpty()) {
            QueriedMig& mig = gpu->migs.last();
            if (stack.size() == 2) {
                if (key == "Index")
                    mig.index = number(line, key, value).value_or(-1);
                else if (key == "GPU Instance ID")
                    mig.gpuInstanceId = number(line, key, value);
                else if (key == "Compute Instance ID")
                    mig.computeInstanceId = number(line, key, value);
            } else if (stack.size() == 3 && stack.at(2).title == "Shared FB Memory Usage") {
                if (key == "Total")
                    mig.memoryTotalMiB = mib(value);
                else if (key == "Used")
                    mig.memoryUsedMiB = mib(value);
            }
        } else if (section == "Processes" && stack.size() == 2) {
            // Each entry starts with its GPU instance ID (MIG) or its
            // Process ID (a whole GPU).
            if (key == "GPU instance ID" || gpu->processes.isEmpty() ||
                (key == "Process ID" && gpu->processes.last().pid != 0)) {
                gpu->processes.append(QueriedProcess{});
            }
            QueriedProcess& p = gpu->processes.last();
            if (key == "GPU instance ID")
                p.gpuInstanceId = number(line, key, value);
            else if (key == "Compute instance ID")
                p.computeInstanceId = number(line, key, value);
            else if (key == "Process ID") {
                const auto pid = parseI64(value);
                if (pid && *pid > 0)
                    p.pid = *pid;
                else
                    warnings.append(QStringLiteral("nvidia-smi -q, line %1: %2 is not a process "
                                                   "id; entry skipped")
                                        .arg(line.number)
                                        .arg(quoted(value)));
            }
        }
    }
    // Entries without a pid name nobody.
    for (QueriedGpu& g : out)
        g.processes.removeIf([](const QueriedProcess& p) { return p.pid == 0; });
    return out;
}

void apply(QList<GpuSample>& gpus, QList<GpuProcess>& processes, const QList<ListedGpu>& listed,
           const QList<QueriedGpu>& queried, QStringList& warnings)
{
    for (GpuSample& g : gpus) {
        if (g.migEnabled != true)
            continue;
        const ListedGpu* l = nullptr;
        for (const ListedGpu& x : listed) {
            if (x.uuid == g.uuid)
                l = &x;
        }
        const QueriedGpu* q = nullptr;
        for (const QueriedGpu& x : queried) {
            if (x.busId.compare(g.pciBusId, Qt::CaseInsensitive) == 0)
                q = &x;
        }
        if (!l) {
            warnings.append(QStringLiteral("nvidia-smi -L does not list GPU %1 (%2); its MIG "
                                           "instances are not shown")
                                .arg(g.index)
                                .arg(g.uuid));
            continue;
        }
        for (MigInstance mi : l->instances) {
            if (q) {
                for (const QueriedMig& qm : q->migs) {
                    if (qm.index != mi.index)
                        continue;
                    mi.gpuInstanceId = qm.gpuInstanceId;
                    mi.computeInstanceId = qm.computeInstanceId;
                    mi.memoryUsedMiB = qm.memoryUsedMiB;
                    mi.memoryTotalMiB = qm.memoryTotalMiB;
                }
            }
            g.migInstances.append(std::move(mi));
        }
        if (!q) {
            if (!g.migInstances.isEmpty())
                warnings.append(QStringLiteral("nvidia-smi -q has no section for GPU %1 (%2); "
                                               "its MIG instances show no memory and their "
                                               "processes are not placed")
                                    .arg(g.index)
                                    .arg(g.pciBusId));
            continue;
        }
        for (GpuProcess& p : processes) {
            if (p.gpuUuid != g.uuid || !p.migUuid.isEmpty())
                continue;
            for (const QueriedProcess& qp : q->processes) {
                if (qp.pid != p.pid || !qp.gpuInstanceId)
                    continue;
                for (const MigInstance& mi : std::as_const(g.migInstances)) {
                    if (mi.gpuInstanceId == qp.gpuInstanceId &&
                        mi.computeInstanceId == qp.computeInstanceId)
                        p.migUuid = mi.uuid;
                }
            }
        }
    }
}

} // namespace gw::smimig
