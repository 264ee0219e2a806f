// The report's findings and time patterns (docs/reports.md, "Findings" and
// "Time patterns"): what ReportBuilder::finish() adds from the policy
// engine's events and the minutes of the day each user held a server.

#include "reportbuilder.h"

#include "model/units.h"

#include <QCoreApplication>
#include <QSet>

#include <algorithm>
#include <array>
#include <cmath>

namespace gw {

namespace {

constexpr double kMsPerHour = 3'600'000.0;
// A server silent for more than this fraction of the range is a finding.
constexpr double kSilentFraction = 0.05;
// Events of one subject from this many on are "recurring".
constexpr int kRecurring = 2;
// A share finding names this many servers, the largest shares first.
constexpr qsizetype kServersNamed = 3;
// A hog or held-idle finding shorter than this (it prints as 0.0 h) is
// left to the per-user event counts.
constexpr qint64 kMinFindingMs = 3 * 60'000;
// Time patterns: a held hour is one held for at least half of it; a daily
// pattern needs its hours held on this fraction of the covered days, and a
// run of at least this many hours.
constexpr int kHeldMinutesPerHour = 30;
constexpr double kPatternDayFraction = 0.8;
constexpr int kPatternMinHours = 3;
constexpr int kPatternMinDays = 2;

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(gw::ReportBuilder)
};

// "18.5" ("18,5" in German: findings are sentences in the report's
// language, written with the default locale's digits).
QString hoursText(double hours)
{
    return localNumber(hours, 1);
}

// "90", "12.5"
QString percentText(double percent)
{
    const double rounded = std::round(percent * 10) / 10;
    return localNumber(rounded, rounded == std::floor(rounded) ? 0 : 1);
}

// The program's file name: "python3" for "/usr/bin/python3 train.py".
QString programOf(const QString& command)
{
    const QString first = command.section(u' ', 0, 0, QString::SectionSkipEmpty);
    return first.section(u'/', -1);
}

QString hhmm(int minute)
{
    return QStringLiteral("%1:%2")
        .arg(minute / 60 % 24, 2, 10, QLatin1Char('0'))
        .arg(minute % 60, 2, 10, QLatin1Char('0'));
}

} // namespace

QList<Finding> ReportBuilder::findings(const Report& report) const
{
    QList<Finding> out;
    QMap<QString, const UserReport*> users;
    for (const UserReport& u : report.users)
        users.insert(u.user, &u);
    auto quotaOf = [&](const QString& user) -> std::optional<double> {
        const auto it = users.constFind(user);
        return it != users.constEnd() ? (*it)->quotaPercent : std::nullopt;
    };
    auto unitText = [&](const PolicyEvent& e) {
        if (!e.migUuid.isEmpty()) {
            QString profile = e.migUuid;
            for (const UnitReport& u : report.units)
                if (u.server == e.server && u.migUuid == e.migUuid)
                    profile = u.migProfile;
            return Tr::tr("MIG %1 on GPU %2").arg(profile).arg(e.gpuIndex);
        }
        return e.gpuIndex >= 0 ? Tr::tr("GPU %1").arg(e.gpuIndex) : QString();
    };

    // Hog: per process (a user-scope hog: per user and server).
    struct Hog
    {
        const PolicyEvent* first = nullptr;
        qint64 ms = 0;
        int events = 0;
    };
    QMap<std::tuple<QString, QString, qint64, qint64, QString>, Hog> hogs;
    // Held idle: per user.
    struct Idle
    {
        qint64 ms = 0;
        int events = 0;
        QSet<QString> units;
        QStringList servers;
    };
    QMap<QString, Idle> idles;
    for (const PolicyEvent& e : m_events) {
        const qint64 ms = eventOverlapMs(e);
        if (e.startMs >= m_options.toMs || eventEndMs(e) <= m_options.fromMs)
            continue;
        if (e.kind == PolicyEventKind::Hog) {
            Hog& h = hogs[{e.server, e.pid ? e.gpuUuid + u'/' + e.migUuid : QString(), e.pid,
                           e.processStartMs.value_or(-1), e.user}];
            if (!h.first)
                h.first = &e;
            h.ms += ms;
            ++h.events;
        } else if (e.kind == PolicyEventKind::Idle && !e.user.isEmpty()) {
            Idle& i = idles[e.user];
            i.ms += ms;
            ++i.events;
            i.units.insert(e.server + u'/' + e.gpuUuid + u'/' + e.migUuid);
            if (!i.servers.contains(e.server))
                i.servers << e.server;
        }
    }
    const QString threshold = percentText(m_policy.hog.thresholdPercent);
    for (const Hog& h : std::as_const(hogs)) {
        if (h.ms < kMinFindingMs)
            continue;
        const PolicyEvent& e = *h.first;
        Finding f;
        f.kind = Finding::Kind::Hog;
        f.advice = Finding::Advice::ContactOwner;
        f.server = e.server;
        f.user = e.user;
        f.command = e.command;
        f.pid = e.pid;
        f.unit = e.pid ? unitText(e) : QString();
        f.hours = double(h.ms) / kMsPerHour;
        const QString who = e.pid ? Tr::tr("%1 (PID %2, %3)")
                                        .arg(programOf(e.command).isEmpty() ? Tr::tr("process")
                                                                            : programOf(e.command))
                                        .arg(e.pid)
                                        .arg(e.user.isEmpty() ? Tr::tr("no user") : e.user)
                                  : Tr::tr("%1's processes").arg(e.user);
        const QString where = f.unit.isEmpty() ? e.server : e.server + u' ' + f.unit;
        f.text = Tr::tr("%1: %2 h at ≥ %3 % on %4").arg(who, hoursText(f.hours), threshold, where);
        if (const auto quota = quotaOf(e.user))
            f.text += u' ' + Tr::tr("(expected quota: %1 %)").arg(percentText(*quota));
        f.recommendation =
            e.user.isEmpty()
                ? Tr::tr("Find who runs PID %1 on %2.").arg(e.pid).arg(e.server)
                : Tr::tr("Contact %1; if this is expected, raise their quota in [quota].")
                      .arg(e.user);
        out << f;
    }

    const bool idleEnforced =
        m_policy.idle.action == IdleAction::Terminate && !m_policy.idle.dryRun;
    const QString idleBelow = percentText(m_policy.idle.minGpuUtilizationPercent);
    for (auto it = idles.cbegin(); it != idles.cend(); ++it) {
        const Idle& i = it.value();
        if (i.ms < kMinFindingMs)
            continue;
        Finding f;
        f.kind = Finding::Kind::HeldIdle;
        f.user = it.key();
        f.server = i.servers.size() == 1 ? i.servers.front() : QString();
        f.hours = double(i.ms) / kMsPerHour;
        QStringList servers = i.servers;
        servers.sort();
        f.text = Tr::tr("%1: %2 h holding idle GPUs (< %3 %) on %4; GPUs held: %5")
                     .arg(f.user, hoursText(f.hours), idleBelow, servers.join(QStringLiteral(", ")))
                     .arg(i.units.size());
        if (!idleEnforced && i.events >= kRecurring) {
            f.advice = Finding::Advice::EnableEnforcement;
            f.recommendation =
                Tr::tr(
                    "Contact %1; it recurs (%2 idle events): set [idle] action = \"terminate\"%3 "
                    "to free such GPUs.")
                    .arg(f.user)
                    .arg(i.events)
                    .arg(m_policy.idle.dryRun ? Tr::tr(" and dry_run = false") : QString());
        } else {
            f.advice = Finding::Advice::ContactOwner;
            f.recommendation =
                Tr::tr("Contact %1; ask them to free the GPUs they do not use.").arg(f.user);
        }
        out << f;
    }

    // A share on its own server beside that server's quota (a share of the
    // fleet would compare unlike things); the fleet's as well, for scale.
    const auto serversText = [this](const QList<ServerShare>& servers, const char* quotaWord) {
        QList<ServerShare> shown = servers;
        std::stable_sort(shown.begin(), shown.end(), [](const auto& a, const auto& b) {
            return a.sharePercent.value_or(0) > b.sharePercent.value_or(0);
        });
        QStringList parts;
        for (qsizetype i = 0; i < shown.size() && i < kServersNamed; ++i) {
            const ServerShare& x = shown[i];
            QString part =
                Tr::tr("%1 % of %2")
                    .arg(x.sharePercent ? percentText(*x.sharePercent) : Tr::tr("unknown"),
                         x.server);
            if (x.quotaPercent)
                part += Tr::tr(" (%1 %2 %)").arg(Tr::tr(quotaWord), percentText(*x.quotaPercent));
            parts << part;
        }
        if (shown.size() > kServersNamed)
            parts << Tr::tr("%1 more servers").arg(shown.size() - kServersNamed);
        return parts.join(QStringLiteral(", "));
    };
    const auto overOnAServer = [](const QList<ServerShare>& servers) {
        return std::any_of(servers.cbegin(), servers.cend(), [](const ServerShare& x) {
            return x.sharePercent && x.quotaPercent && *x.sharePercent > *x.quotaPercent;
        });
    };
    for (const UserReport& u : report.users) {
        const double violation = u.violationHours.value_or(0);
        const bool over = overOnAServer(u.servers);
        if (over || violation > 0) {
            Finding f;
            f.kind = Finding::Kind::OverQuota;
            f.advice = Finding::Advice::AdjustQuota;
            f.user = u.user;
            f.hours = violation;
            f.text =
                Tr::tr("%1: %2; %3 % of the fleet's GPU-hours")
                    .arg(u.user,
                         serversText(u.servers, QT_TRANSLATE_NOOP("gw::ReportBuilder", "quota")),
                         u.sharePercent ? percentText(*u.sharePercent) : Tr::tr("unknown"));
            if (violation > 0)
                f.text += Tr::tr("; over quota on a server for %1 h").arg(hoursText(violation));
            f.recommendation =
                Tr::tr("If %1's use is expected, raise their share in [quota] users; else contact "
                       "them.")
                    .arg(u.user);
            out << f;
        }
        if (u.balance && *u.balance < 0) {
            Finding f;
            f.kind = Finding::Kind::Overdraft;
            f.advice = Finding::Advice::ContactOwner;
            f.user = u.user;
            f.hours = u.gpuHours;
            f.text = Tr::tr("%1: balance %2 tokens at the end of the range, after %3 GPU-hours")
                         .arg(u.user, localNumber(*u.balance, 1), hoursText(u.gpuHours));
            f.recommendation =
                Tr::tr("Contact %1; grant them tokens if the use was expected.").arg(u.user);
            out << f;
        }
    }

    for (const AccountReport& a : report.accounts) {
        if (a.account.isEmpty() || !overOnAServer(a.servers))
            continue;
        Finding f;
        f.kind = Finding::Kind::OverQuota;
        f.advice = Finding::Advice::AdjustQuota;
        f.text = Tr::tr("account %1: %2; %3 % of the fleet's GPU-hours")
                     .arg(a.account,
                          serversText(a.servers, QT_TRANSLATE_NOOP("gw::ReportBuilder", "share")),
                          a.sharePercent ? percentText(*a.sharePercent) : Tr::tr("unknown"));
        f.recommendation =
            Tr::tr(
                "If account %1's use is expected, raise its share in [accounts.%1]; else contact "
                "its members (%2).")
                .arg(a.account, a.users.join(QStringLiteral(", ")));
        out << f;
    }

    const qint64 range = m_options.toMs - m_options.fromMs;
    for (const ServerCoverage& c : report.coverage) {
        const qint64 silent = range - c.coveredMs;
        if (range <= 0 || double(silent) <= kSilentFraction * double(range))
            continue;
        Finding f;
        f.kind = Finding::Kind::Coverage;
        f.advice = Finding::Advice::CheckAgent;
        f.server = c.server;
        f.hours = double(silent) / kMsPerHour;
        f.text = Tr::tr("%1: not heard from for %2 h of %3 h (%4 %)")
                     .arg(c.server, hoursText(f.hours), hoursText(double(range) / kMsPerHour),
                          percentText(100.0 * double(silent) / double(range)));
        f.recommendation =
            Tr::tr("Check gpuwarden-agent on %1: is it running, and can it be reached?")
                .arg(c.server);
        out << f;
    }

    std::stable_sort(out.begin(), out.end(), [](const Finding& a, const Finding& b) {
        if (a.hours != b.hours)
            return a.hours > b.hours;
        return std::tie(a.kind, a.server, a.user, a.pid) <
               std::tie(b.kind, b.server, b.user, b.pid);
    });
    return out;
}

QList<TimePattern> ReportBuilder::patterns() const
{
    QList<TimePattern> out;
    // At least half of the hour set.
    auto halfHour = [](const std::bitset<1440>& day, int hour) {
        int n = 0;
        for (int m = hour * 60; m < hour * 60 + 60; ++m)
            n += day.test(size_t(m)) ? 1 : 0;
        return n >= kHeldMinutesPerHour;
    };
    for (const ServerState& s : m_servers) {
        const QString& server = s.coverage.server;
        // Covered days per hour of the day: the daily rule needs an hour of
        // the day covered on two days or more.
        std::array<int, 24> coveredDays{};
        for (const auto& day : s.covered.days)
            for (int h = 0; h < 24; ++h)
                coveredDays[size_t(h)] += halfHour(day, h) ? 1 : 0;
        const bool daily =
            *std::max_element(coveredDays.begin(), coveredDays.end()) >= kPatternMinDays;
        for (auto it = s.held.cbegin(); it != s.held.cend(); ++it) {
            const QString& user = it.key();
            const DayMinutes& held = it.value();
            if (daily) {
                // Every day: hours held on ≥ 80 % of the days they were covered.
                std::array<int, 24> heldDays{};
                for (const auto& day : held.days)
                    for (int h = 0; h < 24; ++h)
                        heldDays[size_t(h)] += halfHour(day, h) ? 1 : 0;
                std::array<bool, 24> hour{};
                for (size_t h = 0; h < 24; ++h)
                    hour[h] = coveredDays[h] >= kPatternMinDays &&
                              heldDays[h] >= kPatternDayFraction * coveredDays[h];
                const int count = int(std::count(hour.begin(), hour.end(), true));
                if (count < kPatternMinHours)
                    continue;
                // Runs of qualifying hours, wrapping midnight.
                QList<std::pair<int, int>> runs; // first hour, length
                if (count == 24) {
                    runs.append({0, 24});
                } else {
                    int start = 0;
                    while (hour[size_t(start)])
                        ++start; // a non-qualifying hour: runs start after one
                    for (int i = 1; i <= 24; ++i) {
                        const int h = (start + i) % 24;
                        if (!hour[size_t(h)])
                            continue;
                        const int first = h;
                        int length = 0;
                        while (hour[size_t((first + length) % 24)])
                            ++length;
                        runs.append({first, length});
                        i += length;
                    }
                }
                for (const auto& [first, length] : runs) {
                    if (length < kPatternMinHours)
                        continue;
                    TimePattern p;
                    p.user = user;
                    p.server = server;
                    p.fromMinute = first * 60;
                    p.toMinute = length == 24 ? 1440 : (first + length) % 24 * 60;
                    p.days = std::numeric_limits<int>::max();
                    for (int i = 0; i < length; ++i) {
                        const size_t h = size_t((first + i) % 24);
                        p.days = std::min(p.days, heldDays[h]);
                        p.daysCovered = std::max(p.daysCovered, coveredDays[h]);
                    }
                    // The middle of the run names the time of day.
                    const int middle = (first + length / 2) % 24;
                    const QString span = hhmm(p.fromMinute) + u'–' + hhmm(p.toMinute);
                    if (length == 24)
                        p.text = Tr::tr("%1's jobs hold %2 around the clock").arg(user, server);
                    else if (middle >= 22 || middle < 6)
                        p.text = Tr::tr("%1's jobs hold %2 every night %3").arg(user, server, span);
                    else if (middle >= 18)
                        p.text =
                            Tr::tr("%1's jobs hold %2 every evening %3").arg(user, server, span);
                    else
                        p.text = Tr::tr("%1's jobs hold %2 every day %3").arg(user, server, span);
                    out << p;
                }
            } else {
                // Within a day: runs of held minutes of at least 3 h, across
                // local midnight.
                qint64 runStart = -1, previous = -2;
                auto close = [&](qint64 endMinute) {
                    if (runStart < 0 || endMinute - runStart < kPatternMinHours * 60)
                        return;
                    TimePattern p;
                    p.user = user;
                    p.server = server;
                    auto ofDay = [](qint64 m) {
                        return int((m % 1440 + 1440) % 1440);
                    };
                    p.fromMinute = ofDay(runStart);
                    p.toMinute = endMinute - runStart >= 1440 ? 1440 : ofDay(endMinute);
                    p.days = 1;
                    p.daysCovered = 1;
                    // A day or more unbroken has no time of day to name.
                    p.text = endMinute - runStart >= 1440
                                 ? Tr::tr("%1 held %2 around the clock (%3 h)")
                                       .arg(user, server)
                                       .arg(hoursText(double(endMinute - runStart) / 60))
                                 : Tr::tr("%1 held %2 %3")
                                       .arg(user, server,
                                            hhmm(p.fromMinute) + u'–' +
                                                (p.toMinute == 1440 ? QStringLiteral("24:00")
                                                                    : hhmm(p.toMinute)));
                    out << p;
                };
                for (auto day = held.days.cbegin(); day != held.days.cend(); ++day)
                    for (int m = 0; m < 1440; ++m) {
                        if (!day->test(size_t(m)))
                            continue;
                        const qint64 minute = day.key() * 1440 + m;
                        if (minute != previous + 1) {
                            close(previous + 1);
                            runStart = minute;
                        }
                        previous = minute;
                    }
                close(previous + 1);
            }
        }
    }
    std::stable_sort(out.begin(), out.end(), [](const TimePattern& a, const TimePattern& b) {
        return std::tie(a.user, a.server, a.fromMinute) < std::tie(b.user, b.server, b.fromMinute);
    });
    return out;
}

} // namespace gw
