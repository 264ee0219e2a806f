#pragma once

// Small, strict readers for kernel and tool text. Every parse returns absent
// on anything but a clean number: no atoi, no silent zero.

#include <QByteArray>
#include <QByteArrayView>
#include <QList>
#include <QString>

#include <optional>

namespace gw {

// Reads a whole small file (sysfs, procfs) with plain POSIX calls: procfs
// files report size 0, and QFile costs more than the read itself here.
// Absent when the file cannot be opened or read; `error` then holds why.
std::optional<QByteArray> readSmallFile(const QString& path, QString* error = nullptr,
                                        qsizetype maxBytes = 1 << 20);

// The same, for `name` relative to an open directory descriptor (openat).
std::optional<QByteArray> readSmallFileAt(int dirFd, const char* name, QString* error = nullptr,
                                          qsizetype maxBytes = 1 << 20);

QByteArrayView trimmed(QByteArrayView v);

// One line of a tool's output with its 1-based number, as an admin counts
// lines; views into the text, which must outlive them.
struct NumberedLine
{
    int number;
    QByteArrayView text; // without the line end (LF or CRLF, as Windows builds write)
};
// The lines of `text` that hold more than white space, numbered as in the text.
QList<NumberedLine> nonEmptyLines(QByteArrayView text);

std::optional<quint64> parseU64(QByteArrayView v); // surrounding whitespace allowed
std::optional<qint64> parseI64(QByteArrayView v);
std::optional<double> parseDouble(QByteArrayView v); // finite values only

// Unexpected text quoted in a message: trimmed, at most `maxBytes` bytes
// (cut on a UTF-8 character boundary) with "…" when cut.
QString excerpt(QByteArrayView v, qsizetype maxBytes = 60);

// A file that holds one integer ("12345\n"), as sysfs, procfs and cgroup
// files do.
template <typename T>
struct IntFile
{
    enum class Status
    {
        Ok,
        Missing,    // the file or a folder on its way is not there
        Unreadable, // there, but could not be read (permissions, too large, I/O)
        NotANumber, // read, but not exactly one integer of type T
    };
    Status status = Status::Missing;
    std::optional<T> value; // present only when Ok
    QByteArray content;     // what the file held, whenever it could be read
    // "<path>: <why>" for Unreadable, "<path>: not a number: "<excerpt>""
    // for NotANumber; empty otherwise.
    QString error;

    // What to warn about, in a sampler's words: `unreadablePrefix` + error,
    // or error + `notANumberSuffix`. Absent when Ok or Missing.
    std::optional<QString> problem(const QString& unreadablePrefix,
                                   const QString& notANumberSuffix) const
    {
        if (status == Status::Unreadable)
            return unreadablePrefix + error;
        if (status == Status::NotANumber)
            return error + notANumberSuffix;
        return std::nullopt;
    }
};

// Missing is no error: a board without that sensor, a cgroup without that
// limit. The caller decides which of the other outcomes is worth a warning
// and may look at `content` for keywords of its own (cgroup's "max").
IntFile<qint64> readI64File(const QString& path, qsizetype maxBytes = 4096);
IntFile<quint64> readU64File(const QString& path, qsizetype maxBytes = 4096);

} // namespace gw
