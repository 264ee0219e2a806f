#pragma once

// Colour as people see it, for the palette's tests: CIE L*a*b* (D65) from
// sRGB, CIEDE2000 (Sharma, Wu & Dalal 2005), WCAG 2's contrast ratio, and
// deuteranopia, protanopia and tritanopia after Machado, Oliveira &
// Fernandes 2009 at severity 1.0, applied to linear RGB.

#include <QColor>

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>

namespace gw::test {

using Vec3 = std::array<double, 3>;

inline double toLinear(double c)
{
    return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}
inline double fromLinear(double c)
{
    c = std::clamp(c, 0.0, 1.0);
    return c <= 0.0031308 ? 12.92 * c : 1.055 * std::pow(c, 1 / 2.4) - 0.055;
}
inline Vec3 linearRgb(const QColor& c)
{
    return {toLinear(c.redF()), toLinear(c.greenF()), toLinear(c.blueF())};
}

inline Vec3 lab(const QColor& c)
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

inline double deg(double rad)
{
    return rad * 180 / std::numbers::pi;
}
inline double rad(double d)
{
    return d * std::numbers::pi / 180;
}

inline double ciede2000(const QColor& c1, const QColor& c2)
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

// Machado, Oliveira & Fernandes 2009, each deficiency at severity 1.0 (the
// dichromacies), applied to linear RGB.
enum class Vision
{
    Deuteranopia,
    Protanopia,
    Tritanopia,
};
inline constexpr Vision kVisions[] = {Vision::Deuteranopia, Vision::Protanopia, Vision::Tritanopia};

inline const char* visionName(Vision v)
{
    switch (v) {
    case Vision::Deuteranopia:
        return "deuteranopia";
    case Vision::Protanopia:
        return "protanopia";
    case Vision::Tritanopia:
        return "tritanopia";
    }
    return "";
}

inline QColor simulate(const QColor& c, Vision v)
{
    static constexpr double deut[3][3] = {{0.367322, 0.860646, -0.227968},
                                          {0.280085, 0.672501, 0.047413},
                                          {-0.011820, 0.042940, 0.968881}};
    static constexpr double prot[3][3] = {{0.152286, 1.052583, -0.204868},
                                          {0.114503, 0.786281, 0.099216},
                                          {-0.003882, -0.048116, 1.051998}};
    static constexpr double trit[3][3] = {{1.255528, -0.076749, -0.178779},
                                          {-0.078411, 0.930809, 0.147602},
                                          {0.004733, 0.691367, 0.303900}};
    const auto& m = v == Vision::Deuteranopia ? deut : v == Vision::Protanopia ? prot : trit;
    const Vec3 l = linearRgb(c);
    Vec3 out{};
    for (int i = 0; i < 3; ++i)
        out[i] = fromLinear(m[i][0] * l[0] + m[i][1] * l[1] + m[i][2] * l[2]);
    return QColor::fromRgbF(float(out[0]), float(out[1]), float(out[2]));
}

inline QColor deuteranopia(const QColor& c)
{
    return simulate(c, Vision::Deuteranopia);
}

inline double contrast(const QColor& a, const QColor& b)
{
    auto lum = [](const QColor& c) {
        const Vec3 l = linearRgb(c);
        return 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2];
    };
    const double la = lum(a);
    const double lb = lum(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

} // namespace gw::test
