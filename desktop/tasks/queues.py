"""Tasks and their lifecycle: new, active pointer, switch, close on settlement, restart within retention, archive."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from typing import TYPE_CHECKING, Callable

from desktop.book.errors import BookError
from desktop.tasks.commands import DEFAULT_KIND, TASK_KINDS

if TYPE_CHECKING:
    from desktop.book.archive import Archive

OPEN, ACTIVE, CLOSED, ARCHIVED = "open", "active", "closed", "archived"
ACTIVE_KEY = "active_task"
_MODE_KEY = "task.{}.mode"  # the context mode the task's next turn needs ("new", "restart")
_LISTED = 12  # candidates named in an error message


class TaskError(BookError):
    """A task command that cannot be carried out, with a message fit to show the author."""


def utcnow() -> datetime:
    return datetime.now(timezone.utc)


def _parse_time(value: str | None) -> datetime | None:
    if not value:
        return None
    moment = datetime.fromisoformat(value)
    return moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)


def _label(task: dict) -> str:
    return f"#{task['id']} 「{task['title']}」"


def _hours(value: float) -> str:
    return f"{value:.0f}" if abs(value - round(value)) < 0.05 else f"{value:.1f}"


class TaskQueues:
    """The book's tasks. Statuses stored: open, closed, archived; "active" is the pointer in archive meta."""

    def __init__(self, archive: "Archive", *, retention_hours: float = 24.0,
                 clock: Callable[[], datetime] = utcnow):
        self.archive = archive
        self.retention = timedelta(hours=float(retention_hours))
        self.clock = clock

    # -- the active pointer -----------------------------------------------------

    def active_id(self) -> int | None:
        raw = self.archive.get_meta(ACTIVE_KEY)
        if not raw:
            return None
        task = self.archive.task(int(raw))
        return task["id"] if task and task["status"] == OPEN else None

    def active(self) -> dict | None:
        task_id = self.active_id()
        return self.view(self.archive.task(task_id)) if task_id is not None else None

    def _activate(self, task_id: int | None) -> None:
        self.archive.set_meta(ACTIVE_KEY, "" if task_id is None else str(task_id))

    # -- commands ------------------------------------------------------------------

    def new(self, title: str, kind: str = DEFAULT_KIND) -> dict:
        """A new open task, made active; its first turn gets a broad retrieval."""
        title = " ".join(title.split())
        if not title:
            raise TaskError("a new task needs a title")
        if kind not in TASK_KINDS:
            raise TaskError(f"unknown task kind {kind!r}; use one of {', '.join(TASK_KINDS)}")
        task = self.archive.create_task(title, kind)
        self.set_pending_mode(task["id"], "new")
        self._activate(task["id"])
        return self.view(self.archive.task(task["id"]))

    def switch(self, ref: str | int) -> dict:
        """Make an open task the active one."""
        task = self._find(ref, (OPEN,))
        if task["status"] != OPEN:
            hint = "restart it with /restart" if self._status(task) == CLOSED else "its history is still readable"
            raise TaskError(f"task {_label(task)} is {self._status(task)}, not open; {hint}")
        self._activate(task["id"])
        return self.view(self.archive.task(task["id"]))

    def restart(self, ref: str | int) -> dict:
        """Reopen a closed task still inside the retention window; past it the task is archived and refused."""
        task = self._find(ref, (CLOSED,))
        if task["status"] == OPEN:
            raise TaskError(f"task {_label(task)} is open, not closed; switch to it with /switch")
        closed_at = _parse_time(task["closed_at"])
        now = self.clock()
        if task["status"] == ARCHIVED or self._expired(task, now):
            if task["status"] != ARCHIVED:
                self.archive.update_task(task["id"], status=ARCHIVED)
            ago = (now - closed_at).total_seconds() / 3600 if closed_at else None
            when = f"closed {_hours(ago)} h ago" if ago is not None else "archived"
            raise TaskError(
                f"task {_label(task)} was {when}; past the {_hours(self.retention.total_seconds() / 3600)} h "
                "retention — its history is still readable"
            )
        self.archive.update_task(task["id"], status=OPEN, closed_at=None, retained_until=None)
        self.set_pending_mode(task["id"], "restart")
        self._activate(task["id"])
        return self.view(self.archive.task(task["id"]))

    def close_settled(self, task_id: int, settlement_id: int) -> dict:
        """Settling closes the task; it stays restartable for the retention window."""
        now = self.clock()
        self.archive.update_task(task_id, status=CLOSED, closed_at=now, retained_until=now + self.retention,
                                 settlement_id=settlement_id)
        if self.archive.get_meta(ACTIVE_KEY) == str(task_id):
            self._activate(None)
        self.set_pending_mode(task_id, None)
        return self.view(self.archive.task(task_id))

    def reopen_after_undo(self, task_id: int) -> dict:
        """Its settlement was undone: the task is open again and its next turn sees the graphs afresh."""
        task = self._task(task_id)
        if task["status"] != OPEN:
            self.archive.update_task(task_id, status=OPEN, closed_at=None, retained_until=None, settlement_id=None)
        self.set_pending_mode(task_id, "restart")
        return self.view(self.archive.task(task_id))

    def sweep(self) -> list[int]:
        """Archive closed tasks whose retention has run out; their ids."""
        now = self.clock()
        expired = [t["id"] for t in self.archive.tasks((CLOSED,)) if self._expired(t, now)]
        for task_id in expired:
            self.archive.update_task(task_id, status=ARCHIVED)
        return expired

    # -- reading -------------------------------------------------------------------

    def list(self) -> list[dict]:
        """Every task, oldest first, with its shown status (open / active / closed / archived)."""
        return [self.view(task) for task in self.archive.tasks()]

    def get(self, task_id: int) -> dict:
        return self.view(self._task(task_id))

    def view(self, task: dict) -> dict:
        """The public shape of a task; a closed task past its retention shows as archived before a sweep."""
        status = self._status(task)
        if status == OPEN and self.archive.get_meta(ACTIVE_KEY) == str(task["id"]):
            status = ACTIVE
        retained = self._retained_until(task) if status == CLOSED else None
        return {
            "id": task["id"], "title": task["title"], "kind": task["kind"], "status": status,
            "messages": task.get("messages", 0), "retained_until": retained.isoformat() if retained else None,
            "created_at": task["created_at"], "updated_at": task["updated_at"], "closed_at": task["closed_at"],
            "settlement_id": task["settlement_id"],
        }

    def resolve(self, ref: str | int, statuses: tuple[str, ...] | None = None) -> dict:
        """A task by id ("2", "#2") or by an unambiguous title prefix; never a guess.

        Titles are matched among `statuses` first; failing that, among all tasks, so the caller can
        say why the one named cannot be used (it checks the returned status).
        """
        return self.view(self._find(ref, statuses))

    def _find(self, ref: str | int, statuses: tuple[str, ...] | None) -> dict:
        text = str(ref).strip()
        number = text.lstrip("#")
        if number.isdigit():
            task = self.archive.task(int(number))
            if task is None:
                raise TaskError(f"no task #{number}; tasks: {self._names(self.archive.tasks())}")
            return task
        if not text:
            raise TaskError("name a task by its id or the start of its title")
        preferred = self.archive.tasks(statuses) if statuses else self.archive.tasks()
        found = _match_title(text, preferred)
        if not found and statuses:
            found = _match_title(text, self.archive.tasks())  # to say why it cannot be used, not to pick it
        if len(found) == 1:
            return found[0]
        if not found:
            raise TaskError(f"no task called {text!r}; tasks: {self._names(preferred or self.archive.tasks())}")
        raise TaskError(f"{text!r} could be several tasks: {self._names(found)}; use the id")

    def _names(self, tasks: list[dict]) -> str:
        if not tasks:
            return "none yet"
        shown = ", ".join(f"{_label(t)} ({self._status(t)})" for t in tasks[:_LISTED])
        return shown + (f" and {len(tasks) - _LISTED} more" if len(tasks) > _LISTED else "")

    def _task(self, task_id: int) -> dict:
        task = self.archive.task(task_id)
        if task is None:
            raise TaskError(f"no task #{task_id}")
        return task

    def _status(self, task: dict) -> str:
        if task["status"] == CLOSED and self._expired(task, self.clock()):
            return ARCHIVED
        return task["status"]

    def _retained_until(self, task: dict) -> datetime | None:
        closed_at = _parse_time(task["closed_at"])
        return closed_at + self.retention if closed_at else None

    def _expired(self, task: dict, now: datetime) -> bool:
        until = self._retained_until(task)
        return until is not None and now > until

    # -- per-task context state ------------------------------------------------------

    def pending_mode(self, task_id: int) -> str | None:
        return self.archive.get_meta(_MODE_KEY.format(task_id)) or None

    def set_pending_mode(self, task_id: int, mode: str | None) -> None:
        self.archive.set_meta(_MODE_KEY.format(task_id), mode or "")


def _match_title(text: str, tasks: list[dict]) -> list[dict]:
    """Exact titles first (so a title that prefixes another can still be named), then prefixes; case-blind."""
    folded = text.casefold()
    exact = [t for t in tasks if t["title"].casefold() == folded]
    return exact or [t for t in tasks if t["title"].casefold().startswith(folded)]
