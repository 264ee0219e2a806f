// Colour-blind-safe as painted (issue 30): the fleet overview and the
// policy events' timeline rendered on the light, dark and both
// high-contrast palettes, their pixels read back and passed through the
// simulations of deuteranopia, protanopia and tritanopia (Machado 2009,
// tests/common/colourvision.h). What tst_palette checks on the palette's
// colours is checked here on what reaches the screen:
//   - each state's mark on its tile is the palette's colour;
//   - two states of the same mark shape stay ΔE00 ≥ 10 apart under each
//     dichromacy (states of different shapes are told apart by the shape);
//   - every mark keeps 3:1 contrast with its tile (4.5:1 on a high-contrast
//     palette) under each dichromacy;
//   - the timeline's hog, held-idle and fair-share bars stay ΔE00 ≥ 10
//     apart under each dichromacy and keep 3:1 with the background.
#include "charts/eventtimeline.h"
#include "colourvision.h"
#include "common/palette.h"
#include "common/themes.h"
#include "darkpalette.h"
#include "engine/livestate.h"
#include "eventfixtures.h"
#include "models/eventbook.h"
#include "models/overviewmodel.h"
#include "screenshotpath.h"
#include "tst_overview_fleet.h"
#include "window/overviewpage.h"
#include "window/overviewview.h"

#include <QApplication>
#include <QDateTime>
#include <QHash>
#include <QImage>
#include <QStyle>
#include <QStyleFactory>
#include <QTest>

#include <map>

using namespace gw;
using namespace gw::test;
using namespace Qt::StringLiterals;

namespace {

const qint64 kNow = QDateTime(QDate(2026, 11, 2), QTime(14, 0)).toMSecsSinceEpoch();

// The colour most pixels of `r` have: a tile's or a bar's own fill.
QColor commonest(const QImage& image, const QRect& r)
{
    QHash<QRgb, int> counts;
    const QRect in = r.intersected(image.rect());
    for (int y = in.top(); y <= in.bottom(); ++y)
        for (int x = in.left(); x <= in.right(); ++x)
            ++counts[image.pixel(x, y) | 0xff000000];
    QRgb best = 0;
    int most = -1;
    for (auto it = counts.cbegin(); it != counts.cend(); ++it) {
        if (it.value() > most) {
            most = it.value();
            best = it.key();
        }
    }
    return QColor::fromRgb(best);
}

// The pixel of `r` nearest to `expected` (ΔE00) and how many are as near
// as 3: the state's mark as drawn.
QColor nearest(const QImage& image, const QRect& r, const QColor& expected, int* close)
{
    QColor best;
    double bestDe = 1e9;
    *close = 0;
    const QRect in = r.intersected(image.rect());
    for (int y = in.top(); y <= in.bottom(); ++y) {
        for (int x = in.left(); x <= in.right(); ++x) {
            const QColor c = QColor::fromRgb(image.pixel(x, y));
            const double de = ciede2000(c, expected);
            if (de < 3)
                ++*close;
            if (de < bestDe) {
                bestDe = de;
                best = c;
            }
        }
    }
    return best;
}

} // namespace

class TestColourVision : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        // The themes' palettes are Fusion's (common/themes.h).
        QApplication::setStyle(QStyleFactory::create(u"Fusion"_s));
    }

    void palettes_data()
    {
        QTest::addColumn<QPalette>("palette");
        QTest::addColumn<QString>("tag");
        QTest::newRow("light") << themePalette(Theme::Light) << u"light"_s;
        QTest::newRow("dark") << test::darkPalette() << u"dark"_s;
        QTest::newRow("high contrast dark")
            << themePalette(Theme::HighContrastDark) << u"contrast-dark"_s;
        QTest::newRow("high contrast light")
            << themePalette(Theme::HighContrastLight) << u"contrast-light"_s;
    }

    void overviewStatesStayApart_data() { palettes_data(); }
    void overviewStatesStayApart()
    {
        QFETCH(QPalette, palette);
        QFETCH(QString, tag);
        LiveState fleet;
        OverviewPage page(&fleet);
        page.setPalette(palette);
        page.resize(1920, 1000);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        fleet.setClock([] { return kNow; });
        fleet.ingestBatch(syntheticFleet(kNow));
        fleet.checkFreshness();
        QCoreApplication::processEvents();
        OverviewView* view = page.view();
        QCOMPARE(view->tileCount(), 128);
        const QImage image = view->viewport()->grab().toImage();
        QVERIFY(image.save(screenshotPath(u"colourvision-overview-%1.png"_s.arg(tag))));

        // The first tile of each state: its mark's colour and its fill.
        struct Seen
        {
            QColor mark;
            QColor tile;
        };
        std::map<DisplayState, Seen> seen;
        QStringList problems;
        const double least = isHighContrastPalette(palette) ? 4.5 : 3;
        for (const OverviewTile& t : page.model()->tiles()) {
            const DisplayState state = t.stale ? DisplayState::Stale : t.state;
            if (seen.count(state))
                continue;
            const QRect tile = view->tileRect(t.server, t.uuid);
            QVERIFY(!tile.isEmpty());
            // The mark sits at the start of the tile's first line.
            const QRect markArea(tile.left(), tile.top(), tile.width() / 3,
                                 view->fontMetrics().height() * 2);
            const QColor expected = stateColor(state, palette);
            int close = 0;
            const QColor mark = nearest(image, markArea, expected, &close);
            if (close < 3) {
                problems << u"%1 on %2: no mark in %3 (nearest %4)"_s.arg(
                    stateName(state), t.server, expected.name(), mark.name());
                continue;
            }
            seen[state] = {mark, commonest(image, tile.adjusted(2, 2, -2, -2))};
        }
        QCOMPARE(int(seen.size()), 7); // all but "connecting", a remote link's
        for (auto a = seen.cbegin(); a != seen.cend(); ++a) {
            for (const Vision v : kVisions) {
                const double c = contrast(simulate(a->second.mark, v), simulate(a->second.tile, v));
                if (c < least)
                    problems << u"%1's mark %2 on its tile %3: %4:1 under %5"_s
                                    .arg(stateName(a->first), a->second.mark.name(),
                                         a->second.tile.name())
                                    .arg(c, 0, 'f', 2)
                                    .arg(QLatin1String(visionName(v)));
            }
            for (auto b = std::next(a); b != seen.cend(); ++b) {
                if (stateShape(a->first) != stateShape(b->first))
                    continue;
                for (const Vision v : kVisions) {
                    const double de =
                        ciede2000(simulate(a->second.mark, v), simulate(b->second.mark, v));
                    if (de < 10)
                        problems << u"%1 %2 and %3 %4: ΔE %5 under %6"_s
                                        .arg(stateName(a->first), a->second.mark.name(),
                                             stateName(b->first), b->second.mark.name())
                                        .arg(de, 0, 'f', 1)
                                        .arg(QLatin1String(visionName(v)));
                }
            }
        }
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
    }

    void timelineKindsStayApart_data() { palettes_data(); }
    void timelineKindsStayApart()
    {
        QFETCH(QPalette, palette);
        QFETCH(QString, tag);
        EventBook book;
        const QList<PolicyEvent> events{hogEvent(u"gpu-lab-01"_s, 0, 4100, u"alice"_s,
                                                 u"python train.py"_s, kNow - 5 * kHour,
                                                 kNow - 1 * kHour, 99, 97),
                                        idleEvent(u"gpu-lab-01"_s, 1, 4200, u"bob"_s, u"jupyter"_s,
                                                  kNow - 5 * kHour, kNow - 1 * kHour, 20480),
                                        fairShareEvent(u"gpu-lab-02"_s, u"carol"_s,
                                                       kNow - 5 * kHour, kNow - 1 * kHour, 60, 25)};
        book.addEvents(events);
        EventTimeline t(&book);
        t.setPalette(palette);
        t.setNowMs(kNow);
        t.setSpanMs(6 * kHour);
        t.resize(900, 300);
        t.show();
        QVERIFY(QTest::qWaitForWindowExposed(&t));
        const QImage image = t.viewport()->grab().toImage();
        QVERIFY(image.save(screenshotPath(u"colourvision-timeline-%1.png"_s.arg(tag))));
        const QColor base = palette.color(QPalette::Base);
        QList<QColor> fills;
        QStringList problems;
        for (const PolicyEvent& e : events) {
            const QRect bar = t.barRect(e.id).toAlignedRect().adjusted(2, 2, -2, -2);
            QVERIFY(!bar.isEmpty());
            const QColor fill = commonest(image, bar);
            // The bar is its kind's colour (a hatching over it is the
            // minority of its pixels).
            if (ciede2000(fill, eventKindColor(e.kind, palette)) > 3)
                problems << u"%1 bar %2, its kind's colour %3"_s.arg(
                    eventKindName(e.kind), fill.name(), eventKindColor(e.kind, palette).name());
            for (const Vision v : kVisions) {
                const double c = contrast(simulate(fill, v), simulate(base, v));
                if (c < 3)
                    problems << u"%1 bar %2: %3:1 under %4"_s
                                    .arg(eventKindName(e.kind), fill.name())
                                    .arg(c, 0, 'f', 2)
                                    .arg(QLatin1String(visionName(v)));
            }
            fills << fill;
        }
        for (int i = 0; i < fills.size(); ++i)
            for (int j = i + 1; j < fills.size(); ++j)
                for (const Vision v : kVisions) {
                    const double de = ciede2000(simulate(fills[i], v), simulate(fills[j], v));
                    if (de < 10)
                        problems << u"%1/%2 bars ΔE %3 under %4"_s
                                        .arg(eventKindName(events[i].kind),
                                             eventKindName(events[j].kind))
                                        .arg(de, 0, 'f', 1)
                                        .arg(QLatin1String(visionName(v)));
                }
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
    }
};

QTEST_MAIN(TestColourVision)
#include "tst_colourvision.moc"
