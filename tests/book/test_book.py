"""A book folder end to end: create, reopen, lock, journal, and repair after a kill -9 mid-settlement."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

from desktop.book.book import Book, BookMeta
from desktop.book.errors import BookCorruptError, BookError, BookLockedError, DocumentError

DOC = {
    "chapter": 12,
    "entities": [
        {"kind": "Character", "name": "林动", "aliases": ["小动"], "attributes": {"realm": "淬体三重"}},
        {"kind": "Character", "name": "张三"},
        {"kind": "Item", "name": "青锋剑"},
    ],
    "relations": [{"type": "OWNS", "from": "林动", "to": "青锋剑", "properties": {"reason": "比武"}}],
    "hooks": [{"name": "玉佩的秘密", "description": "玉佩发光", "planted_in": 3, "involves": ["林动"]}],
    "settings": [{"title": "修炼境界", "category": "power_system", "body": "淬体、地元、天元"}],
    "plan": [
        {"level": "GeneralOutline", "title": "总纲"},
        {"level": "LongOutline", "title": "第一卷", "parent": "总纲", "status": "InProgress"},
        {"level": "ShortOutline", "title": "比武", "parent": "第一卷", "storyline": "protagonist",
         "status": "InProgress", "chapters": [10, 20], "steps": [{"kind": "Start", "status": "InProgress"}]},
    ],
}


@pytest.fixture
def book(tmp_path):
    opened = Book.create(tmp_path / "novel.inkstone", title="武动", language="zh")
    yield opened
    opened.close()


def graph_state(book: Book) -> tuple:
    return (book.facts.snapshot(None), book.plan.tree(), book.archive.settings(), book.facts.counts())


def test_a_new_book_is_a_folder_with_its_four_stores(tmp_path):
    with Book.create(tmp_path / "b", title="红楼梦", language="zh"):
        pass
    assert sorted(p.name for p in (tmp_path / "b").iterdir() if not p.name.startswith(".")) >= [
        "archive.sqlite", "book.json", "facts.kuzu", "plan.kuzu"]
    meta = BookMeta.read(tmp_path / "b")
    assert (meta.title, meta.language, meta.schema_version) == ("红楼梦", "zh", 1)


def test_a_book_cannot_be_opened_twice(book):
    with pytest.raises(BookLockedError, match="already open"):
        Book.open(book.path)


def test_a_crashed_process_does_not_leave_the_book_locked(tmp_path):
    path = tmp_path / "b"
    Book.create(path, title="t").close()
    script = f"import os, signal\nfrom desktop.book.book import Book\nb = Book.open({str(path)!r})\nos.kill(os.getpid(), signal.SIGKILL)\n"
    assert subprocess.run([sys.executable, "-c", script]).returncode == -9
    Book.open(path).close()


def test_a_missing_database_is_a_clear_error_and_nothing_is_recreated(tmp_path):
    path = tmp_path / "b"
    Book.create(path, title="t").close()
    (path / "plan.kuzu").unlink()
    with pytest.raises(BookCorruptError, match="missing plan.kuzu"):
        Book.open(path)
    assert not (path / "plan.kuzu").exists()


def test_a_folder_that_is_not_a_book_is_refused(tmp_path):
    with pytest.raises(BookError, match="not an Inkstone book"):
        Book.open(tmp_path)


def test_apply_goes_through_the_journal_to_both_graphs_and_the_settings_library(book):
    result = book.journal.apply(DOC, source="test")
    assert book.archive.journal_get(result.settlement_id)["state"] == "applied"
    assert result.applied["entities"] == 3 and result.applied["settings"] == 1
    assert book.facts.snapshot(12, entity="小动")["entities"][0]["attributes"] == {"realm": "淬体三重"}
    assert [p["outline"] for p in book.plan.pointer()] == ["比武"]
    assert book.archive.setting("修炼境界")["body"] == "淬体、地元、天元"


def test_undo_leaves_every_store_as_before(book):
    book.journal.apply({"chapter": 1, "entities": [{"kind": "Character", "name": "路人"}]}, source="test")
    before = graph_state(book)
    sid = book.journal.apply(DOC, source="test").settlement_id
    assert book.journal.undo(sid)["state"] == "undone"
    assert graph_state(book) == before


def test_a_bad_document_is_refused_before_anything_is_journaled(book):
    with pytest.raises(DocumentError, match="unknown entity"):
        book.journal.apply({"relations": [{"type": "OWNS", "from": "无名", "to": "剑"}]}, source="test")
    with pytest.raises(DocumentError, match="entities/0"):
        book.journal.apply({"entities": [{"kind": "Dragon", "name": "x"}]}, source="test")
    assert book.archive.journal_list() == []


CRASH = textwrap.dedent("""
    import json, os, signal, sys
    from desktop.book.book import Book
    from desktop.book import {module} as target
    path, doc = sys.argv[1], json.loads(sys.argv[2])
    real = target.{cls}.apply_settlement
    def apply_then_die(self, *args):
        {before}
        real(self, *args)
        os.kill(os.getpid(), signal.SIGKILL)
    target.{cls}.apply_settlement = apply_then_die
    book = Book.open(path)
    book.journal.apply(doc, source="crash-test")
""")


@pytest.mark.parametrize("module, cls, before", [
    ("facts", "FactGraph", "os.kill(os.getpid(), signal.SIGKILL)"),  # journaled, no graph touched
    ("facts", "FactGraph", "pass"),  # facts committed, plan not
    ("plan", "PlanGraph", "pass"),  # both graphs committed, settings and journal state not
], ids=["before-facts", "after-facts", "after-plan"])
def test_a_settlement_killed_between_sqlite_and_kuzu_is_repaired_on_reopen(tmp_path, module, cls, before):
    path = tmp_path / "b"
    Book.create(path, title="t").close()
    script = CRASH.format(module=module, cls=cls, before=before)
    proc = subprocess.run([sys.executable, "-c", script, str(path), json.dumps(DOC, ensure_ascii=False)])
    assert proc.returncode == -9

    with Book.open(path) as book:
        [entry] = book.archive.journal_list()
        assert entry["state"] == "applied"
        counts = book.facts.counts()
        assert (counts["character"], counts["item"], counts["hook"], counts["relations"]) == (2, 1, 1, 1)
        assert len(book.facts.state_history("林动")) == 1
        assert [p["outline"] for p in book.plan.pointer()] == ["比武"]
        assert len(book.archive.settings()) == 1
    with Book.open(path) as again:  # a second reopen finds nothing left to do
        assert again.journal.recover() == []
        assert again.facts.counts() == counts
