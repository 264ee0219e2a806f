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
    m_pool.setMaxThreadCount(1);
}

TokenBook::~TokenBook()
{
    m_pool.waitForDone();
}

void TokenBook::built(const Result& r)
{
    m_building = false;
    m_books = r.books;
    m_asOfMs = r.asOfMs;
    m_newestMs = r.newestMs;
    m_lastBuildMs = r.buildMs;
    Q_EMIT booksChanged();
    if (m_again) {
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
    if (m_asOfMs == 0 && !m_building && !m_timer->isActive())
        rebuildNow();
    else if (m_building)
        m_again = true;
    else if (!m_timer->isActive())
        m_timer->start();
}

void TokenBook::rebuildNow()
{
    if (m_building) {
        m_again = true;
        return;
    }
    m_timer->stop();
    m_building = true;
    const PolicyConfig::Tokens rules = m_rules;
    m_pool.start([this, rules] {
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
        if (m_pastFirstMs > 0) {
            facts << m_past.facts();
            gaps = m_past.gaps() + gaps;
            models.unite(m_past.gpuModelsSeen());
            warnings =
                m_past.warnings() + (used ? m_past.usedWarnings() : QStringList()) + warnings;
            first = first > 0 ? qMin(first, m_pastFirstMs) : m_pastFirstMs;
            r.newestMs = qMax(r.newestMs, m_pastLastMs);
        }
        const auto deliver = [this](const Result& result) {
            QMetaObject::invokeMethod(
                this, [this, result] { built(result); }, Qt::QueuedConnection);
        };
        if (!rules.enabled || r.newestMs == 0)
            return deliver(r);
        // Hours that ended by the newest reading; the open one is charged
        // when it ends (the meter holds the last reading until the next).
        r.asOfMs = r.newestMs - r.newestMs % kHourMs;
        const qint64 from = first - first % kHourMs;
        if (r.asOfMs > from)
            r.books = buildBooks(facts, rules, from, r.asOfMs, {}, models, gaps);
        r.books.warnings << warnings;
        r.buildMs = double(clock.nsecsElapsed()) / 1e6;
        deliver(r);
    });
}

void TokenBook::loadHistory(const QString& path, qint64 fromMs, qint64 toMs)
{
    m_pool.start([this, path, fromMs, toMs] {
        QString error;
        quint64 count = 0;
        const std::unique_ptr<ReadingStream> readings =
            ReadingStream::open(ReadingSpec::history(path).within(fromMs, toMs), &error);
        if (readings) {
            UsageMeter past;
            qint64 first = 0, last = 0;
            while (const std::optional<Snapshot> s = readings->next(&error)) {
                past.feed(*s);
                if (first == 0)
                    first = s->timestampMs;
                last = qMax(last, s->timestampMs);
                ++count;
            }
            past.finish();
            if (error.isEmpty() && count > 0) {
                m_past = past;
                m_pastFirstMs = first;
                m_pastLastMs = last;
            }
        }
        QMetaObject::invokeMethod(
            this,
            [this, count, error] {
                Q_EMIT historyLoaded(count, error);
                if (error.isEmpty() && count > 0)
                    rebuildNow();
            },
            Qt::QueuedConnection);
    });
}

} // namespace gw
