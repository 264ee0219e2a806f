#pragma once

// Paints the server tree's status dots and the state of a server that is not
// connected, in colours chosen from the view's own palette (option.palette):
// a dark palette on one window recolours its dots, whatever the
// application's palette says. The model only says the state.

#include "model/gpustate.h"
#include "model/linkstatus.h"

#include <QColor>
#include <QStyledItemDelegate>

#include <optional>

namespace gw {

// The dot colour of a GPU state; the dark set is lighter, for dark windows.
QColor stateColor(GpuState s, bool darkPalette);
// A remote server's link as a dot of the GPU colours: green connected, amber
// stale, red failing, grey not answered yet.
GpuState linkDotState(LinkState state);

class ServerTreeDelegate final : public QStyledItemDelegate
{
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    // The colour of index's dot, if it has one (GPU rows, remote servers).
    static std::optional<QColor> dotColor(const QModelIndex& index, bool darkPalette);

protected:
    void initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const final;
};

} // namespace gw
