#include "common/translations.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QSettings>
#include <QTranslator>

namespace gw {

QList<std::pair<QString, QString>> uiLanguages()
{
    return {{QStringLiteral("en"), QStringLiteral("English")},
            {QStringLiteral("de"), QStringLiteral("Deutsch")},
            {QStringLiteral("zh_CN"), QStringLiteral("简体中文")}};
}

QString chosenLanguage(const QSettings& settings)
{
    const QString code = settings.value(QLatin1String(kLanguageSetting)).toString();
    for (const auto& [offered, name] : uiLanguages())
        if (offered == code)
            return code;
    return {};
}

QLocale uiLocale(const QSettings& settings)
{
    const QString code = chosenLanguage(settings);
    if (code.isEmpty())
        return QLocale::system();
    // English as the source texts write it: US English's numbers and dates.
    return QLocale(code == QLatin1String("en") ? QStringLiteral("en_US") : code);
}

void installTranslations(QCoreApplication& app)
{
    const QSettings settings;
    const QLocale locale = uiLocale(settings);
    if (!chosenLanguage(settings).isEmpty())
        QLocale::setDefault(locale);
    // Parented to the application: they must live as long as it does.
    auto* qt = new QTranslator(&app);
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
    auto* ours = new QTranslator(&app);
    // A locale without a translation of its own (C, POSIX, en_US) reads the
    // source texts with English plural forms ("1 GPU", "2 GPUs").
    if (ours->load(locale, QStringLiteral("gpuwarden"), QStringLiteral("_"),
                   QStringLiteral(":/i18n")) ||
        ours->load(QStringLiteral("gpuwarden_en"), QStringLiteral(":/i18n")))
        QCoreApplication::installTranslator(ours);
}

} // namespace gw
