#pragma once

// MIG instances from what nvidia-smi prints, for the nvidia-smi fallback.
//
// --query-compute-apps names a process's parent GPU only, and --query-gpu
// has nothing per instance. Two more outputs say it all, and are only asked
// for when a GPU reports MIG enabled:
//  * `nvidia-smi -L` is the one place with each instance's UUID and profile
//    ("  MIG 3g.40gb     Device  0: (UUID: MIG-…)"), under its GPU's UUID;
//  * `nvidia-smi -q` has, per GPU (by PCI bus id), each "MIG Device" block
//    (Index, GPU/Compute Instance ID, Shared FB Memory Usage) and the
//    "Processes" entries with the GPU and compute instance ids of each pid.
// Both are keyed by things that do not change while the instances exist
// (MIG device index, instance ids, pid), and the text forms are stable
// across drivers, where the default table's columns are not. -q -x (XML)
// would be as good, but has no UUIDs or profiles either and costs an XML
// parser for one section.

#include "model/snapshot.h"

#include <QByteArrayView>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace gw::smimig {

// One GPU of `nvidia-smi -L` and its MIG devices (uuid, profile, index,
// computeSlices from the profile name).
struct ListedGpu
{
    int index = -1;
    QString uuid;
    QList<MigInstance> instances;
};
QList<ListedGpu> parseList(QByteArrayView text, QStringList& warnings);

struct QueriedMig
{
    int index = -1;
    std::optional<int> gpuInstanceId, computeInstanceId;
    std::optional<double> memoryUsedMiB, memoryTotalMiB;
};
struct QueriedProcess
{
    qint64 pid = 0;
    std::optional<int> gpuInstanceId, computeInstanceId;
};
struct QueriedGpu
{
    QString busId; // "00000000:00:09.0", as --query-gpu's pci.bus_id
    QList<QueriedMig> migs;
    QList<QueriedProcess> processes;
};
QList<QueriedGpu> parseQuery(QByteArrayView text, QStringList& warnings);

// Fills migInstances of the GPUs with migEnabled == true and migUuid of
// their processes. Warns (once per sample) about what does not add up.
void apply(QList<GpuSample>& gpus, QList<GpuProcess>& processes, const QList<ListedGpu>& listed,
           const QList<QueriedGpu>& queried, QStringList& warnings);

// "3g.40gb" -> 3; "1c.3g.71gb" -> 1 (compute instance of one slice in a
// three-slice GPU instance); absent for anything else.
std::optional<int> computeSlicesOfProfile(const QString& profile);

} // namespace gw::smimig
