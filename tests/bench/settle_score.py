"""Scores a predicted settlement document against a gold one: per-section matches, recall and precision.

Pure functions, no model. The rules, section by section (all matching is greedy and one-to-one: the
best-scoring pairs are taken first and each item is used at most once):

* Names: compared after normalising (case-folded, whitespace collapsed, 「」《》"" quotes and a
  leading English "the " dropped). Two names are the same when equal, or when one entity on either
  side — expected, canon or predicted — lists both among its name and aliases.
* entities: same name and same kind. A predicted entity that names a canon entity (whatever its
  kind) and matches nothing expected is ignored (neither right nor wrong).
* relations / ends: same canonical type (vocabulary.relation_type) and the same endpoints; SIBLING_OF,
  MARRIED_TO and ALLY_OF also match reversed.
* states: same entity, same canonical key (vocabulary.state_key), and values that match when one
  contains the other after trimming and case-folding; for key "alive" every death word (死亡, 身亡,
  killed…) means "dead". valid_from is checked only when the expected state gives it (the predicted
  state's own valid_from, else its document's chapter).
* hooks: same status (default Unresolved), and similar names, or similar name+description, or the
  same non-empty `involves` set (by name) and at least one shared content word.
* settings: similar titles or similar bodies.
* plan: every outline is one item (same level, similar titles) and every step is one item (similar
  summaries — or the same kind when either has no summary — within the matched outline; steps of an
  unmatched outline are all missed / all false).
* "Similar" is character-bigram Dice ≥ 0.4 when either text holds Chinese, else Jaccard ≥ 0.4 over
  content words (English stop words dropped, a plural "s" stripped); for short fields (names,
  titles) one containing the other (at least two characters) is similar too. A "content word" shared
  is a shared Chinese character bigram or a shared English content word.
* absent: a predicted entity whose name or alias is one of the case's `absent` phrases is a false
  positive whatever else it matches.
* Canon: in every section, a predicted item that matches a canon item and nothing expected is
  ignored, so restating what the book already holds is neither right nor wrong.
"""

from __future__ import annotations

import re
from typing import Any, Callable, Iterable

from desktop.tasks.vocabulary import DEAD, relation_type, state_key

SECTIONS = ("entities", "relations", "ends", "states", "hooks", "settings", "plan")
SYMMETRIC = frozenset({"SIBLING_OF", "MARRIED_TO", "ALLY_OF"})
THRESHOLD = 0.4
DEATH_WORDS = frozenset({
    "dead", "death", "died", "deceased", "killed", "slain", "false",
    "死", "死亡", "已死", "身亡", "陨落", "战死", "被杀", "遇害", "去世", "死了", "已故", "身死", "殒命",
})
STOP_WORDS = frozenset(
    "a an the of to in on at by for with and or but is are was were be been his her its their this that "
    "it he she they them who whom which what when where from into as not no so up out about than then".split()
)
_QUOTES = "「」『』《》“”\"'‘’()（）【】"
_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
_NOT_WORD = re.compile(r"[^\w]+", re.UNICODE)


# -- text -----------------------------------------------------------------------------


def norm_name(name: Any) -> str:
    text = " ".join(str(name or "").casefold().split())
    text = text.strip(_QUOTES + " ")
    return text[4:] if text.startswith("the ") else text


def _cjk_bigrams(text: str) -> set[str]:
    chars = _NOT_WORD.sub("", text.casefold())
    return {chars[i:i + 2] for i in range(len(chars) - 1)} if len(chars) > 1 else ({chars} if chars else set())


def _words(text: str) -> set[str]:
    words = set()
    for word in _NOT_WORD.split(text.casefold()):
        if word and word not in STOP_WORDS and not _CJK.search(word):
            words.add(word[:-1] if len(word) > 3 and word.endswith("s") else word)
    return words


def similarity(a: Any, b: Any) -> float:
    """Character-bigram Dice when either text holds Chinese, else Jaccard over English content words."""
    a, b = str(a or ""), str(b or "")
    if not a.strip() or not b.strip():
        return 0.0
    if _CJK.search(a) or _CJK.search(b):
        x, y = _cjk_bigrams(a), _cjk_bigrams(b)
        return 2 * len(x & y) / (len(x) + len(y)) if x and y else 0.0
    x, y = _words(a), _words(b)
    return len(x & y) / len(x | y) if x and y else 0.0


def similar(a: Any, b: Any, *, contain: bool = False) -> bool:
    """Similar by the threshold; with `contain`, also when one (of two characters or more) holds the other."""
    if contain:
        x, y = norm_name(a).replace(" ", ""), norm_name(b).replace(" ", "")
        short, long = sorted((x, y), key=len)
        if len(short) >= 2 and short in long:
            return True
    return similarity(a, b) >= THRESHOLD


def share_content_word(a: str, b: str) -> bool:
    return bool((_cjk_bigrams(a) & _cjk_bigrams(b) if _CJK.search(a) and _CJK.search(b) else set())
                | (_words(a) & _words(b)))


# -- names ----------------------------------------------------------------------------


class Names:
    """Name equality through the aliases listed by any entity of the expected, canon or predicted document."""

    def __init__(self, *docs: dict | None):
        self.groups: list[set[str]] = []
        for doc in docs:
            for entity in (doc or {}).get("entities", []):
                group = {norm_name(n) for n in [entity.get("name"), *entity.get("aliases", [])] if norm_name(n)}
                if len(group) > 1:
                    self.groups.append(group)

    def same(self, a: Any, b: Any) -> bool:
        x, y = norm_name(a), norm_name(b)
        if not x or not y:
            return False
        return x == y or any(x in group and y in group for group in self.groups)

    def same_set(self, a: Iterable[Any], b: Iterable[Any]) -> bool:
        a, b = list(a), list(b)
        return (all(any(self.same(x, y) for y in b) for x in a)
                and all(any(self.same(x, y) for x in a) for y in b))


# -- matching rules per section ---------------------------------------------------------


def _entity_match(names: Names) -> Callable[[dict, dict], float]:
    def match(e: dict, p: dict) -> float:
        return float(e.get("kind") == p.get("kind") and names.same(e.get("name"), p.get("name")))
    return match


def _relation_match(names: Names) -> Callable[[dict, dict], float]:
    def match(e: dict, p: dict) -> float:
        kind = relation_type(str(e.get("type", "")))
        if kind != relation_type(str(p.get("type", ""))):
            return 0.0
        forward = names.same(e.get("from"), p.get("from")) and names.same(e.get("to"), p.get("to"))
        backward = kind in SYMMETRIC and names.same(e.get("from"), p.get("to")) and names.same(e.get("to"), p.get("from"))
        return float(forward or backward)
    return match


def state_value(key: str, value: Any) -> str:
    text = norm_name(value)
    if key == "alive" and (text in DEATH_WORDS or any(word in text for word in DEATH_WORDS if _CJK.search(word))):
        return DEAD
    return text


def _state_match(names: Names, predicted_chapter: Any) -> Callable[[dict, dict], float]:
    def match(e: dict, p: dict) -> float:
        key = state_key(str(e.get("key", "")))
        if key != state_key(str(p.get("key", ""))) or not names.same(e.get("entity"), p.get("entity")):
            return 0.0
        x, y = state_value(key, e.get("value")), state_value(key, p.get("value"))
        if not x or not y or (x not in y and y not in x):
            return 0.0
        if e.get("valid_from") is not None:
            when = p.get("valid_from") if p.get("valid_from") is not None else predicted_chapter
            if when != e["valid_from"]:
                return 0.0
        return 1.0
    return match


def _hook_text(hook: dict) -> str:
    return f"{hook.get('name', '')} {hook.get('description', '')}".strip()


def _hook_match(names: Names) -> Callable[[dict, dict], float]:
    def match(e: dict, p: dict) -> float:
        if e.get("status", "Unresolved") != p.get("status", "Unresolved"):
            return 0.0
        score = max(similarity(e.get("name"), p.get("name")), similarity(_hook_text(e), _hook_text(p)))
        if score >= THRESHOLD or similar(e.get("name"), p.get("name"), contain=True):
            return max(score, THRESHOLD)
        if (e.get("involves") and p.get("involves") and names.same_set(e["involves"], p["involves"])
                and share_content_word(_hook_text(e), _hook_text(p))):
            return THRESHOLD
        return 0.0
    return match


def _setting_match(e: dict, p: dict) -> float:
    score = max(similarity(e.get("title"), p.get("title")), similarity(e.get("body"), p.get("body")))
    if score >= THRESHOLD or similar(e.get("title"), p.get("title"), contain=True):
        return max(score, THRESHOLD)
    return 0.0


def _outline_match(e: dict, p: dict) -> float:
    if e.get("level") != p.get("level"):
        return 0.0
    score = similarity(e.get("title"), p.get("title"))
    if score >= THRESHOLD or similar(e.get("title"), p.get("title"), contain=True):
        return max(score, THRESHOLD)
    return 0.0


def _step_match(e: dict, p: dict) -> float:
    if e.get("summary") and p.get("summary"):
        score = similarity(e["summary"], p["summary"])
        return score if score >= THRESHOLD else 0.0
    return float(norm_name(e.get("kind")) == norm_name(p.get("kind")) != "")


def greedy(expected: list, predicted: list, match: Callable[[Any, Any], float]) -> tuple[list, list, list]:
    """One-to-one pairs, best score first: (matched [(e, p)], missed expected, unmatched predicted)."""
    pairs = sorted(((match(e, p), i, j) for i, e in enumerate(expected) for j, p in enumerate(predicted)),
                   key=lambda t: (-t[0], t[1], t[2]))
    used_e, used_p, matched = set(), set(), []
    for score, i, j in pairs:
        if score <= 0:
            break
        if i not in used_e and j not in used_p:
            used_e.add(i)
            used_p.add(j)
            matched.append((i, j))
    return ([(expected[i], predicted[j]) for i, j in sorted(matched)],
            [e for i, e in enumerate(expected) if i not in used_e],
            [p for j, p in enumerate(predicted) if j not in used_p])


def _section(expected: list, predicted: list, canon: list, match: Callable, *,
             in_canon: Callable[[Any, Any], float] | None = None,
             wrong: Callable[[dict], bool] = lambda item: False) -> dict:
    """Match one section; unmatched predictions that restate canon are ignored, `wrong` ones always count."""
    forced = [p for p in predicted if wrong(p)]
    matched, missed, rest = greedy(expected, [p for p in predicted if not wrong(p)], match)
    in_canon = in_canon or match
    false = [p for p in rest if not any(in_canon(c, p) > 0 for c in canon)]
    return _tally(matched, missed, forced + false, ignored=len(rest) - len(false))


def _tally(matched: list, missed: list, false: list, *, ignored: int = 0) -> dict:
    return {"expected": len(matched) + len(missed), "predicted": len(matched) + len(false),
            "matched": len(matched), "ignored": ignored,
            "matches": [list(pair) for pair in matched], "missed": missed, "false_positives": false}


def _plan(expected: list, predicted: list, canon: list) -> dict:
    """Outlines and their steps, each one item; steps are matched only inside a matched outline."""
    outline = lambda item: {k: item[k] for k in ("level", "title") if k in item}  # noqa: E731
    step = lambda parent, s: {"outline": parent.get("title"), **s}  # noqa: E731
    pairs, missed_o, rest = greedy(expected, predicted, _outline_match)
    false_o = [p for p in rest if not any(_outline_match(c, p) > 0 for c in canon)]
    ignored = len(rest) - len(false_o)
    matched = [[outline(e), outline(p)] for e, p in pairs]
    missed = [outline(e) for e in missed_o] + [step(e, s) for e in missed_o for s in e.get("steps", [])]
    false = [outline(p) for p in false_o] + [step(p, s) for p in false_o for s in p.get("steps", [])]
    for e, p in pairs:
        step_pairs, step_missed, step_false = greedy(e.get("steps", []), p.get("steps", []), _step_match)
        matched += [[step(e, x), step(p, y)] for x, y in step_pairs]
        missed += [step(e, s) for s in step_missed]
        false += [step(p, s) for s in step_false]
    return {"expected": len(matched) + len(missed), "predicted": len(matched) + len(false), "matched": len(matched),
            "ignored": ignored, "matches": matched, "missed": missed, "false_positives": false}


# -- public -----------------------------------------------------------------------------


def score(expected: dict, predicted: dict, canon: dict | None = None, absent: list[str] | None = None) -> dict:
    """Per-section matches of one case: {"recall", "precision", "items", "sections": {section: {...}}}."""
    canon, predicted = canon or {}, predicted or {}
    names = Names(expected, canon, predicted)
    absent_names = {norm_name(a) for a in absent or [] if norm_name(a)}

    def is_absent(entity: dict) -> bool:
        return any(norm_name(n) in absent_names for n in [entity.get("name"), *entity.get("aliases", [])])

    def items(doc: dict, section: str) -> list:
        return list(doc.get(section) or [])

    sections = {
        "entities": _section(items(expected, "entities"), items(predicted, "entities"), items(canon, "entities"),
                             _entity_match(names), wrong=is_absent,
                             in_canon=lambda c, p: float(names.same(c.get("name"), p.get("name")))),
        "relations": _section(items(expected, "relations"), items(predicted, "relations"),
                              items(canon, "relations"), _relation_match(names)),
        "ends": _section(items(expected, "ends"), items(predicted, "ends"), items(canon, "ends"),
                         _relation_match(names)),
        "states": _section(items(expected, "states"), items(predicted, "states"), items(canon, "states"),
                           _state_match(names, predicted.get("chapter"))),
        "hooks": _section(items(expected, "hooks"), items(predicted, "hooks"), items(canon, "hooks"),
                          _hook_match(names)),
        "settings": _section(items(expected, "settings"), items(predicted, "settings"), items(canon, "settings"),
                             _setting_match),
        "plan": _plan(items(expected, "plan"), items(predicted, "plan"), items(canon, "plan")),
    }
    return {**_rates(sections.values()), "sections": sections}


def _rates(sections: Iterable[dict]) -> dict:
    """Micro-averaged rates; None where there is nothing to divide by (no expected / no predicted items)."""
    sections = list(sections)
    expected = sum(s["expected"] for s in sections)
    predicted = sum(s["predicted"] for s in sections)
    matched = sum(s["matched"] for s in sections)
    return {"recall": round(matched / expected, 4) if expected else None,
            "precision": round(matched / predicted, 4) if predicted else None,
            "items": expected, "predicted": predicted, "matched": matched}


def aggregate(cases: list[dict]) -> dict:
    """Micro-averaged over all cases' items: {"recall", "precision", "items", "by_section": {...}}."""
    by_section = {}
    for name in SECTIONS:
        parts = [case["sections"][name] for case in cases]
        rates = _rates(parts)
        by_section[name] = {"recall": rates["recall"], "precision": rates["precision"],
                            "expected": rates["items"], "predicted": rates["predicted"], "matched": rates["matched"]}
    overall = _rates(by_section.values())
    return {**overall, "by_section": by_section}
