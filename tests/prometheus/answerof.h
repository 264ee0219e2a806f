#pragma once

// Waits for an AsyncProducer's answer in a test: the calls return at once
// and answer from the event loop, which also runs the fake servers.

#include "sources/source.h"

#include <QEventLoop>
#include <QPointer>
#include <QTest>
#include <QTimer>

#include <memory>
#include <optional>
#include <source_location>

namespace gw::test {

inline constexpr int kAnswerTimeoutMs = 10'000;

// `start(callback)` makes one call; its answer, or a test failure (at the
// caller's line) after kAnswerTimeoutMs. The wait is a local event loop
// that the answer ends at once (this is a test, not core/sources). The
// answer lands in shared storage and reaches the loop through a QPointer,
// so one that comes after a timeout touches nothing that is gone.
template <typename T, typename Start>
T answerOf(Start start, std::source_location where)
{
    const auto got = std::make_shared<std::optional<T>>();
    QEventLoop loop;
    const QPointer<QEventLoop> waiting = &loop;
    start([got, waiting](const T& value) {
        *got = value;
        if (waiting)
            waiting->quit();
    });
    if (!got->has_value()) {
        QTimer::singleShot(kAnswerTimeoutMs, &loop, &QEventLoop::quit);
        loop.exec();
    }
    if (!got->has_value())
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
