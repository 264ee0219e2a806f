// The one palette (ui/common/palette.*): no colour means two things. Colour
// differences are CIEDE2000 (Sharma, Wu & Dalal 2005) between sRGB colours
// in CIE L*a*b* (D65), computed here; deuteranopia is Machado, Oliveira &
// Fernandes 2009 at severity 1.0, applied to linear RGB; contrast is WCAG
// 2's ratio of relative luminances. Both the light and the dark set are held
// to the same thresholds:
//   states, normal vision                       ΔE00 ≥ 12
//   states of the same shape, deuteranopia      ΔE00 ≥ 10
//   series among themselves                     ΔE00 ≥ 20
//   any series against any state                ΔE00 ≥ 14
//   every state and series against Base         contrast ≥ 3:1
#include "common/legend.h"
#include "common/palette.h"
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

namespace {

using Vec3 = std::array<double, 3>;

double toLinear(double c)
{
    return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}
double fromLinear(double c)
{
    c = std::clamp(c, 0.0, 1.0);
    return c <= 0.0031308 ? 12.92 * c : 1.055 * std::pow(c, 1 / 2.4) - 0.055;
}
Vec3 linearRgb(const QColor& c)
{
    return {toLinear(c.redF()), toLinear(c.greenF()), toLinear(c.blueF())};
}

Vec3 lab(const QColor& c)
{
    const Vec3 l = linearRgb(c);
    const double x = (0.4124564 * l[0] + 0.3575761 * l[1] + 0.1804375 * l[2]) / 0.95047;
    const double y = 0.2126729 * l[0] + 0.7151522 * l[1] + 0.0721750 * l[2];
    const double z = (0.0193339 * l[0] + 0.1191920 * l[1] + 0.9503041 * l[2]) / 1.08883;
    auto f = [](double t) {
        return t > 216.0 / 24389 ? std::cbrt(t) : (24389.0 / 27 * t + 16) / 116;
    };
    return {116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))};
}

double deg(double rad)
{
    return rad * 180 / std::numbers::pi;
}
double rad(double d)
{
    return d * std::numbers::pi / 180;
}

double ciede2000(const QColor& c1, const QColor& c2)
{
    const Vec3 l1 = lab(c1);
    const Vec3 l2 = lab(c2);
    const double C1 = std::hypot(l1[1], l1[2]);
    const double C2 = std::hypot(l2[1], l2[2]);
    const double Cb7 = std::pow((C1 + C2) / 2, 7);
    const double G = 0.5 * (1 - std::sqrt(Cb7 / (Cb7 + std::pow(25.0, 7))));
    const double a1 = (1 + G) * l1[1];
    const double a2 = (1 + G) * l2[1];
    const double C1p = std::hypot(a1, l1[2]);
    const double C2p = std::hypot(a2, l2[2]);
    auto hue = [](double b, double a) {
        if (a == 0 && b == 0)
            return 0.0;
        const double h = deg(std::atan2(b, a));
        return h < 0 ? h + 360 : h;
    };
    const double h1 = hue(l1[2], a1);
    const double h2 = hue(l2[2], a2);
    const double dL = l2[0] - l1[0];
    const double dC = C2p - C1p;
    double dh = 0;
    if (C1p * C2p != 0) {
        dh = h2 - h1;
        if (dh > 180)
            dh -= 360;
        else if (dh < -180)
            dh += 360;
    }
    const double dH = 2 * std::sqrt(C1p * C2p) * std::sin(rad(dh / 2));
    const double Lb = (l1[0] + l2[0]) / 2;
    const double Cbp = (C1p + C2p) / 2;
    double hb = h1 + h2;
    if (C1p * C2p != 0) {
        if (std::abs(h1 - h2) <= 180)
            hb = (h1 + h2) / 2;
        else
            hb = h1 + h2 < 360 ? (h1 + h2 + 360) / 2 : (h1 + h2 - 360) / 2;
    }
    const double T = 1 - 0.17 * std::cos(rad(hb - 30)) + 0.24 * std::cos(rad(2 * hb)) +
                     0.32 * std::cos(rad(3 * hb + 6)) - 0.20 * std::cos(rad(4 * hb - 63));
    const double dTheta = 30 * std::exp(-std::pow((hb - 275) / 25, 2));
    const double Cbp7 = std::pow(Cbp, 7);
    const double RC = 2 * std::sqrt(Cbp7 / (Cbp7 + std::pow(25.0, 7)));
    const double SL = 1 + 0.015 * (Lb - 50) * (Lb - 50) / std::sqrt(20 + (Lb - 50) * (Lb - 50));
    const double SC = 1 + 0.045 * Cbp;
    const double SH = 1 + 0.015 * Cbp * T;
    const double RT = -std::sin(rad(2 * dTheta)) * RC;
    return std::sqrt(std::pow(dL / SL, 2) + std::pow(dC / SC, 2) + std::pow(dH / SH, 2) +
                     RT * (dC / SC) * (dH / SH));
}

// Machado et al. 2009, deuteranomaly at severity 1.0 (deuteranopia).
QColor deuteranopia(const QColor& c)
{
    static constexpr double m[3][3] = {{0.367322, 0.860646, -0.227968},
                                       {0.280085, 0.672501, 0.047413},
                                       {-0.011820, 0.042940, 0.968881}};
    const Vec3 l = linearRgb(c);
    Vec3 out{};
    for (int i = 0; i < 3; ++i)
        out[i] = fromLinear(m[i][0] * l[0] + m[i][1] * l[1] + m[i][2] * l[2]);
    return QColor::fromRgbF(float(out[0]), float(out[1]), float(out[2]));
}

double contrast(const QColor& a, const QColor& b)
{
    auto lum = [](const QColor& c) {
        const Vec3 l = linearRgb(c);
        return 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2];
    };
    const double la = lum(a);
    const double lb = lum(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

QString name(const QColor& c)
{
    return c.name();
}

} // namespace

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
    }

    void statesAndSeriesAreApart()
    {
        QFETCH(QPalette, palette);
        const QList<DisplayState> states = legendStates();
        QCOMPARE(states.size(), 8);
        const QColor base = palette.color(QPalette::Base);
        QStringList problems;
        for (int i = 0; i < states.size(); ++i) {
            const QColor a = stateColor(states[i], palette);
            if (contrast(a, base) < 3)
                problems << QStringLiteral("%1 %2 contrast %3 against %4")
                                .arg(stateName(states[i]), name(a))
                                .arg(contrast(a, base), 0, 'f', 2)
                                .arg(name(base));
            for (int j = i + 1; j < states.size(); ++j) {
                const QColor b = stateColor(states[j], palette);
                const double normal = ciede2000(a, b);
                if (normal < 12)
                    problems << QStringLiteral("%1/%2 ΔE %3")
                                    .arg(stateName(states[i]), stateName(states[j]))
                                    .arg(normal, 0, 'f', 1);
                const double deut = ciede2000(deuteranopia(a), deuteranopia(b));
                if (stateShape(states[i]) == stateShape(states[j]) && deut < 10)
                    problems << QStringLiteral("%1/%2 ΔE %3 under deuteranopia, same shape")
                                    .arg(stateName(states[i]), stateName(states[j]))
                                    .arg(deut, 0, 'f', 1);
            }
        }
        for (int i = 0; i < kSeriesColorCount; ++i) {
            const QColor a = seriesColor(i, palette);
            QCOMPARE(seriesColor(i + kSeriesColorCount, palette), a); // repeats after eight
            if (contrast(a, base) < 3)
                problems << QStringLiteral("series %1 %2 contrast %3")
                                .arg(i)
                                .arg(name(a))
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
        QVERIFY2(contrast(grey, base) >= 2.5, qPrintable(name(grey)));
    }

    void clockSlowdownLanesReadAndDiffer_data() { statesAndSeriesAreApart_data(); }

    void clockSlowdownLanesReadAndDiffer()
    {
        // Each lane's bar reads on the plot's colour (3:1); the two thermal
        // reasons, which often come together, differ from each other and
        // from the power cap (ΔE00 ≥ 12), deuteranopia included (≥ 10).
        QFETCH(QPalette, palette);
        const QColor base = palette.color(QPalette::Base);
        QStringList problems;
        const QList<ClockSlowdown> reasons = clockSlowdowns();
        QCOMPARE(reasons.size(), 5);
        for (const ClockSlowdown& r : reasons) {
            const QColor c = clockSlowdownColor(r.bit, palette);
            if (contrast(c, base) < 3)
                problems << QStringLiteral("%1 %2 contrast %3")
                                .arg(QLatin1String(r.title), name(c))
                                .arg(contrast(c, base), 0, 'f', 2);
        }
        const quint64 apart[][2] = {{0x20, 0x40}, {0x4, 0x20}, {0x4, 0x40}, {0x4, 0x8}};
        for (const auto& pair : apart) {
            const QColor a = clockSlowdownColor(pair[0], palette);
            const QColor b = clockSlowdownColor(pair[1], palette);
            const double normal = ciede2000(a, b);
            const double deut = ciede2000(deuteranopia(a), deuteranopia(b));
            if (normal < 12 || deut < 10)
                problems << QStringLiteral("%1/%2 ΔE %3, %4 under deuteranopia")
                                .arg(pair[0], 0, 16)
                                .arg(pair[1], 0, 16)
                                .arg(normal, 0, 'f', 1)
                                .arg(deut, 0, 'f', 1);
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
