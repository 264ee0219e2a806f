#include "agent/doctorroute.h"

#include "agent/apireply.h"
#include "agent/doctor.h"

#include <QCoreApplication>
#include <QJsonObject>

namespace gw {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(gw::DoctorRoute)
};
} // namespace

DoctorRoute::DoctorRoute(QString configPath)
    : m_configPath(std::move(configPath))
    , m_workers(QStringLiteral("gw-doctor"), 1, 1, 5,
                Tr::tr("a doctor's check is running and another waits; ask again in 5 s"))
{}

DoctorRoute::~DoctorRoute() = default;

void DoctorRoute::addRoutes(RouteTable& table)
{
    table.addAnswering(
        QStringLiteral("/v1/doctor"), QHttpServerRequest::Method::Get, Scope::Admin,
        [this](const RouteRequest& r, QHttpServerResponder&& responder) {
            const bool head = r.http.method() == QHttpServerRequest::Method::Head;
            if (m_configPath.isEmpty())
                return sendResponse(
                    head,
                    jsonError(
                        404, QStringLiteral("no_config"),
                        Tr::tr("this agent runs without agent.toml (--demo without --config): "
                               "there is no installation to check")),
                    std::move(responder));
            m_workers.run(
                head, std::move(responder), [path = m_configPath](const std::atomic<bool>&) {
                    DoctorSetup setup;
                    setup.configPath = path;
                    const QList<DoctorFinding> findings = runDoctor(setup);
                    return jsonReply(
                        QJsonObject{{QStringLiteral("findings"), doctorJson(findings)},
                                    {QStringLiteral("status"), doctorExitCode(findings)}});
                });
        });
}

} // namespace gw
