#pragma once

// Text from elsewhere (an agent's names and messages, a process's command)
// made safe to print on one line of a terminal, a log or a CSV cell: every
// control character (C0 and C1, DEL), the Unicode line and paragraph
// separators and the bidirectional overrides and isolates (which reorder
// what a reader sees) become visible escapes — "\n", "\r", "\t", "\x1b",
// "\u202e" — and everything else, any valid Unicode text, is kept as it is.
// A newline in a server's name can then not forge a line of output, nor an
// escape sequence recolour or clear a terminal. Backslashes are kept: the
// escapes are for people to read, not to be decoded.

#include <QString>
#include <QStringView>

namespace gw {

// True when printableText(text) would change nothing.
bool isPrintableText(QStringView text);
// `text` with the characters above escaped; the same string when clean.
QString printableText(const QString& text);

} // namespace gw
