"""The review queue: waiting proposals grouped by the imported chapter they were read from (task settlements
apart), each with what it would add or change, opened one by one or accepted a chapter at a time where nothing
contradicts canon. Conflicts always stay for the author."""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
)

from desktop.contracts import JournalState
from desktop.ui.bridge import describe_error, run_op
from desktop.ui.settlement_review import review_of
from desktop.ui.theme import WARNING_COLOUR

CLEAN = ("new", "unchanged")  # what accept_clean applies
COLUMNS = ("new", "unchanged", "changes", "conflict")  # the counts shown; "closes" counts as a change
NO_CHAPTER = -1  # the group of task (and file) settlements


def item_counts(entry: dict) -> dict[str, int]:
    """How many items of a waiting proposal are new, unchanged, changes (or ends) and conflicts."""
    counts = dict.fromkeys(COLUMNS, 0)
    for item in review_of(entry).get("items") or ():
        if item.get("decision") == "reject":
            continue
        kind = "changes" if item.get("class") == "closes" else item.get("class")
        if kind in counts:
            counts[kind] += 1
    return counts


def group_by_chapter(entries: list[dict]) -> list[tuple[int, list[dict]]]:
    """(chapter, its proposals) in chapter order; task settlements last, under NO_CHAPTER."""
    groups: dict[int, list[dict]] = {}
    for entry in entries:
        chapter = entry.get("chapter")
        groups.setdefault(NO_CHAPTER if chapter is None else int(chapter), []).append(entry)
    return sorted(groups.items(), key=lambda pair: (pair[0] == NO_CHAPTER, pair[0]))


class ReviewQueueDialog(QDialog):
    """open_requested(entry) for one proposal; accept_clean_requested(chapter, ids) for a chapter's clean items."""

    open_requested = Signal(dict)
    accept_clean_requested = Signal(int, list)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setWindowTitle(self.tr("Review queue"))
        intro = QLabel(self.tr("Proposals waiting for your review, grouped by the chapter they were read from. "
                               "Nothing enters the story bible until you accept it; conflicts with canon always "
                               "wait for you."))
        intro.setWordWrap(True)
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels([self.tr("Proposal"), self.tr("New"), self.tr("Unchanged"), self.tr("Changes"),
                                   self.tr("Conflicts")])
        self.tree.header().setSectionResizeMode(0, QHeaderView.Stretch)
        self.tree.header().setStretchLastSection(False)
        self.tree.itemSelectionChanged.connect(self._on_selection_changed)
        self.tree.itemActivated.connect(lambda item, _column: self._open(item))
        self.status = QLabel()
        self.status.setWordWrap(True)
        buttons = QDialogButtonBox()
        self.open_button = buttons.addButton(self.tr("&Open…"), QDialogButtonBox.ActionRole)
        self.accept_button = buttons.addButton(self.tr("&Accept new and unchanged"), QDialogButtonBox.ActionRole)
        self.accept_button.setToolTip(self.tr("Apply this chapter's new and unchanged items; changes and conflicts "
                                              "stay in the queue for you"))
        close = buttons.addButton(self.tr("Close"), QDialogButtonBox.RejectRole)
        self.open_button.setDefault(True)
        self.open_button.clicked.connect(lambda: self._open(self.tree.currentItem()))
        self.accept_button.clicked.connect(self._accept_clean)
        buttons.rejected.connect(self.reject)
        close.setAutoDefault(False)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.tree, 1)
        layout.addWidget(self.status)
        layout.addWidget(buttons)
        self._groups: list[tuple[int, list[dict]]] = []
        self.set_entries([])
        self.resize(640, 480)

    def set_entries(self, entries: list[dict]) -> None:
        current = self._selected_chapter()
        self._groups = group_by_chapter(entries)
        self.tree.clear()
        bold = QFont(self.tree.font())
        bold.setBold(True)
        for chapter, members in self._groups:
            counts = [item_counts(e) for e in members]
            totals = {key: sum(c[key] for c in counts) for key in COLUMNS}
            top = self._row(self._group_text(chapter, members), totals)
            top.setData(0, Qt.UserRole, ("chapter", chapter))
            for column in range(5):
                top.setFont(column, bold)
            for entry, count in zip(members, counts):
                child = self._row(self._entry_text(entry), count)
                child.setData(0, Qt.UserRole, ("entry", entry["id"]))
                top.addChild(child)
            self.tree.addTopLevelItem(top)
            top.setExpanded(len(members) > 1)
        for column in range(1, 5):
            self.tree.resizeColumnToContents(column)
        empty = self.tr("No proposal is waiting for review.")
        if not self._groups or self.status.text() == empty:  # what the last accept did stays said
            self.status.setText("" if self._groups else empty)
        if self._groups:
            chapters = [chapter for chapter, _ in self._groups]
            index = chapters.index(current) if current in chapters else 0
            self.tree.setCurrentItem(self.tree.topLevelItem(index))
        self._on_selection_changed()

    def _row(self, text: str, counts: dict[str, int]) -> QTreeWidgetItem:
        row = QTreeWidgetItem([text, *(str(counts[key]) for key in COLUMNS)])
        for column in range(1, 5):
            row.setTextAlignment(column, Qt.AlignRight | Qt.AlignVCenter)
        if counts["conflict"]:
            row.setForeground(4, QBrush(QColor(WARNING_COLOUR)))
        return row

    def _group_text(self, chapter: int, members: list[dict]) -> str:
        if chapter == NO_CHAPTER:
            return self.tr("Task settlements")
        heading = next((e.get("chapter_heading") for e in members if e.get("chapter_heading")), "")
        if heading:  # the book's own words: 第一回 …, not a 第1章 the book never used
            return heading
        title = next((e.get("chapter_title") for e in members if e.get("chapter_title")), "")
        return (self.tr("Chapter %1").replace("%1", str(chapter)) + (f" {title}" if title else "")).strip()

    def _entry_text(self, entry: dict) -> str:
        if entry.get("chapter") is not None:
            return self.tr("Proposal #%1").replace("%1", str(entry["id"]))
        return self.tr("Settlement #%1 (%2)").replace("%1", str(entry["id"])).replace(
            "%2", str(entry.get("source") or ""))

    # -- choosing ------------------------------------------------------------------------------------------

    def _group_of(self, item: QTreeWidgetItem | None) -> tuple[int, list[dict]] | None:
        if item is None:
            return None
        top = item.parent() or item
        index = self.tree.indexOfTopLevelItem(top)
        return self._groups[index] if 0 <= index < len(self._groups) else None

    def _selected_chapter(self) -> int | None:
        group = self._group_of(self.tree.currentItem())
        return group[0] if group else None

    def _clean_ids(self, members: list[dict]) -> list[int]:
        return [e["id"] for e in members if any(item_counts(e)[key] for key in CLEAN)]

    def _on_selection_changed(self) -> None:
        group = self._group_of(self.tree.currentItem())
        self.open_button.setEnabled(group is not None)
        self.accept_button.setEnabled(group is not None and group[0] != NO_CHAPTER
                                      and bool(self._clean_ids(group[1])))

    def _open(self, item: QTreeWidgetItem | None) -> None:
        group = self._group_of(item)
        if group is None:
            return
        kind, value = item.data(0, Qt.UserRole)
        members = group[1]
        entry = next((e for e in members if e["id"] == value), members[0]) if kind == "entry" else members[0]
        self.open_requested.emit(entry)

    def _accept_clean(self) -> None:
        group = self._group_of(self.tree.currentItem())
        if group is None or group[0] == NO_CHAPTER:
            return
        ids = self._clean_ids(group[1])
        if ids:
            self.accept_button.setEnabled(False)
            self.accept_clean_requested.emit(group[0], ids)

    def chapter_rows(self) -> list[list[str]]:
        """Each group's row as shown: its name and its counts."""
        return [[top.text(c) for c in range(5)] for top in
                (self.tree.topLevelItem(i) for i in range(self.tree.topLevelItemCount()))]

    def select_chapter(self, chapter: int) -> None:
        for index, (number, _) in enumerate(self._groups):
            if number == chapter:
                self.tree.setCurrentItem(self.tree.topLevelItem(index))


class ReviewQueue(QObject):
    """The window's review queue: reads the waiting proposals, opens one in the review dialog, accepts a
    chapter's clean items; reads again whenever the journal changes while it is shown."""

    def __init__(self, window, workbench, desk, dialogs: dict, feed):
        super().__init__(window)
        self.window = window
        self.workbench = workbench
        self.desk = desk
        self.dialogs = dialogs
        self.dialog: ReviewQueueDialog | None = None
        feed.graphs_changed.connect(self._reload)

    def open(self) -> None:
        """The queue, read afresh; a lone task settlement opens straight in its review."""
        run_op(self.window, self._read()).success(self._show)

    async def _read(self) -> list[dict]:
        return await self.workbench.settlements((JournalState.PROPOSED,))

    def _show(self, entries: list[dict]) -> None:
        if not entries and (self.dialog is None or not self.dialog.isVisible()):
            self.window.statusBar().showMessage(self.tr("No settlement is waiting for review."), 5000)
            return
        if len(entries) == 1 and entries[0].get("chapter") is None:
            self._open_entry(entries[0])
            return
        if self.dialog is None:
            self.dialog = ReviewQueueDialog(self.window)
            self.dialog.open_requested.connect(self._open_entry)
            self.dialog.accept_clean_requested.connect(self._accept_clean)
            self.dialogs["review_queue"] = self.dialog
        self.dialog.set_entries(entries)
        self.dialog.open()

    def _reload(self) -> None:
        if self.dialog is not None and self.dialog.isVisible() and self.workbench.has_book:
            self._load()

    def _load(self) -> None:
        run_op(self.dialog, self._read()).success(self.dialog.set_entries)

    def _open_entry(self, entry: dict) -> None:
        run_op(self.dialog or self.window, self.workbench.facts()).success(
            lambda before: self.desk.open_review(review_of(entry), before))

    def _accept_clean(self, chapter: int, ids: list[int]) -> None:
        dialog = self.dialog
        dialog.status.setText(self.tr("Accepting chapter %1…").replace("%1", str(chapter)))
        run_op(dialog, self._accept_all(ids)).success(lambda results: self._accepted(chapter, results)).failure(
            lambda error: self._accept_failed(chapter, error))

    async def _accept_all(self, ids: list[int]) -> list[dict]:
        return [await self.workbench.accept_clean(settlement_id) for settlement_id in ids]

    def _accepted(self, chapter: int, results: list[dict]) -> None:
        applied = sum(r.get("items_applied", 0) for r in results)
        kept = sum(r.get("items_kept", 0) for r in results)
        self.dialog.status.setText(self.tr("Chapter %1: %2 items accepted; %3 wait for you.").replace(
            "%1", str(chapter)).replace("%2", str(applied)).replace("%3", str(kept)))
        self._load()

    def _accept_failed(self, chapter: int, error: BaseException) -> None:
        self.dialog.status.setText(self.tr("Chapter %1 could not be accepted: %2").replace(
            "%1", str(chapter)).replace("%2", describe_error(error)))
        self._load()
