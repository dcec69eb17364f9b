"""The chat pane shows each memory look-up while it runs, in the author's words, above the reply that follows;
a withdrawn first try is cleared; a reply that stays a repeat says so."""

from __future__ import annotations

from PySide6.QtCore import Qt

from desktop.ui.chat_pane import ChatPane
from tests.ui.fakes import type_text

CALL = {"tool": "facts_as_of", "entity": "林动", "chapter": 3}
STEPS = [{"kind": "thinking"},
         {"kind": "lookup", "call": CALL, "label": "facts_as_of(林动, 3)", "result": None},
         {"kind": "lookup", "call": CALL, "label": "facts_as_of(林动, 3)", "result": "林动（Character）\n- 林动 住在 青阳镇"}]


def make_pane(qtbot):
    pane = ChatPane()
    qtbot.addWidget(pane)
    pane.resize(700, 600)
    pane.show()
    return pane


def test_a_lookup_shows_while_it_runs_and_then_with_what_it_found_in_chinese(qtbot, chinese):
    pane = make_pane(qtbot)
    pane.begin_reply("林动现在住哪？")
    pane.append_step(STEPS[0])
    assert "正在决定要查阅哪些记忆" in pane.history_text()
    pane.append_step(STEPS[1])
    assert pane.steps_text() == ["正在查阅 人物事物状态「林动，第3章」 …"]
    pane.append_step(STEPS[2])
    assert pane.steps_text() == ["已查阅 人物事物状态「林动，第3章」 → 林动（Character）"]
    pane.append_token("他住在青阳镇。")
    pane.finish_reply({"reply": "他住在青阳镇。", "cut": False})
    text = pane.history_text()
    assert text.index("已查阅") < text.index("他住在青阳镇。") and "facts_as_of" not in text


def test_steps_read_in_english_too(qtbot, english):
    pane = make_pane(qtbot)
    pane.begin_reply("Where does Lin Dong live?")
    for step in STEPS:
        pane.append_step(step)
    assert pane.steps_text() == ["Looked up an entity's facts「林动，chapter 3」 → 林动（Character）"]


def test_a_second_try_clears_the_first_and_says_why(qtbot, chinese):
    pane = make_pane(qtbot)
    pane.begin_reply("林动现在住哪？")
    pane.append_token("## 记忆查询结果\n- 林动 住在 青阳镇")
    qtbot.waitUntil(lambda: "记忆查询结果" in pane.history_text())
    pane.append_step({"kind": "retry", "reason": "dump"})
    assert "记忆查询结果" not in pane.history_text() and "正在请模型真正作答" in pane.history_text()
    pane.append_token("他住在青阳镇。")
    pane.finish_reply({"reply": "他住在青阳镇。", "cut": False})
    assert "他住在青阳镇。" in pane.history_text()


def test_a_reply_that_is_still_a_repeat_is_marked_as_one(qtbot, english):
    pane = make_pane(qtbot)
    pane.begin_reply("again?")
    pane.append_step({"kind": "retry", "reason": "repeat"})
    assert "repeated the previous one" in pane.history_text()
    pane.finish_reply({"reply": "Same words.", "cut": False, "flags": ["repeat"]})
    assert "nearly the same as the previous reply" in pane.history_text()


def test_steps_after_the_turn_are_ignored(qtbot, english):
    pane = make_pane(qtbot)
    pane.append_step(STEPS[1])
    assert pane.steps_text() == []


def test_the_window_passes_the_lookups_to_the_chat_as_they_happen(qtbot, window, fake_workbench):
    fake_workbench.steps = STEPS
    seen: list[list[str]] = []
    window.chat.append_token = lambda piece, original=window.chat.append_token: (
        seen.append(window.chat.steps_text()), original(piece))
    type_text(qtbot, window.chat.input, "林动现在住哪？")
    qtbot.keyClick(window.chat.input, Qt.Key_Return)
    qtbot.waitUntil(lambda: not window.chat.is_streaming() and "林动握紧祖石" in window.chat.history_text())
    assert seen and seen[0] == ["Looked up an entity's facts「林动，chapter 3」 → 林动（Character）"]
