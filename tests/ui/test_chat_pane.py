"""The chat pane: history in Markdown, typing and sending, slash completion, streaming, Stop, candidates, context."""

from __future__ import annotations

from PySide6.QtCore import Qt

from desktop.ui.chat_pane import ChatPane
from tests.ui.fakes import CONTEXT, MESSAGES, FakeWorkbench, type_text


def make_pane(qtbot):
    pane = ChatPane()
    qtbot.addWidget(pane)
    pane.set_commands(FakeWorkbench().slash_commands())
    pane.resize(700, 600)
    pane.show()
    return pane


def test_history_renders_markdown_not_its_markup(qtbot, english):
    pane = make_pane(qtbot)
    pane.set_messages(MESSAGES)
    text = pane.history_text()
    assert "林动的师父是岩，住在青阳镇。" in text and "**" not in text
    assert "You" in text and "Inkstone" in text


def test_enter_sends_and_shift_enter_breaks_the_line(qtbot, english):
    pane = make_pane(qtbot)
    type_text(qtbot, pane.input, "第一行")
    qtbot.keyClick(pane.input, Qt.Key_Return, Qt.ShiftModifier)
    type_text(qtbot, pane.input, "second")
    with qtbot.waitSignal(pane.say_requested) as blocker:
        qtbot.keyClick(pane.input, Qt.Key_Return)
    assert blocker.args == ["第一行\nsecond"]
    assert pane.input.toPlainText() == ""


def test_the_send_button_sends_what_was_typed(qtbot, english):
    pane = make_pane(qtbot)
    type_text(qtbot, pane.input, "写下一章")
    with qtbot.waitSignal(pane.say_requested) as blocker:
        qtbot.mouseClick(pane.send_button, Qt.LeftButton)
    assert blocker.args == ["写下一章"]


def test_a_slash_offers_the_commands_and_completion_fills_one_in(qtbot, english):
    pane = make_pane(qtbot)
    qtbot.keyClicks(pane.input, "/s")
    completer = pane.input.completer
    qtbot.waitUntil(lambda: completer.popup().isVisible())
    offered = [completer.completionModel().index(i, 0).data() for i in range(completer.completionCount())]
    assert offered == ["/settle", "/switch"]
    completer.activated.emit("/switch")
    assert pane.input.toPlainText() == "/switch "


def test_tokens_stream_into_the_reply_and_stop_shows_while_generating(qtbot, english):
    pane = make_pane(qtbot)
    pane.begin_reply("描写清晨")
    assert pane.stop_button.isVisible() and not pane.send_button.isVisible()
    for piece in ["晨光", "洒在", "**青阳镇**"]:
        pane.append_token(piece)
    qtbot.waitUntil(lambda: "晨光洒在青阳镇" in pane.history_text())
    with qtbot.waitSignal(pane.stop_requested):
        qtbot.mouseClick(pane.stop_button, Qt.LeftButton)
    pane.finish_reply({"reply": "晨光洒在**青阳镇**", "cut": True, "message_id": 3})
    assert "cut" in pane.history_text() and "**" not in pane.history_text()
    assert pane.send_button.isVisible() and not pane.stop_button.isVisible()


def test_a_history_refresh_waits_until_the_reply_has_finished(qtbot, english):
    pane = make_pane(qtbot)
    pane.begin_reply("问题")
    pane.append_token("回答中")
    pane.set_messages(MESSAGES)
    qtbot.waitUntil(lambda: "回答中" in pane.history_text())
    assert "林动的师父是谁" not in pane.history_text()
    pane.finish_reply({"reply": "回答中", "cut": False})
    assert "林动的师父是谁" in pane.history_text()


def test_candidates_show_as_tabs_with_critique_and_the_edited_pick_is_sent(qtbot, english):
    pane = make_pane(qtbot)
    pane.begin_reply("写开头")
    pane.finish_reply({"reply": "草稿一", "cut": False, "message_id": 12, "candidates": [
        {"text": "草稿一", "critique": "节奏太快", "score": 0.6},
        {"text": "草稿二", "critique": "符合大纲", "score": 0.9}]})
    assert pane.candidates.isVisible() and pane.candidates.tabs.count() == 2
    pane.candidates.tabs.setCurrentIndex(1)
    editor = pane.candidates.editors[1]
    editor.setPlainText("草稿二（改）")
    button = pane.candidates.tabs.widget(1).findChild(type(pane.send_button))
    with qtbot.waitSignal(pane.candidate_chosen) as blocker:
        qtbot.mouseClick(button, Qt.LeftButton)
    assert blocker.args == [12, 1, "草稿二（改）"]
    assert not pane.candidates.isVisible()


def test_the_context_drawer_asks_for_and_shows_the_sections_and_tokens(qtbot, english):
    pane = make_pane(qtbot)
    with qtbot.waitSignal(pane.context_requested):
        pane.context_button.click()
    pane.show_context(CONTEXT)
    assert pane.drawer.isVisible()
    assert pane.drawer.section_names() == ["instructions", "facts", "summary"]
    assert "500 of 6000 tokens" in pane.drawer.summary.text()
    pane.drawer.sections.setCurrentItem(pane.drawer.sections.topLevelItem(1))
    assert pane.drawer.text.toPlainText() == "林动 OWNS 祖石"
