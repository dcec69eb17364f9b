"""Searching the manuscript from the window: words, a chapter range, names that must all appear in the passage,
keyword or hybrid ranking; each hit with its chapter and the words found highlighted, and its chapter one
double-click away."""

from __future__ import annotations

import html
import re

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTextBrowser,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop.ui.bridge import describe_error, run_op
from desktop.ui.window_part import WindowPart

RESULTS = 30  # hits asked for: enough to scan, few enough to read
SNIPPET_SPAN = 48  # characters shown either side of the first word found
_SEPARATORS = re.compile(r"[\s,，、;；/|]+")
_HIT = Qt.UserRole
MARK = "background:#ffe28a; color:#1a1a1a"  # a highlighter's yellow: readable on a selected row and a dark theme


def words_of(text: str) -> list[str]:
    """The words or names typed in one box: '林动 祖石', '贾宝玉、林黛玉' or 'Darcy, Bennet' → each, in order."""
    return [w for w in _SEPARATORS.split(text.strip()) if w]


def highlighted(text: str, words: list[str], *, span: int | None = SNIPPET_SPAN) -> str:
    """HTML of `text` (cut to `span` characters either side of the first word found, unless None) with every
    word found marked; the text is escaped, so a passage can never inject markup."""
    text = text or ""
    found = [w for w in words if w and w.lower() in text.lower()]
    if span is not None:
        first = min((text.lower().find(w.lower()) for w in found), default=0)
        start, end = max(0, first - span), min(len(text), first + span * 2)
        text = ("…" if start else "") + text[start:end].replace("\n", " ") + ("…" if end < len(text) else "")
    if not found:
        return html.escape(text)
    pattern = re.compile("|".join(re.escape(w) for w in sorted(found, key=len, reverse=True)), re.I)
    pieces, last = [], 0
    for match in pattern.finditer(text):
        pieces.append(html.escape(text[last:match.start()]))
        pieces.append(f"<b style='{MARK}'>{html.escape(match.group())}</b>")
        last = match.end()
    pieces.append(html.escape(text[last:]))
    return "".join(pieces)


class SearchDialog(QDialog):
    """The search form over wb.search and its results; keeps no state beyond what is on screen."""

    def __init__(self, workbench, parent=None):
        super().__init__(parent)
        self.workbench = workbench
        self.hits: list = []
        self.book: str | None = None  # the book the hits came from
        self.chapter_dialog: ChapterTextDialog | None = None
        self.setWindowTitle(self.tr("Search the manuscript"))
        self.query = QLineEdit()
        self.query.setPlaceholderText(self.tr("Words to find, e.g. 祖石 or a line you remember"))
        self.query.returnPressed.connect(self.search)
        self.names = QLineEdit()
        self.names.setPlaceholderText(self.tr("Names, separated by spaces or 、"))
        self.names.returnPressed.connect(self.search)
        self.first = self._chapter_box()
        self.last = self._chapter_box()
        self.preset = QComboBox()
        self.preset.addItem(self.tr("Hybrid (words and meaning)"), "hybrid")
        self.preset.addItem(self.tr("Keyword (exact words only)"), "keyword")
        self.search_button = QPushButton(self.tr("Search"))
        self.search_button.setDefault(True)
        self.search_button.clicked.connect(self.search)
        chapters = QHBoxLayout()
        chapters.addWidget(self.first)
        chapters.addWidget(QLabel(self.tr("to")))
        chapters.addWidget(self.last)
        chapters.addStretch(1)
        form = QFormLayout()
        form.addRow(self.tr("&Find"), self.query)
        form.addRow(self.tr("In &chapters"), chapters)
        form.addRow(self.tr("Passages where &all of these appear"), self.names)
        form.addRow(self.tr("&Ranking"), self.preset)
        self.status = QLabel()
        self.status.setTextFormat(Qt.PlainText)
        self.status.setWordWrap(True)
        self.results = QTreeWidget()
        self.results.setColumnCount(2)
        self.results.setHeaderLabels([self.tr("Chapter"), self.tr("Passage")])
        self.results.setRootIsDecorated(False)
        self.results.setSelectionMode(QAbstractItemView.SingleSelection)
        self.results.header().setSectionResizeMode(1, QHeaderView.Stretch)
        self.results.itemSelectionChanged.connect(self._show_selected)
        self.results.itemActivated.connect(lambda *_: self.open_chapter())  # double-click or Enter
        self.preview = QTextBrowser()
        self.open_button = QPushButton(self.tr("Open chapter"))
        self.open_button.clicked.connect(self.open_chapter)
        buttons = QDialogButtonBox()
        buttons.addButton(self.open_button, QDialogButtonBox.ActionRole)
        buttons.addButton(QPushButton(self.tr("Close")), QDialogButtonBox.RejectRole)
        buttons.rejected.connect(self.reject)
        top = QHBoxLayout()
        top.addLayout(form, 1)
        top.addWidget(self.search_button, 0, Qt.AlignBottom)
        split = QSplitter(Qt.Vertical)
        split.addWidget(self.results)
        split.addWidget(self.preview)
        split.setSizes([300, 160])
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.status)
        layout.addWidget(split, 1)
        layout.addWidget(buttons)
        for a, b in ((self.query, self.first), (self.first, self.last), (self.last, self.names),
                     (self.names, self.preset), (self.preset, self.search_button),
                     (self.search_button, self.results), (self.results, self.preview)):
            QWidget.setTabOrder(a, b)
        self.resize(820, 620)
        self._show_selected()

    def _chapter_box(self) -> QSpinBox:
        box = QSpinBox()
        box.setRange(0, 9999)
        box.setSpecialValueText(self.tr("any"))  # 0: no bound on this side
        box.setMinimumWidth(80)
        return box

    def forget(self) -> None:
        """Another book: its hits and passages are not this one's."""
        self.hits = []
        self.results.clear()
        self.status.clear()
        self._show_selected()

    def set_chapter_count(self, chapters: int) -> None:
        for box in (self.first, self.last):
            box.setMaximum(max(chapters, 1))

    def chapters(self) -> tuple[int, int] | None:
        """The range asked for, None for every chapter; an open side runs to the book's first or last chapter."""
        first, last = self.first.value(), self.last.value()
        if not first and not last:
            return None
        return (first or 1, last or self.last.maximum())

    def words(self) -> list[str]:
        return words_of(self.query.text()) + words_of(self.names.text())

    def search(self) -> None:
        query, names = self.query.text().strip(), tuple(words_of(self.names.text()))
        if not query and not names:
            self.status.setText(self.tr("Type words to find, or names that must appear together."))
            return
        chapters = self.chapters()
        if chapters is not None and chapters[0] > chapters[1]:
            self.status.setText(self.tr("The first chapter comes after the last one."))
            return
        self.search_button.setEnabled(False)
        self.status.setText(self.tr("Searching…"))
        op = run_op(self, self.workbench.search(query or " ".join(names), k=RESULTS,
                                                preset=self.preset.currentData(), chapters=chapters,
                                                with_entities=names))
        op.success(self.set_hits).failure(lambda e: self.status.setText(describe_error(e)))
        op.finally_(lambda: self.search_button.setEnabled(True))

    def set_hits(self, hits: list) -> None:
        self.hits = list(hits)
        self.results.clear()
        words = self.words()
        for index, hit in enumerate(self.hits):
            item = QTreeWidgetItem([self.chapter_text(hit), ""])
            item.setData(0, _HIT, index)
            self.results.addTopLevelItem(item)
            label = QLabel(highlighted(hit.text or "", words))
            label.setTextFormat(Qt.RichText)
            label.setAttribute(Qt.WA_TransparentForMouseEvents)  # clicks select the row; a double-click opens it
            self.results.setItemWidget(item, 1, label)
        self.results.resizeColumnToContents(0)
        self.status.setText(self.tr("%n passage(s) found", "", len(self.hits)) if self.hits else
                            self.tr("Nothing found. Try fewer names, a wider chapter range or other words."))
        if self.hits:
            self.results.setCurrentItem(self.results.topLevelItem(0))
            self.results.setFocus()
        self._show_selected()

    def chapter_text(self, hit) -> str:
        if hit.chapter_number is None:
            return "—"
        text = self.tr("Chapter %1").replace("%1", str(hit.chapter_number))
        return text + (f" · {hit.chapter_title}" if hit.chapter_title else "")

    def snippets(self) -> list[str]:
        """Each result's passage as shown, plain."""
        return [self.results.itemWidget(self.results.topLevelItem(i), 1).text()
                for i in range(self.results.topLevelItemCount())]

    def selected_hit(self):
        items = self.results.selectedItems()
        return self.hits[items[0].data(0, _HIT)] if items else None

    def _show_selected(self) -> None:
        hit = self.selected_hit()
        self.open_button.setEnabled(hit is not None and hit.chapter_number is not None)
        self.preview.setHtml(highlighted(hit.text or "", self.words(), span=None).replace("\n", "<br>")
                             if hit is not None else "")

    def open_chapter(self) -> None:
        """The selected hit's whole chapter, scrolled to the passage."""
        hit = self.selected_hit()
        if hit is None or hit.chapter_number is None:
            return
        op = run_op(self, self.workbench.chapter_text(hit.chapter_number))
        op.success(lambda chapter: self._show_chapter(chapter, hit)).failure(
            lambda e: self.status.setText(describe_error(e)))

    def _show_chapter(self, chapter: dict | None, hit) -> None:
        if chapter is None:
            self.status.setText(self.tr("Chapter %1 is not in the manuscript.").replace("%1", str(hit.chapter_number)))
            return
        self.chapter_dialog = ChapterTextDialog(chapter, hit.text or "", self.words(), self)
        self.chapter_dialog.open()


class ChapterTextDialog(QDialog):
    """One chapter's text, read-only, with the passage found marked and scrolled into view."""

    def __init__(self, chapter: dict, passage: str, words: list[str], parent=None):
        super().__init__(parent)
        title = self.tr("Chapter %1").replace("%1", str(chapter["number"]))
        self.setWindowTitle(title + (f" · {chapter['title']}" if chapter.get("title") else ""))
        self.text = QTextBrowser()
        body = chapter.get("text") or ""
        at = body.find(passage) if passage else -1
        if at < 0:
            page = highlighted(body, words, span=None)
        else:
            page = (highlighted(body[:at], words, span=None) + "<a name='hit'></a><span style='background:#fff3b0; color:#1a1a1a'>"
                    + highlighted(passage, words, span=None) + "</span>"
                    + highlighted(body[at + len(passage):], words, span=None))
        self.text.setHtml(page.replace("\n", "<br>"))
        buttons = QDialogButtonBox(QDialogButtonBox.Close)
        buttons.button(QDialogButtonBox.Close).setText(self.tr("Close"))
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.text, 1)
        layout.addWidget(buttons)
        self.resize(720, 640)
        if at >= 0:
            self.text.scrollToAnchor("hit")

    def showEvent(self, event) -> None:  # noqa: N802 — Qt override; scrolling needs the laid-out page
        super().showEvent(event)
        self.text.scrollToAnchor("hit")


class ManuscriptSearch(WindowPart):
    """The window's side: one search dialog over the current book (Book ▸ Search the manuscript…, Ctrl+F)."""

    def open(self) -> SearchDialog | None:
        if not self.needs_book():
            return None
        dialog = self.one_dialog("search", lambda: SearchDialog(self.workbench, self.window))
        book = self.workbench.book_info().path
        if dialog.book not in (None, book):
            dialog.forget()
        dialog.book = book
        run_op(dialog, self.workbench.chapter_count()).success(dialog.set_chapter_count)
        dialog.open()
        dialog.query.setFocus()
        dialog.query.selectAll()
        return dialog
