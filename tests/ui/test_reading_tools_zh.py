"""The welcome, search and personas dialogs in Chinese: every label translated; screenshots for the record."""

from __future__ import annotations

from pathlib import Path

import pytest

from desktop.ui.main_window import MainWindow
from tests.ui.fakes import FakeWorkbench
from tests.ui.test_reading_tools import ReadingBench
from tests.ui.test_translations import untranslated, visible_texts

SHOTS = Path("/work/shots")


def save(widget, name: str) -> None:
    if SHOTS.is_dir():
        widget.grab().save(str(SHOTS / name))


@pytest.fixture
def window_zh(qtbot, qasync_loop, chinese):
    win = MainWindow(ReadingBench())
    qtbot.addWidget(win)
    win.resize(1280, 780)
    win.show()
    qtbot.waitUntil(lambda: win.sidebar.task_titles() != [] and win.inspector.graph.visible_nodes() != [])
    return win


def test_the_search_dialog_speaks_chinese(qtbot, window_zh):
    dialog = window_zh.search.open()
    qtbot.waitUntil(lambda: dialog.last.maximum() == 9)
    dialog.query.setText("祖石")
    dialog.names.setText("林琅天")
    dialog.search()
    qtbot.waitUntil(lambda: dialog.results.topLevelItemCount() == 2)
    assert dialog.results.topLevelItem(0).text(0) == "第7章 · 祖石之秘"
    assert dialog.status.text() == "找到 2 个段落"
    labels = [t for t in visible_texts(dialog) if t not in dialog.snippets()]  # the passages are the book's HTML
    assert untranslated(labels) == []
    save(dialog, "search_zh.png")


def test_the_personas_dialog_speaks_chinese(qtbot, window_zh):
    window_zh.inspector.entity_selected.emit("林动")
    dialog = window_zh.personas.open()
    qtbot.waitUntil(lambda: dialog.persona is not None and dialog.versions.topLevelItemCount() == 2)
    assert untranslated(visible_texts(dialog)) == []
    save(dialog, "personas_zh.png")


def test_the_welcome_speaks_chinese_and_lists_recent_books(qtbot, qasync_loop, chinese, tmp_path):
    books = [tmp_path / "红楼梦.inkstone", tmp_path / "武动乾坤.inkstone"]
    for book in books:
        book.mkdir()
    workbench = FakeWorkbench(with_book=False)
    workbench.settings.recent_books = [str(b) for b in books] + [str(tmp_path / "旧稿.inkstone")]
    win = MainWindow(workbench)
    qtbot.addWidget(win)
    win.resize(1280, 780)
    win.show()
    assert win.welcome.pane.recent_titles() == ["红楼梦", "武动乾坤", "旧稿"]
    assert "找不到" in win.welcome.pane.recent.item(2).text()
    assert untranslated(visible_texts(win.welcome.pane)) == []
    assert win.chat.main_plot_button.text() == "回到主线"
    save(win, "welcome_recent_zh.png")


def test_the_main_plot_button_sits_with_the_chat_buttons(qtbot, window_zh):
    button = window_zh.chat.main_plot_button
    assert button.text() == "回到主线" and button.isVisible() and button.isEnabled()
    assert "大纲当前的步骤" in button.toolTip()
    save(window_zh, "main_plot_button_zh.png")
