#include "charts/historychartmodel.h"

#include "common/palette.h"
#include "model/metrics.h"
#include "model/units.h"
#include "models/roles.h"

#include <QDateTime>

#include <cmath>

namespace gw {

QColor metricColor(const MetricDef& d, bool dark)
{
    return QColor::fromRgb(dark ? d.colors.dark : d.colors.light);
}

QColor historySeriesColor(int index, bool dark)
{
    // The one palette decides (common/palette.h): series colours apart from
    // the state colours.
    QPalette p;
    p.setColor(QPalette::Window, dark ? Qt::black : Qt::white);
    return seriesColor(index, p);
}

HistoryChartModel::HistoryChartModel(HistoryProvider* provider, QObject* parent)
    : QAbstractTableModel(parent)
    , m_provider(provider)
{
    Q_ASSERT(provider);
    m_resizeTimer.setSingleShot(true);
    m_resizeTimer.setInterval(kResizeDebounce);
    connect(&m_resizeTimer, &QTimer::timeout, this, &HistoryChartModel::requestAll);
    connect(provider, &HistoryProvider::resultReady, this, &HistoryChartModel::onResult);
    connect(provider, &HistoryProvider::dataAppended, this, &HistoryChartModel::onDataAppended);
    followNow(m_baseSpan);
}

void HistoryChartModel::setSeries(const QList<HistorySeries>& series)
{
    beginResetModel();
    m_rows.clear();
    for (const HistorySeries& s : series)
        m_rows.append(Row{s, {}, 0});
    endResetModel();
    Q_EMIT seriesLayoutChanged();
    // The newest sample depends on the servers shown.
    if (m_following)
        setView(followEnd() - m_baseSpan, followEnd(), true, false);
    requestAll();
}

QColor HistoryChartModel::colorAt(int row) const
{
    const QColor c = m_rows.at(row).series.color;
    return c.isValid() ? c : historySeriesColor(row, m_dark);
}

void HistoryChartModel::setSeriesVisible(int row, bool visible)
{
    Row& r = m_rows[row];
    if (r.series.visible == visible)
        return;
    r.series.visible = visible;
    if (visible) {
        requestRow(row);
    } else {
        r.pendingId = 0; // its answer is no longer awaited
    }
    Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
    Q_EMIT seriesLayoutChanged();
}

MetricId HistoryChartModel::metric() const
{
    return m_rows.isEmpty() ? MetricId::GpuUtilization : m_rows.first().series.key.metric;
}

void HistoryChartModel::followNow(qint64 spanMs)
{
    m_baseFollow = true;
    m_baseSpan = std::max(spanMs, kMinSpanMs);
    const qint64 end = followEnd();
    setView(end - m_baseSpan, end, true, false);
}

void HistoryChartModel::setFixedRange(qint64 fromMs, qint64 toMs)
{
    if (toMs - fromMs < kMinSpanMs)
        toMs = fromMs + kMinSpanMs;
    m_baseFollow = false;
    m_baseFrom = fromMs;
    m_baseTo = toMs;
    setView(fromMs, toMs, false, false);
}

void HistoryChartModel::zoomTo(qint64 fromMs, qint64 toMs)
{
    if (toMs < fromMs)
        std::swap(fromMs, toMs);
    if (toMs - fromMs < kMinSpanMs) {
        const qint64 mid = fromMs + (toMs - fromMs) / 2;
        fromMs = mid - kMinSpanMs / 2;
        toMs = fromMs + kMinSpanMs;
    }
    setView(fromMs, toMs, false, true);
}

void HistoryChartModel::pan(qint64 deltaMs)
{
    if (deltaMs != 0)
        setView(m_from + deltaMs, m_to + deltaMs, false, true);
}

void HistoryChartModel::resetZoom()
{
    if (m_baseFollow) {
        const qint64 end = followEnd();
        setView(end - m_baseSpan, end, true, false);
    } else {
        setView(m_baseFrom, m_baseTo, false, false);
    }
}

void HistoryChartModel::setPixelWidth(int devicePixels)
{
    devicePixels = std::max(devicePixels, 0);
    if (devicePixels == m_pixelWidth)
        return;
    const bool first = m_pixelWidth == 0;
    m_pixelWidth = devicePixels;
    // The first width is asked at once: there is nothing on screen yet.
    if (first)
        requestAll();
    else
        m_resizeTimer.start();
}

void HistoryChartModel::refresh()
{
    requestAll();
}

void HistoryChartModel::setDarkPalette(bool dark)
{
    if (dark == m_dark)
        return;
    m_dark = dark;
    if (!m_rows.isEmpty())
        Q_EMIT dataChanged(index(0, NameColumn), index(rowCount() - 1, NameColumn),
                           {Qt::DecorationRole});
    Q_EMIT seriesLayoutChanged();
}

void HistoryChartModel::onResult(quint64 id, const HistoryResult& result)
{
    // Ids are unique per provider, and a provider may serve many charts: an id
    // that no row waits for is another chart's, or superseded.
    for (int row = 0; row < m_rows.size(); ++row) {
        Row& r = m_rows[row];
        if (r.pendingId != id || id == 0)
            continue;
        r.pendingId = 0;
        r.result = result;
        Q_EMIT dataChanged(index(row, LastValueColumn), index(row, LastValueColumn));
        Q_EMIT seriesDataChanged(row);
        return;
    }
}

void HistoryChartModel::onDataAppended(const QStringList& servers)
{
    if (!m_following)
        return;
    bool ours = false;
    for (const Row& r : std::as_const(m_rows))
        ours = ours || servers.contains(r.series.key.server);
    if (!ours)
        return;
    const qint64 end = followEnd();
    if (end != m_to)
        setView(end - m_baseSpan, end, true, false);
    else
        requestAll(); // same end, new samples inside it
}

qint64 HistoryChartModel::followEnd() const
{
    qint64 newest = 0;
    for (const Row& r : m_rows)
        newest = std::max(newest, m_provider->newestMs(r.series.key.server));
    // No samples yet: end at the wall clock, so the axis still reads sensibly.
    return newest > 0 ? newest : QDateTime::currentMSecsSinceEpoch();
}

void HistoryChartModel::setView(qint64 fromMs, qint64 toMs, bool following, bool zoomed)
{
    const bool rangeMoved = fromMs != m_from || toMs != m_to;
    m_from = fromMs;
    m_to = toMs;
    if (following != m_following) {
        m_following = following;
        Q_EMIT followingChanged(following);
    }
    if (zoomed != m_zoomed) {
        m_zoomed = zoomed;
        Q_EMIT zoomedChanged(zoomed);
    }
    if (rangeMoved) {
        Q_EMIT rangeChanged(m_from, m_to);
        requestAll();
    }
}

void HistoryChartModel::requestRow(int row)
{
    Row& r = m_rows[row];
    if (!r.series.visible || m_pixelWidth <= 0 || m_to <= m_from) {
        r.pendingId = 0;
        return;
    }
    r.pendingId = m_provider->request(r.series.key, m_from, m_to, m_pixelWidth);
}

void HistoryChartModel::requestAll()
{
    m_resizeTimer.stop();
    for (int row = 0; row < m_rows.size(); ++row)
        requestRow(row);
}

double HistoryChartModel::lastValue(int row) const
{
    const QList<HistoryBucket>& b = m_rows.at(row).result.buckets;
    for (auto it = b.crbegin(); it != b.crend(); ++it) {
        if (it->count > 0)
            return it->mean;
    }
    return std::numeric_limits<double>::quiet_NaN();
}

int HistoryChartModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int HistoryChartModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant HistoryChartModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row& r = m_rows.at(index.row());
    switch (index.column()) {
    case NameColumn:
        switch (role) {
        case Qt::DisplayRole:
        case SortRole:
            return r.series.name;
        case Qt::DecorationRole:
            return colorAt(index.row());
        case Qt::CheckStateRole:
            return r.series.visible ? Qt::Checked : Qt::Unchecked;
        case Qt::ToolTipRole:
            return QString(r.series.key.server + QLatin1Char(' ') + r.series.key.target);
        case ServerRole:
            return r.series.key.server;
        case GpuUuidRole:
            return r.series.key.target;
        default:
            return {};
        }
    case LastValueColumn: {
        const double v = lastValue(index.row());
        switch (role) {
        case Qt::DisplayRole:
            return formatMetric(r.series.key.metric, v);
        case RawValueRole:
            return std::isnan(v) ? QVariant() : QVariant(v);
        case SortRole:
            return std::isnan(v) ? -std::numeric_limits<double>::infinity() : v;
        case Qt::TextAlignmentRole:
            return int(Qt::AlignRight | Qt::AlignVCenter);
        default:
            return {};
        }
    }
    default:
        return {};
    }
}

bool HistoryChartModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid) ||
        index.column() != NameColumn || role != Qt::CheckStateRole)
        return false;
    setSeriesVisible(index.row(), Qt::CheckState(value.toInt()) == Qt::Checked);
    return true;
}

Qt::ItemFlags HistoryChartModel::flags(const QModelIndex& index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemNeverHasChildren;
    if (index.column() == NameColumn)
        f |= Qt::ItemIsUserCheckable;
    return f;
}

QVariant HistoryChartModel::headerData(int section, Qt::Orientation o, int role) const
{
    if (o != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn:
        return tr("Series");
    case LastValueColumn:
        return tr("Last value");
    default:
        return {};
    }
}

} // namespace gw
