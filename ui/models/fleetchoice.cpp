#include "models/fleetchoice.h"

#include <QHash>

#include <algorithm>

namespace gw {

const FleetServerChoice* FleetChoice::bestServer() const
{
    return best >= 0 && best < servers.size() ? &servers.at(best) : nullptr;
}

QStringList FleetChoice::bestUnits() const
{
    QStringList units;
    if (const FleetServerChoice* s = bestServer()) {
        for (const Candidate& c : s->ranking.qualified) {
            if (units.size() == request.gpus)
                break;
            units << c.id;
        }
    }
    return units;
}

QString FleetChoice::cudaVisibleDevices() const
{
    return bestUnits().join(QLatin1Char(','));
}

ReservationBook bookOf(const QString& server, QList<Reservation> reservations)
{
    // The book only makes reservations of its own; one made "at" each
    // reservation's creation for its lifetime holds the same units just as
    // long. Oldest first, so that none is dropped as expired by a later one.
    std::sort(reservations.begin(), reservations.end(),
              [](const Reservation& a, const Reservation& b) { return a.createdMs < b.createdMs; });
    ReservationBook book;
    for (const Reservation& r : std::as_const(reservations)) {
        if (r.server != server || r.units.isEmpty() || r.expiresMs <= r.createdMs)
            continue;
        SelectionRequest asked;
        asked.gpus = int(r.units.size());
        asked.user = r.user;
        asked.ttlMs = r.expiresMs - r.createdMs;
        QList<Candidate> units;
        for (const QString& id : r.units) {
            Candidate c;
            c.id = id;
            units << c;
        }
        book.reserve(server, asked, units, r.createdMs);
    }
    return book;
}

FleetChoice chooseAcrossFleet(const QList<FleetServerInput>& fleet, const SelectionRequest& request,
                              const SelectionWeights& weights, qint64 nowMs)
{
    FleetChoice out;
    out.request = request;
    QList<Snapshot> fresh;
    QList<Snapshot> stale;
    QStringList unanswered;
    QHash<QString, const FleetServerInput*> byName;
    for (const FleetServerInput& in : fleet) {
        byName.insert(in.server, &in);
        if (!in.latest || !in.freshness.hasReading)
            unanswered << in.server;
        else
            (in.freshness.stale ? stale : fresh) << *in.latest;
        // Filed under the name as watched (what the inputs say).
        QList<Snapshot>& group = in.freshness.stale ? stale : fresh;
        if (in.latest && in.freshness.hasReading)
            group.last().server = in.server;
    }
    auto add = [&](const ServerRank& rank) {
        const FleetServerInput* in = byName.value(rank.server);
        FleetServerChoice c;
        c.server = rank.server;
        c.freshness = in->freshness;
        c.rank = rank;
        if (in->latest && in->freshness.hasReading) {
            Snapshot s = *in->latest;
            s.server = rank.server;
            c.ranking =
                rankUnits(s, request, weights, bookOf(rank.server, in->reservations), nowMs);
            c.fits = !in->freshness.stale && c.ranking.qualified.size() >= request.gpus;
        }
        out.servers << c;
    };
    for (const QList<Snapshot>* group : {&fresh, &stale}) {
        for (const ServerRank& r : rankServers(*group, request.gpus))
            add(r);
    }
    std::sort(unanswered.begin(), unanswered.end());
    for (const QString& name : std::as_const(unanswered)) {
        ServerRank r;
        r.server = name;
        add(r);
    }
    for (int i = 0; i < out.servers.size(); ++i) {
        if (out.servers.at(i).fits) {
            out.best = i;
            break;
        }
    }
    return out;
}

QString shellQuoted(const QString& text)
{
    static const QString plain =
        QStringLiteral("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_=.,:/@%+");
    if (!text.isEmpty() &&
        std::all_of(text.cbegin(), text.cend(), [](QChar c) { return plain.contains(c); }))
        return text;
    QString quoted = text;
    quoted.replace(QLatin1Char('\''), QStringLiteral("'\\''"));
    return QLatin1Char('\'') + quoted + QLatin1Char('\'');
}

QString selectCommandLine(const SelectionRequest& request, const QString& parallelism,
                          const QString& minFree, const QUrl& source)
{
    QStringList args{QStringLiteral("gpuwarden-cli"), QStringLiteral("select")};
    if (!parallelism.trimmed().isEmpty())
        args << QStringLiteral("--parallel") << shellQuoted(parallelism.trimmed());
    else
        args << QStringLiteral("--gpus") << QString::number(request.gpus);
    if (!minFree.trimmed().isEmpty())
        args << QStringLiteral("--min-free") << shellQuoted(minFree.trimmed());
    if (request.maxUtilizationPercent)
        args << QStringLiteral("--max-util")
             << QString::number(*request.maxUtilizationPercent, 'g', 4);
    if (request.mig == SelectionRequest::Mig::Only)
        args << QStringLiteral("--mig") << QStringLiteral("only");
    else if (request.mig == SelectionRequest::Mig::Never)
        args << QStringLiteral("--mig") << QStringLiteral("never");
    if (!source.isEmpty()) {
        QString url = source.toString(QUrl::RemoveUserInfo | QUrl::StripTrailingSlash);
        if (url.endsWith(QLatin1Char('/'))) // a bare root path
            url.chop(1);
        args << QStringLiteral("--source") << shellQuoted(url);
    }
    return args.join(QLatin1Char(' '));
}

} // namespace gw
