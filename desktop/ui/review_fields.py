"""In-place editors for the fields of a settlement item, and the texts that summarise an item or a canon fact."""

from __future__ import annotations

import re
from typing import Any, Callable

from PySide6.QtGui import QIntValidator
from PySide6.QtWidgets import QComboBox, QLineEdit, QPlainTextEdit, QWidget

ENTITY_KINDS = ("Character", "Location", "Item", "Faction", "Ability", "Hook")
PLAN_LEVELS = ("GeneralOutline", "LongOutline", "ShortOutline", "Step")
PLAN_STATUSES = ("Pending", "InProgress", "Completed")

# Per section: (field, editor kind, choices). Fields not listed (chunks, steps) travel through untouched.
FIELDS: dict[str, list[tuple[str, str, tuple[str, ...]]]] = {
    "entities": [("name", "text", ()), ("kind", "enum", ENTITY_KINDS), ("aliases", "list", ()),
                 ("summary", "long", ()), ("first_chapter", "chapter", ()), ("attributes", "map", ())],
    "relations": [("from", "text", ()), ("type", "text", ()), ("to", "text", ()), ("valid_from", "chapter", ()),
                  ("properties", "map", ())],
    "ends": [("from", "text", ()), ("type", "text", ()), ("to", "text", ()), ("valid_to", "chapter", ())],
    "states": [("entity", "text", ()), ("key", "text", ()), ("value", "scalar", ()), ("valid_from", "chapter", ())],
    "hooks": [("name", "text", ()), ("description", "long", ()), ("status", "enum", ("Unresolved", "Resolved")),
              ("planted_in", "chapter", ()), ("resolved_in", "chapter", ()), ("due_by", "chapter", ()),
              ("involves", "list", ())],
    "settings": [("title", "text", ()), ("category", "text", ()), ("body", "long", ()), ("entities", "list", ())],
    "plan": [("level", "enum", PLAN_LEVELS), ("title", "text", ()), ("parent", "text", ()), ("summary", "long", ()),
             ("storyline", "text", ()), ("status", "enum", PLAN_STATUSES), ("chapters", "span", ())],
}
_SPLIT = re.compile(r"\s*[、,，;；]\s*")
_PAIR_SPLIT = re.compile(r"\s*[;；\n]\s*")
_MISSING = object()


def _scalar(text: str, like: Any) -> Any:
    """Keep a number a number and a flag a flag when the author's text still reads as one."""
    text = text.strip()
    if isinstance(like, bool):
        if text.lower() in ("true", "yes", "是", "1"):
            return True
        if text.lower() in ("false", "no", "否", "0"):
            return False
        return text
    if isinstance(like, int):
        try:
            return int(text)
        except ValueError:
            pass
    if isinstance(like, (int, float)):
        try:
            return float(text)
        except ValueError:
            pass
    return text


def _show_scalar(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return "" if value is None else str(value)


def _show_map(value: dict) -> str:
    return "; ".join(f"{k}={_show_scalar(v)}" for k, v in (value or {}).items())


def _read_map(text: str, like: dict) -> dict:
    out = {}
    for pair in _PAIR_SPLIT.split(text.strip()):
        if not pair:
            continue
        match = re.match(r"([^=:：]+?)\s*[=:：]\s*(.*)$", pair)
        key, value = (match.group(1).strip(), match.group(2)) if match else (pair.strip(), "")
        out[key] = _scalar(value, (like or {}).get(key, ""))
    return out


def _read_chapter(text: str) -> int | None:
    text = text.strip()
    return int(text) if text else None


def make_editor(kind: str, value: Any, choices: tuple[str, ...] = (),
                labels: dict[str, str] | None = None) -> tuple[QWidget, Callable[[], Any]]:
    """An editor showing `value`, and a getter that reads the author's version back in the document's types."""
    if kind == "enum":
        labels = labels or {}
        combo = QComboBox()
        if value in (None, _MISSING):
            combo.addItem("", None)
        for choice in choices:
            combo.addItem(labels.get(choice, choice), choice)
        if value not in (None, _MISSING) and value not in choices:
            combo.addItem(str(value), value)
        combo.setCurrentIndex(max(0, combo.findData(None if value is _MISSING else value)))
        return combo, lambda: combo.currentData()
    if kind == "long":
        edit = QPlainTextEdit("" if value in (None, _MISSING) else str(value))
        edit.setMaximumHeight(64)
        return edit, lambda: edit.toPlainText().strip()
    line = QLineEdit()
    if kind == "chapter":
        line.setValidator(QIntValidator(0, 10_000_000, line))
        line.setText(_show_scalar(None if value is _MISSING else value))
        line.setMaximumWidth(90)
        return line, lambda: _read_chapter(line.text())
    if kind == "span":
        span = (list(value) if isinstance(value, list) else []) + [None, None]
        line.setText(_span_text(span[0], span[1]))
        line.setPlaceholderText("12–20")
        return line, lambda: _read_span(line.text())
    if kind == "list":
        line.setText("、".join(value or []) if value is not _MISSING else "")
        return line, lambda: [part for part in _SPLIT.split(line.text().strip()) if part]
    if kind == "map":
        original = value if isinstance(value, dict) else {}
        line.setText(_show_map(original))
        line.setPlaceholderText("key=value; key=value")
        return line, lambda: _read_map(line.text(), original)
    if kind == "scalar":
        line.setText(_show_scalar(None if value is _MISSING else value))
        return line, lambda: _scalar(line.text(), value if value is not _MISSING else "")
    line.setText("" if value in (None, _MISSING) else str(value))
    return line, lambda: line.text().strip()


def _read_span(text: str) -> list[int | None]:
    parts = [p.strip() for p in re.split(r"[–\-~～至到]", text.strip(), maxsplit=1)]
    numbers = [int(p) if p.isdigit() else None for p in parts] + [None]
    return numbers[:2] if any(n is not None for n in numbers) else []


def read_back(original: dict, edited: dict[str, Any], kinds: dict[str, str]) -> dict:
    """The item as the author left it: fields left empty that were never there stay absent."""
    out = dict(original)
    for field, value in edited.items():
        empty = value in (None, "", [], {})
        if empty and field not in original:
            continue
        if empty and kinds[field] in ("text", "long", "enum") and field in original and original[field] is None:
            out[field] = None
            continue
        out[field] = value
    return out


def item_title(section: str, item: dict, labels: dict[str, str] | None = None) -> str:
    """One line naming an item: 张三 —OWNS→ 青云剑, 张三 · 境界 = 筑基, a hook's or an outline's name."""
    labels = labels or {}
    if section in ("relations", "ends"):
        rel = item.get("type", "?")
        return f"{item.get('from', '?')} —{labels.get(rel, rel)}→ {item.get('to', '?')}"
    if section == "states":
        key = item.get("key", "?")
        return f"{item.get('entity', '?')} · {labels.get(key, key)} = {_show_scalar(item.get('value'))}"
    if section == "entities":
        kind = item.get("kind")
        return f"{item.get('name', '?')} ({labels.get(kind, kind)})" if kind else str(item.get("name", "?"))
    if section == "plan":
        level = item.get("level", "?")
        return f"{labels.get(level, level)}: {item.get('title', '?')}"
    return str(item.get("name") or item.get("title") or "?")


def describe_fact(fact: Any, labels: dict[str, str] | None = None) -> str:
    """The canon fact a proposed item meets, in one line: a relation, a state, an entity or a hook."""
    labels = labels or {}
    if not isinstance(fact, dict):
        return _show_scalar(fact)
    if "name" in fact and ("kind" in fact or "status" in fact):
        kind = fact.get("kind") or ("Hook" if "status" in fact else "")
        head = f"{fact['name']} ({labels.get(kind, kind)})" if kind else str(fact["name"])
        status = labels.get(fact.get("status"), fact.get("status"))
        details = [str(fact.get("summary") or fact.get("description") or ""), status or "",
                   _show_map(fact.get("attributes") or {})]
        return " — ".join([head] + [d for d in details if d])
    if {"type", "from", "to"} <= fact.keys():
        text = f"{fact['from']} —{labels.get(fact['type'], fact['type'])}→ {fact['to']}"
    elif "key" in fact and "value" in fact:
        key = labels.get(fact["key"], fact["key"])
        text = f"{fact.get('entity') or fact.get('name') or ''} {key} = {_show_scalar(fact['value'])}".strip()
    else:
        text = "; ".join(f"{k}: {_show_value(v)}" for k, v in fact.items()
                         if v not in (None, "", [], {}) and k not in ("id", "chunks", "recorded_at"))
    span = _span_text(fact.get("valid_from"), fact.get("valid_to"))
    return f"{text} [{span}]" if span and ("type" in fact or "key" in fact) else text


def _span_text(first, last) -> str:
    if first is None and last is None:
        return ""
    if last is None:
        return f"{first}–"
    return f"{'' if first is None else first}–{last}"


def _show_value(value: Any) -> str:
    if isinstance(value, dict):
        return _show_map(value)
    if isinstance(value, list):
        return "、".join(str(v) for v in value)
    return _show_scalar(value)
