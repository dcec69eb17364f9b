"""The review shows the words behind each item: its quote under it, "no evidence" when there is none, and a click
highlights the quote in the discussion beside the items."""

from __future__ import annotations

import copy

from PySide6.QtCore import QPoint, Qt

from desktop.ui.settlement_review import SettlementReview
from tests.ui.fakes import REVIEW, snapshot

MESSAGES = [
    {"id": 31, "role": "user", "content": "张三是青阳镇的铁匠。他从林动手里买下了祖石。", "meta": {}},
    {"id": 32, "role": "assistant", "content": "好的：张三，青阳镇铁匠，现在持有祖石。", "meta": {}},
    {"id": 33, "role": "tool", "content": "query_memory 张三", "meta": {}},
    {"id": 34, "role": "user", "content": "张三认识林动很多年了。", "meta": {"note": True}},
]


def with_evidence() -> dict:
    review = copy.deepcopy(REVIEW)
    quotes = {"entities/0": [{"message_id": 31, "chunk_id": None, "quote": "张三是青阳镇的铁匠。"}],
              "relations/0": [{"message_id": 31, "chunk_id": None, "quote": "他从林动手里买下了祖石。"}],
              "relations/1": [{"message_id": 34, "chunk_id": None, "quote": "张三认识林动很多年了。"}]}
    for item in review["items"]:
        item["evidence"] = quotes.get(item["path"], [])
    return review


def open_review(qtbot, review, messages=None):
    dialog = SettlementReview(review, snapshot(), None, messages)
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog


def test_each_item_shows_its_quote_and_an_item_without_one_is_marked(qtbot, english):
    dialog = open_review(qtbot, with_evidence(), MESSAGES)
    assert dialog.cards["entities"][0].evidence_label.text() == "“张三是青阳镇的铁匠。”"
    assert dialog.cards["relations"][1].evidence_label.text() == "“张三认识林动很多年了。”"
    for section in ("ends", "states", "hooks"):
        assert dialog.cards[section][0].evidence_label.text() == "No evidence"
        assert dialog.cards[section][0].evidence_label.isVisible()


def test_no_evidence_reads_in_chinese(qtbot, chinese):
    dialog = open_review(qtbot, with_evidence(), MESSAGES)
    assert dialog.cards["hooks"][0].evidence_label.text() == "无出处"


def test_clicking_an_item_highlights_its_quote_in_the_discussion(qtbot, english):
    dialog = open_review(qtbot, with_evidence(), MESSAGES)
    assert dialog.side.currentWidget() is dialog.discussion
    text = dialog.discussion.toPlainText()
    assert "query_memory" not in text and "Author (note)" in text  # tool lookups are not the discussion
    card = dialog.cards["relations"][0]
    qtbot.mouseClick(card.evidence_label, Qt.LeftButton, pos=QPoint(4, 4))
    assert dialog.discussion.highlighted_texts() == ["他从林动手里买下了祖石。"]
    qtbot.mouseClick(dialog.cards["relations"][1].title, Qt.LeftButton, pos=QPoint(4, 4))
    assert dialog.discussion.highlighted_texts() == ["张三认识林动很多年了。"]


def test_a_quote_not_found_verbatim_marks_its_whole_message_and_no_evidence_marks_nothing(qtbot, english):
    review = with_evidence()
    review["items"][0]["evidence"] = [{"message_id": 32, "chunk_id": None, "quote": "张三是铁匠"}]
    dialog = open_review(qtbot, review, MESSAGES)
    dialog.cards["entities"][0].selected.emit()
    assert dialog.discussion.highlighted_texts() == ["好的：张三，青阳镇铁匠，现在持有祖石。"]
    dialog.cards["hooks"][0].selected.emit()
    assert dialog.discussion.highlighted_texts() == []


def test_evidence_travels_with_the_items_the_author_keeps(qtbot, english):
    dialog = open_review(qtbot, with_evidence(), MESSAGES)
    dialog.cards["relations"][0].accept_box.setChecked(False)
    kept = {item["path"]: item["evidence"] for item in dialog.edited_review()["items"]}
    assert kept["relations/0"] == [{"message_id": 34, "chunk_id": None, "quote": "张三认识林动很多年了。"}]


def test_without_a_discussion_the_preview_is_shown_first(qtbot, english):
    dialog = open_review(qtbot, with_evidence())
    assert dialog.side.currentIndex() == 1
    dialog.set_messages(MESSAGES)
    assert dialog.side.currentWidget() is dialog.discussion


def test_the_window_gives_the_review_its_tasks_discussion(qtbot, window, fake_workbench):
    dialog = window.open_review(with_evidence(), snapshot())
    qtbot.waitUntil(lambda: dialog.discussion.has_messages())
    assert ((2,), {}) in fake_workbench.called("messages")
    assert "林动的师父是谁？" in dialog.discussion.toPlainText()
