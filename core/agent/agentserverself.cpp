// AgentServer's part of `gpuwarden-cli me` (selfdesk.h, selfstanding.h):
// the facts of one caller's standing, gathered on the agent's thread.
#include "agent/agentserver.h"

#include "agent/allocationdesk.h"
#include "agent/selfstanding.h"
#include "agent/tokendesk.h"
#include "policy/policyservice.h"
#include "policy/unixgroups.h"

namespace gw {

QJsonObject AgentServer::selfStanding(const QString& user, uint uid)
{
    SelfFacts f;
    f.user = user;
    f.uid = uid;
    f.nowMs = m_now();
    f.latest = m_samples.latest();
    f.policy = m_policy.policy();
    f.timeZone = f.policy.tokens.timeZone.isEmpty() ? QTimeZone::systemTimeZone()
                                                    : QTimeZone(f.policy.tokens.timeZone.toUtf8());
    if (PolicyService* service = m_policy.service()) {
        f.openEvents = service->openEvents();
        if (f.latest)
            f.status = service->status(f.latest->server);
    }
    const AllocationState allocations = m_desk->state();
    f.reservations = allocations.reservations;
    f.waiting = int(allocations.waiting.size());
    f.groups = cachedUnixGroupsOf;
    f.booksKept = m_tokens->enabled();
    if (f.booksKept) {
        const BalanceView view = m_tokens->balanceView();
        if (view.balances.contains(user))
            f.balance = view.balances.value(user);
        f.facts = m_tokens->facts();
    }
    return selfStandingJson(f);
}

} // namespace gw
