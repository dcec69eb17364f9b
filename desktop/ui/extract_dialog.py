"""The dialog before building the story bible from imported chapters: which chapters, and how long it should take
at the speed measured on this computer (never a promise made up in advance)."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFormLayout, QLabel, QSpinBox, QVBoxLayout

from desktop.ui.durations import duration_text


class ExtractDialog(QDialog):
    """extract_requested(first, last) when the author starts; the model reads one chapter at a time, in order."""

    extract_requested = Signal(int, int)

    def __init__(self, last_chapter: int, parent=None, *, waiting: int = 0, seconds_per_chapter: float | None = None):
        super().__init__(parent)
        self.seconds_per_chapter = seconds_per_chapter
        self.setWindowTitle(self.tr("Build the story bible"))
        self.intro = QLabel(self.tr(
            "The model reads the imported chapters in order and proposes the characters, places, relations and "
            "events of each. Every chapter becomes a proposal in the review queue, grouped by chapter; nothing "
            "enters the story bible until you accept it. Chapters already read are skipped. Cancel stops the work; "
            "the chapters not yet read wait for a later run."))
        self.intro.setWordWrap(True)
        self.waiting = QLabel(self.tr("%1 chapters are queued already.").replace("%1", str(waiting)))
        self.waiting.setVisible(waiting > 0)
        last = max(1, last_chapter)
        self.first = QSpinBox()
        self.last = QSpinBox()
        for box, value in ((self.first, 1), (self.last, last)):
            box.setRange(1, last)
            box.setValue(value)
            box.valueChanged.connect(self._on_range_changed)
        self.estimate = QLabel()
        self.estimate.setWordWrap(True)
        form = QFormLayout()
        first_label, last_label = QLabel(self.tr("&From chapter")), QLabel(self.tr("&To chapter"))
        first_label.setBuddy(self.first)
        last_label.setBuddy(self.last)
        form.addRow(first_label, self.first)
        form.addRow(last_label, self.last)
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        self.start_button = buttons.button(QDialogButtonBox.Ok)
        self.start_button.setText(self.tr("&Start"))
        self.start_button.setDefault(True)
        buttons.button(QDialogButtonBox.Cancel).setText(self.tr("Cancel"))
        buttons.accepted.connect(self._on_accepted)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.intro)
        layout.addWidget(self.waiting)
        layout.addLayout(form)
        layout.addWidget(self.estimate)
        layout.addWidget(buttons)
        self._on_range_changed()
        self.resize(520, self.sizeHint().height())

    def chapter_range(self) -> tuple[int, int]:
        return self.first.value(), self.last.value()

    def _on_range_changed(self) -> None:
        first, last = self.chapter_range()
        self.start_button.setEnabled(first <= last)
        if first > last:
            self.estimate.setText(self.tr("The first chapter comes after the last one."))
            return
        count = last - first + 1
        if self.seconds_per_chapter is None:
            self.estimate.setText(self.tr(
                "How long it takes depends on the model and this computer, and it has not been measured here yet: "
                "the progress bar shows the time left once the first chapter is read."))
            return
        self.estimate.setText(self.tr("At most about %1 for these %2 chapters, at the %3 a chapter measured on this "
                                      "computer the last time.")
                              .replace("%1", duration_text(count * self.seconds_per_chapter))
                              .replace("%2", str(count)).replace("%3", duration_text(self.seconds_per_chapter)))

    def _on_accepted(self) -> None:
        first, last = self.chapter_range()
        if first > last:
            return
        self.extract_requested.emit(first, last)
        self.accept()
