"""A chapter put right: "老东家是第32章走的，不是第31章", "Tobias dies in chapter twelve, not eleven".

What the talk dated to the wrong chapter moves to the right one: the facts read before the correction, dated
to the old chapter, whose sentence the correction speaks of (by a name, or by the words it repeats: "中风那里我
记错了" of "第8章中风", "the fall is chapter fourteen" of "Mara falls from the ridge in 13").
"""

from __future__ import annotations

import re

from desktop.importing.split import number_in
from desktop.tasks.pipeline.findings import Finding
from desktop.tasks.pipeline.rules import EN_NUMBER, spans
from desktop.tasks.pipeline.statements import Statement

_ZH_NUMBER = r"[0-9〇零一二两三四五六七八九十百千]+"
_CORRECTED = (
    # 是第32章走的，不是第31章 / 是第9章不是第8章
    re.compile(rf"第\s*(?P<new>{_ZH_NUMBER})\s*章[^，,。；;！!？?]{{0,6}}?[，,]?\s*(?:而)?不是第?\s*(?P<old>{_ZH_NUMBER})\s*章?"),
    # 不是第31章，是第32章
    re.compile(rf"不是第\s*(?P<old>{_ZH_NUMBER})\s*章[，,]?\s*(?:而)?是第?\s*(?P<new>{_ZH_NUMBER})\s*章"),
    # in chapter twelve, not eleven / ch. 8, not ch. 9
    re.compile(rf"\b(?:chapter|chap\.?|ch\.?)\s*(?P<new>{EN_NUMBER})\s*,?\s*not\s+(?:in\s+)?(?:(?:chapter|chap\.?|ch\.?)\s*)?"
               rf"(?P<old>{EN_NUMBER})\b", re.I),
    # not chapter eleven but twelve
    re.compile(rf"\bnot\s+(?:in\s+)?(?:chapter|chap\.?|ch\.?)\s*(?P<old>{EN_NUMBER})\s*,?\s*(?:but\s+)?(?:in\s+)?"
               rf"(?:(?:chapter|chap\.?|ch\.?)\s*)?(?P<new>{EN_NUMBER})\b", re.I),
    # I keep saying chapter nine for Ugolino's death, but it's ten
    re.compile(rf"\b(?:chapter|chap\.?|ch\.?)\s*(?P<old>{EN_NUMBER})\b[^.;!?]{{0,50}}?,?\s*but\s+(?:it['’]s|it\s+is)\s+"
               rf"(?:(?:chapter|chap\.?|ch\.?)\s*)?(?P<new>{EN_NUMBER})\b", re.I),
)
# the words of owning up to the slip, not what it is about
_OWNING_UP = re.compile(r"我?前面|之前|刚才|说错了?|记错了?|写错了?|弄错了?|搞错了?|哦?对了|还有|另外|那里|那个|这个|其实|"
                        r"\b(?:correction|also|oh|actually|wait|sorry|wrong|mistake|i|had|that|it|said|earlier|"
                        r"and|the|a|an|in|is|was|at|of|on|ch|chapter|not|but|keep|saying|for|it's|when)\b", re.I)
_DATES = ("valid_from", "valid_to", "planted_in", "due_by")


# "dies in a T-38 crash in ch. 8 — no, make it ch. nine": put right where it is said
_RESAID = re.compile(rf"(?i)\b(?:chapter|chap\.?|ch\.?)\s*(?:{EN_NUMBER})\s*(?:—|–|--|-|,)\s*(?:no|sorry|wait)[,.]?\s*"
                     rf"(?:make (?:it|that)|I mean|it's|actually)\s+(?P<new>(?:chapter|chap\.?|ch\.?)\s*(?:{EN_NUMBER})\b)")


def resaid(statements: list[Statement]) -> None:
    """A chapter taken back in the same breath reads as the one it became."""
    for st in statements:
        st.text = _RESAID.sub(lambda m: m.group("new"), st.text)


def redate(statements: list[Statement], findings: list[Finding], forms: dict[str, tuple[str, ...]]) -> None:
    """Moves, in place, each fact a later correction says was dated to the wrong chapter."""
    for st in statements:
        for pattern in _CORRECTED:
            m = pattern.search(st.text)
            if not m:
                continue
            new, old = number_in(m.group("new").lower()), number_in(m.group("old").lower())
            if new is None or old is None or new == old:
                break
            topic = [(0, m.start("new")), (m.end("new"), m.start("old"))] if m.start("new") < m.start("old") else \
                [(0, m.start("old")), (m.end("old"), m.start("new"))]
            # "阿旺使坏也是19章": what else the correction moves along with it
            also = re.compile(rf"[^，,。；;！!？?]*也是第?\s*{re.escape(m.group('new'))}\s*章")
            topic += [(m.end() + x.start(), m.end() + x.end()) for x in also.finditer(st.text[m.end():])]
            names = {n for n, s, _ in spans(st, forms) if any(a <= s < b for a, b in topic)}
            words = set().union(*(_words(st.text[a:b]) for a, b in topic))
            for f in findings:
                if f.statement.index >= st.index or not (names & set(f.entities) or words & _words(f.statement.text)):
                    continue
                for key in _DATES:
                    if f.item.get(key) == old:
                        f.item[key] = new
            break


# "Push the drowning to 17", "把透水挪到第10章": an event moved to another chapter, whatever chapter it had
_MOVED = (
    re.compile(rf"(?i)\b(?:push|move|shift|bump)\s+(?P<topic>[^.;!?]{{3,40}}?)\s+(?:back\s+|forward\s+)?to\s+"
               rf"(?:(?:chapter|chap\.?|ch\.?)\s*)?(?P<new>{EN_NUMBER})\b"),
    re.compile(rf"把(?P<topic>[^，,。；;！!？?]{{2,16}}?)(?:挪|推|移|改|放)到第?\s*(?P<new>{_ZH_NUMBER})\s*章"),
)


def moved(statements: list[Statement], findings: list[Finding], forms: dict[str, tuple[str, ...]]) -> None:
    """Moves, in place, the dated facts of an event the author moves to another chapter ("Push the drowning to
    17"): those read before, whose sentence the event's words or names are in."""
    for st in statements:
        for pattern in _MOVED:
            for m in pattern.finditer(st.text):
                new = number_in(m.group("new").lower())
                if new is None:
                    continue
                names = {n for n, s, _ in spans(st, forms) if m.start("topic") <= s < m.end("topic")}
                # (the event's own words when it has any: "push Emmerich's death to 38" moves his death only)
                stems = _stems(m.group("topic")) - {x for n in names for f in (n, *forms.get(n, ())) for x in _stems(f)}
                for f in findings:
                    if f.statement.index >= st.index or not (stems & _stems(f.statement.text) if stems
                                                             else names & set(f.entities)):
                        continue
                    for key in ("valid_from", "planted_in"):
                        if f.item.get(key) is not None:
                            f.item[key] = new


def _stems(text: str) -> set[str]:
    """The words of an event, cut to their first five letters (drowning, drowns) or Chinese character pairs."""
    return {w[:5] if w.isascii() else w for w in _words(text) if not w.isascii() or len(w) >= 5}


def _words(text: str) -> set[str]:
    """Chinese character pairs and English words (a plural or third-person "s" dropped) of what a text is about."""
    text = _OWNING_UP.sub(" ", text)
    pairs = {a + b for part in re.findall(r"[\u4e00-\u9fff]+", text) for a, b in zip(part, part[1:])}
    pairs = {p for p in pairs if not re.search(r"[第章是的了也]", p)}
    english = {w.lower().removesuffix("s") for w in re.findall(r"[A-Za-z]{3,}", text)}
    return pairs | {w for w in english if len(w) >= 3}
