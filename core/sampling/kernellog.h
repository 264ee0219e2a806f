#pragma once

// The kernel log as the NVIDIA driver writes GPU faults into it: XID lines
// ("NVRM: Xid (PCI:0000:01:00): 79, pid=…, GPU has fallen off the bus."),
// read from /dev/kmsg records. The kernel keeps what happened while the
// agent was down there, which NVML's event API (live only) cannot tell.
//
// Pure parsing, no I/O. Formats (docs/health.md):
//  * a /dev/kmsg record (kernel Documentation/ABI/testing/dev-kmsg):
//    "<prefix>,<sequence>,<usec>,<flag>[,<more>…];<message>", then optional
//    continuation lines " KEY=VALUE"; non-printable bytes come escaped as
//    "\xNN". The prefix is the syslog facility * 8 + level.
//  * an XID message, as drivers from 2012 to today print it:
//    "NVRM: Xid (" ["PCI:"] DDDD:BB:DD[.F] "): " N ","
//    [" pid=" (digits | "'<unknown>'") ","] [" name=" (word | "<unknown>") ","]
//    " " text.
//  * drivers that lose a GPU print "NVRM: The NVIDIA GPU 0000:b3:00.0" and,
//    records later, "NVRM: fallen off the bus and is not responding to
//    commands." with no XID line: read as an XID 79 of that GPU.
// Anything that starts like an XID line but does not parse is said (a
// warning with the line, made printable), never guessed at.

#include <QByteArrayView>
#include <QList>
#include <QString>
#include <QStringList>
#include <QStringView>

#include <optional>

namespace gw::kernellog {

struct KmsgRecord
{
    int facility = 0;       // 0: the kernel's own
    int level = 0;          // syslog level, 0 (emerg) to 7 (debug)
    quint64 sequence = 0;   // the kernel's record number, rising
    qint64 monotonicUs = 0; // CLOCK_MONOTONIC when it was written, µs
    bool fragment = false;  // flag 'c': part of a line printed in pieces
    QString message;        // as the kernel escaped it, made printable
};

// One record (a read() of /dev/kmsg, or a line of a file of them; a
// trailing newline and the continuation lines are allowed). std::nullopt
// and `why` when it is not a record.
std::optional<KmsgRecord> parseKmsgRecord(QByteArrayView record, QString* why);

struct XidLine
{
    int code = 0;                // 1 to 999
    QString pciBusId;            // as GpuSample::pciBusId: "00000000:01:00.0"
    std::optional<qint64> pid;   // absent when not given or '<unknown>'
    QString processName;         // empty when not given or <unknown>
    QString text;                // what the driver said after the code, printable
    bool withoutXidLine = false; // a lost GPU's notice, read as XID 79
};

// One message (a kmsg record's text, or a dmesg line with or without its
// "[ 123.456]" stamp). std::nullopt with `why` empty: not an XID line;
// with `why`: it starts as one ("NVRM: Xid") but does not parse.
std::optional<XidLine> parseXidMessage(QStringView message, QString* why);

// "0000:01:00", "PCI:0000:cb:00.0", "00000000:CB:00.0" → "00000000:CB:00.0";
// empty when it is not a PCI address.
QString normalisePciBusId(QStringView text);

// The XIDs in a stream of records, in order, with the lost-GPU notice that
// spans records joined up; what could not be read goes to warnings(). Only
// the kernel's own records (facility 0) count: a line that user space wrote
// into the log (root can, through /dev/kmsg) is not the driver's and is
// said, never taken.
class Scanner
{
public:
    struct Found
    {
        XidLine xid;
        quint64 sequence = 0;
        qint64 monotonicUs = 0;
    };

    // The driver loading ("NVRM: loading NVIDIA UNIX … Kernel Module
    // 580.159.04 …"): GPUs start afresh there, so an XID logged before
    // the last load no longer holds a GPU out.
    struct DriverLoad
    {
        quint64 sequence = 0;
        qint64 monotonicUs = 0;
        QString version; // "580.159.04"; empty where the line names none
    };

    void feed(const KmsgRecord& record);
    // A whole text of records one to a line (continuation lines, starting
    // with a space, skipped), as a file or a test fixture holds them.
    void feedText(QByteArrayView text);

    QList<Found> takeFound();
    QList<DriverLoad> takeDriverLoads();
    QStringList takeWarnings();

private:
    QList<Found> m_found;
    QList<DriverLoad> m_loads;
    QStringList m_warnings;
    // "NVRM: The NVIDIA GPU <bus>" seen, waiting for its "fallen off the bus".
    QString m_lostNoticeBus;
    quint64 m_lostNoticeSequence = 0;
    int m_line = 0;
};

// The kernel log read without blocking, a poll at a time: /dev/kmsg (each
// read() one record; the first open reads the whole ring buffer, so what
// happened before the agent started is there), or a regular file of
// records (tests, a saved log), read as it grows. Not thread-safe; one
// per sampler.
class Reader
{
public:
    explicit Reader(QString path = QStringLiteral("/dev/kmsg"));
    ~Reader();
    Reader(const Reader&) = delete;
    Reader& operator=(const Reader&) = delete;

    // The XIDs among the records written since the last poll (the first:
    // all the kernel still holds), at most kMaxRecordsPerPoll records;
    // warnings (a log that cannot be opened is said once, records the
    // kernel overwrote before they were read are counted) are appended.
    QList<Scanner::Found> poll(QStringList* warnings);
    // The driver loads among the records polled so far, taken once.
    QList<Scanner::DriverLoad> takeDriverLoads() { return m_scanner.takeDriverLoads(); }
    // Open and readable (false after a failed open: the reason was warned).
    bool readable() const { return m_fd >= 0; }
    // The last poll stopped at kMaxRecordsPerPoll: more records wait.
    bool more() const { return m_more; }
    // The sequence number of the newest /dev/kmsg record read.
    std::optional<quint64> lastSequence() const { return m_lastSequence; }
    const QString& path() const { return m_path; }

    static constexpr int kMaxRecordsPerPoll = 4096;

private:
    bool open(QStringList* warnings);

    QString m_path;
    int m_fd = -1;
    bool m_triedOpen = false;
    bool m_device = false;
    bool m_more = false;
    QByteArray m_partial;                  // a regular file's unfinished last line
    QByteArray m_buffer;                   // one record, kept between polls
    std::optional<quint64> m_lastSequence; // the device's last record read
    Scanner m_scanner;
};

} // namespace gw::kernellog
