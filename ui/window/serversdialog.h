#pragma once

// File → Servers…: the remote servers the desktop watches. Add, edit and
// remove agents and Prometheus servers; tokens go to the OS keychain, and a
// certificate no CA vouches for is pinned only after the admin compared its
// fingerprint.

#include "remote/serverlist.h"

#include <QDialog>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTreeWidget;

namespace gw {

class LiveState;

// One server's fields. The token field is write-only: editing shows that a
// token may be stored, never the token itself.
class ServerEditDialog final : public QDialog
{
    Q_OBJECT
public:
    ServerEditDialog(const ServerList* list, std::optional<ServerEntry> existing,
                     QWidget* parent = nullptr);

    ServerEntry entry() const;
    // nullopt: leave the stored token alone; empty: remove it.
    std::optional<QByteArray> token() const;

    QLineEdit* nameEdit() const { return m_name; }
    QLineEdit* urlEdit() const { return m_url; }
    QLineEdit* tokenEdit() const { return m_token; }
    QComboBox* kindBox() const { return m_kind; }
    QLabel* problemLabel() const { return m_problem; }
    QPushButton* okButton() const;

private:
    void revalidate();

    const ServerList* m_list;
    ServerEntry m_entry;
    bool m_editing;
    bool m_clearToken = false;
    QLineEdit* m_name;
    QLineEdit* m_url;
    QComboBox* m_kind;
    QLineEdit* m_token;
    QLabel* m_pin;
    QLabel* m_problem;
    QDialogButtonBox* m_buttons;
};

class ServersDialog final : public QDialog
{
    Q_OBJECT
public:
    ServersDialog(ServerList* list, const LiveState* fleet, QWidget* parent = nullptr);

    QTreeWidget* table() const { return m_table; }
    QLabel* messageLabel() const { return m_message; }
    void selectServer(const QString& name);
    // Opens the editor of the server called `name` (modal, as Edit… does);
    // false when the list has none by that name (a --source agent).
    bool editServerNamed(const QString& name);
    // Opens the Add Server editor (modal, as Add… does).
    void addServerNow() { addServer(); }

    // Asks the admin to compare and accept a certificate fingerprint; true
    // when they did. `changed`: a pinned certificate was replaced.
    static bool confirmCertificate(QWidget* parent, const ServerEntry& e, const QByteArray& sha256,
                                   bool changed);

Q_SIGNALS:
    // The list changed (saved already); the caller re-resolves and reconnects.
    void serversChanged();

private:
    void refresh();
    void addServer();
    void editServer();
    void editEntry(const std::optional<ServerEntry>& existing);
    void removeServer();
    void trustCertificate();
    void updateButtons();
    std::optional<ServerEntry> current() const;
    void showKeychainResult(const SecretError& error);

    ServerList* m_list;
    const LiveState* m_fleet;
    QTreeWidget* m_table;
    QPushButton* m_edit;
    QPushButton* m_remove;
    QPushButton* m_trust;
    QLabel* m_message;
};

} // namespace gw
