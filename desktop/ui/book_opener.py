"""Opening, creating and closing books from the window, and reopening the last one at launch."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QFileDialog

from desktop.ui.book_dialog import NewBookDialog
from desktop.ui.bridge import run_op


class BookOpener(QObject):
    """The Book menu's first block: each a workbench call, reported in the status bar."""

    def __init__(self, window, workbench, dialogs: dict):
        super().__init__(window)
        self.window = window
        self.workbench = workbench
        self._dialogs = dialogs

    def reopen_last(self) -> None:
        """At launch: reopen the last book; a failure is shown and the window stays usable."""
        recent = self.workbench.settings.recent_books
        if recent and Path(recent[0]).exists():
            self.open_book(recent[0])
        elif recent:
            self.window.show_error(self.tr("The last book is gone: %1").replace("%1", recent[0]))

    def new_book(self) -> None:
        dialog = NewBookDialog(self.window)
        dialog.create_requested.connect(self._create_book)
        self._dialogs["new_book"] = dialog
        dialog.open()

    def _create_book(self, path: str, title: str, language: str) -> None:
        run_op(self.window, self.workbench.create_book(path, title=title, language=language)).success(
            lambda info: self._say(self.tr("Created %1").replace("%1", info.path), 5000))

    def choose_book(self) -> None:
        dialog = QFileDialog(self.window, self.tr("Open a book folder"))
        dialog.setFileMode(QFileDialog.Directory)
        dialog.fileSelected.connect(self.open_book)
        self._dialogs["open_book"] = dialog
        dialog.open()

    def open_book(self, path: str) -> None:
        self._say(self.tr("Opening %1…").replace("%1", path))
        run_op(self.window, self.workbench.open_book(path)).success(
            lambda info: self._say(self.tr("Opened %1").replace("%1", info.title), 4000))

    def close_book(self) -> None:
        run_op(self.window, self.workbench.close_book())

    def _say(self, text: str, timeout: int = 0) -> None:
        self.window.statusBar().showMessage(text, timeout)
