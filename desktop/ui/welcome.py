"""The first-run welcome: whenever no book is open the window shows this instead of its three panes — recent
books, New book, Open book, Import a manuscript (a new book made from the files, chosen or dropped here), and
where the model stands."""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtCore import QObject, QStandardPaths, Qt, Signal
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from desktop.ui.book_dialog import NewBookDialog
from desktop.ui.bridge import run_op
from desktop.ui.theme import MUTED_COLOUR, WARNING_COLOUR

_PATH = Qt.UserRole
_CJK = re.compile(r"[\u4e00-\u9fff]")
_NUMBERING = re.compile(r"^[\s\d_.\-—·、]+")  # "01-", "3. " before a file's title


def manuscript_title(paths: list) -> str:
    """A title for a book made from these files: the one file's name, or the folder several files share
    ('红楼梦/第一回.txt', '红楼梦/第二回.txt' → 红楼梦); numbering before the name is dropped."""
    files = [Path(p) for p in paths]
    if not files:
        return ""
    parents = {f.parent for f in files}
    name = files[0].parent.name if len(files) > 1 and len(parents) == 1 and files[0].parent.name else files[0].stem
    return _NUMBERING.sub("", name).strip() or files[0].stem


def manuscript_language(paths: list) -> str | None:
    """zh or en from the first plain-text file's opening; None when there is none to read."""
    for path in (Path(p) for p in paths):
        if path.suffix.lower() in (".txt", ".md", ".markdown", ".text") and path.is_file():
            head = path.read_bytes()[:4000]
            try:
                text = head.decode("utf-8")
            except UnicodeDecodeError as error:  # a character cut at the end is still UTF-8; else GB18030
                text = (head[:error.start].decode("utf-8") if error.start >= len(head) - 3
                        else head.decode("gb18030", "ignore"))
            letters = sum(c.isalpha() for c in text) or 1
            return "zh" if len(_CJK.findall(text)) / letters > 0.2 else "en"
    return None


class WelcomePane(QWidget):
    """What the window offers before a book is open; every button is a request the controller carries out."""

    open_requested = Signal(str)  # a recent book's path
    new_requested = Signal()
    choose_requested = Signal()
    import_requested = Signal()
    manuscript_dropped = Signal(list)  # files dropped on the welcome: a new book is made from them

    def __init__(self, parent=None):
        super().__init__(parent)
        heading = QLabel(self.tr("Welcome to Inkstone"))
        heading.setStyleSheet("font-size: 20pt; font-weight: bold;")
        intro = QLabel(self.tr("Your novel's memory: its characters, places, threads and plans, kept as you write. "
                               "Start a book, open one, or make one from a manuscript you already have."))
        intro.setWordWrap(True)
        self.new_button = QPushButton(self.tr("&New book…"))
        self.open_button = QPushButton(self.tr("O&pen book…"))  # Alt+O is the Tools menu's
        self.import_button = QPushButton(self.tr("&Import a manuscript…"))
        self.import_button.setToolTip(self.tr("Choose chapter files (.txt .md .docx .epub): a new book is made from "
                                              "them, and you see the chapters found before anything is imported"))
        for button, signal in ((self.new_button, self.new_requested), (self.open_button, self.choose_requested),
                               (self.import_button, self.import_requested)):
            button.setMinimumHeight(36)
            button.clicked.connect(signal)
        buttons = QHBoxLayout()
        for button in (self.new_button, self.open_button, self.import_button):
            buttons.addWidget(button)
        recent_label = QLabel(self.tr("&Recent books"))
        recent_label.setStyleSheet("font-weight: bold;")
        self.recent = QListWidget()
        recent_label.setBuddy(self.recent)
        self.recent.itemClicked.connect(self._open_item)
        self.recent.itemActivated.connect(self._open_item)  # Enter
        self.no_recent = QLabel(self.tr("No books yet — your recent books will be listed here."))
        self.no_recent.setStyleSheet(f"color: {MUTED_COLOUR};")
        self.model = QLabel()
        self.model.setWordWrap(True)
        self.model.setTextFormat(Qt.PlainText)

        column = QWidget()
        column.setMaximumWidth(720)
        layout = QVBoxLayout(column)
        layout.addSpacing(48)
        layout.addWidget(heading)
        layout.addWidget(intro)
        layout.addSpacing(12)
        layout.addLayout(buttons)
        layout.addSpacing(16)
        layout.addWidget(recent_label)
        layout.addWidget(self.recent, 3)
        layout.addWidget(self.no_recent)
        layout.addSpacing(12)
        layout.addWidget(self.model)
        layout.addStretch(1)  # with no recent books, everything stays at the top
        outer = QHBoxLayout(self)
        outer.addStretch(1)
        outer.addWidget(column, 4)
        outer.addStretch(1)
        for a, b in ((self.new_button, self.open_button), (self.open_button, self.import_button),
                     (self.import_button, self.recent)):
            QWidget.setTabOrder(a, b)
        self.setAcceptDrops(True)

    def dragEnterEvent(self, event) -> None:  # noqa: N802 — Qt override
        if any(url.isLocalFile() for url in event.mimeData().urls()):
            event.acceptProposedAction()

    def dropEvent(self, event) -> None:  # noqa: N802 — Qt override
        files = [url.toLocalFile() for url in event.mimeData().urls() if url.isLocalFile()]
        if files:
            event.acceptProposedAction()
            self.manuscript_dropped.emit(files)

    def set_recent(self, paths: list[str]) -> None:
        self.recent.clear()
        for path in paths:
            exists = Path(path).exists()
            title = Path(path).stem if Path(path).suffix == ".inkstone" else Path(path).name
            item = QListWidgetItem(f"{title}\n{path}" if exists else
                                   f"{title}\n{path} — " + self.tr("not found"))
            item.setData(_PATH, path)
            item.setToolTip(path)
            if not exists:
                item.setFlags(item.flags() & ~Qt.ItemIsEnabled)
            self.recent.addItem(item)
        self.recent.setVisible(bool(paths))
        self.no_recent.setVisible(not paths)
        if paths:
            self.recent.setCurrentRow(0)

    def recent_titles(self) -> list[str]:
        return [self.recent.item(i).text().split("\n")[0] for i in range(self.recent.count())]

    def set_model(self, status) -> None:
        """One line on the model: not loaded, loading, ready or busy (name, CPU or GPU), or its error in full."""
        state = status.state
        names = {"idle": self.tr("Model not loaded yet"), "loading": self.tr("Loading the model…"),
                 "ready": self.tr("Model ready"), "generating": self.tr("Model busy"),
                 "error": self.tr("The model could not be loaded")}
        text = names.get(state, state or "")
        name = status.model or status.backend or ""
        if state in ("ready", "generating", "loading") and name:
            text += f" · {name}"
        if state in ("ready", "generating"):
            text += " · " + (self.tr("GPU") if status.gpu else self.tr("CPU"))
        if state == "error" and status.error:
            text += f": {status.error}\n" + self.tr("Tools ▸ Settings… to choose another model.")
        self.model.setText(text)
        self.model.setStyleSheet(f"color: {WARNING_COLOUR};" if state == "error" else f"color: {MUTED_COLOUR};")

    def _open_item(self, item: QListWidgetItem) -> None:
        if item.flags() & Qt.ItemIsEnabled:
            self.open_requested.emit(item.data(_PATH))


class Welcome(QObject):
    """Puts the welcome in front of the three panes while no book is open, and carries out its requests."""

    def __init__(self, window, workbench, dialogs: dict):
        super().__init__(window)
        self.window = window
        self.workbench = workbench
        self.dialogs = dialogs
        self.pane = WelcomePane()
        self.stack = QStackedWidget()
        self.stack.addWidget(window.takeCentralWidget())
        self.stack.addWidget(self.pane)
        window.setCentralWidget(self.stack)
        self.pane.open_requested.connect(window.opener.open_book)
        self.pane.new_requested.connect(window.opener.new_book)
        self.pane.choose_requested.connect(window.opener.choose_book)
        self.pane.import_requested.connect(self.choose_manuscript)
        self.pane.manuscript_dropped.connect(self.make_book_from)
        window.feed.book_changed.connect(self.refresh)
        window.feed.model_changed.connect(lambda: self.pane.set_model(self.workbench.model_status()))
        self.refresh()

    @property
    def shown(self) -> bool:
        return self.stack.currentWidget() is self.pane

    def refresh(self) -> None:
        if self.workbench.has_book:
            self.stack.setCurrentIndex(0)
            return
        self.pane.set_recent(list(self.workbench.settings.recent_books))
        self.pane.set_model(self.workbench.model_status())
        self.stack.setCurrentWidget(self.pane)
        self.pane.new_button.setFocus()

    def choose_manuscript(self) -> None:
        dialog = QFileDialog(self.window, self.tr("Choose the manuscript's files"))
        dialog.setFileMode(QFileDialog.ExistingFiles)
        dialog.setNameFilter(self.tr("Chapters (*.txt *.md *.docx *.epub);;All files (*)"))
        dialog.filesSelected.connect(self.make_book_from)
        self.dialogs["manuscript"] = dialog
        dialog.open()

    def make_book_from(self, paths: list) -> NewBookDialog | None:
        """Ask where the new book goes (title from the files, folder under Documents unless the author picks
        one); once it is made, the import's preview opens on the files."""
        if not paths:
            return None
        language = manuscript_language(paths) or ("en" if self.workbench.settings.language == "en" else "zh")
        dialog = NewBookDialog(self.window, language=language)
        dialog.setWindowTitle(self.tr("New book from a manuscript"))
        dialog.title.setText(manuscript_title(paths))
        if not QStandardPaths.writableLocation(QStandardPaths.DocumentsLocation):
            dialog.location.setText(str(Path.home() / "Inkstone"))
        dialog.create_requested.connect(lambda path, title, lang: self._create_then_import(path, title, lang, paths))
        self.dialogs["manuscript_book"] = dialog
        dialog.open()
        return dialog

    def _create_then_import(self, path: str, title: str, language: str, paths: list) -> None:
        run_op(self.window, self.workbench.create_book(path, title=title, language=language)).success(
            lambda _info: self.window.imports.start(list(paths)))
