#include "model/trace.h"

#include "model/snapshotjson.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QIODevice>

namespace gw {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(gw::Trace)
};

QString when(qint64 ms)
{
    return QStringLiteral("%1 (%2)")
        .arg(QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(Qt::ISODateWithMs))
        .arg(ms);
}

QString lineRef(qint64 line)
{
    return line > 0 ? Tr::tr(" on line %1").arg(line) : QString();
}

} // namespace

// ---- TraceOrder ----

QString TraceOrder::check(const Snapshot& s) const
{
    const auto it = m_last.constFind(s.server);
    if (it == m_last.constEnd())
        return {};
    if (s.timestampMs == it->timestampMs)
        return Tr::tr("duplicate reading of \"%1\" at %2: the same time as its reading%3")
            .arg(s.server, when(s.timestampMs), lineRef(it->line));
    if (s.timestampMs < it->timestampMs)
        return Tr::tr("reading of \"%1\" at %2 is older than its previous reading at %3%4 "
                      "(readings must be in time order per server)")
            .arg(s.server, when(s.timestampMs), when(it->timestampMs), lineRef(it->line));
    return {};
}

void TraceOrder::accept(const Snapshot& s, qint64 lineNumber)
{
    m_last.insert(s.server, Last{s.timestampMs, lineNumber});
}

std::optional<qint64> TraceOrder::newest(const QString& server) const
{
    const auto it = m_last.constFind(server);
    if (it == m_last.constEnd())
        return std::nullopt;
    return it->timestampMs;
}

// ---- TraceWriter ----

bool TraceWriter::open(const QString& path, QString* error)
{
    close();
    m_path = path;
    m_order = TraceOrder();
    m_written = 0;
    m_file.setFileName(path);
    if (!m_file.open(QIODevice::WriteOnly | QIODevice::Truncate | QIODevice::Unbuffered)) {
        if (error)
            *error = Tr::tr("%1: cannot open for writing: %2").arg(path, m_file.errorString());
        return false;
    }
    return true;
}

bool TraceWriter::write(const Snapshot& s, QString* error)
{
    if (!m_file.isOpen()) {
        if (error)
            *error = Tr::tr("%1: trace is not open").arg(m_path);
        return false;
    }
    const QString refused = m_order.check(s);
    if (!refused.isEmpty()) {
        if (error)
            *error = Tr::tr("%1: %2").arg(m_path, refused);
        return false;
    }
    QByteArray line = toJsonBytes(s, false);
    line.append('\n');
    // Unbuffered: one write(2) per line, retried by QFile until whole or failed.
    const qint64 n = m_file.write(line);
    if (n != line.size() || !m_file.flush()) {
        if (error)
            *error = Tr::tr("%1: cannot write: %2").arg(m_path, m_file.errorString());
        return false;
    }
    m_order.accept(s, m_written + 1);
    ++m_written;
    return true;
}

void TraceWriter::close()
{
    if (m_file.isOpen())
        m_file.close();
}

// ---- TraceReader ----

bool TraceReader::open(const QString& path, QString* error)
{
    m_file = std::make_unique<QFile>(path);
    if (!m_file->open(QIODevice::ReadOnly)) {
        const QString why = Tr::tr("%1: cannot open: %2").arg(path, m_file->errorString());
        m_file.reset();
        if (error)
            *error = why;
        m_error = why;
        m_done = true;
        return false;
    }
    setDevice(m_file.get(), path);
    return true;
}

void TraceReader::setDevice(QIODevice* device, const QString& name)
{
    m_device = device;
    m_name = name;
    m_error.clear();
    m_line = 0;
    m_done = device == nullptr;
    m_order = TraceOrder();
    m_lines = LineBuffer(kMaxLineBytes);
}

std::optional<Snapshot> TraceReader::failAt(const QString& why)
{
    m_error = QStringLiteral("%1:%2: %3").arg(m_name).arg(m_line).arg(why);
    m_done = true;
    return std::nullopt;
}

std::optional<Snapshot> TraceReader::next()
{
    const QString tooLong = Tr::tr("line longer than %1 MiB").arg(kMaxLineBytes / (1024 * 1024));
    while (!m_done) {
        std::optional<QByteArray> taken = m_lines.takeLine();
        bool ended = true; // with its '\n'
        if (!taken) {
            if (m_lines.overlong()) {
                ++m_line;
                return failAt(tooLong);
            }
            // A sequential device may not have it all yet; wait a moment for more.
            if (m_device->bytesAvailable() <= 0 && m_device->isSequential())
                m_device->waitForReadyRead(-1);
            if (m_device->bytesAvailable() > 0 || !m_device->atEnd()) {
                const qint64 n = m_lines.fill(m_device);
                if (n < 0) {
                    ++m_line;
                    return failAt(m_device->errorString());
                }
                if (n > 0)
                    continue;
                // Nothing came (a pipe's end): the end.
            }
            // The end: what follows the last '\n', if anything, is a line.
            QByteArray rest = m_lines.takeRest();
            if (rest.endsWith('\r'))
                rest.chop(1);
            if (rest.trimmed().isEmpty()) {
                m_done = true;
                return std::nullopt;
            }
            taken = std::move(rest);
            ended = false;
        }
        const QByteArray& line = *taken;
        ++m_line;
        if (line.size() > kMaxLineBytes)
            return failAt(tooLong);
        if (line.trimmed().isEmpty())
            continue;
        QString why;
        auto s = snapshotFromJsonBytes(line, &why);
        if (!s) {
            if (!ended)
                return failAt(Tr::tr("the last line is cut short (was the recorder stopped "
                                     "mid-write?): %1")
                                  .arg(why));
            return failAt(why);
        }
        const QString refused = m_order.check(*s);
        if (!refused.isEmpty())
            return failAt(refused);
        m_order.accept(*s, m_line);
        return s;
    }
    return std::nullopt;
}

std::optional<QList<Snapshot>> readTrace(const QString& path, QString* error)
{
    TraceReader reader;
    if (!reader.open(path, error))
        return std::nullopt;
    QList<Snapshot> all;
    while (auto s = reader.next())
        all.append(std::move(*s));
    if (reader.hasError()) {
        if (error)
            *error = reader.error();
        return std::nullopt;
    }
    return all;
}

} // namespace gw
