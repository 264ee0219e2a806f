#include "history/historycodec.h"

#include <bit>

namespace gw {

namespace {

constexpr quint64 zigzag(qint64 v)
{
    return (quint64(v) << 1) ^ quint64(v >> 63);
}

constexpr qint64 unzigzag(quint64 v)
{
    return qint64(v >> 1) ^ -qint64(v & 1);
}

// Longest unary quotient of a value code; that many ones is an escape.
constexpr int kMaxUnary = 20;

bool fits(qint64 v, int bits)
{
    const qint64 half = qint64(1) << (bits - 1);
    return v >= -half && v < half;
}

} // namespace

void BitWriter::writeSmall(quint64 bits, int n)
{
    m_acc = (m_acc << n) | (bits & ((quint64(1) << n) - 1));
    m_pending += n;
    while (m_pending >= 8) {
        m_pending -= 8;
        m_bytes.append(char((m_acc >> m_pending) & 0xff));
    }
    m_acc &= (quint64(1) << m_pending) - 1;
}

void BitWriter::write(quint64 bits, int n)
{
    if (n > 32) {
        writeSmall(bits >> 32, n - 32);
        writeSmall(bits & 0xffffffffu, 32);
    } else if (n > 0) {
        writeSmall(bits, n);
    }
}

QByteArray BitWriter::bytes() const
{
    QByteArray out = m_bytes;
    if (m_pending)
        out.append(char((m_acc << (8 - m_pending)) & 0xff));
    return out;
}

void ChunkEncoder::append(qint64 ms, std::optional<qint64> quantised)
{
    if (m_count > 0) {
        const qint64 delta = ms - m_lastMs;
        const qint64 dod = delta - m_lastDelta;
        if (dod == 0)
            m_bits.write(0b0, 1);
        else if (fits(dod, 7))
            m_bits.write(0b10ull << 7 | zigzag(dod), 9);
        else if (fits(dod, 9))
            m_bits.write(0b110ull << 9 | zigzag(dod), 12);
        else if (fits(dod, 12))
            m_bits.write(0b1110ull << 12 | zigzag(dod), 16);
        else if (fits(dod, 32))
            m_bits.write(0b11110ull << 32 | zigzag(dod), 37);
        else {
            m_bits.write(0b11111, 5);
            m_bits.write(zigzag(dod), 64);
        }
        m_lastDelta = delta;
    } else {
        // The first timestamp is the row's start; nothing to write.
        m_startMs = ms;
    }
    m_lastMs = ms;

    // Inside a run of absent values one bit says "still absent" (1) or
    // "present again" (0), so a metric a device never reports costs 1 bit.
    if (m_lastAbsent) {
        m_bits.write(quantised ? 0 : 1, 1);
        if (!quantised) {
            ++m_count;
            return;
        }
    }
    if (!quantised) {
        // Escape: kMaxUnary ones, then 1.
        m_bits.write((quint64(1) << (kMaxUnary + 1)) - 1, kMaxUnary + 1);
        m_lastAbsent = true;
    } else {
        const quint64 v = zigzag(*quantised - m_lastValue);
        const int k = m_rice.k();
        const quint64 q = v >> k;
        if (q < quint64(kMaxUnary)) {
            // q ones, a zero, then the k low bits.
            m_bits.write(((quint64(1) << q) - 1) << 1, int(q) + 1);
            m_bits.write(v & ((quint64(1) << k) - 1), k);
        } else {
            // Escape: kMaxUnary ones, 0, the delta's bit length - 1 in 6
            // bits, then its significant bits.
            const int length = std::max(1, 64 - std::countl_zero(v));
            m_bits.write(((quint64(1) << kMaxUnary) - 1) << 1, kMaxUnary + 1);
            m_bits.write(quint64(length - 1), 6);
            m_bits.write(v, length);
        }
        if (m_valueSeen)
            m_rice.update(v);
        m_valueSeen = true;
        m_lastValue = *quantised;
        m_lastAbsent = false;
    }
    ++m_count;
}

ChunkDecoder::ChunkDecoder(const QByteArray& data, qint64 startMs, int count)
    : m_data(data)
    , m_bitEnd(qint64(data.size()) * 8)
    , m_lastMs(startMs)
    , m_remaining(count)
{
    m_data.append(8, '\0');
}

quint64 ChunkDecoder::peek64() const
{
    const auto* p = reinterpret_cast<const uchar*>(m_data.constData()) + (m_bitPos >> 3);
    quint64 w = 0;
    for (int i = 0; i < 8; ++i)
        w = (w << 8) | p[i];
    return w << (m_bitPos & 7);
}

quint64 ChunkDecoder::read(int n)
{
    if (n > 56) {
        const quint64 hi = read(32);
        return (hi << (n - 32)) | read(n - 32);
    }
    const quint64 v = peek64() >> (64 - n);
    m_bitPos += n;
    return v;
}

int ChunkDecoder::prefixOnes(int max)
{
    const int ones = std::min(std::countl_one(peek64()), max);
    m_bitPos += ones < max ? ones + 1 : ones; // a code shorter than max ends in a 0
    return ones;
}

bool ChunkDecoder::next(qint64* ms, std::optional<qint64>* quantised)
{
    if (m_remaining <= 0 || m_corrupt)
        return false;
    if (!m_first) {
        static constexpr int kDodBits[] = {0, 7, 9, 12, 32, 64};
        const int code = prefixOnes(5);
        const qint64 dod = code == 0 ? 0 : unzigzag(read(kDodBits[code]));
        m_lastDelta += dod;
        m_lastMs += m_lastDelta;
    }
    m_first = false;

    if (m_lastAbsent && read(1) == 1) {
        *quantised = std::nullopt;
    } else {
        const int q = prefixOnes(kMaxUnary);
        if (q == kMaxUnary) {
            if (read(1) == 1) {
                *quantised = std::nullopt;
                m_lastAbsent = true;
            } else {
                const quint64 v = read(int(read(6)) + 1);
                if (m_valueSeen)
                    m_rice.update(v);
                m_valueSeen = true;
                m_lastValue += unzigzag(v);
                *quantised = m_lastValue;
                m_lastAbsent = false;
            }
        } else {
            const int k = m_rice.k();
            const quint64 v = (quint64(q) << k) | (k > 0 ? read(k) : 0);
            if (m_valueSeen)
                m_rice.update(v);
            m_valueSeen = true;
            m_lastValue += unzigzag(v);
            *quantised = m_lastValue;
            m_lastAbsent = false;
        }
    }
    *ms = m_lastMs;
    --m_remaining;
    if (m_bitPos > m_bitEnd) {
        m_corrupt = true;
        return false;
    }
    return true;
}

namespace {

void putVarint(QByteArray& out, quint64 v)
{
    while (v >= 0x80) {
        out.append(char(v | 0x80));
        v >>= 7;
    }
    out.append(char(v));
}

bool getVarint(const QByteArray& in, qsizetype& pos, quint64* v)
{
    quint64 out = 0;
    for (int shift = 0; shift < 64 && pos < in.size(); shift += 7) {
        const auto b = quint8(in[pos++]);
        out |= quint64(b & 0x7f) << shift;
        if (!(b & 0x80)) {
            *v = out;
            return true;
        }
    }
    return false;
}

qint64 floorMean(qint64 sum, qint64 count)
{
    const qint64 q = sum / count;
    return (sum % count != 0 && (sum < 0) != (count < 0)) ? q - 1 : q;
}

} // namespace

QByteArray encodeMinuteRollups(const QList<MinuteRollup>& minutes)
{
    QByteArray out;
    out.reserve(minutes.size() * 6);
    int previous = -1;
    qint64 previousSum = 0;
    for (const MinuteRollup& m : minutes) {
        const qint64 mean = floorMean(m.sumQ, m.count);
        putVarint(out, quint64(m.minute - previous - 1));
        putVarint(out, quint64(m.count));
        putVarint(out, zigzag(m.sumQ - previousSum));
        putVarint(out, quint64(mean - m.minQ));
        putVarint(out, quint64(m.maxQ - mean));
        previous = m.minute;
        previousSum = m.sumQ;
    }
    return out;
}

std::optional<QList<MinuteRollup>> decodeMinuteRollups(const QByteArray& bytes)
{
    QList<MinuteRollup> out;
    qsizetype pos = 0;
    int previous = -1;
    qint64 previousSum = 0;
    while (pos < bytes.size()) {
        quint64 gap = 0, count = 0, sum = 0, below = 0, above = 0;
        if (!getVarint(bytes, pos, &gap) || !getVarint(bytes, pos, &count) ||
            !getVarint(bytes, pos, &sum) || !getVarint(bytes, pos, &below) ||
            !getVarint(bytes, pos, &above) || count == 0 || gap >= 60)
            return std::nullopt;
        MinuteRollup m;
        m.minute = previous + 1 + int(gap);
        if (m.minute > 59)
            return std::nullopt;
        m.count = qint64(count);
        m.sumQ = previousSum + unzigzag(sum);
        const qint64 mean = floorMean(m.sumQ, m.count);
        m.minQ = mean - qint64(below);
        m.maxQ = mean + qint64(above);
        out.append(m);
        previous = m.minute;
        previousSum = m.sumQ;
    }
    return out;
}

void mergeMinuteRollups(QList<MinuteRollup>& into, const QList<MinuteRollup>& delta)
{
    QList<MinuteRollup> merged;
    merged.reserve(into.size() + delta.size());
    qsizetype i = 0, j = 0;
    while (i < into.size() || j < delta.size()) {
        if (j == delta.size() || (i < into.size() && into[i].minute < delta[j].minute)) {
            merged.append(into[i++]);
        } else if (i == into.size() || delta[j].minute < into[i].minute) {
            merged.append(delta[j++]);
        } else {
            MinuteRollup m = into[i++];
            const MinuteRollup& d = delta[j++];
            m.minQ = std::min(m.minQ, d.minQ);
            m.maxQ = std::max(m.maxQ, d.maxQ);
            m.sumQ += d.sumQ;
            m.count += d.count;
            merged.append(m);
        }
    }
    into = std::move(merged);
}

} // namespace gw
