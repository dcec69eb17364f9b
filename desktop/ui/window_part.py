"""What every controller of the window holds: the window, the workbench, the window's dialogs, and the check that
a book is open — the one place those are wired, so each pane's controller says only what it adds."""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QWidget


class WindowPart(QObject):
    """A controller owned by the main window (its parent), talking only to the workbench."""

    def __init__(self, window, workbench, dialogs: dict, needs_book: Callable[[], bool]):
        super().__init__(window)
        self.window = window
        self.workbench = workbench
        self.dialogs = dialogs
        self.needs_book = needs_book

    def one_dialog(self, key: str, make: Callable[[], QWidget]) -> QWidget:
        """The window's single dialog under `key`, made the first time it is asked for."""
        dialog = self.dialogs.get(key)
        if dialog is None:
            dialog = self.dialogs[key] = make()
        return dialog
