"""Personas in conversation: the notes a character's voice needs, and updating the evolved persona from settled facts."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Awaitable, Callable

from desktop.book import personas
from desktop.book.errors import BookError
from desktop.engine.agents import evolve_persona

if TYPE_CHECKING:
    from desktop.book.book import Book
    from desktop.engine.llm import LLM
    from desktop.progress import CancelToken

RECENT_FACTS = 12  # settled facts given to the model when the evolved persona is updated


def personas_named(book: "Book", text: str) -> list[dict]:
    """The personas of the characters `text` names (by name or an alias of two characters or more), in order
    of first mention."""
    archive = book.archive
    first_seen: dict[str, int] = {}
    for name in personas.names_with_persona(archive):
        found = book.facts.entity(name) or {}
        spellings = [s for s in [name, *(found.get("aliases") or [])] if len(s) >= 2]
        positions = [text.find(s) for s in spellings if s in text]
        if positions:
            first_seen[name] = min(positions)
    return [personas.persona(archive, name) for name in sorted(first_seen, key=first_seen.__getitem__)]


def recent_facts(book: "Book", name: str, limit: int = RECENT_FACTS) -> list[str]:
    """The character's settled states, relations and hooks, latest first: what an evolved persona grows from."""
    if book.facts.resolve(name) is None:
        raise BookError(f"no character called {name!r} in this book")
    dated: list[tuple[int, str]] = []
    for state in book.facts.state_history(name):
        until = f"–{state['valid_to']}" if state["valid_to"] is not None else "–"
        dated.append((state["valid_from"] or 0, f"{name} {state['key']}={state['value']} (ch {state['valid_from']}{until})"))
    entity = book.facts.entity(name)
    for rel in book.facts.relations(None, touching=entity["id"]):
        dated.append((rel["valid_from"] or 0, f"{rel['from']} {rel['type']} {rel['to']} (ch {rel['valid_from']}–)"))
    for hook in book.facts.hooks():
        if entity["name"] in hook["involves"]:
            dated.append((hook["resolved_in"] or hook["planted_in"] or 0,
                          f"hook {hook['name']}: {hook['status']} — {hook['description'] or ''}"))
    dated.sort(key=lambda pair: -pair[0])
    return [line for _, line in dated[:limit]]


async def update_persona(book: "Book", llm: "LLM", name: str, *,
                         run_store: Callable[..., Awaitable[Any]] | None = None,
                         cancel: "CancelToken | None" = None) -> dict:
    """Summarise what recent settled facts changed into a new evolved persona version; the base is untouched.

    `run_store` runs the book reads and the write on the store thread (the gateway's runner); None: right here.
    """
    run_store = run_store or _inline
    canonical = await run_store(_canonical_name, book, name)
    current = await run_store(personas.persona, book.archive, canonical)
    facts = await run_store(recent_facts, book, canonical)
    text = await evolve_persona(llm, canonical, current["base"] or "", current["evolved"], facts,
                                zh=book.meta.language == "zh", cancel=cancel)
    if not text:
        raise BookError(f"the model wrote no evolved persona for {canonical}; nothing was changed")
    await run_store(personas.put_evolved, book.archive, canonical, text)
    return await run_store(persona_with_history, book, canonical)


def persona_with_history(book: "Book", name: str) -> dict:
    """The persona now, and every version of its evolved part."""
    return {**personas.persona(book.archive, name), "history": personas.history(book.archive, name)}


async def _inline(fn: Callable[..., Any], *args: Any) -> Any:
    return fn(*args)


def _canonical_name(book: "Book", name: str) -> str:
    found = book.facts.entity(name)
    return found["name"] if found else name
