#pragma once

// Who owns a GPU process as every process table shows it (docs/owners.md,
// docs/desktop.md): the owner (never "root" for a root process in a
// container no rule names: the container is the owner), the host user as a
// detail where it differs, the account and the workload's name. A server
// whose sampler runs in a PID namespace of its own names no process, so its
// processes show no owner whatever the reading says.
//
// ProcessFilter: the filter line of the process tables. Words of the form
// user:NAME, account:NAME, namespace:NAME (ns:NAME) and job:ID match that
// field exactly (any case); the other words, together, are free text.

#include "model/snapshot.h"

#include <QString>

namespace gw {

struct ProcessOwnerText
{
    QString owner;     // as shown: the owner, "unknown" where none is known
    QString ownerRaw;  // the owner's name, empty where none is known
    QString hostUser;  // the process's user
    QString account;   // empty: none known
    QString workload;  // "container trainer", "pod vision/train-0", "Slurm job 57"
    QString nameSpace; // the pod's namespace (Kubernetes)
    QString job;       // the Slurm job's id
    QString toolTip;   // why it is the owner, the host user where it differs
};

// pidsHidden: the server's sampler runs in a PID namespace of its own.
ProcessOwnerText ownerTextOf(const GpuProcess& p, bool pidsHidden);

// Why a server's processes show no owner (a tooltip, the server's notice).
QString ownPidNamespaceText();

// The holder of a GPU with no process on it, for the GPU's state line:
// "held by pod vision/notebook-0 (carol)"; empty where nothing holds it.
QString heldByText(const GpuSample& g);

class ProcessFilter
{
public:
    ProcessFilter() = default;
    explicit ProcessFilter(const QString& text);

    bool isEmpty() const;
    // The free text (the words that are not user:, account:, …).
    const QString& text() const { return m_text; }
    // Matches the fields; the free text is left to the caller (each table
    // searches its own columns).
    bool matchesFields(const ProcessOwnerText& o) const;

    QString user; // the owner or the host user
    QString account;
    QString nameSpace;
    QString job;

private:
    QString m_text;
};

} // namespace gw
