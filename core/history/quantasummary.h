#pragma once

// Min, max, sum and count of values in quanta (whole multiples of the
// metric's precision, see historyschema.h). The one accumulator of the store:
// a minute or hour roll-up being built on ingest, a query's bucket being
// filled from samples or stored roll-ups. Integers, so merging is exact and
// the order of merges does not change a mean.

#include <QtGlobal>

#include <algorithm>

namespace gw {

struct QuantaSummary
{
    qint64 minQ = 0;
    qint64 maxQ = 0;
    qint64 sumQ = 0;
    qint64 count = 0; // 0: empty; minQ and maxQ mean nothing then

    bool isEmpty() const { return count == 0; }

    void add(qint64 q) { merge(q, q, q, 1); }

    // Another summary given by its parts (a stored roll-up row).
    void merge(qint64 mn, qint64 mx, qint64 sum, qint64 n)
    {
        if (n <= 0)
            return;
        if (count == 0) {
            minQ = mn;
            maxQ = mx;
        } else {
            minQ = std::min(minQ, mn);
            maxQ = std::max(maxQ, mx);
        }
        sumQ += sum;
        count += n;
    }
    void merge(const QuantaSummary& o) { merge(o.minQ, o.maxQ, o.sumQ, o.count); }

    friend bool operator==(const QuantaSummary&, const QuantaSummary&) = default;
};

} // namespace gw
