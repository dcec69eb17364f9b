"""Settlement documents: the one JSON contract through which facts and plans enter a book."""

from __future__ import annotations

import copy
import json
from functools import lru_cache
from importlib import resources
from typing import Any

import jsonschema

from desktop.book.errors import DocumentError

SECTIONS = ("entities", "relations", "ends", "states", "hooks", "settings", "plan")
MAX_ITEMS = 20_000  # a document bigger than this is refused before it is journaled


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


def validate(doc: Any) -> dict[str, Any]:
    """A normalised copy of `doc`, or DocumentError listing every problem with where it is."""
    if not isinstance(doc, dict):
        raise DocumentError("a settlement document must be a JSON object")
    size = sum(len(doc.get(s) or []) for s in SECTIONS if isinstance(doc.get(s), list))
    if size > MAX_ITEMS:
        raise DocumentError(f"document has {size} items; the limit is {MAX_ITEMS} — split it")
    errors = sorted(_validator().iter_errors(doc), key=lambda e: list(e.absolute_path))
    if errors:
        raise DocumentError([f"{_where(e)}: {e.message}" for e in errors[:20]])
    return normalise(doc)


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
