"""Whole-book extraction through the workbench: imported chapters queued later, read once, resumable and
cancellable with progress; the clean part of a chapter's proposal accepted in one go; mentions that follow the canon."""

from __future__ import annotations

import asyncio
import re

import pytest

from desktop.contracts import ModelPhase, ModelState
from desktop.importing.mentions import CANON_JOB, queue_canon_mentions
from desktop.progress import CancelToken, Cancelled
from desktop.tasks.settlement import propose_reviewed
from desktop.workbench import Workbench
from tests.tasks.conftest import ScriptedLLM

CANON = {"chapter": 1, "entities": [{"kind": "Character", "name": "张三"}, {"kind": "Item", "name": "青锋剑"}],
         "relations": [{"type": "OWNS", "from": "张三", "to": "青锋剑"}]}


class ChapterLLM(ScriptedLLM):
    """The scripted model, closable like the session's own."""

    async def aclose(self) -> None:
        pass


def chapter(n: int, extra: str = "") -> str:
    return (f"第{n}章 夺剑{n}\n\n　　林动在后山遇见了张三。张三手里握着青锋剑，冷笑着不肯让路。{extra}\n\n"
            "　　两人交手三十回合，林动夺下了青锋剑。\n")


@pytest.fixture
def workbench(tmp_path):
    wb = Workbench()
    asyncio.run(wb.create_book(tmp_path / "book", title="测试"))
    wb._llm, wb._model = ChapterLLM(), ModelState(ModelPhase.READY)  # chapters are read by the pipeline's rules
    yield wb
    asyncio.run(wb.shutdown())


def run(coroutine):
    return asyncio.run(coroutine)


def import_five(wb, tmp_path, *, extra: dict[int, str] | None = None, on_conflict: str = "refuse"):
    source = tmp_path / "稿.txt"
    source.write_text("".join(chapter(n, (extra or {}).get(n, "")) for n in range(1, 6)), encoding="utf-8")
    return wb.import_paths([source], extract=False, embed=False, on_conflict=on_conflict)


def proposed_chapters(wb) -> list[int]:
    return [entry["chapter"] for entry in run(wb.settlements(("proposed",)))]


def test_chapters_imported_without_extraction_are_queued_by_range_and_never_proposed_twice(workbench, tmp_path):
    async def scenario():
        await workbench.apply(CANON)
        await import_five(workbench, tmp_path)
        assert workbench.book.archive.pending_job_count("extract") == 0  # --no-extract queued nothing
        first = await workbench.extract_chapters((2, 4))
        second = await workbench.extract_chapters((2, 4))
        return first, second

    first, second = run(scenario())
    assert [review["chapter"] for review in first] == [2, 3, 4] and second == []
    assert proposed_chapters(workbench) == [2, 3, 4]  # grouped by the chapter they were read from
    assert workbench.book.archive.pending_job_count("extract") == 0

    async def edit_chapter_three():
        await import_five(workbench, tmp_path, extra={3: "山风呼啸。"}, on_conflict="replace")
        return await workbench.extract_chapters((1, 5))

    again = run(edit_chapter_three())
    assert [review["chapter"] for review in again] == [1, 3, 5]  # 3: its text changed; 1 and 5: never read
    assert proposed_chapters(workbench) == [2, 3, 4, 1, 3, 5]


def test_extraction_reports_progress_within_a_chapter_with_an_eta(workbench, tmp_path):
    seen = []

    async def scenario():
        await import_five(workbench, tmp_path)
        await workbench.extract_chapters(progress=seen.append)

    run(scenario())
    assert {p.label for p in seen} == {"extract"} and seen[-1].fraction == 1.0 and seen[-1].done == 5
    inside_first = [p for p in seen if p.done == 0 and 0 < (p.fraction or 0) < 0.2]
    assert inside_first and inside_first[-1].detail.startswith("chapter 1: ")
    fractions = [p.fraction for p in seen]
    assert fractions == sorted(fractions)
    assert any(p.eta_seconds is not None for p in seen)


def test_a_cancelled_run_leaves_the_rest_queued_and_a_killed_one_resumes_at_the_next_open(workbench, tmp_path):
    token = CancelToken()

    def cancel_after_two(progress):
        if progress.done == 2:
            token.cancel()

    async def scenario():
        await import_five(workbench, tmp_path)
        with pytest.raises(Cancelled):
            await workbench.extract_chapters(progress=cancel_after_two, cancel=token)
        return workbench.book.archive.pending_job_count("extract")

    waiting = run(scenario())
    read = proposed_chapters(workbench)
    assert waiting >= 2 and read == [1, 2, 3, 4, 5][:5 - waiting]  # progress reaches the token a step late at most
    path = workbench.book.path
    claimed = workbench.book.archive.next_jobs("extract", limit=2)  # a run killed while reading these
    assert len(claimed) == 2 and workbench.book.archive.pending_job_count("extract") == waiting - 2
    run(workbench.open_book(path))
    assert workbench.book.archive.pending_job_count("extract") == waiting
    rest = run(workbench.extract_chapters())
    assert [review["chapter"] for review in rest] == [1, 2, 3, 4, 5][5 - waiting:]
    assert proposed_chapters(workbench) == [1, 2, 3, 4, 5]


def test_accept_clean_applies_the_new_items_and_keeps_the_conflict_waiting(workbench):
    doc = {"chapter": 3, "entities": [{"kind": "Character", "name": "林动"}, {"kind": "Character", "name": "李四"}],
           "relations": [{"type": "KNOWS", "from": "林动", "to": "李四"},
                         {"type": "OWNS", "from": "李四", "to": "青锋剑"}]}

    async def scenario():
        await workbench.apply(CANON)
        review = await workbench.run(lambda: propose_reviewed(
            workbench.book, doc, [], source="import:chapter 3", chapter=3,
            evidence={"relations/1": [{"message_id": None, "chunk_id": None, "quote": "李四夺了青锋剑"}]}))
        return review, await workbench.accept_clean(review["settlement_id"])

    review, result = run(scenario())
    assert [item["class"] for item in review["items"]] == ["new", "new", "new", "conflict"]
    assert result == {"applied": review["settlement_id"], "kept": result["kept"], "items_applied": 3,
                      "items_kept": 1}
    facts = run(workbench.facts())
    assert {e["name"] for e in facts["entities"]} == {"张三", "青锋剑", "林动", "李四"}
    assert {(r["type"], r["from"], r["to"]) for r in facts["relations"]} == {("OWNS", "张三", "青锋剑"),
                                                                         ("KNOWS", "林动", "李四")}
    [waiting] = run(workbench.settlements(("proposed",)))
    assert (waiting["id"], waiting["chapter"]) == (result["kept"], 3)
    [kept_item] = waiting["review"]["items"]
    assert (kept_item["path"], kept_item["class"]) == ("relations/0", "conflict")
    assert kept_item["evidence"][0]["quote"] == "李四夺了青锋剑"
    assert run(workbench.accept_clean(result["kept"])) == {"applied": None, "kept": result["kept"],
                                                          "items_applied": 0, "items_kept": 1}


def first_chapters(corpus_dir, n: int) -> str:
    text = (corpus_dir / "zh" / "hongloumeng.txt").read_text(encoding="utf-8")
    starts = [m.start() for m in re.finditer(r"^第[一二三四五六七八九十百零〇]+回 ", text, re.M)]
    return text[starts[0]:starts[n]]


def test_mentions_follow_entities_settled_after_the_import_and_go_with_their_undo(workbench, tmp_path, corpus_dir):
    source = tmp_path / "hlm.txt"
    source.write_text(first_chapters(corpus_dir, 4), encoding="utf-8")
    people = {"chapter": 1, "entities": [{"kind": "Character", "name": "贾宝玉", "aliases": ["宝玉"]},
                                         {"kind": "Character", "name": "林黛玉", "aliases": ["黛玉"]}]}

    async def together():
        return await workbench.search("宝玉", k=50, preset="keyword", with_entities=("贾宝玉", "林黛玉"))

    async def scenario():
        await workbench.import_paths([source], extract=False, embed=False)
        before = await together()
        applied = await workbench.apply(people)
        relinked = await workbench.refresh_mentions()  # waits for the background relinking
        return before, applied, relinked, await together(), await workbench.facts(entity="黛玉")

    before, applied, relinked, hits, facts = run(scenario())
    assert before == []
    assert relinked["chapters"] == [] or set(relinked["chapters"]) <= {1, 2, 3, 4}
    assert hits and all("宝玉" in hit.text and "黛玉" in hit.text for hit in hits)
    assert {hit.chapter_number for hit in hits} >= {3}
    assert [m["chapter"] for m in facts["mentions"]][:2] == [2, 3]
    assert workbench.book.archive.pending_job_count(CANON_JOB) == 0

    async def undo():
        await workbench.undo(applied["settlement_id"])
        await workbench.refresh_mentions()
        return await together()

    assert run(undo()) == []
    chunks = [c for row in workbench.book.archive.chapters() for c in workbench.book.archive.chunks_of(row["id"])]
    assert not any({"贾宝玉", "林黛玉"} & set(c["entity_list"]) for c in chunks)


def test_a_mentions_job_cut_off_by_a_kill_is_run_again(workbench, tmp_path, corpus_dir):
    source = tmp_path / "hlm.txt"
    source.write_text(first_chapters(corpus_dir, 3), encoding="utf-8")
    run(workbench.import_paths([source], extract=False, embed=False))
    book = workbench.book
    # The settlement reached the graphs; the relinking job was claimed when the process died.
    book.journal.apply({"chapter": 1, "entities": [{"kind": "Character", "name": "林黛玉", "aliases": ["黛玉"]}]},
                       source="test")
    queue_canon_mentions(book.archive, {"entities": [{"name": "林黛玉", "aliases": ["黛玉"]}]})
    assert book.archive.next_jobs(CANON_JOB)
    run(workbench.open_book(book.path))
    assert workbench.book.archive.pending_job_count(CANON_JOB) == 1
    assert run(workbench.refresh_mentions())["chapters"] == [2, 3]
    assert [m["chapter"] for m in run(workbench.facts(entity="黛玉"))["mentions"]] == [2, 3]


def test_every_fact_read_from_a_chapter_keeps_its_chunk_and_quote_after_it_is_accepted(workbench, tmp_path):
    async def scenario():
        await workbench.apply(CANON)
        await import_five(workbench, tmp_path)
        [review] = await workbench.extract_chapters((2, 2))
        result = await workbench.accept_clean(review["settlement_id"])
        return review, result, await workbench.settlements(("applied",))

    review, result, applied = run(scenario())
    chunk_ids = {c["id"] for c in workbench.book.archive.chunks_of(workbench.book.archive.chapter_by_number(2)["id"])}
    assert review["items"] and all(item["evidence"] for item in review["items"])
    for item in review["items"]:
        assert all(e["chunk_id"] in chunk_ids and e["quote"] in workbench.book.archive.chunk(e["chunk_id"])["text"]
                   for e in item["evidence"])
    entry = next(e for e in applied if e["id"] == result["applied"])
    assert entry["chapter"] == 2 and all(item["evidence"] for item in entry["review"]["items"])
    relation = next(r for r in entry["document"]["relations"])
    assert set(relation["chunks"]) <= chunk_ids
