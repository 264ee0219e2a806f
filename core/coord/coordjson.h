#pragma once

// The wire format of coordination (docs/coordination.md, "On the agent"):
// candidates, reservations, advice, the body of POST /v1/allocate and the
// allocation state of GET /v1/allocate, as JSON. Readers are strict: a
// missing required key, a wrong type, a value out of range or an unknown key
// is refused with a sentence that names the field; nothing is read as 0.

#include "coord/advice.h"
#include "coord/gpuselection.h"
#include "policy/policyconfig.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>

namespace gw {

// {"id","gpu_index","mig_uuid"|null,"mig_index"|null,"score","free_mib",
//  "utilization_percent"|null}
QJsonObject candidateJson(const Candidate& candidate);
std::optional<Candidate> candidateFromJson(const QJsonObject& o, QString* error);

// {"id","server","user","units":[…],"created_ms","expires_ms"}
QJsonObject reservationJson(const Reservation& reservation);
std::optional<Reservation> reservationFromJson(const QJsonObject& o, QString* error);

// {"user","priority","allowed_share_percent","share_percent",
//  "factors":{"quota":{"value","reason"},"band":{…},"defensive":{…}},
//  "start_now","wait_seconds","reason"}
QJsonObject adviceJson(const Advice& advice);
std::optional<Advice> adviceFromJson(const QJsonObject& o, QString* error);

// Limits of the body of POST /v1/allocate.
inline constexpr int kMaxAllocateGpus = 64;
inline constexpr double kMaxAllocateMinFreeMiB = 2147483648.0; // 2^31 MiB
inline constexpr int kMaxAllocateUserChars = 64;
inline constexpr qint64 kMinAllocateTtlMs = 1000;
inline constexpr qint64 kMaxAllocateTtlMs = 24 * 3'600'000LL;

// POST /v1/allocate:
// {"gpus":2, "min_free_mib":8192, "max_utilization_percent":50,
//  "wait_seconds":300, "user":"alice", "ttl_seconds":120, "mig":"allow"}.
// Only "user" is required: gpus defaults to 1, min_free_mib to 0, no
// utilisation limit, no wait, the ttl to [allocate] default_ttl, mig to
// allow. Seconds may have a fraction; they are kept as milliseconds.
struct AllocateBody
{
    SelectionRequest request;
    qint64 waitMs = 0;
};
// request.ttlMs of 0 or less leaves "ttl_seconds" out: the agent's
// [allocate] default_ttl applies.
QJsonObject allocateBodyJson(const AllocateBody& body);
// Ranges: gpus 1..64, min_free_mib 0..2^31, max_utilization_percent 0..100,
// wait_seconds 0..[allocate] max_wait (over it: an error naming the cap),
// ttl_seconds 1 s..24 h, user 1..64 characters without control characters,
// mig allow|only|never. `limits` gives the default ttl and the cap on waits.
std::optional<AllocateBody> parseAllocateBody(const QByteArray& body,
                                              const PolicyConfig::Allocate& limits, QString* error);

// GET /v1/allocate: the agent's reservations and the callers waiting.
struct WaitingCaller
{
    QString user;
    int gpus = 1;
    double minFreeMiB = 0;
    qint64 sinceMs = 0;
    qint64 deadlineMs = 0;
    bool operator==(const WaitingCaller&) const = default;
};
struct AllocationState
{
    qint64 nowMs = 0;
    QList<Reservation> reservations; // oldest first
    QList<WaitingCaller> waiting;    // oldest first
    bool operator==(const AllocationState&) const = default;
};
// {"now_ms", "reservations":[…], "waiting":[{"user","gpus","min_free_mib",
//  "since_ms","deadline_ms"}]}
QJsonObject allocationStateJson(const AllocationState& state);
std::optional<AllocationState> allocationStateFromJson(const QJsonObject& o, QString* error);

} // namespace gw
