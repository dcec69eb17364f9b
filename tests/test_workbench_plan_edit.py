"""Editing the outline by hand through the workbench, on a real book (real Kuzu): every edit is a settlement in
the journal that undo takes back; bad input says what is wrong and changes nothing."""

from __future__ import annotations

import asyncio

import pytest

from desktop.book.errors import BookError
from desktop.workbench import Workbench


@pytest.fixture(params=["zh", "en"])
def wb(request, tmp_path):
    workbench = Workbench()
    asyncio.run(workbench.create_book(tmp_path / "book", title="试笔" if request.param == "zh" else "Trial",
                                      language=request.param))
    workbench.names = NAMES[request.param]
    yield workbench
    asyncio.run(workbench.shutdown())


NAMES = {
    "zh": {"general": "天下大势", "volume": "卷一 青阳镇", "volume2": "卷二 天都", "short": "林动得石符",
           "steps": ["开端", "发展", "高潮"]},
    "en": {"general": "The wide world", "volume": "Book One: Qingyang", "volume2": "Book Two: Tiandu",
           "short": "Lin Dong finds the talisman", "steps": ["Start", "Development", "Climax"]},
}


def run(coro):
    return asyncio.run(coro)


def build(wb) -> dict:
    n = wb.names
    ids = {"general": run(wb.add_outline("GeneralOutline", n["general"]))["id"]}
    ids["volume"] = run(wb.add_outline("LongOutline", n["volume"], parent=ids["general"]))["id"]
    ids["volume2"] = run(wb.add_outline("LongOutline", n["volume2"], parent=ids["general"]))["id"]
    ids["short"] = run(wb.add_outline("ShortOutline", n["short"], parent=ids["volume"], storyline="protagonist"))["id"]
    ids["steps"] = [run(wb.add_plan_step(ids["short"], kind, chapter=i + 1))["id"] for i, kind in enumerate(n["steps"])]
    return ids


def tree(wb) -> list:
    return run(wb.plan())["outlines"]


def step_kinds(wb) -> list[str]:
    return [s["kind"] for s in tree(wb)[0]["children"][0]["children"][0]["steps"]]


def test_outlines_and_steps_are_added_under_their_parents_each_as_a_settlement(wb):
    ids = build(wb)
    general = tree(wb)[0]
    assert general["title"] == wb.names["general"]
    assert [c["title"] for c in general["children"]] == [wb.names["volume"], wb.names["volume2"]]
    short = general["children"][0]["children"][0]
    assert short["storyline"] == "protagonist" and short["id"] == ids["short"]
    assert step_kinds(wb) == wb.names["steps"]
    outline_entries = [e for e in run(wb.settlements()) if e["source"] == "outline"]
    assert len(outline_entries) == 7


def test_status_by_hand_and_the_pointer_move_where_the_story_is(wb):
    ids = build(wb)
    run(wb.set_plan_status(ids["steps"][0], "Completed"))
    assert tree(wb)[0]["children"][0]["children"][0]["steps"][0]["status"] == "Completed"
    run(wb.move_pointer(ids["steps"][1]))
    pointer = run(wb.plan())["pointer"]
    assert [(p["outline_id"], p["step_id"]) for p in pointer] == [(ids["short"], ids["steps"][1])]
    assert run(wb.current_chapter()) == 2
    moved = run(wb.move_pointer(ids["steps"][2]))
    steps = tree(wb)[0]["children"][0]["children"][0]["steps"]
    assert [s["status"] for s in steps] == ["Completed", "Completed", "InProgress"]
    run(wb.undo(moved["settlement_id"]))
    assert run(wb.plan())["pointer"][0]["step_id"] == ids["steps"][1]


def test_rename_move_and_reorder_are_undone_exactly(wb):
    ids = build(wb)
    renamed = run(wb.rename_plan_node(ids["short"], "  新的名字  "))
    assert tree(wb)[0]["children"][0]["children"][0]["title"] == "新的名字"
    reordered = run(wb.move_plan_node(ids["steps"][2], index=0))
    assert step_kinds(wb) == [wb.names["steps"][i] for i in (2, 0, 1)]
    moved = run(wb.move_plan_node(ids["short"], parent=ids["volume2"]))
    volumes = tree(wb)[0]["children"]
    assert volumes[0]["children"] == [] and volumes[1]["children"][0]["id"] == ids["short"]
    for done in (moved, reordered, renamed):
        run(wb.undo(done["settlement_id"]))
    assert step_kinds(wb) == wb.names["steps"]
    assert tree(wb)[0]["children"][0]["children"][0]["title"] == wb.names["short"]
    assert wb.book.journal.reconcile() == []  # journal and both graphs agree on every edit


def test_an_edit_is_undone_only_after_the_later_edits_of_the_same_node(wb):
    ids = build(wb)
    first = run(wb.rename_plan_node(ids["volume"], "甲"))
    run(wb.rename_plan_node(ids["volume"], "乙"))
    with pytest.raises(BookError, match="undo .* first"):
        run(wb.undo(first["settlement_id"]))
    assert tree(wb)[0]["children"][0]["title"] == "乙"


def test_the_pointer_leaves_the_other_short_outline_of_its_storyline(wb):
    ids = build(wb)
    other = run(wb.add_outline("ShortOutline", "后事", parent=ids["volume2"], storyline="protagonist"))["id"]
    run(wb.add_plan_step(other, "开端"))
    run(wb.move_pointer(ids["steps"][0]))
    run(wb.move_pointer(other))
    pointer = run(wb.plan())["pointer"]
    assert [(p["storyline"], p["outline_id"], p["step_kind"]) for p in pointer] == [("protagonist", other, "开端")]
    assert tree(wb)[0]["children"][0]["children"][0]["status"] == "Completed"


def test_a_step_moves_to_another_short_outline_and_back(wb):
    ids = build(wb)
    other = run(wb.add_outline("ShortOutline", "支线", parent=ids["volume2"], storyline="antagonist"))["id"]
    done = run(wb.move_plan_node(ids["steps"][1], parent=other))
    volumes = tree(wb)[0]["children"]
    assert [s["id"] for s in volumes[1]["children"][0]["steps"]] == [ids["steps"][1]]
    assert [s["id"] for s in volumes[0]["children"][0]["steps"]] == [ids["steps"][0], ids["steps"][2]]
    run(wb.undo(done["settlement_id"]))
    assert step_kinds(wb) == wb.names["steps"]
    assert tree(wb)[0]["children"][1]["children"][0]["steps"] == []


@pytest.mark.parametrize("edit, message", [
    (lambda wb, ids: wb.move_plan_node(ids["volume"], parent=ids["steps"][0]), "only go under a GeneralOutline"),
    (lambda wb, ids: wb.move_plan_node(ids["short"], parent=ids["steps"][0]), "only go under a LongOutline"),
    (lambda wb, ids: wb.rename_plan_node(ids["short"], "   "), "empty"),
    (lambda wb, ids: wb.add_outline("LongOutline", "", parent=ids["general"]), "empty"),
    (lambda wb, ids: wb.add_plan_step(ids["short"], ""), "empty"),
    (lambda wb, ids: wb.add_plan_step(ids["short"], wb.names["steps"][0]), "already has a step"),
    (lambda wb, ids: wb.add_outline("LongOutline", wb.names["volume2"], parent=ids["general"]), "already a LongOutline"),
    (lambda wb, ids: wb.rename_plan_node(ids["volume"], wb.names["volume2"]), "already a LongOutline"),
    (lambda wb, ids: wb.set_plan_status(ids["steps"][0], "Dropped"), "Pending, InProgress, Completed"),
    (lambda wb, ids: wb.move_pointer(ids["volume"]), "short outline or a step"),
    (lambda wb, ids: wb.move_plan_node("nope", index=0), "no plan node"),
    (lambda wb, ids: wb.move_plan_node(ids["steps"][0], index=-1), "number from 0"),
    (lambda wb, ids: wb.add_plan_step(ids["volume"], "x"), "a ShortOutline is needed"),
])
def test_bad_input_is_refused_with_a_clear_message_and_nothing_changes(wb, edit, message):
    ids = build(wb)
    before, entries = run(wb.plan()), len(run(wb.settlements()))
    with pytest.raises(BookError, match=message):
        run(edit(wb, ids))
    assert run(wb.plan()) == before
    assert len(run(wb.settlements())) == entries
