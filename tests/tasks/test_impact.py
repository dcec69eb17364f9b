"""Retcon impact on a real book (Kuzu + SQLite): a settlement that changes or closes canon lists the imported
chapters that rely on the old fact, with the sentences, and the plan items and hooks naming who is involved; one
that only adds facts touches nothing; an undo says what it removes and reopens, and what relied on it."""

from __future__ import annotations

import pytest

from desktop.book.book import Book
from desktop.book.errors import BookError
from desktop.tasks.impact import review_impact, undo_preview
from desktop.tasks.impact_text import DEAD_ACTS, DEATH_TOLD, HOOK_OPEN, NAMED, OLD_OWNER, OLD_RELATION, OLD_VALUE
from desktop.tasks.settlement import propose_reviewed
from tests.tasks.conftest import apply_doc

ZH_CANON = {
    "chapter": 1,
    "entities": [{"kind": "Character", "name": "张三"}, {"kind": "Character", "name": "李四"},
                 {"kind": "Character", "name": "王五", "attributes": {"境界": "炼气九层"}},
                 {"kind": "Item", "name": "青锋剑"}, {"kind": "Faction", "name": "青云门"}],
    "relations": [{"type": "OWNS", "from": "李四", "to": "青锋剑"},
                  {"type": "MASTER_OF", "from": "王五", "to": "张三"}],
    "hooks": [{"name": "玉佩之谜", "description": "张三身上的玉佩从何而来", "involves": ["张三"]}],
    "plan": [
        {"level": "GeneralOutline", "title": "总纲", "summary": "外门岁月"},
        {"level": "LongOutline", "title": "第一卷", "parent": "总纲", "summary": "外门"},
        {"level": "ShortOutline", "title": "外门试炼", "parent": "第一卷", "status": "InProgress", "chapters": [4, 9],
         "steps": [{"kind": "Start", "summary": "张三报名试炼", "status": "InProgress", "chapter": 5},
                   {"kind": "Climax", "summary": "众人夺宝", "status": "Pending", "chapter": 8}]},
    ],
}
ZH_CHAPTERS = {
    1: "张三拜入青云门。李四握着青锋剑站在山门前。",
    2: "王五教张三练剑，师父说剑要快。",
    3: "夜里张三独自下山。",
    4: "张三提剑走进大殿，众人大惊。李四手中握紧青锋剑，冷冷看着他。众人在张三的墓前祭拜。",
    5: "王五仍是炼气九层的修为。玉佩之谜至今无人知晓。李四把青锋剑送给了王五。",
    6: "天色已晚。李四的青锋剑寒光一闪。",
}


def import_chapters(book: Book, chapters: dict[int, str]) -> None:
    for number, text in chapters.items():
        book.archive.replace_chapter(number, f"第{number}章", text, volume=None, heading=f"第{number}章",
                                     source_path="book.txt", content_hash=f"h{number}",
                                     chunks=[{"seq": 0, "text": text, "start": 0, "end": len(text), "entity_list": []}])


@pytest.fixture
def zh(book):
    apply_doc(book, ZH_CANON)
    import_chapters(book, ZH_CHAPTERS)
    return book


def review(book: Book, doc: dict) -> dict:
    return propose_reviewed(book, doc, [], source="task:1")


def quotes(impact: dict) -> dict[int, list[str]]:
    return {c["chapter"]: [q["text"] for q in c["quotes"]] for c in impact["chapters"]}


def test_a_death_lists_the_later_chapter_where_the_dead_character_acts_with_the_sentence(zh):
    impact = review_impact(zh, review(zh, {"chapter": 3, "states": [{"entity": "张三", "key": "生死", "value": "死亡"}]}))
    assert impact["touches"] and impact["changes"][0]["rule"] == DEAD_ACTS
    assert impact["changes"][0]["from_chapter"] == 4
    assert quotes(impact) == {4: ["张三提剑走进大殿，众人大惊。"]}  # not the grave, not chapters 1–3
    quote = impact["chapters"][0]["quotes"][0]
    assert ZH_CHAPTERS[4][quote["span"][0]:quote["span"][1]] == quote["text"] and quote["path"] == "states/0"


def test_an_ownership_change_lists_the_chapters_where_the_old_owner_still_holds_the_item(zh):
    doc = {"chapter": 3, "ends": [{"type": "OWNS", "from": "李四", "to": "青锋剑"}],
           "relations": [{"type": "OWNS", "from": "王五", "to": "青锋剑"}]}
    impact = review_impact(zh, review(zh, doc))
    assert [c["rule"] for c in impact["changes"]] == [OLD_OWNER]
    assert quotes(impact) == {4: ["李四手中握紧青锋剑，冷冷看着他。"], 6: ["李四的青锋剑寒光一闪。"]}
    assert impact["chapters"][0]["quotes"][0]["score"] > impact["chapters"][1]["quotes"][0]["score"]
    # 第五章's hand-over (送给) is the change told, not a sentence relying on the old owner.
    assert 5 not in quotes(impact)


def test_a_rival_owner_proposed_without_an_end_counts_as_the_same_ownership_change(zh):
    impact = review_impact(zh, review(zh, {"chapter": 3, "relations": [{"type": "OWNS", "from": "王五",
                                                                        "to": "青锋剑"}]}))
    assert [c["rule"] for c in impact["changes"]] == [OLD_OWNER]
    assert set(quotes(impact)) == {4, 6}


def test_a_plan_step_and_a_hook_naming_the_entity_are_listed(zh):
    impact = review_impact(zh, review(zh, {"chapter": 3, "states": [{"entity": "张三", "key": "生死", "value": "死亡"}]}))
    steps = [p for p in impact["plan"] if p["level"] == "Step"]
    assert [(s["outline"], s["summary"], s["names"]) for s in steps] == [("外门试炼", "张三报名试炼", ["张三"])]
    assert "众人夺宝" not in [p["summary"] for p in impact["plan"]]
    assert [h["name"] for h in impact["hooks"]] == ["玉佩之谜"]


def test_a_changed_state_lists_sentences_stating_the_old_value_and_a_closed_hook_its_open_mystery(zh):
    doc = {"chapter": 3, "states": [{"entity": "王五", "key": "境界", "value": "筑基初期"}],
           "hooks": [{"name": "玉佩之谜", "status": "Resolved", "resolved_in": 3}]}
    impact = review_impact(zh, review(zh, doc))
    assert {c["rule"] for c in impact["changes"]} == {OLD_VALUE, HOOK_OPEN}
    assert quotes(impact) == {5: ["王五仍是炼气九层的修为。", "玉佩之谜至今无人知晓。"]}


def test_an_ended_relation_lists_sentences_naming_it(zh):
    doc = {"chapter": 1, "ends": [{"type": "MASTER_OF", "from": "王五", "to": "张三"}]}
    impact = review_impact(zh, review(zh, doc))
    assert impact["changes"][0]["rule"] == OLD_RELATION
    assert quotes(impact) == {2: ["王五教张三练剑，师父说剑要快。"]}


def test_a_settlement_that_only_adds_new_facts_touches_nothing(zh):
    doc = {"chapter": 7, "entities": [{"kind": "Character", "name": "赵六"}, {"kind": "Item", "name": "紫金葫芦"}],
           "relations": [{"type": "OWNS", "from": "赵六", "to": "紫金葫芦"}, {"type": "KNOWS", "from": "赵六", "to": "张三"}],
           "states": [{"entity": "张三", "key": "伤势", "value": "轻伤"}],
           "hooks": [{"name": "葫芦的来历", "involves": ["赵六"]}]}
    impact = review_impact(zh, review(zh, doc))
    assert impact == {"touches": False, "quotes": 0, "changes": [], "chapters": [], "more_chapters": 0,
                      "plan": [], "more_plan": 0, "hooks": [], "more_hooks": 0}


def test_a_bare_document_is_classified_first(zh):
    impact = review_impact(zh, {"chapter": 3, "states": [{"entity": "张三", "key": "生死", "value": "死亡"}]})
    assert quotes(impact) == {4: ["张三提剑走进大殿，众人大惊。"]}


def test_many_chapters_are_ranked_and_capped_with_a_count_of_the_rest(zh):
    import_chapters(zh, {n: f"张三提剑出门，第{n}次下山。张三又提剑回来。张三再出门。张三笑了。" for n in range(10, 22)})
    impact = review_impact(zh, review(zh, {"chapter": 3, "states": [{"entity": "张三", "key": "生死", "value": "死亡"}]}))
    assert len(impact["chapters"]) == 8 and impact["more_chapters"] == 5
    assert all(len(c["quotes"]) <= 3 for c in impact["chapters"])
    assert impact["chapters"][1]["more"] == 1 and impact["quotes"] == 1 + 12 * 4
    assert [c["chapter"] for c in impact["chapters"]] == sorted(c["chapter"] for c in impact["chapters"])


def test_undo_says_what_it_removes_and_reopens_and_which_chapters_relied_on_it(zh):
    sid = apply_doc(zh, {"chapter": 3, "entities": [{"kind": "Character", "name": "赵六"}],
                         "ends": [{"type": "OWNS", "from": "李四", "to": "青锋剑"}],
                         "relations": [{"type": "OWNS", "from": "王五", "to": "青锋剑"}],
                         "states": [{"entity": "张三", "key": "生死", "value": "死亡"}]})
    import_chapters(zh, {7: "王五握着青锋剑走出门去。", 8: "众人想起死去的张三，不禁落泪。"})
    preview = undo_preview(zh, sid)
    assert preview["blocked"] is None and preview["items"] == 4 and preview["task"] is None
    assert {(r["kind"], r["label"]) for r in preview["removes"]} == {
        ("entity", "赵六 (Character)"), ("relation", "王五 OWNS 青锋剑"), ("state", "张三.生死 = 死亡")}
    assert [(r["kind"], r["label"]) for r in preview["reopens"]] == [("relation", "李四 OWNS 青锋剑")]
    rules = {q["rule"] for c in preview["impact"]["chapters"] for q in c["quotes"]}
    assert rules == {OLD_OWNER, DEATH_TOLD}
    assert quotes(preview["impact"])[7] == ["王五握着青锋剑走出门去。"]
    assert quotes(preview["impact"])[8] == ["众人想起死去的张三，不禁落泪。"]
    assert zh.archive.journal_get(sid)["state"] == "applied"  # a preview writes nothing


def test_undo_preview_of_a_settlement_later_ones_build_on_says_it_is_blocked(zh):
    first = apply_doc(zh, {"chapter": 3, "entities": [{"kind": "Character", "name": "赵六"}]})
    apply_doc(zh, {"chapter": 4, "relations": [{"type": "KNOWS", "from": "赵六", "to": "张三"}]})
    import_chapters(zh, {9: "赵六来了。"})
    preview = undo_preview(zh, first)
    assert "undo" in preview["blocked"]
    assert preview["removes"] == [{"kind": "entity", "label": "赵六 (Character)", "name": "赵六",
                                   "entity_kind": "Character"}]
    assert [q["rule"] for c in preview["impact"]["chapters"] for q in c["quotes"]] == [NAMED]


def test_undo_preview_refuses_what_is_not_applied(zh):
    with pytest.raises(BookError, match="no settlement 99"):
        undo_preview(zh, 99)
    proposed = review(zh, {"chapter": 3, "entities": [{"kind": "Character", "name": "赵六"}]})["settlement_id"]
    with pytest.raises(BookError, match="only an applied one"):
        undo_preview(zh, proposed)


EN_CANON = {
    "chapter": 1,
    "entities": [{"kind": "Character", "name": "Mara Vell", "aliases": ["Mara"]},
                 {"kind": "Character", "name": "Tobin"}, {"kind": "Item", "name": "Dawn Blade"}],
    "relations": [{"type": "OWNS", "from": "Mara Vell", "to": "Dawn Blade"}],
    "plan": [{"level": "GeneralOutline", "title": "The Long Road", "summary": "Mara crosses the sea"}],
}
EN_CHAPTERS = {
    1: "Mara drew the Dawn Blade at the gate.",
    4: "Mara walked into the hall and everyone fell silent. They mourned at Mara's grave.",
    5: "Tobin watched the sea. Mara raised the Dawn Blade against the storm.",
}


@pytest.fixture
def en(tmp_path):
    opened = Book.create(tmp_path / "en.inkstone", title="Tide", language="en")
    apply_doc(opened, EN_CANON)
    import_chapters(opened, EN_CHAPTERS)
    yield opened
    opened.close()


def test_english_a_death_lists_the_dead_character_acting_later(en):
    impact = review_impact(en, review(en, {"chapter": 2, "states": [{"entity": "Mara", "key": "alive",
                                                                     "value": False}]}))
    assert quotes(impact) == {4: ["Mara walked into the hall and everyone fell silent."],
                              5: ["Mara raised the Dawn Blade against the storm."]}
    assert [p["title"] for p in impact["plan"]] == ["The Long Road"]


def test_english_an_ownership_change_lists_where_the_old_owner_holds_the_item(en):
    doc = {"chapter": 3, "ends": [{"type": "OWNS", "from": "Mara Vell", "to": "Dawn Blade"}],
           "relations": [{"type": "OWNS", "from": "Tobin", "to": "Dawn Blade"}]}
    impact = review_impact(en, review(en, doc))
    assert quotes(impact) == {5: ["Mara raised the Dawn Blade against the storm."]}


def test_english_new_facts_only_touch_nothing(en):
    impact = review_impact(en, review(en, {"chapter": 6, "entities": [{"kind": "Character", "name": "Quill"}],
                                           "relations": [{"type": "KNOWS", "from": "Quill", "to": "Tobin"}]}))
    assert not impact["touches"] and impact["chapters"] == []


def test_undo_of_a_death_skips_death_words_in_speech_idioms_and_other_clauses(zh):
    sid = apply_doc(zh, {"chapter": 3, "states": [{"entity": "张三", "key": "生死", "value": "死亡"}]})
    import_chapters(zh, {7: "李四道：“张三，你要死了！”张三吓死了一般。王五去祭拜先人，张三不在。张三的灵位摆在堂上。"})
    chapter = {c["chapter"]: [q["text"] for q in c["quotes"]] for c in undo_preview(zh, sid)["impact"]["chapters"]}
    assert chapter[7] == ["张三的灵位摆在堂上。"]
    assert chapter[4] == ["众人在张三的墓前祭拜。"]
