#include "sampling/kernellog.h"

#include "util/printable.h"
#include "util/textparse.h"

#include <QByteArray>
#include <QFile>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include <algorithm>
#include <limits>
#include <utility>

namespace gw::kernellog {

namespace {

// The kernel's records are at most a few KiB (PRINTK_MESSAGE_MAX is 2 KiB
// today); a longer one is not a record.
constexpr qsizetype kMaxRecordBytes = 16 * 1024;
// The highest XID code in NVIDIA's catalogue is in the 100s; the driver
// prints it as a decimal int.
constexpr int kMaxXidCode = 999;
// Linux's PID_MAX_LIMIT.
constexpr qint64 kMaxPid = 4'194'304;
// The lost-GPU notice's lines follow one another; a "fallen off the bus"
// further away than this is not joined to an earlier "The NVIDIA GPU".
constexpr quint64 kNoticeSpan = 8;

const QLatin1String kXidPrefix("NVRM: Xid");
const QLatin1String kNoticePrefix("NVRM: The NVIDIA GPU ");
const QLatin1String kFallenOff("fallen off the bus");
const QLatin1String kDriverLoad("NVRM: loading NVIDIA UNIX ");

bool isHex(QChar c)
{
    return (c >= u'0' && c <= u'9') || (c >= u'a' && c <= u'f') || (c >= u'A' && c <= u'F');
}

bool allHex(QStringView s)
{
    for (const QChar c : s)
        if (!isHex(c))
            return false;
    return !s.isEmpty();
}

// The digits at the start of `s`, as many as there are.
QStringView leadingDigits(QStringView s)
{
    qsizetype n = 0;
    while (n < s.size() && s[n] >= u'0' && s[n] <= u'9')
        ++n;
    return s.first(n);
}

// "key=value," at the start of `rest`: the value, and in `after` what
// follows the comma.
std::optional<QStringView> field(QStringView rest, QStringView key, QStringView* after)
{
    if (!rest.startsWith(key))
        return std::nullopt;
    const QStringView v = rest.sliced(key.size());
    const qsizetype comma = v.indexOf(u',');
    if (comma < 0)
        return std::nullopt;
    *after = v.sliced(comma + 1).trimmed();
    return v.first(comma);
}

bool isUnknown(QStringView value)
{
    return value == u"'<unknown>'" || value == u"<unknown>";
}

// A pid as Linux hands them out, 1 to PID_MAX_LIMIT.
std::optional<qint64> pidOf(QStringView value)
{
    if (leadingDigits(value).size() != value.size())
        return std::nullopt;
    const auto n = parseU64(value.toLatin1());
    if (!n || *n == 0 || *n > quint64(kMaxPid))
        return std::nullopt;
    return qint64(*n);
}

// A dmesg stamp ("[ 1843.308145] ") and leading spaces off a message.
QStringView withoutStamp(QStringView m)
{
    m = m.trimmed();
    if (m.startsWith(u'[')) {
        const qsizetype close = m.indexOf(u']');
        if (close > 0)
            m = m.sliced(close + 1).trimmed();
    }
    return m;
}

} // namespace

QString normalisePciBusId(QStringView text)
{
    QStringView s = text.trimmed();
    if (s.startsWith(u"PCI:"))
        s = s.sliced(4);
    // domain:bus:device[.function]
    const qsizetype c1 = s.indexOf(u':');
    const qsizetype c2 = c1 < 0 ? -1 : s.indexOf(u':', c1 + 1);
    if (c1 < 0 || c2 < 0)
        return {};
    const QStringView domain = s.first(c1);
    const QStringView bus = s.sliced(c1 + 1, c2 - c1 - 1);
    QStringView device = s.sliced(c2 + 1);
    QStringView function = u"0";
    if (const qsizetype dot = device.indexOf(u'.'); dot >= 0) {
        function = device.sliced(dot + 1);
        device = device.first(dot);
    }
    if ((domain.size() != 4 && domain.size() != 8) || bus.size() != 2 || device.size() != 2 ||
        function.size() != 1 || !allHex(domain) || !allHex(bus) || !allHex(device) ||
        !allHex(function) || function[0] > u'7')
        return {};
    QString out;
    out.reserve(16);
    if (domain.size() == 4)
        out += QLatin1String("0000");
    out += domain.toString().toUpper();
    out += u':';
    out += bus.toString().toUpper();
    out += u':';
    out += device.toString().toUpper();
    out += u'.';
    out += function.toString();
    return out;
}

std::optional<KmsgRecord> parseKmsgRecord(QByteArrayView record, QString* why)
{
    if (record.size() > kMaxRecordBytes) {
        *why = QStringLiteral("a record of %1 bytes, more than the %2 the kernel writes")
                   .arg(record.size())
                   .arg(kMaxRecordBytes);
        return std::nullopt;
    }
    // The record's own line; continuation lines (" KEY=VALUE") follow it.
    if (const qsizetype nl = record.indexOf('\n'); nl >= 0)
        record = record.first(nl);
    const qsizetype semicolon = record.indexOf(';');
    if (semicolon < 0) {
        *why = QStringLiteral("no ';' ends the record's header");
        return std::nullopt;
    }
    const QList<QByteArray> fields = record.first(semicolon).toByteArray().split(',');
    if (fields.size() < 4) {
        *why = QStringLiteral("the header has %1 fields, not the 4 of prefix,sequence,time,flag")
                   .arg(fields.size());
        return std::nullopt;
    }
    // Digits only: parseU64 alone would take " 4" and "+4".
    auto digits = [](const QByteArray& f) -> std::optional<quint64> {
        if (f.isEmpty() ||
            !std::all_of(f.begin(), f.end(), [](char c) { return c >= '0' && c <= '9'; }))
            return std::nullopt;
        return parseU64(f);
    };
    const auto prefix = digits(fields[0]);
    const auto sequence = digits(fields[1]);
    const auto usecDigits = digits(fields[2]);
    const qint64 usec = usecDigits && *usecDigits <= quint64(std::numeric_limits<qint64>::max())
                            ? qint64(*usecDigits)
                            : -1;
    if (!prefix || *prefix > 2047) {
        *why = QStringLiteral("the syslog prefix is not a number up to 2047");
        return std::nullopt;
    }
    if (!sequence) {
        *why = QStringLiteral("the sequence number is not a number");
        return std::nullopt;
    }
    if (usec < 0) {
        *why = QStringLiteral("the time is not a number of microseconds");
        return std::nullopt;
    }
    const QByteArray& flag = fields[3];
    if (flag != "-" && flag != "c" && flag != "+") {
        *why = QStringLiteral("the flag is not '-', 'c' or '+'");
        return std::nullopt;
    }
    KmsgRecord r;
    r.facility = int(*prefix >> 3);
    r.level = int(*prefix & 7);
    r.sequence = *sequence;
    r.monotonicUs = usec;
    r.fragment = flag != "-";
    QByteArrayView text = record.sliced(semicolon + 1);
    if (text.endsWith('\r'))
        text.chop(1);
    r.message = printableText(QString::fromUtf8(text));
    return r;
}

std::optional<XidLine> parseXidMessage(QStringView message, QString* why)
{
    why->clear();
    QStringView m = withoutStamp(message);
    if (!m.startsWith(kXidPrefix))
        return std::nullopt;
    QStringView rest = m.sliced(kXidPrefix.size()).trimmed();
    if (!rest.startsWith(u'(')) {
        *why = QStringLiteral("no '(' with the GPU's PCI address after \"Xid\"");
        return std::nullopt;
    }
    const qsizetype close = rest.indexOf(u')');
    if (close < 0) {
        *why = QStringLiteral("the GPU's PCI address is not closed with ')'");
        return std::nullopt;
    }
    XidLine x;
    x.pciBusId = normalisePciBusId(rest.sliced(1, close - 1));
    if (x.pciBusId.isEmpty()) {
        *why = QStringLiteral("\"%1\" is not a PCI address")
                   .arg(printableText(rest.sliced(1, close - 1).toString()));
        return std::nullopt;
    }
    rest = rest.sliced(close + 1);
    if (!rest.startsWith(u':')) {
        *why = QStringLiteral("no ':' after the PCI address");
        return std::nullopt;
    }
    rest = rest.sliced(1).trimmed();
    const QStringView digits = leadingDigits(rest);
    const auto code = digits.size() <= 4 ? parseU64(digits.toLatin1()) : std::nullopt;
    if (!code || *code < 1 || *code > quint64(kMaxXidCode)) {
        *why = digits.isEmpty() ? QStringLiteral("no XID number after the PCI address")
                                : QStringLiteral("XID %1 is not a number from 1 to %2")
                                      .arg(digits.toString())
                                      .arg(kMaxXidCode);
        return std::nullopt;
    }
    x.code = int(*code);
    rest = rest.sliced(digits.size());
    if (!rest.isEmpty() && !rest.startsWith(u',')) {
        *why = QStringLiteral("the XID number is not followed by ','");
        return std::nullopt;
    }
    if (!rest.isEmpty())
        rest = rest.sliced(1).trimmed();
    // pid= and name= in that order, each only when well formed; one that
    // is not stays part of the text.
    QStringView after;
    if (const auto v = field(rest, u"pid=", &after); v && (isUnknown(*v) || pidOf(*v))) {
        x.pid = pidOf(*v);
        rest = after;
    }
    if (const auto v = field(rest, u"name=", &after); v && !v->isEmpty() && !v->contains(u' ')) {
        x.processName = isUnknown(*v) ? QString() : printableText(v->toString());
        rest = after;
    }
    x.text = printableText(rest.toString());
    return x;
}

void Scanner::feed(const KmsgRecord& record)
{
    QString why;
    if (std::optional<XidLine> x = parseXidMessage(record.message, &why)) {
        if (record.facility != 0) {
            m_warnings << QStringLiteral("kernel log record %1: an XID line written by user "
                                         "space (syslog facility %2), not by the driver: not "
                                         "taken: %3")
                              .arg(record.sequence)
                              .arg(record.facility)
                              .arg(record.message);
            return;
        }
        // A lost GPU's notice read just before stands for this line: the
        // line, with its pid and text, replaces it.
        if (x->code == 79 && !m_found.isEmpty() && m_found.last().xid.withoutXidLine &&
            m_found.last().xid.pciBusId == x->pciBusId &&
            record.sequence - m_found.last().sequence <= kNoticeSpan) {
            m_found.last() = Found{*x, record.sequence, record.monotonicUs};
        } else {
            m_found.append(Found{*x, record.sequence, record.monotonicUs});
        }
        m_lostNoticeBus.clear();
        return;
    }
    if (!why.isEmpty()) {
        m_warnings << QStringLiteral("kernel log record %1: an XID line GPU Warden cannot read "
                                     "(%2): %3")
                          .arg(record.sequence)
                          .arg(why, record.message);
        return;
    }
    // What follows reads the driver's own lines: user space's are not his.
    if (record.facility != 0)
        return;
    const QStringView m = withoutStamp(record.message);
    if (m.startsWith(kDriverLoad)) {
        DriverLoad load{record.sequence, record.monotonicUs, {}};
        // The version is the first word of digits and dots with a dot.
        for (const QStringView word : m.sliced(kDriverLoad.size()).split(u' ')) {
            if (word.contains(u'.') && std::all_of(word.begin(), word.end(), [](QChar c) {
                    return c == u'.' || (c >= u'0' && c <= u'9');
                })) {
                load.version = word.toString();
                break;
            }
        }
        m_loads.append(load);
        return;
    }
    if (m.startsWith(kNoticePrefix)) {
        const QStringView after = m.sliced(kNoticePrefix.size()).trimmed();
        const qsizetype end = after.indexOf(u' ');
        const QString bus = normalisePciBusId(end < 0 ? after : after.first(end));
        if (!bus.isEmpty()) {
            m_lostNoticeBus = bus;
            m_lostNoticeSequence = record.sequence;
        }
    }
    if (!m_lostNoticeBus.isEmpty() && m.contains(kFallenOff)) {
        if (record.sequence - m_lostNoticeSequence <= kNoticeSpan) {
            XidLine x;
            x.code = 79;
            x.pciBusId = m_lostNoticeBus;
            x.text =
                QStringLiteral("GPU has fallen off the bus (the driver's notice, no XID line)");
            x.withoutXidLine = true;
            m_found.append(Found{x, record.sequence, record.monotonicUs});
        }
        m_lostNoticeBus.clear();
    }
}

void Scanner::feedText(QByteArrayView text)
{
    qsizetype at = 0;
    while (at < text.size()) {
        qsizetype nl = text.indexOf('\n', at);
        if (nl < 0)
            nl = text.size();
        const QByteArrayView line = text.sliced(at, nl - at);
        at = nl + 1;
        ++m_line;
        // Continuation lines (" DEVICE=+pci:…") and blank lines carry no message.
        if (line.isEmpty() || line.startsWith(' ') || line == "\r")
            continue;
        QString why;
        if (const std::optional<KmsgRecord> r = parseKmsgRecord(line, &why))
            feed(*r);
        else
            m_warnings << QStringLiteral("kernel log line %1: not a kernel log record (%2): %3")
                              .arg(m_line)
                              .arg(why, printableText(QString::fromUtf8(
                                            line.first(std::min<qsizetype>(line.size(), 200)))));
    }
}

QList<Scanner::Found> Scanner::takeFound()
{
    return std::exchange(m_found, {});
}

QList<Scanner::DriverLoad> Scanner::takeDriverLoads()
{
    return std::exchange(m_loads, {});
}

QStringList Scanner::takeWarnings()
{
    return std::exchange(m_warnings, {});
}

Reader::Reader(QString path)
    : m_path(std::move(path))
{}

Reader::~Reader()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

bool Reader::open(QStringList* warnings)
{
    m_triedOpen = true;
    const QByteArray name = QFile::encodeName(m_path);
    m_fd = ::open(name.constData(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (m_fd < 0) {
        const int e = errno;
        QString hint;
        if (e == EPERM || e == EACCES)
            hint = QStringLiteral(" (with kernel.dmesg_restrict = 1 reading it needs "
                                  "CAP_SYSLOG)");
        *warnings << QStringLiteral("cannot read the kernel log %1: %2%3; XIDs are known only "
                                    "from NVML's events while the agent runs")
                         .arg(m_path, QString::fromLocal8Bit(std::strerror(e)), hint);
        return false;
    }
    struct stat st
    {};
    if (::fstat(m_fd, &st) == 0)
        m_device = S_ISCHR(st.st_mode);
    return true;
}

QList<Scanner::Found> Reader::poll(QStringList* warnings)
{
    if (m_fd < 0 && (m_triedOpen || !open(warnings)))
        return {};
    // A record is at most a few KiB; a read() into less than the whole
    // record fails with EINVAL, so the buffer holds the longest there is.
    if (m_buffer.size() != kMaxRecordBytes + 1)
        m_buffer = QByteArray(kMaxRecordBytes + 1, Qt::Uninitialized);
    char* const buffer = m_buffer.data();
    int records = 0;
    while (records < kMaxRecordsPerPoll) {
        const ssize_t n = ::read(m_fd, buffer, size_t(m_buffer.size()));
        if (n < 0) {
            if (errno == EINTR)
                continue;
            if (errno == EPIPE) // records overwritten: the next read says how many
                continue;
            if (errno != EAGAIN)
                *warnings << QStringLiteral("cannot read the kernel log %1: %2")
                                 .arg(m_path, QString::fromLocal8Bit(std::strerror(errno)));
            break;
        }
        if (n == 0)
            break; // a regular file's end
        if (!m_device) {
            m_partial.append(buffer, n);
            const qsizetype lastNl = m_partial.lastIndexOf('\n');
            if (lastNl < 0)
                continue;
            m_scanner.feedText(QByteArrayView(m_partial).first(lastNl + 1));
            m_partial.remove(0, lastNl + 1);
            ++records;
            continue;
        }
        ++records;
        QString why;
        const std::optional<KmsgRecord> r = parseKmsgRecord(QByteArrayView(buffer, n), &why);
        if (!r) {
            *warnings << QStringLiteral("kernel log %1: not a record (%2)").arg(m_path, why);
            continue;
        }
        if (m_lastSequence && r->sequence > *m_lastSequence + 1)
            *warnings << QStringLiteral("kernel log records %1 to %2 were overwritten before "
                                        "they were read; XIDs among them are not seen")
                             .arg(*m_lastSequence + 1)
                             .arg(r->sequence - 1);
        m_lastSequence = r->sequence;
        m_scanner.feed(*r);
    }
    m_more = records >= kMaxRecordsPerPoll;
    *warnings << m_scanner.takeWarnings();
    return m_scanner.takeFound();
}

} // namespace gw::kernellog
