"""Two parts of the chat pane: the candidate drafts to pick from, and the drawer showing what was sent to the model."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTabWidget,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)


class CandidatePicker(QWidget):
    """Several drafts side by side as tabs, each with its critique; the author edits one and picks it."""

    picked = Signal(int, str)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.tabs = QTabWidget()
        self.heading = QLabel(self.tr("Several drafts — edit one and use it:"))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.heading)
        layout.addWidget(self.tabs)
        self.editors: list[QPlainTextEdit] = []

    def set_candidates(self, candidates: list[dict]) -> None:
        self.tabs.clear()
        self.editors = []
        for index, candidate in enumerate(candidates):
            page = QWidget()
            editor = QPlainTextEdit(candidate.get("text") or "")
            critique = QLabel(candidate.get("critique") or "")
            critique.setWordWrap(True)
            critique.setTextFormat(Qt.PlainText)
            use = QPushButton(self.tr("Use this draft"))
            use.clicked.connect(lambda _=False, i=index: self.picked.emit(i, self.editors[i].toPlainText()))
            box = QVBoxLayout(page)
            box.addWidget(editor, 1)
            box.addWidget(QLabel(self.tr("Critique:")))
            box.addWidget(critique)
            box.addWidget(use, 0, Qt.AlignRight)
            score = candidate.get("score")
            title = self.tr("Draft %1").replace("%1", str(index + 1))
            if isinstance(score, (int, float)):
                title += f" · {score:.2g}"
            self.tabs.addTab(page, title)
            self.editors.append(editor)


class ContextDrawer(QWidget):
    """What was sent to the model for the last turn: the context builder's sections and their token counts."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.sections = QTreeWidget()
        self.sections.setHeaderLabels([self.tr("Section"), self.tr("Tokens")])
        self.sections.setRootIsDecorated(False)
        self.sections.currentItemChanged.connect(self._on_section_changed)
        self.text = QPlainTextEdit()
        self.text.setReadOnly(True)
        split = QSplitter(Qt.Horizontal)
        split.addWidget(self.sections)
        split.addWidget(self.text)
        split.setSizes([160, 340])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.summary)
        layout.addWidget(split, 1)
        self.set_context(None)

    def set_context(self, context: dict | None) -> None:
        self.sections.clear()
        self.text.clear()
        if not context:
            self.summary.setText(self.tr("Nothing sent yet for this task."))
            return
        sections = context.get("sections") or []
        used = sum(s.get("tokens") or 0 for s in sections)
        self.summary.setText(self.tr("Mode: %1 · %2 of %3 tokens · %4 earlier messages")
                             .replace("%1", str(context.get("mode") or ""))
                             .replace("%2", str(used))
                             .replace("%3", str(context.get("budget_tokens") or "?"))
                             .replace("%4", str(len(context.get("messages") or []))))
        for section in sections:
            item = QTreeWidgetItem([section.get("name") or "", str(section.get("tokens") or 0)])
            item.setData(0, Qt.UserRole, section.get("text") or "")
            self.sections.addTopLevelItem(item)
        if sections:
            self.sections.setCurrentItem(self.sections.topLevelItem(0))

    def _on_section_changed(self, item, _previous) -> None:
        self.text.setPlainText(item.data(0, Qt.UserRole) if item is not None else "")

    def section_names(self) -> list[str]:
        return [self.sections.topLevelItem(i).text(0) for i in range(self.sections.topLevelItemCount())]
