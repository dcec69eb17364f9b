"""The fact graph: what has happened, as time-aware entities, relations, states and hooks in Kuzu."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from desktop.book import fact_queries as q
from desktop.book.errors import DependentSettlementError
from desktop.book.fact_applier import Applier
from desktop.book.fact_dependencies import dependents
from desktop.book.fact_queries import ENTITY_KINDS
from desktop.book.fact_queries import decode as _decode
from desktop.book.fact_queries import label as _kind
from desktop.book.graphstore import GraphStore

HOOK_STATUSES = ("Unresolved", "Resolved")
NOW = 2**62  # "as of now": later than any chapter
# A changing state the author or the model names several ways is one state: "realm as of chapter N"
# must stay one query. The spelling the book used first for a meaning is kept.
STATE_KEY_SYNONYMS = (
    frozenset({"realm", "境界", "修为", "等级", "level", "cultivation"}),
    frozenset({"location", "位置", "所在", "所在地", "住处"}),
    frozenset({"injury", "伤势", "伤情", "受伤"}),
    frozenset({"alive", "生死", "存活", "死活"}),
)
_RESTORABLE = {"summary", "aliases", "first_chapter", "status", "resolved_in", "due_by", "planted_in"}

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
            q.RESOLVE,
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
            q.ENTITY_ROW.format(label=_kind(kind)),
            {"id": entity_id},
        )
        return {"kind": kind, **rows[0]} if rows else {}

    def known_names(self) -> list[dict]:
        """Every entity's names (and its summary, which may say what else it is called), for finding mentions."""
        out = []
        for kind in ENTITY_KINDS:
            for row in self.execute(
                q.NAMES_OF_KIND.format(label=_kind(kind))
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
            applier = Applier(self, settlement_id, doc)
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
            self.execute(q.DELETE_RELATIONS_OF, p)
            self.execute(q.DELETE_INVOLVES_OF, p)
            self.execute(
                q.REOPEN_RELATIONS_CLOSED_BY, p
            )
            self.execute(q.DELETE_STATES_OF, p)
            self.execute(q.REOPEN_STATES_CLOSED_BY, p)
            for kind in ENTITY_KINDS:
                self.execute(q.DELETE_ENTITIES_OF.format(label=_kind(kind)), p)
            self.unmark_settlement(settlement_id)
        return True

    def check_undo(self, sid: int) -> None:
        """DependentSettlementError if later settlements build on what this one wrote (see fact_dependencies)."""
        found = dependents(self, sid)
        if found:
            later = sorted(found, reverse=True)
            names = "; ".join(f"settlement {other}: {', '.join(sorted(found[other]))}" for other in sorted(found))
            raise DependentSettlementError(
                f"settlement {sid} cannot be undone: later settlements build on what it wrote ({names}); "
                f"undo {', '.join(f'#{other}' for other in later)} first"
            )

    def _restore(self, change: dict) -> None:
        # Column names reach the query text, so only the ones undo ever records are let through.
        fields = {k: v for k, v in change["prior"].items() if k in _RESTORABLE}
        sets = ", ".join(f"e.{f} = ${f}" for f in fields)
        self.execute(q.RESTORE_ENTITY.format(label=_kind(change['kind']), sets=sets), {"id": change["id"], **fields})

    def _open_edges(self, a: tuple[str, str], b: tuple[str, str], rel_type: str) -> int:
        return self.scalar(
            q.OPEN_EDGES.format(label_a=_kind(a[0]), label_b=_kind(b[0])),
            {"a": a[1], "b": b[1], "t": rel_type},
        )

    # -- reading --------------------------------------------------------------

    def attributes(self, kind: str, entity_id: str, as_of: int | None = None) -> dict[str, Any]:
        rows = self.execute(
            q.STATES_AS_OF.format(label=_kind(kind)),
            {"id": entity_id, "as_of": _as_of(as_of)},
        )
        return {row["key"]: _decode(row["value"]) for row in rows}

    def canonical_state_key(self, kind: str, entity_id: str, key: str) -> str:
        """The key this entity already uses for the same meaning as `key` (境界 and realm are one state)."""
        group = next((g for g in STATE_KEY_SYNONYMS if key.strip().lower() in g), None)
        if group is None:
            return key
        used = self.scalar(
            q.STATE_KEY_AMONG.format(label=_kind(kind)),
            {"id": entity_id, "keys": sorted(group)},
        )
        return used or key

    def state_history(self, name: str) -> list[dict]:
        """Every state the entity ever had, with its validity, oldest first."""
        found = self.resolve(name)
        return self.states_of(*found) if found else []

    def states_of(self, kind: str, entity_id: str) -> list[dict]:
        rows = self.execute(
            q.STATE_HISTORY.format(label=_kind(kind)),
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
            q.RELATIONS_WHERE.format(where=where),
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
            q.HOOKS_AS_OF,
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
            q.ENTITIES_OF_KIND.format(label=_kind(kind))
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
                q.RELATIONS_TOUCHING,
                {**params, "ids": sorted(frontier)},
            )
            frontier = set()
            for row in rows:
                edges[(row["a"], row["b"], row["type"], row["valid_from"])] = row
                frontier |= {row["a"], row["b"]} - seen
            seen |= frontier
        nodes = self.execute(
            q.ENTITIES_BY_IDS, {"ids": sorted(seen)}
        )
        return {"nodes": nodes, "edges": list(edges.values())}

    # -- chapters and mentions ---------------------------------------------------

    def record_mentions(self, chapter: int, title: str, mentions: dict[tuple[str, str], list[int]]) -> None:
        """Tie a chapter to the entities its chunks mention, replacing what an earlier import recorded."""
        with self.transaction():
            self.execute(q.MERGE_CHAPTER, {"n": chapter, "t": title})
            self.execute(q.DELETE_MENTIONS_OF_CHAPTER, {"n": chapter})
            for (kind, entity_id), chunks in mentions.items():
                self.execute(
                    q.CREATE_MENTION.format(label=_kind(kind)),
                    {"n": chapter, "id": entity_id, "chunks": list(chunks)},
                )

    def forget_chapter(self, chapter: int) -> None:
        self.execute(q.DELETE_CHAPTER, {"n": chapter})

    def mentions_of(self, name: str) -> list[dict]:
        found = self.resolve(name)
        return self.mentions(*found) if found else []

    def mentions(self, kind: str, entity_id: str) -> list[dict]:
        """The chapters that mention an entity, with the chunks that do, in chapter order."""
        return self.execute(
            q.MENTIONS_OF.format(label=_kind(kind)),
            {"id": entity_id},
        )

    def latest_chapter(self) -> int:
        """The last chapter any fact speaks of (0 for an empty graph)."""
        return max(
            self.scalar(q.LATEST_FIRST_CHAPTER) or 0,
            self.scalar(q.LATEST_RELATION_CHAPTER) or 0,
            self.scalar(q.LATEST_STATE_CHAPTER) or 0,
            self.scalar(q.LATEST_CHAPTER_NODE) or 0,
        )

    def counts(self) -> dict[str, int]:
        counts = {kind: self.scalar(q.COUNT_ENTITIES.format(label=_kind(kind))) for kind in ENTITY_KINDS}
        return {
            "entities": sum(v for k, v in counts.items() if k != "Hook"),
            **{k.lower(): v for k, v in counts.items()},
            "relations": self.scalar(q.COUNT_RELATIONS),
            "open_relations": self.scalar(q.COUNT_OPEN_RELATIONS),
            "states": self.scalar(q.COUNT_STATES),
            "unresolved_hooks": self.scalar(q.COUNT_UNRESOLVED_HOOKS),
            "chapters": self.scalar(q.COUNT_CHAPTERS),
        }
