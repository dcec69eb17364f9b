"""The fact graph: what has happened, as time-aware entities, relations, states and hooks in Kuzu."""

from __future__ import annotations

import json
import uuid
from pathlib import Path
from typing import Any

from desktop.book.errors import DependentSettlementError, DocumentError
from desktop.book.graphstore import GraphStore, utcnow

ENTITY_KINDS = ("Character", "Location", "Item", "Faction", "Ability", "Hook")
HOOK_STATUSES = ("Unresolved", "Resolved")
NOW = 2**62  # "as of now": later than any chapter
_ANY_ENTITY = ":" + ":".join(ENTITY_KINDS)
# A changing state the author or the model names several ways is one state: "realm as of chapter N"
# must stay one query. The spelling the book used first for a meaning is kept.
STATE_KEY_SYNONYMS = (
    frozenset({"realm", "境界", "修为", "等级", "level", "cultivation"}),
    frozenset({"location", "位置", "所在", "所在地", "住处"}),
    frozenset({"injury", "伤势", "伤情", "受伤"}),
    frozenset({"alive", "生死", "存活", "死活"}),
)
_RESTORABLE = {"summary", "aliases", "first_chapter", "status", "resolved_in", "due_by", "planted_in"}  # a node pattern label matching every entity table

_ENTITY_COLUMNS = (
    "id STRING, name STRING, aliases STRING[], summary STRING, first_chapter INT64, "
    "settlement INT64, recorded_at TIMESTAMP, chunks INT64[]"
)
_HOOK_COLUMNS = ", status STRING, planted_in INT64, resolved_in INT64, due_by INT64"
_TIMED_EDGE = (
    "valid_from INT64, valid_to INT64, settlement INT64, closed_by INT64, "
    "recorded_at TIMESTAMP, chunks INT64[]"
)
# "valid at N": started at or before N and not ended by N (valid_to is exclusive:
# the chapter in which a sword changes hands already shows the new owner).
_VALID_AT = "{v}.valid_from <= $as_of AND ({v}.valid_to IS NULL OR {v}.valid_to > $as_of)"


def _pairs(sources: tuple[str, ...], targets: tuple[str, ...]) -> str:
    return ", ".join(f"FROM {a} TO {b}" for a in sources for b in targets)


def _ddl() -> list[str]:
    ddl = []
    for kind in ENTITY_KINDS:
        extra = _HOOK_COLUMNS if kind == "Hook" else ""
        ddl.append(f"CREATE NODE TABLE IF NOT EXISTS {kind}({_ENTITY_COLUMNS}{extra}, PRIMARY KEY(id))")
    ddl += [
        "CREATE NODE TABLE IF NOT EXISTS Chapter(number INT64, title STRING, PRIMARY KEY(number))",
        "CREATE NODE TABLE IF NOT EXISTS State(id STRING, key STRING, value STRING, "
        f"{_TIMED_EDGE}, PRIMARY KEY(id))",
        f"CREATE REL TABLE IF NOT EXISTS RELATES({_pairs(ENTITY_KINDS, ENTITY_KINDS)}, "
        f"type STRING, properties STRING, {_TIMED_EDGE})",
        f"CREATE REL TABLE IF NOT EXISTS HAS_STATE({_pairs(ENTITY_KINDS, ('State',))})",
        f"CREATE REL TABLE IF NOT EXISTS INVOLVES({_pairs(('Hook',), ENTITY_KINDS)}, settlement INT64)",
        f"CREATE REL TABLE IF NOT EXISTS MENTIONS({_pairs(('Chapter',), ENTITY_KINDS)}, chunks INT64[])",
    ]
    return ddl


def _kind(kind: str) -> str:
    """Labels are schema, never data: only the whitelisted kinds reach query text."""
    if kind not in ENTITY_KINDS:
        raise DocumentError(f"unknown entity kind {kind!r} (expected one of {', '.join(ENTITY_KINDS)})")
    return kind


def _encode(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _decode(raw: str | None) -> Any:
    if raw is None:
        return None
    try:
        return json.loads(raw)
    except ValueError:
        return raw


def _as_of(chapter: int | None) -> int:
    return NOW if chapter is None else int(chapter)


class FactGraph(GraphStore):
    """Settled facts with story time (valid_from/valid_to chapters) and record time (settlement, recorded_at)."""

    def __init__(self, path: Path):
        super().__init__(path, _ddl())

    # -- name resolution ------------------------------------------------------

    def resolve(self, name: str, kind: str | None = None) -> tuple[str, str] | None:
        """(kind, id) of the entity called `name` (exact name first, then alias); `kind` is preferred."""
        rows = self.execute(
            f"MATCH (e{_ANY_ENTITY}) WHERE e.name = $n OR list_contains(e.aliases, $n) "
            "RETURN label(e) AS kind, e.id AS id, e.name = $n AS exact",
            {"n": name},
        )
        if not rows:
            return None
        best = min(rows, key=lambda r: (not r["exact"], r["kind"] != kind, ENTITY_KINDS.index(r["kind"]), r["id"]))
        return best["kind"], best["id"]

    def entity(self, name: str) -> dict | None:
        found = self.resolve(name)
        return self._entity_row(*found) if found else None

    def _entity_row(self, kind: str, entity_id: str) -> dict:
        rows = self.execute(
            f"MATCH (e:{_kind(kind)} {{id: $id}}) RETURN e.id AS id, e.name AS name, e.aliases AS aliases, "
            "e.summary AS summary, e.first_chapter AS first_chapter, e.settlement AS settlement",
            {"id": entity_id},
        )
        return {"kind": kind, **rows[0]} if rows else {}

    def known_names(self) -> list[dict]:
        """Every entity's names, for finding mentions in text."""
        out = []
        for kind in ENTITY_KINDS:
            for row in self.execute(
                f"MATCH (e:{kind}) RETURN e.id AS id, e.name AS name, e.aliases AS aliases ORDER BY e.name"
            ):
                out.append({"kind": kind, **row, "aliases": row["aliases"] or []})
        return out

    # -- checking and applying settlement documents --------------------------

    def check(self, doc: dict) -> list[str]:
        """What in `doc` cannot be applied to this graph, as messages; nothing is written."""
        problems: list[str] = []
        declared = {}
        for ent in doc.get("entities", []):
            for n in [ent["name"], *ent.get("aliases", [])]:
                declared[n] = ent.get("kind")
            if "kind" not in ent and self.resolve(ent["name"]) is None:
                problems.append(f"entity {ent['name']!r} is new and needs a kind")
        hooks = {h["name"] for h in doc.get("hooks", [])}

        def known(name: str) -> bool:
            return name in declared or name in hooks or self.resolve(name) is not None

        for section, fields in (("relations", ("from", "to")), ("ends", ("from", "to")), ("states", ("entity",))):
            for item in doc.get(section, []):
                for field in fields:
                    if not known(item[field]):
                        problems.append(f"{section}: unknown entity {item[field]!r}")
        for hook in doc.get("hooks", []):
            for name in hook.get("involves", []):
                if not known(name):
                    problems.append(f"hook {hook['name']!r} involves unknown entity {name!r}")
            if self.resolve(hook["name"], "Hook") is None and hook.get("status") == "Resolved" \
                    and "planted_in" not in hook and "description" not in hook:
                problems.append(f"hook {hook['name']!r} is resolved but was never planted")
        for end in doc.get("ends", []):
            a, b = self.resolve(end["from"]), self.resolve(end["to"])
            if a and b and not self._open_edges(a, b, end["type"]):
                problems.append(f"ends: no open {end['type']} from {end['from']!r} to {end['to']!r}")
        return problems

    def apply_settlement(self, settlement_id: int, doc: dict) -> dict[str, int] | None:
        """Apply the fact part of a document in one transaction; None if this settlement is already here."""
        with self.transaction():
            if self.has_settlement(settlement_id):
                return None
            applier = _Applier(self, settlement_id, doc)
            counts = applier.run()
            self.mark_settlement(settlement_id, applier.undo)
        return counts

    def undo_settlement(self, settlement_id: int) -> bool:
        """Remove exactly what the settlement added and reopen what it closed; False if it is not here."""
        with self.transaction():
            if not self.has_settlement(settlement_id):
                return False
            self.check_undo(settlement_id)
            p = {"sid": settlement_id}
            for change in reversed(self.settlement_undo(settlement_id)):
                self._restore(change)
            self.execute("MATCH ()-[r:RELATES]->() WHERE r.settlement = $sid DELETE r", p)
            self.execute("MATCH ()-[r:INVOLVES]->() WHERE r.settlement = $sid DELETE r", p)
            self.execute(
                "MATCH ()-[r:RELATES]->() WHERE r.closed_by = $sid SET r.valid_to = NULL, r.closed_by = NULL", p
            )
            self.execute("MATCH (s:State) WHERE s.settlement = $sid DETACH DELETE s", p)
            self.execute("MATCH (s:State) WHERE s.closed_by = $sid SET s.valid_to = NULL, s.closed_by = NULL", p)
            for kind in ENTITY_KINDS:
                self.execute(f"MATCH (e:{kind}) WHERE e.settlement = $sid DETACH DELETE e", p)
            self.unmark_settlement(settlement_id)
        return True

    def check_undo(self, sid: int) -> None:
        """DependentSettlementError if later settlements build on entities this one created."""
        later = self.execute(
            f"MATCH (e{_ANY_ENTITY})-[r:RELATES|INVOLVES]-(other) WHERE e.settlement = $sid AND r.settlement <> $sid "
            "RETURN DISTINCT e.name AS name, r.settlement AS later",
            {"sid": sid},
        )
        later += self.execute(
            f"MATCH (e{_ANY_ENTITY})-[:HAS_STATE]->(s:State) WHERE e.settlement = $sid AND s.settlement <> $sid "
            "RETURN DISTINCT e.name AS name, s.settlement AS later",
            {"sid": sid},
        )
        if later:
            names = ", ".join(sorted({f"{r['name']} (settlement {r['later']})" for r in later}))
            raise DependentSettlementError(
                f"settlement {sid} cannot be undone: later settlements build on what it added: {names}; undo those first"
            )

    def _restore(self, change: dict) -> None:
        # Column names reach the query text, so only the ones undo ever records are let through.
        fields = {k: v for k, v in change["prior"].items() if k in _RESTORABLE}
        sets = ", ".join(f"e.{f} = ${f}" for f in fields)
        self.execute(f"MATCH (e:{_kind(change['kind'])} {{id: $id}}) SET {sets}", {"id": change["id"], **fields})

    def _open_edges(self, a: tuple[str, str], b: tuple[str, str], rel_type: str) -> int:
        return self.scalar(
            f"MATCH (a:{a[0]} {{id: $a}})-[r:RELATES]->(b:{b[0]} {{id: $b}}) "
            "WHERE r.type = $t AND r.valid_to IS NULL RETURN count(r)",
            {"a": a[1], "b": b[1], "t": rel_type},
        )

    # -- reading --------------------------------------------------------------

    def attributes(self, kind: str, entity_id: str, as_of: int | None = None) -> dict[str, Any]:
        rows = self.execute(
            f"MATCH (e:{_kind(kind)} {{id: $id}})-[:HAS_STATE]->(s:State) WHERE {_VALID_AT.format(v='s')} "
            "RETURN s.key AS key, s.value AS value ORDER BY s.valid_from",
            {"id": entity_id, "as_of": _as_of(as_of)},
        )
        return {row["key"]: _decode(row["value"]) for row in rows}

    def canonical_state_key(self, kind: str, entity_id: str, key: str) -> str:
        """The key this entity already uses for the same meaning as `key` (境界 and realm are one state)."""
        group = next((g for g in STATE_KEY_SYNONYMS if key.strip().lower() in g), None)
        if group is None:
            return key
        used = self.scalar(
            f"MATCH (e:{_kind(kind)} {{id: $id}})-[:HAS_STATE]->(s:State) WHERE lower(s.key) IN $keys "
            "RETURN s.key ORDER BY s.valid_from LIMIT 1",
            {"id": entity_id, "keys": sorted(group)},
        )
        return used or key

    def state_history(self, name: str) -> list[dict]:
        """Every state the entity ever had, with its validity, oldest first."""
        found = self.resolve(name)
        return self.states_of(*found) if found else []

    def states_of(self, kind: str, entity_id: str) -> list[dict]:
        rows = self.execute(
            f"MATCH (e:{_kind(kind)} {{id: $id}})-[:HAS_STATE]->(s:State) RETURN s.key AS key, s.value AS value, "
            "s.valid_from AS valid_from, s.valid_to AS valid_to, s.settlement AS settlement "
            "ORDER BY s.key, s.valid_from",
            {"id": entity_id},
        )
        return [{**row, "value": _decode(row["value"])} for row in rows]

    def relations(self, as_of: int | None = None, *, touching: str | None = None) -> list[dict]:
        """Relations valid at a chapter (default: now), optionally only those touching one entity id."""
        where = _VALID_AT.format(v="r")
        if touching is not None:
            where += " AND (a.id = $eid OR b.id = $eid)"
        return self._relation_rows(where, {"as_of": _as_of(as_of), "eid": touching})

    def relations_between(self, first: str, second: str) -> list[dict]:
        """All relations between two entities, either direction, over the whole story."""
        a, b = self.resolve(first), self.resolve(second)
        if not a or not b:
            return []
        return self._relation_rows(
            "(a.id = $x AND b.id = $y) OR (a.id = $y AND b.id = $x)", {"x": a[1], "y": b[1]}
        )

    def _relation_rows(self, where: str, params: dict) -> list[dict]:
        rows = self.execute(
            f"MATCH (a)-[r:RELATES]->(b) WHERE {where} RETURN r.type AS type, a.name AS `from`, b.name AS `to`, "
            "r.properties AS properties, r.valid_from AS valid_from, r.valid_to AS valid_to, "
            "r.settlement AS settlement, r.chunks AS chunks ORDER BY r.valid_from, r.type, a.name, b.name",
            params,
        )
        for row in rows:
            row["properties"] = _decode(row["properties"]) or {}
            row["chunks"] = row["chunks"] or []
        return rows

    def hooks(self, as_of: int | None = None, *, unresolved_only: bool = False) -> list[dict]:
        """Hooks planted by a chapter, with their status as it stood then."""
        n = _as_of(as_of)
        rows = self.execute(
            "MATCH (h:Hook) WHERE h.planted_in IS NULL OR h.planted_in <= $as_of "
            "OPTIONAL MATCH (h)-[:INVOLVES]->(e) "
            "RETURN h.id AS id, h.name AS name, h.summary AS description, h.status AS status, "
            "h.planted_in AS planted_in, h.resolved_in AS resolved_in, h.due_by AS due_by, "
            "h.settlement AS settlement, collect(e.name) AS involves ORDER BY planted_in, name",
            {"as_of": n},
        )
        out = []
        for row in rows:
            resolved = row["status"] == "Resolved" and (row["resolved_in"] is None or row["resolved_in"] <= n)
            row["status"] = "Resolved" if resolved else "Unresolved"
            if not resolved:
                row["resolved_in"] = None if row["resolved_in"] and row["resolved_in"] > n else row["resolved_in"]
            if unresolved_only and resolved:
                continue
            out.append(row)
        return out

    def unresolved_hooks(self, as_of: int | None = None) -> list[dict]:
        return self.hooks(as_of, unresolved_only=True)

    def snapshot(self, as_of: int | None = None, entity: str | None = None) -> dict:
        """The book's facts as they stand at a chapter: what `inkstone facts` prints."""
        n = _as_of(as_of)
        if entity is not None:
            found = self.resolve(entity)
            if not found:
                return {"as_of": as_of, "entities": [], "relations": [], "hooks": [], "mentions": []}
            rows = [self._entity_row(*found)]
        else:
            rows = [row for kind in ENTITY_KINDS if kind != "Hook" for row in self.entities_of(kind)]
        entities = [
            {**row, "aliases": row["aliases"] or [], "attributes": self.attributes(row["kind"], row["id"], as_of)}
            for row in rows
            if row["first_chapter"] is None or row["first_chapter"] <= n
        ]
        relations = self.relations(as_of, touching=rows[0]["id"] if entity is not None else None)
        hooks = self.hooks(as_of)
        result = {"as_of": as_of, "entities": entities, "relations": relations, "hooks": hooks}
        if entity is not None:
            name = rows[0]["name"]
            result["hooks"] = [h for h in hooks if name in h["involves"] or h["name"] == name]
            result["mentions"] = self.mentions_of(name)
        return result

    def entities_of(self, kind: str) -> list[dict]:
        rows = self.execute(
            f"MATCH (e:{_kind(kind)}) RETURN e.id AS id, e.name AS name, e.aliases AS aliases, e.summary AS summary, "
            "e.first_chapter AS first_chapter, e.settlement AS settlement ORDER BY e.first_chapter, e.name"
        )
        return [{"kind": kind, **row} for row in rows]

    def neighbourhood(self, name: str, hops: int = 1, as_of: int | None = None) -> dict:
        """Entities within 1–2 relations of one entity, and those relations, as of a chapter."""
        found = self.resolve(name)
        if not found:
            return {"nodes": [], "edges": []}
        params = {"as_of": _as_of(as_of)}
        frontier, seen, edges = {found[1]}, {found[1]}, {}
        for _ in range(max(1, min(hops, 2))):
            rows = self.execute(
                f"MATCH (a)-[r:RELATES]->(b) WHERE (a.id IN $ids OR b.id IN $ids) AND {_VALID_AT.format(v='r')} "
                "RETURN a.id AS a, b.id AS b, a.name AS `from`, b.name AS `to`, r.type AS type, "
                "r.valid_from AS valid_from, r.valid_to AS valid_to",
                {**params, "ids": sorted(frontier)},
            )
            frontier = set()
            for row in rows:
                edges[(row["a"], row["b"], row["type"], row["valid_from"])] = row
                frontier |= {row["a"], row["b"]} - seen
            seen |= frontier
        nodes = self.execute(
            f"MATCH (e{_ANY_ENTITY}) WHERE e.id IN $ids RETURN label(e) AS kind, e.id AS id, e.name AS name", {"ids": sorted(seen)}
        )
        return {"nodes": nodes, "edges": list(edges.values())}

    # -- chapters and mentions ---------------------------------------------------

    def record_mentions(self, chapter: int, title: str, mentions: dict[tuple[str, str], list[int]]) -> None:
        """Tie a chapter to the entities its chunks mention, replacing what an earlier import recorded."""
        with self.transaction():
            self.execute("MERGE (c:Chapter {number: $n}) SET c.title = $t", {"n": chapter, "t": title})
            self.execute("MATCH (c:Chapter {number: $n})-[m:MENTIONS]->() DELETE m", {"n": chapter})
            for (kind, entity_id), chunks in mentions.items():
                self.execute(
                    f"MATCH (c:Chapter {{number: $n}}), (e:{_kind(kind)} {{id: $id}}) "
                    "CREATE (c)-[:MENTIONS {chunks: $chunks}]->(e)",
                    {"n": chapter, "id": entity_id, "chunks": list(chunks)},
                )

    def forget_chapter(self, chapter: int) -> None:
        self.execute("MATCH (c:Chapter {number: $n}) DETACH DELETE c", {"n": chapter})

    def mentions_of(self, name: str) -> list[dict]:
        found = self.resolve(name)
        return self.mentions(*found) if found else []

    def mentions(self, kind: str, entity_id: str) -> list[dict]:
        """The chapters that mention an entity, with the chunks that do, in chapter order."""
        return self.execute(
            f"MATCH (c:Chapter)-[m:MENTIONS]->(e:{_kind(kind)} {{id: $id}}) "
            "RETURN c.number AS chapter, c.title AS title, m.chunks AS chunks ORDER BY c.number",
            {"id": entity_id},
        )

    def latest_chapter(self) -> int:
        """The last chapter any fact speaks of (0 for an empty graph)."""
        return max(
            self.scalar(f"MATCH (e{_ANY_ENTITY}) RETURN max(e.first_chapter)") or 0,
            self.scalar("MATCH ()-[r:RELATES]->() RETURN max(coalesce(r.valid_to, r.valid_from))") or 0,
            self.scalar("MATCH (s:State) RETURN max(coalesce(s.valid_to, s.valid_from))") or 0,
            self.scalar("MATCH (c:Chapter) RETURN max(c.number)") or 0,
        )

    def counts(self) -> dict[str, int]:
        counts = {kind: self.scalar(f"MATCH (e:{kind}) RETURN count(e)") for kind in ENTITY_KINDS}
        return {
            "entities": sum(v for k, v in counts.items() if k != "Hook"),
            **{k.lower(): v for k, v in counts.items()},
            "relations": self.scalar("MATCH ()-[r:RELATES]->() RETURN count(r)"),
            "open_relations": self.scalar("MATCH ()-[r:RELATES]->() WHERE r.valid_to IS NULL RETURN count(r)"),
            "states": self.scalar("MATCH (s:State) RETURN count(s)"),
            "unresolved_hooks": self.scalar("MATCH (h:Hook) WHERE h.status <> 'Resolved' RETURN count(h)"),
            "chapters": self.scalar("MATCH (c:Chapter) RETURN count(c)"),
        }


class _Applier:
    """Writes one document's facts inside the caller's transaction and notes what undo must restore."""

    def __init__(self, graph: FactGraph, settlement_id: int, doc: dict):
        self.g = graph
        self.sid = settlement_id
        self.doc = doc
        self.chapter = doc.get("chapter")
        self.at = utcnow()
        self.undo: list[dict] = []
        self.counts = dict.fromkeys(
            ("entities", "entities_updated", "relations", "ends", "states", "hooks", "hooks_updated", "unchanged"), 0
        )

    def run(self) -> dict[str, int]:
        for ent in self.doc.get("entities", []):
            self._entity(ent)
        for hook in self.doc.get("hooks", []):
            self._hook(hook)
        for end in self.doc.get("ends", []):  # close before open: a hand-over in one document
            self._end(end)
        for rel in self.doc.get("relations", []):
            self._relation(rel)
        for state in self.doc.get("states", []):
            kind, entity_id = self._need(state["entity"])
            self._state(kind, entity_id, state["key"], state["value"], self._from(state), state.get("chunks", []))
        return self.counts

    def _from(self, item: dict, field: str = "valid_from") -> int:
        value = item.get(field)
        if value is None:
            value = self.chapter
        return 0 if value is None else int(value)

    def _need(self, name: str, kind: str | None = None) -> tuple[str, str]:
        found = self.g.resolve(name, kind)
        if found is None:
            raise DocumentError(f"unknown entity {name!r}")
        return found

    def _entity(self, ent: dict) -> None:
        found = self.g.resolve(ent["name"], ent.get("kind"))
        for alias in ent.get("aliases", []) if found is None else []:
            found = self.g.resolve(alias, ent.get("kind"))
            if found:
                break
        if found is None:
            kind = _kind(ent.get("kind") or "")
            entity_id = f"{kind[0].lower()}{uuid.uuid4().hex[:15]}"
            extra = ", status: 'Unresolved', planted_in: $first" if kind == "Hook" else ""
            self.g.execute(
                f"CREATE (:{kind} {{id: $id, name: $name, aliases: $aliases, summary: $summary, "
                f"first_chapter: $first, settlement: $sid, recorded_at: $at, chunks: $chunks{extra}}})",
                {"id": entity_id, "name": ent["name"], "aliases": list(dict.fromkeys(ent.get("aliases", []))),
                 "summary": ent.get("summary", ""), "first": ent.get("first_chapter", self.chapter),
                 "sid": self.sid, "at": self.at, "chunks": ent.get("chunks", [])},
            )
            self.counts["entities"] += 1
        else:
            kind, entity_id = found
            self._update_entity(kind, entity_id, ent)
        for key, value in ent.get("attributes", {}).items():
            self._state(kind, entity_id, key, value, self._from(ent, "first_chapter"), ent.get("chunks", []))

    def _update_entity(self, kind: str, entity_id: str, ent: dict) -> None:
        row = self.g._entity_row(kind, entity_id)
        prior = {"summary": row["summary"], "aliases": row["aliases"] or [], "first_chapter": row["first_chapter"]}
        new = dict(prior)
        if ent.get("summary") and ent["summary"] != prior["summary"]:
            new["summary"] = ent["summary"]
        names = [a for a in ent.get("aliases", []) + ([ent["name"]] if ent["name"] != row["name"] else [])]
        new["aliases"] = list(dict.fromkeys(prior["aliases"] + [a for a in names if a != row["name"]]))
        first = ent.get("first_chapter")
        if first is not None and (prior["first_chapter"] is None or first < prior["first_chapter"]):
            new["first_chapter"] = first
        if new == prior:
            self.counts["unchanged"] += 1
            return
        self.undo.append({"kind": kind, "id": entity_id, "prior": prior})
        self.g.execute(
            f"MATCH (e:{kind} {{id: $id}}) SET e.summary = $summary, e.aliases = $aliases, e.first_chapter = $first",
            {"id": entity_id, "summary": new["summary"], "aliases": new["aliases"], "first": new["first_chapter"]},
        )
        self.counts["entities_updated"] += 1

    def _hook(self, hook: dict) -> None:
        found = self.g.resolve(hook["name"], "Hook")
        if found is None or found[0] != "Hook":
            planted = hook.get("planted_in", self.chapter)
            self._entity({"kind": "Hook", "name": hook["name"], "summary": hook.get("description", ""),
                          "first_chapter": planted})
            found = self._need(hook["name"], "Hook")
            self.counts["entities"] -= 1
            self.counts["hooks"] += 1
            prior = None
        else:
            prior = self.g.execute(
                "MATCH (h:Hook {id: $id}) RETURN h.status AS status, h.resolved_in AS resolved_in, "
                "h.due_by AS due_by, h.summary AS summary, h.planted_in AS planted_in",
                {"id": found[1]},
            )[0]
        current = dict(prior or {"status": "Unresolved", "resolved_in": None, "due_by": None,
                                 "summary": hook.get("description", ""), "planted_in": hook.get("planted_in", self.chapter)})
        new = dict(current)
        if hook.get("status"):
            new["status"] = hook["status"]
        if new["status"] == "Resolved":
            new["resolved_in"] = hook.get("resolved_in", current["resolved_in"] or self.chapter)
        if hook.get("description"):
            new["summary"] = hook["description"]
        if "due_by" in hook:
            new["due_by"] = hook["due_by"]
        if prior is not None and new != prior:
            self.undo.append({"kind": "Hook", "id": found[1], "prior": prior})
            self.counts["hooks_updated"] += 1
        self.g.execute(
            "MATCH (h:Hook {id: $id}) SET h.status = $status, h.resolved_in = $resolved_in, h.due_by = $due_by, "
            "h.summary = $summary, h.planted_in = $planted_in",
            {"id": found[1], **new},
        )
        for name in hook.get("involves", []):
            kind, entity_id = self._need(name)
            exists = self.g.scalar(
                f"MATCH (h:Hook {{id: $h}})-[r:INVOLVES]->(e:{kind} {{id: $e}}) RETURN count(r)",
                {"h": found[1], "e": entity_id},
            )
            if not exists:
                self.g.execute(
                    f"MATCH (h:Hook {{id: $h}}), (e:{kind} {{id: $e}}) CREATE (h)-[:INVOLVES {{settlement: $sid}}]->(e)",
                    {"h": found[1], "e": entity_id, "sid": self.sid},
                )

    def _end(self, end: dict) -> None:
        a, b = self._need(end["from"]), self._need(end["to"])
        closed = self.g.scalar(
            f"MATCH (a:{a[0]} {{id: $a}})-[r:RELATES]->(b:{b[0]} {{id: $b}}) "
            "WHERE r.type = $t AND r.valid_to IS NULL SET r.valid_to = $vt, r.closed_by = $sid RETURN count(r)",
            {"a": a[1], "b": b[1], "t": end["type"], "vt": self._from(end, "valid_to"), "sid": self.sid},
        )
        if not closed:
            raise DocumentError(f"ends: no open {end['type']} from {end['from']!r} to {end['to']!r}")
        self.counts["ends"] += 1

    def _relation(self, rel: dict) -> None:
        a, b = self._need(rel["from"]), self._need(rel["to"])
        if self.g._open_edges(a, b, rel["type"]):
            self.counts["unchanged"] += 1
            return
        self.g.execute(
            f"MATCH (a:{a[0]} {{id: $a}}), (b:{b[0]} {{id: $b}}) CREATE (a)-[:RELATES {{type: $t, properties: $p, "
            "valid_from: $vf, valid_to: NULL, settlement: $sid, closed_by: NULL, recorded_at: $at, chunks: $chunks}]->(b)",
            {"a": a[1], "b": b[1], "t": rel["type"], "p": _encode(rel.get("properties", {})),
             "vf": self._from(rel), "sid": self.sid, "at": self.at, "chunks": rel.get("chunks", [])},
        )
        self.counts["relations"] += 1

    def _state(self, kind: str, entity_id: str, key: str, value: Any, valid_from: int, chunks: list[int]) -> None:
        key = self.g.canonical_state_key(kind, entity_id, key)
        encoded = _encode(value)
        current = self.g.execute(
            f"MATCH (e:{kind} {{id: $id}})-[:HAS_STATE]->(s:State) WHERE s.key = $key AND s.valid_to IS NULL "
            "RETURN s.id AS id, s.value AS value, s.valid_from AS valid_from",
            {"id": entity_id, "key": key},
        )
        valid_to = None
        if current:
            open_state = current[0]
            if open_state["value"] == encoded:
                self.counts["unchanged"] += 1
                return
            if open_state["valid_from"] < valid_from:
                self.g.execute(
                    "MATCH (s:State {id: $id}) SET s.valid_to = $vt, s.closed_by = $sid",
                    {"id": open_state["id"], "vt": valid_from, "sid": self.sid},
                )
            else:  # a state from earlier in the story than the one now open: history, closed by it
                valid_to = open_state["valid_from"]
        state_id = uuid.uuid4().hex
        self.g.execute(
            "CREATE (:State {id: $id, key: $key, value: $value, valid_from: $vf, valid_to: $vt, settlement: $sid, "
            "closed_by: NULL, recorded_at: $at, chunks: $chunks})",
            {"id": state_id, "key": key, "value": encoded, "vf": valid_from, "vt": valid_to, "sid": self.sid,
             "at": self.at, "chunks": list(chunks)},
        )
        self.g.execute(
            f"MATCH (e:{kind} {{id: $e}}), (s:State {{id: $s}}) CREATE (e)-[:HAS_STATE]->(s)",
            {"e": entity_id, "s": state_id},
        )
        self.counts["states"] += 1
