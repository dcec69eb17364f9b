"""The new-book dialog: a title, the book's language and the folder it will live in."""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtCore import QStandardPaths, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
)

BOOK_SUFFIX = ".inkstone"
_UNSAFE = re.compile(r'[\\/:*?"<>|\x00-\x1f]')


def book_folder(parent: Path, title: str) -> Path:
    """Where a book of that title goes: a folder named after it, safe on every file system."""
    name = _UNSAFE.sub("_", title.strip()).strip(". ") or "book"
    return parent / f"{name}{BOOK_SUFFIX}"


class NewBookDialog(QDialog):
    create_requested = Signal(str, str, str)  # path, title, language

    def __init__(self, parent=None, *, language: str = "zh"):
        super().__init__(parent)
        self.setWindowTitle(self.tr("New book"))
        self.title = QLineEdit()
        self.title.setPlaceholderText(self.tr("The novel's title"))
        self.language = QComboBox()
        self.language.addItem(self.tr("Chinese"), "zh")
        self.language.addItem(self.tr("English"), "en")
        self.language.setCurrentIndex(max(0, self.language.findData(language)))
        documents = QStandardPaths.writableLocation(QStandardPaths.DocumentsLocation) or str(Path.home())
        self.location = QLineEdit(str(Path(documents) / "Inkstone"))
        browse = QPushButton(self.tr("Browse…"))
        browse.clicked.connect(self._on_browse_clicked)
        row = QHBoxLayout()
        row.addWidget(self.location, 1)
        row.addWidget(browse)
        self.where = QLabel()
        self.where.setWordWrap(True)
        form = QFormLayout()
        form.addRow(self.tr("Title"), self.title)
        form.addRow(self.tr("Language"), self.language)
        form.addRow(self.tr("Folder"), row)
        form.addRow("", self.where)
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        self.ok_button = buttons.button(QDialogButtonBox.Ok)
        self.ok_button.setText(self.tr("Create"))
        buttons.button(QDialogButtonBox.Cancel).setText(self.tr("Cancel"))
        buttons.accepted.connect(self._on_accepted)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(buttons)
        self.title.textChanged.connect(self._update_where)
        self.location.textChanged.connect(self._update_where)
        self._folder_dialog: QFileDialog | None = None
        self._update_where()
        self.resize(560, self.sizeHint().height())

    def path(self) -> Path:
        return book_folder(Path(self.location.text().strip()).expanduser(), self.title.text())

    def _update_where(self, *_args) -> None:
        ready = bool(self.title.text().strip() and self.location.text().strip())
        self.ok_button.setEnabled(ready)
        self.where.setText(self.tr("The book will be the folder %1").replace("%1", str(self.path())) if ready else "")

    def _on_browse_clicked(self) -> None:
        dialog = QFileDialog(self, self.tr("Choose where to keep the book"))
        dialog.setFileMode(QFileDialog.Directory)
        dialog.fileSelected.connect(self.location.setText)
        self._folder_dialog = dialog
        dialog.open()

    def _on_accepted(self) -> None:
        if self.ok_button.isEnabled():
            self.create_requested.emit(str(self.path()), self.title.text().strip(), self.language.currentData())
            self.accept()
