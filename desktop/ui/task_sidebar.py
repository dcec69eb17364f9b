"""The task sidebar: open, retained and archived discussions, and the new / switch / restart / settle commands."""

from __future__ import annotations

from datetime import datetime, timezone

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction, QBrush, QColor, QFont, QKeySequence, QPalette
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMenu,
    QToolButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop.contracts import Task
from desktop.ui.theme import ACCENT_COLOUR

TASK_KINDS = ("free", "character", "setting", "outline", "chapter")
GROUPS = ("open", "closed", "archived")


def format_time(value) -> str:
    """Local time, short: today's tasks show the clock, older ones the date too."""
    if value is None or value == "":
        return ""
    if isinstance(value, str):
        try:
            value = datetime.fromisoformat(value.replace("Z", "+00:00"))
        except ValueError:
            return value
    if value.tzinfo is None:
        value = value.replace(tzinfo=timezone.utc)
    local = value.astimezone()
    if local.date() == datetime.now().astimezone().date():
        return local.strftime("%H:%M")
    return local.strftime("%m-%d %H:%M")


class NewTaskDialog(QDialog):
    """Title and kind of a new discussion; the same as typing `/new TITLE`."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setWindowTitle(self.tr("New task"))
        self.title = QLineEdit()
        self.title.setPlaceholderText(self.tr("e.g. Design the character Zhang San"))
        self.kind = QComboBox()
        labels = {"free": self.tr("Free discussion"), "character": self.tr("Character"),
                  "setting": self.tr("Setting"), "outline": self.tr("Outline"), "chapter": self.tr("Chapter")}
        for kind in TASK_KINDS:
            self.kind.addItem(labels[kind], kind)
        form = QFormLayout()
        form.addRow(self.tr("Title"), self.title)
        form.addRow(self.tr("Kind"), self.kind)
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.button(QDialogButtonBox.Ok).setText(self.tr("Create"))
        buttons.button(QDialogButtonBox.Cancel).setText(self.tr("Cancel"))
        buttons.accepted.connect(self._on_accepted)
        buttons.rejected.connect(self.reject)
        self.ok_button = buttons.button(QDialogButtonBox.Ok)
        self.ok_button.setEnabled(False)
        self.title.textChanged.connect(lambda text: self.ok_button.setEnabled(bool(text.strip())))
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(buttons)
        self.resize(420, self.sizeHint().height())

    def _on_accepted(self) -> None:
        if self.title.text().strip():
            self.accept()

    def values(self) -> tuple[str, str]:
        return self.title.text().strip(), self.kind.currentData()


class TaskSidebar(QWidget):
    new_requested = Signal(str, str)  # title, kind
    switch_requested = Signal(object)  # task id
    restart_requested = Signal(object)
    settle_requested = Signal(object)

    def __init__(self, parent=None):
        super().__init__(parent)
        self._group_titles = {"open": self.tr("Open"), "closed": self.tr("Closed (retained)"),
                              "archived": self.tr("Archived")}
        self._kind_labels = {"free": self.tr("free"), "character": self.tr("character"),
                             "setting": self.tr("setting"), "outline": self.tr("outline"),
                             "chapter": self.tr("chapter")}
        self._tasks: dict[object, Task] = {}
        self._active = None

        self.new_action = self._action(self.tr("New task…"), "Ctrl+T", self._on_new)
        self.switch_action = self._action(self.tr("Switch to task"), "Ctrl+Shift+Return", self._on_switch)
        self.restart_action = self._action(self.tr("Restart task"), "Ctrl+Shift+R", self._on_restart)
        self.settle_action = self._action(self.tr("Settle task…"), "Ctrl+Shift+S", self._on_settle)
        for action, short in ((self.new_action, self.tr("New")), (self.switch_action, self.tr("Switch")),
                              (self.restart_action, self.tr("Restart")), (self.settle_action, self.tr("Settle"))):
            action.setIconText(short)  # the buttons say it briefly; the menu says it in full
        self.next_action = self._action(self.tr("Next open task"), "Ctrl+PgDown", lambda: self._step(1))
        self.previous_action = self._action(self.tr("Previous open task"), "Ctrl+PgUp", lambda: self._step(-1))

        self.tree = QTreeWidget()
        self.tree.setHeaderLabels([self.tr("Task"), self.tr("Msgs"), self.tr("Updated")])
        self.tree.header().setSectionResizeMode(0, QHeaderView.Stretch)
        self.tree.header().setSectionResizeMode(1, QHeaderView.ResizeToContents)
        self.tree.header().setSectionResizeMode(2, QHeaderView.ResizeToContents)
        self.tree.header().setStretchLastSection(False)
        self.tree.setRootIsDecorated(False)
        self.tree.setContextMenuPolicy(Qt.CustomContextMenu)
        self.tree.customContextMenuRequested.connect(self._on_context_menu)
        self.tree.itemDoubleClicked.connect(self._on_item_double_clicked)
        self.tree.currentItemChanged.connect(lambda *_: self._update_actions())
        self.tree.setTextElideMode(Qt.ElideMiddle)  # a cut title keeps its start and its end
        # The selected task's full title, for titles the column cuts (a tooltip-free way to read them).
        self.full_title = QLabel()
        self.full_title.setWordWrap(True)
        self.full_title.setTextFormat(Qt.PlainText)
        self.full_title.setForegroundRole(QPalette.PlaceholderText)

        buttons = QHBoxLayout()
        buttons.setSpacing(2)
        for action in (self.new_action, self.switch_action, self.restart_action, self.settle_action):
            button = QToolButton()
            button.setDefaultAction(action)
            button.setToolButtonStyle(Qt.ToolButtonTextOnly)
            buttons.addWidget(button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(buttons)
        layout.addWidget(self.tree, 1)
        layout.addWidget(self.full_title)
        self._dialog: NewTaskDialog | None = None
        self._update_actions()

    def _action(self, text: str, shortcut: str, slot) -> QAction:
        action = QAction(text, self)
        action.setShortcut(QKeySequence(shortcut))
        action.setShortcutContext(Qt.WindowShortcut)
        action.setToolTip(f"{text.rstrip('…')} ({QKeySequence(shortcut).toString(QKeySequence.NativeText)})")
        action.triggered.connect(slot)
        self.addAction(action)
        return action

    def actions_for_menu(self) -> list[QAction]:
        return [self.new_action, self.switch_action, self.restart_action, self.settle_action,
                self.next_action, self.previous_action]

    # -- content -------------------------------------------------------------------------

    def ask_new_task(self) -> None:
        """Open the new-task dialog (the chat's empty state offers it too)."""
        self._on_new()

    def set_tasks(self, tasks: list[Task]) -> None:
        selected = self.selected_task_id()
        was_active = self._active
        self._tasks = {t.id: t for t in tasks}
        self._active = next((t.id for t in tasks if t.status == "active"), None)
        if self._active != was_active:
            selected = self._active  # the highlight follows a switch, a new task, or a settled one leaving
        self.tree.clear()
        bold = QFont(self.font())
        bold.setBold(True)
        for group in GROUPS:
            members = [t for t in tasks if _group_of(t) == group]
            if not members:
                continue
            header = QTreeWidgetItem([f"{self._group_titles[group]} ({len(members)})", "", ""])
            header.setFlags(Qt.ItemIsEnabled)
            header.setFont(0, bold)
            self.tree.addTopLevelItem(header)
            for task in members:
                self.tree.addTopLevelItem(self._row(task, bold))
        self.select_task(selected if selected in self._tasks else self._active)
        if self.selected_task_id() is None:
            self.tree.setCurrentItem(None)
        self._update_actions()

    def _row(self, task: Task, bold: QFont) -> QTreeWidgetItem:
        kind = self._kind_labels.get(task.kind, task.kind or "")
        title = f"{task.title or ''}  · {kind}" if kind else task.title or ""
        active = task.status == "active"
        row = QTreeWidgetItem([("● " if active else "   ") + title, str(task.messages or 0),
                               format_time(task.updated_at)])
        row.setData(0, Qt.UserRole, task.id)
        tip = [f"#{task.id} {task.title or ''}"]
        if task.retained_until and task.status == "closed":
            tip.append(self.tr("kept until %1").replace("%1", format_time(task.retained_until)))
        row.setToolTip(0, "\n".join(tip))
        if active:
            colour = QColor(ACCENT_COLOUR)
            colour.setAlpha(55)
            for column in range(3):
                row.setBackground(column, QBrush(colour))
                row.setFont(column, bold)
        if task.status == "archived":
            grey = QBrush(self.palette().color(self.palette().ColorRole.PlaceholderText))
            for column in range(3):
                row.setForeground(column, grey)
        return row

    def select_task(self, task_id) -> None:
        for i in range(self.tree.topLevelItemCount()):
            item = self.tree.topLevelItem(i)
            if task_id is not None and item.data(0, Qt.UserRole) == task_id:
                self.tree.setCurrentItem(item)
                return
        self.tree.setCurrentItem(None)

    def selected_task_id(self):
        item = self.tree.currentItem()
        return item.data(0, Qt.UserRole) if item is not None else None

    def active_task_id(self):
        return self._active

    def task_titles(self) -> list[str]:
        """Row texts as shown, group headings included: what the author sees, top to bottom."""
        return [self.tree.topLevelItem(i).text(0).strip() for i in range(self.tree.topLevelItemCount())]

    # -- commands ----------------------------------------------------------------------------

    def _update_actions(self) -> None:
        task = self._tasks.get(self.selected_task_id())
        status = task.status if task else None
        self.full_title.setText(f"#{task.id} {task.title}" if task is not None else "")
        self.full_title.setVisible(task is not None)
        self.switch_action.setEnabled(status == "open")
        self.restart_action.setEnabled(status in ("closed", "archived"))
        self.settle_action.setEnabled(status in ("open", "active"))
        open_count = sum(1 for t in self._tasks.values() if t.status in ("open", "active"))
        self.next_action.setEnabled(open_count > 1)
        self.previous_action.setEnabled(open_count > 1)

    def _on_new(self) -> None:
        self._dialog = NewTaskDialog(self.window())
        self._dialog.accepted.connect(self._on_new_task_dialog_accepted)
        self._dialog.open()

    def _on_new_task_dialog_accepted(self) -> None:
        title, kind = self._dialog.values()
        self.new_requested.emit(title, kind)

    def _on_switch(self) -> None:
        task_id = self.selected_task_id()
        if task_id is not None:
            self.switch_requested.emit(task_id)

    def _on_restart(self) -> None:
        task_id = self.selected_task_id()
        if task_id is not None:
            self.restart_requested.emit(task_id)

    def _on_settle(self) -> None:
        task_id = self.selected_task_id()
        task = self._tasks.get(task_id)
        if task is None or task.status not in ("open", "active"):
            task_id = self._active
        if task_id is not None:
            self.settle_requested.emit(task_id)

    def _step(self, direction: int) -> None:
        ids = [t.id for t in self._tasks.values() if t.status in ("open", "active")]
        if len(ids) < 2:
            return
        here = ids.index(self._active) if self._active in ids else 0
        self.switch_requested.emit(ids[(here + direction) % len(ids)])

    def _on_item_double_clicked(self, item: QTreeWidgetItem, _column: int) -> None:
        task = self._tasks.get(item.data(0, Qt.UserRole))
        if task is None:
            return
        if task.status == "open":
            self.switch_requested.emit(task.id)
        elif task.status in ("closed", "archived"):
            self.restart_requested.emit(task.id)

    def _on_context_menu(self, point) -> None:
        item = self.tree.itemAt(point)
        if item is not None:
            self.tree.setCurrentItem(item)
        menu = QMenu(self)
        for action in (self.new_action, self.switch_action, self.restart_action, self.settle_action):
            menu.addAction(action)
        menu.popup(self.tree.viewport().mapToGlobal(point))


def _group_of(task: Task) -> str:
    status = task.status
    return "open" if status in ("open", "active") else status if status in GROUPS else "archived"
