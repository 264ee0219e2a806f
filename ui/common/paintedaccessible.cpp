#include "common/paintedaccessible.h"

#include <QAccessibleWidget>
#include <QHash>
#include <QPointer>
#include <QWidget>

namespace gw {

namespace {

AccessibleItems* itemsOf(QWidget* widget)
{
    return dynamic_cast<AccessibleItems*>(widget);
}

// One painted item: no QObject of its own; it reads its view by index.
class PaintedItemInterface final : public QAccessibleInterface, public QAccessibleActionInterface
{
public:
    PaintedItemInterface(QWidget* view, int index)
        : m_view(view)
        , m_index(index)
    {}

    bool isValid() const override
    {
        const AccessibleItems* items = m_view ? itemsOf(m_view) : nullptr;
        return items && m_index < items->accessibleItemCount();
    }
    QObject* object() const override { return nullptr; }
    QWindow* window() const override { return m_view ? m_view->window()->windowHandle() : nullptr; }
    QAccessibleInterface* parent() const override
    {
        return m_view ? QAccessible::queryAccessibleInterface(m_view.data()) : nullptr;
    }
    QAccessibleInterface* child(int) const override { return nullptr; }
    int childCount() const override { return 0; }
    int indexOfChild(const QAccessibleInterface*) const override { return -1; }
    QAccessibleInterface* childAt(int, int) const override { return nullptr; }
    QAccessibleInterface* focusChild() const override { return nullptr; }

    QString text(QAccessible::Text t) const override
    {
        if (!isValid())
            return {};
        const AccessibleItems* items = itemsOf(m_view);
        switch (t) {
        case QAccessible::Name:
            return items->accessibleItemName(m_index);
        case QAccessible::Description:
            return items->accessibleItemDescription(m_index);
        default:
            return {};
        }
    }
    void setText(QAccessible::Text, const QString&) override {}

    QRect rect() const override
    {
        if (!isValid())
            return {};
        const QRect r = itemsOf(m_view)->accessibleItemRect(m_index);
        return r.isEmpty() ? QRect() : QRect(m_view->mapToGlobal(r.topLeft()), r.size());
    }
    QAccessible::Role role() const override
    {
        return isValid() ? itemsOf(m_view)->accessibleItemRole() : QAccessible::NoRole;
    }
    QAccessible::State state() const override
    {
        QAccessible::State s;
        if (!isValid()) {
            s.invalid = true;
            return s;
        }
        const AccessibleItems* items = itemsOf(m_view);
        s.focusable = items->accessibleItemsActivate();
        s.focused = m_view->hasFocus() && items->accessibleFocusItem() == m_index;
        s.invisible = items->accessibleItemRect(m_index).isEmpty() || !m_view->isVisible();
        s.offscreen = s.invisible;
        s.readOnly = true;
        return s;
    }

    void* interface_cast(QAccessible::InterfaceType type) override
    {
        if (type == QAccessible::ActionInterface && isValid() &&
            itemsOf(m_view)->accessibleItemsActivate())
            return static_cast<QAccessibleActionInterface*>(this);
        return nullptr;
    }
    QStringList actionNames() const override { return {pressAction()}; }
    void doAction(const QString& name) override
    {
        if (name == pressAction() && isValid())
            itemsOf(m_view)->activateAccessibleItem(m_index);
    }
    QStringList keyBindingsForAction(const QString&) const override { return {}; }

private:
    QPointer<QWidget> m_view;
    int m_index;
};

// The view: its items first, then its own child widgets (a scroll area's
// scroll bars).
class PaintedViewInterface final : public QAccessibleWidget
{
public:
    explicit PaintedViewInterface(QWidget* view, QAccessible::Role role)
        : QAccessibleWidget(view, role)
    {}
    ~PaintedViewInterface() override
    {
        for (QAccessible::Id id : std::as_const(m_items))
            QAccessible::deleteAccessibleInterface(id);
    }

    int childCount() const override { return count() + QAccessibleWidget::childCount(); }
    QAccessibleInterface* child(int index) const override
    {
        const int n = count();
        if (index < 0)
            return nullptr;
        if (index >= n)
            return QAccessibleWidget::child(index - n);
        auto it = m_items.constFind(index);
        if (it != m_items.cend())
            return QAccessible::accessibleInterface(*it);
        auto* item = new PaintedItemInterface(widget(), index);
        m_items.insert(index, QAccessible::registerAccessibleInterface(item));
        return item;
    }
    int indexOfChild(const QAccessibleInterface* child) const override
    {
        for (auto it = m_items.cbegin(); it != m_items.cend(); ++it) {
            if (QAccessible::accessibleInterface(it.value()) == child)
                return it.key() < count() ? it.key() : -1;
        }
        const int own = QAccessibleWidget::indexOfChild(child);
        return own < 0 ? -1 : count() + own;
    }
    QAccessibleInterface* childAt(int x, int y) const override
    {
        const QPoint local = widget()->mapFromGlobal(QPoint(x, y));
        const AccessibleItems* items = itemsOf(widget());
        for (int i = 0; i < count(); ++i) {
            if (items->accessibleItemRect(i).contains(local))
                return child(i);
        }
        return QAccessibleWidget::childAt(x, y);
    }
    QAccessibleInterface* focusChild() const override
    {
        const int focus = itemsOf(widget())->accessibleFocusItem();
        if (widget()->hasFocus() && focus >= 0 && focus < count())
            return child(focus);
        return QAccessibleWidget::focusChild();
    }
    QString text(QAccessible::Text t) const override
    {
        if (t == QAccessible::Description) {
            const QString summary = itemsOf(widget())->accessibleSummary();
            if (!summary.isEmpty())
                return summary;
        }
        return QAccessibleWidget::text(t);
    }

private:
    int count() const { return itemsOf(widget())->accessibleItemCount(); }

    mutable QHash<int, QAccessible::Id> m_items;
};

QAccessibleInterface* paintedViewFactory(const QString&, QObject* object)
{
    if (!object || !object->isWidgetType())
        return nullptr;
    auto* widget = static_cast<QWidget*>(object);
    AccessibleItems* items = itemsOf(widget);
    if (!items)
        return nullptr;
    const QAccessible::Role role = items->accessibleItemRole() == QAccessible::ListItem
                                       ? QAccessible::List
                                       : QAccessible::Chart;
    return new PaintedViewInterface(widget, role);
}

// Registered with the library: every program that links a painted view has
// its factory, tests included.
const bool kRegistered = [] {
    QAccessible::installFactory(paintedViewFactory);
    return true;
}();

} // namespace

void notifyAccessibleItemsChanged(QWidget* widget)
{
    if (!QAccessible::isActive() || !widget)
        return;
    QAccessibleEvent described(widget, QAccessible::DescriptionChanged);
    QAccessible::updateAccessibility(&described);
    QAccessibleEvent reordered(widget, QAccessible::ObjectReorder);
    QAccessible::updateAccessibility(&reordered);
}

} // namespace gw
