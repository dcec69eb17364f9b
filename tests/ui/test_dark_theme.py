"""Switching to the dark theme while the window is open: the book title, the graph's names and relation labels
turn light at once, no restart needed."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from desktop.ui.theme import apply_theme
from tests.ui.fakes import FakeWorkbench

SHOTS = Path("/work/shots")


@pytest.fixture
def window_zh(qtbot, qasync_loop, chinese):
    from desktop.ui.main_window import MainWindow

    win = MainWindow(FakeWorkbench())
    qtbot.addWidget(win)
    win.resize(1280, 780)
    win.show()
    qtbot.waitUntil(lambda: win.sidebar.task_titles() != [] and win.inspector.graph.visible_nodes() != [])
    yield win
    apply_theme(QApplication.instance(), "light")


def lightness_of_names(window) -> list[int]:
    graph = window.inspector.graph
    return [graph._nodes[name].label.brush().color().lightness() for name in graph.visible_nodes()]


def test_the_dark_theme_makes_the_title_and_the_graph_names_light_without_a_restart(qtbot, window_zh):
    window = window_zh
    assert max(lightness_of_names(window)) < 100
    settings = window.workbench.settings
    window._apply_settings(type(settings)(**{**settings.__dict__, "theme": "dark"}))
    qtbot.waitUntil(lambda: min(lightness_of_names(window)) > 180)
    title = window.book_label
    assert title.palette().color(title.foregroundRole()).lightness() > 180
    assert window.inspector.graph.backgroundBrush().color().lightness() < 100 or \
        window.inspector.graph.palette().color(window.inspector.graph.backgroundRole()).lightness() < 100
    if SHOTS.is_dir():
        window.grab().save(str(SHOTS / "dark_theme_zh.png"))
    window._apply_settings(type(settings)(**{**settings.__dict__, "theme": "light"}))
    qtbot.waitUntil(lambda: max(lightness_of_names(window)) < 100)
    assert title.palette().color(title.foregroundRole()).lightness() < 100


def test_a_language_change_says_plainly_that_it_applies_after_a_restart(qtbot, window_zh):
    settings = window_zh.workbench.settings
    window_zh._apply_settings(type(settings)(**{**settings.__dict__, "language": "en"}))
    assert window_zh.statusBar().currentMessage() == "新的界面语言将在重启 Inkstone 后生效。"
