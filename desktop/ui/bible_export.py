"""Book ▸ Export story bible…: the bible (bible.md) and every settlement as JSON, written by wb.export into a
folder named after the book inside the folder the author picks; then where it went, and a button to show it."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QFileDialog, QMessageBox

from desktop.ui.book_dialog import book_folder
from desktop.ui.window_part import WindowPart


def export_folder(parent: Path | str, name: str) -> Path:
    """Where the export goes inside the chosen folder: a folder of its own ('红楼梦 设定集'), so the author's files
    beside it are never touched and exporting again replaces the earlier export."""
    return book_folder(Path(parent), name).with_suffix("")


class BibleExport(WindowPart):
    """Choose a folder, export in the background lane, then say what was written and offer to show it."""

    def __init__(self, window, workbench, lane, dialogs: dict, needs_book):
        super().__init__(window, workbench, dialogs, needs_book)
        self.lane = lane
        self.folder: Path | None = None

    def open(self) -> None:
        if not self.needs_book():
            return
        dialog = QFileDialog(self.window, self.tr("Export the story bible into a folder"))
        dialog.setFileMode(QFileDialog.Directory)
        dialog.fileSelected.connect(self.export_into)
        self.dialogs["export"] = dialog
        dialog.open()

    def export_into(self, parent: str) -> None:
        if not parent or not self.needs_book():
            return
        name = self.tr("%1 story bible").replace("%1", self.workbench.book_info().title)
        folder = export_folder(parent, name)
        op = self.lane.run(self.tr("Exporting the story bible…"),
                           lambda _progress, _cancel: self.workbench.export(folder), cancellable=False)
        if op is not None:
            op.success(lambda result: self._done(folder, result))

    def _done(self, folder: Path, result: dict) -> None:
        self.folder = folder
        text = self.tr("The story bible is in %1, with %n settlement(s) as JSON.", "",
                       int(result.get("settlements") or 0)).replace("%1", str(folder))
        box = QMessageBox(QMessageBox.Information, self.tr("Story bible exported"), text, QMessageBox.NoButton,
                          self.window)
        self.show_button = box.addButton(self.tr("Show folder"), QMessageBox.ActionRole)
        box.addButton(self.tr("Close"), QMessageBox.RejectRole)
        self.show_button.clicked.connect(self.show_folder)
        self.dialogs["export_done"] = box
        box.open()

    def show_folder(self) -> None:
        if self.folder is not None:
            QDesktopServices.openUrl(QUrl.fromLocalFile(str(self.folder)))

