#pragma once

// Small, strict readers for kernel and tool text. Every parse returns absent
// on anything but a clean number: no atoi, no silent zero.

#include <QByteArray>
#include <QByteArrayView>
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

std::optional<quint64> parseU64(QByteArrayView v); // surrounding whitespace allowed
std::optional<qint64> parseI64(QByteArrayView v);
std::optional<double> parseDouble(QByteArrayView v); // finite values only

// A file that holds one unsigned number ("12345\n").
std::optional<quint64> readU64File(const QString& path, QString* error = nullptr);

} // namespace gw
