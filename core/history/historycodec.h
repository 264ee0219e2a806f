#pragma once

#include <algorithm>

// Compressed sample chunks of one series. Per sample: the timestamp as a
// delta-of-delta in ms (steady 1 Hz → one bit) and the value as a delta of the
// quantised integer (value / the metric's precision, model/metrics.h) in a variable-length prefix
// code. An absent value keeps its timestamp and is written as an escape code,
// so a gap stays a gap and is never decoded as 0.
//
// Bit layout (most significant bit first):
//   timestamp dod: 0 | 10 +7 | 110 +9 | 1110 +12 | 11110 +32 | 11111 +64  (zigzag)
//   value delta:   adaptive Golomb-Rice of the zigzag delta: q = v >> k ones,
//                  a 0, then the k low bits; k follows the recent mean (see
//                  RiceState). 20 ones then 1: absent; 20 ones, 0, 6-bit
//                  length - 1, then the bits: a delta too large for unary.
//                  After an absent value, one bit first: 1 still absent, 0 a
//                  value follows.
// The first sample's timestamp is the chunk's start (kept in its row); the
// first delta is predicted as 1000 ms, the first value as 0. The row also
// keeps the sample count, which tells the decoder where the padding starts.

#include <QByteArray>
#include <QList>
#include <QtGlobal>

#include <optional>

namespace gw {

class BitWriter
{
public:
    void write(quint64 bits, int n); // n ≤ 64
    // Complete bytes plus the pending bits, zero-padded.
    QByteArray bytes() const;
    qsizetype sizeBytes() const { return m_bytes.size() + (m_pending ? 1 : 0); }

private:
    void writeSmall(quint64 bits, int n); // n ≤ 32
    QByteArray m_bytes;
    quint64 m_acc = 0;
    int m_pending = 0; // bits in m_acc not yet in m_bytes, < 8
};

// The Golomb-Rice parameter for value deltas, adapted to the recent mean of
// their zigzag magnitudes (as in LOCO-I): encoder and decoder update it the
// same way from values both have seen, so nothing about it is stored.
struct RiceState
{
    quint64 sum = 0; // recent zigzag magnitudes, halved every kWindow samples
    quint32 n = 1;
    static constexpr quint32 kWindow = 32;

    int k() const
    {
        int k = 0;
        while ((quint64(n) << k) < sum && k < 40)
            ++k;
        return k;
    }
    void update(quint64 v)
    {
        // A rare jump (a job allocating 70 GiB) must not make the unchanged
        // readings after it expensive: one value moves the mean at most 8×.
        sum += std::min<quint64>(v, 8 * (sum / n) + 16);
        if (++n == kWindow) {
            sum >>= 1;
            n >>= 1;
        }
    }
};

class ChunkEncoder
{
public:
    explicit ChunkEncoder(qint64 startMs = 0)
        : m_startMs(startMs)
        , m_lastMs(startMs)
    {}

    // Timestamps must be strictly increasing (the store drops the others).
    void append(qint64 ms, std::optional<qint64> quantised);

    qint64 startMs() const { return m_startMs; }
    qint64 lastMs() const { return m_lastMs; }
    int count() const { return m_count; }
    qsizetype sizeBytes() const { return m_bits.sizeBytes(); }
    QByteArray bytes() const { return m_bits.bytes(); }

private:
    BitWriter m_bits;
    qint64 m_startMs = 0;
    qint64 m_lastMs = 0;
    qint64 m_lastDelta = kPredictedDeltaMs;
    qint64 m_lastValue = 0;
    bool m_lastAbsent = false;
    bool m_valueSeen = false; // the first value (a delta from 0) does not train k
    RiceState m_rice;
    int m_count = 0;

public:
    static constexpr qint64 kPredictedDeltaMs = 1000;
};

class ChunkDecoder
{
public:
    ChunkDecoder(const QByteArray& data, qint64 startMs, int count);

    // False at the end or on a corrupt chunk (then corrupt() is true).
    bool next(qint64* ms, std::optional<qint64>* quantised);
    bool corrupt() const { return m_corrupt; }

private:
    quint64 peek64() const;
    quint64 read(int n);
    int prefixOnes(int max);

    QByteArray m_data; // padded with 8 zero bytes so peek64 never reads past the end
    qint64 m_bitPos = 0;
    qint64 m_bitEnd = 0;
    qint64 m_lastMs = 0;
    qint64 m_lastDelta = ChunkEncoder::kPredictedDeltaMs;
    qint64 m_lastValue = 0;
    bool m_lastAbsent = false;
    bool m_valueSeen = false;
    RiceState m_rice;
    int m_remaining = 0;
    bool m_first = true;
    bool m_corrupt = false;
};

// The minute roll-ups of one series within one hour, packed into one row:
// rows of their own would cost ~26 bytes a minute, this about 6. Per minute
// present, in order: the gap to the previous minute, count, the change of the
// sum, and min and max as distances below and above the floored mean.
struct MinuteRollup
{
    int minute = 0; // 0..59 within the hour
    qint64 minQ = 0;
    qint64 maxQ = 0;
    qint64 sumQ = 0;
    qint64 count = 0;

    bool operator==(const MinuteRollup&) const = default;
};

QByteArray encodeMinuteRollups(const QList<MinuteRollup>& minutes); // in minute order
// Absent on bytes that do not decode (truncated, out-of-range minute).
std::optional<QList<MinuteRollup>> decodeMinuteRollups(const QByteArray& bytes);
// Adds `delta` into `into` (both in minute order): min of mins, max of maxes,
// sums and counts added.
void mergeMinuteRollups(QList<MinuteRollup>& into, const QList<MinuteRollup>& delta);

} // namespace gw
