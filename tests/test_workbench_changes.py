"""Operations report what the stores wrote: a write tells its listeners what it changed, a read tells nothing, and
the model's state is news like any store's."""

from __future__ import annotations

import asyncio

import pytest

from desktop.config import Settings
from desktop.contracts import Changes, ModelPhase
from desktop.engine.errors import ModelError
from desktop.workbench import Workbench

DOCUMENT = {"chapter": 1, "entities": [{"kind": "Character", "name": "林动"}]}


@pytest.fixture
def workbench(tmp_path):
    wb = Workbench(Settings(model_path=str(tmp_path / "missing.gguf")))
    asyncio.run(wb.create_book(tmp_path / "book", title="武动乾坤"))
    yield wb
    asyncio.run(wb.shutdown())


def told(workbench, operation) -> list[tuple[str, ...]]:
    """The change sets listeners heard while the operation ran, as the names of what changed."""
    heard: list[Changes] = []
    workbench.subscribe(heard.append)
    try:
        asyncio.run(operation())
    finally:
        workbench.unsubscribe(heard.append)
    return [changes.names() for changes in heard]


def test_a_new_task_is_news_for_the_task_list_only(workbench):
    assert told(workbench, lambda: workbench.new_task("设定人物：张三", "character")) == [("tasks",)]


def test_applying_a_settlement_changes_the_facts_and_the_journal(workbench):
    [names] = told(workbench, lambda: workbench.apply(DOCUMENT))
    assert {"facts", "journal"} <= set(names) and "tasks" not in names


def test_reads_tell_nobody(workbench):
    async def reads():
        await workbench.tasks()
        await workbench.facts()
        await workbench.plan()
        await workbench.health()
        await workbench.settlements()

    assert told(workbench, reads) == []


def test_the_models_state_is_told_not_polled(workbench):
    async def load():
        with pytest.raises(ModelError):
            await workbench.load_model()

    assert told(workbench, load) == [("model",), ("model",)]  # loading, then the error
    status = workbench.model_status()
    assert status.state == ModelPhase.ERROR and "missing.gguf" in status.error


def test_closing_the_book_is_news_for_every_pane(workbench):
    assert told(workbench, workbench.close_book) == [("book",)]
