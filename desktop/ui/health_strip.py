"""The memory-health strip: counts of what the book remembers and what needs attention, each a door to its list."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QGridLayout, QToolButton, QWidget

from desktop.ui.theme import WARNING_COLOUR

# Keys of workbench.health(), in the order shown; the second set turns red when not zero.
KEYS = ("entities", "relations", "hooks", "unresolved_hooks", "overdue_hooks", "reviews_waiting", "conflicts",
        "unembedded_chapters", "extract_pending", "failed_settlements", "failed_jobs")
ALARMING = {"overdue_hooks", "reviews_waiting", "conflicts", "unembedded_chapters", "extract_pending",
            "failed_settlements", "failed_jobs"}
# Shown only when there is something to do: most books never have chapters waiting for extraction.
ONLY_WHEN_ANY = {"extract_pending", "failed_settlements", "failed_jobs"}


class HealthStrip(QWidget):
    item_clicked = Signal(str)

    def __init__(self, parent=None):
        super().__init__(parent)
        self._labels = {
            "entities": self.tr("Entities"), "relations": self.tr("Relations"), "hooks": self.tr("Hooks"),
            "unresolved_hooks": self.tr("Unresolved"), "overdue_hooks": self.tr("Overdue"),
            "reviews_waiting": self.tr("Reviews waiting"), "conflicts": self.tr("Conflicts"),
            "unembedded_chapters": self.tr("Not embedded"), "extract_pending": self.tr("To extract"),
            "failed_settlements": self.tr("Failed"), "failed_jobs": self.tr("Failed jobs"),
        }
        self._tips = {
            "entities": self.tr("Characters, places, items, factions and abilities in the fact graph"),
            "relations": self.tr("Relations between entities, ended ones included"),
            "hooks": self.tr("Foreshadowing planted so far"),
            "unresolved_hooks": self.tr("Hooks not yet paid off"),
            "overdue_hooks": self.tr("Unresolved hooks past the chapter they were due by"),
            "reviews_waiting": self.tr("Settlements proposed and waiting for your review"),
            "conflicts": self.tr("Proposed items that contradict canon"),
            "unembedded_chapters": self.tr("Chapters whose text is not yet searchable by meaning"),
            "extract_pending": self.tr("Imported chapters waiting for the model to propose their facts"),
            "failed_settlements": self.tr("Settlements set aside because applying them failed: retry or discard"),
            "failed_jobs": self.tr("Background jobs (extraction, linking names) that failed: retry or discard"),
        }
        # Rows of four: the strip must not make the inspector wider than the chat beside it.
        layout = QGridLayout(self)
        layout.setContentsMargins(0, 2, 0, 2)
        layout.setSpacing(0)
        self.buttons: dict[str, QToolButton] = {}
        for index, key in enumerate(KEYS):
            button = QToolButton()
            button.setAutoRaise(True)
            button.setToolTip(self._tips[key])
            button.clicked.connect(lambda _=False, k=key: self.item_clicked.emit(k))
            layout.addWidget(button, index // 4, index % 4)
            self.buttons[key] = button
        layout.setColumnStretch(4, 1)
        self.set_health({})

    def set_health(self, health: dict) -> None:
        for key, button in self.buttons.items():
            value = health.get(key)
            button.setText(f"{self._labels[key]} {'–' if value is None else value}")
            alarming = key in ALARMING and bool(value)
            button.setStyleSheet(f"color: {WARNING_COLOUR}; font-weight: bold;" if alarming else "")
            if key in ONLY_WHEN_ANY:
                button.setVisible(bool(value))

    def value_text(self, key: str) -> str:
        return self.buttons[key].text()
