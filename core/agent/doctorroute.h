#pragma once

// GET /v1/doctor (admin): the agent's own `gpuwarden-agent doctor`, as it
// runs (its agent.toml, its NVML, its /proc), for `gpuwarden-cli doctor
// --source URL` (docs/agent-api.md, "Doctor"). The checks read files, load
// NVML and ask the webhook (up to 5 s): they run on a worker, one at a time.

#include "agent/requestworkers.h"
#include "agent/routetable.h"

#include <QString>

namespace gw {

class DoctorRoute final : public RouteDesk
{
public:
    // `configPath`: the agent.toml the agent was started with; empty (a
    // demo without one): 404 no_config.
    explicit DoctorRoute(QString configPath);
    ~DoctorRoute() override;

    void addRoutes(RouteTable& table) override;

private:
    QString m_configPath;
    RequestWorkers m_workers;
};

} // namespace gw
