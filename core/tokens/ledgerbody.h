#pragma once

// The body of POST /v1/ledger (an admin's adjustment, docs/tokens.md "On the
// agent"): {"user": "alice", "amount": -5, "reason": "refund"}. Strict: every
// key required, no others; amount finite and non-zero; user and reason not
// blank. A pure function, fuzzed (fuzz/fuzz_ledgerbody.cpp).

#include <QByteArray>
#include <QString>

#include <optional>

namespace gw {

struct LedgerBody
{
    QString user;
    double amount = 0;
    QString reason;
};

// Absent with `error` naming the key when the body is refused.
std::optional<LedgerBody> ledgerBodyFromJson(const QByteArray& body, QString* error);

} // namespace gw
