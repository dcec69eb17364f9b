"""Settlement: a task's whole discussion → extracted document → review against canon → journal → apply or undo."""

from __future__ import annotations

import copy
import re
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from desktop.book import documents
from desktop.book.errors import BookError, DocumentError
from desktop.progress import CancelToken, Progress, ProgressCallback, no_progress
from desktop.tasks.context import SETTLE, SETTLE_EXAMPLE, ContextBuilder, settle_instructions
from desktop.tasks.review import CLASSES, classify
from desktop.tasks.runstore import RunStore, run_inline

if TYPE_CHECKING:
    from desktop.book.book import Book
    from desktop.engine.llm import LLM
    from desktop.tasks.queues import TaskQueues

__all__ = ["Settler", "classify", "CLASSES", "merge", "clean", "extraction_schema", "confirm_review",
           "undo_settlement", "reviewed_document", "transcript"]

# A relation's type says what kind of thing an unknown endpoint probably is.
_TARGET_KINDS = (
    ({"OWNS", "HOLDS", "WIELDS", "POSSESSES", "USES", "拥有", "持有"}, "Item"),
    ({"MEMBER_OF", "BELONGS_TO", "LEADS", "FOUNDED", "加入", "属于"}, "Faction"),
    ({"LOCATED_IN", "LIVES_IN", "FOUND_IN", "IS_AT", "BORN_IN", "位于"}, "Location"),
    ({"LEARNED", "MASTERS", "HAS_ABILITY", "修炼", "掌握"}, "Ability"),
)


@lru_cache(maxsize=1)
def extraction_schema() -> dict:
    """The settlement schema without `chunks`: the model cannot know chunk ids, and a smaller grammar decodes faster."""
    schema = copy.deepcopy(documents.settlement_schema())

    def strip(node: Any) -> None:
        if isinstance(node, dict):
            node.get("properties", {}).pop("chunks", None)
            for value in node.values():
                strip(value)
        elif isinstance(node, list):
            for value in node:
                strip(value)

    strip(schema)
    for key in ("$schema", "$id"):
        schema.pop(key, None)
    return schema


class Settler:
    """Turns a task's complete queue into a reviewed settlement proposal; nothing reaches the graphs here."""

    def __init__(self, book: "Book", llm: "LLM", builder: ContextBuilder, *, run_store: RunStore = run_inline,
                 max_tokens: int | None = None, seed: int = 0):
        self.book = book
        self.llm = llm
        self.builder = builder
        self.run_store = run_store
        self.max_tokens = max_tokens
        self.seed = seed

    async def propose(self, task_id: int, *, progress: ProgressCallback = no_progress,
                      cancel: CancelToken | None = None) -> dict:
        """Extract each part of the settle context, merge, clean, classify, and journal the proposal."""
        context = await self.run_store(self.builder.build, task_id, SETTLE)
        zh = self.book.meta.language == "zh"
        docs = []
        for index, part in enumerate(context.parts):
            progress(Progress("settle", index, len(context.parts)))
            if cancel is not None:
                cancel.raise_if_cancelled()
            messages = extraction_messages(part, zh)
            docs.append(await self.llm.complete_json(messages, extraction_schema(), max_tokens=self.max_tokens,
                                                     temperature=0.1, seed=self.seed, cancel=cancel))
        progress(Progress("settle", len(context.parts), len(context.parts)))
        discussion = "\n".join(m["content"] for m in context.messages)
        return await self.run_store(self._journal_review, task_id, merge(docs), discussion,
                                    [m["id"] for m in context.messages])

    def _journal_review(self, task_id: int, merged: dict, discussion: str, message_ids: list[int]) -> dict:
        doc, notes = clean(self.book, merged, discussion)
        return propose_reviewed(self.book, doc, notes, source=f"task:{task_id}", task_id=task_id,
                                messages=message_ids)


def propose_reviewed(book: "Book", doc: dict, notes: list[str], *, source: str, task_id: int | None = None,
                     **extra: Any) -> dict:
    """Validate, classify against canon and journal a proposal: the review exactly as the author will see it."""
    doc = documents.validate(doc)
    try:
        book.journal.check(doc)
        problems: list[str] = []
    except DocumentError as exc:
        problems = exc.problems
    review = {"task_id": task_id, "settlement_id": None, "document": doc, "items": classify(book, doc),
              "notes": notes, "problems": problems, **extra}
    sid = book.journal.propose(doc, source=source, task_id=task_id, review=review)
    review["settlement_id"] = sid
    book.archive.journal_update(sid, review=review)
    return review


def transcript(part: list[dict], zh: bool) -> str:
    who = {"user": "作者", "assistant": "助手"} if zh else {"user": "Author", "assistant": "Assistant"}
    return "\n".join(f"{who.get(m['role'], m['role'])}: {m['content']}" for m in part)


def extraction_request(discussion: str) -> str:
    return f"讨论 Discussion:\n{discussion}\n\n输出 JSON 结算文档。Output the JSON settlement document."


def extraction_messages(part: list[dict], zh: bool) -> list[dict]:
    """Instructions, the worked example as a prior exchange, then this part of the discussion."""
    example_discussion, example_document = SETTLE_EXAMPLE
    return [{"role": "system", "content": settle_instructions(zh)},
            {"role": "user", "content": extraction_request(example_discussion)},
            {"role": "assistant", "content": example_document},
            {"role": "user", "content": extraction_request(transcript(part, zh))}]


# -- merging the parts -----------------------------------------------------------------


def merge(docs: list[dict]) -> dict:
    """One document from the parts' documents: entities unified by name/alias, duplicates dropped, later wins."""
    out: dict[str, Any] = {section: [] for section in documents.SECTIONS}
    chapters = [d.get("chapter") for d in docs if isinstance(d.get("chapter"), int)]
    out["chapter"] = max(chapters) if chapters else None
    canonical: dict[str, str] = {}
    entities: dict[str, dict] = {}
    for doc in docs:
        for ent in doc.get("entities", []):
            names = [n.strip() for n in [ent.get("name", ""), *ent.get("aliases", [])] if n and n.strip()]
            if not names:
                continue
            key = next((canonical[n] for n in names if n in canonical), names[0])
            merged = entities.setdefault(key, {"name": key})
            _merge_entity(merged, ent, names)
            for name in names:
                canonical.setdefault(name, key)
    out["entities"] = list(entities.values())

    def canon(name: str) -> str:
        return canonical.get(name.strip(), name.strip())

    keyed: dict[str, dict[tuple, dict]] = {s: {} for s in ("relations", "ends", "states", "hooks", "settings", "plan")}
    for doc in docs:
        for rel in doc.get("relations", []):
            rel = {**rel, "from": canon(rel["from"]), "to": canon(rel["to"])}
            keyed["relations"][(rel["type"], rel["from"], rel["to"])] = rel
        for end in doc.get("ends", []):
            end = {**end, "from": canon(end["from"]), "to": canon(end["to"])}
            keyed["ends"][(end["type"], end["from"], end["to"])] = end
        for state in doc.get("states", []):
            state = {**state, "entity": canon(state["entity"])}
            keyed["states"][(state["entity"], state["key"], state.get("valid_from"))] = state
        for hook in doc.get("hooks", []):
            hook = {**hook, "involves": list(dict.fromkeys(canon(n) for n in hook.get("involves", [])))}
            previous = keyed["hooks"].get((hook["name"].strip(),), {})
            keyed["hooks"][(hook["name"].strip(),)] = {**previous, **hook}
        for entry in doc.get("settings", []):
            keyed["settings"][(entry["title"].strip(),)] = entry
        for item in doc.get("plan", []):
            previous = keyed["plan"].get((item["level"], item["title"]), {})
            keyed["plan"][(item["level"], item["title"])] = {**previous, **item}
    for section, items in keyed.items():
        out[section] = list(items.values())
    return out


def _merge_entity(merged: dict, ent: dict, names: list[str]) -> None:
    if ent.get("kind") and not merged.get("kind"):
        merged["kind"] = ent["kind"]
    aliases = [n for n in [*merged.get("aliases", []), *names] if n != merged["name"]]
    if aliases:
        merged["aliases"] = list(dict.fromkeys(aliases))
    if ent.get("summary"):
        merged["summary"] = ent["summary"]
    if ent.get("attributes"):
        merged["attributes"] = {**merged.get("attributes", {}), **ent["attributes"]}
    if ent.get("first_chapter") is not None and merged.get("first_chapter") is None:
        merged["first_chapter"] = ent["first_chapter"]


# -- cleaning what a small model produces ------------------------------------------------------


def clean(book: "Book", doc: dict, discussion: str) -> tuple[dict, list[str]]:
    """Drop what the discussion does not support and say so; add endpoints the discussion names.

    A small model copies names from its example and invents chapter numbers; only names and
    numbers that occur in the discussion (or names the book already knows) survive.
    """
    doc = copy.deepcopy(doc)
    notes: list[str] = []
    facts = book.facts

    def said(name: str) -> bool:
        return bool(name.strip()) and name.strip() in discussion

    doc["chapter"] = _chapter(doc.get("chapter"), discussion, book, notes)
    kept = []
    for ent in doc.get("entities", []):
        names = [ent.get("name", ""), *ent.get("aliases", [])]
        if not any(said(n) for n in names):
            notes.append(f"dropped entity {ent.get('name', '')!r}: not named in the discussion")
            continue
        if not ent.get("kind") and facts.resolve(ent["name"]) is None:
            ent["kind"] = "Character"
            notes.append(f"entity {ent['name']!r} had no kind; guessed Character")
        if ent.get("first_chapter") is not None and not _number_said(ent["first_chapter"], discussion):
            ent.pop("first_chapter")
        unsaid = [k for k, v in ent.get("attributes", {}).items() if not _value_said(v, discussion)]
        for key in unsaid:
            ent["attributes"].pop(key)
            notes.append(f"dropped attribute {ent['name']}.{key}: its value is not in the discussion")
        kept.append(ent)
    doc["entities"] = kept
    known = {n for e in kept for n in [e["name"], *e.get("aliases", [])]} | {h["name"] for h in doc.get("hooks", [])}

    def endpoint(name: str, kind: str) -> bool:
        """Known, or named in the discussion (then added with a guessed kind); False drops the item."""
        if name in known or facts.resolve(name) is not None:
            return True
        if not said(name):
            return False
        doc["entities"].append({"kind": kind, "name": name})
        known.add(name)
        notes.append(f"added {name!r} as {kind} (guessed from how the discussion uses it)")
        return True

    for section, fields in (("relations", ("from", "to")), ("ends", ("from", "to")), ("states", ("entity",))):
        survivors = []
        for item in doc.get(section, []):
            guesses = {"from": "Character", "to": _target_kind(item.get("type", "")), "entity": "Character"}
            if section != "states" and item["from"].strip() == item["to"].strip():
                notes.append(f"dropped {section} item {item['type']} from {item['from']!r} to itself")
                continue
            if section == "states" and not _value_said(item["value"], discussion):
                notes.append(f"dropped state {_brief(item)} = {item['value']!r}: the value is not in the discussion")
                continue
            if all(endpoint(item[f].strip(), guesses[f]) for f in fields):
                for field in ("valid_from", "valid_to"):
                    if item.get(field) is not None and not _number_said(item[field], discussion):
                        item.pop(field)
                survivors.append(item)
            else:
                missing = [item[f] for f in fields if item[f].strip() not in known and facts.resolve(item[f].strip()) is None]
                notes.append(f"dropped {section} item {_brief(item)}: {', '.join(map(repr, missing))} "
                             "is neither in the book nor named in the discussion")
        doc[section] = survivors
    for hook in doc.get("hooks", []):
        unknown = [n for n in hook.get("involves", []) if not endpoint(n, "Character")]
        if unknown:
            hook["involves"] = [n for n in hook["involves"] if n not in unknown]
            notes.append(f"hook {hook['name']!r}: dropped unknown {', '.join(map(repr, unknown))}")
    doc["hooks"] = [h for h in doc.get("hooks", []) if h.get("name", "").strip()]
    doc["settings"] = [s for s in doc.get("settings", []) if s.get("title", "").strip() and s.get("body", "").strip()]
    return doc, notes


def _chapter(value: Any, discussion: str, book: "Book", notes: list[str]) -> int | None:
    """The model's chapter if the discussion mentions it; otherwise the narrative pointer's."""
    if isinstance(value, int) and _number_said(value, discussion):
        return value
    pointer = book.plan.current_chapter()
    if value is not None:
        notes.append(f"chapter {value} is not mentioned in the discussion; using "
                     + (f"the narrative pointer's chapter {pointer}" if pointer is not None else "none"))
    return pointer


def _value_said(value: Any, text: str) -> bool:
    """Text values must occur in the discussion (a small model copies its example's); others pass."""
    return not isinstance(value, str) or value.strip() in text


def _number_said(number: Any, text: str) -> bool:
    if not isinstance(number, int):
        return False
    # Chinese digits also spell names (李四), so they count only as "第四章"-style ordinals.
    return bool(re.search(rf"(?<!\d){number}(?!\d)", text)) or f"第{_zh_number(number)}" in text


_DIGITS = "零一二三四五六七八九"


def _zh_number(n: int) -> str:
    """12 → 十二, 105 → 一百零五: how Chinese prose writes chapter numbers."""
    if n < 10:
        return _DIGITS[n]
    if n < 20:
        return "十" + (_DIGITS[n % 10] if n % 10 else "")
    if n < 100:
        return _DIGITS[n // 10] + "十" + (_DIGITS[n % 10] if n % 10 else "")
    if n < 1000:
        rest = n % 100
        tail = "" if rest == 0 else ("零" + _DIGITS[rest] if rest < 10 else
                                     (_DIGITS[rest // 10] + "十" + (_DIGITS[rest % 10] if rest % 10 else "")))
        return _DIGITS[n // 100] + "百" + tail
    return str(n)


def _target_kind(rel_type: str) -> str:
    upper = rel_type.upper()
    return next((kind for types, kind in _TARGET_KINDS if upper in types or rel_type in types), "Character")


def _brief(item: dict) -> str:
    if "entity" in item:
        return f"{item['entity']}.{item['key']}"
    return f"{item['from']} {item['type']} {item['to']}"


# -- after the author's review ----------------------------------------------------------


def reviewed_document(review: dict) -> dict:
    """The document the author confirmed: items marked `"decision": "reject"` in the review are taken out."""
    doc = copy.deepcopy(review["document"])
    rejected: dict[str, list[int]] = {}
    for item in review.get("items", []):
        if item.get("decision") == "reject":
            section, _, index = item["path"].partition("/")
            rejected.setdefault(section, []).append(int(index))
    for section, indexes in rejected.items():
        for index in sorted(set(indexes), reverse=True):
            if section in doc and 0 <= index < len(doc[section]):
                del doc[section][index]
    return doc


def confirm_review(book: "Book", queues: "TaskQueues", review: dict) -> dict:
    """Apply the author's version of a reviewed settlement and close its task. Runs on the store thread."""
    if not isinstance(review.get("document"), dict):
        raise BookError("a reviewed settlement needs its \"document\"")
    task_id = review.get("task_id")
    sid = review.get("settlement_id")
    result = book.journal.apply(reviewed_document(review), source=f"task:{task_id}" if task_id else "review",
                                task_id=task_id, settlement_id=sid)
    task = queues.close_settled(task_id, result.settlement_id) if task_id is not None else None
    return {"settlement_id": result.settlement_id, "applied": result.applied, "task": task}


def undo_settlement(book: "Book", queues: "TaskQueues", settlement_id: int) -> dict:
    """Undo an applied settlement; the task it settled opens again. Runs on the store thread."""
    entry = book.journal.undo(settlement_id)
    task = None
    if entry.get("task_id") is not None and book.archive.task(entry["task_id"]) is not None:
        task = queues.reopen_after_undo(entry["task_id"])
    return {"settlement_id": settlement_id, "state": entry["state"], "task": task}
