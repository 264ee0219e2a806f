#pragma once

// The body of POST /v1/ledger (an admin's adjustment, docs/tokens.md "On the
// agent"): {"user": "alice", "amount": -5, "reason": "refund"}. Strict: every
// key required, no others; amount finite, non-zero and at most
// kMaxAdjustmentTokens either way (so no sum of adjustments a lab could make
// leaves a balance infinite); user and reason not blank. A pure function,
// fuzzed (fuzz/fuzz_ledgerbody.cpp).

#include <QByteArray>
#include <QString>

#include <optional>

namespace gw {

// The largest adjustment either way, in tokens: far beyond any grant or
// price (a lab's books count in hundreds), far below where sums of doubles
// lose whole tokens (2^53) or overflow.
inline constexpr double kMaxAdjustmentTokens = 1e9;

struct LedgerBody
{
    QString user;
    double amount = 0;
    QString reason;
};

// Absent with `error` naming the key when the body is refused.
std::optional<LedgerBody> ledgerBodyFromJson(const QByteArray& body, QString* error);

} // namespace gw
