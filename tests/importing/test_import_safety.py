"""Import never destroys: chapters holding other text are refused, replaced after a snapshot, or appended after the
book's last chapter; volume files follow each other; the preview shows all of it before anything is written."""

from __future__ import annotations

from pathlib import Path

import pytest

from desktop.book.archive import Archive
from desktop.importing.pipeline import ImportConflictError, import_paths
from desktop.importing.preview import preview_import

BODY = "　　林风御剑而行，脚下飞剑化作一道青虹。远处山巅之上，苏晴负手而立。"


@pytest.fixture
def archive(tmp_path):
    store = Archive(tmp_path / "archive.sqlite", 4)
    yield store
    store.close()


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def chapters(archive) -> list[tuple[int, str, str]]:
    return [(row["number"], row["title"], Path(row["source_path"]).name) for row in archive.chapters()]


def book_state(archive) -> list[tuple]:
    return [(row["number"], row["content_hash"], row["source_path"]) for row in archive.chapters()]


@pytest.fixture
def two_novels(tmp_path, archive, corpus_dir):
    """红楼梦 in the book; Pride and Prejudice about to be imported over its chapter numbers."""
    import_paths(archive, None, [corpus_dir / "zh" / "hongloumeng.txt"])
    return corpus_dir / "en" / "pride-and-prejudice.txt"


def test_a_second_novel_over_the_first_is_refused_and_nothing_changes(archive, two_novels):
    before = book_state(archive)
    with pytest.raises(ImportConflictError) as refused:
        import_paths(archive, None, [two_novels], queue_job="extract")
    assert str(refused.value) == ("chapters 1–61 already hold other text (from hongloumeng.txt); "
                                  "use --replace or --append")
    assert len(refused.value.conflicts) == 61 and refused.value.conflicts[0]["status"] == "conflict"
    assert book_state(archive) == before
    assert archive.pending_job_count() == 0


def test_append_numbers_the_second_novel_after_the_first_and_a_reimport_finds_it_there(archive, two_novels):
    report = import_paths(archive, None, [two_novels], on_conflict="append")
    assert [n for n, _, _ in chapters(archive)] == list(range(1, 182))
    assert report.written == list(range(121, 182)) and report.replaced == []
    assert {name for _, _, name in chapters(archive)[120:]} == {"pride-and-prejudice.txt"}
    assert any("appended as chapters 121–181" in w for w in report.warnings)
    again = import_paths(archive, None, [two_novels])  # no flag needed: the same text, where it was put
    assert (again.unchanged, again.written) == (61, [])


def test_replace_takes_the_snapshot_before_writing_and_reports_what_it_replaced(archive, two_novels):
    seen = []

    def snapshot() -> str:
        seen.append(archive.chapter_by_number(1)["source_path"])  # still the old text when the snapshot is taken
        return "20250101T000000-before-import"

    report = import_paths(archive, None, [two_novels], on_conflict="replace", before_replace=snapshot)
    assert [Path(s).name for s in seen] == ["hongloumeng.txt"]
    assert report.snapshot == "20250101T000000-before-import"
    assert [r["number"] for r in report.replaced] == list(range(1, 62))
    first = report.replaced[0]
    assert first["old_title"] and first["new_title"] and Path(first["old_source"]).name == "hongloumeng.txt"
    assert chapters(archive)[0][2] == "pride-and-prejudice.txt" and chapters(archive)[61][2] == "hongloumeng.txt"


def test_the_same_file_twice_is_unchanged_and_an_edited_one_is_an_update_to_confirm(tmp_path, archive):
    source = write(tmp_path / "稿.txt", f"第1章 甲\n{BODY}\n第2章 乙\n{BODY}\n")
    import_paths(archive, None, [source])
    again = import_paths(archive, None, [source])
    assert (again.unchanged, again.written) == (2, [])

    write(source, f"第1章 甲\n{BODY}\n第2章 乙\n　　改过的一段。\n")
    assert [c["status"] for c in preview_import(archive, [source])["files"][0]["chapters"]] == ["unchanged", "updated"]
    with pytest.raises(ImportConflictError, match="chapter 2 of 稿.txt changed since 稿.txt was imported"):
        import_paths(archive, None, [source])
    report = import_paths(archive, None, [source], on_conflict="replace")
    assert report.written == [2] and report.replaced[0]["status"] == "updated"


def test_volume_files_follow_each_other_and_each_lands_on_its_chapters_again(tmp_path, archive):
    first = write(tmp_path / "卷一.txt", "".join(f"第{n}章 一卷{n}\n{BODY}\n" for n in (1, 2, 3)))
    second = write(tmp_path / "卷二.txt", "".join(f"第{n}章 二卷{n}\n{BODY}\n" for n in (1, 2)))
    report = import_paths(archive, None, [tmp_path])
    assert [(n, t) for n, t, _ in chapters(archive)] == [
        (1, "一卷1"), (2, "一卷2"), (3, "一卷3"), (4, "二卷1"), (5, "二卷2")]
    assert any("卷二.txt" in w and "imported as chapters 4–5" in w for w in report.warnings)
    assert import_paths(archive, None, [first, second]).unchanged == 5
    alone = import_paths(archive, None, [second])  # the second volume on its own finds its own chapters
    assert (alone.unchanged, alone.written) == (2, [])


def test_the_preview_shows_chapters_statuses_and_the_clash_and_writes_nothing(tmp_path, archive):
    import_paths(archive, None, [write(tmp_path / "旧稿.txt", f"第1章 旧\n{BODY}\n")])
    new = write(tmp_path / "新稿.txt", f"第1章 新\n{BODY}\n第2章 又\n{BODY}\n")
    bad = write(tmp_path / "空.txt", "")
    before = book_state(archive)
    preview = preview_import(archive, [new, bad])
    assert book_state(archive) == before and archive.pending_job_count() == 0
    good, empty = preview["files"]
    assert set(good) == {"path", "encoding", "chapters", "dropped", "suspects", "unwrapped", "warnings", "error"}
    assert (good["encoding"], good["error"], good["dropped"], good["suspects"], good["unwrapped"]) == (
        "utf-8", None, [], [], False)
    assert good["chapters"] == [
        {"number": 1, "title": "新", "heading": "第1章 新", "volume": None, "chars": len(BODY), "status": "conflict"},
        {"number": 2, "title": "又", "heading": "第2章 又", "volume": None, "chars": len(BODY), "status": "new"}]
    assert (empty["error"], empty["chapters"]) == ("file is empty", [])
    assert preview["conflicts"] == [{"number": 1, "status": "conflict", "existing_title": "旧",
                                     "existing_source": str((tmp_path / "旧稿.txt").resolve()),
                                     "new_title": "新", "new_source": str(new.resolve())}]
    assert preview["totals"] == {"chapters": 2, "chars": 2 * len(BODY), "new": 1, "unchanged": 0, "updated": 0,
                                 "conflict": 1}
    appended = preview_import(archive, [new], on_conflict="append")
    assert [c["number"] for c in appended["files"][0]["chapters"]] == [2, 3] and appended["conflicts"] == []


def test_a_heading_pattern_that_is_no_regular_expression_is_refused_before_reading(tmp_path, archive):
    with pytest.raises(ValueError, match="not a valid regular expression"):
        preview_import(archive, [write(tmp_path / "a.txt", BODY)], heading_pattern="第(")
