"""Editing the outline from the plan view: a context menu, a button row and keys (Insert adds, F2 renames,
Ctrl+Up/Down move, Ctrl+P puts the pointer here). Every edit is a workbench call; the plan view is redrawn when the
workbench reports the plan changed, and each edit is a settlement the author can undo."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QAbstractItemView, QHBoxLayout, QInputDialog, QLineEdit, QMenu, QToolButton, QWidget

from desktop.ui.bridge import run_op

CHILD_LEVEL = {None: "GeneralOutline", "GeneralOutline": "LongOutline", "LongOutline": "ShortOutline",
               "ShortOutline": "Step"}
PARENT_LEVEL = {"LongOutline": "GeneralOutline", "ShortOutline": "LongOutline", "Step": "ShortOutline"}
STATUSES = ("Pending", "InProgress", "Completed")


class PlanEditor(QObject):
    """Knows the selected node (from the view's index) and turns the author's gestures into workbench calls."""

    def __init__(self, view, workbench):
        super().__init__(view)
        self.view = view
        self.workbench = workbench
        self.last_op = None  # the running edit, for tests to await
        # Asks for a name; tests replace it. Returns (text, accepted).
        self.ask_text = lambda title, label, text="": QInputDialog.getText(
            view, title, label, QLineEdit.Normal, text)
        self.actions = self._make_actions()
        view.tree.setContextMenuPolicy(Qt.CustomContextMenu)
        view.tree.customContextMenuRequested.connect(self._show_menu)
        view.tree.currentItemChanged.connect(lambda *_: self._enable())
        # Drag and drop: the tree only shows where a row would land; the drop itself is a workbench call.
        view.tree.setDragDropMode(QAbstractItemView.InternalMove)
        view.tree.viewport().installEventFilter(self)
        self._enable()

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 — Qt override
        if event.type() == QEvent.Drop:
            tree = self.view.tree
            dragged, target = tree.currentItem(), tree.itemAt(event.position().toPoint())
            if dragged is not None and target is not None and dragged is not target:
                below = tree.dropIndicatorPosition() == QAbstractItemView.BelowItem
                self.drop_on(dragged.data(0, Qt.UserRole), target.data(0, Qt.UserRole), below=below)
            event.setDropAction(Qt.IgnoreAction)
            event.accept()
            return True  # the tree never moves rows itself: the plan comes back from the book
        return super().eventFilter(watched, event)

    def drop_on(self, dragged_id: str, target_id: str, *, below: bool = False) -> bool:
        """A step dropped on a step takes its place (after it when dropped below); dropped on a short outline it
        goes last there; an outline dropped on an outline of the level above goes under it. False: not a move."""
        dragged, target = self.view.nodes.get(dragged_id), self.view.nodes.get(target_id)
        if dragged is None or target is None:
            return False
        if dragged["level"] == "Step" and target["level"] == "Step":
            index = target["index"] + (1 if below else 0)
            if target["parent"] == dragged["parent"] and dragged["index"] < index:
                index -= 1  # the step leaves its own place before it takes the new one
            parent = None if target["parent"] == dragged["parent"] else target["parent"]
            if parent is None and index == dragged["index"]:
                return False
            self._run(self.workbench.move_plan_node(dragged_id, parent=parent, index=index))
            return True
        if PARENT_LEVEL.get(dragged["level"]) == target["level"] and dragged.get("parent") != target_id:
            self._run(self.workbench.move_plan_node(dragged_id, parent=target_id))
            return True
        return False

    # -- what is selected -------------------------------------------------------------------------------------

    def selected(self) -> dict | None:
        item = self.view.tree.currentItem()
        return self.view.nodes.get(item.data(0, Qt.UserRole)) if item is not None else None

    # -- actions ---------------------------------------------------------------------------------------------

    def _make_actions(self) -> dict[str, QAction]:
        specs = {
            "add": (self.tr("Add…"), QKeySequence(Qt.Key_Insert), self.add),
            "add_general": (self.tr("New general outline…"), None, self.add_general),
            "rename": (self.tr("Rename…"), QKeySequence(Qt.Key_F2), self.rename),
            "up": (self.tr("Move up"), QKeySequence(Qt.CTRL | Qt.Key_Up), lambda: self.move(-1)),
            "down": (self.tr("Move down"), QKeySequence(Qt.CTRL | Qt.Key_Down), lambda: self.move(1)),
            "pointer": (self.tr("Put the pointer here"), QKeySequence(Qt.CTRL | Qt.Key_P), self.pointer_here),
        }
        actions = {}
        for key, (text, shortcut, slot) in specs.items():
            action = QAction(text, self.view)
            if shortcut is not None:
                action.setShortcut(shortcut)
                action.setShortcutContext(Qt.WidgetWithChildrenShortcut)
            action.triggered.connect(slot)
            self.view.addAction(action)
            actions[key] = action
        return actions

    def button_row(self) -> QWidget:
        row = QWidget()
        layout = QHBoxLayout(row)
        layout.setContentsMargins(0, 0, 0, 0)
        for key in ("add", "rename", "up", "down", "pointer"):
            button = QToolButton()
            button.setDefaultAction(self.actions[key])
            button.setToolButtonStyle(Qt.ToolButtonTextOnly)
            layout.addWidget(button)
        status = QToolButton()
        status.setText(self.tr("Status"))
        status.setPopupMode(QToolButton.InstantPopup)
        status.setMenu(self._status_menu(row))
        self.status_button = status
        layout.addWidget(status)
        layout.addStretch(1)
        return row

    def _status_menu(self, parent) -> QMenu:
        menu = QMenu(self.tr("Set status"), parent)
        for status in STATUSES:
            menu.addAction(self.view.status_name(status), lambda s=status: self.set_status(s))
        return menu

    def _enable(self) -> None:
        node = self.selected()
        level = node["level"] if node else None
        self.actions["add"].setText(self._add_text(level))
        self.actions["rename"].setEnabled(node is not None)
        self.actions["up"].setEnabled(node is not None and level != "GeneralOutline")
        self.actions["down"].setEnabled(node is not None and level != "GeneralOutline")
        self.actions["pointer"].setEnabled(level in ("ShortOutline", "Step"))

    def _add_text(self, level: str | None) -> str:
        texts = {"GeneralOutline": self.tr("Add general outline…"), "LongOutline": self.tr("Add long outline…"),
                 "ShortOutline": self.tr("Add short outline…"), "Step": self.tr("Add step…")}
        return texts[CHILD_LEVEL.get(level, "Step")]

    def _show_menu(self, position) -> None:
        menu = self.build_menu()
        self.menu = menu
        menu.popup(self.view.tree.viewport().mapToGlobal(position))

    def build_menu(self) -> QMenu:
        menu = QMenu(self.view)
        menu.addAction(self.actions["add"])
        menu.addAction(self.actions["add_general"])
        menu.addAction(self.actions["rename"])
        menu.addSeparator()
        menu.addAction(self.actions["up"])
        menu.addAction(self.actions["down"])
        node = self.selected()
        if node is not None and node["level"] in PARENT_LEVEL:
            move_to = menu.addMenu(self.tr("Move under"))
            parent_level = PARENT_LEVEL[node["level"]]
            for target in self.view.nodes.values():
                if target["level"] == parent_level and target["id"] != node.get("parent"):
                    move_to.addAction(target["title"], lambda t=target["id"]: self._move_under(t))
            move_to.setEnabled(not move_to.isEmpty())
        menu.addSeparator()
        status = menu.addMenu(self.tr("Set status"))
        for name in STATUSES:
            action = status.addAction(self.view.status_name(name), lambda s=name: self.set_status(s))
            action.setCheckable(True)
            action.setChecked(node is not None and node.get("status") == name)
        status.setEnabled(node is not None)
        menu.addAction(self.actions["pointer"])
        return menu

    # -- edits -----------------------------------------------------------------------------------------------

    def add(self) -> None:
        node = self.selected()
        level = node["level"] if node else None
        if level == "Step":  # a step's sibling: the new step goes at the end of the same short outline
            node, level = self.view.nodes.get(node.get("parent")), "ShortOutline"
        child = CHILD_LEVEL[level]
        text, ok = self.ask_text(self._add_text(level).rstrip("…"), self.tr("Name:"))
        if not ok:
            return
        if child == "Step":
            self._run(self.workbench.add_plan_step(node["id"], text))
        else:
            self._run(self.workbench.add_outline(child, text, parent=node["id"] if node else None))

    def add_general(self) -> None:
        text, ok = self.ask_text(self.tr("New general outline"), self.tr("Name:"))
        if ok:
            self._run(self.workbench.add_outline("GeneralOutline", text))

    def rename(self) -> None:
        node = self.selected()
        if node is None:
            return
        text, ok = self.ask_text(self.tr("Rename"), self.tr("New name:"), node["title"])
        if ok and text != node["title"]:
            self._run(self.workbench.rename_plan_node(node["id"], text))

    def move(self, delta: int) -> None:
        """A step moves within its short outline; an outline moves under the previous or next parent."""
        node = self.selected()
        if node is None or node["level"] == "GeneralOutline":
            return
        if node["level"] == "Step":
            index = node["index"] + delta
            if 0 <= index < node["siblings"]:
                self._run(self.workbench.move_plan_node(node["id"], index=index))
            return
        parents = [n["id"] for n in self.view.nodes.values() if n["level"] == PARENT_LEVEL[node["level"]]]
        place = parents.index(node["parent"]) + delta if node.get("parent") in parents else -1
        if 0 <= place < len(parents):
            self._move_under(parents[place])

    def _move_under(self, parent_id: str) -> None:
        node = self.selected()
        if node is not None:
            self._run(self.workbench.move_plan_node(node["id"], parent=parent_id))

    def set_status(self, status: str) -> None:
        node = self.selected()
        if node is not None and node.get("status") != status:
            self._run(self.workbench.set_plan_status(node["id"], status))

    def pointer_here(self) -> None:
        node = self.selected()
        if node is not None and node["level"] in ("ShortOutline", "Step"):
            self._run(self.workbench.move_pointer(node["id"]))

    def _run(self, awaitable) -> None:
        self.view.keep_selection()
        self.last_op = run_op(self.view, awaitable)
