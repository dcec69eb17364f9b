"""Fixtures for the task manager: a fresh book, a clock the test moves, scripted stand-ins for the model."""

from __future__ import annotations

import asyncio
from datetime import datetime, timedelta, timezone
from typing import Any

import pytest

from desktop.book.book import Book
from desktop.config import Settings
from desktop.engine import models
from desktop.engine.errors import ModelError
from desktop.engine.llama_backend import LlamaCppBackend
from desktop.engine.llm import estimate_tokens
from desktop.engine.streaming import Completion
from desktop.progress import CancelToken
from desktop.tasks.context import ContextBuilder
from desktop.tasks.queues import TaskQueues

N_CTX = 4096


class Clock:
    """A wall clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = datetime(2025, 3, 1, 9, 0, tzinfo=timezone.utc)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, hours: float) -> None:
        self.now += timedelta(hours=hours)


class ScriptedLLM:
    """A transport double for the engine: replies with fixed text, records every prompt it was given.

    `before_call` runs at the moment the model would start (to look at what is stored by then);
    `fail` makes the call raise; `cancel_after` pieces lets a test cancel mid-reply.
    """

    n_ctx = N_CTX
    name = "scripted"

    def __init__(self, reply: str = "好的，记下了。", *, documents: list[dict] | None = None):
        self.reply = reply
        self.documents = list(documents or [])
        self.prompts: list[list[dict]] = []
        self.json_prompts: list[list[dict]] = []
        self.before_call = None
        self.fail: Exception | None = None
        self.cancel_after: int | None = None

    def count_tokens(self, text: str) -> int:
        return estimate_tokens(text)

    async def load(self) -> None:
        pass

    def stream(self, messages, *, max_tokens=512, temperature=0.7, seed=None, stop=None, cancel=None):
        self.prompts.append(messages)
        return self._pieces(cancel)

    async def _pieces(self, cancel: CancelToken | None):
        if self.before_call is not None:
            self.before_call()
        if self.fail is not None:
            raise self.fail
        for index, piece in enumerate(self.reply):
            if cancel is not None and cancel.cancelled:
                return
            yield piece
            if self.cancel_after is not None and index + 1 >= self.cancel_after and cancel is not None:
                cancel.cancel()
            await asyncio.sleep(0)

    async def complete(self, messages, **options: Any) -> Completion:
        text = "".join([piece async for piece in self.stream(messages, **options)])
        return Completion(text, len(text), "stop")

    async def complete_json(self, messages, schema, *, max_tokens=None, temperature=0.2, seed=None, cancel=None):
        self.json_prompts.append(messages)
        return self.documents.pop(0) if self.documents else {}


@pytest.fixture(scope="session")
def chat_llm():
    """The embedded default chat model (Qwen2.5-Coder-0.5B Q4_K_M) on CPU, loaded once."""
    choice = models.ModelChoice(models.default_model_path(), models.SOURCE_DEFAULT)
    llm = LlamaCppBackend(Settings(n_ctx=N_CTX, gpu_layers=0), choice)
    try:
        asyncio.run(llm.load())
    except ModelError as exc:
        pytest.skip(f"the default chat model is not available: {exc}")
    yield llm
    asyncio.run(llm.aclose())


@pytest.fixture
def book(tmp_path):
    opened = Book.create(tmp_path / "book.inkstone", title="试笔", language="zh")
    yield opened
    opened.close()


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def queues(book, clock) -> TaskQueues:
    return TaskQueues(book.archive, retention_hours=24, clock=clock)


@pytest.fixture
def builder(book) -> ContextBuilder:
    return ContextBuilder(book, estimate_tokens, N_CTX)


def apply_doc(book: Book, doc: dict, source: str = "file:canon.json") -> int:
    """Settle canon directly, the way `inkstone apply` does."""
    return book.journal.apply(doc, source=source).settlement_id


def graph_state(book: Book) -> dict:
    """Everything a settlement can touch, for before/after comparisons."""
    facts = book.facts
    snapshot = facts.snapshot()
    return {
        "counts": facts.counts(),
        "entities": sorted((e["kind"], e["name"], tuple(e["aliases"]), e["summary"], tuple(sorted(e["attributes"].items())))
                           for e in snapshot["entities"]),
        "relations": sorted(tuple(row.values()) for row in facts.execute(
            "MATCH (a)-[r:RELATES]->(b) RETURN r.type, a.name, b.name, r.valid_from, r.valid_to, r.settlement")),
        "history": {e["name"]: facts.state_history(e["name"]) for e in snapshot["entities"]},
        "hooks": [(h["name"], h["status"]) for h in facts.hooks()],
        "plan": book.plan.tree(),
        "settings": [(s["title"], s["body"]) for s in book.archive.settings()],
    }
