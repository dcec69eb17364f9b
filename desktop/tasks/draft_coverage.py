"""Whether a reply is a draft, and which plan steps it covers: what plan progress may propose after a drafting turn.

Rules only, no model call: a drafting turn that answers "你好，简单聊聊" is chit-chat, not a chapter, and a chapter
that writes the first step of three has not finished the outline. A step counts as covered when every entity it
names appears in the draft and enough of its summary's key words do.
"""

from __future__ import annotations

import re

DRAFT_UNITS = 150       # CJK characters + Latin words: below this a reply is a remark, not prose
QUESTION_SHARE = 0.34   # a reply whose sentences are this much questions is asking, not drafting
KEY_SHARE = 0.4         # of a step's key words (zh: two-character pieces) the draft must contain

_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
_WORD = re.compile(r"[A-Za-z][A-Za-z'\-]*")
_SENTENCE = re.compile(r"[^。！？!?.\n]+[。！？!?.]*")
_CJK_RUN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]+")
# Words too common to say what a step is about.
_STOP = frozenset("""a an the and or but of to in on at by for with from into onto as is are was were be been
being his her their its they them he she it this that these those who whom which what when where while then than
there here after before about over under again first meets meet""".split())
_ZH_STOP = frozenset("的了在是和与及并也都就又把被让给对向从到中里上下")


def units(text: str) -> int:
    """How long `text` is as prose: CJK characters plus Latin words."""
    return len(_CJK.findall(text)) + len(_WORD.findall(text))


def is_draft(text: str) -> bool:
    """Long enough prose that is not mostly questions to the author."""
    if units(text) < DRAFT_UNITS:
        return False
    sentences = [s for s in (m.group().strip() for m in _SENTENCE.finditer(text)) if s]
    questions = sum(1 for s in sentences if s.endswith(("?", "？")))
    return not sentences or questions / len(sentences) < QUESTION_SHARE


def key_words(summary: str, names: list[str]) -> list[str]:
    """What a step's summary is about, entity names left out: Chinese as two-character pieces, English as words
    (lower case, cut to five letters so 'registers' and 'registration' meet)."""
    for name in sorted(names, key=len, reverse=True):
        summary = summary.replace(name, " ")
    keys: list[str] = []
    for run in _CJK_RUN.findall(summary):
        run = "".join(ch for ch in run if ch not in _ZH_STOP) if len(run) > 2 else run
        keys += [run[i:i + 2] for i in range(max(1, len(run) - 1))] if len(run) >= 2 else []
    keys += [w.lower()[:5] for w in _WORD.findall(summary) if len(w) > 2 and w.lower() not in _STOP]
    return list(dict.fromkeys(keys))


def covers(step: dict, draft: str, known: list[dict]) -> bool:
    """Whether `draft` writes `step`: its entities (by name or alias) all appear and enough of its key words do.
    `known` is the fact graph's names ({"name", "aliases"}), to find the entities the summary names."""
    summary = step.get("summary") or ""
    folded = draft.casefold()
    spellings = {entry["name"]: [entry["name"], *(entry.get("aliases") or [])] for entry in known}
    named = list(dict.fromkeys([*(step.get("entities") or []),
                                *(name for name, forms in spellings.items() if any(f and f in summary for f in forms))]))
    for name in named:
        if not any(form.casefold() in folded for form in spellings.get(name, [name])):
            return False
    keys = key_words(summary, [form for name in named for form in spellings.get(name, [name])])
    if not keys:
        return bool(named)  # a step known only by its kind cannot be checked by words
    latin = " ".join(w.lower()[:5] for w in _WORD.findall(draft))
    hits = sum(1 for key in keys if (key in draft if _CJK.match(key) else re.search(rf"\b{re.escape(key)}", latin)))
    return hits >= max(1, round(KEY_SHARE * len(keys)))


def covered_steps(steps: list[dict], start: int, draft: str, known: list[dict]) -> int:
    """How many steps from `steps[start]` on, one after another, the draft covers (0 when it is no draft).
    A step with nothing to check by (no summary, no entities) counts as covered only when it is the first."""
    if not is_draft(draft):
        return 0
    count = 0
    for index in range(start, len(steps)):
        step = steps[index]
        checkable = bool(step.get("summary") or step.get("entities"))
        if not (covers(step, draft, known) if checkable else index == start):
            break
        count += 1
    return count
