"""Export: a story bible a person can read, and settlement documents that rebuild the same graphs in a new book."""

from __future__ import annotations

import json

import pytest

from desktop.book.book import Book
from desktop.book.errors import BookError, DocumentError
from desktop.book import export
from desktop.book.export import apply_folder, export_book

HISTORY = [
    {"chapter": 1,
     "entities": [{"kind": "Character", "name": "林动", "aliases": ["小动"], "summary": "林家少年",
                   "attributes": {"realm": "淬体一重", "alive": True}},
                  {"kind": "Character", "name": "林琅天"},
                  {"kind": "Location", "name": "青阳镇"},
                  {"kind": "Item", "name": "祖石"}],
     "relations": [{"type": "OWNS", "from": "林琅天", "to": "祖石"},
                   {"type": "LIVES_IN", "from": "林动", "to": "青阳镇"}],
     "hooks": [{"name": "祖石的来历", "description": "石中有符", "planted_in": 1, "involves": ["祖石"], "due_by": 40}],
     "settings": [{"title": "修炼境界", "category": "power_system", "body": "淬体、地元"}],
     "plan": [{"level": "GeneralOutline", "title": "总纲", "status": "InProgress"},
              {"level": "LongOutline", "title": "第一卷 青阳镇", "parent": "总纲", "status": "InProgress",
               "chapters": [1, 30]},
              {"level": "ShortOutline", "title": "族比", "parent": "第一卷 青阳镇", "storyline": "protagonist",
               "status": "InProgress", "chapters": [1, 12],
               "steps": [{"kind": "Start", "status": "InProgress", "chapter": 1}, {"kind": "Climax"}]}]},
    {"chapter": 12,
     "ends": [{"type": "OWNS", "from": "林琅天", "to": "祖石"}],
     "relations": [{"type": "OWNS", "from": "林动", "to": "祖石", "properties": {"how": "族比夺得"}},
                   {"type": "HATES", "from": "林琅天", "to": "林动", "properties": {"reason": "败于族比"}}],
     "states": [{"entity": "林动", "key": "realm", "value": "淬体六重"}],
     "settings": [{"title": "修炼境界", "category": "power_system", "body": "淬体、地元、天元"}],
     "plan": [{"level": "ShortOutline", "title": "族比", "status": "Completed",
               "steps": [{"kind": "Start", "status": "Completed"}, {"kind": "Climax", "status": "Completed",
                                                                    "chapter": 12}]},
              {"level": "ShortOutline", "title": "山脉历练", "parent": "第一卷 青阳镇", "storyline": "protagonist",
               "status": "InProgress", "chapters": [13, 20], "steps": [{"kind": "Start", "status": "InProgress"}]}]},
    {"chapter": 20,
     "entities": [{"kind": "Faction", "name": "道宗", "summary": "东玄域第一宗门"}],
     "relations": [{"type": "MEMBER_OF", "from": "林动", "to": "道宗"}],
     "hooks": [{"name": "祖石的来历", "status": "Resolved", "resolved_in": 20}],
     "states": [{"entity": "林动", "key": "realm", "value": "地元境"}]},
]
CHAPTERS = [0, 1, 5, 12, 19, 20, None]
VOLATILE = {"id", "settlement", "settlement_id", "recorded_at", "updated_at", "outline_id", "step_id", "chunks"}


def without_ids(value):
    """Ids, settlement numbers and record times differ between two books built from the same documents."""
    if isinstance(value, dict):
        return {k: without_ids(v) for k, v in value.items() if k not in VOLATILE}
    if isinstance(value, list):
        return [without_ids(v) for v in value]
    return value


def story(book: Book) -> dict:
    return {
        "facts": {str(n): without_ids(book.facts.snapshot(n)) for n in CHAPTERS},
        "plan": without_ids(book.plan.tree()),
        "pointer": without_ids(book.plan.pointer()),
        "settings": without_ids(book.archive.settings()),
        "counts": book.facts.counts(),
    }


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    """One book with a history (a hand-over, a resolved hook, an undone settlement); tests only read it."""
    book = Book.create(tmp_path_factory.mktemp("written") / "original", title="武动乾坤", language="zh")
    for doc in HISTORY[:2]:
        book.journal.apply(doc, source="test")
    undone = book.journal.apply({"chapter": 15, "entities": [{"kind": "Character", "name": "路人甲"}]},
                                source="test").settlement_id
    book.journal.undo(undone)
    book.journal.apply(HISTORY[2], source="test")
    yield book
    book.close()


def test_export_then_apply_into_a_new_book_rebuilds_the_same_story(written, tmp_path):
    report = export_book(written, tmp_path / "export")
    assert report["settlements"] == 3  # the undone one is not part of the story

    with Book.create(tmp_path / "rebuilt", title="武动乾坤", language="zh") as rebuilt:
        result = apply_folder(rebuilt, tmp_path / "export" / "settlements")
        assert [a["file"] for a in result["applied"]] == ["0001.json", "0002.json", "0003.json"]
        assert story(rebuilt) == story(written)


def test_the_settlement_files_are_the_journaled_documents_in_order(written, tmp_path):
    export_book(written, tmp_path / "export")
    files = sorted((tmp_path / "export" / "settlements").iterdir())
    applied = written.journal.entries(("applied",))
    assert [json.loads(f.read_text(encoding="utf-8")) for f in files] == [e["document"] for e in applied]


def test_the_bible_reads_as_a_story_bible_with_each_facts_chapters(written, tmp_path):
    bible = (tmp_path / "export" / "bible.md")
    export_book(written, tmp_path / "export")
    text = bible.read_text(encoding="utf-8")
    assert text.startswith("# 武动乾坤 — story bible")
    for expected in (
        "## Characters (2)", "### 林动", "- Also called: 小动", "realm: 地元境",
        "  - realm: 淬体一重 (ch. 1–12); 淬体六重 (ch. 12–20); 地元境 (ch. 20–)",
        "  - OWNS → 祖石 (ch. 12–) — how: 族比夺得",
        "- 林琅天 —OWNS→ 祖石 · ch. 1–12",
        "### 祖石的来历 — Resolved", "- Planted: ch. 1 · resolved: ch. 20 · due by: ch. 40",
        "- 林动 —MEMBER_OF→ 道宗 · ch. 20–", "- Narrative pointer, protagonist: 山脉历练 / Start (ch. 12)",
        "- [Completed] ShortOutline **族比** (storyline protagonist, ch. 1–12)",
        "  2. [Completed] Climax (ch. 12)",
        "### power_system", "#### 修炼境界", "淬体、地元、天元",
        "## Settlements (3)",
    ):
        assert expected in text, expected
    assert "路人甲" not in text


def test_author_text_cannot_break_the_markdown(tmp_path):
    with Book.create(tmp_path / "b", title="*Stars* | [link](x)", language="en") as book:
        book.journal.apply({"chapter": 1, "entities": [{"kind": "Character", "name": "# not a heading",
                                                        "summary": "line one\n## line two"}]}, source="test")
        export_book(book, tmp_path / "out")
    text = (tmp_path / "out" / "bible.md").read_text(encoding="utf-8")
    assert text.splitlines()[0] == r"# \*Stars\* \| \[link\](x) — story bible"
    assert "### \\# not a heading" in text
    assert "- Summary: line one \\#\\# line two" in text


def test_applying_a_folder_twice_changes_nothing_the_second_time(written, tmp_path):
    export_book(written, tmp_path / "export")
    with Book.create(tmp_path / "rebuilt", title="t") as rebuilt:
        apply_folder(rebuilt, tmp_path / "export" / "settlements")
        before = story(rebuilt)
        again = apply_folder(rebuilt, tmp_path / "export" / "settlements")
        assert again["applied"] == [] and len(again["skipped"]) == 3
        assert story(rebuilt) == before
        assert len(rebuilt.journal.entries()) == 3


def test_an_unreadable_file_stops_the_folder_before_anything_is_applied(written, tmp_path):
    export_book(written, tmp_path / "export")
    (tmp_path / "export" / "settlements" / "0002.json").write_text("{not json", encoding="utf-8")
    with Book.create(tmp_path / "rebuilt", title="t") as rebuilt:
        with pytest.raises(BookError, match=r"0002\.json: not a readable JSON document.*nothing was applied"):
            apply_folder(rebuilt, tmp_path / "export" / "settlements")
        assert rebuilt.journal.entries() == []


def test_a_refused_document_names_its_file_and_a_second_run_resumes_after_the_fix(written, tmp_path):
    folder = tmp_path / "export" / "settlements"
    export_book(written, tmp_path / "export")
    good = (folder / "0002.json").read_text(encoding="utf-8")
    (folder / "0002.json").write_text(json.dumps({"relations": [{"type": "OWNS", "from": "无名", "to": "祖石"}]}),
                                      encoding="utf-8")
    with Book.create(tmp_path / "rebuilt", title="t") as rebuilt:
        with pytest.raises(DocumentError, match=r"0002\.json: relations: unknown entity '无名'.*1 document"):
            apply_folder(rebuilt, folder)
        (folder / "0002.json").write_text(good, encoding="utf-8")
        result = apply_folder(rebuilt, folder)
        assert result["skipped"] == ["0001.json"]
        assert story(rebuilt) == story(written)


def test_an_empty_or_missing_folder_is_a_clear_error(tmp_path):
    (tmp_path / "empty").mkdir()
    with Book.create(tmp_path / "b", title="t") as book:
        with pytest.raises(BookError, match="no \\*.json settlement documents"):
            apply_folder(book, tmp_path / "empty")
        with pytest.raises(BookError, match="is not a folder"):
            apply_folder(book, tmp_path / "nowhere")


def test_exporting_again_replaces_the_earlier_documents(written, tmp_path):
    export_book(written, tmp_path / "export")
    (tmp_path / "export" / "settlements" / "0009.json").write_text("{}", encoding="utf-8")
    assert export_book(written, tmp_path / "export")["settlements"] == 3
    assert sorted(p.name for p in (tmp_path / "export" / "settlements").iterdir()) == [
        "0001.json", "0002.json", "0003.json"]


def test_an_export_never_overwrites_the_authors_files_nor_follows_a_link(written, tmp_path):
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "bible.md").write_text("my own notes", encoding="utf-8")
    with pytest.raises(BookError, match="already holds other files"):
        export_book(written, mine)
    assert [p.name for p in mine.iterdir()] == ["bible.md"]
    assert (mine / "bible.md").read_text(encoding="utf-8") == "my own notes"

    (tmp_path / "link").symlink_to(mine, target_is_directory=True)
    with pytest.raises(BookError, match="is a link"):
        export_book(written, tmp_path / "link")
    export_book(written, tmp_path / "export")
    (tmp_path / "export" / "notes.txt").write_text("added by hand", encoding="utf-8")
    with pytest.raises(BookError, match=r"earlier export, but holds files it did not write \(notes\.txt\)"):
        export_book(written, tmp_path / "export")
    assert (tmp_path / "export" / "notes.txt").exists()


def test_an_export_cut_off_leaves_the_earlier_one_whole_and_no_temp_folder(written, tmp_path, monkeypatch):
    export_book(written, tmp_path / "export")
    before = sorted(p.name for p in (tmp_path / "export" / "settlements").iterdir())

    def cut_off(self):
        raise KeyboardInterrupt("killed")

    monkeypatch.setattr(export.Bible, "render", cut_off)
    with pytest.raises(KeyboardInterrupt):
        export_book(written, tmp_path / "export")
    assert sorted(p.name for p in (tmp_path / "export" / "settlements").iterdir()) == before
    assert [p.name for p in tmp_path.iterdir()] == ["export"]


def test_the_manifest_lists_every_file_with_its_checksum_and_the_counts(written, tmp_path):
    report = export_book(written, tmp_path / "export")
    manifest = json.loads((tmp_path / "export" / "export.json").read_text(encoding="utf-8"))
    assert sorted(manifest["files"]) == ["bible.md", "settlements/0001.json", "settlements/0002.json",
                                         "settlements/0003.json"]
    assert manifest["counts"]["settlements"] == report["settlements"] == 3
    assert all(len(digest) == 64 for digest in manifest["files"].values())


def test_a_partial_export_is_refused_by_apply_and_an_edited_one_applied_with_a_warning(written, tmp_path):
    export_book(written, tmp_path / "export")
    partial = tmp_path / "export" / "settlements" / "0003.json"
    kept = partial.read_text(encoding="utf-8")
    partial.unlink()
    with Book.create(tmp_path / "rebuilt", title="t") as rebuilt:
        with pytest.raises(BookError, match=r"incomplete export \(settlements/0003\.json is missing\).*nothing"):
            apply_folder(rebuilt, tmp_path / "export" / "settlements")
        assert rebuilt.journal.entries() == []
        partial.write_text(kept.replace("东玄域第一宗门", "东玄域第一大宗门"), encoding="utf-8")
        result = apply_folder(rebuilt, tmp_path / "export")  # the export's own folder works too
        assert len(result["applied"]) == 3
        assert result["warnings"] == ["settlements/0003.json differs from the one exported"]
