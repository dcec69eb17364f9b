"""What one applied settlement holds in the graphs: what it created, what it closed, what it overwrote. Read
only: undo's preview says from this what an undo would remove, reopen and put back."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from desktop.book.fact_queries import ANY_ENTITY, decode

if TYPE_CHECKING:
    from desktop.book.facts import FactGraph
    from desktop.book.plan import PlanGraph

_RELATIONS = (
    'MATCH (a)-[r:RELATES]->(b) WHERE r.settlement = $sid OR r.closed_by = $sid RETURN label(a) AS from_kind, '
    'a.id AS from_id, a.name AS `from`, label(b) AS to_kind, b.id AS to_id, b.name AS `to`, r.type AS type, '
    'r.valid_from AS valid_from, r.valid_to AS valid_to, r.settlement AS made, r.closed_by AS closed '
    'ORDER BY r.valid_from, r.type'
)
_STATES = (
    'MATCH (e)-[:HAS_STATE]->(s:State) WHERE s.settlement = $sid OR s.closed_by = $sid RETURN label(e) AS kind, '
    'e.id AS id, e.name AS entity, s.key AS key, s.value AS value, s.valid_from AS valid_from, '
    's.valid_to AS valid_to, s.settlement AS made, s.closed_by AS closed ORDER BY s.valid_from, s.key'
)
_CREATED = (
    f'MATCH (e{ANY_ENTITY}) WHERE e.settlement = $sid RETURN label(e) AS kind, e.id AS id, e.name AS name, '
    'e.aliases AS aliases, e.first_chapter AS first_chapter ORDER BY e.name'
)
_BY_IDS = (
    f'MATCH (e{ANY_ENTITY}) WHERE e.id IN $ids RETURN label(e) AS kind, e.id AS id, e.name AS name, '
    'e.aliases AS aliases'
)
_HOOK_NOW = 'MATCH (h:Hook {id: $id}) RETURN h.status AS status, h.resolved_in AS resolved_in'
_PLAN_CREATED = 'MATCH (n:{label}) WHERE n.settlement = $sid RETURN n.title AS title, n.status AS status'
_STEPS_CREATED = 'MATCH (n:Step) WHERE n.settlement = $sid RETURN n.kind AS kind, n.summary AS title, n.status AS status'
_PLAN_LEVELS = ("GeneralOutline", "LongOutline", "ShortOutline")


def fact_footprint(graph: "FactGraph", sid: int) -> dict[str, list[dict]]:
    """{"entities_added", "relations_added", "relations_closed", "states_added", "states_closed", "restored"}:
    rows naming what settlement `sid` wrote; "restored" are existing entities and hooks it changed, with the
    values undo puts back (a hook it resolved carries "status_now")."""
    params = {"sid": sid}
    relations = graph.execute(_RELATIONS, params)
    states = [{**row, "value": decode(row["value"])} for row in graph.execute(_STATES, params)]
    created = [{**row, "aliases": row["aliases"] or []} for row in graph.execute(_CREATED, params)]
    changes = graph.settlement_undo(sid)
    names = {row["id"]: row for row in graph.execute(_BY_IDS, {"ids": [c["id"] for c in changes]})} if changes else {}
    restored = []
    for change in changes:
        row = names.get(change["id"])
        if row is None:
            continue
        entry: dict[str, Any] = {**row, "aliases": row["aliases"] or [], "prior": change["prior"]}
        if row["kind"] == "Hook":
            now = graph.execute(_HOOK_NOW, {"id": row["id"]})
            if now:
                entry["status_now"], entry["resolved_in_now"] = now[0]["status"], now[0]["resolved_in"]
        restored.append(entry)
    return {
        "entities_added": created,
        "relations_added": [r for r in relations if r["made"] == sid],
        "relations_closed": [r for r in relations if r["closed"] == sid],
        "states_added": [s for s in states if s["made"] == sid],
        "states_closed": [s for s in states if s["closed"] == sid],
        "restored": restored,
    }


def plan_footprint(plan: "PlanGraph", sid: int) -> dict[str, list[dict]]:
    """{"created": [{"level", "title", "status"}], "restored": n}: outlines settlement `sid` created (their
    steps go with them) and how many plan nodes it changed that undo puts back."""
    created = [{"level": level, **row} for level in _PLAN_LEVELS
               for row in plan.execute(_PLAN_CREATED.format(label=level), {"sid": sid})]
    created += [{"level": "Step", **row} for row in plan.execute(_STEPS_CREATED, {"sid": sid})]
    return {"created": created, "restored": len(plan.settlement_undo(sid))}
