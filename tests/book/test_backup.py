"""Snapshots: consistent copies of a book's three stores, kept with a limit, and restored only into a closed book."""

from __future__ import annotations

import gzip
import json
import shutil
import subprocess
import sys
import textwrap
import threading

import pytest

from desktop.book.backup import list_snapshots, prune, snapshot, snapshot_before_apply
from desktop.book.book import Book
from desktop.book.errors import BookCorruptError, BookError, BookLockedError
from desktop.book.restore import restore

FIRST = {"chapter": 1, "entities": [{"kind": "Character", "name": "林动", "attributes": {"realm": "淬体一重"}}],
         "settings": [{"title": "境界", "body": "淬体"}],
         "plan": [{"level": "GeneralOutline", "title": "总纲", "status": "InProgress"}]}
LATER = {"chapter": 9, "entities": [{"kind": "Item", "name": "祖石"}],
         "relations": [{"type": "OWNS", "from": "林动", "to": "祖石"}],
         "states": [{"entity": "林动", "key": "realm", "value": "淬体六重"}]}


def state(book: Book) -> tuple:
    return (book.facts.snapshot(None), book.plan.tree(), book.archive.settings(),
            [(m["role"], m["content"]) for m in book.archive.all_messages()],
            [(e["id"], e["state"]) for e in book.journal.entries()])


@pytest.fixture
def book(tmp_path):
    opened = Book.create(tmp_path / "novel", title="武动")
    opened.journal.apply(FIRST, source="test")
    task = opened.archive.create_task("人物", "chat")
    opened.archive.add_message(task["id"], "user", "林动的境界？")
    yield opened
    opened.close()


def test_a_snapshot_brings_back_both_graphs_and_the_archive_as_they_were(book):
    before = state(book)
    taken = snapshot(book, reason="manual")
    book.journal.apply(LATER, source="test")
    book.archive.add_message(1, "user", "later")
    book.close()

    restore(book.path, taken.name)
    with Book.open(book.path) as restored:
        assert state(restored) == before


def test_snapshots_are_listed_newest_first_with_reason_time_and_size(book):
    first = snapshot(book, reason="scheduled")
    second = snapshot_before_apply(book)
    listed = list_snapshots(book.path)
    assert [s["name"] for s in listed] == [second.name, first.name]
    assert [s["reason"] for s in listed] == ["before-apply", "scheduled"]
    assert all(s["size_bytes"] > 0 and s["created_at"].endswith("+00:00") for s in listed)
    assert first.name.endswith("-scheduled") and first.parent == book.path / "backups"


def test_only_the_newest_snapshots_are_kept(book):
    taken = [snapshot(book, reason=f"n{i}", keep=3).name for i in range(5)]
    assert [s["name"] for s in list_snapshots(book.path)] == taken[:1:-1]


def test_restore_refuses_an_open_book_and_changes_nothing(book):
    taken = snapshot(book, reason="manual")
    book.journal.apply(LATER, source="test")
    with pytest.raises(BookLockedError, match="close it before restoring"):
        restore(book.path, taken.name)
    assert book.facts.counts()["item"] == 1
    assert [s["name"] for s in list_snapshots(book.path)] == [taken.name]


def test_restore_first_snapshots_what_it_replaces_so_a_restore_can_be_undone(book):
    taken = snapshot(book, reason="manual")
    book.journal.apply(LATER, source="test")
    later = state(book)
    book.close()

    result = restore(book.path, taken.name)
    assert result["restored"] == taken.name
    assert list_snapshots(book.path)[0] == {**list_snapshots(book.path)[0], "name": result["pre_restore"],
                                            "reason": "pre-restore"}
    restore(book.path, result["pre_restore"])
    with Book.open(book.path) as reopened:
        assert state(reopened) == later


def test_restore_repairs_a_book_whose_archive_was_damaged(book):
    taken = snapshot(book, reason="manual")
    expected = state(book)
    book.close()
    (book.path / "archive.sqlite").write_bytes(b"\x00garbage" * 4096)
    with pytest.raises(BookCorruptError):
        Book.open(book.path)

    restore(book.path, taken.name)
    with Book.open(book.path) as repaired:
        assert state(repaired) == expected


def test_a_damaged_or_unknown_snapshot_is_refused_and_the_book_left_alone(book):
    taken = snapshot(book, reason="manual")
    before = state(book)
    book.close()
    packed = (taken / "facts.kuzu.gz").read_bytes()
    with gzip.open(taken / "facts.kuzu.gz", "wb") as f:
        f.write(b"")
    with pytest.raises(BookError, match=r"cannot be restored: .*facts\.kuzu\.gz is empty"):
        restore(book.path, taken.name)
    (taken / "facts.kuzu.gz").write_bytes(b"not gzip at all")
    with pytest.raises(BookError, match=r"cannot be restored: .*facts\.kuzu\.gz is damaged"):
        restore(book.path, taken.name)
    flipped = bytearray(packed)
    flipped[len(flipped) // 2] ^= 0xFF  # deep inside: only unpacking the whole file finds it
    (taken / "facts.kuzu.gz").write_bytes(bytes(flipped))
    with pytest.raises(BookError, match=r"is damaged \(facts\.kuzu: .*the book was not changed"):
        restore(book.path, taken.name)
    for name in ("no-such-snapshot", "../novel", ".partial-x"):
        with pytest.raises(BookError, match="no snapshot"):
            restore(book.path, name)
    with Book.open(book.path) as reopened:
        assert state(reopened) == before


def test_snapshots_taken_while_another_thread_writes_are_each_consistent(book, tmp_path):
    stop = threading.Event()
    errors = []

    def write() -> None:
        n = 0
        try:
            while not stop.is_set():
                n += 1
                book.journal.apply({"chapter": n, "entities": [{"kind": "Character", "name": f"路人{n}"}],
                                    "settings": [{"title": f"设定{n}", "body": "x"}]}, source="writer")
                book.archive.add_message(1, "user", f"message {n}")
        except BaseException as exc:  # surfaced below: a writer failure must fail the test
            errors.append(exc)

    writer = threading.Thread(target=write)
    writer.start()
    try:
        taken = [snapshot(book, reason=f"during-{i}") for i in range(3)]
    finally:
        stop.set()
        writer.join()
    assert errors == []
    book.close()
    for shot in taken:
        copy = unpacked(shot, tmp_path / shot.name)
        with Book.open(copy) as opened:  # opening finishes any settlement caught between two stores
            applied = [e for e in opened.journal.entries() if e["source"] == "writer"]
            assert all(e["state"] == "applied" for e in applied)
            assert opened.facts.counts()["character"] == 1 + len(applied)
            assert len(opened.archive.settings()) == 1 + len(applied)


def unpacked(shot, folder):
    """A snapshot's files laid out as a book folder, beside the original."""
    folder.mkdir()
    shutil.copyfile(shot / "book.json", folder / "book.json")
    for packed in shot.glob("*.gz"):
        with gzip.open(packed, "rb") as src:
            (folder / packed.name[:-3]).write_bytes(src.read())
    return folder


CRASH_MID_SNAPSHOT = textwrap.dedent("""
    import os, signal, sys
    from desktop.book import backup
    from desktop.book.book import Book
    def die(*args, **kwargs):
        os.kill(os.getpid(), signal.SIGKILL)
    backup._finish = die
    book = Book.open(sys.argv[1])
    backup.snapshot(book, reason="doomed")
""")


def test_a_snapshot_killed_half_way_is_never_listed_and_is_cleared_later(book):
    book.close()
    proc = subprocess.run([sys.executable, "-c", CRASH_MID_SNAPSHOT, str(book.path)])
    assert proc.returncode == -9
    assert list_snapshots(book.path) == []
    assert any(p.name.startswith(".partial-") for p in (book.path / "backups").iterdir())
    with Book.open(book.path) as reopened:
        snapshot(reopened, reason="next")
    assert [p.name.endswith("-next") for p in (book.path / "backups").iterdir()] == [True]


def test_prune_keeps_a_protected_snapshot(book):
    names = [snapshot(book, reason=f"n{i}").name for i in range(3)]
    assert prune(book.path, 1, protect={names[0]}) == [names[1]]
    assert sorted(s["name"] for s in list_snapshots(book.path)) == [names[0], names[2]]


def test_the_manifest_says_what_the_snapshot_holds(book):
    taken = snapshot(book, reason="manual")
    manifest = json.loads((taken / "snapshot.json").read_text(encoding="utf-8"))
    assert manifest["title"] == "武动" and manifest["last_settlement"] == 1
    assert set(manifest["files"]) == {"archive.sqlite.gz", "book.json", "facts.kuzu.gz", "plan.kuzu.gz"}


def test_snapshots_are_small_because_they_are_packed(book):
    taken = snapshot(book, reason="manual")
    on_disk = sum((book.path / f).stat().st_size for f in ("facts.kuzu", "plan.kuzu"))
    assert list_snapshots(book.path)[0]["size_bytes"] < on_disk / 10


KILLED_AFTER_APPLY = textwrap.dedent("""
    import json, os, signal, sys
    from desktop.book.book import Book
    book = Book.open(sys.argv[1])
    book.journal.apply(json.loads(sys.argv[2]), source="test")
    os.kill(os.getpid(), signal.SIGKILL)
""")


def test_undoing_a_restore_of_a_crashed_book_brings_back_what_only_its_logs_held(book, tmp_path):
    taken = snapshot(book, reason="manual")
    book.close()
    proc = subprocess.run([sys.executable, "-c", KILLED_AFTER_APPLY, str(book.path), json.dumps(LATER)])
    assert proc.returncode == -9
    assert (book.path / "facts.kuzu.wal").exists()  # the kill left the graph's log unmerged

    result = restore(book.path, taken.name)
    assert not (book.path / "facts.kuzu.wal").exists()
    with Book.open(book.path) as restored:
        assert restored.facts.entity("祖石") is None
    restore(book.path, result["pre_restore"])
    with Book.open(book.path) as back:
        assert back.facts.entity("祖石") is not None
        assert [e["state"] for e in back.journal.entries()] == ["applied", "applied"]


def test_automatic_snapshots_rotate_among_themselves_and_never_push_out_a_manual_one(book):
    manual = snapshot(book, reason="manual", keep=2).name
    automatic = [snapshot_before_apply(book, keep=2).name for _ in range(4)]
    assert [s["name"] for s in list_snapshots(book.path)] == [automatic[3], automatic[2], manual]
