#pragma once

// Screen readers and other assistive technology see a painted view's items
// (the overview's tiles, a chart's series, the timeline's events, the
// balance bars) as children of the view, each with a name, a description
// and where it is drawn: a widget that paints items implements
// AccessibleItems, and the factory this library registers gives it an
// interface that lists them. The items are read live: an interface always
// says what the view paints now.

#include <QAccessible>
#include <QRect>
#include <QString>

class QWidget;

namespace gw {

class AccessibleItems
{
public:
    virtual ~AccessibleItems() = default;

    virtual int accessibleItemCount() const = 0;
    // "gpu-lab-01 GPU 2"
    virtual QString accessibleItemName(int index) const = 0;
    // What it says in figures: "busy; utilisation 97 %; memory 70.0 GiB of 80.0 GiB; …"
    virtual QString accessibleItemDescription(int index) const = 0;
    // Where it is drawn, in the widget's coordinates; empty when scrolled or
    // filtered out of sight.
    virtual QRect accessibleItemRect(int index) const = 0;
    virtual QAccessible::Role accessibleItemRole() const { return QAccessible::ListItem; }
    // The item the keyboard is on, -1 when none.
    virtual int accessibleFocusItem() const { return -1; }
    // Whether an item does something when pressed (opens a GPU); then
    // activateAccessibleItem() does it.
    virtual bool accessibleItemsActivate() const { return false; }
    virtual void activateAccessibleItem(int /*index*/) {}
    // The view's own description: what it shows as a whole ("GPU
    // utilisation from 10:00 to 14:00: 8 series, …"); empty: the widget's
    // accessibleDescription.
    virtual QString accessibleSummary() const { return {}; }
};

// Tells assistive technology that `widget`'s items changed (count, names or
// figures); cheap when none listens.
void notifyAccessibleItemsChanged(QWidget* widget);

} // namespace gw
