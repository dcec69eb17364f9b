"""Tasks: the active pointer, names that must be unambiguous, closing on settlement, retention and restart."""

from __future__ import annotations

import pytest

from desktop.tasks.queues import TaskError


def statuses(queues) -> dict[str, str]:
    return {t["title"]: t["status"] for t in queues.list()}


def test_a_new_task_is_open_and_active(queues):
    task = queues.new("设定人物：张三", "character")
    assert {k: task[k] for k in ("title", "kind", "status")} == {
        "title": "设定人物：张三", "kind": "character", "status": "active"}
    assert queues.active()["id"] == task["id"]


def test_switching_moves_the_active_pointer(queues):
    first = queues.new("长线大纲", "outline")
    second = queues.new("人物：张三", "character")
    assert statuses(queues) == {"长线大纲": "open", "人物：张三": "active"}
    queues.switch(str(first["id"]))
    assert statuses(queues) == {"长线大纲": "active", "人物：张三": "open"}
    queues.switch("人物")
    assert queues.active()["id"] == second["id"]


def test_a_task_is_named_by_id_or_unambiguous_title_prefix(queues):
    outline = queues.new("长线大纲", "outline")
    queues.new("人物：张三", "character")
    assert queues.resolve("长线")["id"] == outline["id"]
    assert queues.resolve(f"#{outline['id']}")["id"] == outline["id"]


def test_an_ambiguous_name_is_an_error_listing_the_candidates(queues):
    queues.new("人物：张三", "character")
    queues.new("人物：李四", "character")
    with pytest.raises(TaskError) as error:
        queues.switch("人物")
    assert "人物：张三" in str(error.value) and "人物：李四" in str(error.value)


def test_an_unknown_name_is_an_error_never_a_guess(queues):
    queues.new("人物：张三", "character")
    with pytest.raises(TaskError, match="no task called '王五'.*人物：张三"):
        queues.switch("王五")
    with pytest.raises(TaskError, match="no task #99"):
        queues.switch("99")


def test_an_exact_title_beats_a_longer_one_it_prefixes(queues):
    short = queues.new("张三", "character")
    queues.new("张三的剑", "setting")
    assert queues.resolve("张三")["id"] == short["id"]


def test_settling_closes_the_task_and_clears_the_pointer(queues):
    task = queues.new("人物：张三", "character")
    closed = queues.close_settled(task["id"], 7)
    assert closed["status"] == "closed"
    assert closed["settlement_id"] == 7
    assert closed["retained_until"] is not None
    assert queues.active() is None
    with pytest.raises(TaskError, match="closed.*/restart"):
        queues.switch(str(task["id"]))


def test_a_closed_task_restarts_within_the_retention_window(queues, clock):
    task = queues.new("人物：张三", "character")
    queues.close_settled(task["id"], 1)
    clock.advance(23)
    restarted = queues.restart("人物：张三")
    assert restarted["status"] == "active"
    assert queues.pending_mode(task["id"]) == "restart"


def test_past_retention_a_task_cannot_restart_but_its_history_is_listed(book, queues, clock):
    task = queues.new("人物：张三", "character")
    book.archive.add_message(task["id"], "user", "张三用剑。")
    queues.close_settled(task["id"], 1)
    clock.advance(30)
    assert statuses(queues)["人物：张三"] == "archived"  # shown as archived even before a sweep
    with pytest.raises(TaskError) as error:
        queues.restart(str(task["id"]))
    assert str(error.value) == (
        f"task #{task['id']} 「人物：张三」 was closed 30 h ago; past the 24 h retention — its history is still readable"
    )
    listed = next(t for t in queues.list() if t["id"] == task["id"])
    assert (listed["status"], listed["messages"]) == ("archived", 1)
    assert [m["content"] for m in book.archive.messages(task["id"])] == ["张三用剑。"]


def test_sweep_archives_expired_closed_tasks_only(queues, clock):
    old = queues.new("旧任务", "free")
    recent = queues.new("新任务", "free")
    queues.close_settled(old["id"], 1)
    clock.advance(20)
    queues.close_settled(recent["id"], 2)
    clock.advance(10)
    assert queues.sweep() == [old["id"]]
    assert statuses(queues) == {"旧任务": "archived", "新任务": "closed"}


def test_list_reports_the_cli_fields(queues):
    queues.new("人物：张三", "character")
    (row,) = queues.list()
    assert {"id", "title", "kind", "status", "messages", "retained_until"} <= set(row)


def test_undoing_a_settlement_reopens_its_task(queues):
    task = queues.new("人物：张三", "character")
    queues.close_settled(task["id"], 3)
    reopened = queues.reopen_after_undo(task["id"])
    assert reopened["status"] == "open"
    assert reopened["settlement_id"] is None
    assert queues.pending_mode(task["id"]) == "restart"


def test_restarting_an_open_task_says_to_switch(queues):
    queues.new("人物：张三", "character")
    with pytest.raises(TaskError, match="open, not closed; switch"):
        queues.restart("人物")


def test_a_new_task_needs_a_known_kind_and_a_title(queues):
    with pytest.raises(TaskError, match="unknown task kind"):
        queues.new("x", "poem")
    with pytest.raises(TaskError, match="needs a title"):
        queues.new("   ", "free")
