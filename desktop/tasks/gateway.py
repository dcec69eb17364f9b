"""The gateway: the one way in and out of a conversation — command, persist, build context, stream, persist."""

from __future__ import annotations

import asyncio
import inspect
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Awaitable, Callable

from desktop.engine.errors import ModelError
from desktop.progress import Cancelled, CancelToken
from desktop.tasks import commands
from desktop.tasks.commands import Command
from desktop.tasks.context import CONTINUE, NEW, RESTART, SETTLE, SWITCH, Context, ContextBuilder, SummaryJob
from desktop.tasks.queues import TaskError, TaskQueues

if TYPE_CHECKING:
    from desktop.book.book import Book
    from desktop.engine.llm import LLM
    from desktop.tasks.settlement import Settler

RunStore = Callable[..., Awaitable[Any]]
OnToken = Callable[[str], Any]
COMPLETE, CUT, ERROR = "complete", "cut", "error"  # states of a stored reply
AUTO_TITLE_CHARS = 24


async def run_inline(fn: Callable[..., Any], *args: Any) -> Any:
    """The store runner for callers without a single-writer executor (scripts, tests): call it right here."""
    return fn(*args)


@dataclass
class Turn:
    """What one input did. `reply` is empty when no model was called (a bare /switch, a settle)."""

    task_id: int | None
    command: Command
    reply: str = ""
    message_id: int | None = None       # the stored reply
    user_message_id: int | None = None  # the stored input
    cut: bool = False
    error: str | None = None
    mode: str | None = None             # the context mode the reply was built in
    event: str | None = None            # "created", "switched", "restarted", "review"
    task: dict | None = None
    review: dict | None = None
    notice: str = ""

    def to_dict(self) -> dict:
        return {"task_id": self.task_id, "reply": self.reply, "cut": self.cut, "error": self.error,
                "event": self.event, "notice": self.notice, "message_id": self.message_id,
                "user_message_id": self.user_message_id, "mode": self.mode,
                "command": {"kind": self.command.kind, "arg": self.command.arg}}


@dataclass
class _Reply:
    text: str = ""
    state: str = COMPLETE
    error: str | None = None
    pieces: list[str] = field(default_factory=list)


class Gateway:
    """Every author input goes through `say`; the author's words are stored before any model sees them."""

    def __init__(self, book: "Book", llm: "LLM", queues: TaskQueues, builder: ContextBuilder, *,
                 run_store: RunStore = run_inline, settler: "Settler | None" = None,
                 max_tokens: int = 768, temperature: float = 0.7):
        self.book = book
        self.llm = llm
        self.queues = queues
        self.builder = builder
        self.run_store = run_store
        self.max_tokens = max_tokens
        self.temperature = temperature
        if settler is None:
            from desktop.tasks.settlement import Settler

            settler = Settler(book, llm, builder, run_store=run_store)
        self.settler = settler

    async def say(self, text: str, *, on_token: OnToken | None = None, cancel: CancelToken | None = None) -> Turn:
        """One input: a slash command, a message to the active task, or both (a command line, then text)."""
        command = commands.parse(text)
        if command.kind == SETTLE:
            return await self._settle(command, cancel)
        task, event, mode = await self.run_store(self._act, command)
        turn = Turn(task["id"] if task else None, command, event=event, task=task,
                    notice=self._notice(event, task))
        if not command.continues:
            return turn
        return await self._converse(turn, mode, command.text, on_token, cancel)

    async def context(self, task_id: int | None = None, mode: str = CONTINUE, user_text: str | None = None) -> Context:
        """Exactly what the next turn would send (`inkstone context`); a summary that is due is made first."""
        if task_id is None:
            task_id = await self.run_store(self._require_active)
        return await self._build(task_id, mode, user_text)

    # -- the steps of a turn ---------------------------------------------------------

    def _act(self, command: Command) -> tuple[dict | None, str | None, str]:
        """Carry out the command on the store thread: (the task the text goes to, what happened, context mode)."""
        if command.kind == commands.NEW:
            return self.queues.new(command.arg, command.task_kind or commands.DEFAULT_KIND), "created", NEW
        if command.kind == commands.SWITCH:
            task = self.queues.switch(command.arg)
            return task, "switched", self.queues.pending_mode(task["id"]) or SWITCH
        if command.kind == commands.RESTART:
            return self.queues.restart(command.arg), "restarted", RESTART
        task = self.queues.active()
        if task is None:
            # Nothing is lost for want of a task: the first words start one.
            title = " ".join(command.text.split())[:AUTO_TITLE_CHARS] or "free"
            return self.queues.new(title, commands.DEFAULT_KIND), "created", NEW
        return task, None, self.queues.pending_mode(task["id"]) or CONTINUE

    async def _converse(self, turn: Turn, mode: str, text: str, on_token: OnToken | None,
                        cancel: CancelToken | None) -> Turn:
        task_id = turn.task_id
        stored = await self.run_store(self.book.archive.add_message, task_id, "user", text)
        turn.user_message_id = stored["id"]
        turn.mode = mode
        try:
            context = await self._build(task_id, mode, None, cancel)
        except (ModelError, Cancelled) as exc:  # a summary could not be made: the input is kept all the same
            return await self._finish(turn, _Reply(state=CUT if isinstance(exc, Cancelled) else ERROR,
                                                   error=None if isinstance(exc, Cancelled) else str(exc)))
        if mode in (NEW, RESTART):
            await self.run_store(self.queues.set_pending_mode, task_id, None)
        reply = _Reply()
        try:
            await self._stream(context, reply, on_token, cancel)
        except asyncio.CancelledError:
            reply.state = CUT
            await asyncio.shield(self._finish(turn, reply))
            raise
        except ModelError as exc:
            reply.state, reply.error = ERROR, str(exc)
        except Exception as exc:
            reply.state, reply.error = ERROR, f"{type(exc).__name__}: {exc}"
            await self._finish(turn, reply)
            raise
        return await self._finish(turn, reply)

    async def _stream(self, context: Context, reply: _Reply, on_token: OnToken | None,
                      cancel: CancelToken | None) -> None:
        max_tokens = min(self.max_tokens, self.builder.reply_reserve)
        generation = self.llm.stream(context.to_messages(), max_tokens=max_tokens,
                                     temperature=self.temperature, cancel=cancel)
        try:
            async for piece in generation:
                reply.pieces.append(piece)
                if on_token is not None:
                    result = on_token(piece)
                    if inspect.isawaitable(result):
                        await result
        except Cancelled:
            pass
        finally:
            reply.text = "".join(reply.pieces)
        completion = getattr(generation, "completion", None)
        if (cancel is not None and cancel.cancelled) or (completion is not None and completion.finish_reason == "cancelled"):
            reply.state = CUT

    async def _finish(self, turn: Turn, reply: _Reply) -> Turn:
        meta = {"mode": turn.mode, **({"error": reply.error} if reply.error else {})}
        stored = await self.run_store(self._store_reply, turn.task_id, reply.text, reply.state, meta)
        turn.reply, turn.message_id = reply.text, stored["id"] if stored else None
        turn.cut, turn.error = reply.state == CUT, reply.error
        return turn

    def _store_reply(self, task_id: int, text: str, state: str, meta: dict) -> dict | None:
        if state == CUT and not text:
            return None  # cancelled before the first token: nothing was said
        return self.book.archive.add_message(task_id, "assistant", text, state=state, meta=meta)

    async def _build(self, task_id: int, mode: str, user_text: str | None,
                     cancel: CancelToken | None = None) -> Context:
        job: SummaryJob | None = await self.run_store(self.builder.summary_job, task_id, mode, user_text)
        if job is not None:
            summary = job.previous
            for batch in job.batches:
                if cancel is not None:
                    cancel.raise_if_cancelled()
                summary = await self._summarise(([f"[earlier summary] {summary}"] if summary else []) + batch)
            await self.run_store(self.builder.store_summary, job, summary or "")
        return await self.run_store(self.builder.build, task_id, mode, user_text)

    async def _summarise(self, texts: list[str]) -> str:
        zh = self.book.meta.language == "zh"
        instruction = (
            "把下面这段讨论压缩成简洁的摘要：保留已经决定的事、名字、数字和未解决的问题。只输出摘要。"
            if zh else
            "Summarise the discussion below concisely: keep decisions, names, numbers and open questions. "
            "Output only the summary."
        )
        completion = await self.llm.complete(
            [{"role": "system", "content": instruction}, {"role": "user", "content": "\n".join(texts)}],
            max_tokens=self.builder.summary_cap, temperature=0.2,
        )
        return completion.text.strip()

    async def _settle(self, command: Command, cancel: CancelToken | None) -> Turn:
        task = await self.run_store(self._settle_target, command.arg)
        review = await self.settler.propose(task["id"], cancel=cancel)
        return Turn(task["id"], command, event="review", task=task, review=review,
                    notice=self._notice("review", task, review))

    def _settle_target(self, ref: str) -> dict:
        task = self.queues.resolve(ref, ("open",)) if ref else self.queues.active()
        if task is None:
            raise commands.CommandError("no active task to settle; name one: /settle ID")
        if task["status"] not in ("open", "active"):
            raise TaskError(f"task #{task['id']}「{task['title']}」 is {task['status']}; only an open task can be settled")
        return task

    def _require_active(self) -> int:
        task = self.queues.active()
        if task is None:
            raise commands.CommandError("no active task; start one with /new TITLE")
        return task["id"]

    def _notice(self, event: str | None, task: dict | None, review: dict | None = None) -> str:
        if event is None or task is None:
            return ""
        label = f"#{task['id']}「{task['title']}」"
        zh = self.book.meta.language == "zh"
        if event == "review":
            n = len(review["items"]) if review else 0
            return f"{label} 的结算待审阅：{n} 项" if zh else f"settlement of {label} ready for review: {n} items"
        words = {"created": ("已新建任务", "new task"), "switched": ("已切换到任务", "switched to task"),
                 "restarted": ("已重启任务", "restarted task")}[event]
        return f"{words[0]} {label}" if zh else f"{words[1]} {label}"
