"""The discussion inside the settlement review: the task's messages, with an item's quoted words highlighted."""

from __future__ import annotations

import html

from PySide6.QtGui import QColor, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import QTextBrowser, QTextEdit

from desktop.ui.theme import ACCENT_COLOUR

QUOTE_BACKGROUND = "#ffe28a"  # a highlighter pen: readable under dark text in both themes


class DiscussionView(QTextBrowser):
    """Read-only; `highlight(evidence)` marks each quote in the message it came from and scrolls to the first."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self._roles = {"user": self.tr("Author"), "assistant": self.tr("Inkstone")}
        self._spans: dict[int, tuple[int, int]] = {}  # message id -> (start, end) of its text in the document
        self.setPlaceholderText(self.tr("The discussion this settlement was made from is not available."))

    def set_messages(self, messages: list[dict]) -> None:
        """The author's and the assistant's words in order; tool lookups and checks are not the discussion."""
        self.clear()
        self._spans = {}
        cursor = QTextCursor(self.document())
        for message in messages:
            if not isinstance(message, dict):  # a Message record from the workbench
                message = {"id": message.id, "role": message.role, "content": message.content,
                           "meta": dict(message.meta)}
            if message.get("role") not in self._roles:
                continue
            if not self.document().isEmpty():
                cursor.insertBlock()
                cursor.insertBlock()
            label = self._roles[message["role"]]
            if (message.get("meta") or {}).get("note"):
                label = self.tr("Author (note)")
            colour = ACCENT_COLOUR if message["role"] == "user" else "#2e8b57"
            cursor.insertHtml(f"<b style='color:{colour}'>{html.escape(label)}</b>")
            cursor.insertBlock()
            cursor.setCharFormat(QTextCharFormat())
            start = cursor.position()
            cursor.insertText(message.get("content") or "")
            if message.get("id") is not None:
                self._spans[message["id"]] = (start, cursor.position())
        self.setExtraSelections([])

    def has_messages(self) -> bool:
        return bool(self._spans)

    def highlight(self, evidence: list[dict]) -> int:
        """Mark every quote found; a quote not found verbatim marks its whole message. Returns how many marked."""
        selections = []
        for entry in evidence or []:
            cursor = self._find(entry)
            if cursor is None:
                continue
            selection = QTextEdit.ExtraSelection()
            selection.cursor = cursor
            selection.format.setBackground(QColor(QUOTE_BACKGROUND))
            selection.format.setForeground(QColor("#1f1f1f"))
            selections.append(selection)
        self.setExtraSelections(selections)
        if selections:
            first = QTextCursor(selections[0].cursor)
            first.setPosition(selections[0].cursor.selectionStart())
            self.setTextCursor(first)
            self.ensureCursorVisible()
        return len(selections)

    def highlighted_texts(self) -> list[str]:
        return [s.cursor.selectedText() for s in self.extraSelections()]

    def _find(self, entry: dict) -> QTextCursor | None:
        quote = (entry.get("quote") or "").strip()
        span = self._spans.get(entry.get("message_id"))
        if quote:
            start = span[0] if span else 0
            found = self.document().find(quote, start)
            if not found.isNull() and (span is None or found.selectionEnd() <= span[1]):
                return found
            if span is not None:  # the quote may sit in another message when ids were misattributed
                found = self.document().find(quote, 0)
                if not found.isNull():
                    return found
        if span is None:
            return None
        cursor = QTextCursor(self.document())
        cursor.setPosition(span[0])
        cursor.setPosition(span[1], QTextCursor.KeepAnchor)
        return cursor
