"""Settlement ids are never handed out twice, even when the archive loses its latest writes (a lost WAL, an
old archive file copied back); and wherever the journal and the graphs disagree, opening the book says so."""

from __future__ import annotations

import logging
import shutil

from desktop.book.book import Book
from desktop.book.preflight import ARCHIVE_FILE


def person(name: str, chapter: int) -> dict:
    return {"chapter": chapter, "entities": [{"kind": "Character", "name": name}]}


def archive_files(path):
    return sorted(path.glob(ARCHIVE_FILE + "*"))


def test_after_the_archive_loses_its_last_settlements_a_new_one_still_reaches_the_graphs(tmp_path, caplog):
    path, saved = tmp_path / "novel", tmp_path / "old-archive"
    with Book.create(path, title="武动") as book:
        book.journal.apply(person("林动", 1), source="test")
    saved.mkdir()
    for file in archive_files(path):  # the archive as it was after settlement 1
        shutil.copy2(file, saved / file.name)
    with Book.open(path) as book:
        assert [book.journal.apply(person(name, 2), source="test").settlement_id for name in ("张三", "王五")] == [2, 3]
    for file in archive_files(path):  # settlements 2 and 3 are lost from the journal, not from the graphs
        file.unlink()
    for file in saved.iterdir():
        shutil.copy2(file, path / file.name)

    with caplog.at_level(logging.WARNING), Book.open(path) as book:
        assert book.gaps == ["the fact graph holds settlements the journal does not have as applied: 2, 3",
                             "the plan graph holds settlements the journal does not have as applied: 2, 3"]
        assert "journal and graphs disagree" in caplog.text
        new = book.journal.apply(person("赵六", 3), source="test")
        assert new.settlement_id == 4 and new.applied == {"entities": 1}  # not skipped as "already applied"
        assert book.facts.entity("赵六") is not None
        assert book.journal.undo(4)["state"] == "undone" and book.facts.entity("张三") is not None


def test_an_applied_settlement_missing_from_a_graph_is_reported(tmp_path):
    with Book.create(tmp_path / "novel", title="武动") as book:
        sid = book.journal.apply(person("林动", 1), source="test").settlement_id
        assert book.journal.reconcile() == []
        book.plan.unmark_settlement(sid)  # as if the plan graph came back from an older copy
    with Book.open(tmp_path / "novel") as book:
        assert book.gaps == [f"settlements the journal has as applied are missing from the plan graph: {sid}"]
