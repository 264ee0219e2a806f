#pragma once

// Compressed sample chunks of one series. Per sample: the timestamp as a
// delta-of-delta in ms (steady 1 Hz → one bit) and the value as a delta of the
// quantised integer (value / metricPrecision) in a variable-length prefix
// code. An absent value keeps its timestamp and is written as an escape code,
// so a gap stays a gap and is never decoded as 0.
//
// Bit layout (most significant bit first):
//   timestamp dod: 0 | 10 +7 | 110 +9 | 1110 +12 | 11110 +32 | 11111 +64  (zigzag)
//   value delta:   0 | 10 +4 | 110 +8 | 1110 +16 | 11110 +64 (zigzag) | 11111 absent
// The first sample's timestamp is the chunk's start (kept in its row); the
// first delta is predicted as 1000 ms, the first value as 0. The row also
// keeps the sample count, which tells the decoder where the padding starts.

#include <QByteArray>
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
    int m_remaining = 0;
    bool m_first = true;
    bool m_corrupt = false;
};

} // namespace gw
