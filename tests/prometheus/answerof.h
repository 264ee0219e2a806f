#pragma once

// Waits for an AsyncProducer's answer in a test: the calls return at once
// and answer from the event loop, which also runs the fake servers.

#include "sources/source.h"

#include <QTest>

#include <memory>
#include <optional>
#include <source_location>

namespace gw::test {

inline constexpr int kAnswerTimeoutMs = 10'000;

// `start(callback)` makes one call; its answer, or a test failure (at the
// caller's line) after kAnswerTimeoutMs. The answer lands in shared
// storage, so one that comes after a timeout writes nowhere it should not.
template <typename T, typename Start>
T answerOf(Start start, std::source_location where)
{
    const auto got = std::make_shared<std::optional<T>>();
    start([got](const T& value) { *got = value; });
    if (!QTest::qWaitFor([&] { return got->has_value(); }, kAnswerTimeoutMs))
        QTest::qFail("the producer did not answer", where.file_name(), int(where.line()));
    return got->value_or(T());
}

inline QList<Snapshot> produced(AsyncProducer& p,
                                std::source_location where = std::source_location::current())
{
    return answerOf<QList<Snapshot>>([&](auto done) { p.produce(done); }, where);
}

inline QList<Snapshot> backfilled(AsyncProducer& p, qint64 fromMs, qint64 toMs,
                                  std::source_location where = std::source_location::current())
{
    return answerOf<QList<Snapshot>>([&](auto done) { p.backfill(fromMs, toMs, done); }, where);
}

inline QString initialised(AsyncProducer& p,
                           std::source_location where = std::source_location::current())
{
    return answerOf<QString>([&](auto done) { p.init(done); }, where);
}

} // namespace gw::test
