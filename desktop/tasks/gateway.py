"""The gateway: the one way in and out of a conversation — command, persist, build context, stream, persist."""

from __future__ import annotations

import asyncio
import inspect
import logging
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Awaitable, Callable, Sequence

from desktop.book.retrieval import Retriever
from desktop.engine import agents, reply_checks, tools
from desktop.engine.errors import ModelError
from desktop.engine.prompts.gateway import SUMMARISE
from desktop.progress import Cancelled, CancelToken
from desktop.tasks import commands, notes, turns
from desktop.tasks.commands import Command
from desktop.tasks.continuity import chapter_of_draft, check_text
from desktop.tasks.context import CONTINUE, NEW, RESTART, SETTLE, SWITCH, Context, ContextBuilder, SummaryJob
from desktop.tasks.queues import TaskError, TaskQueues
from desktop.tasks.runstore import RunStore, run_inline
from desktop.tasks.settlement import Settler

if TYPE_CHECKING:
    from desktop.book.book import Book
    from desktop.engine.llm import LLM

log = logging.getLogger(__name__)

OnToken = Callable[[str], Any]
OnStep = Callable[[dict], Any]  # {"kind": "lookup"|"retry", ...}: what the turn is doing, as it happens
EmbedQuery = Callable[[str], Awaitable[Sequence[float]]]
COMPLETE, CUT, ERROR = "complete", "cut", "error"  # states of a stored reply
DRAFTING_KINDS = ("chapter",)  # every turn of such a task is a draft: candidates with critiques
TOOL_STEPS = 2                 # memory-tool calls per turn: cheap enough for a 0.5B model on a CPU


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
    check: dict | None = None  # a /check: {"chapter", "issues"}
    notice: str = ""
    tools: list[dict] = field(default_factory=list)  # memory-tool calls of this turn: {"call", "result"}
    flags: list[str] = field(default_factory=list)   # "dump" (no answer, only look-ups), "repeat" (as the last reply)
    candidates: list[dict] | None = None             # a drafting turn's {"text", "critique", "score"}, best first
    proposal: dict | None = None                     # plan progress proposed for review after a draft

    def to_dict(self) -> dict:
        out = {"task_id": self.task_id, "reply": self.reply, "cut": self.cut, "error": self.error,
               "event": self.event, "notice": self.notice, "message_id": self.message_id,
               "user_message_id": self.user_message_id, "mode": self.mode,
               "command": {"kind": self.command.kind, "arg": self.command.arg}}
        if self.tools:
            out["tools"] = self.tools
        if self.flags:
            out["flags"] = self.flags
        if self.candidates is not None:
            out["candidates"] = self.candidates
        if self.check is not None:
            out["check"] = self.check
        if self.proposal is not None:
            out["proposal"] = {"settlement_id": self.proposal["settlement_id"], "notes": self.proposal["notes"]}
        return out


@dataclass
class _Listeners:
    token: OnToken | None = None
    step: OnStep | None = None


async def _call(listener: Callable[[Any], Any] | None, value: Any) -> None:
    """Tell a listener, plain or async."""
    if listener is None:
        return
    result = listener(value)
    if inspect.isawaitable(result):
        await result


@dataclass
class _Reply:
    text: str = ""
    state: str = COMPLETE
    error: str | None = None
    pieces: list[str] = field(default_factory=list)
    candidates: list[dict] | None = None


class Gateway:
    """Every author input goes through `say`; the author's words are stored before any model sees them."""

    def __init__(self, book: "Book", llm: "LLM", queues: TaskQueues, builder: ContextBuilder, *,
                 run_store: RunStore = run_inline, settler: Settler | None = None,
                 max_tokens: int = 768, temperature: float = 0.7, candidates: int = 2,
                 tool_steps: int = TOOL_STEPS, embed_query: EmbedQuery | None = None):
        self.book = book
        self.llm = llm
        self.queues = queues
        self.builder = builder
        self.run_store = run_store
        self.max_tokens = max_tokens
        self.temperature = temperature
        self.candidates = max(1, int(candidates))
        self.tool_steps = max(0, int(tool_steps))
        self.embed_query = embed_query
        # Store-thread only (it reads the fact graph); it caches the book's names between turns.
        self.retriever = Retriever(book.archive, book.facts, None)
        if settler is None:
            settler = Settler(book, llm, builder, run_store=run_store)
        self.settler = settler

    async def say(self, text: str, *, on_token: OnToken | None = None, cancel: CancelToken | None = None,
                  on_step: OnStep | None = None) -> Turn:
        """One input: a slash command, a message to the active task, or both (a command line, then text).
        `on_step` hears each memory look-up as it starts and ends, and a second try of the reply."""
        command = commands.parse(text)
        if command.kind == commands.SETTLE:
            return await self._settle(command, cancel)
        if command.kind == commands.CHECK:
            return await self._check(command)
        if command.kind == commands.NOTE:
            return await self._note(command)
        words = command.text
        if command.kind == commands.MAINPLOT:  # the steering words need the plan: made before anything is stored
            words = await self.run_store(turns.main_plot_request, self.book, command.text)
        elif command.kind == commands.DRAFT and not words.strip():
            words = await self.run_store(turns.draft_request, self.book)
        task, event, mode = await self.run_store(self._act, replace(command, text=words))
        turn = Turn(task["id"] if task else None, command, event=event, task=task,
                    notice=self._notice(event, task))
        if not command.continues:
            return turn
        # In a chapter task every turn drafts, except the one that steers the discussion back to the plot.
        drafting = command.kind == commands.DRAFT or (
            (task or {}).get("kind") in DRAFTING_KINDS and command.kind != commands.MAINPLOT)
        return await self._converse(turn, mode, words, _Listeners(on_token, on_step), cancel, drafting=drafting)

    async def context(self, task_id: int | None = None, mode: str = CONTINUE, user_text: str | None = None) -> Context:
        """Exactly what the next turn would send (`inkstone context`), without memory lookups the model may
        still ask for; a summary that is due is made first."""
        if task_id is None:
            task_id = await self.run_store(self._require_active)
        context = await self._build(task_id, mode, user_text)
        if mode != SETTLE:
            task = await self.run_store(self.queues.get, task_id)
            await self.run_store(self._plan_turn, task, context, task["kind"] in DRAFTING_KINDS)
        return context

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
            return self.queues.new(commands.auto_title(command.text), commands.DEFAULT_KIND), "created", NEW
        return task, None, self.queues.pending_mode(task["id"]) or CONTINUE

    async def _converse(self, turn: Turn, mode: str, text: str, listen: "_Listeners",
                        cancel: CancelToken | None, *, drafting: bool = False) -> Turn:
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
            task = turn.task or await self.run_store(self.queues.get, task_id)
            plan = await self.run_store(self._plan_turn, task, context, drafting)
            plain = context.to_messages()
            messages = plain
            if plan.needs_memory and self.tool_steps:
                turn.tools, messages = await self._look_up(turn, context, plan, plain, cancel, listen.step)
            if drafting:
                await self._draft(plan, messages, reply, listen.token, cancel)
            else:
                await self._answer(turn, plain, messages, reply, listen, cancel)
        except Cancelled:
            reply.state = CUT
            reply.text = reply.text or "".join(reply.pieces)
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
        turn = await self._finish(turn, reply)
        if drafting and reply.state == COMPLETE and turn.message_id is not None:
            turn.proposal = await self.run_store(turns.propose_plan_progress, self.book, task_id, turn.message_id)
            if turn.proposal is not None:
                turn.notice = " ".join(filter(None, [turn.notice, *turn.proposal["notes"]]))
        return turn

    async def _answer(self, turn: Turn, plain: list[dict], messages: list[dict], reply: _Reply,
                      listen: "_Listeners", cancel: CancelToken | None) -> None:
        """Stream the reply; one second try when it only dumps the look-ups or repeats the previous reply.
        A dump that persists becomes a short notice (raw look-ups are never the answer); a repeat is kept, flagged."""
        await self._stream(messages, reply, listen.token, cancel)
        zh = self.book.meta.language == "zh"
        if turn.tools and reply.state == COMPLETE and reply_checks.is_lookup_dump(reply.text, turn.tools):
            await self._retry(reply, agents.with_note(plain, reply_checks.answer_nudge(turn.tools, zh)), "dump",
                              listen, cancel)
            if reply.state == COMPLETE and (not reply.text.strip()
                                            or reply_checks.is_lookup_dump(reply.text, turn.tools)):
                reply.text = reply_checks.dump_notice(zh)
                turn.flags.append("dump")
            messages = plain
        previous = reply_checks.previous_reply(plain)
        if reply.state == COMPLETE and reply_checks.is_repeat(reply.text, previous):
            await self._retry(reply, agents.with_note(messages, reply_checks.repeat_nudge(zh)), "repeat", listen,
                              cancel, temperature=min(1.2, self.temperature + 0.3), seed=7919)
            if reply.state == COMPLETE and reply_checks.is_repeat(reply.text, previous):
                turn.flags.append("repeat")
                turn.notice = " ".join(filter(None, [turn.notice, reply_checks.repeat_notice(zh)]))

    async def _retry(self, reply: _Reply, messages: list[dict], reason: str, listen: "_Listeners",
                     cancel: CancelToken | None, **options: Any) -> None:
        """The reply generated again from `messages`; listeners are told first, so the pane clears the first try."""
        log.info("second try of a reply: %s", reason)
        await _call(listen.step, {"kind": "retry", "reason": reason})
        reply.pieces, reply.text = [], ""
        await self._stream(messages, reply, listen.token, cancel, **options)

    async def _stream(self, messages: list[dict], reply: _Reply, on_token: OnToken | None,
                      cancel: CancelToken | None, *, temperature: float | None = None, seed: int | None = None) -> None:
        max_tokens = min(self.max_tokens, self.builder.reply_reserve)
        generation = self.llm.stream(messages, max_tokens=max_tokens, cancel=cancel,
                                     temperature=self.temperature if temperature is None else temperature,
                                     **({"seed": seed} if seed is not None else {}))
        try:
            async for piece in generation:
                reply.pieces.append(piece)
                await _call(on_token, piece)
        except Cancelled:
            pass
        finally:
            reply.text = "".join(reply.pieces)
        completion = getattr(generation, "completion", None)
        if (cancel is not None and cancel.cancelled) or (completion is not None and completion.finish_reason == "cancelled"):
            reply.state = CUT

    # -- memory, drafts and critiques ---------------------------------------------------

    def _plan_turn(self, task: dict, context: Context, drafting: bool) -> turns.TurnPlan:
        """This turn's notes, fitted into their share of the budget and put on the context. Store thread."""
        text = next((m["content"] for m in reversed(context.messages) if m["role"] == "user"), "")
        plan = turns.plan_turn(self.book, self.retriever, task, text, drafting=drafting,
                               count_tokens=self.builder.count_tokens, notes_cap=self.builder.notes_cap)
        context.notes = self.builder.fit_notes(plan.notes)
        return plan

    async def _look_up(self, turn: Turn, context: Context, plan: turns.TurnPlan, messages: list[dict],
                       cancel: CancelToken | None, on_step: OnStep | None) -> tuple[list[dict], list[dict]]:
        """The bounded tool loop; each call and its result is stored in the task's queue, and told to `on_step`
        (once when it starts, once with its result), as it happens."""
        room = max(0, self.builder.notes_cap - sum(note.tokens for note in context.notes))
        per_call = max(160, room // max(1, self.tool_steps))  # about a character per token for Chinese
        zh = self.book.meta.language == "zh"

        async def run(call: dict) -> str:
            step = {"kind": "lookup", "call": call, "label": tools.describe_call(call), "result": None}
            await _call(on_step, dict(step))
            vector = None
            if call["tool"] == tools.QUERY_MEMORY and call.get("mode") != "graph":
                vector = await self._embed(call["query"])
            result = await self.run_store(self._run_tool, call, vector, plan.chapter, per_call)
            await self.run_store(self._store_lookup, turn.task_id, call, result)
            await _call(on_step, {**step, "result": result})
            return result

        guide = tools.tool_instructions(zh, self.tool_steps, entity=plan.entity, chapter=plan.chapter)
        await _call(on_step, {"kind": "thinking"})  # the model now chooses what to look up: say so at once
        return await agents.agentic_turn(self.llm, messages, run, max_steps=self.tool_steps, zh=zh,
                                         instructions=guide, cancel=cancel)

    def _store_lookup(self, task_id: int, call: dict, result: str) -> None:
        self.book.archive.add_message(task_id, "tool", f"{tools.describe_call(call)}\n{result}",
                                      meta={"call": call, "result": result})

    async def _embed(self, text: str) -> Sequence[float] | None:
        if self.embed_query is None:
            return None
        try:
            return await self.embed_query(text)
        except Exception as exc:  # keyword search still answers without the embedder
            log.warning("query embedding unavailable, searching by keyword: %s", exc)
            return None

    def _run_tool(self, call: dict, vector: Sequence[float] | None, chapter: int | None, max_chars: int) -> str:
        retriever = self.retriever if vector is None else Retriever(self.book.archive, self.book.facts,
                                                                     lambda _query: vector)
        return tools.run_tool(self.book, retriever, call, as_of=chapter, max_chars=max_chars)

    async def _draft(self, plan: turns.TurnPlan, messages: list[dict], reply: _Reply, on_token: OnToken | None,
                     cancel: CancelToken | None) -> None:
        """Several candidates, each critiqued against the plan goal and canon (and checked for continuity),
        best first; the best is the reply kept, the others wait in its meta for the author to pick."""
        max_tokens = min(self.max_tokens, self.builder.reply_reserve)
        texts = await agents.generate_candidates(self.llm, messages, self.candidates, max_tokens=max_tokens,
                                                 temperature=max(self.temperature, 0.8), cancel=cancel,
                                                 on_token=on_token)
        if cancel is not None and cancel.cancelled:
            reply.text, reply.state = (texts[0] if texts else ""), CUT
            return
        if not texts:
            return
        zh = self.book.meta.language == "zh"
        if len(texts) == 1:
            ranked = [{"text": texts[0], "critique": "", "score": None}]
        else:
            ranked = await agents.rank_candidates(self.llm, texts, plan.plan_goal, plan.canon, zh=zh, cancel=cancel)
        for candidate in ranked:
            report = await self.run_store(check_text, self.book, candidate["text"], plan.chapter)
            if report["issues"]:
                candidate["issues"] = report["issues"]
                lines = "; ".join(f"{issue['text']} ↔ {issue['fact']}" for issue in report["issues"][:3])
                candidate["critique"] = " ".join(filter(None, [candidate["critique"],
                                                               ("连续性问题：" if zh else "Continuity: ") + lines]))
                if isinstance(candidate["score"], int):
                    candidate["score"] = max(1, candidate["score"] - 2 * len(report["issues"]))
        reply.candidates = agents.best_first(ranked)
        reply.text = reply.candidates[0]["text"]

    async def _finish(self, turn: Turn, reply: _Reply) -> Turn:
        meta = {"mode": turn.mode, **({"error": reply.error} if reply.error else {})}
        if reply.candidates:
            meta.update(candidates=reply.candidates, picked=0)
        stored = await self.run_store(self._store_reply, turn.task_id, reply.text, reply.state, meta)
        turn.reply, turn.message_id = reply.text, stored["id"] if stored else None
        turn.cut, turn.error = reply.state == CUT, reply.error
        turn.candidates = reply.candidates
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
        instruction = SUMMARISE["zh" if self.book.meta.language == "zh" else "en"]
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

    async def _note(self, command: Command) -> Turn:
        """The author's words kept in the active task as they are; no model is called."""
        stored = await self.run_store(notes.store_note, self.book, self.queues, command.text)
        task = stored["task"]
        zh = self.book.meta.language == "zh"
        notice = " ".join(filter(None, [self._notice(stored["event"], task),
                                        f"已记下笔记（{len(command.text)} 字）" if zh
                                        else f"note kept ({len(command.text)} characters)"]))
        return Turn(task["id"], command, user_message_id=stored["message"]["id"], event=stored["event"], task=task,
                    notice=notice)

    async def _check(self, command: Command) -> Turn:
        """The continuity check of the text given, else of the active task's last reply; no model call.
        The report is kept in the task's queue (as a tool message: shown, never sent to the model)."""
        task_id, report = await self.run_store(self._check_in_task, command.text)
        zh = self.book.meta.language == "zh"
        issues = report["issues"]
        if zh:
            notice = f"连续性检查：{len(issues)} 处问题" + "".join(f"\n- {i['text']} ↔ {i['fact']}" for i in issues)
        else:
            notice = f"continuity check: {len(issues)} issues" + "".join(f"\n- {i['text']} <> {i['fact']}" for i in issues)
        if task_id is not None:
            await self.run_store(self._store_check, task_id, notice, report)
        return Turn(task_id, command, check=report, notice=notice)

    def _check_in_task(self, text: str) -> tuple[int | None, dict]:
        task = self.queues.active()
        if not text.strip():
            replies = [m for m in self.book.archive.messages(task["id"]) if m["role"] == "assistant"] if task else []
            if not replies:
                raise commands.CommandError("nothing to check: write /check followed by the text, "
                                            "or ask for a draft first")
            text = replies[-1]["content"]
        # A draft that opens with its heading (第二十一回 …) is checked as of that chapter, else the pointer's.
        heading = chapter_of_draft(text)
        pointer = turns.main_pointer(self.book)
        chapter = heading if heading is not None else \
            pointer["chapter"] if pointer else self.book.plan.current_chapter()
        report = check_text(self.book, text, chapter)
        return (task["id"] if task else None), report

    def _store_check(self, task_id: int, notice: str, report: dict) -> None:
        self.book.archive.add_message(task_id, "tool", notice, meta={"check": report})

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
