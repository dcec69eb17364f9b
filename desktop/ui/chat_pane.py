"""The chat pane: the active task's history, replies streaming token by token, Stop, candidates, the context drawer,
and notes (text files dropped on the input box or chosen) kept without a reply."""

from __future__ import annotations

import html
from pathlib import Path

from PySide6.QtCore import QStringListModel, Qt, QTimer, Signal
from PySide6.QtGui import QTextCharFormat, QTextCursor
from PySide6.QtWidgets import (
    QCompleter,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTextBrowser,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from desktop.contracts import Message
from desktop.ui.chat_parts import CandidatePicker, ContextDrawer
from desktop.ui.theme import ACCENT_COLOUR, MUTED_COLOUR, WARNING_COLOUR

FLUSH_MS = 33  # tokens are painted at most ~30 times a second, however fast the model is
NOTE_FILE_SUFFIXES = (".txt", ".md", ".markdown", ".text")


def has_local_files(mime) -> bool:
    return mime.hasUrls() and any(url.isLocalFile() for url in mime.urls())


def note_files(mime) -> list[str]:
    """The dropped files when every one is a text note (.txt, .md); anything else is an import for the window."""
    if not has_local_files(mime):
        return []
    files = [url.toLocalFile() for url in mime.urls() if url.isLocalFile()]
    if all(Path(f).suffix.lower() in NOTE_FILE_SUFFIXES and Path(f).is_file() for f in files):
        return files
    return []


class ChatInput(QPlainTextEdit):
    """Enter sends, Shift+Enter breaks the line; `/` opens the command list; text files dropped here become notes,
    any other dropped files go to the window (an import)."""

    submitted = Signal(str)
    note_files_dropped = Signal(list)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setTabChangesFocus(True)
        self._commands = QStringListModel(self)  # held here: the completer does not keep it alive
        self.completer = QCompleter(self._commands, self)
        self.completer.setWidget(self)
        self.completer.setCaseSensitivity(Qt.CaseInsensitive)
        self.completer.setCompletionMode(QCompleter.PopupCompletion)
        self.completer.activated.connect(self._on_completion_activated)
        self._help: dict[str, str] = {}

    def set_commands(self, commands: list[dict]) -> None:
        self._help = {c["command"]: c.get("help", "") for c in commands}
        self._commands.setStringList(sorted(self._help))

    def commands(self) -> list[str]:
        return self._commands.stringList()

    def keyPressEvent(self, event) -> None:  # noqa: N802 — Qt override
        popup = self.completer.popup()
        if popup.isVisible() and event.key() in (Qt.Key_Return, Qt.Key_Enter, Qt.Key_Tab, Qt.Key_Escape):
            if popup.currentIndex().isValid() or event.key() in (Qt.Key_Tab, Qt.Key_Escape):
                event.ignore()  # a highlighted command: the completer fills it in
                return
            popup.hide()  # nothing highlighted: Enter sends what was typed
        if event.key() in (Qt.Key_Return, Qt.Key_Enter) and not event.modifiers() & Qt.ShiftModifier:
            text = self.toPlainText().strip()
            if text:
                self.submitted.emit(text)
            return
        super().keyPressEvent(event)
        self._update_completion()

    def inputMethodEvent(self, event) -> None:  # noqa: N802 — Qt override; Chinese arrives this way
        super().inputMethodEvent(event)
        self._update_completion()

    def _update_completion(self) -> None:
        text = self.toPlainText()
        if text.startswith("/") and " " not in text and "\n" not in text and self._help:
            self.completer.setCompletionPrefix(text)
            rect = self.cursorRect()
            rect.setWidth(260)
            self.completer.complete(rect)
        else:
            self.completer.popup().hide()

    def _on_completion_activated(self, command: str) -> None:
        self.setPlainText(command + " ")
        self.moveCursor(QTextCursor.End)

    def dragEnterEvent(self, event) -> None:  # noqa: N802 — Qt override
        if note_files(event.mimeData()):
            event.acceptProposedAction()
            return
        if has_local_files(event.mimeData()):
            event.ignore()  # other files are an import: let the window take them
            return
        super().dragEnterEvent(event)

    def dragMoveEvent(self, event) -> None:  # noqa: N802 — Qt override
        if note_files(event.mimeData()):
            event.acceptProposedAction()
            return
        super().dragMoveEvent(event)

    def dropEvent(self, event) -> None:  # noqa: N802 — Qt override
        files = note_files(event.mimeData())
        if files:
            event.acceptProposedAction()
            self.note_files_dropped.emit(files)
            return
        super().dropEvent(event)


class ChatPane(QWidget):
    say_requested = Signal(str)
    stop_requested = Signal()
    context_requested = Signal()
    candidate_chosen = Signal(object, int, str)  # message id, candidate index, the (edited) text
    note_files_requested = Signal(list)  # text files to keep as notes in the active task
    note_file_chooser_requested = Signal()
    new_task_requested = Signal()
    switch_task_requested = Signal(object)  # the next open task's id, from the empty state
    main_plot_requested = Signal()  # "Back to the main plot": steer the task to the narrative pointer's step

    def __init__(self, parent=None):
        super().__init__(parent)
        self._roles = {"user": self.tr("You"), "assistant": self.tr("Inkstone"), "tool": self.tr("Tool"),
                       "system": self.tr("System")}
        self.title = QLabel()
        self.title.setTextFormat(Qt.PlainText)
        self.history = QTextBrowser()
        self.history.setOpenExternalLinks(True)
        self.history.setPlaceholderText(self.tr("No messages yet. Type below, or start a task with /new."))
        self.candidates = CandidatePicker()
        self.candidates.picked.connect(self._on_candidate_picked)
        self.candidates.hide()
        self.drawer = ContextDrawer()
        self.drawer.hide()
        self.empty = self._build_empty_state()
        self._task_id = None
        self._next_task_id = None

        self.input = ChatInput()
        self.input.setPlaceholderText(self.tr("Write to the active task — Enter sends, Shift+Enter for a new line, "
                                              "/ for commands"))
        self.input.setMaximumHeight(110)
        self.input.submitted.connect(self._on_input_submitted)
        self.input.note_files_dropped.connect(self.note_files_requested)
        self.input.setToolTip(self.tr("Drop a .txt or .md file here to keep its text as a note in the active task"))
        self.send_button = QPushButton(self.tr("Send"))
        self.send_button.clicked.connect(self._on_send_clicked)
        self.stop_button = QPushButton(self.tr("Stop"))
        self.stop_button.setStyleSheet(f"color: {WARNING_COLOUR}; font-weight: bold;")
        self.stop_button.clicked.connect(self.stop_requested)
        self.stop_button.hide()
        self.context_button = QToolButton()
        self.context_button.setText(self.tr("Context"))
        self.context_button.setCheckable(True)
        self.context_button.setToolTip(self.tr("Show what was sent to the model for the last turn"))
        self.context_button.toggled.connect(self._on_context_toggled)
        self.note_button = QToolButton()
        self.note_button.setText(self.tr("Note…"))
        self.note_button.setToolTip(self.tr("Keep a text file's words in the active task as a note, without a reply"))
        self.note_button.clicked.connect(self.note_file_chooser_requested)
        self.main_plot_button = QToolButton()
        self.main_plot_button.setText(self.tr("Main plot"))
        self.main_plot_button.setToolTip(self.tr("Back to the main plot: steer the discussion to the outline's "
                                                 "current step (Ctrl+Shift+M)"))
        self.main_plot_button.clicked.connect(self.main_plot_requested)

        buttons = QVBoxLayout()
        buttons.addWidget(self.send_button)
        buttons.addWidget(self.stop_button)
        buttons.addWidget(self.context_button)
        buttons.addWidget(self.note_button)
        buttons.addWidget(self.main_plot_button)
        buttons.addStretch(1)
        row = QHBoxLayout()
        row.addWidget(self.input, 1)
        row.addLayout(buttons)

        top = QWidget()
        top_layout = QVBoxLayout(top)
        top_layout.setContentsMargins(0, 0, 0, 0)
        top_layout.addWidget(self.title)
        top_layout.addWidget(self.empty, 3)
        top_layout.addWidget(self.history, 3)
        top_layout.addWidget(self.candidates, 2)
        self.split = QSplitter(Qt.Vertical)
        self.split.addWidget(top)
        self.split.addWidget(self.drawer)
        self.split.setSizes([500, 180])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.split, 1)
        layout.addLayout(row)

        self._streaming = False
        self._stream_start = 0
        self._stream_text = ""
        self._steps: list[str] = []  # this turn's memory look-ups and second tries, as shown above the reply
        self._replaceable: int | None = None  # the step line a later step of the same look-up replaces
        self._pending_messages: list[dict] | None = None
        self._candidate_message = None
        self._flush = QTimer(self)
        self._flush.setSingleShot(True)
        self._flush.setInterval(FLUSH_MS)
        self._flush.timeout.connect(self._paint_stream)

    # -- content ---------------------------------------------------------------------

    def _build_empty_state(self) -> QWidget:
        box = QWidget()
        self.empty_text = QLabel()
        self.empty_text.setWordWrap(True)
        self.empty_text.setAlignment(Qt.AlignCenter)
        self.switch_next_button = QPushButton()
        self.switch_next_button.clicked.connect(lambda: self.switch_task_requested.emit(self._next_task_id))
        self.new_task_button = QPushButton(self.tr("New task…"))
        self.new_task_button.clicked.connect(self.new_task_requested)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.switch_next_button)
        buttons.addWidget(self.new_task_button)
        buttons.addStretch(1)
        layout = QVBoxLayout(box)
        layout.addStretch(1)
        layout.addWidget(self.empty_text)
        layout.addLayout(buttons)
        layout.addStretch(2)
        box.hide()
        return box

    def set_task_title(self, title: str) -> None:
        self.title.setText(title)

    def show_task(self, active, next_open=None, *, first: bool = False) -> None:
        """The active task's title; with none active (the last one was settled), an explicit empty state that
        offers the next open task and a new one. The context drawer forgets a context of another task."""
        task_id = active.id if active is not None else None
        if task_id != self._task_id:
            self.drawer.set_context(None)
            if task_id is not None and self.drawer.isVisible():
                self.context_requested.emit()
        self._task_id = task_id
        if active is not None:
            self.set_task_title(f"#{active.id} {active.title}")
            self._show_empty(False)
            return
        self.set_task_title(self.tr("No active task"))
        self._next_task_id = next_open.id if next_open is not None else None
        self.switch_next_button.setVisible(next_open is not None)
        if next_open is not None:
            self.switch_next_button.setText(self.tr("Continue “%1”").replace("%1", next_open.title or ""))
        if first:  # a book with no task yet: nothing was settled or closed
            self.empty_text.setText(self.tr("No task yet: start one, or just type below — your first words start "
                                            "a task."))
        else:
            self.empty_text.setText(self.tr("No task is active: the last one was settled or closed.") + "\n" +
                                    self.tr("Continue an open task, start a new one, or just type below — your "
                                            "first words start a task."))
        self._show_empty(True)

    def _show_empty(self, empty: bool) -> None:
        if self._streaming:
            empty = False
        self.empty.setVisible(empty)
        self.history.setVisible(not empty)

    def set_commands(self, commands: list[dict]) -> None:
        self.input.set_commands(commands)

    def set_messages(self, messages: list[Message]) -> None:
        """The task's history, replacing what is shown; held back while a reply is still streaming."""
        if self._streaming:
            self._pending_messages = messages
            return
        self.history.clear()
        for message in messages:
            self._append_message(message.role or "assistant", message.content or "", message.state or "complete")
        self._scroll_to_end()

    def _append_message(self, role: str, content: str, state: str = "complete") -> None:
        cursor = self._block_for(role)
        if role == "assistant":
            cursor.insertMarkdown(content.strip())
        else:
            shown = content if role == "user" else (content[:300] + ("…" if len(content) > 300 else ""))
            cursor.insertText(shown)
        self._mark_state(state)

    def _block_for(self, role: str) -> QTextCursor:
        cursor = self.history.textCursor()
        cursor.movePosition(QTextCursor.End)
        if not self.history.document().isEmpty():
            cursor.insertBlock()
            cursor.insertBlock()
        colour = ACCENT_COLOUR if role == "user" else "#7a7a7a" if role in ("tool", "system") else "#2e8b57"
        cursor.insertHtml(f"<b style='color:{colour}'>{html.escape(self._roles.get(role, role))}</b>")
        cursor.insertBlock()
        cursor.setCharFormat(QTextCharFormat())
        cursor.setBlockCharFormat(QTextCharFormat())
        return cursor

    def _mark_state(self, state: str) -> None:
        if state == "complete":
            return
        self._mark_note(self.tr("(stopped — the reply was cut here)") if state == "cut" else self.tr("(failed)"))

    def _mark_note(self, note: str) -> None:
        cursor = self.history.textCursor()
        cursor.movePosition(QTextCursor.End)
        cursor.insertBlock()
        cursor.insertHtml(f"<i style='color:{WARNING_COLOUR}'>{html.escape(note)}</i>")

    # -- a turn ---------------------------------------------------------------------------

    def begin_reply(self, user_text: str) -> None:
        """Show the author's words at once and an empty reply that tokens will fill."""
        self.candidates.hide()
        self.empty.hide()
        self.history.show()
        if not user_text.startswith("/"):
            self._append_message("user", user_text)
        cursor = self._block_for("assistant")
        self._stream_start = cursor.position()
        self._stream_text = ""
        self._steps, self._replaceable = [], None
        self._streaming = True
        self.set_busy(True)
        self._scroll_to_end()

    def append_token(self, piece: str) -> None:
        if not self._streaming:
            return
        self._stream_text += piece
        if not self._flush.isActive():
            self._flush.start()

    def append_step(self, step: dict) -> None:
        """A step of the turn as it happens: a memory look-up starting or done, or a second try of the reply."""
        if not self._streaming:
            return
        kind = step.get("kind")
        if kind == "thinking":
            self._steps.append(self.tr("Choosing what to look up in the book's memory…"))
            self._replaceable = len(self._steps) - 1
        elif kind == "lookup":
            call = self._call_text(step.get("call") or {})
            result = step.get("result")
            if result is None:
                line = self.tr("Looking up %1 …").replace("%1", call)
            else:
                first = next((ln.strip(" -") for ln in str(result).splitlines() if ln.strip(" -…")), "")
                found = first[:60] + ("…" if len(first) > 60 else "") if first else self.tr("nothing found")
                line = self.tr("Looked up %1 → %2").replace("%1", call).replace("%2", found)
            if self._replaceable is not None:  # "choosing…" or the running look-up, now further along
                self._steps[self._replaceable] = line
            else:
                self._steps.append(line)
            self._replaceable = len(self._steps) - 1 if result is None else None
        elif kind == "retry":
            self._stream_text = ""  # the first try is withdrawn; the second streams in its place
            self._steps.append(self.tr("The reply only repeated the look-ups; asking for a real answer…")
                               if step.get("reason") == "dump"
                               else self.tr("The reply repeated the previous one; trying again…"))
            self._replaceable = None
        else:
            return
        self._flush.stop()
        self._paint_stream()

    def _call_text(self, call: dict) -> str:
        """A memory tool call in the author's words: 查人物状态：贾宝玉，第3章."""
        titles = {"query_memory": self.tr("memory search"), "facts_as_of": self.tr("an entity's facts"),
                  "setting": self.tr("the settings library"), "excerpts": self.tr("manuscript excerpts"),
                  "plan_pointer": self.tr("the plan's progress")}
        parts = []
        for key, value in call.items():
            if key == "tool" or key == "mode":
                continue
            if key == "chapter":
                parts.append(self.tr("chapter %1").replace("%1", str(value)))
            elif key == "chapters" and isinstance(value, list) and len(value) == 2:
                parts.append(self.tr("chapters %1–%2").replace("%1", str(value[0])).replace("%2", str(value[1])))
            else:
                parts.append("、".join(map(str, value)) if isinstance(value, list) else str(value))
        title = titles.get(call.get("tool"), str(call.get("tool") or ""))
        return f"{title}「{'，'.join(parts)}」" if parts else title

    def steps_text(self) -> list[str]:
        return list(self._steps)

    def _paint_stream(self) -> None:
        bar = self.history.verticalScrollBar()
        at_end = bar.value() >= bar.maximum() - 4
        cursor = self.history.textCursor()
        cursor.setPosition(self._stream_start)
        cursor.movePosition(QTextCursor.End, QTextCursor.KeepAnchor)
        cursor.removeSelectedText()
        cursor.setCharFormat(QTextCharFormat())
        for line in self._steps:
            cursor.insertHtml(f"<span style='color:{MUTED_COLOUR}'>▸ {html.escape(line)}</span>")
            cursor.insertBlock()
            cursor.setCharFormat(QTextCharFormat())
        cursor.insertMarkdown(self._stream_text.strip() or "…")
        if at_end:
            self._scroll_to_end()

    def finish_reply(self, result: dict | None) -> None:
        """The turn is over (done, stopped or failed); the workbench's reply text is the one kept."""
        self._flush.stop()
        if result is not None and result.get("reply") is not None:
            self._stream_text = result["reply"]
        if self._streaming:
            self._paint_stream()
            if result is None:
                self._mark_state("error")
            elif result.get("cut"):
                self._mark_state("cut")
            elif "repeat" in (result.get("flags") or []):
                self._mark_note(self.tr("(nearly the same as the previous reply, even after a second try)"))
        self._streaming = False
        self.set_busy(False)
        if result and result.get("candidates"):
            self._candidate_message = result.get("message_id")
            self.candidates.set_candidates(result["candidates"])
            self.candidates.show()
        if self._pending_messages is not None:
            messages, self._pending_messages = self._pending_messages, None
            self.set_messages(messages)
        self.input.setFocus()

    def is_streaming(self) -> bool:
        return self._streaming

    def streamed_text(self) -> str:
        return self._stream_text

    def set_busy(self, busy: bool) -> None:
        self.send_button.setVisible(not busy)
        self.stop_button.setVisible(busy)
        self.main_plot_button.setEnabled(not busy)
        self.input.setReadOnly(busy)

    def show_context(self, context: dict | None) -> None:
        self.drawer.set_context(context)

    def history_text(self) -> str:
        return self.history.toPlainText()

    # -- slots -------------------------------------------------------------------------------

    def _on_input_submitted(self, text: str) -> None:
        if self._streaming:
            return
        self.input.clear()
        self.say_requested.emit(text)

    def _on_send_clicked(self) -> None:
        text = self.input.toPlainText().strip()
        if text:
            self._on_input_submitted(text)

    def _on_context_toggled(self, shown: bool) -> None:
        self.drawer.setVisible(shown)
        if shown:
            self.context_requested.emit()

    def _on_candidate_picked(self, index: int, text: str) -> None:
        self.candidates.hide()
        self.candidate_chosen.emit(self._candidate_message, index, text)

    def _scroll_to_end(self) -> None:
        bar = self.history.verticalScrollBar()
        bar.setValue(bar.maximum())
