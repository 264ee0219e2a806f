#pragma once

// Snapshot <-> JSON with snake_case keys. Absent values are null. This is the
// payload of `gpuwarden-cli snapshot --json` and of the agent's API.

#include "model/snapshot.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

#include <optional>

namespace gw {

// The format's version, written as "snapshot_version" (docs/snapshot-json.md):
// 2 added each process's "workload"; 3 its "owner", the workload's names
// and each GPU's "holder"; 4 each GPU's "health_facts" and "health". A
// reading without the key is version 1.
inline constexpr int kSnapshotVersion = 4;

QJsonObject toJson(const Snapshot& s);
QByteArray toJsonBytes(const Snapshot& s, bool indented = true);

// Strict reader: a missing required key, a wrong type or a number out of
// range is an error naming the path ("gpus[1].memory_used_mib: expected a
// number or null, got a string"). Unknown keys are ignored, so newer agents
// can add fields.
std::optional<Snapshot> snapshotFromJson(const QJsonObject& o, QString* error);
std::optional<Snapshot> snapshotFromJsonBytes(const QByteArray& bytes, QString* error);

// Control characters in every name and text of `s` made visible escapes
// (util/printable.h), as both readers (JSON, CBOR) leave what they read.
void makeSnapshotPrintable(Snapshot& s);

// What a JSON value is, for "expected a number, got a string": "null", "a
// boolean", "a number", "a string", "an array", "an object", "nothing".
QString jsonTypeName(const QJsonValue& v);

} // namespace gw
