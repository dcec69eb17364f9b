"""Plan items are never refused for structure: an outline or step without a parent goes under its storyline's own
outline ("主线" / "Main plot"), made once by the settlement that needed it and taken away by that one's undo."""

from __future__ import annotations

import json

import pytest

from desktop.book.book import Book
from desktop.book.errors import DependentSettlementError


@pytest.fixture
def book(tmp_path):
    opened = Book.create(tmp_path / "novel.inkstone", title="寒霜", language="zh")
    yield opened
    opened.close()


def apply(book: Book, plan: list[dict]) -> int:
    return book.journal.apply({"plan": plan}, source="test").settlement_id


def chain(book: Book, title: str) -> list[tuple[str, str]]:
    return [(node["level"], node["title"]) for node in book.plan.parents_of(title)]


def test_a_short_outline_without_a_parent_goes_under_the_main_plot_made_for_it(book):
    apply(book, [{"level": "ShortOutline", "title": "苏晚夜探藏经阁", "status": "InProgress", "chapters": [12, 14]}])
    assert chain(book, "苏晚夜探藏经阁") == [("ShortOutline", "苏晚夜探藏经阁"), ("LongOutline", "主线"),
                                          ("GeneralOutline", "主线")]
    assert book.plan.pointer()[0]["outline"] == "苏晚夜探藏经阁"


def test_the_main_plot_is_made_once_and_re_used(book):
    apply(book, [{"level": "ShortOutline", "title": "夜探藏经阁"}])
    apply(book, [{"level": "ShortOutline", "title": "寒霜剑易主"}])
    apply(book, [{"level": "LongOutline", "title": "卷二"}])
    counts = book.plan.counts()
    assert (counts["GeneralOutline"], counts["LongOutline"]) == (1, 2)
    assert chain(book, "寒霜剑易主")[1:] == [("LongOutline", "主线"), ("GeneralOutline", "主线")]
    assert chain(book, "卷二") == [("LongOutline", "卷二"), ("GeneralOutline", "主线")]


def test_a_storyline_lends_its_name_and_an_english_book_says_main_plot(tmp_path):
    english = Book.create(tmp_path / "en.inkstone", title="Frost", language="en")
    try:
        apply(english, [{"level": "ShortOutline", "title": "The library at night"},
                        {"level": "ShortOutline", "title": "The rival's plot", "storyline": "antagonist"}])
        assert chain(english, "The library at night")[1] == ("LongOutline", "Main plot")
        assert chain(english, "The rival's plot")[1] == ("LongOutline", "antagonist")
        assert english.plan.counts()["GeneralOutline"] == 1  # the first one made is the book's only one
    finally:
        english.close()


def test_the_books_only_general_outline_takes_a_new_volume(book):
    apply(book, [{"level": "GeneralOutline", "title": "全书总纲"}])
    apply(book, [{"level": "LongOutline", "title": "卷一 江南"}])
    assert chain(book, "卷一 江南") == [("LongOutline", "卷一 江南"), ("GeneralOutline", "全书总纲")]


def test_a_step_proposed_beside_its_outline_belongs_to_it_and_steps_keep_their_order(book):
    apply(book, [{"level": "Step", "title": "Start", "summary": "夜入藏经阁"},
                 {"level": "Step", "title": "Climax", "summary": "与守阁长老交手"},
                 {"level": "ShortOutline", "title": "夜探藏经阁"}])
    outline = book.plan.tree()[0]["children"][0]["children"][0]
    assert outline["title"] == "夜探藏经阁"
    assert [(s["kind"], s["summary"]) for s in outline["steps"]] == [("Start", "夜入藏经阁"), ("Climax", "与守阁长老交手")]


def test_a_named_parent_that_does_not_exist_is_made(book):
    apply(book, [{"level": "ShortOutline", "title": "夜探藏经阁", "parent": "卷三 藏经阁"}])
    assert chain(book, "夜探藏经阁") == [("ShortOutline", "夜探藏经阁"), ("LongOutline", "卷三 藏经阁"),
                                      ("GeneralOutline", "主线")]


def test_the_journal_records_the_parents_it_made_and_a_review_has_no_structural_problem(book):
    from desktop.tasks.settlement import propose_reviewed

    review = propose_reviewed(book, {"plan": [{"level": "ShortOutline", "title": "夜探藏经阁"}]}, [], source="test")
    assert review["problems"] == []
    sid = apply(book, [{"level": "ShortOutline", "title": "夜探藏经阁"}])
    recorded = book.archive.journal_get(sid)["document"]["plan"]
    assert [(i["level"], i["title"], i.get("parent")) for i in recorded] == [
        ("GeneralOutline", "主线", None), ("LongOutline", "主线", "主线"), ("ShortOutline", "夜探藏经阁", "主线")]


def test_undo_removes_the_parents_its_settlement_made_but_not_those_it_re_used(book):
    first = apply(book, [{"level": "ShortOutline", "title": "夜探藏经阁"}])
    second = apply(book, [{"level": "ShortOutline", "title": "寒霜剑易主"}])
    with pytest.raises(DependentSettlementError):
        book.journal.undo(first)  # the second hangs under the main plot the first made
    book.journal.undo(second)
    assert book.plan.counts()["LongOutline"] == 1 and chain(book, "寒霜剑易主") == []
    book.journal.undo(first)
    assert book.plan.tree() == []


def test_inkstone_apply_fills_the_parent_of_a_document_from_a_file(book, tmp_path, capsys):
    from desktop.cli import main

    path, document = book.path, tmp_path / "plan.json"
    book.close()
    document.write_text(json.dumps({"plan": [{"level": "ShortOutline", "title": "夜探藏经阁"}]}, ensure_ascii=False),
                        encoding="utf-8")
    assert main(["apply", str(path), str(document), "--json"]) == 0, capsys.readouterr().err
    assert json.loads(capsys.readouterr().out)["applied"]["outlines"] == 3
    reopened = Book.open(path)
    try:
        assert chain(reopened, "夜探藏经阁")[1:] == [("LongOutline", "主线"), ("GeneralOutline", "主线")]
    finally:
        reopened.close()
