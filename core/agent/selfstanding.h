#pragma once

// A person's own standing on this server (`gpuwarden-cli me`, docs/agent-api.md
// "Your own standing"): their processes, the open events about them with the
// reason, the next step and when, their reservations, their caps, their share
// and fair-share factor, their balance and how it changes, their usage today
// and this month by GPU model and account. Of everyone else only totals:
// never another person's command, process or name. Built from what the agent
// holds, by a pure function (tests feed it directly).

#include "coord/gpuselection.h"
#include "model/snapshot.h"
#include "policy/accounts.h"
#include "policy/policyconfig.h"
#include "policy/policyengine.h"
#include "policy/policyevent.h"
#include "tokens/usage.h"

#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>
#include <QTimeZone>

#include <optional>

namespace gw {

struct SelfFacts
{
    QString user; // the caller's name (their uid's), as owners are named
    uint uid = 0;
    qint64 nowMs = 0;
    QTimeZone timeZone; // for "today" and "this month"
    const Snapshot* latest = nullptr;
    PolicyConfig policy;
    PolicyStatus status;             // the engine's, of this server
    QList<PolicyEvent> openEvents;   // every open event (the caller's are picked)
    QList<Reservation> reservations; // every active one (the caller's are picked)
    int waiting = 0;                 // callers waiting for GPUs, all of them
    AccountGroups groups;
    // [tokens]: the balance (absent: the caller has no book yet), whether
    // books are kept at all, and the closed hours' usage facts.
    bool booksKept = false;
    std::optional<double> balance;
    QList<UsageFact> facts;
};

// The next step of an open event staged as [idle] stages (idle, over_cap):
// "warning" or "terminate" and when, or none (notify only, or done).
struct NextStep
{
    QString step;
    qint64 atMs = 0;
    bool dryRun = false;
};
std::optional<NextStep> nextStepOf(const PolicyEvent& event, const PolicyConfig& policy);

QJsonObject selfStandingJson(const SelfFacts& facts);

} // namespace gw
