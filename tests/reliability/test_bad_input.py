"""Bad input, made by the tests: each gets one clear message, the book is left unchanged and keeps working."""

from __future__ import annotations

import ctypes
import hashlib
import json
import os
import subprocess
import sys
import textwrap
import time

import pytest

from desktop.book.book import Book
from desktop.book.errors import BookCorruptError, DocumentError
from desktop.book.preflight import check_book_folder, store_problems

BASE = {
    "chapter": 3,
    "entities": [{"kind": "Character", "name": "林动", "attributes": {"realm": "淬体三重"}},
                 {"kind": "Item", "name": "祖石"}],
    "relations": [{"type": "OWNS", "from": "林动", "to": "祖石"}],
    "settings": [{"title": "境界", "body": "淬体"}],
    "plan": [{"level": "GeneralOutline", "title": "总纲", "status": "InProgress"}],
}
GOOD = {"chapter": 4, "entities": [{"kind": "Location", "name": "青阳镇"}]}
STORES = ("facts.kuzu", "plan.kuzu", "archive.sqlite")


def story(book: Book) -> tuple:
    return (book.facts.snapshot(None), book.plan.tree(), book.archive.settings(),
            [(m["id"], m["content"]) for m in book.archive.all_messages()],
            [(e["id"], e["state"]) for e in book.journal.entries()], book.archive.counts())


def file_hashes(folder) -> dict:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir()) if p.is_file()}


@pytest.fixture(scope="module")
def closed_book(tmp_path_factory):
    """A small book on disk, closed; tests copy it before they damage it."""
    path = tmp_path_factory.mktemp("base") / "novel"
    with Book.create(path, title="武动", language="zh") as book:
        book.journal.apply(BASE, source="test")
        task = book.archive.create_task("人物", "chat")
        book.archive.add_message(task["id"], "user", "林动现在什么境界？")
    return path


@pytest.fixture
def copy_of(closed_book, tmp_path):
    def make(name: str = "copy"):
        target = tmp_path / name
        target.mkdir()
        for f in closed_book.iterdir():
            if f.is_file():
                (target / f.name).write_bytes(f.read_bytes())
        return target
    return make


@pytest.fixture
def book(copy_of):
    opened = Book.open(copy_of())
    yield opened
    opened.close()


# -- settlement documents ---------------------------------------------------------------------

BAD_DOCUMENTS = {
    "not-an-object": ([{"entities": []}], "must be a JSON object"),
    "missing-name": ({"entities": [{"kind": "Character"}]}, r"entities/0: 'name' is a required property"),
    "missing-relation-end": ({"relations": [{"type": "OWNS", "from": "林动"}]}, r"relations/0: 'to' is a required"),
    "chapter-as-text": ({"chapter": "twelve"}, r"chapter: 'twelve' is not of type 'integer', 'null'"),
    "negative-chapter": ({"chapter": -1}, r"chapter: -1 is less than the minimum of 0"),
    "name-as-number": ({"entities": [{"kind": "Item", "name": 5}]}, r"entities/0/name: 5 is not of type 'string'"),
    "section-as-text": ({"entities": "林动"}, r"entities: '林动' is not of type 'array'"),
    "nested-attribute": ({"entities": [{"name": "林动", "attributes": {"realm": {"level": 3}}}]},
                         r"entities/0/attributes/realm: .* is not of type"),
    "unknown-kind": ({"entities": [{"kind": "Dragon", "name": "龙"}]}, r"entities/0/kind: 'Dragon' is not one of"),
    "unknown-section": ({"monsters": []}, r"'monsters' was unexpected"),
    "unknown-plan-level": ({"plan": [{"level": "Saga", "title": "x"}]}, r"plan/0/level: 'Saga' is not one of"),
    "unknown-status": ({"hooks": [{"name": "玉佩", "status": "Maybe"}]}, r"hooks/0/status: 'Maybe' is not one of"),
    "blank-name": ({"entities": [{"kind": "Item", "name": "   "}]}, r"entities/0: name is blank"),
    "unknown-entity": ({"relations": [{"type": "OWNS", "from": "无名", "to": "祖石"}]},
                       r"relations: unknown entity '无名'"),
    "new-entity-without-kind": ({"entities": [{"name": "路人"}]}, r"entity '路人' is new and needs a kind"),
    "end-without-relation": ({"ends": [{"type": "HATES", "from": "林动", "to": "祖石"}]},
                             r"ends: no open HATES from '林动' to '祖石'"),
    # An outline whose parent is missing is no longer refused: its parent is made (tests/book/test_plan_parents.py).
    "plan-steps-on-a-volume": ({"plan": [{"level": "LongOutline", "title": "x", "steps": [{"kind": "Start"}]}]},
                               r"only a ShortOutline has steps"),
    "too-many-items": ({"settings": [{"title": f"t{i}", "body": "b"} for i in range(20_001)]},
                       r"document has 20001 items; the limit is 20000 — split it"),
}


@pytest.mark.parametrize("doc, message", BAD_DOCUMENTS.values(), ids=BAD_DOCUMENTS.keys())
def test_a_bad_settlement_document_is_refused_with_one_clear_message_and_nothing_changes(book, doc, message):
    before = story(book)
    with pytest.raises(DocumentError, match=message) as refused:
        book.journal.apply(doc, source="bad")
    assert "\n" not in str(refused.value)
    assert story(book) == before
    book.journal.apply(GOOD, source="good")  # the same open book goes on working
    assert book.facts.entity("青阳镇") is not None


def test_the_command_line_prints_one_line_and_exits_non_zero(copy_of, tmp_path, capsys, monkeypatch):
    from desktop.cli import main

    monkeypatch.setenv("INKSTONE_CONFIG", str(tmp_path / "settings.toml"))
    monkeypatch.setenv("INKSTONE_DATA_DIR", str(tmp_path / "data"))
    path = copy_of()
    with Book.open(path) as book:
        before = story(book)
    document = tmp_path / "bad.json"
    document.write_text(json.dumps({"entities": [{"kind": "Dragon", "name": "龙"}]}), encoding="utf-8")
    assert main(["apply", str(path), str(document)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("inkstone: error: entities/0/kind: 'Dragon' is not one of") and err.count("\n") == 1
    document.write_bytes(b"\xff\xfe garbage")
    assert main(["apply", str(path), str(document)]) == 1
    assert "not a readable JSON document" in capsys.readouterr().err
    with Book.open(path) as book:
        assert story(book) == before


HOSTILE_NAMES = [
    'O\'Brien', '林"动', "'}) MATCH (n) DETACH DELETE n //", "$id", "\\", "`Character`", "{name: 'x'}",
    ") RETURN 1; DROP TABLE settings; --", "名字\u202e反向", "🐉龙", "a" * 200,
]


def test_names_with_quotes_and_cypher_are_stored_as_written_and_harm_nothing(book):
    before = story(book)
    doc = {
        "chapter": 5,
        "entities": [{"kind": "Character", "name": name, "summary": name, "attributes": {name[:64]: name}}
                     for name in HOSTILE_NAMES],
        "relations": [{"type": "OWNS`]->() DELETE r //", "from": HOSTILE_NAMES[2], "to": "祖石",
                       "properties": {"reason": "') DETACH DELETE n"}}],
        "hooks": [{"name": "\"; MATCH (h:Hook) DELETE h", "involves": [HOSTILE_NAMES[0]]}],
        "settings": [{"title": "'; DROP TABLE settings; --", "category": "x\" OR 1=1", "body": HOSTILE_NAMES[2]}],
        "plan": [{"level": "LongOutline", "title": "卷'})-[:CONTAINS]->(x) DELETE x", "parent": "总纲"}],
    }
    sid = book.journal.apply(doc, source="hostile").settlement_id
    for name in HOSTILE_NAMES:
        found = book.facts.entity(name)
        assert found is not None and found["name"] == name and found["summary"] == name
    [owns] = book.facts.relations_between(HOSTILE_NAMES[2], "祖石")
    assert owns["type"] == "OWNS`]->() DELETE r //" and owns["properties"] == {"reason": "') DETACH DELETE n"}
    assert book.archive.setting("'; DROP TABLE settings; --")["body"] == HOSTILE_NAMES[2]
    assert book.facts.entity("林动") is not None and book.facts.counts()["relations"] == 2
    book.journal.undo(sid)
    assert story(book)[:3] == before[:3]


@pytest.mark.slow
def test_a_ten_thousand_item_document_applies_within_a_sane_time(book):
    doc = {"chapter": 9, "entities": [{"kind": "Character", "name": f"群像{i}"} for i in range(10_000)]}
    started = time.monotonic()
    book.journal.apply(doc, source="big")
    seconds = time.monotonic() - started
    assert book.facts.counts()["character"] == 10_001
    assert seconds < 300, f"10k entities took {seconds:.0f} s"


# -- a damaged book folder ------------------------------------------------------------------------


@pytest.mark.parametrize("store", STORES)
def test_a_deleted_database_is_named_and_nothing_else_is_touched(copy_of, store):
    path = copy_of()
    (path / store).unlink()
    before = file_hashes(path)
    with pytest.raises(BookCorruptError, match=f"missing {store}; restore it from a backup"):
        Book.open(path)
    assert file_hashes(path) == before


def damage(path, store, how):
    data = (path / store).read_bytes()
    if how == "garbage":
        data = bytes((b * 7 + 13) % 256 for b in data[:65536])
    elif how == "empty":
        data = b""
    elif how == "truncated-header":
        data = data[:3]
    (path / store).write_bytes(data)


DAMAGE = [
    pytest.param("facts.kuzu", "garbage", "not a Kuzu graph database|not a valid Kuzu", id="facts-garbage"),
    pytest.param("plan.kuzu", "garbage", r"plan\.kuzu is not a Kuzu graph database", id="plan-garbage"),
    pytest.param("archive.sqlite", "garbage", r"archive\.sqlite is not a SQLite database", id="archive-garbage"),
    pytest.param("facts.kuzu", "empty", r"facts\.kuzu is empty", id="facts-empty"),
    pytest.param("archive.sqlite", "empty", r"archive\.sqlite is empty", id="archive-empty"),
    pytest.param("plan.kuzu", "truncated-header", r"plan\.kuzu is not a Kuzu graph database", id="plan-truncated"),
]


@pytest.mark.parametrize("store, how, message", DAMAGE)
def test_a_damaged_database_is_refused_clearly_and_no_file_is_touched(copy_of, store, how, message):
    path = copy_of()
    damage(path, store, how)
    before = file_hashes(path)
    with pytest.raises(BookCorruptError, match=message):
        Book.open(path)
    assert file_hashes(path) == before


@pytest.mark.parametrize("store, how, message", [p.values for p in DAMAGE], ids=[p.id for p in DAMAGE])
def test_the_preflight_check_names_every_damaged_store_before_any_database_opens(copy_of, store, how, message):
    path = copy_of()
    damage(path, store, how)
    before = file_hashes(path)
    with pytest.raises(BookCorruptError, match=store.replace(".", r"\.")) as refused:
        check_book_folder(path)
    assert "restore the book from a snapshot" in str(refused.value)
    assert file_hashes(path) == before


def test_the_other_stores_keep_their_data_when_one_is_damaged(copy_of, closed_book):
    path = copy_of()
    damage(path, "archive.sqlite", "garbage")
    with pytest.raises(BookCorruptError):
        Book.open(path)
    (path / "archive.sqlite").write_bytes((closed_book / "archive.sqlite").read_bytes())
    with Book.open(path) as repaired, Book.open(copy_of("reference")) as reference:
        assert story(repaired) == story(reference)


def test_a_whole_book_passes_the_preflight_check(copy_of):
    path = copy_of()
    assert store_problems(path) == []
    check_book_folder(path)


# -- a read-only folder ------------------------------------------------------------------------------

READ_ONLY_OPEN = textwrap.dedent("""
    import json, sys
    from desktop.book.book import Book
    try:
        Book.open(sys.argv[1]).close()
        print(json.dumps({"opened": True}))
    except Exception as exc:
        print(json.dumps({"error": type(exc).__name__, "bookerror": isinstance(exc, __import__(
            "desktop.book.errors", fromlist=["BookError"]).BookError), "message": str(exc)}))
""")


def _without_permission_override() -> None:
    # Root ignores permission bits through CAP_DAC_OVERRIDE and friends; dropping
    # them from the bounding set before exec makes the child an ordinary user of the files.
    libc = ctypes.CDLL(None, use_errno=True)
    for capability in (1, 2, 3):  # CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH, CAP_FOWNER
        if libc.prctl(24, capability, 0, 0, 0) != 0:  # PR_CAPBSET_DROP
            raise OSError(ctypes.get_errno(), "cannot drop capabilities")


def open_read_only(path) -> dict:
    os.chmod(path, 0o555)
    for f in path.iterdir():
        os.chmod(f, 0o444)
    try:
        preexec = _without_permission_override if os.geteuid() == 0 else None
        proc = subprocess.run([sys.executable, "-c", READ_ONLY_OPEN, str(path)], capture_output=True, text=True,
                              preexec_fn=preexec, timeout=120)
    finally:
        os.chmod(path, 0o755)
        for f in path.iterdir():
            os.chmod(f, 0o644)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


def _can_drop_permissions() -> bool:
    if sys.platform != "linux":
        return False
    if os.geteuid() != 0:
        return True
    probe = subprocess.run([sys.executable, "-c", "pass"], preexec_fn=_without_permission_override,
                           capture_output=True)
    return probe.returncode == 0


needs_permissions = pytest.mark.skipif(not _can_drop_permissions(),
                                       reason="cannot make a folder read-only to this process here")


@needs_permissions
def test_a_read_only_book_is_left_unchanged(copy_of):
    path = copy_of()
    before = file_hashes(path)
    outcome = open_read_only(path)
    assert "opened" not in outcome
    assert file_hashes(path) == before


@needs_permissions
def test_a_read_only_book_is_refused_with_one_clear_message(copy_of):
    outcome = open_read_only(copy_of())
    assert outcome["bookerror"] and "is read-only" in outcome["message"]


# -- a full disk (a file size limit in a child process stands in for it) ----------------------------

FULL_DISK = textwrap.dedent("""
    import json, os, resource, signal, sys
    from desktop.book import backup
    from desktop.book.book import Book
    book = Book.open(sys.argv[1])
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # fail the write with EFBIG rather than kill the process
    resource.setrlimit(resource.RLIMIT_FSIZE, (int(sys.argv[2]), resource.RLIM_INFINITY))

    def attempt(name, fn):
        try:
            fn()
            outcome = {"ok": True}
        except Exception as exc:
            from desktop.book.errors import BookError
            outcome = {"ok": False, "bookerror": isinstance(exc, BookError), "message": str(exc)}
        print(json.dumps({"what": name, **outcome}, ensure_ascii=False), flush=True)

    big = {"chapter": 8, "entities": [{"kind": "Character", "name": f"人物{i}", "summary": "长" * 400}
                                      for i in range(600)]}
    attempt("message", lambda: book.archive.add_message(1, "user", "长" * 1_000_000))
    attempt("chapter", lambda: book.archive.replace_chapter(
        7, "第七章", "字" * 600_000, volume=None, heading="第七章", source_path="x", content_hash="h",
        chunks=[{"seq": n, "text": "字" * 1000, "start": n * 1000, "end": n * 1000 + 1000} for n in range(600)]))
    attempt("settlement", lambda: book.journal.apply(big, source="big"))
    attempt("snapshot", lambda: backup.snapshot(book, reason="full"))
    book.close()
""")


def fill_disk(path, limit: int) -> list[dict]:
    proc = subprocess.run([sys.executable, "-c", FULL_DISK, str(path), str(limit)], capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return [json.loads(line) for line in proc.stdout.splitlines() if line.startswith("{")]


@pytest.fixture
def full_disk(copy_of):
    """A book into which a child process wrote with the disk 'full' past 1 MiB; (path, outcomes, story before)."""
    path = copy_of()
    with Book.open(path) as book:
        before = story(book)
    outcomes = {o["what"]: o for o in fill_disk(path, 1 << 20)}
    return path, outcomes, before


@pytest.mark.skipif(sys.platform != "linux", reason="RLIMIT_FSIZE stands in for a full disk on Linux")
def test_writes_refused_by_a_full_disk_leave_the_book_as_it_was(full_disk):
    path, outcomes, before = full_disk
    assert not outcomes["message"]["ok"] and not outcomes["chapter"]["ok"] and not outcomes["snapshot"]["ok"]
    with Book.open(path) as book:
        after = story(book)
        states = [e["state"] for e in book.journal.entries()]
        characters = book.facts.counts()["character"]
    assert after[3] == before[3]  # the refused message is not there, the earlier one is
    assert (after[5]["chapters"], after[5]["chunks"]) == (before[5]["chapters"], before[5]["chunks"])  # no half chapter
    # The big settlement was refused before it reached the journal, or it was confirmed and is now whole.
    assert states in (["applied"], ["applied", "applied"])
    assert characters == 1 + (600 if len(states) == 2 else 0)
    assert not any(p.name.startswith(".partial") for p in (path / "backups").iterdir())


@pytest.mark.skipif(sys.platform != "linux", reason="RLIMIT_FSIZE stands in for a full disk on Linux")
def test_a_snapshot_on_a_full_disk_says_so(full_disk):
    _, outcomes, _ = full_disk
    snapshot = outcomes["snapshot"]
    assert snapshot["bookerror"] and "the disk is full" in snapshot["message"]
    assert "the book itself is unchanged" in snapshot["message"]


@pytest.mark.skipif(sys.platform != "linux", reason="RLIMIT_FSIZE stands in for a full disk on Linux")
def test_a_write_refused_by_a_full_disk_is_one_clear_message_naming_the_file(full_disk):
    _, outcomes, _ = full_disk
    for what in ("message", "chapter"):
        assert outcomes[what]["bookerror"], outcomes[what]
        assert "archive.sqlite" in outcomes[what]["message"] and "disk is full" in outcomes[what]["message"]
