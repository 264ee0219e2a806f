#include "sources/recorder.h"

#include "model/trace.h"
#include "util/duration.h"
#include "util/quitsignals.h"

#include <QCoreApplication>

#include <QEventLoop>
#include <QTimer>

#include <memory>

namespace gw {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(gw::Recorder)
};

} // namespace

std::optional<RecordOptions> recordOptions(const QString& duration, const QString& output,
                                           const QString& intervalMs, QString* error)
{
    RecordOptions o;
    if (duration.isEmpty()) {
        *error = Tr::tr("record: --duration is required (such as 30s, 10m or 2h)");
        return std::nullopt;
    }
    QString why;
    const auto span = parseDuration(duration, &why);
    if (!span) {
        *error = Tr::tr("--duration: %1").arg(why);
        return std::nullopt;
    }
    if (span->count() <= 0) {
        *error = Tr::tr("--duration: must be more than zero, got \"%1\"").arg(duration);
        return std::nullopt;
    }
    o.duration = *span;
    if (output.isEmpty()) {
        *error = Tr::tr("record: --output FILE is required");
        return std::nullopt;
    }
    o.path = output;
    if (!intervalMs.isEmpty()) {
        bool ok = false;
        const int ms = intervalMs.toInt(&ok);
        if (!ok || ms < 10 || ms > 3'600'000) {
            *error = Tr::tr("--interval-ms: expected 10..3600000, got \"%1\"").arg(intervalMs);
            return std::nullopt;
        }
        o.interval = std::chrono::milliseconds(ms);
    }
    return o;
}

RecordResult recordTrace(const RecordOptions& options, const ReadRound& read,
                         const std::function<void(const QString&)>& warn)
{
    RecordResult result;
    TraceWriter writer;
    if (!writer.open(options.path, &result.error))
        return result;

    QEventLoop loop;
    bool busy = false; // a read that waits on the network may let a tick through
    auto round = [&] {
        if (busy)
            return;
        busy = true;
        QString why;
        const QList<Snapshot> readings = read(&why);
        busy = false;
        if (!why.isEmpty()) {
            ++result.failedReads;
            if (warn)
                warn(why);
        }
        for (const Snapshot& s : readings) {
            // The same reading polled twice is not an error of the trace.
            if (const auto newest = writer.newest(s.server); newest && s.timestampMs <= *newest) {
                ++result.repeated;
                continue;
            }
            if (!writer.write(s, &result.error)) {
                loop.exit(1);
                return;
            }
        }
    };

    QTimer tick;
    tick.setTimerType(Qt::PreciseTimer);
    tick.setInterval(options.interval);
    QObject::connect(&tick, &QTimer::timeout, &loop, round);
    QTimer end;
    end.setSingleShot(true);
    end.setTimerType(Qt::PreciseTimer);
    QObject::connect(&end, &QTimer::timeout, &loop, [&] { loop.exit(0); });

    std::unique_ptr<QuitOnSignals> quit;
    if (options.stopOnSignals) {
        quit = std::make_unique<QuitOnSignals>();
        QObject::connect(quit.get(), &QuitOnSignals::received, &loop, [&](int) {
            result.interrupted = true;
            loop.exit(0);
        });
    }

    end.start(options.duration);
    tick.start();
    round(); // the first reading at once
    if (result.error.isEmpty())
        loop.exec();
    tick.stop();
    end.stop();
    result.written = writer.written();
    result.servers = writer.serverCount();
    writer.close();
    return result;
}

} // namespace gw
