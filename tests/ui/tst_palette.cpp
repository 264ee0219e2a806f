// The one palette (ui/common/palette.*): no colour means two things. Colour
// differences are CIEDE2000 (Sharma, Wu & Dalal 2005) between sRGB colours
// in CIE L*a*b* (D65), computed here; deuteranopia, protanopia and
// tritanopia are Machado, Oliveira & Fernandes 2009 at severity 1.0, applied
// to linear RGB; contrast is WCAG 2's ratio of relative luminances. The
// light, dark and both high-contrast palettes (common/themes.h) are held to
// the same thresholds:
//   states, normal vision                                   ΔE00 ≥ 12
//   states of the same shape, under each dichromacy         ΔE00 ≥ 10
//   series among themselves                                 ΔE00 ≥ 20
//   any series against any state                            ΔE00 ≥ 14
//   every state and series against Base                     contrast ≥ 3:1
//   every state on a high-contrast palette                  contrast ≥ 4.5:1
// renderedOverviewTellsStatesApart does the same on the pixels of a rendered
// overview and a rendered chart, passed through the simulations.
#include "colourvision.h"
#include "common/legend.h"
#include "common/palette.h"
#include "common/themes.h"
#include "darkpalette.h"
#include "model/gpuhealth.h"

#include <QApplication>
#include <QImage>
#include <QPainter>
#include <QSet>
#include <QStyle>
#include <QStyleFactory>
#include <QTest>

#include <array>
#include <cmath>
#include <numbers>

using namespace gw;
using namespace gw::test;

class TestPalette : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
        QApplication::setPalette(QApplication::style()->standardPalette());
    }

    void theDifferenceIsTheStandardOne()
    {
        // Sharma, Wu & Dalal's test pairs, through sRGB: a grey against
        // itself is 0; black against white is the largest lightness step.
        QCOMPARE(ciede2000(QColor(0x808080), QColor(0x808080)), 0.0);
        QVERIFY(std::abs(ciede2000(Qt::black, Qt::white) - 100) < 0.01);
        // Known sRGB pair: pure red against pure blue, ΔE00 ≈ 52.88.
        QVERIFY2(std::abs(ciede2000(QColor(255, 0, 0), QColor(0, 0, 255)) - 52.88) < 0.05,
                 qPrintable(QString::number(ciede2000(QColor(255, 0, 0), QColor(0, 0, 255)))));
        // Deuteranopia folds red and green together and keeps blue.
        QVERIFY(ciede2000(deuteranopia(QColor(0xd0, 0x30, 0x30)),
                          deuteranopia(QColor(0x80, 0x80, 0x20))) <
                ciede2000(QColor(0xd0, 0x30, 0x30), QColor(0x80, 0x80, 0x20)) / 2);
        QVERIFY(deuteranopia(QColor(0, 0, 255)).blue() > 245);
        QVERIFY(deuteranopia(QColor(0, 0, 255)).red() < 5);
        QVERIFY(std::abs(contrast(Qt::black, Qt::white) - 21) < 1e-9);
    }

    void statesAndSeriesAreApart_data()
    {
        QTest::addColumn<QPalette>("palette");
        QTest::newRow("light") << QApplication::palette();
        QTest::newRow("dark") << test::darkPalette();
        QTest::newRow("theme light") << themePalette(Theme::Light);
        QTest::newRow("theme dark") << themePalette(Theme::Dark);
        QTest::newRow("high contrast dark") << themePalette(Theme::HighContrastDark);
        QTest::newRow("high contrast light") << themePalette(Theme::HighContrastLight);
    }

    void statesAndSeriesAreApart()
    {
        QFETCH(QPalette, palette);
        const QList<DisplayState> states = legendStates();
        QCOMPARE(states.size(), 8);
        const QColor base = palette.color(QPalette::Base);
        // 4.5:1 on a high-contrast palette, else 3:1 (WCAG's for graphics).
        const double least = isHighContrastPalette(palette) ? 4.5 : 3;
        QStringList problems;
        for (int i = 0; i < states.size(); ++i) {
            const QColor a = stateColor(states[i], palette);
            if (contrast(a, base) < least)
                problems << QStringLiteral("%1 %2 contrast %3 against %4")
                                .arg(stateName(states[i]), a.name())
                                .arg(contrast(a, base), 0, 'f', 2)
                                .arg(base.name());
            for (int j = i + 1; j < states.size(); ++j) {
                const QColor b = stateColor(states[j], palette);
                const double normal = ciede2000(a, b);
                if (normal < 12)
                    problems << QStringLiteral("%1/%2 ΔE %3")
                                    .arg(stateName(states[i]), stateName(states[j]))
                                    .arg(normal, 0, 'f', 1);
                for (Vision v : kVisions) {
                    const double seen = ciede2000(simulate(a, v), simulate(b, v));
                    if (stateShape(states[i]) == stateShape(states[j]) && seen < 10)
                        problems << QStringLiteral("%1/%2 ΔE %3 under %4, same shape")
                                        .arg(stateName(states[i]), stateName(states[j]))
                                        .arg(seen, 0, 'f', 1)
                                        .arg(QLatin1String(visionName(v)));
                }
            }
        }
        for (int i = 0; i < kSeriesColorCount; ++i) {
            const QColor a = seriesColor(i, palette);
            QCOMPARE(seriesColor(i + kSeriesColorCount, palette), a); // repeats after eight
            if (contrast(a, base) < 3)
                problems << QStringLiteral("series %1 %2 contrast %3")
                                .arg(i)
                                .arg(a.name())
                                .arg(contrast(a, base), 0, 'f', 2);
            for (int j = i + 1; j < kSeriesColorCount; ++j) {
                const double d = ciede2000(a, seriesColor(j, palette));
                if (d < 20)
                    problems
                        << QStringLiteral("series %1/%2 ΔE %3").arg(i).arg(j).arg(d, 0, 'f', 1);
            }
            for (DisplayState s : states) {
                const double d = ciede2000(a, stateColor(s, palette));
                if (d < 14)
                    problems << QStringLiteral("series %1 like state %2: ΔE %3")
                                    .arg(i)
                                    .arg(stateName(s))
                                    .arg(d, 0, 'f', 1);
            }
        }
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QStringLiteral("; "))));
        // Greyed figures: plainly apart from current ones, still readable.
        const QColor grey = staleTextColor(palette);
        QVERIFY(ciede2000(grey, palette.color(QPalette::Text)) > 15);
        QVERIFY2(contrast(grey, base) >= (isHighContrastPalette(palette) ? 4.5 : 2.5),
                 qPrintable(grey.name()));
    }

    void clockSlowdownLanesReadAndDiffer_data() { statesAndSeriesAreApart_data(); }

    void clockSlowdownLanesReadAndDiffer()
    {
        // Each lane's bar reads on the plot's colour (3:1); the two thermal
        // reasons, which often come together, differ from each other and
        // from the power cap (ΔE00 ≥ 12), and by 10 or more under each
        // dichromacy.
        QFETCH(QPalette, palette);
        const QColor base = palette.color(QPalette::Base);
        QStringList problems;
        const QList<ClockSlowdown> reasons = clockSlowdowns();
        QCOMPARE(reasons.size(), 5);
        for (const ClockSlowdown& r : reasons) {
            const QColor c = clockSlowdownColor(r.bit, palette);
            if (contrast(c, base) < 3)
                problems << QStringLiteral("%1 %2 contrast %3")
                                .arg(QLatin1String(r.title), c.name())
                                .arg(contrast(c, base), 0, 'f', 2);
        }
        const quint64 apart[][2] = {{0x20, 0x40}, {0x4, 0x20}, {0x4, 0x40}, {0x4, 0x8}};
        for (const auto& pair : apart) {
            const QColor a = clockSlowdownColor(pair[0], palette);
            const QColor b = clockSlowdownColor(pair[1], palette);
            const double normal = ciede2000(a, b);
            if (normal < 12)
                problems << QStringLiteral("%1/%2 ΔE %3")
                                .arg(pair[0], 0, 16)
                                .arg(pair[1], 0, 16)
                                .arg(normal, 0, 'f', 1);
            for (Vision v : kVisions) {
                const double seen = ciede2000(simulate(a, v), simulate(b, v));
                if (seen < 10)
                    problems << QStringLiteral("%1/%2 ΔE %3 under %4")
                                    .arg(pair[0], 0, 16)
                                    .arg(pair[1], 0, 16)
                                    .arg(seen, 0, 'f', 1)
                                    .arg(QLatin1String(visionName(v)));
            }
        }
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QStringLiteral("; "))));
    }

    void theLightAndDarkSetsDiffer()
    {
        // A dark window gets the lighter set: same meanings, other colours.
        for (DisplayState s : legendStates())
            QVERIFY(stateColor(s, QApplication::palette()) != stateColor(s, test::darkPalette()));
    }

    void staleIsAHollowRingAndEachStateHasAName()
    {
        QCOMPARE(stateShape(DisplayState::Stale), StateShape::Ring);
        QCOMPARE(stateShape(DisplayState::Busy), StateShape::Dot);
        QSet<QString> names;
        for (DisplayState s : legendStates()) {
            QVERIFY(!stateName(s).isEmpty());
            QVERIFY(!stateDescription(s).isEmpty());
            names.insert(stateName(s));
        }
        QCOMPARE(names.size(), legendStates().size());
        // The ring's middle is empty: the background shows through.
        QImage img(32, 32, QImage::Format_ARGB32);
        img.fill(Qt::transparent);
        QPainter p(&img);
        paintStateMark(&p, QRectF(0, 0, 32, 32), DisplayState::Stale, QApplication::palette());
        p.end();
        QCOMPARE(qAlpha(img.pixel(16, 16)), 0);
        QVERIFY(qAlpha(img.pixel(16, 7)) > 0 || qAlpha(img.pixel(16, 8)) > 0);
        img.fill(Qt::transparent);
        p.begin(&img);
        paintStateMark(&p, QRectF(0, 0, 32, 32), DisplayState::Busy, QApplication::palette());
        p.end();
        QCOMPARE(QColor(img.pixel(16, 16)),
                 stateColor(DisplayState::Busy, QApplication::palette()));
    }

    void legendShowsEveryStateAndWrapsToItsWidth()
    {
        for (const int pt : {9, 16}) {
            StateLegend legend;
            QFont f = legend.font();
            f.setPointSize(pt);
            legend.setFont(f);
            const int narrow = legend.minimumSizeHint().width();
            const int wide = 4 * legend.sizeHint().width();
            QVERIFY(legend.heightForWidth(narrow) > legend.heightForWidth(wide));
            legend.resize(narrow, legend.heightForWidth(narrow));
            legend.show();
            QVERIFY(QTest::qWaitForWindowExposed(&legend));
            const QList<QRect> rects = legend.entryRects();
            QCOMPARE(rects.size(), legendStates().size());
            for (const QRect& r : rects)
                QVERIFY2(legend.rect().contains(r), qPrintable(QStringLiteral("%1 pt").arg(pt)));
            // Every mark is painted in its colour.
            const QImage image = legend.grab().toImage();
            const qreal dpr = image.devicePixelRatio();
            for (int i = 0; i < rects.size(); ++i) {
                const QColor want = stateColor(legendStates()[i], legend.palette());
                int hits = 0;
                const QRect r(QPoint(int(rects[i].left() * dpr), int(rects[i].top() * dpr)),
                              QSize(int(rects[i].height() * dpr), int(rects[i].height() * dpr)));
                for (int y = r.top(); y <= r.bottom(); ++y)
                    for (int x = r.left(); x <= r.right(); ++x)
                        hits += image.pixelColor(x, y).rgb() == want.rgb() ? 1 : 0;
                QVERIFY2(hits > 3, qPrintable(stateName(legendStates()[i])));
            }
        }
    }
};

QTEST_MAIN(TestPalette)
#include "tst_palette.moc"
