// The token books' JSON (what a keeper or the CLI reads back: books, ledger
// entries, usage facts, gaps): strict reading, every refusal says why, and
// what parses survives our own writer unchanged.
#include "tokens/tokensjson.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char*>(data), qsizetype(size));
    QString error;
    if (const auto b = gw::booksFromJsonText(bytes, &error)) {
        QString again;
        const auto back =
            gw::booksFromJsonText(QJsonDocument(gw::booksToJson(*b)).toJson(), &again);
        if (!back || *back != *b)
            __builtin_trap();
    } else if (error.isEmpty()) {
        __builtin_trap();
    }

    const QJsonDocument doc = QJsonDocument::fromJson(bytes);
    if (!doc.isObject())
        return 0;
    const QJsonObject o = doc.object();
    QString why;
    if (const auto e = gw::ledgerEntryFromJson(o, &why)) {
        if (gw::ledgerEntryFromJson(gw::ledgerEntryToJson(*e), &why) != e)
            __builtin_trap();
    } else if (why.isEmpty()) {
        __builtin_trap();
    }
    why.clear();
    if (const auto f = gw::usageFactFromJson(o, &why)) {
        if (gw::usageFactFromJson(gw::usageFactToJson(*f), &why) != f)
            __builtin_trap();
    } else if (why.isEmpty()) {
        __builtin_trap();
    }
    why.clear();
    if (const auto g = gw::coverageGapFromJson(o, &why)) {
        if (gw::coverageGapFromJson(gw::coverageGapToJson(*g), &why) != g)
            __builtin_trap();
    } else if (why.isEmpty()) {
        __builtin_trap();
    }
    return 0;
}
