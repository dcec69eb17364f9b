"""Book ▸ Audit the manuscript…: every imported chapter checked against canon as of it, the issues listed by
chapter with the sentence and where canon got the fact, the sentence shown in its chapter, and "this is intended"
remembered so the author is not asked twice."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTextEdit,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop.progress import Progress
from desktop.ui.bridge import describe_error, run_op
from desktop.ui.theme import WARNING_COLOUR
from desktop.ui.window_part import WindowPart

_ISSUE = Qt.UserRole  # an issue item's issue dict; a chapter item holds None


class AuditDialog(QDialog):
    """The audit's issues by chapter; asks the window to run the audit, show a chapter, or dismiss an issue."""

    audit_requested = Signal(int, int)      # first and last chapter
    cancel_requested = Signal()
    chapter_requested = Signal(int)         # the chapter whose text to show
    dismiss_requested = Signal(str, bool)   # fingerprint, intended (False takes a dismissal back)

    def __init__(self, last_chapter: int, parent=None):
        super().__init__(parent)
        self.setWindowTitle(self.tr("Audit the manuscript"))
        intro = QLabel(self.tr("Each imported chapter is checked against canon as it stood before that chapter: the "
                               "dead acting, items in other hands, realms going back, solved mysteries reopened, "
                               "characters in two places, ages and family ties that disagree."))
        intro.setWordWrap(True)
        self.first = QSpinBox()
        self.last = QSpinBox()
        for box, value in ((self.first, 1), (self.last, last_chapter)):
            box.setRange(1, max(last_chapter, 1))
            box.setValue(max(min(value, last_chapter), 1))
        self.run_button = QPushButton(self.tr("Audit"))
        self.cancel_button = QPushButton(self.tr("Stop"))
        self.cancel_button.setEnabled(False)
        self.show_dismissed = QCheckBox(self.tr("Show dismissed"))
        self.show_dismissed.toggled.connect(lambda _: self._fill())
        self.run_button.clicked.connect(lambda: self.audit_requested.emit(self.first.value(), self.last.value()))
        self.cancel_button.clicked.connect(self.cancel_requested.emit)
        top = QHBoxLayout()
        top.addWidget(QLabel(self.tr("Chapters")))
        top.addWidget(self.first)
        top.addWidget(QLabel("–"))
        top.addWidget(self.last)
        top.addWidget(self.run_button)
        top.addWidget(self.cancel_button)
        top.addStretch(1)
        top.addWidget(self.show_dismissed)
        self.progress = QProgressBar()
        self.progress.setVisible(False)
        self.summary = QLabel(self.tr("Not audited yet."))
        self.summary.setWordWrap(True)

        self.tree = QTreeWidget()
        self.tree.setColumnCount(3)
        self.tree.setHeaderLabels([self.tr("Issue"), self.tr("Sentence"), self.tr("Canon says")])
        self.tree.header().setSectionResizeMode(1, QHeaderView.Stretch)
        self.tree.setSelectionMode(QAbstractItemView.SingleSelection)
        self.tree.itemSelectionChanged.connect(self._on_selection)
        self.detail = QLabel()
        self.detail.setTextFormat(Qt.PlainText)
        self.detail.setWordWrap(True)
        self.detail.setTextInteractionFlags(Qt.TextSelectableByMouse)
        self.text_view = QPlainTextEdit()
        self.text_view.setReadOnly(True)
        self.intended_button = QPushButton(self.tr("This is intended"))
        self.intended_button.setEnabled(False)
        self.intended_button.clicked.connect(self._on_intended)
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addWidget(self.detail)
        right_layout.addWidget(self.text_view, 1)
        right_layout.addWidget(self.intended_button, 0, Qt.AlignRight)
        splitter = QSplitter(Qt.Horizontal)
        splitter.addWidget(self.tree)
        splitter.addWidget(right)
        splitter.setSizes([560, 420])

        close = QPushButton(self.tr("Close"))
        close.clicked.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(top)
        layout.addWidget(self.progress)
        layout.addWidget(self.summary)
        layout.addWidget(splitter, 1)
        layout.addWidget(close, 0, Qt.AlignRight)
        self.report: dict | None = None
        self._shown_chapter: dict | None = None
        self.resize(1000, 640)

    # -- what the window tells it --------------------------------------------------------------

    def running(self, busy: bool) -> None:
        self.run_button.setEnabled(not busy)
        self.cancel_button.setEnabled(busy)
        self.progress.setVisible(busy)
        if busy:
            self.progress.setRange(0, 0)
            self.summary.setText(self.tr("Auditing…"))

    def show_progress(self, progress: Progress) -> None:
        if progress.total:
            self.progress.setRange(0, progress.total)
            self.progress.setValue(progress.done)
        chapter = progress.detail.removeprefix("chapter ").strip()
        if chapter.isdigit():
            self.summary.setText(self.tr("Auditing chapter %1 (%2 of %3)…").replace("%1", chapter).replace(
                "%2", str(progress.done + 1)).replace("%3", str(progress.total)))

    def set_report(self, report: dict) -> None:
        self.report = report
        self._fill()

    def show_failure(self, text: str) -> None:
        self.summary.setText(text)

    def set_dismissed(self, fingerprint: str, dismissed: bool) -> None:
        if self.report is None:
            return
        for issue in self.report["issues"]:
            if issue["fingerprint"] == fingerprint:
                issue["dismissed"] = dismissed
        self._fill(keep=fingerprint)

    def show_chapter(self, chapter: dict | None) -> None:
        """The chapter's text, read-only, with the chosen issue's sentence selected and marked."""
        self._shown_chapter = chapter
        issue = self.selected_issue()
        if chapter is None:
            self.text_view.setPlainText(self.tr("This chapter is no longer in the book."))
            return
        if self.text_view.toPlainText() != chapter["text"]:
            self.text_view.setPlainText(chapter["text"])
        if issue is None or issue["chapter"] != chapter["number"]:
            self.text_view.setExtraSelections([])
            return
        start, end = issue["span"]
        cursor = self.text_view.textCursor()
        cursor.setPosition(start)
        cursor.setPosition(end, QTextCursor.KeepAnchor)
        mark = QTextEdit.ExtraSelection()
        mark.cursor = cursor
        mark.format = QTextCharFormat()
        mark.format.setBackground(QColor(WARNING_COLOUR).lighter(170))
        self.text_view.setExtraSelections([mark])
        self.text_view.setTextCursor(cursor)
        self.text_view.centerCursor()

    def marked_text(self) -> str:
        """The sentence marked in the chapter text ("" when none is)."""
        marks = self.text_view.extraSelections()
        return marks[0].cursor.selectedText() if marks else ""

    # -- the list --------------------------------------------------------------------------------

    def selected_issue(self) -> dict | None:
        items = self.tree.selectedItems()
        return items[0].data(0, _ISSUE) if items else None

    def _fill(self, keep: str | None = None) -> None:
        self.tree.clear()
        report = self.report
        if report is None:
            return
        shown = [i for i in report["issues"] if self.show_dismissed.isChecked() or not i["dismissed"]]
        open_count = sum(report["counts"].values())
        text = self.tr("%1 issues in %2 chapters audited of %3.").replace("%1", str(open_count)).replace(
            "%2", str(report["chapters_audited"])).replace("%3", str(report["chapters_total"]))
        if report["dismissed"]:
            text += " " + self.tr("%1 dismissed as intended.").replace("%1", str(report["dismissed"]))
        if not report["complete"]:
            text += " " + self.tr("Stopped early: audit again to go on (audited chapters are kept).")
        self.summary.setText(text)
        chapters: dict[int, QTreeWidgetItem] = {}
        chosen = None
        for issue in shown:
            parent = chapters.get(issue["chapter"])
            if parent is None:
                parent = QTreeWidgetItem([self.tr("Chapter %1 %2").replace("%1", str(issue["chapter"])).replace(
                    "%2", issue.get("title") or "").strip()])
                parent.setData(0, _ISSUE, None)
                parent.setFirstColumnSpanned(True)
                chapters[issue["chapter"]] = parent
                self.tree.addTopLevelItem(parent)
            item = QTreeWidgetItem([self.kind_label(issue["kind"]), issue["text"], issue["fact"]])
            item.setData(0, _ISSUE, issue)
            item.setToolTip(1, issue["text"])
            item.setToolTip(2, self.source_text(issue["source"]))
            if issue["dismissed"]:
                for column in range(3):
                    item.setForeground(column, QColor("gray"))
            parent.addChild(item)
            if chosen is None or issue["fingerprint"] == keep:
                chosen = item  # the first issue, or the one just dismissed or taken back
        self.tree.expandAll()
        for column in (0, 2):
            self.tree.resizeColumnToContents(column)
        if chosen is not None:
            self.tree.setCurrentItem(chosen)
        self._on_selection()

    def _on_selection(self) -> None:
        issue = self.selected_issue()
        self.intended_button.setEnabled(issue is not None)
        if issue is None:
            self.detail.setText("")
            return
        self.intended_button.setText(self.tr("Not intended after all") if issue["dismissed"]
                                     else self.tr("This is intended"))
        self.detail.setText(self.tr("%1\nCanon: %2\nFrom: %3").replace("%1", self.kind_label(issue["kind"])).replace(
            "%2", issue["fact"]).replace("%3", self.source_text(issue["source"])))
        if self._shown_chapter is not None and self._shown_chapter["number"] == issue["chapter"]:
            self.show_chapter(self._shown_chapter)
        else:
            self.chapter_requested.emit(issue["chapter"])

    def _on_intended(self) -> None:
        issue = self.selected_issue()
        if issue is not None:
            self.dismiss_requested.emit(issue["fingerprint"], not issue["dismissed"])

    # -- words -------------------------------------------------------------------------------------

    def kind_label(self, kind: str) -> str:
        labels = {
            "dead_character_acts": self.tr("The dead act"),
            "item_in_other_hands": self.tr("Item in other hands"),
            "realm_lower_than_reached": self.tr("Realm goes back"),
            "resolved_hook_treated_as_open": self.tr("Solved mystery reopened"),
            "location_elsewhere": self.tr("In two places"),
            "age_contradicts": self.tr("Age disagrees"),
            "relation_contradicts": self.tr("Family tie disagrees"),
            "model": self.tr("The model's doubt"),
        }
        return labels.get(kind, kind)

    def source_text(self, source: dict) -> str:
        """Settlement #12 · imported chapter 5 · passages 40, 41 — where canon got the fact."""
        parts = []
        if source.get("settlement_id") is not None:
            parts.append(self.tr("settlement #%1").replace("%1", str(source["settlement_id"])))
        origin = source.get("origin")
        if origin == "imported_chapter":
            parts.append(self.tr("read from chapter %1").replace("%1", str(source.get("from_chapter"))))
        elif origin == "task":
            parts.append(self.tr("discussion task %1").replace("%1", str(source.get("task_id"))))
        elif origin == "file":
            parts.append(self.tr("file %1").replace("%1", str(source.get("file"))))
        elif origin == "author":
            parts.append(self.tr("entered by the author"))
        if source.get("chunk_ids"):
            parts.append(self.tr("passages %1").replace("%1", ", ".join(map(str, source["chunk_ids"][:5]))))
        if source.get("message_ids"):
            parts.append(self.tr("messages %1").replace("%1", ", ".join(map(str, source["message_ids"][:5]))))
        if source.get("quote"):
            parts.append(f"「{source['quote']}」")
        return " · ".join(parts) or self.tr("unknown")


class ManuscriptAudit(WindowPart):
    """The window's side: opens the panel, runs the audit in the background lane, shows chapters, dismisses."""

    def __init__(self, window, workbench, lane, dialogs: dict, needs_book):
        super().__init__(window, workbench, dialogs, needs_book)
        self.lane = lane
        self.op = None

    @property
    def dialog(self) -> AuditDialog | None:
        return self.dialogs.get("audit")

    def open(self) -> None:
        if self.needs_book():
            run_op(self.window, self.workbench.chapter_count()).success(self._show)

    def _show(self, last_chapter: int) -> None:
        if not last_chapter:
            self.window.statusBar().showMessage(
                self.tr("The book has no chapters yet: import some first (Book ▸ Import chapters…)."), 6000)
            return
        dialog = self.dialog
        if dialog is None:
            dialog = AuditDialog(last_chapter, self.window)
            dialog.audit_requested.connect(self.run)
            dialog.cancel_requested.connect(self.lane.cancel)
            dialog.chapter_requested.connect(self._chapter)
            dialog.dismiss_requested.connect(self._dismiss)
            self.dialogs["audit"] = dialog
        dialog.open()

    def run(self, first: int, last: int) -> None:
        dialog = self.dialog

        def work(progress, cancel):
            def both(step: Progress) -> None:
                progress(step)
                if self.dialog is not None:
                    self.dialog.show_progress(step)
            return self.workbench.audit((first, last), progress=both, cancel=cancel)

        op = self.lane.run(self.tr("Auditing the manuscript…"), work)
        if op is None:
            return
        self.op = op
        dialog.running(True)
        op.success(dialog.set_report).failure(lambda exc: dialog.show_failure(describe_error(exc))).finally_(
            lambda: dialog.running(False))

    def _chapter(self, number: int) -> None:
        dialog = self.dialog
        run_op(dialog, self.workbench.chapter_text(number)).success(dialog.show_chapter)

    def _dismiss(self, fingerprint: str, intended: bool) -> None:
        dialog = self.dialog
        run_op(dialog, self.workbench.dismiss_issue(fingerprint, intended=intended)).success(
            lambda done: dialog.set_dismissed(done["fingerprint"], done["dismissed"]))
