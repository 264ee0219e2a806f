#pragma once

// Lines of a device, read in chunks into one buffer. QIODevice::readLine
// with a limit allocates the limit for every line: with a 16 MiB limit
// that is a 16 MiB allocation per reading (under ASan an mmap and a shadow
// fill each, which made a two-agent report take minutes). Here a line
// costs its own bytes, and a line longer than the limit is told apart
// before it fills memory.

#include <QByteArray>

#include <optional>

class QIODevice;

namespace gw {

class LineBuffer
{
public:
    explicit LineBuffer(qsizetype maxLineBytes);

    // Appends what `device` has now, at most a chunk (64 KiB: a longer
    // line takes several); the bytes read (0 when none, -1 when the device
    // failed).
    qint64 fill(QIODevice* device);
    // The next whole line, without its '\n' (and a '\r' before it); none
    // while the line is not complete.
    std::optional<QByteArray> takeLine();
    // Bytes after the last whole line: the start of one still arriving.
    qsizetype partial() const { return m_data.size() - m_at; }
    // Whether the unfinished line is already longer than the limit.
    bool overlong() const { return partial() > m_max; }
    // The unfinished line (at the device's end: a last line with no '\n').
    QByteArray takeRest();

private:
    QByteArray m_data;
    qsizetype m_at = 0;      // start of the first line not taken
    qsizetype m_scanned = 0; // bytes from m_at known to hold no '\n'
    qsizetype m_max;
};

} // namespace gw
