#include "textparse.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace gw {

std::optional<QByteArray> readSmallFile(const QString& path, QString* error, qsizetype maxBytes)
{
    const QByteArray native = path.toLocal8Bit();
    const int fd = ::open(native.constData(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        if (error)
            *error = path + QStringLiteral(": ") + QString::fromLocal8Bit(std::strerror(errno));
        return std::nullopt;
    }
    QByteArray data;
    char buf[4096];
    for (;;) {
        const ssize_t n = ::read(fd, buf, sizeof buf);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            if (error)
                *error = path + QStringLiteral(": ") + QString::fromLocal8Bit(std::strerror(errno));
            ::close(fd);
            return std::nullopt;
        }
        if (n == 0)
            break;
        data.append(buf, n);
        if (data.size() > maxBytes) {
            if (error)
                *error = path + QStringLiteral(": larger than expected");
            ::close(fd);
            return std::nullopt;
        }
    }
    ::close(fd);
    return data;
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
