"""A draft's style context: the previous chapters' own text up to the token budget, the most recent chapter chosen
first and whole when it fits, an older one cut to its ending, the whole note within budget as the context counts."""

from __future__ import annotations

from desktop.book.book import Book
from desktop.engine.llm import estimate_tokens
from desktop.tasks import style_context
from desktop.tasks.turns import plan_turn
from tests.tasks.conftest import apply_doc

CHAPTERS = {
    1: "第一章的文字。" + "张三在山村里砍柴，日复一日。" * 30,
    2: "第二章的文字。" + "张三下山，一路风雪。" * 20 + "他终于望见了青云门的山门。",
    3: "第三章的文字。" + "张三在山门前排队报名，执事问他的名字。" * 10 + "夜深了，他握着木牌睡去。",
}


def import_chapters(book: Book, chapters: dict[int, str]) -> None:
    for number, text in chapters.items():
        book.archive.replace_chapter(number, f"第{number}章", text, volume=None, heading=f"第{number}章",
                                     source_path="book.txt", content_hash=f"h{number}:{hash(text)}",
                                     chunks=[{"seq": 0, "text": text, "start": 0, "end": len(text), "entity_list": []}])


def test_the_most_recent_chapters_come_whole_and_the_oldest_that_fits_only_in_part_as_its_ending(book):
    import_chapters(book, CHAPTERS)
    two_and_three = estimate_tokens(CHAPTERS[2]) + estimate_tokens(CHAPTERS[3])
    found = style_context.passages(book.archive, 4, estimate_tokens, two_and_three + 60)
    assert [n for n, _ in found] == [1, 2, 3]  # chosen newest first, shown in story order
    assert found[1][1] == CHAPTERS[2] and found[2][1] == CHAPTERS[3]
    assert CHAPTERS[1].endswith(found[0][1]) and found[0][1] != CHAPTERS[1]
    assert found[0][1].startswith("张三")  # cut at a sentence, not mid-word
    assert sum(estimate_tokens(text) for _, text in found) <= two_and_three + 60


def test_a_small_budget_takes_only_the_end_of_the_chapter_right_before(book):
    import_chapters(book, CHAPTERS)
    found = style_context.passages(book.archive, 3, estimate_tokens, 40)
    assert [n for n, _ in found] == [2] and found[0][1].endswith("他终于望见了青云门的山门。")
    assert estimate_tokens(found[0][1]) <= 40


def test_the_note_stays_within_its_budget_heading_and_labels_included_zh_and_en(book):
    import_chapters(book, CHAPTERS)
    for budget in (50, 120, 400, 5000):
        for zh in (True, False):
            note = style_context.style_note(book.archive, 4, estimate_tokens, budget, zh)
            assert note and estimate_tokens(note) <= budget
            assert ("第3章：" if zh else "Chapter 3:") in note
    assert "## 前文" in style_context.style_note(book.archive, 4, estimate_tokens, 200, True)
    assert "for style" in style_context.style_note(book.archive, 4, estimate_tokens, 200, False)


def test_no_chapter_before_or_no_room_gives_no_note(book):
    assert style_context.style_note(book.archive, 1, estimate_tokens, 500, True) == ""
    import_chapters(book, CHAPTERS)
    assert style_context.style_note(book.archive, 4, estimate_tokens, 10, True) == ""


def test_a_drafting_turn_gets_the_previous_chapters_within_half_the_room_the_notes_leave(book, builder):
    import_chapters(book, CHAPTERS)
    apply_doc(book, {"chapter": 3, "plan": [{"level": "ShortOutline", "title": "外门试炼", "status": "InProgress",
                                                "chapters": [4, 5], "steps": [{"kind": "开端", "summary": "报名",
                                                                                "status": "InProgress", "chapter": 4}]}]})
    from desktop.book.retrieval import Retriever

    retriever = Retriever(book.archive, book.facts, None)
    task = {"title": "第四章", "kind": "chapter"}
    plan = plan_turn(book, retriever, task, "写第四章", drafting=True, count_tokens=estimate_tokens,
                     notes_cap=builder.notes_cap)
    notes = dict(plan.notes)
    assert list(notes)[:2] == ["draft", "style"]
    others = sum(estimate_tokens(text) for name, text in plan.notes if name != "style")
    assert estimate_tokens(notes["style"]) <= (builder.notes_cap - others) // 2
    assert "第3章：" in notes["style"] and notes["style"].rstrip().endswith("他握着木牌睡去。")
    chat = plan_turn(book, retriever, task, "你好", drafting=False)
    assert "style" not in dict(chat.notes)
