#pragma once

// A GPU's health figures from nvidia-smi, for the nvidia-smi fallback
// (docs/health.md): one more --query-gpu with the ECC counts, retired pages,
// remapped rows and clock-event reasons. nvidia-smi has no energy counter
// and no XIDs: those stay absent (energy is then estimated from power).
// Pure parsing; the sampler runs the tool.

#include "model/gpuhealth.h"

#include <QByteArrayView>
#include <QList>
#include <QStringList>

namespace gw::smihealth {

// nvidia-smi's arguments for the query, in the order parse() reads. The
// clock reasons go by their older name (clocks_throttle_reasons), which
// drivers from before and after the rename both accept.
QStringList queryArguments();

struct GpuFacts
{
    int index = -1;
    GpuHealthFacts facts;
};

// What the query printed (--format=csv,nounits, its header first): each
// GPU's facts by its index. A line or value that cannot be read is said in
// `warnings` (with the line number) and left out, never read as 0.
QList<GpuFacts> parse(QByteArrayView output, QStringList& warnings);

} // namespace gw::smihealth
