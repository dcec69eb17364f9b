"""The plan graph of a book: outlines and steps of what will happen, and the narrative pointer into them."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

from desktop.book import plan_edits
from desktop.book import plan_queries as q
from desktop.book.errors import DependentSettlementError, DocumentError
from desktop.book.graphstore import GraphStore
from desktop.book.plan_applier import Application
from desktop.book.plan_queries import DEFAULT_STORYLINE, LEVELS, OUTLINE_LEVELS, PARENT_LEVEL, STATUSES
from desktop.book.plan_queries import column as _column
from desktop.book.plan_queries import label as _label

_COMMON_COLUMNS = (
    "id STRING, title STRING, summary STRING, status STRING, chapter_from INT64, chapter_to INT64, "
    "entities STRING[], settlement INT64, recorded_at TIMESTAMP, updated_at TIMESTAMP"
)
PLAN_DDL = [
    f"CREATE NODE TABLE IF NOT EXISTS GeneralOutline({_COMMON_COLUMNS}, PRIMARY KEY(id))",
    f"CREATE NODE TABLE IF NOT EXISTS LongOutline({_COMMON_COLUMNS}, PRIMARY KEY(id))",
    f"CREATE NODE TABLE IF NOT EXISTS ShortOutline({_COMMON_COLUMNS}, storyline STRING, PRIMARY KEY(id))",
    f"CREATE NODE TABLE IF NOT EXISTS Step({_COMMON_COLUMNS}, kind STRING, position INT64, chapter INT64,"
    " PRIMARY KEY(id))",
    "CREATE REL TABLE IF NOT EXISTS CONTAINS(FROM GeneralOutline TO LongOutline, FROM LongOutline TO ShortOutline)",
    "CREATE REL TABLE IF NOT EXISTS FIRST_STEP(FROM ShortOutline TO Step)",
    "CREATE REL TABLE IF NOT EXISTS NEXT(FROM Step TO Step)",
]

def _properties(node: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in node.items() if not key.startswith("_")}


def _from_json(column: str, value: Any) -> Any:
    return datetime.fromisoformat(value) if column == "updated_at" and value is not None else value


class PlanGraph(GraphStore):
    """plan.kuzu: GeneralOutline -CONTAINS-> LongOutline -CONTAINS-> ShortOutline -FIRST_STEP-> Step -NEXT-> Step."""

    def __init__(self, path: Path):
        super().__init__(path, PLAN_DDL)

    # -- reading nodes --------------------------------------------------------

    def _node_by_title(self, level: str, title: str) -> dict[str, Any] | None:
        rows = self.execute(q.NODE_BY_TITLE.format(label=_label(level)), {"title": title})
        return _properties(rows[0]["n"]) if rows else None

    def _nodes(self, level: str) -> list[dict[str, Any]]:
        return [_properties(row["n"]) for row in self.execute(q.NODES_OF_LEVEL.format(label=_label(level)))]

    def _steps_of(self, outline_id: str) -> list[dict[str, Any]]:
        """The steps of one ShortOutline in chain order (FIRST_STEP, then NEXT)."""
        rows = self.execute(
            q.FIRST_STEP_OF, {"id": outline_id}
        )
        steps: list[dict[str, Any]] = []
        seen: set[str] = set()
        while rows:
            step = _properties(rows[0]["s"])
            if step["id"] in seen:  # a cycle would be corruption; never loop on it
                break
            seen.add(step["id"])
            steps.append(step)
            rows = self.execute(q.NEXT_STEP, {"id": step["id"]})
        return steps

    def _step_chains(self) -> dict[str, list[dict[str, Any]]]:
        """Every ShortOutline's steps in chain order, read in three queries rather than one per step."""
        steps = {step["id"]: step for step in self._nodes("Step")}
        following = {
            row["a"]: row["b"] for row in self.execute(q.NEXT_LINKS)
        }
        chains: dict[str, list[dict[str, Any]]] = {}
        for row in self.execute(q.FIRST_STEPS):
            chain, seen, step_id = [], set(), row["s"]
            while step_id in steps and step_id not in seen:  # a cycle would be corruption; never loop on it
                seen.add(step_id)
                chain.append(steps[step_id])
                step_id = following.get(step_id)
            chains[row["o"]] = chain
        return chains

    def _parent_of(self, level: str, node_id: str) -> dict[str, Any] | None:
        rows = self.execute(
            q.PARENT_OF.format(label=_label(level)), {"id": node_id}
        )
        return _properties(rows[0]["p"]) if rows else None

    # -- checking -------------------------------------------------------------

    def check(self, items: list[dict[str, Any]]) -> list[str]:
        """Problems that would stop `apply_settlement`, found without writing anything."""
        problems: list[str] = []
        planned: set[tuple[str, str]] = set()  # (level, title) created earlier in the list
        for index, item in enumerate(items, start=1):
            item_problems = self._item_problems(item, index, planned)
            problems.extend(item_problems)
            if not item_problems:
                planned.add((item["level"], item["title"]))
        return problems

    def _item_problems(self, item: Any, index: int, planned: set[tuple[str, str]]) -> list[str]:
        if not isinstance(item, dict):
            return [f"plan item {index} is not an object"]
        level, title = item.get("level"), item.get("title")
        if level not in LEVELS:
            return [f"plan item {index} has unknown level {level!r} (expected one of {', '.join(LEVELS)})"]
        if not isinstance(title, str) or not title:
            return [f"plan item {index} ({level}) has no title"]
        where = f"plan item {index} ({level} {title!r})"
        problems = self._value_problems(where, item)
        if item.get("steps") and level != "ShortOutline":
            problems.append(f"{where}: only a ShortOutline has steps")
        problems.extend(self._parent_problems(where, level, title, item.get("parent"), planned))
        return problems

    def _value_problems(self, where: str, item: dict[str, Any]) -> list[str]:
        problems = []
        if item.get("status") is not None and item["status"] not in STATUSES:
            problems.append(f"{where}: unknown status {item['status']!r}")
        chapters = item.get("chapters")
        if chapters is not None and not (
            isinstance(chapters, list)
            and len(chapters) <= 2
            and all(c is None or (isinstance(c, int) and c >= 0) for c in chapters)
        ):
            problems.append(f"{where}: chapters must be [from, to] chapter numbers, not {chapters!r}")
        for number, step in enumerate(item.get("steps") or [], start=1):
            if not isinstance(step, dict) or not step.get("kind"):
                problems.append(f"{where}: step {number} has no kind")
            elif step.get("status") is not None and step["status"] not in STATUSES:
                problems.append(f"{where}: step {step['kind']!r} has unknown status {step['status']!r}")
        return problems

    def _parent_problems(
        self, where: str, level: str, title: str, parent: str | None, planned: set[tuple[str, str]]
    ) -> list[str]:
        if level == "GeneralOutline":
            return []
        parent_level = PARENT_LEVEL[level]
        exists = (level, title) in planned or self._node_by_title(level, title) is not None
        if level != "Step" and exists:
            return []  # an existing outline is updated in place; its parent is not changed
        if not isinstance(parent, str) or not parent:
            return [f"{where}: a new {level} needs a parent {parent_level}"]
        if (parent_level, parent) in planned or self._node_by_title(parent_level, parent) is not None:
            return []
        return [f"{where}: parent {parent_level} {parent!r} does not exist"]

    # -- applying -------------------------------------------------------------

    def apply_settlement(self, settlement_id: int, items: list[dict[str, Any]], chapter: int | None) -> dict:
        """Write a settlement's plan items in one transaction; a settlement already applied changes nothing."""
        with self.transaction():
            if self.has_settlement(settlement_id):
                return {}
            problems = self.check(items)
            if problems:
                raise DocumentError(problems)
            run = Application(self, settlement_id, chapter)
            for item in items:
                run.apply_item(item)
            self.mark_settlement(settlement_id, run.undo)
            return run.counts

    # -- undoing --------------------------------------------------------------

    def undo_settlement(self, settlement_id: int) -> None:
        """Take a settlement back: restore what it changed, delete what it created, in one transaction."""
        with self.transaction():
            if not self.has_settlement(settlement_id):
                return
            self.check_undo(settlement_id)
            for entry in reversed(self.settlement_undo(settlement_id)):
                self._restore(entry)
            created_outlines = {outline["id"] for outline in self._created_by(settlement_id, "ShortOutline")}
            for outline_id, chain in self._step_chains().items():
                if outline_id not in created_outlines:  # its other steps stay, so the chain is joined up
                    for step in chain:
                        if step["settlement"] == settlement_id:
                            self._delete_step(step["id"])
            for level in ("Step", "ShortOutline", "LongOutline", "GeneralOutline"):
                self.execute(
                    q.DELETE_NODES_OF.format(label=_label(level)), {"sid": settlement_id}
                )
            self.unmark_settlement(settlement_id)

    def _created_by(self, settlement_id: int, level: str) -> list[dict[str, Any]]:
        rows = self.execute(
            q.NODES_CREATED_BY.format(label=_label(level)), {"sid": settlement_id}
        )
        return [_properties(row["n"]) for row in rows]

    def check_undo(self, settlement_id: int) -> None:
        """DependentSettlementError where undoing out of order would lose or orphan what a later settlement did."""
        if not self.has_settlement(settlement_id):
            return
        undo = self.settlement_undo(settlement_id)
        created = {n["id"] for level in LEVELS for n in self._created_by(settlement_id, level)}
        touched = created | {entry["id"] for entry in undo}
        for later in self.later_settlements(settlement_id):
            if any(entry["id"] in touched for entry in self.settlement_undo(later)):
                raise DependentSettlementError(
                    f"settlement {later} changed plan nodes that settlement {settlement_id} wrote; undo {later} first"
                )
        dependents = self._foreign_children(settlement_id)
        if dependents:
            raise DependentSettlementError(
                f"settlement {dependents[0]} added plan nodes under outlines that settlement "
                f"{settlement_id} created; undo {dependents[0]} first"
            )

    def _foreign_children(self, settlement_id: int) -> list[int]:
        rows = self.execute(
            q.FOREIGN_CHILDREN,
            {"sid": settlement_id},
        )
        found = {row["sid"] for row in rows}
        chains = self._step_chains()
        for outline in self._created_by(settlement_id, "ShortOutline"):
            found |= {s["settlement"] for s in chains.get(outline["id"], []) if s["settlement"] != settlement_id}
        return sorted(found)

    def _restore(self, entry: dict[str, Any]) -> None:
        if "edit" in entry:  # the author's rename or move (plan_edits), not a settlement's column values
            plan_edits.restore(self, entry)
            return
        level, prior = entry["level"], entry["prior"]
        assignments = ", ".join(f"n.{_column(level, column)} = ${column}" for column in prior)
        params = {column: _from_json(column, value) for column, value in prior.items()}
        self.execute(q.RESTORE_NODE.format(label=_label(level), assignments=assignments), {**params, "id": entry["id"]})

    def _delete_step(self, step_id: str) -> None:
        """Delete one step and join its neighbours, so the chain stays one chain."""
        before = self.execute(
            q.STEP_PREDECESSOR, {"id": step_id}
        )
        after = self.execute(q.STEP_SUCCESSOR, {"id": step_id})
        self.execute(q.DELETE_STEP, {"id": step_id})
        if before and after:
            link = "FIRST_STEP" if before[0]["label"] == "ShortOutline" else "NEXT"
            start = "ShortOutline" if link == "FIRST_STEP" else "Step"
            self.execute(
                q.LINK_STEP.format(start=start, link=link),
                {"p": before[0]["id"], "n": after[0]["id"]},
            )

    # -- views ----------------------------------------------------------------

    def tree(self) -> list[dict[str, Any]]:
        """The whole plan as nested outlines, GeneralOutlines at the top, steps in chain order."""
        nodes = {level: {n["id"]: n for n in self._nodes(level)} for level in OUTLINE_LEVELS}
        children: dict[str, list[str]] = {}
        for row in self.execute(q.CONTAINS_LINKS):
            children.setdefault(row["p"], []).append(row["c"])
        child_ids = {c for ids in children.values() for c in ids}
        chains = self._step_chains()

        def build(level: str, node: dict[str, Any]) -> dict[str, Any]:
            view = _outline_view(level, node)
            if level == "ShortOutline":
                view["steps"] = [_step_view(step) for step in chains.get(node["id"], [])]
            else:
                lower = OUTLINE_LEVELS[OUTLINE_LEVELS.index(level) + 1]
                kids = [nodes[lower][c] for c in children.get(node["id"], []) if c in nodes[lower]]
                view["children"] = [build(lower, kid) for kid in sorted(kids, key=_narrative_order)]
            return view

        # A node without a parent can only come from outside apply; show it rather than hide it.
        return [
            build(level, node)
            for level in OUTLINE_LEVELS
            for node in sorted(nodes[level].values(), key=_narrative_order)
            if level == "GeneralOutline" or node["id"] not in child_ids
        ]

    def pointer(self) -> list[dict[str, Any]]:
        """Where the story is now: per storyline, the InProgress ShortOutline and its current step."""
        current: dict[str, dict[str, Any]] = {}
        for outline in self._nodes("ShortOutline"):
            if outline["status"] != "InProgress":
                continue
            storyline = outline.get("storyline") or DEFAULT_STORYLINE
            # Several InProgress outlines in one storyline: the latest-begun one is where the story is.
            if storyline not in current or _begun_order(outline) > _begun_order(current[storyline]):
                current[storyline] = outline
        return [self._pointer_entry(storyline, current[storyline]) for storyline in sorted(current)]

    def _pointer_entry(self, storyline: str, outline: dict[str, Any]) -> dict[str, Any]:
        steps = self._steps_of(outline["id"])
        step = next((s for s in steps if s["status"] == "InProgress"), None) or next(
            (s for s in steps if s["status"] != "Completed"), None
        )
        long_outline = self._parent_of("ShortOutline", outline["id"])
        general = self._parent_of("LongOutline", long_outline["id"]) if long_outline else None
        chapter = step["chapter"] if step and step["chapter"] is not None else outline["chapter_from"]
        return {
            "storyline": storyline,
            "outline": outline["title"],
            "outline_id": outline["id"],
            "step": step["summary"] if step else None,
            "step_kind": step["kind"] if step else None,
            "step_id": step["id"] if step else None,
            "chapter": chapter,
            "long_outline": long_outline["title"] if long_outline else None,
            "general_outline": general["title"] if general else None,
        }

    def current_chapter(self) -> int | None:
        chapters = [entry["chapter"] for entry in self.pointer() if entry["chapter"] is not None]
        return max(chapters) if chapters else None

    def parents_of(self, outline_title: str) -> list[dict[str, Any]]:
        """The outline with that title and the outlines above it, lowest first; [] when there is none."""
        for index in range(len(OUTLINE_LEVELS) - 1, -1, -1):
            level = OUTLINE_LEVELS[index]
            node = self._node_by_title(level, outline_title)
            if node is None:
                continue
            chain = [_outline_view(level, node)]
            while index > 0 and (node := self._parent_of(level, node["id"])) is not None:
                index -= 1
                level = OUTLINE_LEVELS[index]
                chain.append(_outline_view(level, node))
            return chain
        return []

    def counts(self) -> dict[str, Any]:
        """How many nodes per level, and per level how many in each status."""
        result: dict[str, Any] = {"by_status": {}}
        for level in LEVELS:
            rows = self.execute(q.COUNT_BY_STATUS.format(label=_label(level)))
            by_status = {status: 0 for status in STATUSES}
            by_status.update({row["status"]: row["n"] for row in rows})
            result[level] = sum(by_status.values())
            result["by_status"][level] = by_status
        return result


def _narrative_order(node: dict[str, Any]) -> tuple:
    start = node.get("chapter_from")
    return (start is None, start or 0, node.get("recorded_at") or datetime.min, node["title"])


def _begun_order(node: dict[str, Any]) -> tuple:
    start = node.get("chapter_from")
    return (-1 if start is None else start, node.get("updated_at") or datetime.min)


def _outline_view(level: str, node: dict[str, Any]) -> dict[str, Any]:
    view = {
        "level": level,
        "id": node["id"],
        "title": node["title"],
        "summary": node["summary"],
        "status": node["status"],
        "chapters": [node["chapter_from"], node["chapter_to"]],
        "entities": list(node["entities"] or []),
    }
    if level == "ShortOutline":
        view["storyline"] = node["storyline"]
    view["children"], view["steps"] = [], []
    return view


def _step_view(step: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": step["id"],
        "kind": step["kind"],
        "summary": step["summary"],
        "status": step["status"],
        "chapter": step["chapter"],
        "position": step["position"],
        "entities": list(step["entities"] or []),
    }
