#pragma once

// Hand-made policy events for the Events page's tests, screenshots and
// bench: what a day on a small shared fleet looks like (hogs, idle jobs with
// warnings and a terminate, users over their quota), and a large synthetic
// set.

#include "policy/policyevent.h"

#include <QList>
#include <QString>

namespace gw::test {

inline constexpr qint64 kMin = 60'000;
inline constexpr qint64 kHour = 60 * kMin;

inline QString gpuUuid(const QString& server, int index)
{
    return QStringLiteral("GPU-%1-%2").arg(server).arg(index);
}

inline PolicyEvent hogEvent(const QString& server, int gpu, qint64 pid, const QString& user,
                            const QString& command, qint64 startMs, std::optional<qint64> endMs,
                            double peak, double mean)
{
    PolicyEvent e;
    e.kind = PolicyEventKind::Hog;
    e.server = server;
    e.gpuIndex = gpu;
    e.gpuUuid = gpuUuid(server, gpu);
    e.pid = pid;
    e.processStartMs = startMs - 5 * kMin;
    e.user = user;
    e.command = command;
    e.startMs = startMs;
    e.detectedMs = startMs + 30 * kMin;
    e.endMs = endMs;
    e.peakPercent = peak;
    e.meanPercent = mean;
    e.id = QStringLiteral("hog/%1/%2/%3").arg(server).arg(pid).arg(startMs);
    return e;
}

inline PolicyEvent idleEvent(const QString& server, int gpu, qint64 pid, const QString& user,
                             const QString& command, qint64 startMs, std::optional<qint64> endMs,
                             double memoryMiB)
{
    PolicyEvent e = hogEvent(server, gpu, pid, user, command, startMs, endMs, 3, 1);
    e.kind = PolicyEventKind::Idle;
    e.memoryMiB = memoryMiB;
    e.detectedMs = startMs + 60 * kMin;
    e.id = QStringLiteral("idle/%1/%2/%3").arg(server).arg(pid).arg(startMs);
    return e;
}

inline PolicyEvent fairShareEvent(const QString& server, const QString& user, qint64 startMs,
                                  std::optional<qint64> endMs, double share, double quota)
{
    PolicyEvent e;
    e.kind = PolicyEventKind::FairShare;
    e.server = server;
    e.user = user;
    e.startMs = startMs;
    e.detectedMs = startMs + 60 * kMin;
    e.endMs = endMs;
    e.peakPercent = share + 6;
    e.meanPercent = share;
    e.quotaPercent = quota;
    e.excessPercent = share + 6 - quota;
    e.id = QStringLiteral("fair_share/%1/%2/%3").arg(server, user).arg(startMs);
    return e;
}

// Sets durationMs from the span (up to nowMs for an open event).
inline PolicyEvent lasted(PolicyEvent e, qint64 nowMs)
{
    e.durationMs = double(e.endMs.value_or(nowMs) - e.startMs);
    return e;
}

// A fleet's last day: four servers, hogs, idle jobs warned and terminated,
// two users over quota; some still open at nowMs.
inline QList<PolicyEvent> realisticEvents(qint64 now)
{
    const QString s1 = QStringLiteral("gpu-lab-01");
    const QString s2 = QStringLiteral("gpu-lab-02");
    const QString s3 = QStringLiteral("gpu-node-3");
    const QString s4 = QStringLiteral("dgx-a100");
    QList<PolicyEvent> out;
    out << hogEvent(s1, 0, 41234, QStringLiteral("alice"), QStringLiteral("python"),
                    now - 5 * kHour, now - 3 * kHour - 10 * kMin, 99, 94);
    out << hogEvent(s1, 0, 41890, QStringLiteral("alice"), QStringLiteral("python"),
                    now - 2 * kHour, std::nullopt, 100, 96);
    out << hogEvent(s1, 2, 5120, QStringLiteral("bob"), QStringLiteral("train.py"),
                    now - 4 * kHour - 20 * kMin, now - 4 * kHour + 25 * kMin, 97, 91);
    out << hogEvent(s2, 1, 7781, QStringLiteral("chen"), QStringLiteral("torchrun"),
                    now - 90 * kMin, std::nullopt, 98, 95);
    out << hogEvent(s3, 3, 99120, QStringLiteral("dana"), QStringLiteral("jax_main"),
                    now - 23 * kHour, now - 19 * kHour, 100, 97);
    out << hogEvent(s4, 5, 3321, QStringLiteral("erik"), QStringLiteral("deepspeed"),
                    now - 7 * kHour, now - 6 * kHour, 96, 92);

    PolicyEvent idle1 =
        idleEvent(s1, 1, 22001, QStringLiteral("bob"), QStringLiteral("jupyter-kernel"),
                  now - 5 * kHour - 30 * kMin, now - 3 * kHour, 10240);
    idle1.actions << PolicyAction{PolicyAction::Kind::Warning, now - 4 * kHour - 30 * kMin, false,
                                  QStringLiteral("terminate in 30m")};
    idle1.actions << PolicyAction{PolicyAction::Kind::Warning, now - 4 * kHour - 10 * kMin, false,
                                  QStringLiteral("terminate in 10m")};
    idle1.actions << PolicyAction{PolicyAction::Kind::Terminate, now - 4 * kHour, false,
                                  QStringLiteral("SIGTERM sent")};
    idle1.endReason = QStringLiteral("process exited");
    idle1.endMs = now - 4 * kHour + 2 * kMin;
    out << idle1;
    PolicyEvent idle2 = idleEvent(s2, 3, 18002, QStringLiteral("frank"), QStringLiteral("python"),
                                  now - 3 * kHour, std::nullopt, 30512);
    idle2.actions << PolicyAction{PolicyAction::Kind::Warning, now - 2 * kHour, false,
                                  QStringLiteral("terminate in 1h")};
    idle2.actions << PolicyAction{PolicyAction::Kind::Warning, now - 30 * kMin, false,
                                  QStringLiteral("terminate in 30m")};
    out << idle2;
    PolicyEvent idle3 = idleEvent(s3, 0, 6001, QStringLiteral("gita"), QStringLiteral("ipykernel"),
                                  now - 14 * kHour, now - 11 * kHour, 8000);
    idle3.actions << PolicyAction{PolicyAction::Kind::Terminate, now - 11 * kHour - 5 * kMin, true,
                                  QStringLiteral("dry run")};
    out << idle3;

    out << fairShareEvent(s1, QStringLiteral("alice"), now - 3 * kHour, std::nullopt, 48, 30);
    out << fairShareEvent(s3, QStringLiteral("dana"), now - 22 * kHour, now - 18 * kHour, 61, 40);
    out << fairShareEvent(s2, QStringLiteral("chen"), now - 6 * kHour, now - 4 * kHour - 30 * kMin,
                          37, 25);
    for (PolicyEvent& e : out)
        e = lasted(e, now);
    return out;
}

// An event as the desktop stores one from an agent: every text its own
// copy on the heap (as read from JSON; nothing shared with other events),
// the lengths of the demo's (a GPU UUID, a command with its arguments), a
// warning among its actions and, closed, its end reason. For the store's
// memory per event and the tests of its cap.
inline PolicyEvent storedEvent(int i, qint64 startMs, std::optional<qint64> endMs)
{
    const QString server = QStringLiteral("demo-node-%1").arg(i % 16, 2, 10, QLatin1Char('0'));
    PolicyEvent e = hogEvent(
        server, i % 8, 100000 + i, QString::fromLatin1(i % 2 ? "alice" : "carol"),
        QString::fromLatin1("python train.py --config configs/sweep.yaml"), startMs, endMs, 99, 93);
    e.gpuUuid = QStringLiteral("GPU-%1-%2-4d00-8000-%3")
                    .arg(quint32(0x5a17c0 + i % 16), 8, 16, QLatin1Char('0'))
                    .arg(i % 8, 4, 16, QLatin1Char('0'))
                    .arg(quint64(i % 16) * 31 + quint64(i % 8), 12, 16, QLatin1Char('0'));
    e.actions << PolicyAction{PolicyAction::Kind::Warning, startMs + 30 * kMin, false,
                              QString::fromLatin1("terminate in 30m")};
    if (endMs)
        e.endReason = QString::fromLatin1("below threshold");
    e.durationMs = double(endMs.value_or(startMs + 40 * kMin) - startMs);
    return e;
}

// n closed events of 5 minutes, one every stepMs from firstStartMs.
inline QList<PolicyEvent> closedEvents(int n, qint64 firstStartMs, int firstIndex = 0,
                                       qint64 stepMs = 10 * kMin)
{
    QList<PolicyEvent> out;
    out.reserve(n);
    for (int i = 0; i < n; ++i) {
        const qint64 start = firstStartMs + qint64(i) * stepMs;
        out.append(storedEvent(firstIndex + i, start, start + 5 * kMin));
    }
    return out;
}

// n events over the last `spanMs`, on servers × gpus lanes.
inline QList<PolicyEvent> manyEvents(int n, qint64 now, qint64 spanMs, int servers, int gpus)
{
    QList<PolicyEvent> out;
    out.reserve(n);
    quint32 seed = 12345;
    auto next = [&seed] {
        seed = seed * 1664525u + 1013904223u;
        return seed >> 8;
    };
    for (int i = 0; i < n; ++i) {
        const QString server =
            QStringLiteral("node-%1").arg(int(next() % servers), 2, 10, QLatin1Char('0'));
        const int gpu = int(next() % gpus);
        const qint64 start = now - qint64(next() % quint32(spanMs / 1000)) * 1000;
        const qint64 len = qint64(5 + next() % 120) * kMin;
        const std::optional<qint64> end =
            start + len >= now ? std::nullopt : std::optional<qint64>(start + len);
        const QString user = QStringLiteral("user%1").arg(int(next() % 40));
        PolicyEvent e;
        switch (i % 3) {
        case 0:
            e = hogEvent(server, gpu, 1000 + i, user, QStringLiteral("python"), start, end, 99, 93);
            break;
        case 1:
            e = idleEvent(server, gpu, 1000 + i, user, QStringLiteral("jupyter"), start, end, 4096);
            break;
        default:
            e = fairShareEvent(server, user, start, end, 45, 30);
            e.id += QString::number(i);
            break;
        }
        out.append(lasted(e, now));
    }
    return out;
}

} // namespace gw::test
