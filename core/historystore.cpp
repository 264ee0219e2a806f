#include "historystore.h"

// Placeholder until the store lands: opens nothing.
namespace gw {

struct HistoryStore::Impl
{
};

HistoryStore::HistoryStore() = default;
HistoryStore::~HistoryStore() = default;

std::unique_ptr<HistoryStore> HistoryStore::open(const QString& path, Mode, QString* error,
                                                 RetentionPolicy)
{
    if (error)
        *error = path + QStringLiteral(": history store not implemented yet");
    return nullptr;
}

bool HistoryStore::append(const QList<Snapshot>&, QString* error)
{
    if (error)
        *error = QStringLiteral("not implemented");
    return false;
}

HistoryResult HistoryStore::query(const SeriesKey& key, qint64 fromMs, qint64 toMs, int)
{
    HistoryResult r;
    r.key = key;
    r.fromMs = fromMs;
    r.toMs = toMs;
    r.error = QStringLiteral("not implemented");
    return r;
}

QList<ProcessFact> HistoryStore::processes(const QString&, qint64, qint64, QString*)
{
    return {};
}

QList<SeriesKey> HistoryStore::seriesOf(const QString&)
{
    return {};
}

QStringList HistoryStore::servers()
{
    return {};
}

bool HistoryStore::enforceRetention(qint64, QString*)
{
    return true;
}

bool HistoryStore::flush(QString*)
{
    return true;
}

QString HistoryStore::path() const
{
    return {};
}

qint64 HistoryStore::fileSizeBytes() const
{
    return 0;
}

} // namespace gw
