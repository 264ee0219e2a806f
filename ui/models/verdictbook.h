#pragma once

// The current policy verdicts (hog, idle, over quota) per server, for the
// badges of the server tree and the process tables. Two sources: the
// PolicyStatus a policy service publishes (this machine, the demo), and for
// servers without one (remote agents) the open events: an open hog event on
// a pid makes that process a hog until the event ends.

#include "policy/policyengine.h"

#include <QHash>
#include <QIcon>
#include <QObject>

#include <optional>

class QPalette;

namespace gw {

// The role the models answer a row's verdicts in: int, VerdictFlag bits
// (absent: none). DecorationRole holds the badge icon, ToolTipRole the
// reasons, on the row's verdict column (the command, or a GPU's name).
enum VerdictRoleId
{
    VerdictFlagsRole = Qt::UserRole + 80
};
enum VerdictFlag
{
    HogVerdict = 1,
    IdleVerdict = 2,
    OverQuotaVerdict = 4
};
int verdictFlags(const ProcessVerdict& verdict);
// A kind's bit in verdictFlags: 1 << its slot in policyEventKinds() (so
// HogVerdict, IdleVerdict, OverQuotaVerdict for the three of today).
constexpr int verdictFlag(PolicyEventKind kind)
{
    return 1 << int(kind);
}
static_assert(verdictFlag(PolicyEventKind::Hog) == HogVerdict &&
              verdictFlag(PolicyEventKind::Idle) == IdleVerdict &&
              verdictFlag(PolicyEventKind::FairShare) == OverQuotaVerdict);

class VerdictBook final : public QObject
{
    Q_OBJECT
public:
    explicit VerdictBook(QObject* parent = nullptr);

    // The verdict on a process: pid on gpuUuid (empty: on any GPU) of
    // `user` (empty: unknown; over-quota verdicts from events need it).
    // A verdict on an earlier process with the same pid (its start time
    // differs from processStartMs) is not this one's. Nullopt when nothing
    // is held against it.
    // `user` is the process's owner (GpuProcess::ownerName) and `account`
    // its account: an account's verdict (no user) is each of its processes.
    std::optional<ProcessVerdict> processVerdict(const QString& server, qint64 pid,
                                                 const QString& gpuUuid = {},
                                                 const QString& user = {},
                                                 std::optional<qint64> processStartMs = {},
                                                 const QString& account = {}) const;
    // The verdicts on a GPU's processes together: hog if any is, and so on;
    // the reasons one per line.
    std::optional<ProcessVerdict> gpuVerdict(const QString& server, const QString& gpuUuid) const;
    bool isEmpty() const;

    // A GPU's own health (GpuSample::health, docs/health.md) joined to the
    // verdicts on its processes: a degraded or failing GPU is marked
    // faultyGpu, its state and reasons first in the tooltip. Live from the
    // reading, whether or not an event was made of it.
    static std::optional<ProcessVerdict> withGpuHealth(std::optional<ProcessVerdict> verdict,
                                                       const GpuSample& gpu);

    // The words of a verdict's badges ("hog", "idle", "over quota").
    static QStringList badgeWords(const ProcessVerdict& verdict);
    // "hog · over quota"
    static QString badgeText(const ProcessVerdict& verdict);
    // "hog · over quota", then the reasons, one per line.
    static QString toolTip(const ProcessVerdict& verdict);
    // A small icon: the first verdict's kind colour and letter (H, I, Q).
    static QIcon badgeIcon(const ProcessVerdict& verdict, const QPalette& palette);

public Q_SLOTS:
    // A policy service's status: replaces what the server's events said.
    void setStatus(const gw::PolicyStatus& status);
    // Events from an agent: open ones give verdicts, ended ones take theirs back.
    void addEvents(const QList<gw::PolicyEvent>& events);
    void removeServer(const QString& server);
    void clear();

Q_SIGNALS:
    void changed(const QString& server);

private:
    QList<ProcessVerdict> verdictsOf(const QString& server) const;

    QHash<QString, PolicyStatus> m_status;
    // Open events of servers without a status, by server then id.
    QHash<QString, QHash<QString, PolicyEvent>> m_open;
};

} // namespace gw
