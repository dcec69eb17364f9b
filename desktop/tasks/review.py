"""Classifying a proposed settlement against canon: new, changes, closes, conflict or unchanged, with provenance."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from desktop.book.facts import ENTITY_KINDS

if TYPE_CHECKING:
    from desktop.book.book import Book

NEW, CHANGES, CLOSES, CONFLICT, UNCHANGED = "new", "changes", "closes", "conflict", "unchanged"
CLASSES = (NEW, CHANGES, CLOSES, CONFLICT, UNCHANGED)

# Relation types where one target has one holder at a time: a second open one contradicts canon.
EXCLUSIVE_TO = {"OWNS", "HOLDS", "WIELDS", "POSSESSES", "拥有", "持有"}
# Relation types where one source is in one place / has one master at a time.
EXCLUSIVE_FROM = {"LOCATED_IN", "LIVES_IN", "IS_AT", "MARRIED_TO"}
LIFE_KEYS = {"alive", "dead", "life", "status", "生死", "状态", "存活", "死亡"}
DEAD_VALUES = {"dead", "deceased", "died", "死", "死亡", "已死", "身亡", "陨落", "已陨落", "阵亡"}


def classify(book: "Book", doc: dict) -> list[dict]:
    """Every item of a (normalised) document against the current graphs and settings. Reads only."""
    return _Classifier(book, doc).run()


class _Classifier:
    def __init__(self, book: "Book", doc: dict):
        self.book = book
        self.facts = book.facts
        self.doc = doc
        self.chapter = doc.get("chapter")
        self._sources: dict[int, dict] = {}
        self._rows: dict[tuple[str, str], dict] = {}
        self._ended = {(e["type"], self._id(e["from"]), self._id(e["to"])) for e in doc.get("ends", [])}

    def run(self) -> list[dict]:
        items = []
        for section, judge in (("entities", self._entity), ("relations", self._relation), ("ends", self._end),
                               ("states", self._state), ("hooks", self._hook), ("settings", self._setting),
                               ("plan", self._plan)):
            for index, item in enumerate(self.doc.get(section, [])):
                cls, existing, reason = judge(item)
                items.append({
                    "path": f"{section}/{index}", "class": cls, "label": _label(section, item),
                    "existing": existing, "source": self._source(existing), "reason": reason,
                })
        return items

    # -- per section: (class, the canon fact it meets or None, why) -------------------

    def _entity(self, item: dict) -> tuple[str, Any, str]:
        found = self._resolve(item["name"], item.get("kind"), item.get("aliases", []))
        if found is None:
            return NEW, None, ""
        kind, entity_id = found
        row = self._entity_row(kind, entity_id)
        if item.get("kind") and item["kind"] != kind:
            return CONFLICT, row, f"already a {kind}, not a {item['kind']}"
        for key, value in item.get("attributes", {}).items():
            cls, state, reason = self._state_against(kind, entity_id, item["name"], key, value,
                                                     self._from(item, "first_chapter"))
            if cls == CONFLICT:
                return CONFLICT, state, reason
        changed = [f for f in ("summary",) if item.get(f) and item[f] != row.get(f)]
        new_aliases = [a for a in item.get("aliases", []) if a not in (row["aliases"] or []) and a != row["name"]]
        attrs = {k: v for k, v in item.get("attributes", {}).items() if row["attributes"].get(k) != v}
        if changed or new_aliases or attrs:
            return CHANGES, row, ", ".join(changed + (["aliases"] if new_aliases else []) + sorted(attrs))
        return UNCHANGED, row, ""

    def _relation(self, item: dict) -> tuple[str, Any, str]:
        a, b = self._resolve(item["from"]), self._resolve(item["to"])
        valid_from = self._from(item)
        for side in (a, b):
            death = self._death(side, valid_from)
            if death:
                return CONFLICT, death, f"{death['entity']} is dead from chapter {death['valid_from']}"
        if a is not None and b is not None:
            open_same = [r for r in self._open_between(a, b) if r["type"] == item["type"]]
            if open_same:
                return UNCHANGED, open_same[0], ""
        rival = self._rival(item["type"], a, b)
        if rival is not None:
            return CONFLICT, rival, f"{rival['from']} {rival['type']} {rival['to']} is still open"
        return NEW, None, ""

    def _end(self, item: dict) -> tuple[str, Any, str]:
        a, b = self._resolve(item["from"]), self._resolve(item["to"])
        if a is None or b is None:
            return CONFLICT, None, "ends a relation between entities the book does not have"
        open_same = [r for r in self._open_between(a, b) if r["type"] == item["type"]]
        if open_same:
            return CLOSES, open_same[0], ""
        closed = [r for r in self.facts.relations_between(item["from"], item["to"])
                  if r["type"] == item["type"] and r["from"] == self._name(a)]
        return CONFLICT, closed[-1] if closed else None, f"no open {item['type']} to end"

    def _state(self, item: dict) -> tuple[str, Any, str]:
        found = self._resolve(item["entity"])
        if found is None:
            return NEW, None, ""
        death = None if item["key"].lower() in LIFE_KEYS else self._death(found, self._from(item))
        if death:
            return CONFLICT, death, f"{death['entity']} is dead from chapter {death['valid_from']}"
        return self._state_against(*found, item["entity"], item["key"], item["value"], self._from(item))

    def _hook(self, item: dict) -> tuple[str, Any, str]:
        found = self.facts.resolve(item["name"], "Hook")
        if found is None or found[0] != "Hook":
            return NEW, None, ""
        row = next((h for h in self.facts.hooks() if h["id"] == found[1]), None)
        status = item.get("status")
        if status and row and row["status"] == "Resolved":
            why = "already resolved" + (f" in chapter {row['resolved_in']}" if row["resolved_in"] is not None else "")
            return CONFLICT, row, why
        if status == "Resolved":
            return CLOSES, row, "resolves the hook"
        if item.get("description") and row and item["description"] != row["description"]:
            return CHANGES, row, "description"
        return UNCHANGED, row, ""

    def _setting(self, item: dict) -> tuple[str, Any, str]:
        row = self.book.archive.setting(item["title"])
        if row is None:
            return NEW, None, ""
        same = row["body"] == item["body"] and (item.get("category") in (None, row["category"]))
        return (UNCHANGED if same else CHANGES), row, "" if same else "body"

    def _plan(self, item: dict) -> tuple[str, Any, str]:
        # A step's title is its kind, unique only within its outline.
        title = f"{item.get('parent')}/{item['title']}" if item["level"] == "Step" else item["title"]
        node = self._plan_nodes().get((item["level"], title))
        if node is None:
            return NEW, None, ""
        if item.get("status") and node["status"] == "Completed" and item["status"] != "Completed":
            return CONFLICT, node, "already completed"
        fields = [f for f in ("summary", "status", "storyline") if item.get(f) and item[f] != node.get(f)]
        return (CHANGES if fields else UNCHANGED), node, ", ".join(fields)

    # -- canon lookups ------------------------------------------------------------------

    def _state_against(self, kind: str, entity_id: str, name: str, key: str, value: Any,
                       valid_from: int) -> tuple[str, Any, str]:
        key = self.facts.canonical_state_key(kind, entity_id, key)
        history = [s for s in self.facts.state_history(name) if s["key"] == key]
        at = [s for s in history if s["valid_from"] <= valid_from and (s["valid_to"] is None or s["valid_to"] > valid_from)]
        # Nothing holds yet at that chapter but a value is open later: the document would
        # only write history before it, which is rarely what the author means.
        at = at or [s for s in history if s["valid_to"] is None]
        if not at:
            return NEW, None, ""
        current = {**at[-1], "entity": self._name((kind, entity_id))}
        if current["value"] == value:
            return UNCHANGED, current, ""
        if valid_from > current["valid_from"]:
            return CHANGES, current, f"{key}: {current['value']} → {value}"
        return CONFLICT, current, (f"{key} is {current['value']!r} from chapter {current['valid_from']}; "
                                   f"{value!r} is not dated later")

    def _death(self, found: tuple[str, str] | None, valid_from: int) -> dict | None:
        """The state saying this character is dead at `valid_from`, if canon says so."""
        if found is None or found[0] != "Character":
            return None
        name = self._name(found)
        for state in self.facts.state_history(name):
            if state["key"].lower() not in LIFE_KEYS or not is_dead(state["key"], state["value"]):
                continue
            if state["valid_from"] <= valid_from and (state["valid_to"] is None or state["valid_to"] > valid_from):
                return {**state, "entity": name}
        return None

    def _rival(self, rel_type: str, a: tuple[str, str] | None, b: tuple[str, str] | None) -> dict | None:
        """An open relation of an exclusive type that this one would contradict, unless the document ends it.

        OWNS-like: the target already has another holder. LOCATED_IN-like: the source is already elsewhere.
        """
        upper = rel_type.upper()
        if upper in EXCLUSIVE_TO and b is not None:
            anchor, anchor_end, other_end = b, "to", "from"
        elif upper in EXCLUSIVE_FROM and a is not None:
            anchor, anchor_end, other_end = a, "from", "to"
        else:
            return None
        anchor_name = self._name(anchor)
        this_other = a if anchor is b else b
        for rel in self.facts.relations(None, touching=anchor[1]):
            if rel["type"] != rel_type or rel["valid_to"] is not None or rel[anchor_end] != anchor_name:
                continue
            other = self.facts.resolve(rel[other_end])
            if other is None or (this_other is not None and other[1] == this_other[1]):
                continue
            pair = (other[1], anchor[1]) if anchor_end == "to" else (anchor[1], other[1])
            if (rel_type, *pair) not in self._ended:
                return rel
        return None

    def _open_between(self, a: tuple[str, str], b: tuple[str, str]) -> list[dict]:
        name_a, name_b = self._name(a), self._name(b)
        return [r for r in self.facts.relations_between(name_a, name_b)
                if r["valid_to"] is None and r["from"] == name_a and r["to"] == name_b]

    def _resolve(self, name: str, kind: str | None = None, aliases: list[str] = ()) -> tuple[str, str] | None:
        for candidate in [name, *aliases]:
            found = self.facts.resolve(candidate, kind if kind in ENTITY_KINDS else None)
            if found is not None:
                return found
        return None

    def _id(self, name: str) -> str | None:
        found = self.facts.resolve(name)
        return found[1] if found else None

    def _name(self, found: tuple[str, str]) -> str:
        if found not in self._rows:
            self._rows[found] = self.facts._entity_row(*found)
        return self._rows[found]["name"]

    def _entity_row(self, kind: str, entity_id: str) -> dict:
        self._name((kind, entity_id))
        row = self._rows[(kind, entity_id)]
        return {**row, "aliases": row.get("aliases") or [],
                "attributes": self.facts.attributes(kind, entity_id, self.chapter)}

    def _plan_nodes(self) -> dict[tuple[str, str], dict]:
        nodes: dict[tuple[str, str], dict] = {}

        def walk(node: dict) -> None:
            nodes[(node["level"], node["title"])] = node
            for step in node.get("steps", []):
                nodes[("Step", f"{node['title']}/{step['kind']}")] = {"level": "Step", "title": step["kind"], **step}
            for child in node.get("children", []):
                walk(child)

        for top in self.book.plan.tree():
            walk(top)
        return nodes

    def _from(self, item: dict, field: str = "valid_from") -> int:
        # The same default the fact graph applies: the item's chapter, else the document's, else 0.
        value = item.get(field)
        if value is None:
            value = self.chapter
        return 0 if value is None else int(value)

    def _source(self, existing: Any) -> dict | None:
        """Where a canon fact came from: its settlement, what that settlement was made from, chapter, chunks."""
        if not isinstance(existing, dict):
            return None
        sid = existing.get("settlement")
        if sid is None:
            sid = existing.get("settlement_id")
        source: dict[str, Any] = {"settlement_id": sid}
        if sid is not None:
            if sid not in self._sources:
                entry = self.book.archive.journal_get(sid)
                self._sources[sid] = {"from": entry["source"], "task_id": entry["task_id"]} if entry else {}
            source.update(self._sources[sid])
        chapter = existing.get("valid_from", existing.get("first_chapter", existing.get("planted_in")))
        if chapter is not None:
            source["chapter"] = chapter
        if existing.get("chunks"):
            source["chunks"] = list(existing["chunks"])
        return source


def is_dead(key: str, value: Any) -> bool:
    """Whether a life state (alive=false, 死亡=true, 状态=阵亡 …) says the character is dead."""
    key = key.lower()
    if key in ("alive", "存活"):
        return value is False or str(value).lower() in ("false", "no", "否")
    if key in ("dead", "死亡"):
        return value is True or str(value).lower() in ("true", "yes", "是")
    return str(value).strip().lower() in DEAD_VALUES


def _label(section: str, item: dict) -> str:
    """A short human line for the review list."""
    if section == "entities":
        return f"{item['name']} ({item.get('kind', '?')})"
    if section in ("relations", "ends"):
        return f"{item['from']} {item['type']} {item['to']}"
    if section == "states":
        return f"{item['entity']}.{item['key']} = {item['value']}"
    if section == "hooks":
        return f"{item['name']}" + (f" [{item['status']}]" if item.get("status") else "")
    if section == "settings":
        return item["title"]
    return f"{item['level']} {item['title']}"
