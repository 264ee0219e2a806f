#pragma once

// The desktop's colour themes (View → Theme): the system's palette and
// style, or Fusion with a light, a dark, or a high-contrast palette (white
// on black, or black on white: every state colour then has 4.5:1 against
// the background, common/palette.h). Unlike the language it applies at once:
// every view recolours on the palette change. QSettings "ui/theme" keeps the
// choice ("light", "dark", "contrast-dark", "contrast-light"; absent: the
// system's).

#include <QList>
#include <QPalette>
#include <QString>

class QSettings;

namespace gw {

inline constexpr char kThemeSetting[] = "ui/theme";

enum class Theme
{
    System,
    Light,
    Dark,
    HighContrastDark,
    HighContrastLight,
};

QList<Theme> themes();
QString themeKey(Theme theme);  // "contrast-dark"; "" for System
QString themeName(Theme theme); // translated, with an accelerator: "&High contrast, dark"
Theme chosenTheme(const QSettings& settings);
// The palette of `theme` (System: the style's own).
QPalette themePalette(Theme theme);
// Sets style and palette on the running application (remembering the
// system's style to go back to).
void applyTheme(Theme theme);

} // namespace gw
