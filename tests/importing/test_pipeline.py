"""Importing into a real book archive (SQLite) and fact graph (Kuzu): numbering, idempotence, bad files, cancel."""

from __future__ import annotations

from pathlib import Path

import pytest

from desktop.book.archive import Archive
from desktop.book.documents import validate
from desktop.book.facts import FactGraph
from desktop.importing.pipeline import ImportConflictError, import_paths
from desktop.progress import CancelToken

BODY = "　　林风御剑而行，脚下飞剑化作一道青虹。远处山巅之上，苏晴负手而立。"


@pytest.fixture
def archive(tmp_path):
    store = Archive(tmp_path / "archive.sqlite", 4)
    yield store
    store.close()


@pytest.fixture
def facts(tmp_path):
    graph = FactGraph(tmp_path / "facts.kuzu")
    graph.apply_settlement(1, validate({"chapter": 1, "entities": [
        {"kind": "Character", "name": "林风", "aliases": ["小风"]},
        {"kind": "Character", "name": "苏晴"},
        {"kind": "Character", "name": "贾宝玉", "aliases": ["宝玉"]},
        {"kind": "Location", "name": "大观园"},
    ]}))
    yield graph
    graph.close()


def write(path: Path, text: str, encoding: str = "utf-8") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode(encoding))
    return path


def chapter_numbers(archive) -> list[int]:
    return [row["number"] for row in archive.chapters()]


def chunk_ids(archive, number: int) -> list[int]:
    return [row["id"] for row in archive.chunks_of(archive.chapter_by_number(number)["id"])]


def test_hongloumeng_imports_as_120_searchable_chapters_linked_to_known_characters(tmp_path, archive, facts,
                                                                                   corpus_dir):
    report = import_paths(archive, facts, [corpus_dir / "zh" / "hongloumeng.txt"])
    assert (report.chapters, report.errors, report.unchanged) == (120, [], 0)
    [file] = report.files
    assert (file["path"], file["chapters"], file["encoding"]) == (str(corpus_dir / "zh" / "hongloumeng.txt"), 120,
                                                                  "utf-8")
    assert chapter_numbers(archive) == list(range(1, 121))
    assert archive.chapter_by_number(100)["heading"].startswith("第一零零回")
    assert archive.counts()["chunks"] == report.chunks > 120
    assert archive.counts()["embedded"] == 0  # embedding is the background worker's job
    hits = archive.keyword_search("宝玉", 5)
    assert hits and all("宝玉" in archive.chunk(chunk_id)["text"] for chunk_id, _ in hits)
    assert all("贾宝玉" in archive.chunk(chunk_id)["entity_list"] for chunk_id, _ in hits)
    mentioned_in = [row["chapter"] for row in facts.mentions_of("宝玉")]
    assert len(mentioned_in) > 100 and 3 in mentioned_in
    assert facts.mentions_of("林风") == []


def test_reimporting_the_same_files_changes_nothing(tmp_path, archive, facts, corpus_dir):
    text = (corpus_dir / "zh" / "hongloumeng.txt").read_text(encoding="utf-8")
    source = write(tmp_path / "红楼梦前二十回.txt", text[: text.index("第二十一回")], "gb18030")
    import_paths(archive, facts, [source])
    before = (archive.counts(), chunk_ids(archive, 17), facts.mentions_of("宝玉"))
    again = import_paths(archive, facts, [source])
    assert (again.chapters, again.unchanged, again.written) == (20, 20, [])
    assert (archive.counts(), chunk_ids(archive, 17), facts.mentions_of("宝玉")) == before


def test_an_edited_chapter_replaces_only_its_own_chunks_and_mentions(tmp_path, archive, facts):
    chapters = [f"第{n}章 标题{n}\n{BODY}\n" for n in (1, 2, 3)]
    source = write(tmp_path / "稿.txt", "".join(chapters))
    import_paths(archive, facts, [source])
    untouched = (chunk_ids(archive, 1), chunk_ids(archive, 3))
    old_two = chunk_ids(archive, 2)
    assert [row["chapter"] for row in facts.mentions_of("苏晴")] == [1, 2, 3]

    write(source, chapters[0] + "第2章 标题2\n　　大观园里只有林风一人。\n" + chapters[2])
    report = import_paths(archive, facts, [source], on_conflict="replace")
    assert (report.written, report.unchanged) == ([2], 2)
    assert (chunk_ids(archive, 1), chunk_ids(archive, 3)) == untouched
    assert not set(chunk_ids(archive, 2)) & set(old_two)
    assert [row["chapter"] for row in facts.mentions_of("苏晴")] == [1, 3]
    assert [row["chapter"] for row in facts.mentions_of("大观园")] == [2]
    assert archive.keyword_search("大观园", 5)


def test_a_batch_with_bad_files_reports_one_error_each_and_imports_the_rest(tmp_path, archive, facts, makers):
    good_txt = write(tmp_path / "batch" / "第1章.txt", f"第1章 开端\n{BODY}\n", "gbk")
    good_docx = makers.docx(tmp_path / "batch" / "第2章.docx", [("h1", "第2章 继续"), ("p", BODY)])
    good_epub = makers.epub(tmp_path / "batch" / "第3章.epub", [("第3章 远行", BODY)])
    binary = write(tmp_path / "batch" / "第4章.txt", "")
    binary.write_bytes(bytes(range(256)) * 16)
    empty = write(tmp_path / "batch" / "第5章.txt", "")
    whole = good_docx.read_bytes()
    truncated = tmp_path / "batch" / "第6章.docx"
    truncated.write_bytes(whole[: len(whole) // 3])
    fake_docx = write(tmp_path / "batch" / "第7章.docx", f"第7章\n{BODY}")
    huge = makers.sparse(tmp_path / "batch" / "第8章.txt", 200 * 1024 * 1024 + 1)
    bomb = makers.zip_bomb(tmp_path / "batch" / "第9章.epub")

    report = import_paths(archive, facts, [tmp_path / "batch"])
    errors = {Path(e["path"]).name: e["error"] for e in report.errors}
    assert set(errors) == {p.name for p in (binary, empty, truncated, fake_docx, huge, bomb)}
    assert errors["第4章.txt"].startswith("not a text file")
    assert errors["第5章.txt"] == "file is empty"
    assert errors["第6章.docx"].startswith("not a valid .docx")
    assert errors["第7章.docx"].startswith("not a valid .docx")
    assert errors["第8章.txt"].startswith("file too large")
    assert "zip bomb" in errors["第9章.epub"]
    assert chapter_numbers(archive) == [1, 2, 3]
    assert [f["encoding"] for f in report.files] == ["gb18030", "docx", "epub"]
    assert [Path(f["path"]).name for f in report.files] == [p.name for p in (good_txt, good_docx, good_epub)]


def test_files_without_headings_take_their_number_from_the_file_name(tmp_path, archive):
    files = [write(tmp_path / name, BODY) for name in ("ch2.txt", "第3章 风起.txt", "10.txt", "第十一章.txt")]
    report = import_paths(archive, None, files)
    assert [(row["number"], row["title"]) for row in archive.chapters()] == [
        (2, "ch2"), (3, "风起"), (10, "10"), (11, "第十一章")]
    assert report.errors == []


def test_prologue_is_chapter_0_and_extras_follow_the_highest_chapter(tmp_path, archive):
    text = f"楔子\n{BODY}\n第1章 甲\n{BODY}\n番外 师父\n{BODY}\n第2章 乙\n{BODY}\n后记\n{BODY}\n"
    import_paths(archive, None, [write(tmp_path / "书.txt", text)])
    assert [(row["number"], row["heading"]) for row in archive.chapters()] == [
        (0, "楔子"), (1, "第1章 甲"), (2, "第2章 乙"), (3, "番外 师父"), (4, "后记")]


def test_clashing_numbers_within_one_import_move_to_the_next_free_number_and_say_so(tmp_path, archive):
    first = write(tmp_path / "a.txt", f"第1章 甲\n{BODY}\n第2章 乙\n{BODY}\n")
    second = write(tmp_path / "b.txt", f"第1章 丙\n{BODY}\n")
    report = import_paths(archive, None, [first, second])
    assert [(row["number"], row["title"]) for row in archive.chapters()] == [(1, "甲"), (2, "乙"), (3, "丙")]
    assert any("imported as chapter 3" in w for w in report.warnings)
    again = import_paths(archive, None, [first, second])
    assert (again.unchanged, again.written) == (3, [])


def test_a_headingless_file_imported_later_does_not_overwrite_earlier_chapters(tmp_path, archive):
    import_paths(archive, None, [write(tmp_path / "正文.txt", f"第1章 甲\n{BODY}\n第2章 乙\n{BODY}\n")])
    notes = write(tmp_path / "补充.txt", "　　这是后来补写的一段。")
    import_paths(archive, None, [notes])
    assert [(row["number"], row["title"]) for row in archive.chapters()] == [(1, "甲"), (2, "乙"), (3, "补充")]
    again = import_paths(archive, None, [notes])
    assert (again.unchanged, chapter_numbers(archive)) == (1, [1, 2, 3])


def test_cancel_stops_between_chapters_keeps_what_was_written_and_a_rerun_finishes(tmp_path, archive):
    source = write(tmp_path / "稿.txt", "".join(f"第{n}章 标题{n}\n{BODY}\n" for n in range(1, 11)))
    token = CancelToken()
    seen = []

    def progress(update):
        seen.append((update.label, update.done, update.total))
        if update.done == 3:
            token.cancel()

    report = import_paths(archive, None, [source], progress=progress, cancel=token)
    assert report.cancelled is True
    assert seen == [("import", 0, 10), ("import", 1, 10), ("import", 2, 10), ("import", 3, 10)]
    assert chapter_numbers(archive) == [1, 2, 3]
    rest = import_paths(archive, None, [source])
    assert (rest.cancelled, rest.unchanged, rest.written) == (False, 3, [4, 5, 6, 7, 8, 9, 10])


def test_chunks_carry_chapter_title_offsets_and_the_entities_in_them(tmp_path, archive, facts):
    text = "第1章 相遇\n" + "　　小风走进大观园。\n" * 5 + "　　苏晴来了。" * 40 + "\n"
    import_paths(archive, facts, [write(tmp_path / "稿.txt", text)], chunk_chars=100)
    chapter = archive.chapter_by_number(1)
    chunks = archive.chunks_of(chapter["id"])
    assert len(chunks) > 2
    for chunk in chunks:
        assert chapter["text"][chunk["start"]:chunk["end"]] == chunk["text"]
        assert chunk["chapter_title"] == "相遇"
    assert chunks[0]["entity_list"] == ["林风", "大观园"]
    assert chunks[-1]["entity_list"] == ["苏晴"]
    linked = facts.mentions_of("林风")
    assert [row["chapter"] for row in linked] == [1] and linked[0]["chunks"] == [chunks[0]["id"]]


def test_pride_and_prejudice_imports_as_61_chapters_with_the_licence_reported(tmp_path, archive, corpus_dir):
    report = import_paths(archive, None, [corpus_dir / "en" / "pride-and-prejudice.txt"])
    assert chapter_numbers(archive) == list(range(1, 62))
    assert any("Project Gutenberg licence" in w for w in report.warnings)
    assert archive.keyword_search("Netherfield", 3)


def test_a_chapter_number_taken_over_from_another_file_is_replaced_only_when_asked_and_reported(tmp_path, archive):
    import_paths(archive, None, [write(tmp_path / "旧稿.txt", f"第1章 旧\n{BODY}\n")])
    new = write(tmp_path / "新稿.txt", f"第1章 新\n{BODY}\n")
    with pytest.raises(ImportConflictError, match=r"chapter 1 already holds other text \(from 旧稿.txt\)"):
        import_paths(archive, None, [new])
    assert archive.chapter_by_number(1)["title"] == "旧"
    taken = []
    report = import_paths(archive, None, [new], on_conflict="replace", before_replace=lambda: taken.append(1) or "s1")
    assert archive.chapter_by_number(1)["title"] == "新" and taken == [1] and report.snapshot == "s1"
    assert report.replaced == [{"number": 1, "old_title": "旧", "new_title": "新", "status": "conflict",
                                "old_source": str((tmp_path / "旧稿.txt").resolve())}]


def test_a_chapter_gone_from_its_file_stays_in_the_book_and_is_reported(tmp_path, archive):
    source = write(tmp_path / "稿.txt", f"第1章 甲\n{BODY}\n第2章 乙\n{BODY}\n")
    import_paths(archive, None, [source])
    write(source, f"第1章 甲\n{BODY}\n")
    report = import_paths(archive, None, [source])
    assert chapter_numbers(archive) == [1, 2]
    assert any("chapter 2" in w and "no longer in it" in w for w in report.warnings)


class PowerCutAfterFirstChapter:
    """The real fact graph, except that the process 'dies' while linking the second chapter."""

    def __init__(self, real: FactGraph):
        self.real = real
        self.calls = 0

    def known_names(self):
        return self.real.known_names()

    def record_mentions(self, *args):
        self.calls += 1
        if self.calls == 2:
            raise RuntimeError("power cut")
        self.real.record_mentions(*args)


def test_mentions_cut_off_by_a_crash_are_linked_by_the_next_import(tmp_path, facts):
    source = write(tmp_path / "稿.txt", "".join(f"第{n}章 标题{n}\n{BODY}\n" for n in (1, 2, 3)))
    archive = Archive(tmp_path / "archive.sqlite", 4)
    with pytest.raises(RuntimeError, match="power cut"):
        import_paths(archive, PowerCutAfterFirstChapter(facts), [source])
    archive.close()
    assert [row["chapter"] for row in facts.mentions_of("苏晴")] == [1]

    reopened = Archive(tmp_path / "archive.sqlite", 4)
    try:
        report = import_paths(reopened, facts, [source])
        assert report.written == [3] and report.unchanged == 2
        assert [row["chapter"] for row in facts.mentions_of("苏晴")] == [1, 2, 3]
        assert reopened.pending_job_count() == 0
    finally:
        reopened.close()


def test_chapters_stored_before_an_import_dies_are_each_queued_for_extraction(tmp_path, archive, facts):
    source = write(tmp_path / "稿.txt", "".join(f"第{n}章 标题{n}\n{BODY}\n" for n in range(1, 11)))
    record = facts.record_mentions

    def dies_after_three_chapters(number, *args):
        if number == 4:
            raise KeyboardInterrupt("killed")  # chapter 4 is stored, its mentions not yet linked
        record(number, *args)

    facts.record_mentions = dies_after_three_chapters
    with pytest.raises(KeyboardInterrupt):
        import_paths(archive, facts, [source], queue_job="extract")
    queued = sorted(job["payload"]["chapter"] for job in archive.next_jobs("extract", limit=100))
    assert queued == chapter_numbers(archive) == [1, 2, 3, 4]
