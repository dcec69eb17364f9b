"""The one adapter between the workbench's Changes and the panes: each kind of news as a Qt signal."""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer, Signal


class ChangeFeed(QObject):
    """Re-emits what the workbench reports; several changes in a row become one refresh on the next loop turn."""

    changed = Signal(object)      # every Changes, as it comes
    book_changed = Signal()       # a book opened or closed: everything is shown anew
    tasks_changed = Signal()
    messages_changed = Signal()   # also after a task change: the active task's queue may be another one
    graphs_changed = Signal()     # facts, plan, archive or journal
    model_changed = Signal()

    def __init__(self, workbench, parent: QObject | None = None):
        super().__init__(parent)
        self.workbench = workbench
        self._pending = None
        workbench.subscribe(self._note)

    def _note(self, changes) -> None:
        try:
            self.changed.emit(changes)
        except RuntimeError:  # the window that owned this feed is gone, and so is its interest
            self.workbench.unsubscribe(self._note)
            return
        if self._pending is None:
            QTimer.singleShot(0, self._emit)
        self._pending = changes if self._pending is None else self._pending | changes

    def _emit(self) -> None:
        changes, self._pending = self._pending, None
        if changes is None:
            return
        if changes.model:
            self.model_changed.emit()
        if changes.book:
            self.book_changed.emit()
            return
        if not self.workbench.has_book:
            return
        if changes.tasks:
            self.tasks_changed.emit()
        if changes.messages or changes.tasks:
            self.messages_changed.emit()
        if changes.facts or changes.plan or changes.archive or changes.journal:
            self.graphs_changed.emit()
