"""Discussion tasks and the conversation in them: one input at a time through the gateway."""

from __future__ import annotations

from typing import Callable

from desktop.contracts import ContextMode, Message, Task
from desktop.engine.llm import UnavailableLLM
from desktop.progress import CancelToken
from desktop.tasks import notes
from desktop.tasks.commands import KNOWN_COMMANDS
from desktop.tasks.turns import pick_candidate as keep_candidate
from desktop.workbench.ops import Outcome
from desktop.workbench.session import Session


async def tasks(session: Session) -> list[Task]:
    return [Task.from_row(row) for row in await session.run(session.queues.list)]


async def new_task(session: Session, title: str, kind: str = "free") -> Outcome[Task]:
    row, changes = await session.write(session.queues.new, title, kind)
    return Task.from_row(row), changes


async def switch_task(session: Session, ref: str | int) -> Outcome[Task]:
    row, changes = await session.write(session.queues.switch, ref)
    return Task.from_row(row), changes


async def restart_task(session: Session, ref: str | int) -> Outcome[Task]:
    row, changes = await session.write(session.queues.restart, ref)
    return Task.from_row(row), changes


async def messages(session: Session, task_id: int | None = None) -> list[Message]:
    def read() -> list[Message]:
        tid = task_id if task_id is not None else session.queues.active_id()
        return [] if tid is None else [Message.from_row(row) for row in session.book.archive.messages(tid)]

    return await session.run(read)


async def note(session: Session, text: str = "", *, path=None) -> Outcome[dict]:
    """Keep the author's words (or a .txt/.md file's text) in the active task; no model is loaded or called."""
    def work() -> dict:
        words = notes.read_note_file(path) if path is not None else text
        return notes.store_note(session.book, session.queues, words)

    stored, changes = await session.write(work)
    return {"task_id": stored["task"]["id"], "message_id": stored["message"]["id"], "event": stored["event"],
            "characters": len(stored["message"]["content"]), "task": stored["task"]}, changes


def slash_commands(session: Session) -> list[dict]:
    return [{"command": name} for name in KNOWN_COMMANDS]


async def say(session: Session, text: str, *, on_token: Callable[[str], None] | None = None,
              cancel: CancelToken | None = None, on_step: Callable[[dict], None] | None = None) -> Outcome[dict]:
    """One input from the author: a slash command, a message to the active task, or both. `on_step` hears each
    memory look-up as it starts and ends ({"kind": "lookup", "label", "result"}) and a reply's second try."""
    gateway = await session.gateway()
    session.generating(True)
    try:
        turn = await gateway.say(text, on_token=on_token, cancel=cancel, on_step=on_step)
    finally:
        session.generating(False)
        if isinstance(gateway.llm, UnavailableLLM):
            session.forget_gateway()  # try the model again next turn
    result = turn.to_dict()
    if turn.review is not None:
        result["review"] = turn.review
    return result, await session.taken()


async def back_to_main_plot(session: Session, extra: str = "", *, on_token: Callable[[str], None] | None = None,
                            cancel: CancelToken | None = None) -> Outcome[dict]:
    """A turn in the active task that steers the discussion back to the narrative pointer's current step."""
    return await say(session, "/mainplot" + (f"\n{extra}" if extra.strip() else ""), on_token=on_token, cancel=cancel)


async def context(session: Session, task_id: int | None = None, mode: str = ContextMode.CONTINUE) -> dict:
    """Exactly the context the next turn would send: sections with token counts, then messages."""
    gateway = await session.gateway()
    built = await gateway.context(task_id, mode)
    return built.to_dict()


async def last_context(session: Session, task_id: int | None = None) -> dict:
    return await context(session, task_id, ContextMode.CONTINUE)


async def pick_candidate(session: Session, message_id: int, index: int,
                         edited_text: str | None = None) -> Outcome[Message]:
    """Keep another candidate of a drafting reply (edited, if the author edited it) as the reply."""
    row, changes = await session.write(keep_candidate, session.book, message_id, index, edited_text)
    return Message.from_row(row), changes
