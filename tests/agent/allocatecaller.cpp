// A job that asks an agent for GPUs, for tst_allocateconcurrent: one
// process per caller, through the CLI's client (remote/coordclient.h).
//
//   allocatecaller URL USER GPUS WAIT_SECONDS TTL_SECONDS [AT_MS]
//
// The token comes from GPUWARDEN_TOKEN. With AT_MS (ms since the epoch) the
// request goes out at that instant, so callers started one after another
// ask together. Prints one JSON line {"status","units","id","error",
// "refused"}; exit 0 when granted, 3 when refused (409), 1 otherwise.
#include "remote/coordclient.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTimer>

#include <algorithm>
#include <cstdio>

namespace {

int ask(const gw::AgentEndpoint& source, const gw::AllocateBody& body)
{
    const gw::AllocateReply reply = gw::requestAllocation(source, body);
    const QJsonObject out{
        {QStringLiteral("status"), reply.httpStatus},
        {QStringLiteral("units"), reply.cudaVisibleDevices},
        {QStringLiteral("id"), reply.reservation ? reply.reservation->id : QString()},
        {QStringLiteral("error"), reply.error},
        {QStringLiteral("refused"), int(reply.refused.size())},
    };
    const QByteArray line = QJsonDocument(out).toJson(QJsonDocument::Compact) + '\n';
    std::fwrite(line.constData(), 1, size_t(line.size()), stdout);
    return reply.httpStatus == 200 ? 0 : reply.httpStatus == 409 ? 3 : 1;
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() < 6) {
        std::fprintf(stderr,
                     "usage: allocatecaller URL USER GPUS WAIT_SECONDS TTL_SECONDS [AT_MS]\n");
        return 1;
    }
    const gw::AgentEndpoint source{QUrl(args[1]),
                                   qgetenv("GPUWARDEN_TOKEN"),
                                   QStringLiteral("the token came from GPUWARDEN_TOKEN"),
                                   {}};
    gw::AllocateBody body;
    body.request.user = args[2];
    body.request.gpus = args[3].toInt();
    body.waitMs = qint64(args[4].toDouble() * 1000);
    body.request.ttlMs = qint64(args[5].toDouble() * 1000);
    const qint64 at = args.size() > 6 ? args[6].toLongLong() : 0;
    const qint64 delay = std::max<qint64>(0, at - QDateTime::currentMSecsSinceEpoch());
    int status = 1;
    QTimer::singleShot(int(delay), Qt::PreciseTimer, &app, [&] {
        status = ask(source, body);
        app.quit();
    });
    app.exec();
    return status;
}
