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

class VerdictBook final : public QObject
{
    Q_OBJECT
public:
    explicit VerdictBook(QObject* parent = nullptr);

    // The verdict on a process: pid on gpuUuid (empty: on any GPU) of
    // `user` (empty: unknown; over-quota verdicts from events need it).
    // Nullopt when nothing is held against it.
    std::optional<ProcessVerdict> processVerdict(const QString& server, qint64 pid,
                                                 const QString& gpuUuid = {},
                                                 const QString& user = {}) const;
    // The verdicts on a GPU's processes together: hog if any is, and so on;
    // the reasons one per line.
    std::optional<ProcessVerdict> gpuVerdict(const QString& server, const QString& gpuUuid) const;
    bool isEmpty() const;

    // The words of a verdict's badges ("hog", "idle", "over quota").
    static QStringList badgeWords(const ProcessVerdict& verdict);
    // "hog · over quota"
    static QString badgeText(const ProcessVerdict& verdict);
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
