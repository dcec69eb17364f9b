"""Settlement documents: the one JSON contract through which facts and plans enter a book."""

from __future__ import annotations

import copy
import json
import math
from functools import lru_cache
from importlib import resources
from typing import Any

import jsonschema

from desktop.book.errors import DocumentError

SECTIONS = ("entities", "relations", "ends", "states", "hooks", "settings", "plan")
MAX_ITEMS = 20_000  # a document bigger than this is refused before it is journaled
# What JSON Schema cannot say: the graphs store 64-bit integers and finite doubles, and no document of ours
# nests deeper than a plan's steps (document/plan/0/steps/0/summary), so deeper nesting is an attack or a bug.
INT64 = range(-(2**63), 2**63)
MAX_DEPTH = 8
MAX_SHOWN = 120  # characters of a refused value quoted back in a message


@lru_cache(maxsize=1)
def settlement_schema() -> dict[str, Any]:
    """The JSON Schema shipped in the package (also the grammar the model's extraction is held to)."""
    text = resources.files("desktop.book.schema").joinpath("settlement.schema.json").read_text(encoding="utf-8")
    return json.loads(text)


@lru_cache(maxsize=1)
def _validator() -> jsonschema.protocols.Validator:
    schema = settlement_schema()
    cls = jsonschema.validators.validator_for(schema)
    return cls(schema)


def _where(error: jsonschema.ValidationError) -> str:
    path = "/".join(str(p) for p in error.absolute_path)
    return path or "document"


def _message(error: jsonschema.ValidationError) -> str:
    """The validator's message with a long value shortened: a 100,000-character body is not worth repeating."""
    shown = repr(error.instance)
    if len(shown) > MAX_SHOWN:
        size = f"{len(error.instance)} long" if isinstance(error.instance, (str, list, dict)) else "long"
        message = error.message.replace(shown, f"{shown[:MAX_SHOWN // 2]}… ({size})")
    else:
        message = error.message
    return message if len(message) <= 2 * MAX_SHOWN else message[:2 * MAX_SHOWN] + "…"


def validate(doc: Any) -> dict[str, Any]:
    """A normalised copy of `doc`, or DocumentError listing every problem with where it is."""
    if not isinstance(doc, dict):
        raise DocumentError("a settlement document must be a JSON object")
    size = sum(len(doc.get(s) or []) for s in SECTIONS if isinstance(doc.get(s), list))
    if size > MAX_ITEMS:
        raise DocumentError(f"document has {size} items; the limit is {MAX_ITEMS} — split it")
    unstorable = _unstorable(doc)
    if unstorable:  # before the schema: its messages would print a 10,000-digit number or compare NaN
        raise DocumentError(unstorable[:20])
    errors = sorted(_validator().iter_errors(doc), key=lambda e: list(e.absolute_path))
    if errors:
        raise DocumentError([f"{_where(e)}: {_message(e)}" for e in errors[:20]])
    return normalise(doc)


def _unstorable(doc: dict[str, Any]) -> list[str]:
    """Values no store can hold, each with where it is: NaN and ±Infinity, integers beyond 64 bits,
    text that is not Unicode (lone surrogates), nesting deeper than any document of ours."""
    problems: list[str] = []
    stack: list[tuple[str, Any, int]] = [("", doc, 0)]  # a loop, not recursion: depth is what is checked
    while stack and len(problems) < 20:
        where, value, depth = stack.pop()
        if isinstance(value, bool):
            continue
        if isinstance(value, float) and not math.isfinite(value):
            problems.append(f"{where or 'document'}: {value} is not a finite number")
        elif isinstance(value, int) and value not in INT64:
            problems.append(f"{where or 'document'}: an integer of {value.bit_length()} bits is too large (64 at most)")
        elif isinstance(value, str) and not _is_unicode(value):
            problems.append(f"{where or 'document'}: text with an unpaired surrogate is not Unicode")
        elif isinstance(value, (dict, list)):
            if depth >= MAX_DEPTH:
                problems.append(f"{where or 'document'}: nested deeper than {MAX_DEPTH} levels")
                continue
            items = value.items() if isinstance(value, dict) else enumerate(value)
            for key, item in reversed(list(items)):
                if isinstance(key, str) and not _is_unicode(key):
                    problems.append(f"{where or 'document'}: a key with an unpaired surrogate is not Unicode")
                stack.append((f"{where}/{key}" if where else str(key), item, depth + 1))
    return problems


def _is_unicode(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def normalise(doc: dict[str, Any]) -> dict[str, Any]:
    """Trim names, drop empty aliases and duplicates; every section present."""
    out = copy.deepcopy(doc)
    for section in SECTIONS:
        out.setdefault(section, [])
    out.setdefault("chapter", None)
    for item in out["entities"]:
        item["name"] = item["name"].strip()
        aliases = [a.strip() for a in item.get("aliases", []) if a.strip() and a.strip() != item["name"]]
        item["aliases"] = list(dict.fromkeys(aliases))
    for section, fields in (("relations", ("from", "to")), ("ends", ("from", "to")), ("states", ("entity",))):
        for item in out[section]:
            for field in fields:
                item[field] = item[field].strip()
    for hook in out["hooks"]:
        hook["name"] = hook["name"].strip()
    blank = [f"{s}/{i}" for s in ("entities", "hooks") for i, item in enumerate(out[s]) if not item["name"]]
    if blank:
        raise DocumentError([f"{where}: name is blank" for where in blank])
    return out


def is_empty(doc: dict[str, Any]) -> bool:
    return not any(doc.get(section) for section in SECTIONS)


def item_count(doc: dict[str, Any]) -> int:
    return sum(len(doc.get(section) or []) for section in SECTIONS)


def fact_part(doc: dict[str, Any]) -> dict[str, Any]:
    return {k: doc.get(k, []) for k in ("entities", "relations", "ends", "states", "hooks")} | {
        "chapter": doc.get("chapter")
    }
