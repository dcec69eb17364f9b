"""Restoring a snapshot: all stores or none, finished by the next open if cut off, never another book's by accident."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

from desktop.book import restore as restoring
from desktop.book.backup import snapshot
from desktop.book.book import Book
from desktop.book.errors import BookError, BookLockedError
from desktop.book.restore import restore

FIRST = {"chapter": 1, "entities": [{"kind": "Character", "name": "林动"}],
         "plan": [{"level": "GeneralOutline", "title": "总纲", "status": "InProgress"}]}
LATER = {"chapter": 9, "entities": [{"kind": "Item", "name": "祖石"}],
         "plan": [{"level": "GeneralOutline", "title": "后记", "status": "InProgress"}]}


def state(book: Book) -> tuple:
    return (book.facts.snapshot(None), book.plan.tree(), [(e["id"], e["state"]) for e in book.journal.entries()])


@pytest.fixture
def book(tmp_path):
    opened = Book.create(tmp_path / "novel", title="武动")
    opened.journal.apply(FIRST, source="test")
    yield opened
    opened.close()


def test_a_restore_killed_between_two_swaps_is_finished_by_the_next_open(book, monkeypatch):
    taken = snapshot(book, reason="manual")
    before = state(book)
    book.journal.apply(LATER, source="test")
    book.close()
    install = restoring._install
    calls = []

    def killed_after_first_swap(*args):
        if calls:
            raise KeyboardInterrupt("killed")
        calls.append(args)
        install(*args)

    monkeypatch.setattr(restoring, "_install", killed_after_first_swap)
    with pytest.raises(KeyboardInterrupt):
        restore(book.path, taken.name)
    monkeypatch.undo()
    assert (book.path / ".restore-intent.json").exists()  # facts from the snapshot, plan and journal not yet

    with Book.open(book.path) as reopened:
        assert state(reopened) == before  # facts, plan and archive all from the snapshot
    assert not (book.path / ".restore-intent.json").exists() and not (book.path / ".restoring").exists()


def test_a_restore_killed_while_staging_leaves_the_book_as_it_was_and_no_leftovers(book, monkeypatch):
    taken = snapshot(book, reason="manual")
    book.journal.apply(LATER, source="test")
    later = state(book)
    book.close()
    (book.path / ".restoring-facts.kuzu").write_bytes(b"left by an older Inkstone")

    def killed(*args):
        raise KeyboardInterrupt("killed")

    monkeypatch.setattr(restoring, "replace_file", killed)  # dies just before the intent is written
    with pytest.raises(KeyboardInterrupt):
        restore(book.path, taken.name)
    monkeypatch.undo()
    with Book.open(book.path) as reopened:
        assert state(reopened) == later
    assert not any(p.name.startswith(".restor") for p in book.path.iterdir())


def test_a_snapshot_of_another_book_is_refused_unless_forced(book, tmp_path):
    with Book.create(tmp_path / "other", title="斗破") as other:
        other.journal.apply(LATER, source="test")
        theirs = snapshot(other, reason="manual")
    (book.path / "backups").mkdir(exist_ok=True)
    theirs.rename(book.path / "backups" / theirs.name)
    before = state(book)
    book.close()

    with pytest.raises(BookError, match=r"of another book \(«斗破», not «武动»\).*--force"):
        restore(book.path, theirs.name)
    with Book.open(book.path) as unchanged:
        assert state(unchanged) == before
    restore(book.path, theirs.name, force=True)
    with Book.open(book.path) as replaced:
        assert replaced.facts.entity("祖石") is not None


OPEN_AND_WAIT = textwrap.dedent("""
    import sys
    from desktop.book.book import Book
    book = Book.open(sys.argv[1])
    book.facts.counts(); book.archive.counts()
    print("open", flush=True)
    sys.stdin.read()
""")


def test_restore_is_refused_while_another_process_has_the_stores_open_even_without_the_lock_file(book):
    taken = snapshot(book, reason="manual")
    book.close()
    child = subprocess.Popen([sys.executable, "-c", OPEN_AND_WAIT, str(book.path)], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline().strip() == "open"
        (book.path / ".inkstone.lock").unlink()  # someone tidied the folder
        with pytest.raises(BookLockedError, match="in use"):
            restore(book.path, taken.name)
    finally:
        child.stdin.close()
        child.wait(timeout=30)
    assert not (book.path / ".restore-intent.json").exists()


def test_a_book_made_before_ids_gets_one_when_opened_and_keeps_it(book):
    book.close()
    meta = json.loads((book.path / "book.json").read_text(encoding="utf-8"))
    del meta["book_id"]
    (book.path / "book.json").write_text(json.dumps(meta), encoding="utf-8")
    with Book.open(book.path) as first:
        given = first.meta.book_id
    with Book.open(book.path) as second:
        assert len(given) == 32 and second.meta.book_id == given
