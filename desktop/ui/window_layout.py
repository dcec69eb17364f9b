"""The window's size and pane widths, remembered between launches in the user data folder."""

from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMainWindow, QSplitter

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
