#pragma once

// What a keeper reads from its peers and a relay from its keeper
// (docs/tokens.md, "Keeper of several agents"), read strictly: a page or a
// reply half understood is not taken, and the refusal names the key.
// Outside input, so fuzzed (fuzz/fuzz_keeperreplies.cpp).

#include "agent/balanceview.h"
#include "tokens/usage.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>
#include <utility>

namespace gw {

// One page of a peer's GET /v1/usage.
struct PeerUsagePage
{
    QString stream;
    quint64 next = 0;         // the page's "next"
    quint64 lastSequence = 0; // the peer's newest number: more follow while next is below it
    bool truncated = false;
    QList<std::pair<quint64, UsageFact>> facts; // with the peer's numbers, rising
    QList<CoverageGap> gaps;                    // the peer's spans not charged (older agents: none)
};

// `after`: the cursor asked for; numbers must rise above it, and "next" not
// fall below it. Nothing with `error` ("usage[3].user: …") when refused.
std::optional<PeerUsagePage> peerUsagePageFromJson(const QByteArray& body, quint64 after,
                                                   QString* error);

// A keeper's GET /v1/balances as enforcement judges it: balances (numbers),
// cut_off, overdraft_floor, as_of_ms; keeper when given. fetchedMs and error
// are left to the caller.
std::optional<BalanceView> balanceViewFromJson(const QJsonObject& o, QString* error);

} // namespace gw
