"""The author edits the outline by hand: add outlines and steps, rename, move, set a status, move the pointer.

Every edit is a settlement in the journal (source "outline"), so it shows in the history and `undo` takes it back:
* adding, statuses and the pointer are settlement documents applied through `Journal.apply`, the path
  `inkstone apply` takes (checked against the schema and the graph, recovered after a crash);
* rename and move cannot be said in a document (it addresses nodes by title and only adds or re-statuses), so
  `plan_edits` checks the edit first (a refusal writes nothing, not even a journal entry), then writes it under a
  new journal entry with its own undo entries, which `PlanGraph.undo_settlement` restores.
"""

from __future__ import annotations

from typing import Any, Callable

from desktop.book import documents, plan_edits
from desktop.book.errors import BookError
from desktop.book.journal import APPLIED, CONFIRMED
from desktop.book.plan_queries import DEFAULT_STORYLINE, OUTLINE_LEVELS, PARENT_LEVEL, STATUSES
from desktop.workbench.ops import Outcome
from desktop.workbench.session import Session

SOURCE = "outline"
_EMPTY = {"entities": [], "relations": [], "ends": [], "states": [], "hooks": [], "settings": [], "plan": []}


async def add_outline(session: Session, level: str, title: str, *, parent: str | None = None,
                      storyline: str | None = None, summary: str = "",
                      chapters: tuple[int | None, int | None] | None = None) -> Outcome[dict]:
    """A new outline at `level` under the outline with id `parent` (none for a GeneralOutline)."""
    def work() -> dict:
        plan = session.book.plan
        if level not in OUTLINE_LEVELS:
            raise BookError(f"an outline is one of {', '.join(OUTLINE_LEVELS)}, not {level!r}")
        name = plan_edits.clean_title(title, level)
        if plan._node_by_title(level, name) is not None:
            raise BookError(f"there is already a {level} called {name!r}; outline names must differ")
        item: dict[str, Any] = {"level": level, "title": name, "summary": summary or ""}
        if level != "GeneralOutline":
            if not parent:
                raise BookError(f"a {level} needs a parent {PARENT_LEVEL[level]}")
            item["parent"] = _titled(plan, parent, PARENT_LEVEL[level])
        if level == "ShortOutline":
            item["storyline"] = (storyline or "").strip() or DEFAULT_STORYLINE
        if chapters is not None:
            item["chapters"] = list(chapters)
        return _apply(session, [item], lambda: _id_of(plan, level, name))

    return await session.write(work)


async def add_plan_step(session: Session, outline: str, kind: str, *, summary: str = "",
                        chapter: int | None = None) -> Outcome[dict]:
    """A new step at the end of the ShortOutline with id `outline`."""
    def work() -> dict:
        plan = session.book.plan
        title = _titled(plan, outline, "ShortOutline")
        name = plan_edits.clean_title(kind, "Step")
        if any(step["kind"] == name for step in plan._steps_of(outline)):
            raise BookError(f"{title!r} already has a step called {name!r}")
        item: dict[str, Any] = {"level": "Step", "title": name, "parent": title, "summary": summary or ""}
        if chapter is not None:
            item["chapters"] = [chapter]
        return _apply(session, [item], lambda: next(s["id"] for s in plan._steps_of(outline) if s["kind"] == name))

    return await session.write(work)


async def rename_plan_node(session: Session, node: str, title: str) -> Outcome[dict]:
    return await session.write(_edited, session, plan_edits.rename, node, title)


async def move_plan_node(session: Session, node: str, *, parent: str | None = None,
                         index: int | None = None) -> Outcome[dict]:
    """An outline goes under another parent (id); a step goes to place `index` (0 first) of its own short outline,
    or of the short outline `parent`, at the end when no index is given."""
    def work() -> dict:
        level, _ = plan_edits.find(session.book.plan, node)
        if level == "Step":
            return _edited(session, plan_edits.move_step, node, 1_000_000 if index is None else index, parent)
        if parent is None:
            raise BookError(f"say which {PARENT_LEVEL.get(level, 'outline')} to move it under")
        return _edited(session, plan_edits.move_outline, node, parent)

    return await session.write(work)


async def set_plan_status(session: Session, node: str, status: str) -> Outcome[dict]:
    """Pending, InProgress or Completed, set by hand on an outline or a step."""
    def work() -> dict:
        if status not in STATUSES:
            raise BookError(f"a status is one of {', '.join(STATUSES)}, not {status!r}")
        plan = session.book.plan
        level, _ = plan_edits.find(plan, node)
        return _apply(session, [_status_item(plan, node, status)], lambda: node, level=level, status=status)

    return await session.write(work)


async def move_pointer(session: Session, node: str) -> Outcome[dict]:
    """The narrative pointer to a step (or a short outline): it and its short outline go InProgress; in its
    storyline the other InProgress short outlines are Completed; in its outline the InProgress steps before it
    are Completed and those after it Pending."""
    def work() -> dict:
        plan = session.book.plan
        level, target = plan_edits.find(plan, node)
        if level not in ("Step", "ShortOutline"):
            raise BookError(f"the pointer marks a short outline or a step, not a {level}")
        outline_id = plan_edits.step_owner(plan, node) if level == "Step" else node
        _, outline = plan_edits.find(plan, outline_id)
        storyline = outline.get("storyline") or DEFAULT_STORYLINE
        items = [_status_item(plan, outline_id, "InProgress")]
        for other in plan._nodes("ShortOutline"):
            if other["id"] != outline_id and other["status"] == "InProgress" and \
                    (other.get("storyline") or DEFAULT_STORYLINE) == storyline:
                items.append(_status_item(plan, other["id"], "Completed"))
        if level == "Step":
            chain = plan._steps_of(outline_id)
            place = next(i for i, step in enumerate(chain) if step["id"] == node)
            for i, step in enumerate(chain):
                wanted = "InProgress" if i == place else ("Completed" if i < place else "Pending")
                if i == place or step["status"] == "InProgress":
                    items.append(_status_item(plan, step["id"], wanted))
        return _apply(session, items, lambda: node, storyline=storyline)

    return await session.write(work)


def _status_item(plan, node: str, status: str) -> dict:
    level, found = plan_edits.find(plan, node)
    if level == "Step":
        owner = plan_edits.step_owner(plan, node)
        return {"level": "Step", "title": found["kind"], "parent": _titled(plan, owner, "ShortOutline"),
                "status": status}
    return {"level": level, "title": _titled(plan, node, level), "status": status}


def _titled(plan, node: str, level: str) -> str:
    """The title of the node with this id, which must be of `level` and the only one of its level so titled
    (documents address outlines by title)."""
    found_level, found = plan_edits.find(plan, node)
    if found_level != level:
        raise BookError(f"{found['title']!r} is a {found_level}; a {level} is needed here")
    if level != "Step" and _id_of(plan, level, found["title"]) != node:
        raise BookError(f"two {level}s are called {found['title']!r}; rename one first")
    return found["title"]


def _id_of(plan, level: str, title: str) -> str:
    return plan._node_by_title(level, title)["id"]


def _apply(session: Session, plan_items: list[dict], made: Callable[[], str], **extra: Any) -> dict:
    applied = session.book.journal.apply({**_EMPTY, "plan": plan_items}, source=SOURCE)
    return {"settlement_id": applied.settlement_id, "id": made(), **extra}


def _edited(session: Session, edit: Callable[..., dict], *args: Any) -> dict:
    book = session.book
    edit(book.plan, None, *args)  # checked first: a refused edit leaves no trace
    doc = {**_EMPTY, "plan": [], "chapter": None}
    sid = book.archive.journal_add(source=SOURCE, document=doc, state=CONFIRMED)
    result = edit(book.plan, sid, *args)
    # Like every applied settlement, marked in both graphs (here with nothing in the facts), so the journal and
    # the graphs agree when the book is reconciled at open.
    book.facts.apply_settlement(sid, documents.fact_part(doc))
    book.archive.journal_set_state(sid, APPLIED)
    return {"settlement_id": sid, **result}

