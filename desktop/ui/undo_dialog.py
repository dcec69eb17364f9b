"""Undo of a settlement in the window: the applied settlements listed, and before anything is undone a confirmation
that says what will be removed and reopened and which chapters already written relied on it."""

from __future__ import annotations

import html

from PySide6.QtCore import QCoreApplication, QDateTime, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QPushButton,
    QSplitter,
    QTextBrowser,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
)

from desktop.contracts import JournalState
from desktop.ui.bridge import describe_error, run_op
from desktop.ui.review_impact import ReviewImpactView
from desktop.ui.theme import WARNING_COLOUR
from desktop.ui.window_part import WindowPart


class AppliedSettlementsDialog(QDialog):
    """The applied settlements, newest first (id, source, time, items); Undo… asks to undo the chosen one."""

    undo_requested = Signal(int)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setWindowTitle(self.tr("Undo a settlement"))
        intro = QLabel(self.tr("Choose a settlement to undo. You will see what it removes and reopens, and which "
                               "chapters rely on it, before anything changes."))
        intro.setWordWrap(True)
        self.table = QTreeWidget()
        self.table.setColumnCount(4)
        self.table.setHeaderLabels([self.tr("Settlement"), self.tr("Source"), self.tr("Applied"), self.tr("Items")])
        self.table.setRootIsDecorated(False)
        self.table.header().setSectionResizeMode(1, QHeaderView.Stretch)
        self.table.setSelectionMode(QAbstractItemView.SingleSelection)
        self.table.itemSelectionChanged.connect(self._on_selection_changed)
        self.table.itemActivated.connect(lambda *_: self._request())
        self.empty = QLabel(self.tr("No applied settlement to undo."))
        self.empty.hide()
        buttons = QDialogButtonBox()
        self.undo_button = QPushButton(self.tr("Undo…"))
        buttons.addButton(self.undo_button, QDialogButtonBox.ActionRole)
        buttons.addButton(QPushButton(self.tr("Close")), QDialogButtonBox.RejectRole)
        self.undo_button.clicked.connect(self._request)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.empty)
        layout.addWidget(buttons)
        self.resize(720, 420)
        self.set_entries([])

    def set_entries(self, entries: list[dict]) -> None:
        self.table.clear()
        for entry in sorted(entries, key=lambda e: e["id"], reverse=True):
            document = entry.get("document") or {}
            items = sum(len(v) for v in document.values() if isinstance(v, list))
            row = QTreeWidgetItem([f"#{entry['id']}", self.source_text(entry), _when(entry.get("updated_at")),
                                   str(items)])
            row.setData(0, Qt.UserRole, entry["id"])
            row.setTextAlignment(3, Qt.AlignRight | Qt.AlignVCenter)
            self.table.addTopLevelItem(row)
        self.empty.setVisible(not entries)
        if entries:
            self.table.setCurrentItem(self.table.topLevelItem(0))
        self.table.resizeColumnToContents(0)
        self._on_selection_changed()

    def source_text(self, entry: dict) -> str:
        kind, _, detail = str(entry.get("source") or "").partition(":")
        if kind == "task" and detail:
            return self.tr("Task #%1").replace("%1", detail)
        if kind == "import" and entry.get("chapter") is not None:
            text = self.tr("Imported chapter %1").replace("%1", str(entry["chapter"]))
            return text + (f" · {entry['chapter_title']}" if entry.get("chapter_title") else "")
        if kind == "file" and detail:
            return self.tr("File %1").replace("%1", detail)
        if kind == "cli":
            return self.tr("Command line")
        return str(entry.get("source") or "")

    def selected_id(self) -> int | None:
        items = self.table.selectedItems()
        return items[0].data(0, Qt.UserRole) if items else None

    def _on_selection_changed(self) -> None:
        self.undo_button.setEnabled(self.selected_id() is not None)

    def _request(self) -> None:
        sid = self.selected_id()
        if sid is not None:
            self.undo_requested.emit(sid)


class UndoConfirmDialog(QDialog):
    """What undoing one settlement will do, and what relied on it; Undo emits confirmed(id). Cancel is the default:
    nothing is undone by pressing Enter."""

    confirmed = Signal(int)

    def __init__(self, preview: dict, parent=None):
        super().__init__(parent)
        self.preview = preview
        self.settlement_id = preview["settlement_id"]
        self.setWindowTitle(self.tr("Undo settlement #%1?").replace("%1", str(self.settlement_id)))
        self._kinds = {"entity": self.tr("Entity"), "hook": self.tr("Hook"), "relation": self.tr("Relation"),
                       "state": self.tr("State"), "outline": self.tr("Outline"), "step": self.tr("Step"),
                       "setting": self.tr("Setting entry"), "task": self.tr("Task")}
        self.changes = QTextBrowser()
        self.changes.setHtml(self._changes_html())
        self.impact_view = ReviewImpactView(undo=True)
        self.impact_view.set_impact(preview.get("impact") or {})
        split = QSplitter(Qt.Vertical)
        split.addWidget(self.changes)
        split.addWidget(self.impact_view)
        split.setSizes([220, 320])
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        self.problem.setTextFormat(Qt.PlainText)
        self.problem.setStyleSheet(f"color: {WARNING_COLOUR};")
        buttons = QDialogButtonBox()
        self.undo_button = QPushButton(self.tr("Undo settlement"))
        self.cancel_button = QPushButton(self.tr("Cancel"))
        buttons.addButton(self.undo_button, QDialogButtonBox.DestructiveRole)
        buttons.addButton(self.cancel_button, QDialogButtonBox.RejectRole)
        self.cancel_button.setDefault(True)
        self.undo_button.setAutoDefault(False)
        self.undo_button.clicked.connect(self._on_undo)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(split, 1)
        layout.addWidget(self.problem)
        layout.addWidget(buttons)
        if preview.get("blocked"):
            self.show_problem(self.tr("This settlement cannot be undone yet: %1").replace("%1", preview["blocked"]))
            self.undo_button.setEnabled(False)
        else:
            self.problem.hide()
        self.resize(760, 640)

    def _changes_html(self) -> str:
        p = self.preview
        intro = self.tr("Settlement #%1 (%2 items) will be undone everywhere.").replace(
            "%1", str(self.settlement_id)).replace("%2", str(p.get("items") or 0))
        parts = [f"<p>{html.escape(intro)}</p>"]
        for key, title in (("removes", self.tr("Will be removed")), ("reopens", self.tr("Will be reopened")),
                           ("restores", self.tr("Will be put back as it was"))):
            lines = [self._line(row) for row in p.get(key) or []]
            if key == "restores" and p.get("plan_restored"):
                lines.append(html.escape(self.tr("%1 plan items").replace("%1", str(p["plan_restored"]))))
            if lines:
                parts.append(f"<h3>{html.escape(title)}</h3><ul>" + "".join(f"<li>{x}</li>" for x in lines) + "</ul>")
        if len(parts) == 1:
            parts.append("<p>" + html.escape(self.tr("It wrote nothing that is still in the book.")) + "</p>")
        return "".join(parts)

    def _line(self, row: dict) -> str:
        kind = self._kinds.get(row.get("kind"), row.get("kind") or "")
        text = f"<b>{html.escape(kind)}</b> · {html.escape(_readable(row))}"
        if row.get("from_chapter"):
            text += " <span style='color:#888'>" + html.escape(
                self.tr("(from chapter %1)").replace("%1", str(row["from_chapter"]))) + "</span>"
        return text

    def show_problem(self, text: str) -> None:
        self.problem.setText(text)
        self.problem.setVisible(bool(text))
        self.undo_button.setEnabled(not self.preview.get("blocked"))

    def _on_undo(self) -> None:
        self.undo_button.setEnabled(False)  # one undo at a time
        self.problem.hide()
        self.confirmed.emit(self.settlement_id)


class SettlementUndo(WindowPart):
    """The window's side: lists the applied settlements, previews an undo, and undoes only once confirmed."""

    def _make_list(self) -> AppliedSettlementsDialog:
        dialog = AppliedSettlementsDialog(self.window)
        dialog.undo_requested.connect(self.confirm)
        return dialog

    def open(self) -> AppliedSettlementsDialog | None:
        if not self.needs_book():
            return None
        dialog = self.one_dialog("undo_settlements", self._make_list)
        dialog.open()
        self.refresh()
        return dialog

    def refresh(self) -> None:
        dialog = self.dialogs.get("undo_settlements")
        if dialog is not None:
            run_op(dialog, self.workbench.settlements((JournalState.APPLIED,))).success(dialog.set_entries)

    def confirm(self, settlement_id: int) -> None:
        """Ask the workbench what the undo would do, then show it for confirmation."""
        parent = self.dialogs.get("undo_settlements") or self.window
        run_op(parent, self.workbench.undo_preview(settlement_id)).success(self._show_confirmation)

    def _show_confirmation(self, preview: dict) -> UndoConfirmDialog:
        confirm = UndoConfirmDialog(preview, self.dialogs.get("undo_settlements") or self.window)
        confirm.confirmed.connect(lambda sid: self._undo(confirm, sid))
        self.dialogs["undo_confirm"] = confirm
        confirm.open()
        return confirm

    def _undo(self, confirm: UndoConfirmDialog, settlement_id: int) -> None:
        def done(_) -> None:
            confirm.accept()
            self.window.statusBar().showMessage(self.tr("Settlement #%1 undone").replace("%1", str(settlement_id)),
                                                8000)
            self.refresh()

        run_op(confirm, self.workbench.undo(settlement_id)).success(done).failure(
            lambda exc: confirm.show_problem(describe_error(exc)))


def _readable(row: dict) -> str:
    """A removed or reopened fact in the author's language, with the review's own words for kinds and relations."""
    def word(text: str) -> str:
        return QCoreApplication.translate("ItemCard", _WORDS[text]) if text in _WORDS else text

    if row.get("kind") in ("entity", "hook") and row.get("name"):
        return f"{row['name']}（{word(row.get('entity_kind') or '')}）"
    if row.get("kind") == "relation" and row.get("type"):
        return f"{row['from']} —{word(row['type'])}→ {row['to']}"
    if row.get("kind") == "state" and row.get("key"):
        return f"{row['entity']} · {word(row['key'])} = {row['value']}"
    return str(row.get("label") or "")


# Kinds, relation types and state keys as the review names them (ItemCard's translations, not new ones).
_WORDS = {"Character": "Character", "Location": "Location", "Item": "Item", "Faction": "Faction",
          "Ability": "Ability", "Hook": "Hook", "OWNS": "owns", "MEMBER_OF": "member of", "LEADS": "leads",
          "MASTER_OF": "master of", "SENIOR_OF": "senior of", "PARENT_OF": "parent of", "SIBLING_OF": "sibling of",
          "MARRIED_TO": "married to", "LOVES": "loves", "HATES": "hates", "ALLY_OF": "ally of", "SERVES": "serves",
          "KILLED": "killed", "LOCATED_IN": "located in", "FROM": "comes from", "realm": "realm", "alive": "alive",
          "injury": "injury", "location": "location", "appearance": "appearance", "age": "age",
          "identity": "identity"}


def _when(stamp: str | None) -> str:
    """A journal time (UTC, ISO 8601) as the author's local date and minute."""
    if not stamp:
        return ""
    moment = QDateTime.fromString(stamp, Qt.ISODateWithMs)
    if not moment.isValid():
        moment = QDateTime.fromString(stamp, Qt.ISODate)
    return moment.toLocalTime().toString("yyyy-MM-dd HH:mm") if moment.isValid() else stamp
