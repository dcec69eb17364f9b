"""The complexity hint: a TOML-configured heuristic (no model call) that asks for a short plan before a multi-step answer."""

from __future__ import annotations

import logging
import re
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from desktop import paths

log = logging.getLogger(__name__)

RULES_FILE = "complexity.toml"


@dataclass(frozen=True)
class ComplexityRules:
    """What makes a request multi-step, and what the model is then told."""

    zh_markers: tuple[str, ...] = ()
    en_markers: tuple[str, ...] = ()
    list_patterns: tuple[str, ...] = ()
    min_markers: int = 2
    min_items: int = 2
    long_chars: int = 240
    hint_zh: str = ""
    hint_en: str = ""

    @classmethod
    def load(cls, path: Path | None = None) -> "ComplexityRules":
        """Rules from a TOML file (default: resources/complexity.toml); a missing file means no hints, not an error."""
        path = path or paths.resources_dir() / RULES_FILE
        try:
            raw = tomllib.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            log.warning("no %s: multi-step requests get no planning hint", path)
            return cls()
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
            raise ValueError(f"{path}: not a readable complexity rules file ({exc})") from None
        thresholds, markers = raw.get("thresholds", {}), raw.get("markers", {})
        rules = cls(
            zh_markers=tuple(markers.get("zh", ())), en_markers=tuple(markers.get("en", ())),
            list_patterns=tuple(raw.get("lists", {}).get("patterns", ())),
            min_markers=int(thresholds.get("min_markers", 2)), min_items=int(thresholds.get("min_items", 2)),
            long_chars=int(thresholds.get("long_chars", 240)),
            hint_zh=raw.get("hint", {}).get("zh", ""), hint_en=raw.get("hint", {}).get("en", ""))
        for pattern in rules.list_patterns:
            try:
                re.compile(pattern)
            except re.error as exc:
                raise ValueError(f"{path}: list pattern {pattern!r} is not a regular expression ({exc})") from None
        return rules


@lru_cache(maxsize=4)
def default_rules() -> ComplexityRules:
    return ComplexityRules.load()


def markers_in(text: str, rules: ComplexityRules) -> list[str]:
    """The sequence markers the text uses, each once, in the rules' order."""
    found = [m for m in rules.zh_markers if m in text]
    folded = text.casefold()
    found += [m for m in rules.en_markers if re.search(rf"(?<![\w]){re.escape(m.casefold())}(?![\w])", folded)]
    return found


def list_items(text: str, rules: ComplexityRules) -> int:
    """How many lines start like a list item (1. / （2） / - / ① / 一、)."""
    return sum(1 for line in text.splitlines()
               if any(re.match(pattern, line) for pattern in rules.list_patterns))


def is_multi_step(text: str, rules: ComplexityRules | None = None) -> bool:
    rules = rules or default_rules()
    markers = len(markers_in(text, rules))
    return (markers >= rules.min_markers or list_items(text, rules) >= rules.min_items
            or (len(text.strip()) > rules.long_chars and markers >= 1))


def complexity_hint(text: str, zh: bool, rules: ComplexityRules | None = None) -> str | None:
    """The instruction to plan first when the request is multi-step; None otherwise."""
    rules = rules or default_rules()
    if not is_multi_step(text, rules):
        return None
    return (rules.hint_zh if zh else rules.hint_en) or None
