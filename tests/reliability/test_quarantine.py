"""A settlement that breaks while being applied is set aside, never replayed forever: the book still opens,
the graphs are exactly as before it, and the author retries (as is or edited) or discards it."""

from __future__ import annotations

import pytest

from desktop.book.book import Book
from desktop.book.errors import BookError, DocumentError
from desktop.book.fact_applier import Applier
from desktop.book.journal import CONFIRMED

STORY = [
    {"chapter": 1, "entities": [
        {"kind": "Character", "name": "林动", "attributes": {"realm": "淬体三重"}},
        {"kind": "Character", "name": "张三"}, {"kind": "Item", "name": "青锋剑"}],
     "relations": [{"type": "OWNS", "from": "张三", "to": "青锋剑"}],
     "settings": [{"title": "修炼境界", "category": "power_system", "body": "淬体、地元"}]},
    {"chapter": 5, "states": [{"entity": "林动", "key": "realm", "value": "淬体四重"}]},
]
# Touches every store: an entity update, a hand-over, a state, a setting's new version, a plan item.
BREAKING = {
    "chapter": 12,
    "entities": [{"kind": "Character", "name": "林动", "aliases": ["小动"]}, {"kind": "Character", "name": "王五"}],
    "ends": [{"type": "OWNS", "from": "张三", "to": "青锋剑"}],
    "relations": [{"type": "OWNS", "from": "林动", "to": "青锋剑"}],
    "states": [{"entity": "林动", "key": "realm", "value": "地元境"}],
    "settings": [{"title": "修炼境界", "category": "power_system", "body": "淬体、地元、天元"}],
    "plan": [{"level": "GeneralOutline", "title": "总纲"}],
}


@pytest.fixture
def path(tmp_path):
    path = tmp_path / "novel"
    with Book.create(path, title="武动") as book:
        for doc in STORY:
            book.journal.apply(doc, source="test")
    return path


def dump(book: Book) -> tuple:
    """Everything a settlement can touch, as of several chapters."""
    return (tuple(book.facts.snapshot(chapter) for chapter in (1, 5, 12, None)), book.plan.tree(),
            book.archive.settings(), book.facts.counts())


def break_states(monkeypatch) -> None:
    """The fact applier dies at the first state, after writing entities, the hand-over and a relation."""
    def boom(self, *args):
        raise RuntimeError("Kuzu: buffer manager exception")
    monkeypatch.setattr(Applier, "_state", boom)


def test_a_statement_kuzu_itself_refuses_midway_is_set_aside_with_kuzus_own_error(path, monkeypatch):
    # Kuzu rolls the transaction back by itself when a statement fails: the error must still be the one shown.
    monkeypatch.setattr(Applier, "_state", lambda self, *a: self.g.execute("MATCH (n:NoSuchTable) RETURN n"))
    with Book.open(path) as book:
        before = dump(book)
        with pytest.raises(BookError, match="set aside as failed.*NoSuchTable"):
            book.journal.apply(BREAKING, source="test")
        assert dump(book) == before


def test_an_apply_that_raises_midway_is_set_aside_and_leaves_every_store_as_before(path, monkeypatch):
    break_states(monkeypatch)
    with Book.open(path) as book:
        before = dump(book)
        with pytest.raises(BookError, match="set aside as failed.*RuntimeError: Kuzu: buffer manager"):
            book.journal.apply(BREAKING, source="test")
        assert dump(book) == before
        [failed] = book.journal.failed()
        assert failed["document"]["chapter"] == 12
        assert "buffer manager" in failed["error"]
    with Book.open(path) as book:  # not replayed at open: it is failed, not confirmed
        assert book.journal.quarantined == [] and dump(book) == before


@pytest.mark.parametrize("where", ["plan", "settings"])
def test_a_failure_after_the_fact_graph_committed_takes_the_facts_back_too(path, monkeypatch, where):
    with Book.open(path) as book:
        before = dump(book)
        if where == "plan":
            monkeypatch.setattr(book.plan, "apply_settlement", lambda *a: 1 / 0)
        else:
            real = book.archive.put_setting
            monkeypatch.setattr(book.archive, "put_setting", lambda *a, **k: (real(*a, **k), 1 / 0))
        with pytest.raises(BookError, match="ZeroDivisionError"):
            book.journal.apply(BREAKING, source="test")
        assert dump(book) == before
        assert [e["state"] for e in book.journal.entries()][-1] == "failed"


def test_a_settlement_that_breaks_while_recovered_at_open_is_set_aside_and_the_book_opens(path, monkeypatch):
    with Book.open(path) as book:
        before = dump(book)
        sid = book.archive.journal_add(source="test", document=book.journal.check(BREAKING), state=CONFIRMED)
    break_states(monkeypatch)
    with Book.open(path) as book:
        assert book.journal.quarantined == [sid]
        assert dump(book) == before
        assert book.archive.journal_get(sid)["state"] == "failed"
    monkeypatch.undo()
    with Book.open(path) as book:  # failed stays failed: the author decides, not the next open
        assert book.journal.quarantined == [] and dump(book) == before


def test_retry_applies_the_failed_settlement_once_the_cause_is_gone(path, monkeypatch):
    break_states(monkeypatch)
    with Book.open(path) as book:
        with pytest.raises(BookError):
            book.journal.apply(BREAKING, source="test")
        sid = book.journal.failed()[0]["id"]
        monkeypatch.undo()
        result = book.journal.retry(sid)
        assert result.settlement_id == sid and result.applied["states"] == 1
        assert book.journal.failed() == [] and book.archive.journal_get(sid)["error"] is None
        assert book.facts.snapshot(12, entity="小动")["entities"][0]["attributes"] == {"realm": "地元境"}
        assert book.journal.reconcile() == []


def test_retry_with_an_edited_document_validates_it_first(path, monkeypatch):
    break_states(monkeypatch)
    with Book.open(path) as book:
        with pytest.raises(BookError):
            book.journal.apply(BREAKING, source="test")
        sid = book.journal.failed()[0]["id"]
        with pytest.raises(DocumentError, match="unknown entity"):
            book.journal.retry(sid, {"relations": [{"type": "OWNS", "from": "无名", "to": "青锋剑"}]})
        assert book.archive.journal_get(sid)["document"]["chapter"] == 12  # unchanged, still failed
        edited = {"chapter": 12, "entities": [{"kind": "Character", "name": "王五"}]}  # no state: nothing breaks
        assert book.journal.retry(sid, edited).applied == {"entities": 1}
        assert book.archive.journal_get(sid)["document"]["entities"][0]["name"] == "王五"


def test_discard_gives_the_settlement_up_and_keeps_its_document(path, monkeypatch):
    break_states(monkeypatch)
    with Book.open(path) as book:
        before = dump(book)
        with pytest.raises(BookError):
            book.journal.apply(BREAKING, source="test")
        sid = book.journal.failed()[0]["id"]
        entry = book.journal.discard(sid)
        assert entry["state"] == "rejected" and entry["document"]["chapter"] == 12
        assert book.journal.failed() == [] and dump(book) == before
        with pytest.raises(BookError, match="not failed"):
            book.journal.retry(sid)
