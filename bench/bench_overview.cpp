// Fleet overview paint cost: 16 servers × 8 GPUs at 1920 × 1080.
//
//   overview_paint_ms     OverviewView repainting the whole viewport (every
//                         card and tile) into a QImage
//   overview_rebuild_ms   a new reading of every server: the model read from
//                         LiveState, sorted, laid out, then painted
//   overview_tiles        tiles laid out (128: all of them, no scrolling)
//
// Medians of repeated renders, measured in the same run.

#include "benchtiming.h"
#include "engine/livestate.h"
#include "models/overviewmodel.h"
#include "tst_overview_fleet.h"
#include "window/overviewview.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QImage>
#include <QPainter>
#include <QStyleFactory>

#include <algorithm>
#include <cstdio>
#include <functional>

using namespace gw;

namespace {

constexpr qint64 kNow = 1795305600000 + 12 * 3'600'000;
constexpr QSize kSize(1920, 1080);
constexpr int kRuns = 60;

} // namespace

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));

    LiveState fleet;
    fleet.setClock([] { return kNow; });
    fleet.ingestBatch(test::syntheticFleet(kNow));
    fleet.checkFreshness();
    OverviewModel model(&fleet);
    model.rebuild();
    OverviewView view(&model);
    view.resize(kSize);
    view.show();
    QApplication::processEvents();

    QImage image(view.viewport()->size(), QImage::Format_ARGB32_Premultiplied);
    const QRect all = view.viewport()->rect();
    auto paint = [&] {
        QPainter p(&image);
        view.paintContent(p, all);
    };
    const double paintMs = bench::medianMs(kRuns, paint);

    qint64 t = kNow;
    const double rebuildMs = bench::medianMs(kRuns / 2, [&] {
        t += 1000;
        fleet.setClock([t] { return t; });
        fleet.ingestBatch(test::syntheticFleet(t));
        model.rebuild();
        paint();
    });

    std::printf("overview_paint_ms=%.2f\n", paintMs);
    std::printf("overview_rebuild_ms=%.2f\n", rebuildMs);
    std::printf("overview_tiles=%d\n", view.tileCount());
    std::printf("overview_scrolls=%d\n", view.contentHeight() > view.viewport()->height() ? 1 : 0);
    return 0;
}
