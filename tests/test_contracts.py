"""The typed contracts: one definition of each kind, records read from the stores' rows, and the CLI's JSON of them."""

from __future__ import annotations

from desktop.cli import plain
from desktop.contracts import Changes, CommandKind, ContextMode, Evidence, Message, Review, Task
from desktop.tasks import commands, context


def test_command_kinds_and_context_modes_are_defined_once_and_read_as_their_text():
    assert commands.SETTLE is CommandKind.SETTLE and context.SETTLE is ContextMode.SETTLE
    assert CommandKind.SETTLE == "settle" == ContextMode.SETTLE
    assert context.MODES == ("continue", "switch", "new", "restart", "settle")


def test_a_journaled_review_reads_as_a_review_with_its_evidence():
    review = Review.from_row({"settlement_id": 7, "task_id": 2, "document": {"chapter": 6}, "items": [
        {"path": "entities/0", "class": "new", "existing": None, "source": None,
         "evidence": [{"message_id": 3, "chunk_id": None, "quote": "张三是青阳镇的铁匠"}]},
        {"path": "relations/0", "class": "conflict", "reason": "林动 OWNS 祖石 is still open"}]})
    first, second = review.items
    assert first.evidence == (Evidence(message_id=3, chunk_id=None, quote="张三是青阳镇的铁匠"),)
    assert (second.cls, second.evidence, second.reason) == ("conflict", (), "林动 OWNS 祖石 is still open")


def test_the_cli_prints_records_with_the_journals_names():
    item = plain(Review.from_row({"settlement_id": 1, "task_id": None, "document": {}, "items": [
        {"path": "hooks/0", "class": "new", "evidence": [{"message_id": None, "chunk_id": 9, "quote": "祖石"}]}]}))
    assert item["items"][0]["class"] == "new"
    assert item["items"][0]["evidence"] == [{"message_id": None, "chunk_id": 9, "quote": "祖石"}]
    assert plain(CommandKind.NEW) == "new"


def test_a_task_record_keeps_only_the_contracts_fields():
    task = Task.from_row({"id": 1, "title": "主线大纲", "kind": "outline", "status": "active", "extra": "dropped"})
    assert plain(task) == {"id": 1, "title": "主线大纲", "kind": "outline", "status": "active", "messages": None,
                           "retained_until": None, "updated_at": None}


def test_changes_add_up_and_say_what_changed():
    assert not Changes()
    assert (Changes(tasks=True) | Changes(model=True)).names() == ("tasks", "model")


def test_a_message_stored_without_meta_reads_back_with_empty_meta():
    message = Message.from_row({"id": 1, "role": "user", "content": "林风拜入青云宗。", "meta": None})
    assert dict(message.meta) == {}
