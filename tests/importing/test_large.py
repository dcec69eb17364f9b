"""A one-million-character manuscript: read, split, chunk and import in seconds."""

from __future__ import annotations

import time

import pytest

from desktop.book.archive import Archive
from desktop.importing.chunk import chunk_text
from desktop.importing.formats import read_document
from desktop.importing.pipeline import import_paths
from desktop.importing.split import split_chapters
from tests.bench.manuscript import generate_manuscript


def million_character_file(tmp_path):
    text = generate_manuscript(1_000_000)
    path = tmp_path / "百万字.txt"
    path.write_bytes(text.encode("gb18030"))
    return path, text


def test_a_million_character_gb18030_file_reads_splits_and_chunks_exactly(tmp_path):
    path, original = million_character_file(tmp_path)
    started = time.perf_counter()
    document = read_document(path)
    result = split_chapters(document.text, default_title="百万字")
    chunks = [chunk for chapter in result.chapters for chunk in chunk_text(chapter.text)]
    elapsed = time.perf_counter() - started
    assert document.text == original and document.encoding == "gb18030"
    assert [c.number for c in result.chapters] == list(range(1, len(result.chapters) + 1))
    assert len(result.chapters) > 300 and result.warnings == []
    assert sum(len(c.text) for c in chunks) > 1_000_000
    assert elapsed < 5, f"{elapsed:.1f}s"


@pytest.mark.slow
def test_a_million_character_file_imports_into_a_book(tmp_path):
    path, _ = million_character_file(tmp_path)
    archive = Archive(tmp_path / "archive.sqlite", 4)
    try:
        report = import_paths(archive, None, [path])
        assert report.errors == [] and report.characters > 1_000_000
        assert archive.counts()["chapters"] == report.chapters > 300
        assert archive.counts()["chunks"] == report.chunks
    finally:
        archive.close()
