#include "models/tokenbook.h"

#include "model/snapshot.h"
#include "readings/readingstream.h"

#include <QElapsedTimer>
#include <QMutexLocker>
#include <QTimer>

namespace gw {

namespace {
constexpr qint64 kHourMs = 3'600'000;
}

TokenBook::TokenBook(QObject* parent)
    : QObject(parent)
    , m_timer(new QTimer(this))
{
    m_timer->setSingleShot(true);
    m_timer->setInterval(10'000);
    connect(m_timer, &QTimer::timeout, this, &TokenBook::rebuildNow);
}

TokenBook::~TokenBook() = default; // the trackers wait for their jobs

void TokenBook::built(const Result& r)
{
    m_books = r.books;
    m_asOfMs = r.asOfMs;
    m_newestMs = r.newestMs;
    m_lastBuildMs = r.buildMs;
    Q_EMIT booksChanged();
    if (m_againSoon) {
        m_again = m_againSoon = false;
        rebuildNow();
    } else if (m_again) {
        m_again = false;
        if (!m_timer->isActive())
            m_timer->start();
    }
}

void TokenBook::setRules(const PolicyConfig::Tokens& rules)
{
    m_rules = rules;
    rebuildNow();
}

void TokenBook::setRebuildInterval(int ms)
{
    m_timer->setInterval(ms);
}

int TokenBook::rebuildInterval() const
{
    return m_timer->interval();
}

void TokenBook::ingestBatch(const QList<Snapshot>& readings)
{
    if (readings.isEmpty())
        return;
    {
        QMutexLocker lock(&m_mutex);
        for (const Snapshot& s : readings) {
            m_meter.feed(s);
            if (m_firstMs == 0 || s.timestampMs < m_firstMs)
                m_firstMs = s.timestampMs;
            m_lastMs = qMax(m_lastMs, s.timestampMs);
        }
    }
    QMetaObject::invokeMethod(this, &TokenBook::readingsArrived, Qt::QueuedConnection);
}

void TokenBook::readingsArrived()
{
    // The first books at once, then at most every interval.
    if (m_asOfMs == 0 && !building() && !m_timer->isActive())
        rebuildNow();
    else if (building())
        m_again = true;
    else if (!m_timer->isActive())
        m_timer->start();
}

void TokenBook::rebuildNow()
{
    if (building()) {
        m_again = true;
        return;
    }
    m_timer->stop();
    const PolicyConfig::Tokens rules = m_rules;
    m_build.start(
        [this, rules, past = m_past](JobControl&) {
            QElapsedTimer clock;
            clock.start();
            Result r;
            // A copy, finished: each server's last reading stands for one
            // interval (a server gone silent is charged to its end, as the CLI
            // does); the next reading of a live one would charge the same.
            UsageMeter meter;
            qint64 first = 0;
            {
                QMutexLocker lock(&m_mutex);
                meter = m_meter;
                first = m_firstMs;
                r.newestMs = m_lastMs;
            }
            meter.finish();
            // Before the first live reading: the history's (finished when read).
            QList<UsageFact> facts = meter.facts();
            QList<CoverageGap> gaps = meter.gaps();
            QSet<QString> models = meter.gpuModelsSeen();
            const bool used = rules.charge == PolicyConfig::Tokens::Charge::Used;
            QStringList warnings = meter.warnings() + (used ? meter.usedWarnings() : QStringList());
            if (past) {
                facts << past->meter.facts();
                gaps = past->meter.gaps() + gaps;
                models.unite(past->meter.gpuModelsSeen());
                warnings = past->meter.warnings() +
                           (used ? past->meter.usedWarnings() : QStringList()) + warnings;
                first = first > 0 ? qMin(first, past->firstMs) : past->firstMs;
                r.newestMs = qMax(r.newestMs, past->lastMs);
            }
            if (!rules.enabled || r.newestMs == 0)
                return r;
            // Hours that ended by the newest reading; the open one is charged
            // when it ends (the meter holds the last reading until the next).
            r.asOfMs = r.newestMs - r.newestMs % kHourMs;
            const qint64 from = first - first % kHourMs;
            if (r.asOfMs > from)
                r.books = buildBooks(facts, rules, from, r.asOfMs, {}, models, gaps);
            r.books.warnings << warnings;
            r.buildMs = double(clock.nsecsElapsed()) / 1e6;
            return r;
        },
        [this](const Result& r) { built(r); });
}

void TokenBook::loadHistory(const QString& path, qint64 fromMs, qint64 toMs)
{
    struct Loaded
    {
        std::shared_ptr<const Past> past; // none: nothing read
        quint64 count = 0;
        QString error;
    };
    m_load.start(
        [path, fromMs, toMs](JobControl&) {
            Loaded out;
            const std::unique_ptr<ReadingStream> readings =
                ReadingStream::open(ReadingSpec::history(path).within(fromMs, toMs), &out.error);
            if (!readings)
                return out;
            auto past = std::make_shared<Past>();
            while (const std::optional<Snapshot> s = readings->next(&out.error)) {
                past->meter.feed(*s);
                if (past->firstMs == 0)
                    past->firstMs = s->timestampMs;
                past->lastMs = qMax(past->lastMs, s->timestampMs);
                ++out.count;
            }
            past->meter.finish();
            if (out.error.isEmpty() && out.count > 0)
                out.past = std::move(past);
            return out;
        },
        [this](const Loaded& out) {
            if (out.past)
                m_past = out.past;
            Q_EMIT historyLoaded(out.count, out.error);
            if (!out.past)
                return;
            if (building())
                m_againSoon = true; // that build is without the history
            else
                rebuildNow();
        });
}

} // namespace gw
