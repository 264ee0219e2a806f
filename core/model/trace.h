#pragma once

// Traces: JSON Lines of snapshot JSON (snapshotjson.h), one reading per line,
// compact, in time order per server. Written by `gpuwarden-cli record`, read
// back by anything that replays readings. See docs/traces.md.
//
// The order rule: within one server, each reading is newer than the one
// before; an older reading is refused with both times, an equal one as a
// duplicate. Servers may interleave freely. Nothing is reordered silently.

#include "model/snapshot.h"
#include "util/linebuffer.h"

#include <QFile>
#include <QHash>
#include <QList>
#include <QString>

#include <memory>
#include <optional>

class QIODevice;

namespace gw {

// The order rule, for one stream of readings. check() answers the reason a
// reading may not follow the ones before (empty: it may); accept() notes it.
class TraceOrder
{
public:
    QString check(const Snapshot& s) const;
    void accept(const Snapshot& s, qint64 lineNumber = 0);
    // The newest accepted time of `server`, if any.
    std::optional<qint64> newest(const QString& server) const;
    qsizetype serverCount() const { return m_last.size(); }

private:
    struct Last
    {
        qint64 timestampMs = 0;
        qint64 line = 0;
    };
    QHash<QString, Last> m_last;
};

// Appends one compact snapshot per line and flushes each line, so a recorder
// stopped at any moment (even killed) leaves only whole lines but possibly
// the one being written. The file is created or truncated by open().
class TraceWriter
{
public:
    TraceWriter() = default;
    TraceWriter(const TraceWriter&) = delete;
    TraceWriter& operator=(const TraceWriter&) = delete;

    bool open(const QString& path, QString* error);
    // One reading. Refuses (false, `error`) one that breaks the order rule
    // and fails when the line cannot be written whole (a full disk):
    // "run.jsonl: cannot write: No space left on device".
    bool write(const Snapshot& s, QString* error);
    void close();

    qint64 written() const { return m_written; }
    const QString& path() const { return m_path; }
    // The newest time written for `server`, if any.
    std::optional<qint64> newest(const QString& server) const { return m_order.newest(server); }
    qsizetype serverCount() const { return m_order.serverCount(); }

private:
    QFile m_file;
    QString m_path;
    TraceOrder m_order;
    qint64 m_written = 0;
};

// Reads a trace line by line, never the whole file at once: each call to
// next() parses one more line. Errors name the file and the line
// ("run.jsonl:17: gpus[1].memory_used_mib: expected a number or null, got a
// string"); after one, next() answers nothing more.
class TraceReader
{
public:
    // A line longer than this is refused (a snapshot of a large server is a
    // few hundred KiB).
    static constexpr qint64 kMaxLineBytes = 16 * 1024 * 1024;

    TraceReader() = default;
    TraceReader(const TraceReader&) = delete;
    TraceReader& operator=(const TraceReader&) = delete;

    // Opens `path` for reading; false with the reason on failure.
    bool open(const QString& path, QString* error);
    // Reads from `device` (opened for reading, not owned); `name` stands for
    // it in messages.
    void setDevice(QIODevice* device, const QString& name);

    // The next reading; absent at the end or on an error (then error() says
    // why, with the line).
    std::optional<Snapshot> next();

    const QString& error() const { return m_error; }
    bool hasError() const { return !m_error.isEmpty(); }
    // The number of the last line read (1-based; blank lines counted).
    qint64 lineNumber() const { return m_line; }

private:
    std::optional<Snapshot> failAt(const QString& why);

    std::unique_ptr<QFile> m_file;
    QIODevice* m_device = nullptr;
    QString m_name;
    QString m_error;
    qint64 m_line = 0;
    bool m_done = false;
    TraceOrder m_order;
    LineBuffer m_lines{kMaxLineBytes};
};

// The whole trace at `path`, or nothing with the reason in `error`.
std::optional<QList<Snapshot>> readTrace(const QString& path, QString* error);

} // namespace gw
