#pragma once

// nvidia-smi's --format=csv output, as the samplers read it: fields split on
// ", " (nvidia-smi does not quote), and its bracketed answers ([N/A],
// [Not Supported], [Unknown Error], …) meaning "no value", even with nounits.

#include "util/textparse.h"

#include <QByteArrayView>
#include <QList>

namespace gw::smicsv {

// The fields of one line, untrimmed.
inline QList<QByteArrayView> split(QByteArrayView line)
{
    constexpr QByteArrayView kSeparator(", ");
    QList<QByteArrayView> out;
    for (;;) {
        const qsizetype at = line.indexOf(kSeparator);
        if (at < 0) {
            out.append(line);
            return out;
        }
        out.append(line.first(at));
        line = line.sliced(at + kSeparator.size());
    }
}

inline bool isAbsent(QByteArrayView v)
{
    v = trimmed(v);
    return v.isEmpty() || (v.startsWith('[') && v.endsWith(']'));
}

} // namespace gw::smicsv
