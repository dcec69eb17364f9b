"""A recording fake of the workbench contract, with a small canned book (林动, 祖石, 青阳镇), for pane tests."""

from __future__ import annotations

import asyncio
import copy
from dataclasses import asdict
from datetime import datetime, timedelta, timezone
from pathlib import Path

from desktop.book.errors import BookError
from desktop.config import Settings
from desktop.contracts import BookInfo, Changes, Health, Message, ModelState, Task
from desktop.progress import Cancelled, Progress
from tests.ui.fakes_audit import AuditFake
from tests.ui.fakes_data import (TASKS, MESSAGES, ENTITIES, RELATIONS, HOOKS, PLAN, HEALTH, REVIEW, SNAPSHOTS, CONTEXT, snapshot)  # noqa: F401  (tests import them from here)
from tests.ui.fakes_extract import PREVIEW, ExtractFake, task_proposal
from tests.ui.fakes_impact import ImpactFake
from tests.ui.fakes_library import LibraryFake
from tests.ui.fakes_plan import PlanEditFake

class FakeWorkbench(ImpactFake, ExtractFake, AuditFake, LibraryFake, PlanEditFake):
    """The workbench contract with canned data; records every call so tests can say what the window asked for."""

    def __init__(self, *, with_book: bool = True):
        self.settings = Settings()
        self.calls: list[tuple[str, tuple, dict]] = []
        self.listeners = []
        self.has_book = with_book
        self.tokens = ["林动", "握紧", "祖石", "，", "**", "心中", "一震", "**", "。"]
        self.endless = False  # say() keeps streaming until cancelled
        self.import_result = {"chapters": 3, "chunks": 12, "characters": 9000, "embedded": 12,
                              "files": [{"path": "a.txt", "chapters": 3, "encoding": "gb18030"}],
                              "errors": [{"path": "cover.jpg", "error": "not a text, Markdown, Word or EPUB file"}],
                              "warnings": []}
        self.import_gate: asyncio.Event | None = None  # when set, import waits on it between chapters
        self.candidates: list[dict] | None = None
        self.model_state = "ready"
        self.history = copy.deepcopy(MESSAGES)
        self.missing_vectors = 0  # chunks an interrupted import left without vectors
        self.extract_waiting = 0  # imported chapters queued for fact extraction
        self.step_gate: asyncio.Event | None = None  # when set, embedding and extraction wait on it at each step
        self.backup_error: Exception | None = None
        self.snapshot_list = copy.deepcopy(SNAPSHOTS)
        self.failed = []  # journal entries set aside as failed; retry_error, when set, is what retry raises
        self.retry_error: Exception | None = None
        self.failed_job_rows: list[dict] = []  # background jobs that failed: failed_jobs() answers these
        self.preview_result = copy.deepcopy(PREVIEW)  # what preview_import answers
        self.waiting = [task_proposal(REVIEW)]  # the review queue: settlements("proposed") answers these

    def _record(self, name: str, *args, **kwargs) -> None:
        self.calls.append((name, args, kwargs))

    def called(self, name: str) -> list[tuple[tuple, dict]]:
        return [(a, k) for n, a, k in self.calls if n == name]

    def subscribe(self, listener) -> None:
        self.listeners.append(listener)

    def unsubscribe(self, listener) -> None:
        self.listeners.remove(listener)

    def notify(self, changes) -> None:
        for listener in self.listeners:
            listener(changes)

    def tell(self, **flags) -> None:
        """What the stores would report after a write."""
        self.notify(Changes(**flags))

    # books
    async def create_book(self, path, *, title, language="zh"):
        self._record("create_book", path, title=title, language=language)
        self.has_book = True
        self.tell(book=True)
        return self.book_info()

    async def open_book(self, path):
        self._record("open_book", path)
        if not Path(path).exists():
            raise BookError(f"{path} is not an Inkstone book (no book.json)")
        self.has_book = True
        self.tell(book=True)
        return self.book_info()

    async def close_book(self):
        self._record("close_book")
        self.has_book = False
        self.tell(book=True)

    async def shutdown(self):
        self._record("shutdown")

    def book_info(self):
        return BookInfo(path="/books/武动乾坤.inkstone", title="武动乾坤", language="zh")

    async def save_settings(self):
        self._record("save_settings")

    # tasks and chat
    async def tasks(self):
        self._record("tasks")
        return copy.deepcopy(TASKS)

    async def new_task(self, title, kind="free"):
        self._record("new_task", title, kind=kind)
        self.tell(tasks=True, messages=True)
        return Task(5, title, kind, "active")

    async def switch_task(self, ref):
        self._record("switch_task", ref)
        self.tell(tasks=True, messages=True)
        return Task(ref, "t", status="active")

    async def restart_task(self, ref):
        self._record("restart_task", ref)
        self.tell(tasks=True, messages=True)
        return Task(ref, "第十二章草稿", "chapter", "active")

    async def messages(self, task_id=None):
        self._record("messages", task_id)
        return copy.deepcopy(self.history)

    def slash_commands(self):
        return [{"command": "/new", "help": "new task"}, {"command": "/switch", "help": "switch"},
                {"command": "/restart", "help": "restart"}, {"command": "/settle", "help": "settle"},
                {"command": "/新建", "help": "新建任务"}, {"command": "/结算", "help": "结算"}]

    async def say(self, text, *, on_token=None, cancel=None, on_step=None):
        self._record("say", text)
        for step in getattr(self, "steps", []) if on_step else []:  # scripted look-ups, told before the reply
            on_step(step)
        pieces, cut = [], False
        index = 0
        while self.endless or index < len(self.tokens):
            if cancel is not None and cancel.cancelled:
                cut = True
                break
            piece = self.tokens[index % len(self.tokens)]
            pieces.append(piece)
            if on_token:
                on_token(piece)
            index += 1
            await asyncio.sleep(0)
        self.history += [Message(len(self.history) + 1, "user", text),
                         Message(len(self.history) + 2, "assistant", "".join(pieces), "cut" if cut else "complete")]
        self.tell(messages=True, tasks=True)
        result = {"task_id": 1, "command": "continue", "reply": "".join(pieces), "message_id": 99, "cut": cut,
                  **({"flags": self.flags} if getattr(self, "flags", None) else {})}
        if self.candidates:
            result["candidates"] = self.candidates
        return result

    async def note(self, text="", *, path=None):
        self._record("note", text, path=path)
        words = Path(path).read_bytes().decode("utf-8", "replace") if path is not None else text
        self.history.append(Message(len(self.history) + 1, "user", words, meta={"note": True}))
        self.tell(messages=True, tasks=True)
        return {"task_id": 1, "message_id": len(self.history), "event": None, "characters": len(words)}

    async def back_to_main_plot(self, extra="", *, on_token=None, cancel=None):
        return await self.say("/mainplot" + (f"\n{extra}" if extra.strip() else ""), on_token=on_token, cancel=cancel)

    async def context(self, task_id=None, mode="continue"):
        self._record("context", task_id, mode)
        return {**copy.deepcopy(CONTEXT), "mode": mode}

    async def last_context(self, task_id=None):
        self._record("last_context", task_id)
        return copy.deepcopy(CONTEXT)

    async def pick_candidate(self, message_id, index, edited_text=None):
        self._record("pick_candidate", message_id, index, edited_text)
        self.tell(messages=True)
        return Message(message_id, "assistant", edited_text or "")

    # settlement
    async def settle(self, task_id=None, *, progress=None, cancel=None):
        self._record("settle", task_id)
        if progress:
            progress(Progress("extract", 1, 1))
        return copy.deepcopy(REVIEW)

    async def apply(self, document, *, source="cli"):
        review = document
        self._record("apply", copy.deepcopy(review))
        self.tell(facts=True, plan=True, archive=True, journal=True, tasks=True)
        return {"settlement_id": review.get("settlement_id"), "applied": {"entities": 1}}

    async def reject(self, settlement_id):
        self._record("reject", settlement_id)
        self.tell(journal=True)

    async def undo(self, settlement_id):
        self._record("undo", settlement_id)

    async def settlements(self, states=None):
        self._record("settlements", states)
        return copy.deepcopy(self.waiting)

    async def failed_settlements(self):
        self._record("failed_settlements")
        return copy.deepcopy(self.failed)

    async def discard_settlement(self, settlement_id):
        self._record("discard_settlement", settlement_id)
        self.failed = [e for e in self.failed if e["id"] != settlement_id]
        self.tell(journal=True)
        return {"id": settlement_id, "state": "rejected"}

    async def reviews(self):
        self._record("reviews")
        return [{"id": w["id"], "items": copy.deepcopy((w.get("review") or {}).get("items", []))} for w in self.waiting]

    async def apply_review(self, settlement_id, accept="all"):
        self._record("apply_review", settlement_id, accept)
        self.tell(facts=True, journal=True)
        return {"applied": settlement_id, "kept": None, "items_applied": 0, "items_kept": 0}

    async def hooks(self, *, overdue=False):
        self._record("hooks", overdue=overdue)
        return []

    async def failed_jobs(self):
        self._record("failed_jobs")
        return copy.deepcopy(self.failed_job_rows)

    async def retry_job(self, job_id):
        self._record("retry_job", job_id)
        kind = next(j["kind"] for j in self.failed_job_rows if j["id"] == job_id)
        self.failed_job_rows = [j for j in self.failed_job_rows if j["id"] != job_id]
        self.tell(archive=True)
        return {"id": job_id, "kind": kind, "status": "pending", "merged": False}

    async def discard_job(self, job_id):
        self._record("discard_job", job_id)
        kind = next(j["kind"] for j in self.failed_job_rows if j["id"] == job_id)
        self.failed_job_rows = [j for j in self.failed_job_rows if j["id"] != job_id]
        self.tell(archive=True)
        return {"id": job_id, "kind": kind, "discarded": True}

    async def retry_settlement(self, settlement_id, document=None):
        self._record("retry_settlement", settlement_id, copy.deepcopy(document))
        if self.retry_error is not None:
            raise self.retry_error
        self.failed = [e for e in self.failed if e["id"] != settlement_id]
        self.tell(facts=True, plan=True, archive=True, journal=True)
        return {"settlement_id": settlement_id, "applied": {"entities": 1}}

    # graphs
    async def facts(self, *, entity=None, as_of=None):
        self._record("facts", entity=entity, as_of=as_of)
        return snapshot(as_of, entity)

    async def plan(self):
        self._record("plan")
        return copy.deepcopy(PLAN)

    async def current_chapter(self):
        self._record("current_chapter")
        return 6

    async def chapter_count(self):
        self._record("chapter_count")
        return 6

    async def health(self):
        self._record("health")
        return Health(**{**HEALTH, "unembedded_chapters": 2 if self.missing_vectors else 0,
                         "failed_settlements": len(self.failed), "failed_jobs": len(self.failed_job_rows)})

    async def counts(self):
        self._record("counts")
        return {"facts": {"entities": 4}, "plan": {"outlines": 4},
                "archive": {"chapters": 6, "chunks": 48, "embedded": 48 - self.missing_vectors, "settings": 0,
                            "tasks": len(TASKS), "messages": len(self.history), "reviews_waiting": 1,
                            "jobs_pending": self.extract_waiting}}

    async def neighbourhood(self, name, *, hops=1, as_of=None):
        return {"nodes": [], "edges": []}

    # model
    def model_status(self):
        return ModelState(self.model_state, None, "llama.cpp", "qwen2.5-0.5b", False, 0, 2048)

    async def load_model(self):
        self._record("load_model")

    async def reload_model(self):
        self._record("reload_model")

    # import
    async def import_paths(self, paths, *, extract=True, embed=True, on_conflict="refuse", heading_pattern=None,
                           heading_lines=(), progress=None, cancel=None):
        self._record("import_paths", list(paths), on_conflict=on_conflict, heading_pattern=heading_pattern,
                     heading_lines=tuple(heading_lines))
        total = 3
        for done in range(1, total + 1):
            if self.import_gate is not None:
                await self.import_gate.wait()
                self.import_gate.clear()
            if cancel is not None and cancel.cancelled:
                raise Cancelled()
            if progress:
                progress(Progress("import", done, total))
            await asyncio.sleep(0)
        self.tell(archive=True, facts=True)
        return copy.deepcopy(self.import_result)

    async def search(self, query, *, k=10, preset="hybrid", chapters=None, with_entities=(),
                     vectors=True):
        self._record("search", query, k=k)
        return []

    async def _step(self, cancel) -> None:
        gate = self.step_gate
        if gate is not None:
            await gate.wait()
            gate.clear()
        if cancel is not None and cancel.cancelled:
            raise Cancelled()
        await asyncio.sleep(0)

    async def embed_pending(self, *, progress=None, cancel=None):
        self._record("embed_pending")
        total, done = self.missing_vectors, 0
        while self.missing_vectors:
            await self._step(cancel)
            batch = min(8, self.missing_vectors)
            self.missing_vectors -= batch
            done += batch
            if progress:
                progress(Progress("embedding", done, total))
        if done:
            self.tell(archive=True)
        return done

    async def extract_pending(self, *, limit=None, progress=None, cancel=None):
        self._record("extract_pending", limit=limit)
        todo = min(limit or self.extract_waiting, self.extract_waiting)
        reviews = []
        for done in range(todo):
            if progress:
                progress(Progress("extract", done, todo))
            await self._step(cancel)
            self.extract_waiting -= 1
            reviews.append({**copy.deepcopy(REVIEW), "task_id": None, "settlement_id": 100 + done})
        if progress:
            progress(Progress("extract", todo, todo))
        self.tell(journal=True)
        return reviews

    # continuity checks and personas
    async def check(self, text=None, *, chapter=None, use_model=False, cancel=None):
        self._record("check", text, chapter=chapter, use_model=use_model)
        return {"chapter": chapter, "issues": []}

    async def persona(self, name):
        self._record("persona", name)
        return {"name": name, "base": None, "evolved": None, "history": []}

    async def set_base_persona(self, name, text):
        self._record("set_base_persona", name, text)
        self.tell(archive=True)
        return {"name": name, "base": text, "evolved": None, "history": []}

    async def update_persona(self, name, *, cancel=None):
        self._record("update_persona", name)
        self.tell(archive=True)
        return {"name": name, "evolved": ""}

    async def revert_persona(self, name, version):
        self._record("revert_persona", name, version)
        self.tell(archive=True)
        return {"name": name, "base": None, "evolved": None, "history": []}

    # backups
    async def backup(self, reason="manual"):
        self._record("backup", reason=reason)
        if self.backup_error is not None:
            raise self.backup_error
        return self._snapshot(reason)

    def _snapshot(self, reason: str) -> dict:
        when = datetime(2024, 5, 1, 11, tzinfo=timezone.utc) + timedelta(minutes=len(self.snapshot_list))
        snap = {"name": when.strftime("%Y%m%dT%H%M%S.%fZ") + f"-{reason}", "created_at": when.isoformat(),
                "reason": reason, "size_bytes": 60_000}
        self.snapshot_list.insert(0, snap)
        return dict(snap)

    async def snapshots(self):
        self._record("snapshots")
        return copy.deepcopy(self.snapshot_list)

    async def export(self, out_dir):
        self._record("export", out_dir)
        return {"bible": str(Path(out_dir) / "bible.md"), "settlements": 1}

    async def restore(self, name):
        self._record("restore", name)
        self.has_book = False  # as the workbench does: closed, the files put back, reopened
        self.tell(book=True)
        pre_restore = self._snapshot("pre-restore")
        await asyncio.sleep(0)
        self.has_book = True
        self.tell(book=True, facts=True, plan=True, archive=True, tasks=True, journal=True)
        return {"restored": name, "pre_restore": pre_restore["name"]}


def type_text(qtbot, widget, text: str) -> None:
    """Type as an author would: ASCII as key presses, Chinese as an input method commits it (QTest cannot key it)."""
    from PySide6.QtGui import QInputMethodEvent
    from PySide6.QtWidgets import QApplication

    widget.setFocus()
    for char in text:
        if char.isascii():
            qtbot.keyClicks(widget, char)
        else:
            event = QInputMethodEvent()
            event.setCommitString(char)
            QApplication.sendEvent(widget, event)
