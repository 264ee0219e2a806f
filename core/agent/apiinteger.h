#pragma once

// Every integer the agent's API reads, parsed exactly: decimal digits only
// (no sign unless the range allows negatives, no blanks, no exponent, no
// "0x"), checked against its range without a round trip through double.
// Sequence numbers are signed 64-bit because the journal stores them as
// SQLite INTEGERs; they are written with QJsonValue(qint64), which Qt writes
// as exact digits.

#include <QByteArrayView>
#include <QString>

#include <limits>
#include <optional>

class QUrlQuery;

namespace gw {

// The largest sequence number (cursor) the API accepts or hands out.
inline constexpr qint64 kMaxSequence = std::numeric_limits<qint64>::max();

// Exactly `text` as a decimal integer in [min, max]; absent when it is
// anything else.
std::optional<qint64> parseInteger(QByteArrayView text, qint64 min, qint64 max);

// One integer query parameter.
struct IntegerParameter
{
    std::optional<qint64> value; // absent when the parameter is not given
    QString error;               // set when it is given and refused
};

// `name` from `query`, in [min, max]. Given twice, empty, malformed or out of
// range: an error naming the parameter and the range.
IntegerParameter integerParameter(const QUrlQuery& query, const QString& name, qint64 min,
                                  qint64 max);

} // namespace gw
