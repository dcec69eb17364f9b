"""A book folder someone sent cannot write outside itself; a damaged graph or archive is named, never a crash."""

from __future__ import annotations

import sqlite3

import pytest

from desktop.book.backup import list_snapshots, snapshot
from desktop.book.book import Book, BookMeta
from desktop.book.errors import BookCorruptError, BookError
from desktop.book.files import replace_file
from desktop.book.graphprobe import OPEN_MARKER, graph_damage
from desktop.config import Settings
from desktop.doctor import report

DOC = {"chapter": 1, "entities": [{"kind": "Character", "name": "林动", "summary": "少年" * 50}],
       "settings": [{"title": f"设定{i}", "body": "山海" * 400} for i in range(40)]}


@pytest.fixture
def closed_book(tmp_path):
    with Book.create(tmp_path / "novel", title="武动") as book:
        book.journal.apply(DOC, source="test")
    return tmp_path / "novel"


@pytest.fixture
def victim(tmp_path):
    """A file outside the book that a planted link points at."""
    outside = tmp_path / "outside.txt"
    outside.write_text("the author's own file", encoding="utf-8")
    return outside


@pytest.mark.parametrize("name", ["facts.kuzu.wal", "archive.sqlite-wal", "book.json", ".inkstone.lock", "backups"])
def test_a_book_whose_own_files_are_links_is_refused_and_nothing_outside_is_touched(closed_book, victim, name):
    target = closed_book / name
    if target.is_dir():
        target.rmdir()
    target.unlink(missing_ok=True)
    target.symlink_to(victim)
    with pytest.raises(BookError, match=rf"{name} is a link .*outside the book"):
        Book.open(closed_book)
    assert victim.read_text(encoding="utf-8") == "the author's own file"


def test_a_planted_temp_file_link_is_replaced_not_written_through(closed_book, victim):
    (closed_book / "book.json.tmp").symlink_to(victim)
    meta = BookMeta.read(closed_book)
    meta.write(closed_book)
    assert victim.read_text(encoding="utf-8") == "the author's own file"
    assert not (closed_book / "book.json.tmp").exists() and BookMeta.read(closed_book).title == "武动"


def test_settings_are_saved_without_following_a_planted_link(tmp_path, victim):
    config = tmp_path / "config" / "settings.toml"
    config.parent.mkdir()
    (config.parent / "settings.toml.tmp").symlink_to(victim)
    Settings(theme="dark").save(config)
    assert Settings.load(config).theme == "dark"
    assert victim.read_text(encoding="utf-8") == "the author's own file"


def test_a_file_put_in_place_replaces_a_link_there_instead_of_writing_where_it_points(tmp_path, victim):
    (tmp_path / "note.json").symlink_to(victim)
    replace_file(tmp_path / "note.json", "{}")
    assert not (tmp_path / "note.json").is_symlink() and victim.read_text(encoding="utf-8") == "the author's own file"


def flip_middle(path, count=4096):
    data = bytearray(path.read_bytes())
    middle = len(data) // 2
    for i in range(middle, min(middle + count, len(data))):
        data[i] ^= 0xFF
    path.write_bytes(bytes(data))


def test_a_bit_flipped_graph_is_named_by_a_child_process_and_the_book_refused(closed_book):
    flip_middle(closed_book / "facts.kuzu")
    damage = graph_damage(closed_book)
    assert len(damage) == 1 and "facts graph" in damage[0] and "is damaged" in damage[0]
    (closed_book / OPEN_MARKER).write_bytes(b"")  # as a crash inside Kuzu leaves it
    with pytest.raises(BookCorruptError, match=r"facts graph .* is damaged.*inkstone restore"):
        Book.open(closed_book)


def test_a_graph_changed_behind_inkstones_back_is_probed_on_the_very_first_open(closed_book):
    flip_middle(closed_book / "facts.kuzu")  # no crash marker: only the file is not as the last close left it
    with pytest.raises(BookCorruptError, match=r"facts graph .* is damaged"):
        Book.open(closed_book)


def test_a_book_as_its_last_clean_close_left_it_opens_without_the_probe(closed_book, monkeypatch):
    probes = []
    monkeypatch.setattr("desktop.book.graphprobe.graph_damage", lambda folder: probes.append(folder) or [])
    with Book.open(closed_book):
        pass
    with Book.open(closed_book):
        pass
    assert probes == []


def test_a_whole_book_passes_the_graph_probe_and_a_clean_close_leaves_no_marker(closed_book):
    assert graph_damage(closed_book) == []
    assert not (closed_book / OPEN_MARKER).exists()
    (closed_book / OPEN_MARKER).write_bytes(b"")  # an earlier crash: the probe runs, finds nothing, the book opens
    with Book.open(closed_book) as book:
        assert book.facts.entity("林动") is not None


def test_doctor_names_a_damaged_graph_instead_of_crashing(closed_book):
    flip_middle(closed_book / "facts.kuzu")
    found = report(Settings(), closed_book)["book"]
    assert "facts graph" in found["error"] and "is damaged" in found["error"]


def corrupt_archive_pages(path):
    """Scramble table pages deep in the archive, leaving its header and schema readable."""
    connection = sqlite3.connect(path)
    page_size = connection.execute("PRAGMA page_size").fetchone()[0]
    pages = connection.execute("PRAGMA page_count").fetchone()[0]
    connection.close()
    data = bytearray(path.read_bytes())
    for page in range(pages // 2, pages // 2 + 3):
        start = page * page_size + 8
        data[start:start + 64] = b"\xa5" * 64
    path.write_bytes(bytes(data))


def test_a_corrupt_archive_is_never_backed_up_and_doctor_reports_it(closed_book):
    corrupt_archive_pages(closed_book / "archive.sqlite")
    with Book.open(closed_book) as book:
        with pytest.raises(BookCorruptError, match=r"archive\.sqlite is damaged .*no snapshot was made"):
            snapshot(book, reason="manual")
    assert list_snapshots(closed_book) == []
    assert report(Settings(), closed_book)["book"]["archive_damage"]
