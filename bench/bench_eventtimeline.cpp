// Events timeline paint cost: 5,000 policy events over the last 24 h on
// 16 servers × 8 GPUs (144 lanes), 1920 × 1080.
//
//   event_timeline_paint_ms         a repaint of the viewport (layout cached)
//   event_timeline_relayout_ms      a new "now" (every reading moves it):
//                                   lanes and bars laid out again, then painted
//   event_timeline_all_lanes_ms     the same with every lane in view (a
//                                   1920 × 4000 viewport): the worst case
//   event_timeline_lanes            lanes laid out
//
// Medians of repeated renders into a QImage, measured in the same run.

#include "benchtiming.h"
#include "charts/eventtimeline.h"
#include "eventfixtures.h"
#include "models/eventbook.h"

#include <QApplication>
#include <QImage>
#include <QPainter>
#include <QStyleFactory>

#include <cstdio>

using namespace gw;

namespace {
constexpr qint64 kNow = 1795305600000 + 12 * 3'600'000;
constexpr int kRuns = 60;
} // namespace

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));

    EventBook book;
    book.addEvents(test::manyEvents(5000, kNow, 24 * test::kHour, 16, 8));
    EventTimeline timeline(&book);
    timeline.setNowMs(kNow);
    timeline.setSpanMs(24 * test::kHour);
    timeline.resize(1920, 1080);
    timeline.show();
    QApplication::processEvents();

    QImage image(timeline.viewport()->size() * timeline.devicePixelRatio(),
                 QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(timeline.devicePixelRatio());
    auto paint = [&] {
        timeline.viewport()->render(&image);
    };
    const double paintMs = bench::medianMs(kRuns, paint);
    qint64 now = kNow;
    const double relayoutMs = bench::medianMs(kRuns, [&] {
        now += 1000;
        timeline.setNowMs(now);
        paint();
    });
    timeline.resize(1920, 4000);
    QApplication::processEvents();
    QImage tall(timeline.viewport()->size(), QImage::Format_ARGB32_Premultiplied);
    const double allMs = bench::medianMs(kRuns / 2, [&] {
        now += 1000;
        timeline.setNowMs(now);
        timeline.viewport()->render(&tall);
    });

    std::printf("event_timeline_paint_ms=%.2f\n", paintMs);
    std::printf("event_timeline_relayout_ms=%.2f\n", relayoutMs);
    std::printf("event_timeline_all_lanes_ms=%.2f\n", allMs);
    std::printf("event_timeline_lanes=%d\n", timeline.laneCount());
    return 0;
}
