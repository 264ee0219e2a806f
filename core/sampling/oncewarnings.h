#pragma once

// A broken file would otherwise repeat the same warning every second: each
// key warns once (log line + Snapshot::warnings) until it reads cleanly again.

#include "model/snapshot.h"

#include <QLoggingCategory>
#include <QSet>

#include <optional>

namespace gw {

class OnceWarnings
{
public:
    using Category = const QLoggingCategory& (*)();
    explicit OnceWarnings(Category category)
        : m_category(category)
    {}

    void warn(Snapshot& out, const QString& key, const QString& message)
    {
        if (m_keys.contains(key))
            return;
        m_keys.insert(key);
        qCWarning(m_category).noquote() << message;
        out.warnings.append(message);
    }
    void clear(const QString& key) { m_keys.remove(key); }
    // For a value read each sample: warns (once) when there is a `problem`,
    // forgets the key when the value read cleanly, and leaves it be when
    // there was nothing to read.
    void report(Snapshot& out, const QString& key, const std::optional<QString>& problem,
                bool readCleanly)
    {
        if (problem)
            warn(out, key, *problem);
        else if (readCleanly)
            clear(key);
    }
    void reset() { m_keys.clear(); }

private:
    Category m_category;
    QSet<QString> m_keys;
};

} // namespace gw
