#pragma once

// Loads Qt's own and GPU Warden's translations for the user's language (ours
// are compiled in under :/i18n) and installs them on the application. The
// language is the system's (LC_ALL, LC_MESSAGES, LANG), unless the View menu's
// Language chose one: QSettings "ui/language" ("de", "zh_CN", "en"; absent or
// empty: the system's). The chosen language's locale becomes the default
// QLocale too, so numbers and dates follow it.

#include <QList>
#include <QLocale>
#include <QString>

#include <utility>

class QCoreApplication;
class QSettings;

namespace gw {

inline constexpr char kLanguageSetting[] = "ui/language";

// The languages the desktop speaks: code ("de") and the language's own name
// ("Deutsch"), English first.
QList<std::pair<QString, QString>> uiLanguages();

// The language `settings` chose (empty: the system's); one not offered
// counts as none.
QString chosenLanguage(const QSettings& settings);

// The locale the desktop uses: the chosen language's, else the system's.
QLocale uiLocale(const QSettings& settings);

void installTranslations(QCoreApplication& app);

} // namespace gw
