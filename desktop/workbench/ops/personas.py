"""A character's base persona (fixed) and evolved persona (versioned, summarised from settled facts)."""

from __future__ import annotations

from desktop.book import personas as stored
from desktop.progress import CancelToken
from desktop.tasks.personas import persona_with_history
from desktop.tasks.personas import update_persona as summarise_persona
from desktop.workbench.ops import Outcome
from desktop.workbench.session import Session


async def persona(session: Session, name: str) -> dict:
    """A character's base and evolved persona, with every version of the evolved one."""
    return await session.run(persona_with_history, session.book, name)


async def set_base_persona(session: Session, name: str, text: str) -> Outcome[dict]:
    """Give a character its base persona (the fixed core; set once)."""
    _, changes = await session.write(stored.set_base, session.book.archive, name, text)
    return await persona(session, name), changes


async def update_persona(session: Session, name: str, *, cancel: CancelToken | None = None) -> Outcome[dict]:
    """A new evolved persona version, summarised by the model from recent settled facts about the character."""
    llm = await session.load_model()
    result = await summarise_persona(session.book, llm, name, run_store=session.run, cancel=cancel)
    return result, await session.taken()


async def revert_persona(session: Session, name: str, version: int) -> Outcome[dict]:
    """Make an earlier evolved persona current again (as a new version, so the revert can be undone too)."""
    _, changes = await session.write(stored.revert, session.book.archive, name, version)
    return await persona(session, name), changes
