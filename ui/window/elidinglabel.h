#pragma once

// A one-line label cut with "…" where it is narrower than its text, instead
// of widening its window by a long server or GPU name; the whole line is in
// its tooltip then.

#include <QLabel>

namespace gw {

class ElidingLabel final : public QLabel
{
    Q_OBJECT
public:
    explicit ElidingLabel(QWidget* parent = nullptr);

    QString line() const { return m_line; }
    void setLine(const QString& line);

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void elide();

    QString m_line;
};

} // namespace gw
