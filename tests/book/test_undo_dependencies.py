"""Undoing a settlement from the middle of the story: refused while a later one builds on its facts (undo
that one first), allowed when the later ones touch other facts; either way no fact is ever corrupted."""

from __future__ import annotations

import pytest

from desktop.book.book import Book
from desktop.book.errors import DependentSettlementError

BASE = {"chapter": 1, "entities": [
    {"kind": "Character", "name": "林动", "attributes": {"realm": "炼气"}},
    {"kind": "Character", "name": "张三"}, {"kind": "Character", "name": "王五"},
    {"kind": "Character", "name": "路人"}, {"kind": "Item", "name": "青锋剑"}],
    "relations": [{"type": "OWNS", "from": "张三", "to": "青锋剑"}]}
# A, in the middle of the story: the sword changes hands, 林动 gets an alias and a new realm.
MIDDLE = {"chapter": 5, "entities": [{"kind": "Character", "name": "林动", "aliases": ["小动"]}],
          "ends": [{"type": "OWNS", "from": "张三", "to": "青锋剑"}],
          "relations": [{"type": "OWNS", "from": "林动", "to": "青锋剑"}],
          "states": [{"entity": "林动", "key": "realm", "value": "筑基"}]}


@pytest.fixture
def book(tmp_path):
    with Book.create(tmp_path / "novel", title="武动") as opened:
        opened.journal.apply(BASE, source="test")
        yield opened


def settle(book: Book, doc: dict) -> int:
    return book.journal.apply(doc, source="test").settlement_id


def story(book: Book) -> tuple:
    return tuple(book.facts.snapshot(chapter) for chapter in (1, 5, 10, None))


@pytest.mark.parametrize("later", [
    # closes A's OWNS and opens a new one: undoing A alone would reopen 张三's beside 王五's
    {"chapter": 10, "ends": [{"type": "OWNS", "from": "林动", "to": "青锋剑"}],
     "relations": [{"type": "OWNS", "from": "王五", "to": "青锋剑"}]},
    # another alias: undoing A alone would put back the aliases from before A, losing this one
    {"chapter": 10, "entities": [{"kind": "Character", "name": "林动", "aliases": ["动哥"]}]},
    # the next realm, closing A's: undoing A alone would reopen 炼气 beside 金丹
    {"chapter": 10, "states": [{"entity": "林动", "key": "realm", "value": "金丹"}]},
], ids=["owns-handed-on", "alias-added", "realm-rises"])
def test_undo_of_a_middle_settlement_is_refused_while_a_later_one_builds_on_it(book, later):
    a = settle(book, MIDDLE)
    before_b = story(book)
    b = settle(book, later)
    after_b = story(book)
    with pytest.raises(DependentSettlementError, match=f"settlement {a} cannot be undone.*undo #{b} first"):
        book.journal.undo(a)
    assert story(book) == after_b and book.archive.journal_get(a)["state"] == "applied"
    book.journal.undo(b)  # in order, both go back exactly
    assert story(book) == before_b
    book.journal.undo(a)
    assert book.facts.snapshot(None)["entities"] == _base_entities(book)


def _base_entities(book: Book) -> list[dict]:
    linn = book.facts.entity("林动")
    assert linn["aliases"] == [] and book.facts.attributes("Character", linn["id"]) == {"realm": "炼气"}
    owners = [r["from"] for r in book.facts.relations(None) if r["type"] == "OWNS"]
    assert owners == ["张三"]
    return book.facts.snapshot(None)["entities"]


def test_a_later_settlement_about_other_facts_does_not_block_undo(book):
    a = settle(book, MIDDLE)
    settle(book, {"chapter": 10, "states": [{"entity": "路人", "key": "location", "value": "青阳镇"}],
                  "relations": [{"type": "KNOWS", "from": "王五", "to": "路人"}]})
    book.journal.undo(a)
    _base_entities(book)
    assert book.facts.snapshot(None, entity="路人")["entities"][0]["attributes"] == {"location": "青阳镇"}
    assert [r["type"] for r in book.facts.relations_between("王五", "路人")] == ["KNOWS"]


def test_a_lost_item_found_by_someone_else_keeps_the_loss_from_being_undone_alone(book):
    lost = settle(book, {"chapter": 5, "ends": [{"type": "OWNS", "from": "张三", "to": "青锋剑"}]})
    found = settle(book, {"chapter": 10, "relations": [{"type": "OWNS", "from": "王五", "to": "青锋剑"}]})
    with pytest.raises(DependentSettlementError, match=f"undo #{found} first"):
        book.journal.undo(lost)  # it would reopen 张三's OWNS beside 王五's: an item in two hands
