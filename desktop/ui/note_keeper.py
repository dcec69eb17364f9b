"""Notes without a reply: text files, dropped or chosen, and the clipboard kept in the active task as the author's words."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication, QFileDialog

from desktop.ui.bridge import run_op
from desktop.ui.window_part import WindowPart


class NoteKeeper(WindowPart):
    """Hands the author's notes to the workbench and says in the status bar what was kept."""

    def choose_file(self) -> None:
        if not self.needs_book():
            return
        dialog = QFileDialog(self.window, self.tr("Keep a text file as a note"))
        dialog.setFileMode(QFileDialog.ExistingFiles)
        dialog.setNameFilter(self.tr("Text notes (*.txt *.md)"))
        dialog.filesSelected.connect(self.add_files)
        self.dialogs["note_file"] = dialog
        dialog.open()

    def add_files(self, files: list) -> None:
        if self.needs_book() and files:
            run_op(self.window, self._keep([{"path": str(f)} for f in files])).success(self._kept)

    def paste(self) -> None:
        text = QApplication.clipboard().text().strip()
        if not text:
            self.window.statusBar().showMessage(self.tr("The clipboard holds no text to keep."), 5000)
        elif self.needs_book():
            run_op(self.window, self._keep([{"text": text}])).success(self._kept)

    async def _keep(self, notes: list[dict]) -> list[dict]:
        return [await self.workbench.note(**note) for note in notes]

    def _kept(self, kept: list[dict]) -> None:
        characters = sum(k.get("characters") or 0 for k in kept)
        self.window.statusBar().showMessage(self.tr("Kept %1 notes (%2 characters) in the active task")
                                            .replace("%1", str(len(kept))).replace("%2", str(characters)), 6000)
