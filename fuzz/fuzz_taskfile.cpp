// What a job script passes for its GPU count: the --parallel text, a task
// file (JSON, TOML, or sniffed), a --min-free size and a model name.
#include "coord/parallelism.h"

#include <cstddef>
#include <cstdint>

namespace {

void check(const gw::Parallelism& p)
{
    for (int v : {p.tp, p.pp, p.dp, p.cp, p.dcp})
        if (v < 1 || v > gw::kMaxParallelism)
            __builtin_trap();
    if (p.worldSize() < 1 ||
        p.worldSize() > qint64(gw::kMaxParallelism) * gw::kMaxParallelism * gw::kMaxParallelism)
        __builtin_trap();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char*>(data), qsizetype(size));
    const QString text = QString::fromUtf8(bytes);

    // Accepted with no error, or refused with one.
    QString error;
    if (const auto p = gw::parseParallelism(text, &error)) {
        if (!error.isEmpty())
            __builtin_trap();
        check(*p);
        // What text() writes reads back the same.
        QString again;
        if (gw::parseParallelism(p->text(), &again) != p)
            __builtin_trap();
    } else if (error.isEmpty()) {
        __builtin_trap();
    }

    for (const char* name : {"fuzz.json", "fuzz.toml", "fuzz"}) {
        const QString file = QString::fromLatin1(name);
        QString why;
        if (const auto task = gw::parseTaskFile(bytes, file, &why)) {
            if (!why.isEmpty())
                __builtin_trap();
            check(task->parallelism);
            (void)gw::memoryHeuristicMiB(task->model);
        } else if (!why.startsWith(file + QLatin1Char(':'))) {
            __builtin_trap(); // every error names the file
        }
    }

    const gw::MemoryEstimate e = gw::memoryHeuristicMiB(text);
    if ((e.mib != 8000 && e.mib != 12000 && e.mib != 20000) || e.rule.isEmpty())
        __builtin_trap();
    QString why;
    if (const auto mib = gw::parseMemorySize(text, &why)) {
        if (*mib < 1 || *mib > 1024 * 1024 || !why.isEmpty())
            __builtin_trap();
    } else if (why.isEmpty()) {
        __builtin_trap();
    }
    return 0;
}
