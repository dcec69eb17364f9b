"""The fuzz bench: settlement documents made from the shipped JSON Schema, and mutated past it, applied to one real book.

Each document is either refused with one clear line (DocumentError/BookError) or applied; after each the book is
closed and opened again and its facts serialise as strict JSON; an applied one is undone, and both graphs must be
as they were before it. `inkstone bench fuzz --docs N` prints {tried, refused, applied, undone_ok,
reopen_failures, seconds} (and the first problems found). tests/book/test_fuzz_documents.py runs a few.
"""

from __future__ import annotations

import copy
import difflib
import json
import math
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from hypothesis_jsonschema import from_schema

from desktop.book.book import Book
from desktop.book.documents import settlement_schema
from desktop.book.errors import BookError
from desktop.cli import to_json

# A small world the documents can refer to, so that some of them apply rather than all being refused.
BASE = {
    "chapter": 3,
    "entities": [{"kind": "Character", "name": "林动", "aliases": ["小动"], "attributes": {"境界": "淬体三重"}},
                 {"kind": "Character", "name": "林琅天"}, {"kind": "Item", "name": "祖石"},
                 {"kind": "Location", "name": "青阳镇"}, {"kind": "Faction", "name": "林家"}],
    "relations": [{"type": "OWNS", "from": "林动", "to": "祖石"}, {"type": "MEMBER_OF", "from": "林动", "to": "林家"}],
    "states": [{"entity": "林动", "key": "位置", "value": "青阳镇"}],
    "hooks": [{"name": "祖石的来历", "involves": ["林动", "祖石"]}],
    "settings": [{"title": "境界", "body": "淬体、地元、天元"}],
    "plan": [{"level": "GeneralOutline", "title": "总纲", "status": "InProgress"},
             {"level": "LongOutline", "title": "第一卷", "parent": "总纲", "status": "InProgress"}],
}
NAMES = ["林动", "小动", "林琅天", "祖石", "青阳镇", "林家", "祖石的来历"]
OUTLINES = ["总纲", "第一卷"]
AS_OF = (None, 3, 1_000_000)  # the chapters at which both graphs are compared
HOSTILE = [2**63, -(2**63) - 1, 99999999999999999999, 10**400, math.nan, math.inf, -math.inf, 1e308, -0.0,
           "字" * 20_001, "名" * 201, "", "   ", "\x00", "\ud800", None, True, 3.5, [], {}, {"extra": 1},
           [[[[[[[[[["deep"]]]]]]]]]], {"a": {"b": {"c": {"d": {"e": {"f": {"g": {}}}}}}}}, 1_000_001, -1]


def _schema() -> dict:
    schema = dict(settlement_schema())
    schema.pop("$schema", None)  # hypothesis-jsonschema reads the keywords; the draft marker is only a label
    return schema


@st.composite
def plausible(draw, doc: dict) -> dict:
    """The generated document with its references pointed at the book's names (often), so more of it applies."""
    doc = copy.deepcopy(doc)
    names = st.sampled_from(NAMES)
    for section, fields in (("relations", ("from", "to")), ("ends", ("from", "to")), ("states", ("entity",))):
        for item in doc.get(section, []):
            for name in fields:
                if draw(st.booleans()):
                    item[name] = draw(names)
    for item in doc.get("hooks", []):
        if item.get("involves") and draw(st.booleans()):
            item["involves"] = draw(st.lists(names, max_size=3))
    for item in doc.get("plan", []):
        if draw(st.booleans()):
            item["parent"] = draw(st.sampled_from(OUTLINES + [None]))
    for item in doc.get("entities", []):
        if draw(st.booleans()):
            item["name"] = draw(names)
    return doc


def _containers(value: Any, path: tuple = ()) -> list[tuple]:
    found = [path] if isinstance(value, (dict, list)) else []
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        found += _containers(item, path + (key,))
    return found


@st.composite
def mutated(draw, doc: dict) -> Any:
    """The document with one to three values replaced or added past what the schema allows."""
    doc = copy.deepcopy(doc)
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(_containers(doc)))
        target = doc
        for key in path:
            target = target[key]
        hostile = copy.deepcopy(draw(st.sampled_from(HOSTILE)))
        if isinstance(target, dict):
            key = draw(st.sampled_from(sorted(target) + ["extra", "chapter"]) if target else st.just("chapter"))
            target[key] = hostile
        elif target:
            target[draw(st.integers(0, len(target) - 1))] = hostile
        else:
            target.append(hostile)
    return doc


def documents() -> st.SearchStrategy[Any]:
    generated = from_schema(_schema())
    sane = generated.flatmap(plausible)
    return st.one_of(generated, sane, sane.flatmap(mutated), generated.flatmap(mutated))


def canonical(book: Book) -> str:
    """Both graphs and the settings library as strict JSON text: what undo must give back unchanged."""
    state = {"facts": [book.facts.snapshot(as_of) for as_of in AS_OF], "plan": book.plan.tree(),
             "pointer": book.plan.pointer(), "settings": book.archive.settings()}
    return to_json(_sorted(strict(to_json(state))))


def _sorted(value: Any) -> Any:
    """Lists in a stable order: a graph returns a hook's `involves` or a node's neighbours in any order."""
    if isinstance(value, dict):
        return {key: _sorted(item) for key, item in sorted(value.items())}
    if isinstance(value, list):
        return sorted((_sorted(item) for item in value), key=lambda item: json.dumps(item, ensure_ascii=False))
    return value


def difference(before: str, after: str) -> str:
    changed = [line.strip() for line in difflib.unified_diff(before.splitlines(), after.splitlines(), n=0)
               if line[:1] in "+-" and not line.startswith(("+++", "---"))]
    return " | ".join(changed[:6])


def strict(text: str) -> Any:
    def refuse(constant: str) -> Any:
        raise ValueError(f"{constant} in JSON output")

    return json.loads(text, parse_constant=refuse)


@dataclass
class Fuzzer:
    """One real book, reopened after every document; tallies what happened and the first problems."""

    path: Path
    book: Book | None = None
    tally: dict[str, int] = field(default_factory=lambda: dict.fromkeys(
        ("tried", "refused", "applied", "undone_ok", "reopen_failures", "unclear_refusals", "crashes",
         "changed_by_refusal", "undo_mismatches"), 0))
    problems: list[str] = field(default_factory=list)
    _state: str | None = None  # canonical() of the book as the last trial left it: the next one's "before"

    @classmethod
    def create(cls, path: Path) -> "Fuzzer":
        with Book.create(path, title="fuzz", language="zh") as book:
            book.journal.apply(BASE, source="fuzz-base")
        return cls(path, Book.open(path))

    def close(self) -> None:
        if self.book is not None:
            self.book.close()
            self.book = None

    def _problem(self, kind: str, text: str) -> None:
        self.tally[kind] += 1
        if len(self.problems) < 20:
            self.problems.append(f"{kind}: {text}"[:500])

    def _reopen(self) -> bool:
        """Close and open the book again, and read its facts the way `facts --json` prints them."""
        try:
            self.close()
            self.book = Book.open(self.path)
            strict(to_json(self.book.facts.snapshot(None)))
            return True
        except Exception as exc:  # noqa: BLE001 — what the bench exists to find
            self._problem("reopen_failures", f"{type(exc).__name__}: {exc}")
            return False

    def trial(self, doc: Any) -> str:
        """Apply one document; 'refused', 'applied' or 'crashed'. Problems are tallied, never raised."""
        self.tally["tried"] += 1
        before = self._state or canonical(self.book)
        self._state = None
        shown = json.dumps(doc, ensure_ascii=False, default=repr)[:300]
        try:
            sid = self.book.journal.apply(doc, source="fuzz").settlement_id
        except BookError as exc:
            self.tally["refused"] += 1
            message = str(exc)
            if not message.strip() or len(message.splitlines()) != 1:
                cut = min((message.find(c) for c in "\n\r" if c in message), default=0)
                self._problem("unclear_refusals", f"{message[max(0, cut - 150):cut + 50]!r} for {shown}")
            if self._reopen():
                self._state = canonical(self.book)
                if self._state != before:
                    self._problem("changed_by_refusal", f"{difference(before, self._state)} after {message} for {shown}")
            return "refused"
        except Exception as exc:  # noqa: BLE001
            self._problem("crashes", f"{type(exc).__name__}: {exc} for {shown}")
            self._reopen()
            return "crashed"
        self.tally["applied"] += 1
        if not self._reopen():
            return "applied"
        try:
            self.book.journal.undo(sid)
        except BookError as exc:
            self._problem("undo_mismatches", f"undo refused: {exc} for {shown}")
            return "applied"
        self._state = canonical(self.book)
        if self._state == before:
            self.tally["undone_ok"] += 1
        else:
            self._problem("undo_mismatches", f"{difference(before, self._state)} after {shown}")
        return "applied"


def fuzz(count: int, *, seconds: float = 300.0, workdir: Path | None = None) -> dict:
    started = time.monotonic()
    with tempfile.TemporaryDirectory(dir=workdir) as tmp:
        fuzzer = Fuzzer.create(Path(tmp) / "fuzz.inkstone")

        @settings(max_examples=count, deadline=None, database=None, phases=[Phase.generate],
                  suppress_health_check=list(HealthCheck))
        @given(documents())
        def run_one(doc: Any) -> None:
            if time.monotonic() - started < seconds:
                fuzzer.trial(doc)

        try:
            run_one()
        finally:
            fuzzer.close()
    return {**fuzzer.tally, "seconds": round(time.monotonic() - started, 1), "problems": fuzzer.problems}


def add_arguments(parser) -> None:
    parser.add_argument("--docs", type=int, default=2000, help="how many documents")
    parser.add_argument("--seconds", type=float, default=300.0, help="stop trying new documents after this long")


def run(args) -> dict:
    return fuzz(args.docs, seconds=args.seconds)
