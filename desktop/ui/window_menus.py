"""The window's menu bar: every menu and its shortcuts in one place. Each entry calls a window or controller slot;
a new pane adds its line here, not to the window."""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence


class WindowMenus(QObject):
    """Builds the Book, Task and Tools menus over a MainWindow and keeps the recent-books submenu current."""

    def __init__(self, window):
        super().__init__(window)
        self.window = window
        self._build()

    def _build(self) -> None:
        w = self.window
        book = w.menuBar().addMenu(self.tr("&Book"))
        book.addAction(self._action(self.tr("New book…"), QKeySequence.New, w.opener.new_book))
        book.addAction(self._action(self.tr("Open book…"), QKeySequence.Open, w.opener.choose_book))
        self.recent_menu = book.addMenu(self.tr("Recent books"))
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        book.addAction(self._action(self.tr("Close book"), QKeySequence.Close, w.opener.close_book))
        book.addSeparator()
        book.addAction(self._action(self.tr("Import chapters…"), "Ctrl+I", w.choose_import))
        book.addAction(self._action(self.tr("Reviews waiting…"), "Ctrl+Shift+V", w.open_waiting_reviews))
        book.addAction(self._action(self.tr("Build the story bible from imported chapters…"), "Ctrl+Shift+E",
                                    w.choose_extraction))
        book.addAction(self._action(self.tr("Backups…"), "Ctrl+Shift+B", w.open_backups))
        book.addAction(self._action(self.tr("Failed settlements…"), "Ctrl+Shift+F", w.failed.open))
        book.addAction(self._action(self.tr("Undo a settlement…"), "Ctrl+Shift+U", w.undoer.open))
        book.addAction(self._action(self.tr("Audit the manuscript…"), "Ctrl+Shift+A", w.audit.open))
        book.addAction(self._action(self.tr("Settings library…"), "Ctrl+Shift+L", w.library.open))
        book.addAction(self._action(self.tr("Search the manuscript…"), QKeySequence.Find, w.search.open))
        book.addAction(self._action(self.tr("Personas…"), "Ctrl+Shift+C", w.personas.open))
        book.addAction(self._action(self.tr("Export story bible…"), "Ctrl+Shift+X", w.exporter.open))
        book.addSeparator()
        book.addAction(self._action(self.tr("Quit"), QKeySequence.Quit, w.close))
        tasks = w.menuBar().addMenu(self.tr("&Task"))
        for action in w.sidebar.actions_for_menu():
            tasks.addAction(action)
        tasks.addSeparator()
        tasks.addAction(self._action(self.tr("Add a note from a file…"), "Ctrl+Shift+N", w.notes.choose_file))
        tasks.addAction(self._action(self.tr("Paste as a note"), "Ctrl+Shift+P", w.notes.paste))
        tasks.addAction(self._action(self.tr("Back to the main plot"), "Ctrl+Shift+M", w.back_to_main_plot))
        tools = w.menuBar().addMenu(self.tr("T&ools"))
        tools.addAction(self._action(self.tr("Load model"), "Ctrl+L", w.load_model))
        tools.addAction(self._action(self.tr("Settings…"), QKeySequence.Preferences, w.open_settings))

    def _action(self, text: str, shortcut, slot) -> QAction:
        action = QAction(text, self.window)
        action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(slot)
        return action

    def _fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        recent = self.window.workbench.settings.recent_books
        for path in recent:
            self.recent_menu.addAction(path, lambda p=path: self.window.opener.open_book(p))
        if not recent:
            self.recent_menu.addAction(self.tr("(none yet)")).setEnabled(False)
