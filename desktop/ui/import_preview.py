"""The import preview: what the files would bring into the book before anything is written, and the heading rule
to fix a bad split. A clash with chapters already in the book is always asked about, never settled silently."""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QTabWidget,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop.ui.theme import WARNING_COLOUR

REFUSE, REPLACE, APPEND = "refuse", "replace", "append"  # import_paths' on_conflict
CLASHING = ("updated", "conflict")
SHOWN_CLASHES = 8  # the question names this many clashing chapters, then counts the rest


def _tree(headers: list[str]) -> QTreeWidget:
    tree = QTreeWidget()
    tree.setHeaderLabels(headers)
    tree.setAlternatingRowColors(True)
    tree.header().setStretchLastSection(True)
    return tree


class ImportPreviewDialog(QDialog):
    """preview_requested(pattern, lines) to read the files again with another heading rule;
    import_requested(on_conflict) when the author imports — "refuse" when nothing clashes."""

    preview_requested = Signal(str, list)
    import_requested = Signal(str)

    def __init__(self, paths: list[Path], parent=None):
        super().__init__(parent)
        self.paths = list(paths)
        self.preview: dict = {}
        self._busy = False
        self.shown_rule: tuple[str, list[str]] = ("", [])  # the heading rule the preview shown was read with
        self._asked_rule: tuple[str, list[str]] = ("", [])
        self.question: QMessageBox | None = None
        self.setWindowTitle(self.tr("Import preview"))
        self.headline = QLabel(self.tr("Reading %n file(s)…", "", len(self.paths)))
        self.headline.setWordWrap(True)
        self.chapters = _tree([self.tr("Chapter"), self.tr("Title"), self.tr("Characters"), self.tr("Status")])
        self.dropped = _tree([self.tr("File"), self.tr("What"), self.tr("Where"), self.tr("Sample")])
        self.suspects = _tree([self.tr("File"), self.tr("Line"), self.tr("Text")])
        self.suspects.setRootIsDecorated(False)
        self.suspects.itemDoubleClicked.connect(lambda *_: self._mark_suspect())
        self.warnings = _tree([self.tr("File"), self.tr("Warning")])
        self.warnings.setRootIsDecorated(False)
        self.tabs = QTabWidget()
        self.tabs.addTab(self.chapters, "")
        self.tabs.addTab(self._suspect_page(), "")
        self.tabs.addTab(self.dropped, "")
        self.tabs.addTab(self.warnings, "")
        self._set_tab_counts()
        buttons = QDialogButtonBox()
        self.import_button = buttons.addButton(self.tr("&Import"), QDialogButtonBox.AcceptRole)
        self.cancel_button = buttons.addButton(self.tr("Cancel"), QDialogButtonBox.RejectRole)
        self.import_button.setDefault(True)
        self.import_button.setEnabled(False)
        buttons.accepted.connect(self._on_import)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.headline)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(self._rule_box())
        layout.addWidget(buttons)
        self.resize(760, 600)

    def _suspect_page(self) -> QWidget:
        page = QWidget()
        self.mark_button = QPushButton(self.tr("&This line is a heading"))
        self.mark_button.clicked.connect(self._mark_suspect)
        self.mark_button.setAutoDefault(False)
        hint = QLabel(self.tr("Lines that look like headings but were not split on. Pick one and say it is a heading, "
                              "then preview again."))
        hint.setWordWrap(True)
        row = QHBoxLayout()
        row.addWidget(hint, 1)
        row.addWidget(self.mark_button)
        layout = QVBoxLayout(page)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.suspects, 1)
        layout.addLayout(row)
        return page

    def _rule_box(self) -> QGroupBox:
        box = QGroupBox(self.tr("Heading rule"))
        self.pattern = QLineEdit()
        self.pattern.setPlaceholderText(self.tr("a regular expression, e.g. ^第.+回; empty: the usual headings"))
        self.heading_lines = QPlainTextEdit()
        self.heading_lines.setPlaceholderText(self.tr("lines that are headings, one a line"))
        self.heading_lines.setTabChangesFocus(True)
        self.heading_lines.setFixedHeight(self.fontMetrics().lineSpacing() * 4)
        self.pattern_error = QLabel()
        self.pattern_error.setStyleSheet(f"color: {WARNING_COLOUR};")
        self.pattern_error.setWordWrap(True)
        self.pattern_error.hide()
        self.again_button = QPushButton(self.tr("Preview &again"))
        self.again_button.clicked.connect(self._on_preview_again)
        self.again_button.setAutoDefault(False)
        self.pattern.textChanged.connect(self._update_buttons)
        self.heading_lines.textChanged.connect(self._update_buttons)
        form = QFormLayout(box)
        pattern_label = QLabel(self.tr("Heading &pattern"))
        pattern_label.setBuddy(self.pattern)
        lines_label = QLabel(self.tr("&Heading lines"))
        lines_label.setBuddy(self.heading_lines)
        form.addRow(pattern_label, self.pattern)
        form.addRow(lines_label, self.heading_lines)
        form.addRow(self.pattern_error)
        form.addRow("", self.again_button)
        return box

    # -- what the preview found ---------------------------------------------------------------------

    def set_preview(self, preview: dict) -> None:
        self.preview = preview
        files = preview.get("files") or []
        totals = preview.get("totals") or {}
        self.chapters.clear()
        self.dropped.clear()
        self.suspects.clear()
        self.warnings.clear()
        for file in files:
            name = Path(str(file.get("path"))).name
            self._add_file(name, file)
            for drop in file.get("dropped") or ():
                where = str(drop.get("where") or "")
                if drop.get("line") is not None:
                    where = self.tr("%1 (line %2)").replace("%1", where).replace("%2", str(drop["line"]))
                item = QTreeWidgetItem([name, self._kind_text(drop.get("kind")), where,
                                        str(drop.get("sample") or "").replace("\n", " ⏎ ")])
                item.setToolTip(3, str(drop.get("sample") or ""))
                self.dropped.addTopLevelItem(item)
            for suspect in file.get("suspects") or ():
                item = QTreeWidgetItem([name, str(suspect.get("line") or ""), str(suspect.get("text") or "")])
                item.setData(0, Qt.UserRole, str(suspect.get("text") or ""))
                self.suspects.addTopLevelItem(item)
            for warning in [*file.get("warnings", ()), *([file["error"]] if file.get("error") else [])]:
                self.warnings.addTopLevelItem(QTreeWidgetItem([name, str(warning)]))
        self.chapters.expandAll()
        for tree in (self.chapters, self.dropped, self.suspects, self.warnings):
            tree.header().resizeSections(QHeaderView.ResizeToContents)
        self._set_tab_counts()
        self.headline.setText(self._headline(files, totals))
        self.shown_rule = self._asked_rule
        self._update_buttons()
        if self.suspects.topLevelItemCount() and not totals.get("chapters", 0) > 1:
            self.tabs.setCurrentIndex(1)  # one chapter and lines that look like headings: the split is doubtful

    def _add_file(self, name: str, file: dict) -> None:
        bits = [str(file.get("encoding") or "?")]
        if file.get("unwrapped"):
            bits.append(self.tr("hard-wrapped lines re-joined"))
        if file.get("error"):
            bits = [self.tr("not imported: %1").replace("%1", str(file["error"]))]
        top = QTreeWidgetItem([name, " · ".join(bits)])
        top.setFirstColumnSpanned(False)
        if file.get("error"):
            top.setForeground(1, QBrush(QColor(WARNING_COLOUR)))
        self.chapters.addTopLevelItem(top)
        for chapter in file.get("chapters") or ():
            title = str(chapter.get("title") or "")
            if chapter.get("volume"):
                title = f"{chapter['volume']} · {title}"
            status = str(chapter.get("status") or "new")
            row = QTreeWidgetItem([str(chapter.get("number")), title, f"{chapter.get('chars', 0):,}",
                                   self._status_text(status)])
            row.setToolTip(1, str(chapter.get("heading") or ""))
            row.setData(3, Qt.UserRole, status)
            row.setTextAlignment(2, Qt.AlignRight | Qt.AlignVCenter)
            if status in CLASHING:
                row.setForeground(3, QBrush(QColor(WARNING_COLOUR)))
            top.addChild(row)

    def _headline(self, files: list[dict], totals: dict) -> str:
        text = self.tr("%1 chapters (%2 characters) in %3 files: %4 new, %5 unchanged, %6 updated, %7 in conflict.")
        for key, value in (("%1", totals.get("chapters", 0)), ("%2", f"{totals.get('chars', 0):,}"),
                           ("%3", len(files)), ("%4", totals.get("new", 0)), ("%5", totals.get("unchanged", 0)),
                           ("%6", totals.get("updated", 0)), ("%7", totals.get("conflict", 0))):
            text = text.replace(key, str(value))
        if any(file.get("suspects") or file.get("warnings") for file in files):
            text += " " + self.tr("The split may be wrong: look at the suspect headings and the warnings, and "
                                  "fix the heading rule below if need be.")
        if self.preview.get("conflicts"):
            text += " " + self.tr("Chapters already in the book hold other text: importing asks what to do.")
        return text

    def _set_tab_counts(self) -> None:
        counts = [sum(t.topLevelItem(i).childCount() for i in range(t.topLevelItemCount())) if t is self.chapters
                  else t.topLevelItemCount() for t in (self.chapters, self.suspects, self.dropped, self.warnings)]
        names = [self.tr("&Chapters (%1)"), self.tr("&Suspect headings (%1)"), self.tr("&Dropped (%1)"),
                 self.tr("&Warnings (%1)")]
        for index, (name, count) in enumerate(zip(names, counts)):
            self.tabs.setTabText(index, name.replace("%1", str(count)))

    def _status_text(self, status: str) -> str:
        return {"new": self.tr("new"), "unchanged": self.tr("unchanged"), "updated": self.tr("updated"),
                "conflict": self.tr("conflict")}.get(status, status)

    def _kind_text(self, kind) -> str:
        return {"advert": self.tr("advert"), "url": self.tr("web address"), "notice": self.tr("site notice"),
                "disclaimer": self.tr("disclaimer"), "metadata": self.tr("site metadata"),
                "boilerplate": self.tr("boilerplate"), "toc": self.tr("table of contents"),
                "licence": self.tr("licence")}.get(str(kind), str(kind or ""))

    def chapter_rows(self) -> list[tuple[str, str, str, str]]:
        """(number, title, characters, status) of every chapter shown, files in order."""
        rows = []
        for i in range(self.chapters.topLevelItemCount()):
            top = self.chapters.topLevelItem(i)
            rows += [tuple(top.child(j).text(c) for c in range(4)) for j in range(top.childCount())]
        return rows

    def set_busy(self, text: str | None) -> None:
        """While the files are read again: the buttons wait, the headline says why."""
        self._busy = text is not None
        if text is not None:
            self.headline.setText(text)
        self._update_buttons()

    def _update_buttons(self) -> None:
        """Import only what the preview shows: after the rule is edited, Enter and the default button preview
        again, and Import waits until the files were read with the new rule."""
        busy = self._busy
        stale = self.rule() != self.shown_rule
        self.import_button.setEnabled(not busy and not stale and bool((self.preview.get("totals") or {})
                                                                     .get("chapters")))
        self.again_button.setEnabled(not busy)
        self.mark_button.setEnabled(not busy)
        self.again_button.setDefault(stale)
        self.import_button.setDefault(not stale)
        self.import_button.setToolTip(self.tr("Preview again first: the heading rule was changed") if stale else "")

    # -- the heading rule -----------------------------------------------------------------------------

    def rule(self) -> tuple[str, list[str]]:
        lines = [line.strip() for line in self.heading_lines.toPlainText().splitlines() if line.strip()]
        return self.pattern.text().strip(), lines

    def _mark_suspect(self) -> None:
        item = self.suspects.currentItem()
        if item is None:
            return
        text = item.data(0, Qt.UserRole)
        _, lines = self.rule()
        if text and text.strip() not in lines:
            self.heading_lines.setPlainText("\n".join([*lines, text.strip()]))
        self.again_button.setFocus()

    def _on_preview_again(self) -> None:
        pattern, lines = self.rule()
        try:
            re.compile(pattern)
        except re.error as exc:  # said here, beside the field: the files are not read with a broken rule
            self.pattern_error.setText(self.tr("The heading pattern is not a valid regular expression: %1")
                                       .replace("%1", str(exc)))
            self.pattern_error.show()
            self.pattern.setFocus()
            return
        self.pattern_error.hide()
        self._asked_rule = (pattern, lines)
        self.preview_requested.emit(pattern, lines)

    # -- importing -------------------------------------------------------------------------------------

    def _on_import(self) -> None:
        conflicts = self.preview.get("conflicts") or []
        if not conflicts:
            self.import_requested.emit(REFUSE)
            return
        self.question = self._ask(conflicts)
        self.question.open()

    def _ask(self, conflicts: list[dict]) -> QMessageBox:
        lines = [self.tr("Chapter %1: “%2” (%3) would become “%4” (%5)").replace("%1", str(c.get("number")))
                 .replace("%2", str(c.get("existing_title") or "")).replace("%3", _name(c.get("existing_source")))
                 .replace("%4", str(c.get("new_title") or "")).replace("%5", _name(c.get("new_source")))
                 for c in conflicts[:SHOWN_CLASHES]]
        if len(conflicts) > SHOWN_CLASHES:
            lines.append(self.tr("… and %1 more").replace("%1", str(len(conflicts) - SHOWN_CLASHES)))
        box = QMessageBox(QMessageBox.Question, self.tr("Chapters already in the book"),
                          self.tr("%1 chapters of this import already hold other text in the book. Replace them "
                                  "(a snapshot of the book is taken first), or append the imported chapters after "
                                  "the book's last chapter?").replace("%1", str(len(conflicts))), parent=self)
        box.setDetailedText("\n".join(lines))
        box.setInformativeText("\n".join(lines[:3]))
        replace = box.addButton(self.tr("&Replace"), QMessageBox.DestructiveRole)
        append = box.addButton(self.tr("&Append after the last chapter"), QMessageBox.AcceptRole)
        cancel = box.addButton(self.tr("Cancel"), QMessageBox.RejectRole)
        box.setDefaultButton(append)
        box.setEscapeButton(cancel)
        choices = {replace: REPLACE, append: APPEND}
        box.buttonClicked.connect(lambda button: self._answered(choices.get(button)))
        return box

    def _answered(self, choice: str | None) -> None:
        if choice is not None:
            self.import_requested.emit(choice)


def _name(source) -> str:
    return Path(str(source)).name if source else "—"
