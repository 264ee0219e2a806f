#pragma once

// Opening an SQLite file of ours (history store, agent journal) and saying
// what went wrong in words an admin acts on. Each kind of file brings its
// own wording; the diagnosis (which SQLite error means what) is shared.

#include <QSqlDatabase>
#include <QSqlError>
#include <QString>
#include <QStringList>

#include <chrono>
#include <optional>

namespace gw::sqlitefile {

// How one kind of file is named in messages. Each phrase is completed with
// the path, then ": " and the reason, then SQLite's own text in parentheses.
struct Wording
{
    QString openPrefix;  // "cannot open history file "
    QString readPrefix;  // "cannot read history from "
    QString writePrefix; // "cannot write history to "
    QString notOurs;     // " is not a GPU Warden history file"
    QString diskFull;    // "the disk is full"
    QString busy;        // "the file is busy (locked by another program)"
};

struct OpenOptions
{
    QString connectionPrefix; // connection names: prefix + a process-wide counter
    // How long a statement waits for another connection's lock before it
    // fails as busy.
    std::chrono::milliseconds busyTimeout{5000};
    bool readOnly = false;
    // Run in order after the first read, e.g. "PRAGMA locking_mode=EXCLUSIVE",
    // "PRAGMA journal_mode=WAL". A caller that must first check the file is
    // its own runs them later with exec().
    QStringList pragmas;
};

// Adds a connection (its name into `connection`, so the caller removes it
// when done, failed or not), opens `path` and reads it once
// (PRAGMA user_version): a missing folder, a file that is not SQLite and a
// file another process holds locked all fail here rather than at the first
// write. Then runs `options.pragmas`. The file's user_version (0 for a new
// file), or absent with `error` in the wording's words.
std::optional<int> open(QSqlDatabase& db, QString& connection, const QString& path,
                        const OpenOptions& options, const Wording& wording, QString* error);

// Runs `statements` in order; false with `error` at the first that fails.
bool exec(QSqlDatabase& db, const QStringList& statements, const QString& path,
          const Wording& wording, QString* error);

// "cannot write history to /x: the disk is full (database or disk is full)"
// and the like, from SQLite's primary result code (or its text, for drivers
// that give no code).
QString describe(const QString& path, const QSqlError& error, bool writing, const Wording& wording);

} // namespace gw::sqlitefile
