#include "models/servertreedelegate.h"

#include "common/palette.h"
#include "models/roles.h"
#include "models/servertreemodel.h"

#include <QHash>
#include <QIcon>
#include <QPainter>
#include <QPixmap>

namespace gw {

namespace {
// A filled dot, drawn once per colour.
QIcon dotIcon(const QColor& color)
{
    static QHash<QRgb, QIcon> cache;
    auto it = cache.constFind(color.rgba());
    if (it != cache.cend())
        return *it;
    QIcon icon;
    for (int size : {16, 32}) {
        QPixmap pm(size, size);
        pm.fill(Qt::transparent);
        QPainter p(&pm);
        p.setRenderHint(QPainter::Antialiasing);
        p.setPen(Qt::NoPen);
        p.setBrush(color);
        const qreal m = size * 0.2;
        p.drawEllipse(QRectF(m, m, size - 2 * m, size - 2 * m));
        icon.addPixmap(pm);
    }
    return *cache.insert(color.rgba(), icon);
}

std::optional<LinkState> notConnected(const QModelIndex& index)
{
    const QVariant v = index.data(LinkStateRole);
    if (!v.isValid() || LinkState(v.toInt()) == LinkState::Connected)
        return std::nullopt;
    return LinkState(v.toInt());
}
} // namespace

QColor stateColor(GpuState s, bool dark)
{
    switch (s) {
    case GpuState::Idle:
        return dark ? QColor(0x66, 0xbb, 0x6a) : QColor(0x2e, 0x7d, 0x32);
    case GpuState::Busy:
        return dark ? QColor(0x42, 0xa5, 0xf5) : QColor(0x15, 0x65, 0xc0);
    case GpuState::Held:
        return dark ? QColor(0xff, 0xca, 0x28) : QColor(0xc7, 0x8a, 0x00);
    case GpuState::Hot:
        return dark ? QColor(0xff, 0x8a, 0x65) : QColor(0xe6, 0x51, 0x00);
    case GpuState::Error:
        return dark ? QColor(0xef, 0x53, 0x50) : QColor(0xc6, 0x28, 0x28);
    case GpuState::Unknown:
        return QColor(0x9e, 0x9e, 0x9e);
    }
    return {};
}

GpuState linkDotState(LinkState state)
{
    switch (state) {
    case LinkState::Connected:
        return GpuState::Idle;
    case LinkState::Connecting:
        return GpuState::Unknown;
    case LinkState::Stale:
        return GpuState::Held;
    default:
        return GpuState::Error;
    }
}

std::optional<QColor> ServerTreeDelegate::dotColor(const QModelIndex& index, bool dark)
{
    if (index.column() != ServerTreeModel::NameColumn)
        return std::nullopt;
    if (const QVariant state = index.data(StatusRole); state.isValid())
        return stateColor(GpuState(state.toInt()), dark);
    if (const QVariant link = index.data(LinkStateRole); link.isValid())
        return stateColor(linkDotState(LinkState(link.toInt())), dark);
    return std::nullopt;
}

void ServerTreeDelegate::initStyleOption(QStyleOptionViewItem* option,
                                         const QModelIndex& index) const
{
    QStyledItemDelegate::initStyleOption(option, index);
    const bool dark = isDarkPalette(option->palette);
    if (const auto color = dotColor(index, dark)) {
        option->features |= QStyleOptionViewItem::HasDecoration;
        option->icon = dotIcon(*color);
        option->decorationSize = option->icon.actualSize(option->decorationSize);
    }
    // A server that is not connected says so where its figures would be, in
    // its dot's colour.
    if (index.column() == ServerTreeModel::UtilColumn) {
        if (const auto link = notConnected(index))
            option->palette.setBrush(QPalette::Text, stateColor(linkDotState(*link), dark));
    }
}

} // namespace gw
