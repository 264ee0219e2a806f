#include "common/themes.h"

#include <QApplication>
#include <QCoreApplication>
#include <QSettings>
#include <QStyle>
#include <QStyleFactory>

namespace gw {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(gw::Themes)
};

// The style the application started with, to go back to.
QString& systemStyleName()
{
    static QString name;
    return name;
}

QPalette basePalette(const QColor& window, const QColor& base, const QColor& text,
                     const QColor& button, const QColor& highlight, const QColor& highlightedText,
                     const QColor& mid, const QColor& placeholder, const QColor& link)
{
    QPalette p;
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase,
               base == window ? base : base.lighter(base.lightness() < 128 ? 115 : 97));
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, button);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, highlight);
    p.setColor(QPalette::Highlight, highlight);
    p.setColor(QPalette::HighlightedText, highlightedText);
    p.setColor(QPalette::Mid, mid);
    p.setColor(QPalette::Dark, mid);
    p.setColor(QPalette::Light, button.lightness() < 128 ? button.lighter(150) : Qt::white);
    p.setColor(QPalette::Midlight,
               button.lightness() < 128 ? button.lighter(130) : button.darker(105));
    p.setColor(QPalette::Shadow, Qt::black);
    p.setColor(QPalette::ToolTipBase, base);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, placeholder);
    p.setColor(QPalette::Link, link);
    p.setColor(QPalette::LinkVisited, link);
    // Disabled text: dimmer, still legible.
    p.setColor(QPalette::Disabled, QPalette::WindowText, placeholder);
    p.setColor(QPalette::Disabled, QPalette::Text, placeholder);
    p.setColor(QPalette::Disabled, QPalette::ButtonText, placeholder);
    return p;
}

} // namespace

QList<Theme> themes()
{
    return {Theme::System, Theme::Light, Theme::Dark, Theme::HighContrastDark,
            Theme::HighContrastLight};
}

QString themeKey(Theme theme)
{
    switch (theme) {
    case Theme::System:
        return {};
    case Theme::Light:
        return QStringLiteral("light");
    case Theme::Dark:
        return QStringLiteral("dark");
    case Theme::HighContrastDark:
        return QStringLiteral("contrast-dark");
    case Theme::HighContrastLight:
        return QStringLiteral("contrast-light");
    }
    return {};
}

QString themeName(Theme theme)
{
    switch (theme) {
    case Theme::System:
        return Tr::tr("&System");
    case Theme::Light:
        return Tr::tr("&Light");
    case Theme::Dark:
        return Tr::tr("&Dark");
    case Theme::HighContrastDark:
        return Tr::tr("&High contrast, dark");
    case Theme::HighContrastLight:
        return Tr::tr("High &contrast, light");
    }
    return {};
}

Theme chosenTheme(const QSettings& settings)
{
    const QString key = settings.value(QLatin1String(kThemeSetting)).toString();
    for (Theme t : themes()) {
        if (!key.isEmpty() && themeKey(t) == key)
            return t;
    }
    return Theme::System;
}

QPalette themePalette(Theme theme)
{
    switch (theme) {
    case Theme::System:
        return QApplication::style()->standardPalette();
    case Theme::Light:
        return basePalette(QColor(0xef, 0xef, 0xef), Qt::white, QColor(0x1a, 0x1a, 0x1a),
                           QColor(0xe6, 0xe6, 0xe6), QColor(0x30, 0x8c, 0xc6), Qt::white,
                           QColor(0xa0, 0xa0, 0xa0), QColor(0x6e, 0x6e, 0x6e),
                           QColor(0x00, 0x5a, 0x9c));
    case Theme::Dark:
        return basePalette(QColor(0x2b, 0x2b, 0x2b), QColor(0x1e, 0x1e, 0x1e),
                           QColor(0xe0, 0xe0, 0xe0), QColor(0x35, 0x35, 0x35),
                           QColor(0x3d, 0x7a, 0xc4), Qt::white, QColor(0x55, 0x55, 0x55),
                           QColor(0x9a, 0x9a, 0x9a), QColor(0x7c, 0xb8, 0xf0));
    case Theme::HighContrastDark:
        // White on black, yellow selection with black text, cyan links: the
        // "high contrast black" of the desktops.
        return basePalette(Qt::black, Qt::black, Qt::white, Qt::black, QColor(0xff, 0xff, 0x00),
                           Qt::black, Qt::white, QColor(0xd0, 0xd0, 0xd0),
                           QColor(0x00, 0xff, 0xff));
    case Theme::HighContrastLight:
        return basePalette(Qt::white, Qt::white, Qt::black, Qt::white, QColor(0x00, 0x00, 0x9c),
                           Qt::white, Qt::black, QColor(0x3a, 0x3a, 0x3a),
                           QColor(0x00, 0x00, 0xc8));
    }
    return {};
}

void applyTheme(Theme theme)
{
    if (systemStyleName().isEmpty() && QApplication::style())
        systemStyleName() = QApplication::style()->name();
    const QString styleName = theme == Theme::System ? systemStyleName() : QStringLiteral("fusion");
    if (QApplication::style() &&
        QApplication::style()->name().compare(styleName, Qt::CaseInsensitive) != 0) {
        if (QStyle* style = QStyleFactory::create(styleName))
            QApplication::setStyle(style);
    }
    QApplication::setPalette(themePalette(theme));
}

} // namespace gw
