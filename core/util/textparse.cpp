#include "util/textparse.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace gw {

namespace {

std::optional<QByteArray> readFd(int fd, const QString& what, QString* error, qsizetype maxBytes)
{
    auto fail = [&](const QString& why) {
        if (error)
            *error = what + QStringLiteral(": ") + why;
        ::close(fd);
        return std::nullopt;
    };
    auto tooLarge = [&] {
        return fail(QStringLiteral("larger than expected (more than %1 bytes)").arg(maxBytes));
    };
    // One read fills most procfs and sysfs files; read until EOF regardless,
    // since procfs reports size 0.
    QByteArray data(4096, Qt::Uninitialized);
    qsizetype used = 0;
    for (;;) {
        if (used == data.size()) {
            if (data.size() > maxBytes)
                return tooLarge();
            data.resize(data.size() * 2);
        }
        const ssize_t n = ::read(fd, data.data() + used, size_t(data.size() - used));
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return fail(QString::fromLocal8Bit(std::strerror(errno)));
        }
        if (n == 0)
            break;
        used += n;
    }
    if (used > maxBytes)
        return tooLarge();
    ::close(fd);
    data.truncate(used);
    return data;
}

} // namespace

std::optional<QByteArray> readSmallFile(const QString& path, QString* error, qsizetype maxBytes)
{
    const QByteArray native = path.toLocal8Bit();
    const int fd = ::open(native.constData(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        if (error)
            *error = path + QStringLiteral(": ") + QString::fromLocal8Bit(std::strerror(errno));
        return std::nullopt;
    }
    return readFd(fd, path, error, maxBytes);
}

std::optional<QByteArray> readSmallFileAt(int dirFd, const char* name, QString* error,
                                          qsizetype maxBytes)
{
    const int fd = ::openat(dirFd, name, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        if (error)
            *error = QString::fromLocal8Bit(name) + QStringLiteral(": ") +
                     QString::fromLocal8Bit(std::strerror(errno));
        return std::nullopt;
    }
    return readFd(fd, QString::fromLocal8Bit(name), error, maxBytes);
}

QByteArrayView trimmed(QByteArrayView v)
{
    auto isSpace = [](char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r';
    };
    while (!v.isEmpty() && isSpace(v.front()))
        v = v.sliced(1);
    while (!v.isEmpty() && isSpace(v.back()))
        v.chop(1);
    return v;
}

template <typename T>
static std::optional<T> parseInt(QByteArrayView v)
{
    v = trimmed(v);
    if (v.isEmpty())
        return std::nullopt;
    T out{};
    const char* begin = v.data();
    const char* end = begin + v.size();
    // from_chars takes no '+', and after one a '-' must not slip through ("+-5").
    if (*begin == '+' && ++begin != end && *begin == '-')
        return std::nullopt;
    const auto res = std::from_chars(begin, end, out);
    if (res.ec != std::errc() || res.ptr != end)
        return std::nullopt;
    return out;
}

std::optional<quint64> parseU64(QByteArrayView v)
{
    return parseInt<quint64>(v);
}

std::optional<qint64> parseI64(QByteArrayView v)
{
    return parseInt<qint64>(v);
}

std::optional<double> parseDouble(QByteArrayView v)
{
    v = trimmed(v);
    if (v.isEmpty())
        return std::nullopt;
    double out = 0;
    const char* begin = v.data();
    const char* end = begin + v.size();
    if (*begin == '+' && ++begin != end && *begin == '-')
        return std::nullopt;
    const auto res = std::from_chars(begin, end, out);
    if (res.ec != std::errc() || res.ptr != end || !std::isfinite(out))
        return std::nullopt;
    return out;
}

QString excerpt(QByteArrayView v, qsizetype maxBytes)
{
    v = trimmed(v);
    if (v.size() <= maxBytes)
        return QString::fromUtf8(v);
    qsizetype cut = maxBytes;
    // Back off continuation bytes (10xxxxxx) so no character is split into
    // a replacement mark.
    while (cut > 0 && (uchar(v.at(cut)) & 0xC0) == 0x80)
        --cut;
    return QString::fromUtf8(v.first(cut)) + QStringLiteral("…");
}

namespace {

template <typename T>
IntFile<T> readIntFile(const QString& path, qsizetype maxBytes)
{
    using Status = typename IntFile<T>::Status;
    IntFile<T> out;
    if (path.isEmpty())
        return out;
    // Opening is the existence test: a stat() first would cost a second
    // system call on every sample for the common case.
    const int fd = ::open(path.toLocal8Bit().constData(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        if (errno == ENOENT || errno == ENOTDIR)
            return out;
        out.status = Status::Unreadable;
        out.error = path + QStringLiteral(": ") + QString::fromLocal8Bit(std::strerror(errno));
        return out;
    }
    auto data = readFd(fd, path, &out.error, maxBytes);
    if (!data) {
        out.status = Status::Unreadable;
        return out;
    }
    out.content = std::move(*data);
    out.value = parseInt<T>(out.content);
    if (out.value) {
        out.status = Status::Ok;
    } else {
        out.status = Status::NotANumber;
        out.error = path + QStringLiteral(": not a number: \"") + excerpt(out.content) +
                    QStringLiteral("\"");
    }
    return out;
}

} // namespace

IntFile<qint64> readI64File(const QString& path, qsizetype maxBytes)
{
    return readIntFile<qint64>(path, maxBytes);
}

IntFile<quint64> readU64File(const QString& path, qsizetype maxBytes)
{
    return readIntFile<quint64>(path, maxBytes);
}

QList<NumberedLine> nonEmptyLines(QByteArrayView text)
{
    QList<NumberedLine> out;
    int number = 0;
    while (!text.isEmpty()) {
        ++number;
        const qsizetype eol = text.indexOf('\n');
        QByteArrayView line = eol < 0 ? text : text.first(eol);
        text = eol < 0 ? QByteArrayView() : text.sliced(eol + 1);
        if (line.endsWith('\r'))
            line.chop(1);
        if (!trimmed(line).isEmpty())
            out.append(NumberedLine{number, line});
    }
    return out;
}

} // namespace gw
