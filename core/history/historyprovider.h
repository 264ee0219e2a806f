#pragma once

// What a chart asks history for, asynchronously: the GUI thread never waits
// on disk. Implemented by HistoryService (SQLite on reader threads) and by
// fakes in tests.

#include "history/historytypes.h"

#include <QObject>

namespace gw {

class HistoryProvider : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;

    // Starts a query; the answer comes through resultReady with the returned
    // id (never 0). Callers drop answers to ids they no longer wait for.
    virtual quint64 request(const SeriesKey& key, qint64 fromMs, qint64 toMs, int points) = 0;

    // Newest sample time known for a server (0: none); charts in "follow now"
    // mode end their range there.
    virtual qint64 newestMs(const QString& server) const = 0;

Q_SIGNALS:
    void resultReady(quint64 id, const gw::HistoryResult& result);
    // New samples were stored for these servers; live charts re-query.
    void dataAppended(const QStringList& servers);
};

} // namespace gw
