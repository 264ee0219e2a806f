#include "common/palette.h"

#include <QCoreApplication>

namespace gw {

DisplayState displayState(GpuState state)
{
    switch (state) {
    case GpuState::Idle:
        return DisplayState::Free;
    case GpuState::Busy:
        return DisplayState::Busy;
    case GpuState::Held:
        return DisplayState::IdleHeld;
    case GpuState::Hot:
        return DisplayState::Hot;
    case GpuState::Error:
        return DisplayState::Error;
    case GpuState::Unknown:
        return DisplayState::NotReported;
    }
    return DisplayState::NotReported;
}

QColor stateColor(DisplayState state, const QPalette& palette)
{
    const bool dark = isDarkPalette(palette);
    switch (state) {
    case DisplayState::Free:
        return dark ? QColor(0x66, 0xbb, 0x6a) : QColor(0x2e, 0x7d, 0x32);
    case DisplayState::Busy:
        return dark ? QColor(0x42, 0xa5, 0xf5) : QColor(0x15, 0x65, 0xc0);
    case DisplayState::IdleHeld:
        return dark ? QColor(0xff, 0xca, 0x28) : QColor(0xc7, 0x8a, 0x00);
    case DisplayState::Hot:
        return dark ? QColor(0xff, 0x8a, 0x65) : QColor(0xe6, 0x51, 0x00);
    case DisplayState::Error:
        return dark ? QColor(0xef, 0x53, 0x50) : QColor(0xc6, 0x28, 0x28);
    case DisplayState::NotReported:
    case DisplayState::Stale:
    case DisplayState::Connecting:
        return QColor(0x9e, 0x9e, 0x9e);
    }
    return {};
}

QString stateName(DisplayState state)
{
    switch (state) {
    case DisplayState::Free:
        return QCoreApplication::translate("gw::Palette", "free");
    case DisplayState::Busy:
        return QCoreApplication::translate("gw::Palette", "busy");
    case DisplayState::IdleHeld:
        return QCoreApplication::translate("gw::Palette", "idle, memory held");
    case DisplayState::Hot:
        return QCoreApplication::translate("gw::Palette", "hot");
    case DisplayState::NotReported:
        return QCoreApplication::translate("gw::Palette", "utilisation not reported");
    case DisplayState::Stale:
        return QCoreApplication::translate("gw::Palette", "stale");
    case DisplayState::Error:
        return QCoreApplication::translate("gw::Palette", "error");
    case DisplayState::Connecting:
        return QCoreApplication::translate("gw::Palette", "connecting");
    }
    return {};
}

QList<DisplayState> legendStates()
{
    return {DisplayState::Free,  DisplayState::Busy,        DisplayState::IdleHeld,
            DisplayState::Hot,   DisplayState::NotReported, DisplayState::Stale,
            DisplayState::Error, DisplayState::Connecting};
}

QColor seriesColor(int index, const QPalette& palette)
{
    static const QRgb light[] = {0x1f5fbf, 0xd9480f, 0x2b8a3e, 0xae3ec9,
                                 0xc92a2a, 0x0b7285, 0x8f6b00, 0x495057};
    static const QRgb darkSet[] = {0x74c0fc, 0xffa94d, 0x8ce99a, 0xe599f7,
                                   0xff8787, 0x66d9e8, 0xffe066, 0xced4da};
    const int i = ((index % kSeriesColorCount) + kSeriesColorCount) % kSeriesColorCount;
    return QColor(isDarkPalette(palette) ? darkSet[i] : light[i]);
}

} // namespace gw
