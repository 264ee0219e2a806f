#pragma once

// The record of `gpuwarden-cli run`: what a job did to its GPUs. Readings
// are added as they come; per GPU the minimum, maximum and mean of each
// figure over the readings that reported it (an absent value is left out,
// never counted as 0). See docs/coordination.md, "Run records". Pure logic:
// gpuwarden-cli's `run` starts the job, reads its GPUs and writes the record.

#include "coord/gpuselection.h"
#include "model/snapshot.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace gw {

struct MetricStats
{
    qint64 count = 0; // readings that reported the figure
    double min = 0;
    double max = 0;
    double sum = 0; // in reading order; mean = sum / count

    void add(std::optional<double> v);
    std::optional<double> mean() const;
};

struct GpuRunStats
{
    QString unit; // what CUDA_VISIBLE_DEVICES named: "3" or "MIG-…"
    int gpuIndex = -1;
    QString uuid;
    QString name;
    qint64 sampleCount = 0; // readings that held the GPU
    MetricStats utilisationPercent;
    MetricStats memoryUsedMiB;
    MetricStats memoryPercent; // used / total × 100, where both are reported
    MetricStats temperatureC;
    MetricStats powerW;
};

struct RunRecord
{
    QStringList command;
    QString cudaVisibleDevices;
    QString server;
    QString source; // "this machine" or the agent's URL
    QString reservationId;
    qint64 startedMs = 0;
    qint64 endedMs = 0;
    int exitCode = 0;
    std::optional<int> signal; // the job was killed by this signal
    qint64 intervalMs = 0;
    QList<GpuRunStats> gpus;

    // Adds one reading: the figures of each GPU of the run it holds (a MIG
    // unit counts its parent GPU's figures).
    void add(const Snapshot& reading);
};

// True when `reading` shows a process of `user` on one of `units` (a MIG
// unit by its instance, a whole GPU by its index with no instance): the job
// took its GPUs, and a reservation held for it can end.
bool jobRunsOn(const Snapshot& reading, const QList<Candidate>& units, const QString& user);

// {"command":[…], "started":"2026-11-24T09:00:00.000Z", "ended", "duration_s",
//  "exit_code", "signal"|null, "gpus":[{"id","gpu_index","uuid","name",
//  "sample_count","utilization_percent":{"min","max","mean"}|null, …}]}
QJsonObject runRecordJson(const RunRecord& record);
// A few lines for stderr when no --record file is given.
QString runRecordText(const RunRecord& record);

} // namespace gw
