"""The window's frame: its size and pane widths, remembered between launches, and the bar over the panes."""

from __future__ import annotations

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QLabel, QMainWindow, QSplitter, QToolBar, QWidget

from desktop import paths


def _state() -> QSettings:
    return QSettings(str(paths.user_data_dir() / "window.ini"), QSettings.IniFormat)


def restore_size(window: QMainWindow):
    """Put the window's size back; returns the saved pane widths, for once the window has its real size."""
    state = _state()
    geometry = state.value("geometry")
    if geometry is not None:
        window.restoreGeometry(geometry)
    else:
        window.resize(1440, 880)
    return state.value("splitter")


def save(window: QMainWindow, splitter: QSplitter) -> None:
    state = _state()
    state.setValue("geometry", window.saveGeometry())
    state.setValue("splitter", splitter.saveState())
    state.sync()


def add_top_bar(window, title: str) -> tuple[QLabel, QLabel, QLabel]:
    """The bar over the panes: the book's title, where the story is (the pointer), and the model's state."""
    bar = QToolBar(title)
    bar.setObjectName("top_bar")
    bar.setMovable(False)
    book_label = QLabel()
    book_label.setStyleSheet("font-weight: bold; font-size: 15px; padding: 2px 8px;")
    pointer_label = QLabel()
    pointer_label.setTextFormat(Qt.PlainText)
    model_label = QLabel()
    model_label.setStyleSheet("padding: 2px 8px;")
    spacer = QWidget()
    spacer.setSizePolicy(spacer.sizePolicy().Policy.Expanding, spacer.sizePolicy().Policy.Preferred)
    for widget in (book_label, None, pointer_label, spacer, model_label):
        bar.addWidget(widget) if widget is not None else bar.addSeparator()
    window.addToolBar(Qt.TopToolBarArea, bar)
    return book_label, pointer_label, model_label
