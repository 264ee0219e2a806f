#pragma once

// The desktop's own token books (issue 13, desktop slice 1): a UsageMeter
// over the readings this desktop receives, rebuilt into gw::Books under the
// [tokens] rules of the policy in force. The Tokens view takes Books, rules
// and an "as of" time, so an agent's /v1/balances can replace this source
// later. Readings may arrive on any thread (ingestBatch is thread-safe); the
// books are built off the GUI thread, at most every rebuildInterval().

#include "policy/policyconfig.h"
#include "tokens/ledger.h"
#include "tokens/usage.h"
#include "util/jobtracker.h"

#include <QMutex>
#include <QObject>

#include <memory>

class QTimer;

namespace gw {

struct Snapshot;

class TokenBook final : public QObject
{
    Q_OBJECT
public:
    explicit TokenBook(QObject* parent = nullptr);
    ~TokenBook() override;

    void setRules(const PolicyConfig::Tokens& rules);
    PolicyConfig::Tokens rules() const { return m_rules; }
    // 10 s by default: a month's books take milliseconds, but readings come
    // every second.
    void setRebuildInterval(int ms);
    int rebuildInterval() const;

    // Thread-safe: may be connected with Qt::DirectConnection to a source.
    void ingestBatch(const QList<gw::Snapshot>& readings);

    // The books of the hours that ended by asOfMs() (the open hour is not
    // charged yet), and how long the last build took.
    const Books& books() const { return m_books; }
    qint64 asOfMs() const { return m_asOfMs; }
    qint64 newestReadingMs() const { return m_newestMs; }
    double lastBuildMs() const { return m_lastBuildMs; }
    bool building() const { return m_build.isRunning(); }
    // Builds now (off the GUI thread); booksChanged() when done.
    void rebuildNow();

    // The readings of a history file in [fromMs, toMs) (the time before
    // this desktop's first reading), read on the worker thread into a meter
    // of their own, so live readings are never refused as out of order;
    // historyLoaded() then books with both.
    void loadHistory(const QString& path, qint64 fromMs, qint64 toMs);

Q_SIGNALS:
    void booksChanged();
    void historyLoaded(quint64 readings, const QString& error); // error empty: read

private:
    struct Result
    {
        Books books;
        qint64 asOfMs = 0;
        qint64 newestMs = 0;
        double buildMs = 0;
    };
    void readingsArrived();
    void built(const Result& result);

    mutable QMutex m_mutex; // guards m_meter, m_firstMs, m_lastMs
    UsageMeter m_meter;
    qint64 m_firstMs = 0;
    qint64 m_lastMs = 0;

    // The history's readings, read once (a build takes the pointer).
    struct Past
    {
        UsageMeter meter;
        qint64 firstMs = 0;
        qint64 lastMs = 0;
    };
    std::shared_ptr<const Past> m_past;

    PolicyConfig::Tokens m_rules;
    QTimer* m_timer;
    bool m_again = false;     // readings arrived while a build ran
    bool m_againSoon = false; // … or the history: the next build at once
    Books m_books;
    qint64 m_asOfMs = 0;
    qint64 m_newestMs = 0;
    double m_lastBuildMs = 0;
    // Last: they wait for their work, which reads the meter above.
    JobTracker m_build{QStringLiteral("gw-token-books")};
    JobTracker m_load{QStringLiteral("gw-token-history")};
};

} // namespace gw
