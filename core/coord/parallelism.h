#pragma once

// How many GPUs a job needs, from its model's parallelism: the `--parallel`
// text ("tp=4,pp=2,dp=1") or a task file (JSON or TOML) with the same keys,
// and how much memory per GPU, from `--min-free` or a heuristic on the model
// name that says which rule fired. Pure logic; see
// docs/coordination.md.
//
// Spellings (keys are compared without regard to case):
//   tp   tensor-parallel-size, tensor_parallel_size, tp-size, tp_size, tp
//   pp   pipeline-parallel-size, pipeline_parallel_size, pp-size, pp_size, pp
//   dp   data-parallel-size, data_parallel_size, dp-size, dp_size, dp
//   cp   context-parallel-size, context_parallel_size, cp-size, cp_size, cp
//   dcp  decode-context-parallel-size, decode_context_parallel_size,
//        dcp-size, dcp_size, dcp
// Each is a whole number 1..1024, default 1.
// World size = tp × pp × max(dp, cp, dcp).

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <optional>

namespace gw {

struct Parallelism
{
    int tp = 1;
    int pp = 1;
    int dp = 1;
    int cp = 1;
    int dcp = 1;

    qint64 worldSize() const;
    QString text() const; // "tp=4,pp=2,dp=1,cp=1,dcp=1"
    bool operator==(const Parallelism&) const = default;
};

inline constexpr int kMaxParallelism = 1024; // per key

// The accepted spellings of one key ("tp" …), canonical name last.
QStringList parallelismSpellings(const QString& canonical);

// "tp=4,pp=2,dp=1" (items separated by commas, spaces around them allowed)
// → the sizes; nullopt and *error (one sentence) otherwise.
std::optional<Parallelism> parseParallelism(const QString& text, QString* error);

// A task file: the parallelism keys at the top level or in a "parallelism"
// table/object (not both for the same key), and an optional "model" name.
// Any other key is refused (with a did-you-mean), so a mistyped key never
// leaves a size at 1 silently.
struct TaskFile
{
    Parallelism parallelism;
    QString model; // empty: none given
    bool operator==(const TaskFile&) const = default;
};

// JSON when the name ends in .json, TOML when .toml, otherwise JSON when the
// first non-blank byte is '{', else TOML. Errors: "name:line:column: reason"
// for syntax errors (both formats) and for TOML values; "name: key.path:
// reason" for JSON values.
std::optional<TaskFile> parseTaskFile(const QByteArray& bytes, const QString& name, QString* error);
// The same, read from a file (at most 1 MiB).
std::optional<TaskFile> loadTaskFile(const QString& path, QString* error);

// Memory per GPU from the model's name, and the rule that fired, to be shown.
// The largest parameter count in the name ("70b", "1.5B", "8x7B" = 56B; case
// ignored): 65B or more → 20,000 MiB; 7B to under 65B → 12,000 MiB; under 7B,
// or no count in the name → 8,000 MiB.
struct MemoryEstimate
{
    qint64 mib = 8000;
    QString rule; // "llama-2-70b: 70B parameters (65B or more) → 20,000 MiB per GPU"
};
MemoryEstimate memoryHeuristicMiB(const QString& model);

// "8GiB", "8G", "8GB", "512MiB", "512M", "512MB", "1TiB", "1.5GiB" or a plain
// number of MiB → MiB (binary units throughout; a fraction rounds up to a
// whole MiB). 1 MiB to 1 TiB; nullopt and *error otherwise.
std::optional<qint64> parseMemorySize(const QString& text, QString* error);

} // namespace gw
