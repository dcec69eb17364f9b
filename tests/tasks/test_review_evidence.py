"""Evidence in the review: each proposed item carries the words it came from, or an empty list that says so."""

from __future__ import annotations

from desktop.tasks.settlement import propose_reviewed


def test_items_carry_the_evidence_given_for_their_path_and_the_rest_an_empty_list(book):
    doc = {"entities": [{"kind": "Character", "name": "苏晚"}, {"kind": "Item", "name": "寒霜剑"}],
           "relations": [{"type": "OWNS", "from": "苏晚", "to": "寒霜剑"}]}
    quote = {"message_id": 12, "chunk_id": None, "quote": "苏晚最后还是选了寒霜剑。"}
    review = propose_reviewed(book, doc, [], source="task:1", task_id=None,
                              evidence={"relations/0": [quote], "entities/0": [quote]})
    by_path = {item["path"]: item["evidence"] for item in review["items"]}
    assert by_path == {"entities/0": [quote], "entities/1": [], "relations/0": [quote]}
    journaled = book.journal.entries(("proposed",))[-1]["review"]
    assert {item["path"]: item["evidence"] for item in journaled["items"]} == by_path


def test_without_evidence_every_item_says_it_has_none(book):
    review = propose_reviewed(book, {"entities": [{"kind": "Character", "name": "苏晚"}]}, [], source="cli")
    assert [item["evidence"] for item in review["items"]] == [[]]
