#pragma once

// What the policy engine finds: hog, idle and fair-share events, and what was
// done about them. One event is one span (start, and end once it is over) of
// one subject (a process, or a user) on one server. While it lasts it
// changes: its figures grow, warnings and actions are added, it ends. Each
// change is handed on as the whole event again, with the same id, so anyone
// who keeps the newest version per id (the agent's event log, the desktop)
// has the current truth. See docs/policies.md for the JSON.

#include <QJsonObject>
#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>
#include <QtGlobal>

#include <optional>

namespace gw {

enum class PolicyEventKind
{
    Hog,       // high utilisation, for longer than [hog] duration
    Idle,      // memory held on a GPU that stays unused for [idle] time_window
    FairShare, // a user's share of the server over [quota] window above their quota
    GpuHealth, // a GPU degraded or failing (docs/health.md), until it is ok again
    Xid,       // an XID a program caused, told to its owner (docs/health.md)
    OverCap    // a process on a GPU past a cap of [accounts], not asked for (docs/policies.md)
};

struct PolicyEvent;
struct ProcessVerdict;

// The figure that stands for an event where one number must (a sortable
// column): its peak utilisation, or its mean (a share over a window).
enum class PolicyEventFigure
{
    Peak,
    Mean
};

// What a report counts per user for a kind: its events, or the hours they
// were open (time over quota).
enum class PolicyEventTally
{
    Events,
    Hours,
    None // not counted per user: a GPU's fault (the report's health section tells it)
};

// One row per kind: everything that differs between kinds outside the rule
// that finds them (the wire name, the words, the colours and the hatch the
// desktop draws them with, the figures that describe one, the sentence).
// The code asks this table instead of switching on the kind or naming one; a
// new kind is its row here, its rule in the engine and its tests (and, since
// a report's per-user columns are fixed, a count in userEventTallies()).
// A row's index in the table is the kind's value in the enum: its slot in
// per-kind arrays, legends and verdict bits (1 << index).
struct PolicyEventKindInfo
{
    PolicyEventKind kind;
    const char* name;   // on the wire and in the JSON: "hog", "idle", "fair_share"
    const char* title;  // a notification's title: "GPU hog"
    const char* label;  // a table's kind column: "Hog"
    const char* noun;   // in a sentence or legend, lower case: "fair share"
    const char* letter; // on a bar or a badge: "H"
    const char* filter; // a filter's check box, with its mnemonic: "&Hog"
    const char* badge;  // a verdict's word on a process: "over quota"
    const char* pill;   // a verdict's short word on a GPU row's pill: "quota"
    // Fill colours (0xRRGGBB) on a light and on a dark palette, told apart
    // by colour-blind readers too, and a hatch so colour is not the only cue.
    quint32 lightRgb;
    quint32 darkRgb;
    Qt::BrushStyle pattern;
    // A user's share of a whole server (no process, no GPU): a bar's label
    // and a list name the user, never a command.
    bool aboutUser;
    PolicyEventFigure figure;
    // A verdict against a quota: its figures read "48 % of quota 30 %", and
    // quota_percent and excess_percent are on the wire.
    bool quota;
    // Memory held is the point: it is shown and memory_mib is on the wire.
    bool holdsMemory;
    // Its new-event alert can be switched off (setHogAlerts: [hog] alert).
    bool alertSwitchable;
    // About a GPU's health: health_state and health_reasons on the wire.
    bool health;
    // About an XID: xid and xid_text on the wire.
    bool xid;
    // About a cap of [accounts]: cap_scope, cap_gpus and held_gpus on the wire.
    bool cap;
    PolicyEventTally tally;
    bool ProcessVerdict::*verdict;                 // the verdict an open event sets on its process
    QString (*describe)(const PolicyEvent& event); // policyEventText's sentence
};

// Every kind, in the enum's order.
const QList<PolicyEventKindInfo>& policyEventKinds();
const PolicyEventKindInfo& policyEventKindInfo(PolicyEventKind kind);
// The table's words, translated (title, label, noun, letter).
QString policyEventKindText(const char* text);

QString policyEventKindName(PolicyEventKind kind); // "hog", "idle", "fair_share"
std::optional<PolicyEventKind> policyEventKindFromName(const QString& name);

// A step taken on an event: a warning to the owner, a signal sent (or what
// would have been sent in a dry run or a replay), or a refusal to act.
struct PolicyAction
{
    enum class Kind
    {
        Warning,   // "terminate in 5m"
        Terminate, // SIGTERM
        Kill,      // SIGKILL after the grace period
        Refused    // the process was not acted on, and why (detail)
    };
    Kind kind = Kind::Warning;
    qint64 atMs = 0;
    // Nothing was done: dry_run, a replay, or an engine without an enforcer.
    bool simulated = false;
    QString detail; // "terminate in 5m", "pid 1234 now belongs to another process", …
    // A warning: when the step it announces is due (what a notice to the
    // owner says); absent for other actions, and in events recorded before.
    std::optional<qint64> dueMs = std::nullopt;
    bool operator==(const PolicyAction&) const = default;
};

QString policyActionKindName(PolicyAction::Kind kind); // "warning", "terminate", "kill", "refused"
// The same word for people, in their language (policyActionKindName() is
// the wire's and the files').
QString policyActionKindText(PolicyAction::Kind kind);

struct PolicyEvent
{
    // Stable for the same facts: the same readings and policy give the same
    // ids, live or replayed. "<kind>/<server>/<subject>/<startMs>".
    QString id;
    PolicyEventKind kind = PolicyEventKind::Hog;
    QString server;
    qint64 startMs = 0;          // when the behaviour began (not when it was judged)
    qint64 detectedMs = 0;       // when the engine judged it (start + duration / window)
    std::optional<qint64> endMs; // absent while it lasts
    QString endReason;           // "below threshold", "process exited", "gap in readings", …

    // Subject. A process event has pid (+ start time); a user-, workload- or
    // account-scope hog and a fair-share event have none (pid 0).
    QString gpuUuid; // empty for fair share (the whole server)
    int gpuIndex = -1;
    QString migUuid;
    qint64 pid = 0;
    std::optional<qint64> processStartMs;
    // The owner (docs/owners.md): the person judged, or the workload itself
    // ("container:job1"); empty for an account's processes judged together.
    QString user;
    QString command;
    QString account; // the owner's account; empty: none known
    // The workload the subject runs in (docs/owners.md): its kind as snapshot
    // JSON names it ("docker", "kubernetes", "slurm", …), its id (a
    // container's id, a pod's uid, a job's number), its name as people read
    // it ("container trainer", "pod vision/train-0", "Slurm job 57"), and a
    // Slurm job's id. Empty for the processes of several workloads (an
    // owner's or an account's together) and where none is known (events
    // written before owners were read).
    QString workloadKind;
    QString workloadId;
    QString workloadName;
    QString jobId;

    // Figures over the event so far, in percent: utilisation for hog and idle
    // (the GPU's, for idle), the measured share for fair share.
    double peakPercent = 0;
    double meanPercent = 0;
    double memoryMiB = 0;     // idle: memory held at the last reading
    double quotaPercent = 0;  // fair share: the quota that applied
    double excessPercent = 0; // fair share: peak share - quota
    double durationMs = 0;    // time covered by readings inside the event
    // Per-process utilisation was attributed (a lone process gets the GPU's
    // utilisation; several share it by memory), not reported by the driver.
    bool estimated = false;
    // gpu_health: the GPU's verdict ("degraded", "failing") and its reasons,
    // worst first, as the reading said them last.
    QString healthState;
    QStringList healthReasons;
    // xid: the code and the driver's words.
    int xid = 0;
    QString xidText;
    // over_cap: the cap passed ("user", "member", "account": the account is
    // `account`), its GPUs, and the GPUs held as last judged.
    QString capScope;
    int capGpus = 0;
    int heldGpus = 0;

    QList<PolicyAction> actions;

    bool isOpen() const { return !endMs.has_value(); }
    bool operator==(const PolicyEvent&) const = default;
};

// "GPU hog: python (PID 12345, alice) at 95 % for 42 min on gpu-node-3 GPU 2",
// "Idle GPU: …", "Over quota: alice at 48 % of gpu-node-3 for 1 h (quota 30 %)".
QString policyEventText(const PolicyEvent& event);

QJsonObject toJson(const PolicyEvent& event);
// Strict, like snapshotFromJson: a missing or mistyped key is an error naming
// it ("actions[1].at_ms: expected an integer").
std::optional<PolicyEvent> policyEventFromJson(const QJsonObject& o, QString* error);

} // namespace gw

Q_DECLARE_TYPEINFO(gw::PolicyAction, Q_RELOCATABLE_TYPE);
Q_DECLARE_TYPEINFO(gw::PolicyEvent, Q_RELOCATABLE_TYPE);
Q_DECLARE_METATYPE(gw::PolicyEvent)
