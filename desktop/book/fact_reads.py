"""The fact graph's turn-path reads from memory: names and aliases, states, relations and hooks as of a chapter.

Every turn resolves the names in the author's words and walks two hops around them. Asking Kuzu each time
costs a parse and a plan per statement and an N+1 of small queries per name; this reads each kind of fact once,
in one query, and answers from memory until the graph changes. The graph bumps its `generation` on every write
statement and every transaction's end, and settlements (applied by the journal, undone, replayed) change the
graph only through those, so a cache keyed by it is never stale: the first read after a settlement rebuilds.
"""

from __future__ import annotations

import copy
import weakref
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from desktop.book.fact_queries import ENTITY_KINDS, decode

if TYPE_CHECKING:
    from desktop.book.facts import FactGraph

NOW = 2**62  # as facts.NOW: "as of now" is later than any chapter
AS_OF_KEPT = 8  # chapters whose facts stay cached at once (the pointer, a few the author looked back at)
SNAPSHOTS_KEPT = 256

ALL_STATES = (
    "MATCH (e)-[:HAS_STATE]->(s:State) RETURN e.id AS entity, s.key AS key, s.value AS value, s.valid_from AS "
    "valid_from, s.valid_to AS valid_to, s.settlement AS settlement ORDER BY s.key, s.valid_from"
)
RELATIONS_VALID_AT = (
    "MATCH (a)-[r:RELATES]->(b) WHERE r.valid_from <= $as_of AND (r.valid_to IS NULL OR r.valid_to > $as_of) "
    "RETURN a.id AS a, b.id AS b, a.name AS `from`, b.name AS `to`, r.type AS type, r.valid_from AS "
    "valid_from, r.valid_to AS valid_to"
)


@dataclass
class _AsOf:
    """One chapter's valid relations, by the entity ids they touch; unresolved hooks once asked for."""

    edges_of: dict[str, list[dict]]
    hooks: list[dict] | None = None


@dataclass
class _Cache:
    generation: int
    names: list[dict] | None = None
    surfaces: list[tuple[str, str, dict]] | None = None
    by_id: dict[str, dict] | None = None
    by_spelling: dict[str, list[dict]] | None = None
    states: dict[str, list[dict]] | None = None
    as_of: "OrderedDict[int, _AsOf]" = field(default_factory=OrderedDict)
    snapshots: "OrderedDict[tuple, dict]" = field(default_factory=OrderedDict)


class FactReads:
    """Cached answers to the fact graph's frequent reads, each the same as FactGraph's own method gives."""

    def __init__(self, facts: "FactGraph"):
        self.facts = facts
        self._cache = _Cache(generation=-1)

    def _current(self) -> _Cache:
        generation = self.facts.generation
        if self._cache.generation != generation:
            self._cache = _Cache(generation)
        return self._cache

    # -- names --------------------------------------------------------------------

    def known_names(self) -> list[dict]:
        """As FactGraph.known_names (every entity's kind, id, name and aliases); shared: do not change it."""
        cache = self._current()
        if cache.names is None:
            cache.names = self.facts.known_names()
        return cache.names

    def surfaces(self) -> list[tuple[str, str, dict]]:
        """(casefolded spelling, spelling, known_names row) for every name and alias of two characters or more
        of every entity but hooks, longest first: what finding names in a text tries. Shared: do not change it."""
        cache = self._current()
        if cache.surfaces is None:
            surfaces = []
            for row in self.known_names():
                if row["kind"] == "Hook":
                    continue
                for spelling in dict.fromkeys([row["name"], *row["aliases"]]):
                    # One-character names would match inside every other word.
                    if len(spelling.strip()) >= 2:
                        surfaces.append((spelling.casefold(), spelling, row))
            surfaces.sort(key=lambda item: -len(item[0]))
            cache.surfaces = surfaces
        return cache.surfaces

    def resolve(self, name: str, kind: str | None = None) -> tuple[str, str] | None:
        """As FactGraph.resolve: (kind, id) of the entity called `name`, exact names before aliases."""
        cache = self._current()
        if cache.by_spelling is None:
            by_spelling: dict[str, list[dict]] = {}
            for row in self.known_names():
                by_spelling.setdefault(row["name"], []).append({**row, "exact": True})
                for alias in row["aliases"]:
                    by_spelling.setdefault(alias, []).append({**row, "exact": False})
            cache.by_spelling = by_spelling
        rows = cache.by_spelling.get(name)
        if not rows:
            return None
        best = min(rows, key=lambda r: (not r["exact"], r["kind"] != kind, ENTITY_KINDS.index(r["kind"]), r["id"]))
        return best["kind"], best["id"]

    def name_of(self, entity_id: str) -> dict | None:
        """The known_names row of an entity id."""
        cache = self._current()
        if cache.by_id is None:
            cache.by_id = {row["id"]: row for row in self.known_names()}
        return cache.by_id.get(entity_id)

    # -- states -------------------------------------------------------------------

    def state_history(self, entity_id: str) -> list[dict]:
        """As FactGraph.states_of: every state the entity ever had, by key then story order."""
        cache = self._current()
        if cache.states is None:
            states: dict[str, list[dict]] = {}
            for row in self.facts.execute(ALL_STATES):
                entity = row.pop("entity")
                states.setdefault(entity, []).append({**row, "value": decode(row["value"])})
            cache.states = states
        return cache.states.get(entity_id, [])

    # -- as of a chapter ------------------------------------------------------------

    def _chapter(self, as_of: int | None) -> _AsOf:
        cache = self._current()
        n = NOW if as_of is None else int(as_of)
        view = cache.as_of.get(n)
        if view is None:
            edges_of: dict[str, list[dict]] = {}
            for row in self.facts.execute(RELATIONS_VALID_AT, {"as_of": n}):
                edges_of.setdefault(row["a"], []).append(row)
                if row["b"] != row["a"]:
                    edges_of.setdefault(row["b"], []).append(row)
            view = cache.as_of[n] = _AsOf(edges_of)
            while len(cache.as_of) > AS_OF_KEPT:
                cache.as_of.popitem(last=False)
        else:
            cache.as_of.move_to_end(n)
        return view

    def neighbourhood_edges(self, entity_id: str, hops: int = 1, as_of: int | None = None) -> list[dict]:
        """The relations FactGraph.neighbourhood walks (1 or 2 hops out, valid as of the chapter); shared rows."""
        edges_of = self._chapter(as_of).edges_of
        frontier, seen, edges = {entity_id}, {entity_id}, {}
        for _ in range(max(1, min(hops, 2))):
            reached: set[str] = set()
            for node in sorted(frontier):
                for row in edges_of.get(node, ()):
                    edges[(row["a"], row["b"], row["type"], row["valid_from"])] = row
                    reached |= {row["a"], row["b"]}
            frontier = reached - seen
            seen |= frontier
        return list(edges.values())

    def unresolved_hooks(self, as_of: int | None = None) -> list[dict]:
        """As FactGraph.unresolved_hooks; shared rows."""
        view = self._chapter(as_of)
        if view.hooks is None:
            view.hooks = self.facts.unresolved_hooks(as_of)
        return view.hooks

    def snapshot(self, as_of: int | None, entity: str) -> dict:
        """As FactGraph.snapshot(as_of, entity=...), remembered per (chapter, entity) until the graph changes."""
        cache = self._current()
        key = (as_of, entity)
        found = cache.snapshots.get(key)
        if found is None:
            found = cache.snapshots[key] = self.facts.snapshot(as_of=as_of, entity=entity)
            while len(cache.snapshots) > SNAPSHOTS_KEPT:
                cache.snapshots.popitem(last=False)
        return copy.deepcopy(found)


_READS: "weakref.WeakKeyDictionary[Any, FactReads]" = weakref.WeakKeyDictionary()


def reads(facts: "FactGraph") -> FactReads:
    """The one FactReads of this open graph: every retriever and context build of a book shares its cache."""
    found = _READS.get(facts)
    if found is None:
        found = _READS[facts] = FactReads(facts)
    return found
