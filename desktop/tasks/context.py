"""The context builder: exactly what one task's turn sends to the model, per mode, inside a token budget."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable

from desktop.book.errors import BookError
from desktop.contracts import ContextMode
from desktop.engine.prompts.context import HEADINGS, SPEAKERS, chat_instructions, language_of
# settlement.py and extraction.py take these two from here too.
from desktop.engine.prompts.settle import SETTLE_EXAMPLE, settle_instructions
from desktop.tasks.retrieval import Retriever, broad_retrieval

if TYPE_CHECKING:
    from desktop.book.book import Book

# The modes are defined once, in desktop.contracts; these short names are what this package reads.
CONTINUE, SWITCH, NEW, RESTART, SETTLE = (ContextMode.CONTINUE, ContextMode.SWITCH, ContextMode.NEW,
                                          ContextMode.RESTART, ContextMode.SETTLE)
MODES = tuple(ContextMode)
MESSAGE_OVERHEAD = 6     # chat-template tokens around each message
RETRIEVAL_SHARE = 0.35   # of the budget, at most, for the broad retrieval
SUMMARY_SHARE = 0.15     # of the budget, reserved for the rolling summary
NOTES_SHARE = 0.15       # of the budget, reserved for this turn's notes (prefetch, persona, hints, lookups)
KEEP_SHARE = 0.5         # after a summary refresh, the verbatim window restarts at this share of its room
SUMMARISER_ROOM = 320    # the summariser's own instructions
_RETRIEVAL_KEY = "task.{}.retrieval"  # archive meta: the task's retrieval, reused so its prompt prefix stays stable

Summarise = Callable[[list[str]], str]


@dataclass(frozen=True)
class Section:
    name: str
    tokens: int
    text: str


@dataclass
class Context:
    """One turn's context. `messages` are the task's own turns ({"id","role","content"}; id None = not yet stored).

    In settle mode `messages` is the whole queue and `parts` splits it, in order, into pieces that each fit.
    `notes` belong to this turn only (prefetched facts, a persona, a hint): they follow the author's latest
    words instead of joining the system prompt, so the cached prefix of earlier turns stays valid.
    """

    mode: str
    task_id: int
    budget_tokens: int
    sections: list[Section]
    messages: list[dict]
    parts: list[list[dict]] = field(default_factory=list)
    notes: list[Section] = field(default_factory=list)

    @property
    def system_prompt(self) -> str:
        # Stable sections come first (instructions, retrieval) and the summary last,
        # so consecutive turns share the longest prefix and llama.cpp reuses its cache.
        return "\n\n".join(s.text for s in self.sections)

    def to_messages(self) -> list[dict]:
        """The chat messages for the engine: one system message, the task's turns verbatim, then this turn's notes."""
        out = [{"role": "system", "content": self.system_prompt},
               *({"role": m["role"], "content": m["content"]} for m in self.messages)]
        if self.notes:
            note = "\n\n".join(s.text for s in self.notes)
            if out[-1]["role"] == "user":
                out[-1] = {"role": "user", "content": f"{out[-1]['content']}\n\n{note}"}
            else:
                out.append({"role": "user", "content": note})
        return out

    @property
    def tokens(self) -> int:
        return (sum(s.tokens for s in self.sections) + sum(m.get("tokens", 0) for m in self.messages)
                + sum(s.tokens for s in self.notes))

    def to_dict(self) -> dict:
        out = {
            "mode": self.mode, "task_id": self.task_id, "budget_tokens": self.budget_tokens,
            "sections": [{"name": s.name, "tokens": s.tokens, "text": s.text} for s in self.sections]
            + [{"name": s.name, "tokens": s.tokens, "text": s.text, "per_turn": True} for s in self.notes],
            "messages": [{"id": m["id"], "role": m["role"], "content": m["content"]} for m in self.messages],
        }
        if self.mode == SETTLE:
            out["parts"] = [{"message_ids": [m["id"] for m in part], "tokens": sum(m["tokens"] for m in part)}
                            for part in self.parts]
        return out


@dataclass(frozen=True)
class SummaryJob:
    """Older turns that must be folded into the task's rolling summary before its context can be built."""

    task_id: int
    upto_message_id: int
    previous: str | None
    batches: list[list[str]]


def fold(job: SummaryJob, summarise: Summarise) -> str:
    """Run a summary job: each batch is summarised together with the summary so far."""
    summary = job.previous
    for batch in job.batches:
        summary = summarise(([f"[earlier summary] {summary}"] if summary else []) + batch)
    return summary or ""


class ContextBuilder:
    """Builds contexts from a task's own queue and the book's memory; nothing of another task ever enters."""

    def __init__(self, book: "Book", count_tokens: Callable[[str], int], n_ctx: int, *,
                 reply_reserve: int | None = None, max_turns: int = 24, retrieve: Retriever = broad_retrieval):
        self.book = book
        self.count_tokens = count_tokens
        self.n_ctx = int(n_ctx)
        self.reply_reserve = reply_reserve if reply_reserve is not None else min(2048, max(256, self.n_ctx // 4))
        if self.n_ctx - self.reply_reserve < 256:
            raise BookError(f"a context of {self.n_ctx} tokens leaves no room for a conversation")
        self.max_turns = max_turns
        self.retrieve = retrieve

    @property
    def budget(self) -> int:
        return self.n_ctx - self.reply_reserve

    @property
    def summary_cap(self) -> int:
        return int(self.budget * SUMMARY_SHARE)

    @property
    def notes_cap(self) -> int:
        return int(self.budget * NOTES_SHARE)

    # -- entry points -------------------------------------------------------------

    def build(self, task_id: int, mode: str, user_text: str | None = None, *,
              summarise: Summarise | None = None) -> Context:
        """The context of the task's next turn. `user_text`: a message not stored yet (a preview).

        With `summarise`, a summary that has fallen behind is refreshed (and cached) first; without
        it, turns not yet summarised are shown as a short digest instead of being dropped.
        """
        if mode not in MODES:
            raise BookError(f"unknown context mode {mode!r}; use one of {', '.join(MODES)}")
        task = self._task(task_id)
        if mode == SETTLE:
            return self._settle(task)
        history = self._history(task_id, user_text)
        stable = self._stable_sections(task, mode, history)
        job = self._summary_job(task_id, mode, history, stable)
        if job is not None and summarise is not None:
            self.store_summary(job, fold(job, summarise))
        return self._conversation(task, mode, history, stable)

    def summary_job(self, task_id: int, mode: str, user_text: str | None = None) -> SummaryJob | None:
        """What must be summarised before `build` (the gateway runs it on the model off the store thread)."""
        if mode == SETTLE:
            return None
        task = self._task(task_id)
        history = self._history(task_id, user_text)
        return self._summary_job(task_id, mode, history, [self._instructions(task, mode)])

    def store_summary(self, job: SummaryJob, text: str) -> None:
        self.book.archive.put_summary(job.task_id, job.upto_message_id, text.strip())

    # -- conversation modes ----------------------------------------------------------

    def _conversation(self, task: dict, mode: str, history: list[dict], stable: list[Section]) -> Context:
        summary = self.book.archive.latest_summary(task["id"])
        upto = summary["upto_message_id"] if summary else 0
        unsummarised = [m for m in history if m["id"] is None or m["id"] > upto]
        room = self._room(stable[0])
        window, older = self._window(unsummarised, room, restarting=mode == RESTART)
        sections = list(stable)
        if summary and summary["text"]:
            sections.append(self._section("summary", self._heading("summary") + "\n" + summary["text"],
                                          self.summary_cap))
        if older:  # no summariser at hand: show these turns in brief rather than lose them
            lines = [f"- {self._speaker(m['role'])}: {_one_line(m['content'], 80)}" for m in older]
            remaining = self.summary_cap - (sections[-1].tokens if summary and summary["text"] else 0)
            if remaining > 32:
                sections.append(self._section("digest", self._heading("digest") + "\n" + "\n".join(lines), remaining))
        window = self._fit_last(window, room)
        return Context(mode, task["id"], self.budget, sections, window)

    def _window(self, unsummarised: list[dict], room: int, *, restarting: bool) -> tuple[list[dict], list[dict]]:
        """Which unsummarised turns go verbatim; the rest wait for (or are shown instead of) a summary."""
        if restarting:
            tail = _trailing_user_turns(unsummarised)
            return tail, unsummarised[: len(unsummarised) - len(tail)]
        if _tokens(unsummarised) <= room and len(unsummarised) <= self.max_turns:
            return unsummarised, []
        # Cut deep, not by one turn: the window then grows turn by turn under an unchanged
        # prefix (cache hits, no summary call) until it overflows again.
        keep_room, kept = int(room * KEEP_SHARE), []
        for message in reversed(unsummarised):
            if kept and (_tokens(kept) + message["tokens"] > keep_room or len(kept) >= self.max_turns // 2):
                break
            kept.insert(0, message)
        return kept, unsummarised[: len(unsummarised) - len(kept)]

    def _summary_job(self, task_id: int, mode: str, history: list[dict], stable: list[Section]) -> SummaryJob | None:
        summary = self.book.archive.latest_summary(task_id)
        upto = summary["upto_message_id"] if summary else 0
        unsummarised = [m for m in history if m["id"] is None or m["id"] > upto]
        room = self._room(stable[0])
        if mode == RESTART:
            # Re-summarise the whole retained history afresh, unless a summary already covers all of it.
            older = history[: len(history) - len(_trailing_user_turns(history))]
            if not older or (summary and upto >= older[-1]["id"]):
                return None
            return self._job(task_id, None, older)
        _, older = self._window(unsummarised, room, restarting=False)
        older = [m for m in older if m["id"] is not None]
        if not older:
            return None
        return self._job(task_id, summary["text"] if summary else None, older)

    def _job(self, task_id: int, previous: str | None, older: list[dict]) -> SummaryJob:
        room = max(128, self.n_ctx - self.summary_cap - SUMMARISER_ROOM)  # the summariser's own call
        batches: list[list[str]] = [[]]
        used = 0
        for message in older:
            line = f"{self._speaker(message['role'])}: {message['content']}"
            tokens = self.count_tokens(line)
            if tokens > room:
                line, tokens = self._clip(line, room), room
            if batches[-1] and used + tokens > room:
                batches.append([])
                used = 0
            batches[-1].append(line)
            used += tokens
        return SummaryJob(task_id, older[-1]["id"], previous, batches)

    def _room(self, instructions: Section) -> int:
        """Tokens for the verbatim turns. The retrieval's and the summary's shares are always held back,
        so whether a summary is due never depends on what a retrieval happened to find."""
        return (self.budget - instructions.tokens - int(self.budget * RETRIEVAL_SHARE) - self.summary_cap
                - self.notes_cap)

    def _fit_last(self, window: list[dict], room: int) -> list[dict]:
        """A single turn larger than the whole room (a pasted chapter) is clipped in the middle, never dropped."""
        if not window or _tokens(window) <= room:
            return window
        *earlier, last = window
        allowed = max(64, room - _tokens(earlier))
        return [*earlier, {**last, "content": self._clip(last["content"], allowed), "tokens": allowed}]

    # -- settle mode -------------------------------------------------------------------

    def _settle(self, task: dict) -> Context:
        """The complete queue, untruncated and unsummarised; split in order only where it exceeds the context."""
        instructions = self._section("instructions", settle_instructions(self._zh))
        example = self._section("example", "\n\n".join(SETTLE_EXAMPLE))
        messages = self._history(task["id"], None)
        room = self.budget - instructions.tokens - example.tokens - SETTLE_FRAME_TOKENS
        parts: list[list[dict]] = [[]]
        for message in messages:
            for piece in self._pieces(message, room):
                if parts[-1] and _tokens(parts[-1]) + piece["tokens"] > room:
                    parts.append([])
                parts[-1].append(piece)
        return Context(SETTLE, task["id"], self.budget, [instructions, example], messages, [p for p in parts if p])

    def _pieces(self, message: dict, room: int) -> list[dict]:
        if message["tokens"] <= room:
            return [message]
        text, pieces = message["content"], []
        per_piece = max(1, int(len(text) * room / message["tokens"] * 0.9))
        for start in range(0, len(text), per_piece):
            chunk = text[start:start + per_piece]
            pieces.append({**message, "content": chunk, "tokens": self.count_tokens(chunk) + MESSAGE_OVERHEAD,
                           "piece": len(pieces)})
        return pieces

    # -- pieces of every context ---------------------------------------------------------

    def _task(self, task_id: int) -> dict:
        task = self.book.archive.task(task_id)
        if task is None:
            raise BookError(f"no task #{task_id} in this book")
        return task

    def _history(self, task_id: int, user_text: str | None) -> list[dict]:
        """The task's own queue: what the author and the model said in it; failed replies are left out, and so
        are memory-tool lookups (shown in the chat pane, but canon already, and made afresh when needed)."""
        out = []
        for m in self.book.archive.messages(task_id):
            if (m["role"] == "assistant" and m["state"] == "error") or m["role"] == "tool" or not m["content"].strip():
                continue
            out.append({"id": m["id"], "role": m["role"], "content": m["content"],
                        "tokens": self.count_tokens(m["content"]) + MESSAGE_OVERHEAD})
        if user_text and user_text.strip():
            out.append({"id": None, "role": "user", "content": user_text.strip(),
                        "tokens": self.count_tokens(user_text.strip()) + MESSAGE_OVERHEAD})
        return out

    def _stable_sections(self, task: dict, mode: str, history: list[dict]) -> list[Section]:
        refresh = mode in (NEW, RESTART)
        return [self._instructions(task, mode), *self._retrieval_sections(task, mode, history, refresh=refresh)]

    def _instructions(self, task: dict, mode: str) -> Section:
        return self._section("instructions", chat_instructions(task, self._zh))

    def _retrieval_sections(self, task: dict, mode: str, history: list[dict], *, refresh: bool) -> list[Section]:
        """New and restart retrieve afresh (facts may have changed); other turns reuse the task's last retrieval."""
        key = _RETRIEVAL_KEY.format(task["id"])
        if refresh:
            query = "\n".join([task["title"], *(m["content"] for m in history[-8:])])[-4000:]
            found = [{"name": r.name, "text": r.text} for r in self.retrieve(self.book, query, self._as_of())]
            found = self._share_out(found)
            self.book.archive.set_meta(key, json.dumps(found, ensure_ascii=False))
        else:
            raw = self.book.archive.get_meta(key)
            found = json.loads(raw) if raw else []
        return [self._section(item["name"], item["text"]) for item in found]

    def _share_out(self, found: list[dict]) -> list[dict]:
        """Clip the retrieval to its share of the budget, smaller sections first so none starves another."""
        remaining = int(self.budget * RETRIEVAL_SHARE)
        order = sorted(range(len(found)), key=lambda i: self.count_tokens(found[i]["text"]))
        for left, index in zip(range(len(order), 0, -1), order):
            text = self._clip(found[index]["text"], remaining // left)
            found[index] = {**found[index], "text": text}
            remaining -= self.count_tokens(text)
        return found

    def _as_of(self) -> int | None:
        return self.book.plan.current_chapter()

    def fit_notes(self, notes: list[tuple[str, str]], cap: int | None = None) -> list[Section]:
        """This turn's notes as sections sharing `cap` tokens (default: the notes' share), smaller ones first."""
        remaining = self.notes_cap if cap is None else cap
        texts = [text for _, text in notes]
        order = sorted(range(len(texts)), key=lambda i: self.count_tokens(texts[i]))
        for left, index in zip(range(len(order), 0, -1), order):
            texts[index] = self._clip(texts[index], max(0, remaining) // left)
            remaining -= self.count_tokens(texts[index])
        return [self._section(name, text) for (name, _), text in zip(notes, texts) if text]

    @property
    def _zh(self) -> bool:
        return self.book.meta.language == "zh"

    def _speaker(self, role: str) -> str:
        return SPEAKERS[language_of(self._zh)].get(role, role)

    def _heading(self, name: str) -> str:
        return HEADINGS[language_of(self._zh)][name]

    def _section(self, name: str, text: str, cap: int | None = None) -> Section:
        if cap is not None:
            text = self._clip(text, cap)
        return Section(name, self.count_tokens(text), text)

    def _clip(self, text: str, max_tokens: int) -> str:
        """`text` within `max_tokens`, cut in the middle so its start and end both survive."""
        tokens = self.count_tokens(text)
        if tokens <= max_tokens:
            return text
        keep = len(text) * max_tokens // max(tokens, 1)
        while keep > 0:
            head, tail = text[: keep * 2 // 3], text[len(text) - keep // 3:] if keep // 3 else ""
            clipped = f"{head} […] {tail}" if tail else f"{head} […]"
            if self.count_tokens(clipped) <= max_tokens:
                return clipped
            keep = keep * 9 // 10
        return ""


SETTLE_FRAME_TOKENS = 96  # the extraction request around each part (see settlement.py)


def _tokens(messages: list[dict]) -> int:
    return sum(m["tokens"] for m in messages)


def _trailing_user_turns(messages: list[dict]) -> list[dict]:
    """The author's turns after the last reply: what a restart is answering now."""
    tail: list[dict] = []
    for message in reversed(messages):
        if message["role"] != "user":
            break
        tail.insert(0, message)
    return tail


def _one_line(text: str, chars: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= chars else text[: chars - 1] + "…"
