"""Applying one settlement document to the fact graph: entities, hooks, ended and new relations, states."""

from __future__ import annotations

import uuid
from typing import TYPE_CHECKING, Any

from desktop.book import fact_queries as q
from desktop.book.errors import DocumentError
from desktop.book.fact_queries import encode, label
from desktop.book.graphstore import utcnow

if TYPE_CHECKING:
    from desktop.book.facts import FactGraph


class Applier:
    """Writes one document's facts inside the caller's transaction and notes what undo must restore."""

    def __init__(self, graph: "FactGraph", settlement_id: int, doc: dict):
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
            kind = label(ent.get("kind") or "")
            entity_id = f"{kind[0].lower()}{uuid.uuid4().hex[:15]}"
            extra = ", status: 'Unresolved', planted_in: $first" if kind == "Hook" else ""
            self.g.execute(
                q.CREATE_ENTITY.format(label=label(kind), extra=extra),
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
            q.UPDATE_ENTITY.format(label=label(kind)),
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
                q.HOOK_ROW,
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
            q.UPDATE_HOOK,
            {"id": found[1], **new},
        )
        for name in hook.get("involves", []):
            kind, entity_id = self._need(name)
            exists = self.g.scalar(
                q.COUNT_INVOLVES.format(label=label(kind)),
                {"h": found[1], "e": entity_id},
            )
            if not exists:
                self.g.execute(
                    q.CREATE_INVOLVES.format(label=label(kind)),
                    {"h": found[1], "e": entity_id, "sid": self.sid},
                )

    def _end(self, end: dict) -> None:
        a, b = self._need(end["from"]), self._need(end["to"])
        closed = self.g.scalar(
            q.END_RELATION.format(label_a=label(a[0]), label_b=label(b[0])),
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
            q.CREATE_RELATION.format(label_a=label(a[0]), label_b=label(b[0])),
            {"a": a[1], "b": b[1], "t": rel["type"], "p": encode(rel.get("properties", {})),
             "vf": self._from(rel), "sid": self.sid, "at": self.at, "chunks": rel.get("chunks", [])},
        )
        self.counts["relations"] += 1

    def _state(self, kind: str, entity_id: str, key: str, value: Any, valid_from: int, chunks: list[int]) -> None:
        key = self.g.canonical_state_key(kind, entity_id, key)
        encoded = encode(value)
        current = self.g.execute(
            q.OPEN_STATE.format(label=label(kind)),
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
                    q.CLOSE_STATE,
                    {"id": open_state["id"], "vt": valid_from, "sid": self.sid},
                )
            else:  # a state from earlier in the story than the one now open: history, closed by it
                valid_to = open_state["valid_from"]
        state_id = uuid.uuid4().hex
        self.g.execute(
            q.CREATE_STATE,
            {"id": state_id, "key": key, "value": encoded, "vf": valid_from, "vt": valid_to, "sid": self.sid,
             "at": self.at, "chunks": list(chunks)},
        )
        self.g.execute(
            q.LINK_STATE.format(label=label(kind)),
            {"e": entity_id, "s": state_id},
        )
        self.counts["states"] += 1
