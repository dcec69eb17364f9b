"""Failed work: settlements set aside because applying them broke (discarded, or edited and retried) and background
jobs that failed (extraction, relinking mentions: queued again or given up), each with its error."""

from __future__ import annotations

import json

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QTabWidget,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop.ui.bridge import describe_error, run_op
from desktop.ui.failed_jobs import FailedJobsTab
from desktop.ui.window_part import WindowPart


class FailedSettlementsDialog(QDialog):
    """Each failed settlement with its error (discard, or retry with an edited document); a second tab lists the
    failed background jobs."""

    discard_requested = Signal(int)
    edit_requested = Signal(dict)  # the journal entry

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setWindowTitle(self.tr("Failed work"))
        intro = QLabel(self.tr("These settlements could not be applied; nothing of them reached the book. Edit "
                               "the document and retry, or discard it (its document stays in the journal)."))
        intro.setWordWrap(True)
        self.table = QTreeWidget()
        self.table.setColumnCount(3)
        self.table.setHeaderLabels([self.tr("Settlement"), self.tr("Chapter"), self.tr("Error")])
        self.table.setRootIsDecorated(False)
        self.table.header().setSectionResizeMode(2, QHeaderView.Stretch)
        self.table.setSelectionMode(QAbstractItemView.SingleSelection)
        self.table.itemSelectionChanged.connect(self._on_selection_changed)
        self.error_label = QLabel()  # the whole error of the chosen one: the table cuts it short
        self.error_label.setTextFormat(Qt.PlainText)
        self.error_label.setWordWrap(True)
        self.error_label.setTextInteractionFlags(Qt.TextSelectableByMouse)
        self.discard_button = QPushButton(self.tr("Discard"))
        self.retry_button = QPushButton(self.tr("Edit and retry…"))
        self.discard_button.clicked.connect(lambda: self._emit(lambda e: self.discard_requested.emit(e["id"])))
        self.retry_button.clicked.connect(lambda: self._emit(self.edit_requested.emit))
        actions = QDialogButtonBox()  # on the tab they act on: the jobs tab has its own
        actions.addButton(self.discard_button, QDialogButtonBox.ActionRole)
        actions.addButton(self.retry_button, QDialogButtonBox.ActionRole)
        buttons = QDialogButtonBox()
        buttons.addButton(QPushButton(self.tr("Close")), QDialogButtonBox.RejectRole)
        buttons.rejected.connect(self.reject)
        settlements = QWidget()
        inner = QVBoxLayout(settlements)
        inner.addWidget(intro)
        inner.addWidget(self.table, 1)
        inner.addWidget(self.error_label)
        inner.addWidget(actions)
        self.jobs = FailedJobsTab()
        self.tabs = QTabWidget()
        self.tabs.addTab(settlements, self.tr("Settlements"))
        self.tabs.addTab(self.jobs, self.tr("Background jobs"))
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(buttons)
        self._entries: dict[int, dict] = {}
        self.set_entries([])
        self.resize(680, 400)

    def set_entries(self, entries: list[dict]) -> None:
        self._entries = {e["id"]: e for e in entries}
        self.table.clear()
        for entry in entries:
            chapter = (entry.get("document") or {}).get("chapter")
            item = QTreeWidgetItem([f"#{entry['id']}", "" if chapter is None else str(chapter),
                                    (entry.get("error") or "").splitlines()[0] if entry.get("error") else ""])
            item.setData(0, Qt.UserRole, entry["id"])
            item.setToolTip(2, entry.get("error") or "")
            self.table.addTopLevelItem(item)
        if entries:
            self.table.setCurrentItem(self.table.topLevelItem(0))
        self._on_selection_changed()

    def entry_ids(self) -> list[int]:
        return list(self._entries)

    def selected(self) -> dict | None:
        items = self.table.selectedItems()
        return self._entries.get(items[0].data(0, Qt.UserRole)) if items else None

    def _on_selection_changed(self) -> None:
        entry = self.selected()
        self.discard_button.setEnabled(entry is not None)
        self.retry_button.setEnabled(entry is not None)
        if entry is not None:
            self.error_label.setText(entry.get("error") or "")
        else:
            self.error_label.setText("" if self._entries else self.tr("No failed settlements."))

    def _emit(self, send) -> None:
        entry = self.selected()
        if entry is not None:
            send(entry)


class DocumentEditor(QDialog):
    """A failed settlement's document as JSON to correct; Retry sends it only when it is a JSON object, and stays
    open showing the book's objection until the retry succeeds."""

    retry_requested = Signal(int, dict)

    def __init__(self, entry: dict, parent=None):
        super().__init__(parent)
        self.settlement_id = entry["id"]
        self.setWindowTitle(self.tr("Edit settlement #%1").replace("%1", str(entry["id"])))
        self.editor = QPlainTextEdit(json.dumps(entry.get("document") or {}, ensure_ascii=False, indent=2))
        self.problem = QLabel(entry.get("error") or "")
        self.problem.setTextFormat(Qt.PlainText)
        self.problem.setWordWrap(True)
        buttons = QDialogButtonBox()
        self.retry_button = QPushButton(self.tr("Retry"))
        buttons.addButton(self.retry_button, QDialogButtonBox.AcceptRole)
        buttons.addButton(QPushButton(self.tr("Cancel")), QDialogButtonBox.RejectRole)
        self.retry_button.clicked.connect(self._on_retry)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.editor, 1)
        layout.addWidget(self.problem)
        layout.addWidget(buttons)
        self.resize(640, 520)

    def show_problem(self, text: str) -> None:
        self.problem.setText(text)
        self.retry_button.setEnabled(True)

    def _on_retry(self) -> None:
        try:
            document = json.loads(self.editor.toPlainText())
        except ValueError as exc:
            self.show_problem(self.tr("Not valid JSON: %1").replace("%1", str(exc)))
            return
        if not isinstance(document, dict):
            self.show_problem(self.tr("A settlement document is a JSON object: { … }"))
            return
        self.retry_button.setEnabled(False)  # one retry at a time
        self.problem.setText(self.tr("Retrying…"))
        self.retry_requested.emit(self.settlement_id, document)


class FailedSettlements(WindowPart):
    """The window's side: reads the failed settlements, says at open that some wait, and runs discard and retry."""

    def __init__(self, window, workbench, dialogs: dict, needs_book):
        super().__init__(window, workbench, dialogs, needs_book)
        self.notice_box: QMessageBox | None = None

    def _make_dialog(self) -> FailedSettlementsDialog:
        dialog = FailedSettlementsDialog(self.window)
        dialog.discard_requested.connect(self._discard)
        dialog.edit_requested.connect(self._edit)
        dialog.jobs.retry_requested.connect(self._retry_job)
        dialog.jobs.discard_requested.connect(self._discard_job)
        return dialog

    def open(self, jobs: bool = False) -> FailedSettlementsDialog | None:
        """The dialog, on the jobs tab when `jobs` (the health strip's "Failed jobs")."""
        if not self.needs_book():
            return None
        dialog = self.one_dialog("failed_settlements", self._make_dialog)
        dialog.tabs.setCurrentIndex(1 if jobs else 0)
        dialog.open()
        self.refresh()
        return dialog

    def refresh(self) -> None:
        dialog = self.dialogs.get("failed_settlements")
        if dialog is not None:
            run_op(dialog, self.workbench.failed_settlements()).success(dialog.set_entries)
            run_op(dialog, self.workbench.failed_jobs()).success(dialog.jobs.set_jobs)

    def _retry_job(self, job_id: int) -> None:
        run_op(self.window, self.workbench.retry_job(job_id)).success(
            lambda _: self._done(self.tr("Job #%1 queued again").replace("%1", str(job_id))))

    def _discard_job(self, job_id: int) -> None:
        run_op(self.window, self.workbench.discard_job(job_id)).success(
            lambda _: self._done(self.tr("Job #%1 discarded").replace("%1", str(job_id))))

    def notice(self, count: int) -> None:
        """At open: failed settlements wait for the author; one box that leads to them, never blocking."""
        text = self.tr("%1 settlements could not be applied and were set aside; the rest of the book is fine.")
        text = text.replace("%1", str(count))
        self.window.statusBar().showMessage(text, 10000)
        if self.notice_box is None:
            self.notice_box = QMessageBox(QMessageBox.Warning, self.tr("Failed settlements"), "", QMessageBox.NoButton,
                                          self.window)
            review = self.notice_box.addButton(self.tr("Review them…"), QMessageBox.AcceptRole)
            self.notice_box.addButton(self.tr("Later"), QMessageBox.RejectRole)
            review.clicked.connect(self.open)
        self.notice_box.setText(text)
        self.notice_box.open()

    def _discard(self, settlement_id: int) -> None:
        run_op(self.window, self.workbench.discard_settlement(settlement_id)).success(
            lambda _: self._done(self.tr("Settlement #%1 discarded").replace("%1", str(settlement_id))))

    def _edit(self, entry: dict) -> None:
        editor = DocumentEditor(entry, self.window)
        editor.retry_requested.connect(lambda sid, doc: self._retry(editor, sid, doc))
        self.dialogs["failed_settlement_editor"] = editor
        editor.open()

    def _retry(self, editor: DocumentEditor, settlement_id: int, document: dict) -> None:
        def applied(_) -> None:
            editor.accept()
            self._done(self.tr("Settlement #%1 applied").replace("%1", str(settlement_id)))

        run_op(editor, self.workbench.retry_settlement(settlement_id, document)).success(applied).failure(
            lambda exc: editor.show_problem(describe_error(exc)))

    def _done(self, text: str) -> None:
        self.window.statusBar().showMessage(text, 6000)
        self.refresh()
