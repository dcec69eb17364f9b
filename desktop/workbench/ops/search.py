"""Reading the book: search, the fact graph as of a chapter, the plan and the narrative pointer."""

from __future__ import annotations

import logging
from dataclasses import replace

from desktop.book.errors import BookError
from desktop.book.retrieval import PRESETS, Retriever
from desktop.contracts import Hit
from desktop.workbench.ops.fact_origins import with_relation_origins
from desktop.workbench.session import Session

log = logging.getLogger(__name__)


async def search(session: Session, query: str, *, k: int = 10, preset: str = "hybrid",
                 chapters: tuple[int, int] | None = None, with_entities: tuple[str, ...] = (),
                 vectors: bool = True) -> list[Hit]:
    """Hits best first. vectors=False: a preset that mixes keyword and vector search runs keyword and graph
    instead, and the embedder is never loaded (a cold command answers in a fraction of a second); a
    vector-only preset still embeds the query, since that is all it does."""
    if preset not in PRESETS:
        raise BookError(f"unknown search preset {preset!r} (choose from {', '.join(PRESETS)})")
    config = replace(PRESETS[preset], k=k, chapters=chapters, with_entities=tuple(with_entities))
    if not vectors and "keyword" in config.methods:
        config = replace(config, methods=tuple(dict.fromkeys(
            [m for m in config.methods if m != "vector"] + ["graph"])))
    embed_query = None
    if "vector" in config.methods:
        try:
            embed_query = await session.embed_query(query)
        except Exception as exc:  # keyword search still answers without a model
            log.warning("vector search unavailable: %s", exc)

    def work() -> list[Hit]:
        vector = embed_query
        book = session.book
        retriever = Retriever(book.archive, book.facts, (lambda _q: vector) if vector is not None else None)
        return [Hit.from_row(row) for row in retriever.search(query, config)]

    return await session.run(work)


async def current_chapter(session: Session) -> int | None:
    """The narrative pointer's chapter: the default 'as of' for fact queries."""
    return await session.run(session.book.plan.current_chapter)


async def facts(session: Session, *, entity: str | None = None, as_of: int | None = None) -> dict:
    def read() -> dict:
        book = session.book
        chapter = as_of if as_of is not None else book.plan.current_chapter()
        snap = book.facts.snapshot(as_of=chapter, entity=entity)
        if entity is not None and not snap["entities"]:
            known = book.facts.entity(entity)
            if not known:
                raise BookError(f"no entity called {entity!r} in this book")
            # In the book, not yet in the story at this chapter: an empty state for the window, not an error.
            snap["absent"] = {"name": known["name"], "kind": known["kind"], "first_chapter": known.get("first_chapter")}
        return with_relation_origins(book, snap) if entity is not None else snap

    return await session.run(read)


async def plan(session: Session) -> dict:
    def read() -> dict:
        return {"outlines": session.book.plan.tree(), "pointer": session.book.plan.pointer()}

    return await session.run(read)


async def neighbourhood(session: Session, name: str, *, hops: int = 1, as_of: int | None = None) -> dict:
    return await session.run(lambda: session.book.facts.neighbourhood(name, hops, as_of))
