"""The settlement review: grouped, badged items; canon beside conflicts; edits in place; nothing written before Apply."""

from __future__ import annotations

import copy

from PySide6.QtCore import Qt

from desktop.ui.settlement_review import SettlementReview, preview
from tests.ui.fakes import REVIEW, snapshot, type_text


def make_review(qtbot):
    dialog = SettlementReview(REVIEW, snapshot())
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog


def card(dialog, section, index=0):
    return dialog.cards[section][index]


def test_items_are_grouped_by_kind_and_badged(qtbot, english):
    dialog = make_review(qtbot)
    assert {s: len(c) for s, c in dialog.cards.items()} == {
        "entities": 1, "relations": 2, "ends": 1, "states": 1, "hooks": 1}
    assert card(dialog, "relations", 0).badge.text() == "conflict"
    assert card(dialog, "ends").badge.text() == "closes"
    assert card(dialog, "states").badge.text() == "changes"
    assert card(dialog, "entities").badge.text() == "new"
    assert card(dialog, "relations", 0).title.text() == "张三 —owns→ 祖石"  # types read as words, not codes


def test_a_conflict_shows_the_canon_fact_and_its_source_and_starts_rejected(qtbot, english):
    dialog = make_review(qtbot)
    conflict = card(dialog, "relations", 0)
    texts = " ".join(label.text() for label in conflict.findChildren(type(conflict.title)))
    assert "Canon: 林动 —owns→ 祖石 [2–]" in texts and "Source: settlement #1 · chapter 2 · task #1" in texts
    assert conflict.badge.toolTip() == "林动 OWNS 祖石 is still open"
    assert not conflict.accepted() and conflict.form_box.isVisible()
    assert "5 of 6 items accepted" in dialog.counts.text()


def test_editing_a_field_in_place_changes_what_is_applied(qtbot, english):
    dialog = make_review(qtbot)
    entity = card(dialog, "entities")
    entity.edit_button.click()
    summary = entity.editors["summary"]
    summary.clear()
    type_text(qtbot, summary, "青阳镇的老铁匠")
    entity.editors["aliases"].setText("张铁匠、老张")
    with qtbot.waitSignal(dialog.apply_requested) as blocker:
        qtbot.mouseClick(dialog.apply_button, Qt.LeftButton)
    sent = blocker.args[0]
    assert sent["settlement_id"] == 7 and sent["task_id"] == 2
    assert sent["document"]["entities"] == [{"kind": "Character", "name": "张三", "summary": "青阳镇的老铁匠",
                                             "aliases": ["张铁匠", "老张"]}]


def test_rejected_items_are_left_out_and_paths_renumbered(qtbot, english):
    dialog = make_review(qtbot)
    card(dialog, "hooks").accept_box.click()
    review = dialog.edited_review()
    assert [r["to"] for r in review["document"]["relations"]] == ["林动"]  # the conflict stays rejected
    assert "hooks" not in review["document"]
    assert {i["path"]: i["class"] for i in review["items"]} == {
        "entities/0": "new", "relations/0": "new", "ends/0": "closes", "states/0": "changes"}
    assert review["document"]["chapter"] == 6


def test_accepting_a_conflict_keeps_it_with_its_classification(qtbot, english):
    dialog = make_review(qtbot)
    card(dialog, "relations", 0).accept_box.click()
    review = dialog.edited_review()
    assert review["document"]["relations"][0] == {"type": "OWNS", "from": "张三", "to": "祖石", "valid_from": 6}
    assert review["items"][1] == {**REVIEW["items"][1], "path": "relations/0"}


def test_reject_all_turns_apply_into_rejecting_the_settlement(qtbot, english):
    dialog = make_review(qtbot)
    dialog.reject_all_button.click()
    assert dialog.apply_button.text() == "Reject settlement"
    with qtbot.waitSignal(dialog.reject_requested) as blocker:
        dialog.apply_button.click()
    assert blocker.args == [7]
    dialog.accept_all_button.click()
    assert "6 of 6 items accepted" in dialog.counts.text()


def test_the_preview_shows_what_applying_will_change(qtbot, english):
    dialog = make_review(qtbot)
    assert ("林动", "LIVES_IN", "青阳镇") in dialog.before_view.visible_edges()
    after = dialog.after_view.visible_edges()
    assert ("张三", "KNOWS", "林动") in after and ("张三", "OWNS", "祖石") not in after
    assert "张三" in dialog.after_view.visible_nodes() and "张三" not in dialog.before_view.visible_nodes()
    assert "− 林动 —lives in→ 青阳镇" in dialog.change_list.toPlainText()  # in the author's words
    card(dialog, "relations", 0).accept_box.click()
    assert ("张三", "OWNS", "祖石") in dialog.after_view.visible_edges()


def test_preview_resolves_aliases_to_the_canon_names():
    document = copy.deepcopy(REVIEW["document"])
    document["relations"] = [{"type": "OWNS", "from": "小动", "to": "石符"}]
    _, after, changes = preview(snapshot(), document)
    assert ("林动", "OWNS", "祖石") in [(e.source, e.label, e.target) for e in after.edges]
    assert "+ 林动 —owns→ 祖石" in changes


def test_a_refused_apply_is_shown_in_the_dialog_which_keeps_the_edits(qtbot, english):
    dialog = make_review(qtbot)
    dialog.show_error("relations/0: no entity called 张三")
    assert dialog.error.isVisible() and "张三" in dialog.error.text()


def test_a_canon_entity_is_described_in_words_not_as_its_fields():
    from desktop.ui.review_fields import describe_fact

    fact = {"kind": "Character", "id": "c4", "name": "林黛玉", "aliases": [], "summary": "贾母的外孙女",
            "first_chapter": 3, "settlement": 2, "attributes": {"境界": "凡人"}}
    assert describe_fact(fact, {"Character": "人物"}) == "林黛玉 (人物) — 贾母的外孙女 — 境界=凡人"
    hook = {"name": "通灵宝玉的来历", "status": "Resolved", "description": "", "planted_in": 1}
    assert describe_fact(hook, {"Hook": "伏笔", "Resolved": "已回收"}) == "通灵宝玉的来历 (伏笔) — 已回收"


def test_unticking_a_new_entity_unticks_what_names_it_and_ticking_those_brings_it_back(qtbot, english):
    review = {"task_id": 1, "settlement_id": 9, "document": {
        "chapter": 3,
        "entities": [{"kind": "Character", "name": "林风"}, {"kind": "Item", "name": "寒铁剑"}],
        "relations": [{"type": "OWNS", "from": "林风", "to": "寒铁剑"}],
        "states": [{"entity": "寒铁剑", "key": "condition", "value": "断了"}],
    }, "items": [{"path": "entities/0", "class": "new"}, {"path": "entities/1", "class": "new"},
                 {"path": "relations/0", "class": "new"}, {"path": "states/0", "class": "new"}]}
    dialog = SettlementReview(review, snapshot())
    qtbot.addWidget(dialog)
    sword, owns, broken = dialog.cards["entities"][1], dialog.cards["relations"][0], dialog.cards["states"][0]
    sword.accept_box.setChecked(False)
    assert not owns.accepted() and not broken.accepted()  # they could not be applied without the sword
    assert dialog.cards["entities"][0].accepted()  # 林风 stands on his own
    owns.accept_box.setChecked(True)
    assert sword.accepted() and not broken.accepted()  # the author wants the sword after all; its state stays out
    document = dialog.edited_review()["document"]
    assert [e["name"] for e in document["entities"]] == ["林风", "寒铁剑"] and "states" not in document
