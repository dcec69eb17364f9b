"""Retcon impact: what a settlement that changes or closes canon touches in the book already written, and what an
undo would remove and reopen. Imported chapters whose sentences rely on the old fact (quoted, best first, capped
with a count of the rest), and the outlines, steps and hooks that name the entities involved. Reads only.

A settlement that only adds new facts touches nothing: no old fact goes, so no sentence can have relied on it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from desktop.book import documents
from desktop.book.errors import BookError
from desktop.book.fact_footprint import fact_footprint, plan_footprint
from desktop.tasks.impact_text import (DEAD_ACTS, DEATH_TOLD, HOOK_OPEN, HOOK_SOLVED, NAMED, OLD_OWNER, OLD_RELATION,
                                       OLD_VALUE, Change, ChapterText, quotes_in, spellings_of)
from desktop.tasks.review import CLOSES, CONFLICT, EXCLUSIVE_FROM, EXCLUSIVE_TO, LIFE_KEYS, classify, is_dead

if TYPE_CHECKING:
    from desktop.book.book import Book

CHAPTERS_SHOWN = 8  # chapters listed, the most affected first; the rest are counted
QUOTES_PER_CHAPTER = 3
PLAN_SHOWN = 8
HOOKS_SHOWN = 8


def review_impact(book: "Book", review: dict) -> dict:
    """The impact of applying a review ({"document", "items"} as settle and the review queue give it); a review
    without items, or a bare document, is classified against canon first."""
    bare = not isinstance(review.get("document"), dict)
    doc = documents.validate(review if bare else review["document"])
    items = classify(book, doc) if bare or not review.get("items") else review["items"]
    return _report(book, _Changes(book).of_review(doc, items))


def undo_preview(book: "Book", settlement_id: int) -> dict:
    """What undoing an applied settlement would do, written nowhere: {"settlement_id", "source", "state",
    "chapter", "items", "recorded_at", "removes", "reopens", "restores", "plan_restored", "task", "blocked",
    "impact"}; "blocked" says why the undo would be refused (later settlements build on it), else None."""
    entry = book.archive.journal_get(settlement_id)
    if entry is None:
        raise BookError(f"no settlement {settlement_id} in this book")
    if entry["state"] not in ("applied", "undoing"):
        raise BookError(f"settlement {settlement_id} is {entry['state']}; only an applied one can be undone")
    doc = entry.get("document") or {}
    facts, plan = fact_footprint(book.facts, settlement_id), plan_footprint(book.plan, settlement_id)
    removes = [{"kind": "hook" if e["kind"] == "Hook" else "entity", "label": f"{e['name']} ({e['kind']})",
                "name": e["name"], "entity_kind": e["kind"]} for e in facts["entities_added"]]
    removes += [_relation_line(r) for r in facts["relations_added"]]
    removes += [_state_line(s) for s in facts["states_added"]]
    removes += [{"kind": "step" if p["level"] == "Step" else "outline", "label": p["title"] or p.get("kind") or ""}
                for p in plan["created"]]
    removes += [{"kind": "setting", "label": s["title"]} for s in doc.get("settings") or []]
    reopens = [_relation_line(r) for r in facts["relations_closed"]]
    reopens += [_state_line(s) for s in facts["states_closed"]]
    reopens += [{"kind": "hook", "label": h["name"]} for h in facts["restored"] if _unresolves(h)]
    restores = [{"kind": "hook" if h["kind"] == "Hook" else "entity", "label": h["name"],
                 "fields": sorted(h["prior"])} for h in facts["restored"] if not _unresolves(h)]
    task = book.archive.task(entry["task_id"]) if entry.get("task_id") is not None else None
    if task is not None:
        reopens.append({"kind": "task", "label": task["title"]})
    try:
        book.facts.check_undo(settlement_id)
        book.plan.check_undo(settlement_id)
        blocked = None
    except BookError as exc:
        blocked = str(exc)
    return {"settlement_id": settlement_id, "source": entry["source"], "state": entry["state"],
            "chapter": doc.get("chapter"), "items": documents.item_count(doc),
            "recorded_at": entry.get("updated_at") or entry.get("created_at"),
            "removes": removes, "reopens": reopens, "restores": restores, "plan_restored": plan["restored"],
            "task": {"id": task["id"], "title": task["title"]} if task else None, "blocked": blocked,
            "impact": _report(book, _Changes(book).of_undo(facts))}


def _unresolves(hook: dict) -> bool:
    return hook["kind"] == "Hook" and hook.get("status_now") == "Resolved" and hook["prior"].get("status") != "Resolved"


def _relation_line(row: dict) -> dict:
    return {"kind": "relation", "label": f"{row['from']} {row['type']} {row['to']}", "from": row["from"],
            "type": row["type"], "to": row["to"], "from_chapter": row["valid_from"]}


def _state_line(row: dict) -> dict:
    return {"kind": "state", "label": f"{row['entity']}.{row['key']} = {row['value']}", "entity": row["entity"],
            "key": row["key"], "value": row["value"], "from_chapter": row["valid_from"]}


def _after(chapter: int) -> int:
    """The first chapter that can rely on a fact as it stood before `chapter` changed it (the chapter of the change
    tells the change itself); a change from the start of the story reaches every chapter."""
    return chapter + 1 if chapter > 0 else 0


class _Changes:
    """The old facts a review or an undo takes away, each as a Change naming the sentences that would rely on it."""

    def __init__(self, book: "Book"):
        self.facts = book.facts

    def entity(self, name: str | None = None, found: tuple[str, str] | None = None) -> dict | None:
        found = found or (self.facts.resolve(name) if name else None)
        if found is None:
            return None
        row = self.facts._entity_row(*found)
        return {**row, "aliases": row.get("aliases") or []} if row else None

    # -- a review ------------------------------------------------------------------------------

    def of_review(self, doc: dict, items: list[dict]) -> list[Change]:
        infos = {item["path"]: item for item in items}
        chapter = doc.get("chapter")

        def start(item: dict, field: str = "valid_from") -> int:
            value = item.get(field)
            value = chapter if value is None else value
            return 0 if value is None else int(value)

        changes: list[Change] = []
        for index, item in enumerate(doc.get("states") or []):
            changes += self._state(f"states/{index}", item["entity"], item["key"], item["value"], start(item))
        for index, item in enumerate(doc.get("entities") or []):
            for key, value in (item.get("attributes") or {}).items():
                changes += self._state(f"entities/{index}", item["name"], key, value, start(item, "first_chapter"))
        for index, item in enumerate(doc.get("ends") or []):
            if infos.get(f"ends/{index}", {}).get("class", CLOSES) == CLOSES:
                changes += self._ended(f"ends/{index}", item["from"], item["to"], item["type"],
                                       _after(start(item, "valid_to")))
        for index, item in enumerate(doc.get("relations") or []):
            rival = infos.get(f"relations/{index}", {})
            existing = rival.get("existing") or {}
            if rival.get("class") == CONFLICT and "type" in existing and "from" in existing:  # a holder replaced
                changes += self._ended(f"relations/{index}", existing["from"], existing["to"], existing["type"],
                                       _after(start(item)))
        for index, item in enumerate(doc.get("hooks") or []):
            hook = self.entity(found=self.facts.resolve(item["name"], "Hook"))
            if infos.get(f"hooks/{index}", {}).get("class") == CLOSES and hook and hook["kind"] == "Hook":
                changes.append(Change(f"hooks/{index}", HOOK_OPEN, f"{hook['name']} Unresolved", hook,
                                      _after(start(item, "resolved_in")), spellings=spellings_of(hook)))
        return _unique(changes)

    def _state(self, path: str, name: str, key: str, value: Any, at: int) -> list[Change]:
        entity = self.entity(name)
        if entity is None:
            return []
        key = self.facts.canonical_state_key(entity["kind"], entity["id"], key)
        history = self.facts.states_of(entity["kind"], entity["id"])
        holds = [s for s in history if s["valid_from"] <= at and (s["valid_to"] is None or s["valid_to"] > at)]
        dead_then = any(s["key"].lower() in LIFE_KEYS and is_dead(s["key"], s["value"]) for s in holds)
        if key.lower() in LIFE_KEYS and is_dead(key, value):
            if dead_then:
                return []
            return [Change(path, DEAD_ACTS, f"{entity['name']} alive", entity, _after(at))]
        current = next((s for s in reversed(holds) if s["key"] == key), None)
        if current is None or current["value"] == value:
            return []
        if dead_then and key.lower() in LIFE_KEYS:  # back from the dead: what tells the death relied on it
            return [Change(path, DEATH_TOLD, f"{entity['name']} {key}={current['value']}", entity, _after(at))]
        return [Change(path, OLD_VALUE, f"{entity['name']} {key}={current['value']}", entity, _after(at),
                       value=current["value"])]

    def _ended(self, path: str, holder: str, held: str, rel_type: str, first: int) -> list[Change]:
        a, b = self.entity(holder), self.entity(held)
        if a is None or b is None:
            return []
        fact = f"{a['name']} {rel_type} {b['name']}"
        if rel_type.upper() in EXCLUSIVE_TO or rel_type in EXCLUSIVE_TO:
            return [Change(path, OLD_OWNER, fact, a, first, other=b, value=rel_type)]
        return [Change(path, OLD_RELATION, fact, a, first, other=b, value=rel_type)]

    # -- an undo -------------------------------------------------------------------------------

    def of_undo(self, footprint: dict[str, list[dict]]) -> list[Change]:
        """What the text may rely on among the facts the undo takes away: every chapter from the one the fact
        begins in (the chapter that tells it relies on it too)."""
        changes: list[Change] = []
        for index, row in enumerate(footprint["relations_added"]):
            a = self.entity(found=(row["from_kind"], row["from_id"]))
            b = self.entity(found=(row["to_kind"], row["to_id"]))
            rule = OLD_OWNER if row["type"].upper() in EXCLUSIVE_TO or row["type"] in EXCLUSIVE_TO else OLD_RELATION
            changes.append(Change(f"relations/+{index}", rule, f"{row['from']} {row['type']} {row['to']}", a,
                                  row["valid_from"] or 0, other=b, value=row["type"]))
        for index, row in enumerate(footprint["states_added"]):
            entity = self.entity(found=(row["kind"], row["id"]))
            fact = f"{row['entity']} {row['key']}={row['value']}"
            if row["key"].lower() in LIFE_KEYS and is_dead(row["key"], row["value"]):
                changes.append(Change(f"states/+{index}", DEATH_TOLD, fact, entity, row["valid_from"] or 0))
            elif row["key"].lower() not in LIFE_KEYS:
                changes.append(Change(f"states/+{index}", OLD_VALUE, fact, entity, row["valid_from"] or 0,
                                      value=row["value"]))
        for index, row in enumerate(footprint["entities_added"]):
            if row["kind"] != "Hook":
                changes.append(Change(f"entities/+{index}", NAMED, f"{row['name']} ({row['kind']})", row,
                                      row["first_chapter"] or 0))
        for index, row in enumerate(footprint["restored"]):
            if _unresolves(row):
                changes.append(Change(f"hooks/+{index}", HOOK_SOLVED, f"{row['name']} Resolved", row,
                                      row.get("resolved_in_now") or 0, spellings=spellings_of(row)))
        return _unique(changes)


def _unique(changes: list[Change]) -> list[Change]:
    seen, out = set(), []
    for change in changes:
        key = (change.rule, change.anchor["id"], (change.other or {}).get("id"), str(change.value))
        if key not in seen:
            seen.add(key)
            out.append(change)
    return out


# -- the report -------------------------------------------------------------------------------------------


def _report(book: "Book", changes: list[Change]) -> dict:
    """{"touches", "changes", "chapters", "more_chapters", "quotes", "plan", "more_plan", "hooks", "more_hooks"}."""
    report: dict[str, Any] = {"touches": False, "quotes": 0, "changes": [], "chapters": [], "more_chapters": 0,
                              "plan": [], "more_plan": 0, "hooks": [], "more_hooks": 0}
    if not changes:
        return report
    report["changes"] = [{"path": c.path, "rule": c.rule, "fact": c.fact, "subject": c.anchor["name"],
                          "entities": c.names(), "value": None if c.value is None else str(c.value),
                          "from_chapter": c.first} for c in changes]
    text = ChapterText(book)
    best: dict[tuple[int, int], dict] = {}
    for change in changes:
        for quote in quotes_in(text, change):
            key = (quote["chapter"], quote["span"][0])
            if key not in best or quote["score"] > best[key]["score"]:
                best[key] = quote
    chapters: dict[int, list[dict]] = {}
    for quote in best.values():
        chapters.setdefault(quote["chapter"], []).append(quote)
    ranked = sorted(chapters.items(), key=lambda pair: (-max(q["score"] for q in pair[1]), -len(pair[1]), pair[0]))
    shown = sorted(ranked[:CHAPTERS_SHOWN])
    for number, quotes in shown:
        quotes.sort(key=lambda q: (-q["score"], q["span"][0]))
        kept = sorted(quotes[:QUOTES_PER_CHAPTER], key=lambda q: q["span"][0])
        report["chapters"].append({"chapter": number, "title": quotes[0]["title"],
                                   "quotes": [{k: q[k] for k in ("text", "span", "rule", "path", "score")} for q in kept],
                                   "more": len(quotes) - len(kept)})
    report["more_chapters"] = len(ranked) - len(shown)
    report["quotes"] = len(best)
    named = _named(changes)
    plan = _plan_naming(book, named)
    hooks = _hooks_naming(book, named, {c.anchor["id"] for c in changes if c.anchor.get("kind") == "Hook"})
    report["plan"], report["more_plan"] = plan[:PLAN_SHOWN], max(0, len(plan) - PLAN_SHOWN)
    report["hooks"], report["more_hooks"] = hooks[:HOOKS_SHOWN], max(0, len(hooks) - HOOKS_SHOWN)
    report["touches"] = bool(report["chapters"] or report["plan"] or report["hooks"])
    return report


def _named(changes: list[Change]) -> dict[str, tuple[str, ...]]:
    """Entity name → its spellings, for every entity a change involves (hooks are matched as hooks)."""
    named = {}
    for change in changes:
        for entity in (change.anchor, change.other):
            if entity is not None and entity.get("kind") != "Hook":
                named[entity["name"]] = spellings_of(entity)
    return named


def _matches(named: dict[str, tuple[str, ...]], listed: list[str], *texts: str) -> list[str]:
    text = " ".join(t for t in texts if t)
    return [name for name, spellings in named.items()
            if name in listed or any(s in listed or s in text for s in spellings)]


def _plan_naming(book: "Book", named: dict[str, tuple[str, ...]]) -> list[dict]:
    """Outlines and steps whose title, summary or entity list names an entity involved; unfinished first."""
    found: list[dict] = []

    def walk(node: dict) -> None:
        hit = _matches(named, node.get("entities") or [], node["title"], node.get("summary") or "")
        if hit:
            found.append({"level": node["level"], "title": node["title"], "outline": None,
                          "summary": node.get("summary") or "", "status": node["status"],
                          "chapter": (node.get("chapters") or [None])[0], "names": hit})
        for step in node.get("steps") or []:
            hit = _matches(named, step.get("entities") or [], step.get("summary") or "")
            if hit:
                found.append({"level": "Step", "title": step["kind"], "outline": node["title"],
                              "summary": step.get("summary") or "", "status": step["status"],
                              "chapter": step.get("chapter"), "names": hit})
        for child in node.get("children") or []:
            walk(child)

    if named:
        for top in book.plan.tree():
            walk(top)
    return sorted(found, key=lambda p: (p["status"] == "Completed", p["chapter"] is None, p["chapter"] or 0))


def _hooks_naming(book: "Book", named: dict[str, tuple[str, ...]], changed: set[str]) -> list[dict]:
    """Hooks involving or naming an entity involved (and the hooks the change itself closes); open ones first."""
    found = []
    for hook in book.facts.hooks():
        hit = _matches(named, hook.get("involves") or [], hook["name"], hook.get("description") or "")
        if hit or hook["id"] in changed:
            found.append({"name": hook["name"], "status": hook["status"], "description": hook.get("description") or "",
                          "planted_in": hook["planted_in"], "resolved_in": hook["resolved_in"], "names": hit})
    return sorted(found, key=lambda h: (h["status"] == "Resolved", h["planted_in"] is None, h["planted_in"] or 0))
