"""The fact graph against a real Kuzu database: story time, record time, undo, literal names."""

from __future__ import annotations

import pytest

from desktop.book.documents import validate
from desktop.book.errors import DependentSettlementError, DocumentError
from desktop.book.facts import FactGraph


@pytest.fixture
def facts(tmp_path):
    graph = FactGraph(tmp_path / "facts.kuzu")
    yield graph
    graph.close()


def apply(graph: FactGraph, sid: int, doc: dict) -> dict:
    return graph.apply_settlement(sid, validate(doc))


def sword_story(facts: FactGraph) -> None:
    """张三 owns 青锋剑 from ch 1; 林动 takes it in ch 12; 王五 in ch 30. 林动's realm rises in ch 5 and 15."""
    apply(facts, 1, {
        "chapter": 1,
        "entities": [
            {"kind": "Character", "name": "张三"},
            {"kind": "Character", "name": "林动", "aliases": ["小动"], "attributes": {"realm": "淬体三重"}},
            {"kind": "Character", "name": "王五"},
            {"kind": "Item", "name": "青锋剑", "summary": "一柄青色长剑"},
        ],
        "relations": [{"type": "OWNS", "from": "张三", "to": "青锋剑"}],
    })
    apply(facts, 2, {"chapter": 5, "states": [{"entity": "小动", "key": "realm", "value": "淬体四重"}]})
    apply(facts, 3, {
        "chapter": 12,
        "ends": [{"type": "OWNS", "from": "张三", "to": "青锋剑"}],
        "relations": [{"type": "OWNS", "from": "林动", "to": "青锋剑", "properties": {"reason": "比武赢得"}}],
    })
    apply(facts, 4, {"chapter": 15, "states": [{"entity": "林动", "key": "realm", "value": "地元境"}]})
    apply(facts, 5, {
        "chapter": 30,
        "ends": [{"type": "OWNS", "from": "林动", "to": "青锋剑"}],
        "relations": [{"type": "OWNS", "from": "王五", "to": "青锋剑"}],
    })


def owner_at(facts: FactGraph, chapter: int | None) -> list[str]:
    return [r["from"] for r in facts.relations(chapter) if r["type"] == "OWNS" and r["to"] == "青锋剑"]


def test_ownership_as_of_each_chapter_follows_every_hand_over(facts):
    sword_story(facts)
    assert owner_at(facts, 1) == ["张三"]
    assert owner_at(facts, 11) == ["张三"]
    assert owner_at(facts, 12) == ["林动"]  # the chapter of the hand-over already shows the new owner
    assert owner_at(facts, 29) == ["林动"]
    assert owner_at(facts, 30) == ["王五"]
    assert owner_at(facts, None) == ["王五"]


def test_closed_relations_are_kept_with_their_validity(facts):
    sword_story(facts)
    history = facts.relations_between("青锋剑", "林动")
    assert [(r["valid_from"], r["valid_to"]) for r in history] == [(12, 30)]
    assert history[0]["properties"] == {"reason": "比武赢得"}
    assert facts.counts()["relations"] == 3


def test_states_as_of_a_chapter(facts):
    sword_story(facts)
    lin = facts.resolve("林动")
    assert facts.attributes(*lin, as_of=1) == {"realm": "淬体三重"}
    assert facts.attributes(*lin, as_of=7) == {"realm": "淬体四重"}
    assert facts.attributes(*lin, as_of=15) == {"realm": "地元境"}
    assert [s["value"] for s in facts.state_history("林动")] == ["淬体三重", "淬体四重", "地元境"]


def test_a_state_from_earlier_in_the_story_is_inserted_as_history(facts):
    sword_story(facts)
    apply(facts, 6, {"chapter": 3, "states": [{"entity": "林动", "key": "injury", "value": "左臂骨折"}]})
    apply(facts, 7, {"chapter": 2, "states": [{"entity": "林动", "key": "injury", "value": "无"}]})
    lin = facts.resolve("林动")
    assert facts.attributes(*lin, as_of=2)["injury"] == "无"
    assert facts.attributes(*lin, as_of=3)["injury"] == "左臂骨折"


def test_snapshot_of_one_entity_as_of_a_chapter(facts):
    sword_story(facts)
    snap = facts.snapshot(as_of=13, entity="小动")
    assert [e["name"] for e in snap["entities"]] == ["林动"]
    assert snap["entities"][0]["aliases"] == ["小动"]
    assert snap["entities"][0]["attributes"] == {"realm": "淬体四重"}
    assert [(r["type"], r["from"], r["to"]) for r in snap["relations"]] == [("OWNS", "林动", "青锋剑")]


def test_entities_appear_from_their_first_chapter(facts):
    sword_story(facts)
    apply(facts, 6, {"chapter": 40, "entities": [{"kind": "Location", "name": "天玄城"}]})
    assert "天玄城" not in [e["name"] for e in facts.snapshot(as_of=39)["entities"]]
    assert "天玄城" in [e["name"] for e in facts.snapshot(as_of=40)["entities"]]


def test_hooks_planted_and_resolved_over_time(facts):
    sword_story(facts)
    apply(facts, 6, {"chapter": 3, "hooks": [
        {"name": "玉佩的秘密", "description": "林动的玉佩会发光", "involves": ["林动"]}]})
    apply(facts, 7, {"chapter": 48, "hooks": [{"name": "玉佩的秘密", "status": "Resolved"}]})
    assert facts.unresolved_hooks(2) == []
    assert [h["name"] for h in facts.unresolved_hooks(47)] == ["玉佩的秘密"]
    assert facts.unresolved_hooks(48) == []
    hook = facts.hooks(None)[0]
    assert (hook["planted_in"], hook["resolved_in"], hook["involves"]) == (3, 48, ["林动"])


def test_undo_removes_what_it_added_and_reopens_what_it_closed(facts):
    sword_story(facts)
    before = facts.snapshot(as_of=None)
    apply(facts, 6, {
        "chapter": 50,
        "entities": [{"kind": "Character", "name": "赵六"}, {"name": "林动", "summary": "少年"}],
        "ends": [{"type": "OWNS", "from": "王五", "to": "青锋剑"}],
        "relations": [{"type": "OWNS", "from": "赵六", "to": "青锋剑"}],
        "states": [{"entity": "林动", "key": "realm", "value": "天元境"}],
    })
    assert owner_at(facts, None) == ["赵六"]
    assert facts.undo_settlement(6) is True
    assert facts.snapshot(as_of=None) == before
    assert facts.undo_settlement(6) is False


def test_undo_is_refused_while_a_later_settlement_builds_on_it(facts):
    sword_story(facts)
    with pytest.raises(DependentSettlementError, match="settlement 1"):
        facts.undo_settlement(1)


def test_applying_the_same_settlement_twice_changes_nothing(facts):
    sword_story(facts)
    counts = facts.counts()
    assert apply(facts, 3, {"chapter": 12, "relations": [{"type": "OWNS", "from": "王五", "to": "林动"}]}) is None
    assert facts.counts() == counts


def test_names_with_quotes_and_cypher_are_stored_literally(facts):
    evil = "x'}) DETACH DELETE n //"
    apply(facts, 1, {"chapter": 1, "entities": [
        {"kind": "Character", "name": evil, "aliases": ['"; MATCH (n) DELETE n'], "summary": "它's \"quoted\""},
        {"kind": "Item", "name": "剑"}],
        "relations": [{"type": "OWNS", "from": evil, "to": "剑"}]})
    snap = facts.snapshot(entity=evil)
    assert snap["entities"][0]["name"] == evil
    assert snap["entities"][0]["aliases"] == ['"; MATCH (n) DELETE n']
    assert snap["entities"][0]["summary"] == "它's \"quoted\""
    assert facts.counts()["entities"] == 2


def test_references_to_unknown_entities_are_reported_before_anything_is_written(facts):
    doc = validate({"chapter": 1, "relations": [{"type": "OWNS", "from": "无名", "to": "剑"}]})
    assert facts.check(doc) == ["relations: unknown entity '无名'", "relations: unknown entity '剑'"]
    with pytest.raises(DocumentError):
        facts.apply_settlement(1, doc)
    assert not facts.has_settlement(1)


def test_neighbourhood_two_hops_as_of_a_chapter(facts):
    sword_story(facts)
    apply(facts, 6, {"chapter": 20, "entities": [{"kind": "Faction", "name": "青阳宗"}],
                     "relations": [{"type": "MEMBER_OF", "from": "张三", "to": "青阳宗"}]})
    one = facts.neighbourhood("青锋剑", hops=1, as_of=25)
    assert {n["name"] for n in one["nodes"]} == {"青锋剑", "林动"}
    two = facts.neighbourhood("张三", hops=2, as_of=5)
    assert {n["name"] for n in two["nodes"]} == {"张三", "青锋剑"}
    two_later = facts.neighbourhood("张三", hops=2, as_of=25)
    assert {n["name"] for n in two_later["nodes"]} == {"张三", "青阳宗"}


def test_mentions_tie_chapters_to_entities_and_are_replaced_on_reimport(facts):
    sword_story(facts)
    lin = facts.resolve("林动")
    facts.record_mentions(3, "第三章", {lin: [10, 11]})
    facts.record_mentions(3, "第三章 改", {lin: [12]})
    assert facts.mentions_of("小动") == [{"chapter": 3, "title": "第三章 改", "chunks": [12]}]


def test_facts_survive_reopening(tmp_path):
    graph = FactGraph(tmp_path / "facts.kuzu")
    sword_story(graph)
    snap = graph.snapshot(as_of=20)
    graph.close()
    reopened = FactGraph(tmp_path / "facts.kuzu")
    assert reopened.snapshot(as_of=20) == snap
    reopened.close()


def test_a_state_named_another_way_continues_the_same_state(facts):
    sword_story(facts)
    apply(facts, 6, {"chapter": 20, "states": [{"entity": "林动", "key": "境界", "value": "天元境"}]})
    lin = facts.resolve("林动")
    assert facts.attributes(*lin, as_of=20) == {"realm": "天元境"}
    assert facts.attributes(*lin, as_of=19) == {"realm": "地元境"}
