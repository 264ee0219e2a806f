#include "util/linebuffer.h"

#include <QIODevice>

#include <algorithm>

namespace gw {

namespace {
constexpr qint64 kChunk = 64 * 1024;
} // namespace

LineBuffer::LineBuffer(qsizetype maxLineBytes)
    : m_max(maxLineBytes)
{}

qint64 LineBuffer::fill(QIODevice* device)
{
    // Taken lines are dropped before the buffer grows.
    if (m_at > 0 && (m_at == m_data.size() || m_at >= kChunk)) {
        m_data.remove(0, m_at);
        m_at = 0;
    }
    const qint64 want = kChunk; // a line longer than that takes several
    const qsizetype before = m_data.size();
    m_data.resize(before + qsizetype(want));
    const qint64 n = device->read(m_data.data() + before, want);
    m_data.resize(before + qsizetype(std::max<qint64>(n, 0)));
    return n;
}

std::optional<QByteArray> LineBuffer::takeLine()
{
    const qsizetype end = m_data.indexOf('\n', m_at + m_scanned);
    if (end < 0) {
        m_scanned = m_data.size() - m_at;
        return std::nullopt;
    }
    qsizetype stop = end;
    if (stop > m_at && m_data.at(stop - 1) == '\r')
        --stop;
    QByteArray line = m_data.mid(m_at, stop - m_at);
    m_at = end + 1;
    m_scanned = 0;
    return line;
}

QByteArray LineBuffer::takeRest()
{
    QByteArray rest = m_data.mid(m_at);
    m_data.clear();
    m_at = 0;
    m_scanned = 0;
    return rest;
}

} // namespace gw
