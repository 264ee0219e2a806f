#include "sampling/smihealth.h"

#include "sampling/smicsv.h"
#include "util/printable.h"
#include "util/textparse.h"

namespace gw::smihealth {

namespace {

enum Column
{
    ColIndex,
    ColEccMode,
    ColEccCorrectedVolatile,
    ColEccUncorrectedVolatile,
    ColEccCorrectedAggregate,
    ColEccUncorrectedAggregate,
    ColRetiredSbe,
    ColRetiredDbe,
    ColRetiredPending,
    ColRemappedCorrectable,
    ColRemappedUncorrectable,
    ColRemapPending,
    ColRemapFailure,
    ColReasonsActive,
    ColReasonsSupported,
    ColumnCount
};
const char* const kFields[ColumnCount] = {
    "index",
    "ecc.mode.current",
    "ecc.errors.corrected.volatile.total",
    "ecc.errors.uncorrected.volatile.total",
    "ecc.errors.corrected.aggregate.total",
    "ecc.errors.uncorrected.aggregate.total",
    "retired_pages.single_bit_ecc.count",
    "retired_pages.double_bit.count",
    "retired_pages.pending",
    "remapped_rows.correctable",
    "remapped_rows.uncorrectable",
    "remapped_rows.pending",
    "remapped_rows.failure",
    "clocks_throttle_reasons.active",
    "clocks_throttle_reasons.supported",
};

// The fields of a line, trimmed.
QList<QByteArrayView> split(QByteArrayView line)
{
    QList<QByteArrayView> out = smicsv::split(line);
    for (QByteArrayView& v : out)
        v = trimmed(v);
    return out;
}

QString shown(QByteArrayView v)
{
    return QLatin1Char('"') +
           printableText(QString::fromUtf8(v.first(std::min<qsizetype>(v.size(), 80)))) +
           QLatin1Char('"');
}

} // namespace

QStringList queryArguments()
{
    QString fields;
    for (int c = 0; c < ColumnCount; ++c) {
        if (c)
            fields += QLatin1Char(',');
        fields += QLatin1String(kFields[c]);
    }
    return {QStringLiteral("--query-gpu=") + fields, QStringLiteral("--format=csv,nounits")};
}

QList<GpuFacts> parse(QByteArrayView output, QStringList& warnings)
{
    QList<GpuFacts> out;
    const QList<NumberedLine> lines = nonEmptyLines(output);
    if (lines.isEmpty()) {
        warnings << QStringLiteral("nvidia-smi health query: nothing printed");
        return out;
    }
    const QList<QByteArrayView> header = split(lines.first().text);
    if (header.size() != ColumnCount) {
        warnings << QStringLiteral("nvidia-smi health query: %1 columns instead of %2 (an "
                                   "older driver without these fields?): %3")
                        .arg(header.size())
                        .arg(int(ColumnCount))
                        .arg(shown(lines.first().text));
        return out;
    }
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const NumberedLine& line = lines[i];
        const QString where = QStringLiteral("nvidia-smi health query, line %1").arg(line.number);
        const QList<QByteArrayView> f = split(line.text);
        if (f.size() != ColumnCount) {
            warnings << where + QStringLiteral(": %1 fields instead of %2; line skipped: %3")
                                    .arg(f.size())
                                    .arg(int(ColumnCount))
                                    .arg(shown(line.text));
            continue;
        }
        const auto index = parseI64(f[ColIndex]);
        if (!index || *index < 0 || *index > 1024) {
            warnings
                << where + QStringLiteral(": no GPU index; line skipped: %1").arg(shown(line.text));
            continue;
        }
        GpuFacts g;
        g.index = int(*index);
        GpuHealthFacts& h = g.facts;
        auto bad = [&](int col, const char* expected) {
            warnings << where + QStringLiteral(": %1 is not %2 for %3; left empty")
                                    .arg(shown(f[col]), QLatin1String(expected),
                                         QLatin1String(kFields[col]));
        };
        auto count = [&](int col) -> std::optional<quint64> {
            if (smicsv::isAbsent(f[col]))
                return std::nullopt;
            const auto v = parseI64(f[col]);
            if (!v || *v < 0) {
                bad(col, "a count");
                return std::nullopt;
            }
            return quint64(*v);
        };
        auto count32 = [&](int col) -> std::optional<quint32> {
            const auto v = count(col);
            if (v && *v > 0xFFFFFFFFull) {
                bad(col, "a count");
                return std::nullopt;
            }
            return v ? std::optional<quint32>(quint32(*v)) : std::nullopt;
        };
        auto flag = [&](int col, QByteArrayView yes, QByteArrayView no) -> std::optional<bool> {
            if (smicsv::isAbsent(f[col]))
                return std::nullopt;
            if (f[col] == yes)
                return true;
            if (f[col] == no)
                return false;
            bad(col, yes == QByteArrayView("Yes") ? "Yes or No" : "Enabled or Disabled");
            return std::nullopt;
        };
        auto mask = [&](int col) -> std::optional<quint64> {
            if (smicsv::isAbsent(f[col]))
                return std::nullopt;
            const QByteArrayView v = f[col];
            bool ok = false;
            const quint64 m = v.startsWith("0x") || v.startsWith("0X")
                                  ? v.sliced(2).toByteArray().toULongLong(&ok, 16)
                                  : 0;
            if (!ok || v.size() > 18) {
                bad(col, "a hexadecimal mask");
                return std::nullopt;
            }
            return m;
        };
        h.eccEnabled = flag(ColEccMode, "Enabled", "Disabled");
        h.eccCorrectedVolatile = count(ColEccCorrectedVolatile);
        h.eccUncorrectedVolatile = count(ColEccUncorrectedVolatile);
        h.eccCorrectedAggregate = count(ColEccCorrectedAggregate);
        h.eccUncorrectedAggregate = count(ColEccUncorrectedAggregate);
        h.retiredPagesSbe = count32(ColRetiredSbe);
        h.retiredPagesDbe = count32(ColRetiredDbe);
        h.retiredPagesPending = flag(ColRetiredPending, "Yes", "No");
        h.remappedRowsCorrectable = count32(ColRemappedCorrectable);
        h.remappedRowsUncorrectable = count32(ColRemappedUncorrectable);
        h.remapPending = flag(ColRemapPending, "Yes", "No");
        h.remapFailure = flag(ColRemapFailure, "Yes", "No");
        h.clockEventReasons = mask(ColReasonsActive);
        h.clockEventReasonsSupported = mask(ColReasonsSupported);
        out.append(g);
    }
    return out;
}

} // namespace gw::smihealth
