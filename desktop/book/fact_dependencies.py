"""Which later settlements build on one settlement's facts, so undoing it alone would corrupt theirs.

Undo deletes what a settlement added, reopens what it closed and puts back the entity values it overwrote.
That is only sound while no later settlement has built on those same facts: one that closed a relation or
state it added (undo would leave two open OWNS, two open realms), opened a relation or state of the same
kind it closed or added, or changed an entity it changed (restoring the old aliases would drop the later
one's). Those must be undone first; this finds them.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from desktop.book import fact_queries as q
from desktop.book.fact_queries import ANY_ENTITY

if TYPE_CHECKING:
    from desktop.book.facts import FactGraph

_RELATIONS = (
    'MATCH (a)-[r:RELATES]->(b) WHERE list_contains($sids, r.settlement) OR list_contains($sids, r.closed_by) '
    'RETURN a.id AS a, b.id AS b, r.type AS what, a.name AS name, r.settlement AS made, r.closed_by AS closed'
)
_STATES = (
    'MATCH (e)-[:HAS_STATE]->(s:State) WHERE list_contains($sids, s.settlement) OR list_contains($sids, s.closed_by) '
    'RETURN e.id AS a, e.id AS b, s.key AS what, e.name AS name, s.settlement AS made, s.closed_by AS closed'
)
_UNDO_RECORDS = 'MATCH (s:Settlement) WHERE list_contains($sids, s.id) RETURN s.id AS sid, s.undo AS undo'
_CREATED = f'MATCH (e{ANY_ENTITY}) WHERE e.settlement = $sid RETURN e.id AS id'
_NAMES = f'MATCH (e{ANY_ENTITY}) WHERE list_contains($ids, e.id) RETURN e.id AS id, e.name AS name'


def dependents(graph: "FactGraph", sid: int) -> dict[int, set[str]]:
    """Later settlement id → the names of what it built on `sid`'s facts; empty when `sid` can be undone."""
    found: dict[int, set[str]] = {}
    for row in graph.execute(q.LATER_EDGES_ON_ADDED_ENTITIES, {"sid": sid}) + graph.execute(
            q.LATER_STATES_ON_ADDED_ENTITIES, {"sid": sid}):
        found.setdefault(row["later"], set()).add(row["name"])
    later = graph.later_settlements(sid)
    if not later:
        return found
    sids = [sid, *later]
    for query in (_RELATIONS, _STATES):
        rows = graph.execute(query, {"sids": sids})
        # The same relation (from, to, type) or state (entity, key) as one this settlement wrote or closed.
        mine = {_fact_key(r) for r in rows if sid in (r["made"], r["closed"])}
        for row in rows:
            if _fact_key(row) in mine:
                for other in {row["made"], row["closed"]} & set(later):
                    found.setdefault(other, set()).add(f"{row['name']} {row['what']}")
    records = {row["sid"]: json.loads(row["undo"] or "[]") for row in graph.execute(_UNDO_RECORDS, {"sids": sids})}
    touched = {change["id"] for change in records.get(sid, [])}
    touched |= {row["id"] for row in graph.execute(_CREATED, {"sid": sid})}
    shared = {other: {c["id"] for c in changes} & touched for other, changes in records.items() if other != sid}
    ids = sorted(set().union(*shared.values()))
    names = {row["id"]: row["name"] for row in graph.execute(_NAMES, {"ids": ids})} if ids else {}
    for other, entity_ids in shared.items():
        for entity_id in entity_ids:
            found.setdefault(other, set()).add(names.get(entity_id, entity_id))
    return found


def _fact_key(row: dict) -> tuple:
    """What two facts must share to collide: an item has one holder, so any later OWNS of the same item
    collides with one this settlement closed (undoing it would reopen the old owner beside the new)."""
    return (None if row["what"] == "OWNS" else row["a"], row["b"], row["what"])
