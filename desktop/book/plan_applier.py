"""Applying one settlement's plan items: outlines created under their parents, steps chained, prior values kept."""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import TYPE_CHECKING, Any

from desktop.book import plan_queries as q
from desktop.book.graphstore import utcnow
from desktop.book.plan_queries import DEFAULT_STATUS, DEFAULT_STORYLINE, PARENT_LEVEL
from desktop.book.plan_queries import column as _column
from desktop.book.plan_queries import label as _label

if TYPE_CHECKING:
    from desktop.book.plan import PlanGraph


def _to_json(value: Any) -> Any:
    return value.isoformat() if isinstance(value, datetime) else value


def _chapter_range(chapters: list[int | None]) -> tuple[int | None, int | None]:
    # A single number is a one-chapter range.
    return (chapters[0], chapters[0]) if len(chapters) == 1 else (chapters[0], chapters[1])


def _item_fields(level: str, item: dict[str, Any]) -> dict[str, Any]:
    """The columns an outline or Step item sets, only those it mentions."""
    fields: dict[str, Any] = {}
    for key in ("summary", "status", "entities"):
        if item.get(key) is not None:
            fields[key] = list(item[key]) if key == "entities" else item[key]
    if level == "ShortOutline" and item.get("storyline"):
        fields["storyline"] = item["storyline"]
    if item.get("chapters"):
        fields["chapter_from"], fields["chapter_to"] = _chapter_range(item["chapters"])
        if level == "Step":
            fields["chapter"] = fields["chapter_from"]
    return fields


def _step_fields(step: dict[str, Any]) -> dict[str, Any]:
    """The columns an entry of a ShortOutline's `steps` list sets."""
    fields = {key: step[key] for key in ("summary", "status") if step.get(key) is not None}
    if step.get("chapter") is not None:
        fields["chapter"] = fields["chapter_from"] = fields["chapter_to"] = step["chapter"]
    return fields


class Application:
    """One settlement being applied: what it created, the prior values it overwrote, and the counts."""

    def __init__(self, graph: "PlanGraph", settlement_id: int, chapter: int | None):
        self.graph = graph
        self.settlement_id = settlement_id
        self.chapter = chapter
        self.undo: list[dict[str, Any]] = []
        # Flat names that cannot collide with the fact graph's counts when the journal adds them up.
        self.counts = {"outlines": 0, "outlines_updated": 0, "steps": 0, "steps_updated": 0}
        self._created: set[str] = set()
        self._priors: dict[str, dict[str, Any]] = {}
        self._chains: dict[str, list[dict[str, Any]]] = {}  # outline id -> its steps as this run left them

    def apply_item(self, item: dict[str, Any]) -> None:
        level = item["level"]
        if level == "Step":
            outline = self.graph._node_by_title("ShortOutline", item["parent"])
            self._upsert_step(outline["id"], item["title"], _item_fields("Step", item))
            return
        node = self.graph._node_by_title(level, item["title"])
        fields = _item_fields(level, item)
        if node is None:
            node_id = self._create_outline(level, item["title"], item.get("parent"), fields)
        else:
            node_id = node["id"]
            self._update(level, node, fields)
        for step in item.get("steps") or []:
            self._upsert_step(node_id, step["kind"], _step_fields(step))

    def _create_outline(self, level: str, title: str, parent: str | None, fields: dict[str, Any]) -> str:
        node_id = self._create(level, title, fields)["id"]
        if level != "GeneralOutline":
            parent_level = PARENT_LEVEL[level]
            parent_id = self.graph._node_by_title(parent_level, parent)["id"]
            self.graph.execute(
                q.LINK_CHILD.format(parent=_label(parent_level), label=_label(level)),
                {"p": parent_id, "c": node_id},
            )
        return node_id

    def _upsert_step(self, outline_id: str, kind: str, fields: dict[str, Any]) -> None:
        if outline_id not in self._chains:
            self._chains[outline_id] = self.graph._steps_of(outline_id)
        steps = self._chains[outline_id]
        existing = next((step for step in steps if step["kind"] == kind), None)
        if existing is not None:
            self._update("Step", existing, fields)
            return
        last = steps[-1] if steps else None
        position = (last["position"] or 0) + 1 if last else 1
        step = self._create("Step", kind, {**fields, "kind": kind, "position": position})
        steps.append(step)
        if last is None:
            query = "MATCH (o:ShortOutline {id: $a}), (s:Step {id: $b}) CREATE (o)-[:FIRST_STEP]->(s)"
        else:
            query = "MATCH (a:Step {id: $a}), (s:Step {id: $b}) CREATE (a)-[:NEXT]->(s)"
        self.graph.execute(query, {"a": outline_id if last is None else last["id"], "b": step["id"]})

    def _create(self, level: str, title: str, fields: dict[str, Any]) -> dict[str, Any]:
        now = utcnow()
        values: dict[str, Any] = {
            "summary": "", "status": DEFAULT_STATUS, "chapter_from": None, "chapter_to": None, "entities": [],
            **fields,
            "id": uuid.uuid4().hex, "title": title, "settlement": self.settlement_id,
            "recorded_at": now, "updated_at": now,
        }
        if level == "ShortOutline":
            values.setdefault("storyline", DEFAULT_STORYLINE)
        if level == "Step":
            values.setdefault("chapter", None)
        if values["status"] == "InProgress":
            self._fill_chapter(level, values, values)
        # Property names come from the fixed column sets above, never from the document.
        assignments = ", ".join(f"{column}: ${column}" for column in values)
        self.graph.execute(q.CREATE_NODE.format(label=_label(level), assignments=assignments), values)
        self._created.add(values["id"])
        self.counts["steps" if level == "Step" else "outlines"] += 1
        return values

    def _update(self, level: str, node: dict[str, Any], fields: dict[str, Any]) -> None:
        changes = {column: value for column, value in fields.items() if node.get(column) != value}
        if changes.get("status") == "InProgress":
            self._fill_chapter(level, {**node, **changes}, changes)
        if not changes:
            return
        if node["id"] not in self._created:
            self._remember_prior(level, node, changes)
        changes["updated_at"] = utcnow()
        assignments = ", ".join(f"n.{_column(level, column)} = ${column}" for column in changes)
        self.graph.execute(
            q.UPDATE_NODE.format(label=_label(level), assignments=assignments), {**changes, "id": node["id"]}
        )
        node.update(changes)  # a cached step must show this run's values to the next item touching it

    def _remember_prior(self, level: str, node: dict[str, Any], changes: dict[str, Any]) -> None:
        """Keep each column's value from before this settlement, however often the settlement changes it."""
        if node["id"] not in self._priors:
            self._priors[node["id"]] = {"updated_at": _to_json(node.get("updated_at"))}
            self.undo.append({"level": level, "id": node["id"], "prior": self._priors[node["id"]]})
            self.counts["steps_updated" if level == "Step" else "outlines_updated"] += 1
        prior = self._priors[node["id"]]
        for column in changes:
            # A column this settlement has not touched yet still holds its value from before.
            prior.setdefault(column, _to_json(node.get(column)))

    def _fill_chapter(self, level: str, after: dict[str, Any], target: dict[str, Any]) -> None:
        """A node that starts now without a planned chapter starts at the document's chapter: the pointer's clock."""
        if self.chapter is None:
            return
        column = "chapter" if level == "Step" else "chapter_from"
        if after.get(column) is None:
            target[column] = self.chapter
