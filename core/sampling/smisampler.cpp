#include "sampling/smisampler.h"

#include "sampling/smicsv.h"
#include "sampling/smihealth.h"
#include "sampling/smimig.h"

#include "util/textparse.h"

#include <QDeadlineTimer>
#include <QFileInfo>
#include <QLoggingCategory>
#include <QProcess>
#include <QStandardPaths>

namespace gw {

Q_LOGGING_CATEGORY(lcSmi, "gw.smi")

namespace {

// Order matters: columns are mapped by position, and process_name comes last
// because nvidia-smi does not quote it and it may hold ", ".
enum GpuColumn
{
    ColIndex,
    ColUuid,
    ColName,
    ColBusId,
    ColUtilGpu,
    ColUtilMemory,
    ColMemoryUsed,
    ColMemoryTotal,
    ColTemperature,
    ColPowerDraw,
    ColPowerLimit,
    ColSmClock,
    ColFan,
    ColPersistence,
    ColMemoryReserved,
    ColMigMode,
    GpuColumnCount
};
const char* const kGpuFields[GpuColumnCount] = {"index",
                                                "uuid",
                                                "name",
                                                "pci.bus_id",
                                                "utilization.gpu",
                                                "utilization.memory",
                                                "memory.used",
                                                "memory.total",
                                                "temperature.gpu",
                                                "power.draw",
                                                "power.limit",
                                                "clocks.current.sm",
                                                "fan.speed",
                                                "persistence_mode",
                                                "memory.reserved",
                                                "mig.mode.current"};

enum ProcessColumn
{
    ColProcUuid,
    ColPid,
    ColUsedMemory,
    ColProcessName,
    ProcessColumnCount
};
const char* const kProcessFields[ProcessColumnCount] = {"gpu_uuid", "pid", "used_gpu_memory",
                                                        "process_name"};

QString joinFields(const char* const* fields, int count)
{
    QString s;
    for (int i = 0; i < count; ++i) {
        if (i)
            s += QLatin1Char(',');
        s += QLatin1String(fields[i]);
    }
    return s;
}

QString quoted(QByteArrayView line)
{
    return QLatin1Char('"') + QString::fromUtf8(line) + QLatin1Char('"');
}

using Line = NumberedLine;

} // namespace

SmiSampler::SmiSampler(const SamplerOptions& options)
    : m_options(options)
    , m_procFs(options.procRoot)
{}

SmiSampler::~SmiSampler() = default;

QStringList SmiSampler::gpuQueryArguments()
{
    return {QStringLiteral("--query-gpu=") + joinFields(kGpuFields, GpuColumnCount),
            QStringLiteral("--format=csv,nounits")};
}

QStringList SmiSampler::processQueryArguments()
{
    return {QStringLiteral("--query-compute-apps=") +
                joinFields(kProcessFields, ProcessColumnCount),
            QStringLiteral("--format=csv,nounits")};
}

QString SmiSampler::description() const
{
    return m_gpuCount == 1 ? QStringLiteral("nvidia-smi (1 GPU)")
                           : QStringLiteral("nvidia-smi (%1 GPUs)").arg(m_gpuCount);
}

bool SmiSampler::resolveProgram()
{
    const QString& wanted = m_options.smiProgram;
    if (wanted.contains(QLatin1Char('/'))) {
        const QFileInfo info(wanted);
        if (!info.isFile() || !info.isExecutable()) {
            m_error = wanted + QStringLiteral(" not found or not executable");
            return false;
        }
        m_program = info.absoluteFilePath();
        return true;
    }
    m_program = QStandardPaths::findExecutable(wanted);
    if (m_program.isEmpty()) {
        m_error = wanted + QStringLiteral(" not found on PATH (is the NVIDIA driver installed?)");
        return false;
    }
    return true;
}

bool SmiSampler::run(const QStringList& arguments, QByteArray& output)
{
    m_lastRunRefused = false;
    QProcess process;
    process.setProgram(m_program);
    process.setArguments(arguments);
    const QDeadlineTimer deadline(m_options.smiTimeoutMs);
    process.start(QIODevice::ReadOnly);
    if (!process.waitForStarted(int(deadline.remainingTime()))) {
        m_error = QStringLiteral("Could not start ") + m_program + QStringLiteral(": ") +
                  process.errorString();
        return false;
    }
    if (!process.waitForFinished(int(deadline.remainingTime()))) {
        process.kill();
        process.waitForFinished(1000);
        m_error =
            m_program + QStringLiteral(" did not answer within %1 ms").arg(m_options.smiTimeoutMs);
        return false;
    }
    if (process.exitStatus() != QProcess::NormalExit) {
        m_error = m_program + QStringLiteral(" crashed");
        return false;
    }
    output = process.readAllStandardOutput();
    if (process.exitCode() != 0) {
        // nvidia-smi prints some failures to stdout, others to stderr.
        QByteArray why = trimmed(process.readAllStandardError()).toByteArray();
        if (why.isEmpty())
            why = trimmed(output).toByteArray();
        m_lastRunRefused = true;
        m_error = m_program + QStringLiteral(" exited with code %1").arg(process.exitCode());
        if (!why.isEmpty())
            m_error += QStringLiteral(": ") + QString::fromUtf8(why.left(500));
        return false;
    }
    return true;
}

bool SmiSampler::readGpus(QList<GpuSample>& gpus, QStringList& warnings)
{
    QByteArray output;
    if (!run(gpuQueryArguments(), output))
        return false;
    const QList<Line> lines = nonEmptyLines(output);
    if (lines.isEmpty()) {
        m_error = m_program + QStringLiteral(" printed nothing for the GPU query");
        return false;
    }
    const auto header = smicsv::split(lines.first().text);
    if (header.size() != GpuColumnCount) {
        m_error = m_program +
                  QStringLiteral(" answered the GPU query with %1 columns instead of %2: ")
                      .arg(header.size())
                      .arg(int(GpuColumnCount)) +
                  quoted(lines.first().text);
        return false;
    }

    auto warn = [&warnings](const QString& text) {
        qCWarning(lcSmi).noquote() << text;
        warnings.append(text);
    };
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const Line& line = lines.at(i);
        const QString where = QStringLiteral("nvidia-smi GPU query, line %1").arg(line.number);
        const auto f = smicsv::split(line.text);
        if (f.size() != GpuColumnCount) {
            warn(where +
                 QStringLiteral(": expected %1 fields, found %2; line skipped: ")
                     .arg(int(GpuColumnCount))
                     .arg(f.size()) +
                 quoted(line.text));
            continue;
        }
        const auto index = parseI64(f[ColIndex]);
        const QByteArrayView uuid = trimmed(f[ColUuid]);
        if (!index || *index < 0 || smicsv::isAbsent(uuid)) {
            warn(where + QStringLiteral(": no usable index or UUID; line skipped: ") +
                 quoted(line.text));
            continue;
        }
        GpuSample g;
        g.vendor = QStringLiteral("nvidia");
        g.index = int(*index);
        g.uuid = QString::fromUtf8(uuid);
        if (!smicsv::isAbsent(f[ColName]))
            g.name = QString::fromUtf8(trimmed(f[ColName]));
        if (!smicsv::isAbsent(f[ColBusId]))
            g.pciBusId = QString::fromUtf8(trimmed(f[ColBusId]));

        auto number = [&](int col) -> std::optional<double> {
            if (smicsv::isAbsent(f[col]))
                return std::nullopt;
            const auto v = parseDouble(f[col]);
            if (!v)
                warn(where + QStringLiteral(": ") + quoted(trimmed(f[col])) +
                     QStringLiteral(" is not a number for %1; left empty")
                         .arg(QLatin1String(kGpuFields[col])));
            return v;
        };
        g.utilizationGpuPercent = number(ColUtilGpu);
        g.utilizationMemoryPercent = number(ColUtilMemory);
        g.memoryUsedMiB = number(ColMemoryUsed);
        g.memoryTotalMiB = number(ColMemoryTotal);
        g.temperatureC = number(ColTemperature);
        g.powerW = number(ColPowerDraw);
        g.powerLimitW = number(ColPowerLimit);
        g.smClockMHz = number(ColSmClock);
        g.fanPercent = number(ColFan);

        const QByteArrayView persistence = trimmed(f[ColPersistence]);
        if (persistence == QByteArrayView("Enabled"))
            g.persistenceMode = true;
        else if (persistence == QByteArrayView("Disabled"))
            g.persistenceMode = false;
        else if (!smicsv::isAbsent(persistence))
            warn(where + QStringLiteral(": ") + quoted(persistence) +
                 QStringLiteral(" is not Enabled or Disabled for persistence_mode; left empty"));
        g.memoryReservedMiB = number(ColMemoryReserved);
        // [N/A] where the GPU cannot be partitioned.
        const QByteArrayView mig = trimmed(f[ColMigMode]);
        if (mig == QByteArrayView("Enabled"))
            g.migEnabled = true;
        else if (mig == QByteArrayView("Disabled"))
            g.migEnabled = false;
        else if (!smicsv::isAbsent(mig))
            warn(where + QStringLiteral(": ") + quoted(mig) +
                 QStringLiteral(" is not Enabled or Disabled for mig.mode.current; left empty"));
        if (g.migEnabled == true) {
            // Not reported in MIG mode ([N/A]); never a number here.
            g.utilizationGpuPercent.reset();
            g.utilizationMemoryPercent.reset();
        }
        gpus.append(std::move(g));
    }
    return true;
}

bool SmiSampler::readProcesses(QList<GpuProcess>& processes, QStringList& warnings)
{
    QByteArray output;
    if (!run(processQueryArguments(), output))
        return false;
    const QList<Line> lines = nonEmptyLines(output);
    // No compute process: a header only, or nothing at all.
    if (lines.isEmpty())
        return true;
    auto warn = [&warnings](const QString& text) {
        qCWarning(lcSmi).noquote() << text;
        warnings.append(text);
    };
    const auto header = smicsv::split(lines.first().text);
    if (header.size() != ProcessColumnCount) {
        warn(m_program +
             QStringLiteral(
                 " answered the process query with %1 columns instead of %2; processes not shown: ")
                 .arg(header.size())
                 .arg(int(ProcessColumnCount)) +
             quoted(lines.first().text));
        return true;
    }
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const Line& line = lines.at(i);
        const QString where = QStringLiteral("nvidia-smi process query, line %1").arg(line.number);
        const auto f = smicsv::split(line.text);
        if (f.size() < ProcessColumnCount) {
            warn(where +
                 QStringLiteral(": expected %1 fields, found %2; line skipped: ")
                     .arg(int(ProcessColumnCount))
                     .arg(f.size()) +
                 quoted(line.text));
            continue;
        }
        const auto pid = parseI64(f[ColPid]);
        if (!pid || *pid <= 0) {
            warn(where + QStringLiteral(": ") + quoted(trimmed(f[ColPid])) +
                 QStringLiteral(" is not a process id; line skipped: ") + quoted(line.text));
            continue;
        }
        GpuProcess p;
        p.pid = *pid;
        p.gpuUuid = QString::fromUtf8(trimmed(f[ColProcUuid]));
        // WDDM (Windows) reports no per-process memory: [N/A].
        if (!smicsv::isAbsent(f[ColUsedMemory])) {
            p.usedMemoryMiB = parseDouble(f[ColUsedMemory]);
            if (!p.usedMemoryMiB)
                warn(where + QStringLiteral(": ") + quoted(trimmed(f[ColUsedMemory])) +
                     QStringLiteral(" is not a number for used_gpu_memory; left empty"));
        }
        // Everything after the third separator is the name, commas included.
        const qsizetype nameAt = f[ColProcessName].data() - line.text.data();
        const QByteArrayView name = trimmed(line.text.sliced(nameAt));
        if (!smicsv::isAbsent(name))
            p.command = QString::fromUtf8(name);
        processes.append(std::move(p));
    }
    return true;
}

void SmiSampler::readMig(QList<GpuSample>& gpus, QList<GpuProcess>& processes,
                         QStringList& warnings)
{
    QByteArray list, query;
    if (!run(listArguments(), list) || !run(queryArguments(), query)) {
        warnings.append(QStringLiteral("MIG instances not shown: ") + m_error);
        qCWarning(lcSmi).noquote() << warnings.last();
        m_error.clear();
        return;
    }
    QStringList problems;
    const auto listed = smimig::parseList(list, problems);
    const auto queried = smimig::parseQuery(query, problems);
    smimig::apply(gpus, processes, listed, queried, problems);
    for (const QString& p : std::as_const(problems))
        qCWarning(lcSmi).noquote() << p;
    warnings.append(problems);
}

bool SmiSampler::open()
{
    m_gpuCount = 0;
    if (!resolveProgram())
        return false;
    QList<GpuSample> gpus;
    QStringList warnings;
    if (!readGpus(gpus, warnings))
        return false;
    if (gpus.isEmpty()) {
        m_error = m_program + QStringLiteral(" lists no GPU");
        return false;
    }
    m_gpuCount = int(gpus.size());
    m_error.clear();
    qCDebug(lcSmi) << "opened" << m_program << "with" << m_gpuCount << "GPUs";
    return true;
}

void SmiSampler::readHealth(QList<GpuSample>& gpus, QStringList& warnings)
{
    if (m_healthRefused)
        return;
    QByteArray output;
    if (!run(smihealth::queryArguments(), output)) {
        // A driver that refuses the fields refuses them every time; one
        // that hung or crashed may answer next time.
        m_healthRefused = m_lastRunRefused;
        warnings.append((m_healthRefused
                             ? QStringLiteral("GPU health (ECC, remapped rows, clock-event "
                                              "reasons) not read, and not asked again until the "
                                              "sampler restarts: ")
                             : QStringLiteral("GPU health (ECC, remapped rows, clock-event "
                                              "reasons) not read this time: ")) +
                        m_error);
        qCWarning(lcSmi).noquote() << warnings.last();
        m_error.clear();
        return;
    }
    const QList<smihealth::GpuFacts> facts = smihealth::parse(output, warnings);
    for (const smihealth::GpuFacts& f : facts) {
        // A GPU that answered [N/A] to everything reported no health: its
        // state stays unknown rather than ok.
        if (f.facts == GpuHealthFacts{})
            continue;
        for (GpuSample& g : gpus)
            if (g.index == f.index)
                g.healthFacts = f.facts;
    }
}

bool SmiSampler::sample(Snapshot& out)
{
    if (m_program.isEmpty() && !resolveProgram())
        return false;
    QList<GpuSample> gpus;
    QStringList warnings;
    if (!readGpus(gpus, warnings)) {
        qCWarning(lcSmi).noquote() << m_error;
        return false;
    }
    QList<GpuProcess> processes;
    if (!readProcesses(processes, warnings)) {
        // The GPUs are still worth showing; the process list is what failed.
        warnings.append(QStringLiteral("GPU processes not shown: ") + m_error);
        qCWarning(lcSmi).noquote() << warnings.last();
        m_error.clear();
    }
    if (std::any_of(gpus.cbegin(), gpus.cend(),
                    [](const GpuSample& g) { return g.migEnabled == true; }))
        readMig(gpus, processes, warnings);
    readHealth(gpus, warnings);
    m_procFs.enrich(processes, &warnings);
    if (out.backend.isEmpty())
        out.backend = name();
    m_gpuCount = int(gpus.size());
    out.gpus.append(std::move(gpus));
    out.processes.append(std::move(processes));
    out.warnings.append(warnings);
    return true;
}

} // namespace gw
