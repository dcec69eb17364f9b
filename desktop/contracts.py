"""The typed contracts at the seams: frozen records and enums every layer, the CLI and the window agree on."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any, Mapping

# StrEnum: members compare equal to their text, so journaled and stored values ("settle", "applied") stay plain
# strings on disk and in JSON, and code that still holds a string compares correctly with a member.


class CommandKind(StrEnum):
    """What one input asks for; no command at all is CONTINUE."""

    CONTINUE = "continue"
    NEW = "new"
    SWITCH = "switch"
    RESTART = "restart"
    SETTLE = "settle"
    DRAFT = "draft"          # a turn in the active task: candidates with critiques
    MAINPLOT = "mainplot"    # a turn that steers back to the narrative pointer's step
    CHECK = "check"          # continuity check of a draft
    NOTE = "note"            # the author's words kept in the active task, no reply asked for


class ContextMode(StrEnum):
    """How the context of a turn is built (see DESIGN.md, context builder modes)."""

    CONTINUE = "continue"
    SWITCH = "switch"
    NEW = "new"
    RESTART = "restart"
    SETTLE = "settle"


class JournalState(StrEnum):
    """A settlement's life: proposed → confirmed → applied, or rejected; applied → undoing → undone; failed."""

    PROPOSED = "proposed"
    CONFIRMED = "confirmed"
    APPLIED = "applied"
    REJECTED = "rejected"
    UNDOING = "undoing"
    UNDONE = "undone"
    FAILED = "failed"


class ModelPhase(StrEnum):
    IDLE = "idle"
    LOADING = "loading"
    READY = "ready"
    GENERATING = "generating"
    ERROR = "error"


@dataclass(frozen=True)
class Changes:
    """What an operation touched, as the stores reported it, so each pane refreshes only what changed."""

    facts: bool = False
    plan: bool = False
    archive: bool = False
    tasks: bool = False
    messages: bool = False
    journal: bool = False
    book: bool = False
    model: bool = False  # the chat model's state (loading, ready, error): the window is told, never polls

    def __or__(self, other: "Changes") -> "Changes":
        return Changes(**{f.name: getattr(self, f.name) or getattr(other, f.name) for f in fields(self)})

    def __bool__(self) -> bool:
        return any(getattr(self, f.name) for f in fields(self))

    def names(self) -> tuple[str, ...]:
        return tuple(f.name for f in fields(self) if getattr(self, f.name))


NO_CHANGES = Changes()


@dataclass(frozen=True)
class ModelState:
    """The chat model as the window shows it."""

    state: ModelPhase = ModelPhase.IDLE
    error: str | None = None
    backend: str | None = None
    model: str | None = None
    gpu: bool = False
    gpu_layers: int | None = None
    n_ctx: int | None = None


def _pick(cls, row: Mapping[str, Any]):
    """A record from a store's row: the contract's fields, nothing else."""
    return cls(**{f.name: row[f.name] for f in fields(cls) if f.name in row})


@dataclass(frozen=True)
class BookInfo:
    path: str
    title: str
    language: str
    schema_version: int | None = None
    embedding_model: str = ""
    embedding_dim: int | None = None

    from_row = classmethod(_pick)


@dataclass(frozen=True)
class Task:
    """A discussion task and its queue's size."""

    id: int
    title: str
    kind: str = "free"
    status: str = "open"
    messages: int | None = None
    retained_until: str | None = None
    updated_at: str | None = None

    from_row = classmethod(_pick)


@dataclass(frozen=True)
class Message:
    id: int
    role: str
    content: str
    state: str = "complete"
    created_at: str = ""
    meta: Mapping[str, Any] = field(default_factory=dict)

    from_row = classmethod(_pick)

    def __post_init__(self) -> None:
        if self.meta is None:  # a message stored without meta (most turns) reads back as NULL
            object.__setattr__(self, "meta", {})


@dataclass(frozen=True)
class Turn:
    """What one input did; `reply` is empty when no model was called."""

    omit_when_none = ("review", "tools", "candidates", "proposal", "check")  # absent, not null, in JSON

    task_id: int | None
    reply: str = ""
    cut: bool = False
    error: str | None = None
    notice: str = ""
    review: Mapping[str, Any] | None = None
    tools: tuple[Mapping[str, Any], ...] | None = None
    candidates: tuple[Mapping[str, Any], ...] | None = None
    proposal: Mapping[str, Any] | None = None
    check: Mapping[str, Any] | None = None

    from_row = classmethod(_pick)


@dataclass(frozen=True)
class Evidence:
    """Where an extracted item was said: a message of the task or a chunk of a chapter, and the words."""

    message_id: int | None
    chunk_id: int | None
    quote: str


@dataclass(frozen=True)
class ReviewItem:
    """One proposed change, classified against the graphs: new, changes, closes, conflict or unchanged."""

    path: str
    cls: str
    existing: Mapping[str, Any] | None = None
    source: Mapping[str, Any] | None = None
    reason: str = ""
    evidence: tuple[Evidence, ...] = ()  # empty: no evidence was recorded

    @classmethod
    def from_row(cls, row: Mapping[str, Any]) -> "ReviewItem":
        evidence = tuple(Evidence(e.get("message_id"), e.get("chunk_id"), e.get("quote", ""))
                         for e in row.get("evidence") or ())
        return cls(row["path"], row["class"], row.get("existing"), row.get("source"), row.get("reason") or "",
                   evidence)


@dataclass(frozen=True)
class Review:
    """A settlement proposal waiting for the author: the document and its classified items."""

    settlement_id: int | None
    task_id: int | None
    document: Mapping[str, Any]
    items: tuple[ReviewItem, ...]
    chapter: int | None = None

    @classmethod
    def from_row(cls, row: Mapping[str, Any]) -> "Review":
        return cls(row.get("settlement_id"), row.get("task_id"), row.get("document") or {},
                   tuple(ReviewItem.from_row(i) for i in row.get("items") or ()), row.get("chapter"))


@dataclass(frozen=True)
class Hit:
    """One search result."""

    chapter_id: int | None
    chapter_number: int | None
    chapter_title: str | None
    kind: str | None
    text: str | None
    score: float | None

    @classmethod
    def from_row(cls, row: Mapping[str, Any]) -> "Hit":
        return cls(*(row.get(f.name) for f in fields(cls)))


@dataclass(frozen=True)
class Health:
    """The memory-health strip: sizes, and what waits for the author."""

    entities: int = 0
    relations: int = 0
    hooks: int = 0
    unresolved_hooks: int = 0
    overdue_hooks: int = 0
    reviews_waiting: int = 0
    conflicts: int = 0
    chapters: int = 0
    extract_pending: int = 0
    unembedded_chapters: int = 0
    failed_settlements: int = 0  # set aside: the author retries or discards them
    failed_jobs: int = 0  # extraction, embedding or relinking that broke: retried or discarded
    journal_gaps: int = 0  # where journal and graphs disagree (see Book.gaps)

    from_row = classmethod(_pick)
