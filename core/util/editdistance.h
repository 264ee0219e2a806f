#pragma once

// "Did you mean": how far a mistyped name is from the known ones. One
// routine for the policy file, agent.toml and task files.

#include <QString>
#include <QStringList>

namespace gw {

// Levenshtein distance: the fewest single-character insertions, deletions
// and substitutions that turn `a` into `b`.
int editDistance(const QString& a, const QString& b, Qt::CaseSensitivity cs = Qt::CaseSensitive);

// The first of `known` nearest to `name`, if within `maxEdits` edits and
// fewer edits than `name` has characters (so "x" suggests nothing); empty
// when none is.
QString nearestSpelling(const QString& name, const QStringList& known, int maxEdits = 2,
                        Qt::CaseSensitivity cs = Qt::CaseSensitive);

} // namespace gw
