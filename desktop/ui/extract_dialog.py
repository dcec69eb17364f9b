"""The dialog before fact extraction from imported chapters: how many wait, how slow it is, how many to do now."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFormLayout, QLabel, QSpinBox, QVBoxLayout


class ExtractDialog(QDialog):
    """extract_requested(limit) when the author starts; the model reads one chapter at a time, in order."""

    extract_requested = Signal(int)

    def __init__(self, waiting: int, parent=None):
        super().__init__(parent)
        self.setWindowTitle(self.tr("Propose facts from imported chapters"))
        self.intro = QLabel(self.tr("%1 imported chapters wait for the model to read them. Each becomes a settlement "
                                    "proposal in the review queue; nothing reaches the graphs until you apply it. "
                                    "A chapter takes about half a minute on a CPU; Cancel stops the work, and the "
                                    "chapters not yet read wait for a later run.").replace("%1", str(waiting)))
        self.intro.setWordWrap(True)
        self.count = QSpinBox()
        self.count.setRange(1, max(1, waiting))
        self.count.setValue(max(1, waiting))
        form = QFormLayout()
        form.addRow(self.tr("Chapters to read now"), self.count)
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        self.start_button = buttons.button(QDialogButtonBox.Ok)
        self.start_button.setText(self.tr("Start"))
        buttons.button(QDialogButtonBox.Cancel).setText(self.tr("Cancel"))
        buttons.accepted.connect(self._on_accepted)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.intro)
        layout.addLayout(form)
        layout.addWidget(buttons)
        self.resize(480, self.sizeHint().height())

    def _on_accepted(self) -> None:
        self.extract_requested.emit(self.count.value())
        self.accept()
