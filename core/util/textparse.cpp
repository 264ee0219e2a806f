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
    // One read fills most procfs and sysfs files; read until EOF regardless,
    // since procfs reports size 0.
    QByteArray data(4096, Qt::Uninitialized);
    qsizetype used = 0;
    for (;;) {
        if (used == data.size()) {
            if (data.size() > maxBytes)
                return fail(QStringLiteral("larger than expected"));
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
    ::close(fd);
    if (used > maxBytes) {
        if (error)
            *error = what + QStringLiteral(": larger than expected");
        return std::nullopt;
    }
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

std::optional<quint64> readU64File(const QString& path, QString* error)
{
    const auto data = readSmallFile(path, error, 4096);
    if (!data)
        return std::nullopt;
    const auto v = parseU64(*data);
    if (!v && error)
        *error = path + QStringLiteral(": not a number: \"") +
                 QString::fromUtf8(
                     trimmed(*data).first(std::min<qsizetype>(40, trimmed(*data).size()))) +
                 QStringLiteral("\"");
    return v;
}

} // namespace gw
