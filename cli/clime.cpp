#include "clime.h"

#include "cliio.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLocalSocket>

namespace gw::cli {

namespace {

constexpr int kTimeoutMs = 10'000;

QString clock(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms).toString(QStringLiteral("HH:mm:ss"));
}

QString number(double v, int decimals = 1)
{
    return QString::number(v, 'f', decimals);
}

QString byKey(const QJsonObject& o)
{
    QStringList parts;
    for (auto it = o.begin(); it != o.end(); ++it)
        parts << QStringLiteral("%1 %2").arg(it.key().isEmpty() ? CliTr::tr("(no account)")
                                                                : it.key(),
                                             number(it.value().toDouble()));
    return parts.join(QStringLiteral(", "));
}

} // namespace

QString defaultSocketPath()
{
    return QStringLiteral("/run/gpuwarden/agent.sock");
}

void addMeOptions(QCommandLineParser& parser)
{
    parser.addOption(
        {QStringLiteral("socket"),
         CliTr::tr("me: the agent's Unix socket (default %1)").arg(defaultSocketPath()),
         QStringLiteral("PATH")});
}

QString standingText(const QJsonObject& o)
{
    QStringList lines;
    const auto at = [&](const char* key) {
        return o.value(QLatin1String(key));
    };
    // No reading yet: said, not a reading at midnight of 1970.
    lines << (at("reading_ms").isDouble()
                  ? CliTr::tr("%1 on %2 (reading of %3)")
                        .arg(at("user").toString(), at("server").toString(),
                             clock(at("reading_ms").toInteger()))
                  : CliTr::tr("%1: the agent has no reading yet").arg(at("user").toString()));
    const QJsonArray processes = at("processes").toArray();
    lines << (processes.isEmpty() ? CliTr::tr("  your processes: none on a GPU")
                                  : CliTr::tr("  your processes: %1").arg(processes.size()));
    for (const QJsonValue& p : processes) {
        QString line = CliTr::tr("    PID %1  %2  GPU %3")
                           .arg(p[QStringLiteral("pid")].toInteger())
                           .arg(p[QStringLiteral("command")].toString())
                           .arg(p[QStringLiteral("gpu_index")].toInt());
        if (p[QStringLiteral("memory_mib")].isDouble())
            line += CliTr::tr("  %1 MiB").arg(qint64(p[QStringLiteral("memory_mib")].toDouble()));
        if (!p[QStringLiteral("account")].toString().isEmpty())
            line += CliTr::tr("  account %1").arg(p[QStringLiteral("account")].toString());
        lines << line;
    }
    const QJsonObject units = at("units").toObject(), others = at("others").toObject();
    lines << CliTr::tr("  the server: %1 of %2 GPUs in use, %3 yours; %4 other people with %5 "
                       "processes; %6 callers waiting")
                 .arg(units[QStringLiteral("in_use")].toInt())
                 .arg(units[QStringLiteral("total")].toInt())
                 .arg(units[QStringLiteral("yours")].toInt())
                 .arg(others[QStringLiteral("users")].toInt())
                 .arg(others[QStringLiteral("processes")].toInt())
                 .arg(others[QStringLiteral("waiting_callers")].toInt());
    for (const QJsonValue& e : at("events").toArray()) {
        lines << CliTr::tr("  event: %1").arg(e[QStringLiteral("text")].toString());
        const QJsonObject next = e[QStringLiteral("next")].toObject();
        if (!next.isEmpty())
            lines << CliTr::tr("    next: %1 at %2%3")
                         .arg(next[QStringLiteral("step")].toString(),
                              clock(next[QStringLiteral("at_ms")].toInteger()),
                              next[QStringLiteral("dry_run")].toBool()
                                  ? CliTr::tr(" (dry run: recorded, nothing done)")
                                  : QString());
    }
    for (const QJsonValue& r : at("reservations").toArray())
        lines << CliTr::tr("  reserved: GPUs %1 until %2")
                     .arg(r[QStringLiteral("units")].toVariant().toStringList().join(u','),
                          clock(r[QStringLiteral("expires_ms")].toInteger()));
    QStringList caps;
    for (const QJsonValue& c : at("caps").toArray())
        caps << CliTr::tr("%1: %2 of %3")
                    .arg(c[QStringLiteral("scope")].toString())
                    .arg(c[QStringLiteral("held")].toInt())
                    .arg(c[QStringLiteral("gpus")].toInt());
    if (!caps.isEmpty() || !at("account").toString().isEmpty())
        lines << CliTr::tr("  account: %1; caps: %2")
                     .arg(at("account").toString().isEmpty() ? CliTr::tr("none")
                                                             : at("account").toString(),
                          caps.isEmpty() ? CliTr::tr("none") : caps.join(QStringLiteral(", ")));
    const QJsonObject share = at("fair_share").toObject();
    lines << CliTr::tr("  fair share: %1 % of the server lately (quota %2 %); decayed usage %3 "
                       "server-hours, factor %4")
                 .arg(number(share[QStringLiteral("share_percent")].toDouble()),
                      number(share[QStringLiteral("quota_percent")].toDouble(), 0),
                      number(share[QStringLiteral("decayed_usage_hours")].toDouble(), 2),
                      number(share[QStringLiteral("fair_share_factor")].toDouble(), 3));
    const QJsonValue tokens = at("tokens");
    if (!tokens.isObject()) {
        lines << CliTr::tr("  tokens: no token books on this server ([tokens] is off)");
    } else {
        const QJsonObject t = tokens.toObject();
        lines << CliTr::tr(
                     "  tokens: balance %1 (cut off at %2); holding what you hold costs %3 an "
                     "hour")
                     .arg(t[QStringLiteral("balance")].isDouble()
                              ? number(t[QStringLiteral("balance")].toDouble())
                              : CliTr::tr("none yet"),
                          number(t[QStringLiteral("overdraft_floor")].toDouble()),
                          number(t[QStringLiteral("charge_per_hour_now")].toDouble()));
        const QJsonObject usage = at("usage").toObject();
        for (const char* span : {"today", "month"}) {
            const QJsonObject u = usage[QLatin1String(span)].toObject();
            lines << CliTr::tr("  usage %1: %2 GPU-hours; by model: %3; by account: %4")
                         .arg(qstrcmp(span, "today") == 0 ? CliTr::tr("today")
                                                          : CliTr::tr("this month"),
                              number(u[QStringLiteral("gpu_hours")].toDouble()),
                              byKey(u[QStringLiteral("by_model")].toObject()),
                              byKey(u[QStringLiteral("by_account")].toObject()));
        }
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

int meCommand(const QCommandLineParser& parser)
{
    const QString path = parser.isSet(QStringLiteral("socket"))
                             ? parser.value(QStringLiteral("socket"))
                             : defaultSocketPath();
    QLocalSocket socket;
    socket.connectToServer(path);
    if (!socket.waitForConnected(kTimeoutMs))
        return fail(kExitFailed,
                    CliTr::tr("cannot reach the agent at %1: %2 (is gpuwarden-agent running with "
                              "[agent] socket = \"%1\"?)")
                        .arg(path, socket.errorString()));
    socket.write("me\n");
    QByteArray answer;
    while (socket.state() == QLocalSocket::ConnectedState && !answer.endsWith('\n')) {
        if (!socket.waitForReadyRead(kTimeoutMs))
            break;
        answer += socket.readAll();
    }
    answer += socket.readAll();
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(answer, &error);
    if (!doc.isObject())
        return fail(kExitFailed, CliTr::tr("the agent at %1 did not answer with a standing (%2)")
                                     .arg(path, answer.isEmpty() ? CliTr::tr("no answer")
                                                                 : error.errorString()));
    const QJsonObject o = doc.object();
    if (o.contains(QStringLiteral("error")))
        return fail(kExitFailed, CliTr::tr("the agent at %1: %2")
                                     .arg(path, o.value(QStringLiteral("error")).toString()));
    if (parser.isSet(QStringLiteral("json")))
        print(stdout, QString::fromUtf8(doc.toJson(QJsonDocument::Indented)));
    else
        print(stdout, standingText(o));
    return 0;
}

} // namespace gw::cli
