"""The main window over a recording workbench: what each action asks of it, and what comes back on screen."""

from __future__ import annotations

import time

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication

from desktop.ui.main_window import MainWindow
from desktop.ui.settings_dialog import SettingsDialog
from desktop.ui.settlement_review import SettlementReview
from tests.ui.fakes import FakeWorkbench, type_text


def open_review(window) -> SettlementReview:
    dialog = window._dialogs.get("review")
    return dialog if dialog is not None and dialog.isVisible() else None


def test_opening_shows_the_book_its_tasks_history_graph_and_pointer(window, fake_workbench):
    assert window.book_label.text() == "武动乾坤"
    assert window.windowTitle() == "武动乾坤 — Inkstone"
    assert window.pointer_label.text() == "protagonist · Chapter 6 · Climax"
    assert window.chat.title.text() == "#1 主线大纲"
    assert "林动的师父是谁" in window.chat.history_text()
    assert window.inspector.graph.visible_nodes() == ["林动", "林琅天", "祖石", "青阳镇"]
    assert window.inspector.slider.value() == 6
    assert "Model ready" in window.model_label.text() and "CPU" in window.model_label.text()


def test_a_message_streams_into_the_chat_and_the_workbench_gets_the_text(qtbot, window, fake_workbench):
    type_text(qtbot, window.chat.input, "林动握住了什么？")
    qtbot.keyClick(window.chat.input, Qt.Key_Return)
    qtbot.waitUntil(lambda: window.reply_op is not None and window.reply_op.done)
    assert fake_workbench.called("say")[0][0] == ("林动握住了什么？",)
    qtbot.waitUntil(lambda: "林动握紧祖石，心中一震。" in window.chat.history_text())
    assert not window.chat.is_streaming() and window.chat.send_button.isVisible()


def test_stop_cuts_the_reply_within_a_fraction_of_a_second(qtbot, window, fake_workbench):
    fake_workbench.endless = True
    window.chat.input.setPlainText("写下去")
    window.chat.send_button.click()
    qtbot.waitUntil(lambda: len(window.chat.streamed_text()) > 20)
    pressed = time.perf_counter()
    qtbot.mouseClick(window.chat.stop_button, Qt.LeftButton)
    qtbot.waitUntil(lambda: window.reply_op.done)
    assert time.perf_counter() - pressed < 0.3
    assert window.reply_op.result["cut"] is True
    assert "cut" in window.chat.history_text() or window.chat.is_streaming() is False


def test_settle_opens_the_review_and_only_apply_writes(qtbot, window, fake_workbench):
    window.sidebar.settle_action.trigger()
    qtbot.waitUntil(lambda: open_review(window) is not None)
    assert fake_workbench.called("settle")[0][0] == (1,)
    dialog = open_review(window)
    dialog.cards["entities"][0].editors["name"].setText("张三丰")
    assert fake_workbench.called("apply") == []
    qtbot.mouseClick(dialog.apply_button, Qt.LeftButton)
    qtbot.waitUntil(lambda: bool(fake_workbench.called("apply")))
    (review,), _ = fake_workbench.called("apply")[0]
    assert review["settlement_id"] == 7 and review["document"]["entities"][0]["name"] == "张三丰"
    qtbot.waitUntil(lambda: not dialog.isVisible())
    assert "Settlement #7 applied" in window.statusBar().currentMessage()


def test_cancelling_the_review_writes_nothing(qtbot, window, fake_workbench):
    window.sidebar.settle_action.trigger()
    qtbot.waitUntil(lambda: open_review(window) is not None)
    dialog = open_review(window)
    qtbot.mouseClick(dialog.cancel_button, Qt.LeftButton)
    assert not dialog.isVisible()
    assert fake_workbench.called("apply") == [] and fake_workbench.called("reject") == []


def test_the_settle_slash_command_goes_to_the_same_review(qtbot, window, fake_workbench):
    type_text(qtbot, window.chat.input, "/结算")
    qtbot.keyClick(window.chat.input, Qt.Key_Return)
    qtbot.waitUntil(lambda: open_review(window) is not None)
    assert fake_workbench.called("say") == [] and fake_workbench.called("settle")[0][0] == (1,)
    open_review(window).reject()


def test_other_slash_commands_go_to_the_workbench_as_typed(qtbot, window, fake_workbench):
    qtbot.keyClicks(window.chat.input, "/new ")
    type_text(qtbot, window.chat.input, "设定人物")
    qtbot.keyClick(window.chat.input, Qt.Key_Return)
    qtbot.waitUntil(lambda: bool(fake_workbench.called("say")))
    assert fake_workbench.called("say")[0][0] == ("/new 设定人物",)


def test_sidebar_requests_become_workbench_calls(qtbot, window, fake_workbench):
    window.sidebar.switch_requested.emit(2)
    window.sidebar.restart_requested.emit(3)
    window.sidebar.new_requested.emit("新任务", "setting")
    qtbot.waitUntil(lambda: bool(fake_workbench.called("new_task")))
    assert fake_workbench.called("switch_task")[0][0] == (2,)
    assert fake_workbench.called("restart_task")[0][0] == (3,)
    assert fake_workbench.called("new_task")[0] == (("新任务",), {"kind": "setting"})


def test_a_change_set_refreshes_only_what_changed(qtbot, window, fake_workbench):
    fake_workbench.calls.clear()
    fake_workbench.tell(tasks=True)
    qtbot.waitUntil(lambda: bool(fake_workbench.called("messages")))
    names = {name for name, _, _ in fake_workbench.calls}
    assert names == {"tasks", "messages"}
    fake_workbench.calls.clear()
    fake_workbench.tell(facts=True)
    qtbot.waitUntil(lambda: bool(fake_workbench.called("facts")))
    assert "tasks" not in {name for name, _, _ in fake_workbench.calls}


def test_the_model_label_shows_the_models_state_as_soon_as_it_is_told(qtbot, window, fake_workbench):
    fake_workbench.model_state = "loading"
    fake_workbench.tell(model=True)
    qtbot.waitUntil(lambda: window.model_label.text() == "Loading model…")
    fake_workbench.calls.clear()
    fake_workbench.model_state = "error"
    fake_workbench.tell(model=True)
    qtbot.waitUntil(lambda: window.model_label.text() == "Model error")
    assert fake_workbench.calls == []  # the model's news is no reason to reload the book's panes


def test_the_slider_and_node_clicks_ask_the_workbench_for_facts_as_of_that_chapter(qtbot, window, fake_workbench):
    fake_workbench.calls.clear()
    window.inspector.set_as_of(3)
    qtbot.waitUntil(lambda: bool(fake_workbench.called("facts")))
    assert fake_workbench.called("facts")[0][1] == {"entity": None, "as_of": 3}
    qtbot.waitUntil(lambda: ("林琅天", "HATES", "林动") in window.inspector.graph.visible_edges())
    window.inspector.graph.select("林动")
    window.inspector.entity_selected.emit("林动")
    qtbot.waitUntil(lambda: "境界" in window.inspector.details_text())
    assert {"entity": "林动", "as_of": 3} in [k for _, k in fake_workbench.called("facts")]


def test_reviews_waiting_in_the_health_strip_opens_the_waiting_review(qtbot, window, fake_workbench):
    window.inspector.health.buttons["reviews_waiting"].click()
    qtbot.waitUntil(lambda: open_review(window) is not None)
    assert fake_workbench.called("settlements")[0][0] == (("proposed",),)
    assert open_review(window).windowTitle() == "Review settlement #7"
    open_review(window).reject()


def test_the_context_drawer_shows_the_last_turns_context(qtbot, window, fake_workbench):
    window.chat.context_button.click()
    qtbot.waitUntil(lambda: window.chat.drawer.section_names() == ["instructions", "facts", "summary"])
    assert fake_workbench.called("last_context")


def test_settings_are_kept_saved_and_the_model_reloaded_when_it_changed(qtbot, window, fake_workbench):
    window.open_settings()
    dialog = window._dialogs["settings"]
    assert isinstance(dialog, SettingsDialog) and dialog.isVisible()
    dialog.gpu_mode.setCurrentIndex(dialog.gpu_mode.findData("cpu"))
    fake_workbench.calls.clear()
    dialog._on_accepted()
    qtbot.waitUntil(lambda: bool(fake_workbench.called("load_model")))
    assert fake_workbench.settings.gpu_layers == 0
    assert fake_workbench.called("save_settings") and fake_workbench.called("reload_model")


def test_the_last_book_reopens_at_launch(qtbot, qasync_loop, english, tmp_path):
    book = tmp_path / "武动乾坤.inkstone"
    book.mkdir()
    workbench = FakeWorkbench(with_book=False)
    workbench.settings.recent_books = [str(book)]
    win = MainWindow(workbench)
    qtbot.addWidget(win)
    win.start()
    qtbot.waitUntil(lambda: win.book_label.text() == "武动乾坤")
    assert workbench.called("open_book")[0][0] == (str(book),)
    assert workbench.called("load_model")


def test_a_last_book_that_fails_to_open_leaves_a_clear_message_and_a_usable_window(qtbot, qasync_loop, english,
                                                                                     tmp_path):
    workbench = FakeWorkbench(with_book=False)
    workbench.settings.recent_books = [str(tmp_path / "gone.inkstone")]
    win = MainWindow(workbench)
    qtbot.addWidget(win)
    win.show()
    win.start()
    assert "The last book is gone" in win.statusBar().currentMessage()
    assert win.book_label.text() == "No book open"
    assert win.menuBar().isEnabled() and win.chat.input.isEnabled()


def test_pane_sizes_are_remembered(qtbot, qasync_loop, english, user_data):
    first = MainWindow(FakeWorkbench(with_book=False))
    qtbot.addWidget(first)
    first.show()
    first.splitter.setSizes([300, 500, 600])
    sizes = first.splitter.sizes()
    first.close()
    # The offscreen screen is smaller than the window; forget the geometry so both windows are the same width.
    state = QSettings(str(user_data / "window.ini"), QSettings.IniFormat)
    state.remove("geometry")
    state.sync()
    second = MainWindow(FakeWorkbench(with_book=False))
    qtbot.addWidget(second)
    second.show()
    assert second.splitter.sizes() == sizes


def test_the_task_menu_carries_the_sidebar_commands_with_shortcuts(window):
    menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Task")
    shortcuts = {a.text(): a.shortcut().toString() for a in menu.actions()}
    assert shortcuts["New task…"] == "Ctrl+T" and shortcuts["Settle task…"] == "Ctrl+Shift+S"
    assert QApplication.instance() is not None


def test_a_refresh_that_fails_because_the_book_was_closed_meanwhile_is_not_reported(qtbot, window, fake_workbench):
    from desktop.workbench import NoBookError

    async def closed_under_it():
        raise NoBookError()

    fake_workbench.has_book = False
    op = window._read(closed_under_it())
    qtbot.waitUntil(lambda: op.done)
    assert window._error_box is None
    fake_workbench.has_book = True
    op = window._read(closed_under_it())
    qtbot.waitUntil(lambda: op.done)
    assert window._error_box is not None and window._error_box.text() == "no book is open"
