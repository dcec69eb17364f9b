"""The first-run welcome: in front of the panes while no book is open, gone once one opens; recent books open with
a click or Enter; a manuscript becomes a new book and its import preview; the model's state in words."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from desktop.contracts import ModelState
from desktop.ui.main_window import MainWindow
from desktop.ui.welcome import manuscript_language, manuscript_title
from tests.ui.fakes import FakeWorkbench

SHOTS = Path("/work/shots")


@pytest.fixture
def bookless(qtbot, qasync_loop, english, tmp_path):
    book = tmp_path / "红楼梦.inkstone"
    book.mkdir()
    workbench = FakeWorkbench(with_book=False)
    workbench.settings.recent_books = [str(book), str(tmp_path / "gone.inkstone")]
    win = MainWindow(workbench)
    qtbot.addWidget(win)
    win.show()
    return win


def test_the_welcome_stands_in_for_the_panes_until_a_book_opens(qtbot, bookless):
    welcome = bookless.welcome
    assert welcome.shown and not bookless.splitter.isVisible()
    assert welcome.pane.new_button.hasFocus()
    bookless.workbench.has_book = True
    bookless.workbench.tell(book=True)
    qtbot.waitUntil(lambda: not welcome.shown)
    assert bookless.splitter.isVisible()
    bookless.workbench.has_book = False
    bookless.workbench.tell(book=True)
    qtbot.waitUntil(lambda: welcome.shown)


def test_recent_books_open_with_a_click_and_a_missing_one_is_marked(qtbot, bookless, tmp_path):
    pane = bookless.welcome.pane
    assert pane.recent_titles() == ["红楼梦", "gone"]
    assert "not found" in pane.recent.item(1).text()
    assert not pane.recent.item(1).flags() & Qt.ItemIsEnabled
    rect = pane.recent.visualItemRect(pane.recent.item(0))
    qtbot.mouseClick(pane.recent.viewport(), Qt.LeftButton, pos=rect.center())
    qtbot.waitUntil(lambda: not bookless.welcome.shown)
    assert bookless.workbench.called("open_book")[0][0] == (str(tmp_path / "红楼梦.inkstone"),)


def test_the_buttons_start_new_open_and_import(qtbot, bookless):
    pane = bookless.welcome.pane
    pane.new_button.click()
    assert bookless._dialogs["new_book"].isVisible()
    bookless._dialogs["new_book"].close()
    pane.open_button.click()
    assert bookless._dialogs["open_book"].isVisible()
    bookless._dialogs["open_book"].close()
    pane.import_button.click()
    assert bookless._dialogs["manuscript"].isVisible()
    bookless._dialogs["manuscript"].close()


def test_a_manuscript_becomes_a_new_book_then_its_import_preview(qtbot, bookless, tmp_path):
    folder = tmp_path / "红楼梦"
    folder.mkdir()
    files = [folder / "001 第一回.txt", folder / "002 第二回.txt"]
    for f in files:
        f.write_text("第一回　甄士隐梦幻识通灵\n此开卷第一回也。", encoding="utf-8")
    dialog = bookless.welcome.make_book_from([str(f) for f in files])
    assert dialog.title.text() == "红楼梦" and dialog.language.currentData() == "zh"
    dialog.location.setText(str(tmp_path / "books"))
    dialog.ok_button.click()
    qtbot.waitUntil(lambda: bookless.imports.preview_dialog is not None)
    (args, kwargs), = bookless.workbench.called("create_book")
    assert args == (str(tmp_path / "books" / "红楼梦.inkstone"),) and kwargs["title"] == "红楼梦"
    assert [Path(p) for p in bookless.imports.preview_dialog.paths] == files
    qtbot.waitUntil(lambda: not bookless.welcome.shown)


def test_a_title_and_language_come_from_the_files(tmp_path):
    assert manuscript_title(["/x/03. Pride and Prejudice.txt"]) == "Pride and Prejudice"
    assert manuscript_title(["/书/红楼梦/第一回.txt", "/书/红楼梦/第二回.txt"]) == "红楼梦"
    english = tmp_path / "a.txt"
    english.write_text("It is a truth universally acknowledged, that a single man", encoding="utf-8")
    chinese = tmp_path / "b.txt"
    chinese.write_bytes("满纸荒唐言，一把辛酸泪。".encode("gb18030"))
    assert manuscript_language([english]) == "en" and manuscript_language([chinese]) == "zh"
    assert manuscript_language([tmp_path / "c.docx"]) is None


@pytest.mark.parametrize("state, gpu, error, words", [
    ("idle", False, None, "Model not loaded yet"),
    ("loading", False, None, "Loading the model… · qwen2.5-0.5b"),
    ("ready", True, None, "Model ready · qwen2.5-0.5b · GPU"),
    ("generating", False, None, "Model busy · qwen2.5-0.5b · CPU"),
    ("error", False, "no such file: model.gguf",
     "The model could not be loaded: no such file: model.gguf\nTools ▸ Settings… to choose another model."),
])
def test_the_model_is_said_in_words(bookless, state, gpu, error, words):
    pane = bookless.welcome.pane
    pane.set_model(ModelState(state, error, "llama.cpp", "qwen2.5-0.5b", gpu, 0, 2048))
    assert pane.model.text() == words


def test_the_welcome_follows_the_model_as_it_loads(qtbot, bookless):
    bookless.workbench.model_state = "loading"
    bookless.workbench.tell(model=True)
    qtbot.waitUntil(lambda: "Loading the model" in bookless.welcome.pane.model.text())
    bookless.workbench.model_state = "ready"
    bookless.workbench.tell(model=True)
    qtbot.waitUntil(lambda: "Model ready" in bookless.welcome.pane.model.text())


def test_files_dropped_on_the_welcome_make_a_new_book(qtbot, bookless, tmp_path):
    from tests.ui.test_import_drop import drop_on

    manuscript = tmp_path / "01 雨夜.txt"
    manuscript.write_text("第一回　雨夜\n夜雨连绵。", encoding="utf-8")
    drop_on(bookless.welcome.pane, [manuscript])
    dialog = bookless._dialogs["manuscript_book"]
    assert dialog.isVisible() and dialog.title.text() == "雨夜"
    assert bookless._error_box is None  # not "open a book first"
