"""Who did it: "凶手是宋佳", "the real killer … is Hester Fenwick", "it's Cassius who did it".

A mystery names its killer apart from the death: the victim is the one the statement names as murdered, or
else the one the talk has dying nearest before (or, failing that, after) the statement.
"""

from __future__ import annotations

import re

from desktop.tasks.pipeline.findings import Finding
from desktop.tasks.pipeline.rules import spans
from desktop.tasks.pipeline.statements import Statement

# the killer's word and what ties the name to it, the name after: "凶手是", "真凶就是", "新凶手：", "凶手定了："
_ZH_CUE = re.compile(r"(?:真凶|凶手|元凶)(?:定了|其实|最后|最终|就|才)?(?:是|为|乃|就是|：|:)?\s*")
# … or before: "宋佳就是凶手", "宋秉堂是杀害冯四爷的凶手"
_ZH_IS = re.compile(r"(?:其实|才|就|便|正)?是(?:真正的|真|那个)?(?:(?:杀害|杀死|害死|毒死)(?P<victim>[^，,。；;的]{1,8})的)?"
                    r"(?:凶手|真凶|元凶)")
# an earlier idea, a guess or a question is not who did it: "凶手我原来定的是…", "怀疑是…", "凶手想好了吗"
_ZH_NOT = re.compile(r"原来|本来|原本|之前|以前|老大纲|一开始|怀疑|以为|不是|还没|没定|想好|如果|要不要|或者|可能")
_EN_CUE = re.compile(r"\b(?:the\s+|our\s+)?(?:real\s+|actual\s+|true\s+|secret\s+)?(?:killer|murderer)\b", re.I)
_EN_TIE = re.compile(r"\bis\b|\bwas\b|:|—|\bit['’]s\b|\bturns out to be\b", re.I)
_EN_IS = re.compile(r"\s+(?:is|was|['’]s|turns out to be|will be)\s+(?:the|our|a)\s+(?:real\s+|actual\s+|true\s+|secret\s+)?"
                    r"(?:killer|murderer)\b", re.I)
_EN_DID_IT = re.compile(r"\s+(?:who\s+)?did it\b", re.I)
_EN_NOT = re.compile(r"\?|\b(?:not|n't|never|originally|at first|suspect|suspects|could|might|maybe|perhaps|"
                     r"what if|how about|or)\b", re.I)
_EN_MURDERED = r"(?:murder|killing|death)"
_VIOLENT = re.compile(r"遇害|被[^，,。]{0,6}?[杀害]|[毒杀害]死|毒杀|凶手|真凶|死者|受害|murder|kill|slain|shot|stab|poison|strangl|"
                      r"drown|body", re.I)


def named(statements: list[Statement], findings: list[Finding], kinds: dict[str, str],
          aliases: dict[str, list[str]]) -> list[Finding]:
    """A KILLED finding for each statement that names a killer the readers did not already pair with a victim."""
    said_dead = [f for f in findings if f.section == "states" and (f.item["key"], f.item["value"]) == ("alive", "dead")]
    # a murder's victim is one the talk has killed, not one who died of a fever fifteen years before
    violent = [f for f in said_dead if _VIOLENT.search(f.statement.text)]
    deaths = [(f.statement.index, f.item["entity"]) for f in violent or said_dead]
    killed = {(f.statement.index, f.item["from"]) for f in findings
              if f.section == "relations" and f.item["type"] == "KILLED"}
    forms = {n: tuple(a) for n, a in aliases.items()}
    out: list[Finding] = []
    for st in statements:
        people = [(n, s, e) for n, s, e in spans(st, forms) if kinds.get(n) == "Character"]
        if not people:
            continue
        zh = bool(re.search(r"[\u4e00-\u9fff]", st.text))
        found = _zh_killer(st.text, people) if zh else _en_killer(st.text, people)
        if not found or (st.index, found[0]) in killed:
            continue
        killer, victim = found
        victim = victim or _victim(st, people, killer, deaths, zh)
        if victim and victim != killer:
            out.append(Finding("relations", {"type": "KILLED", "from": killer, "to": victim}, st,
                               entities=[killer, victim]))
    return out


def _zh_killer(text: str, people: list) -> tuple[str, str | None] | None:
    for cue in _ZH_CUE.finditer(text):
        if _ZH_NOT.search(text[:cue.end()]) or re.search(r"[？?]", text):
            return None
        stop = re.search(r"[，,。；;！!（(]|$", text[cue.end():])
        segment = (cue.end(), cue.end() + stop.start())
        named_here = [n for n, s, e in people if segment[0] <= s and e <= segment[1]]
        if named_here and not _ZH_NOT.search(text[segment[0]:segment[1]]):
            return named_here[-1], None  # "凶手是程立的妻子宋佳": the last name is who it is
    for n, _, e in people:
        tie = _ZH_IS.match(text, e)
        if tie and not _ZH_NOT.search(text[:e]) and not re.search(r"[？?]", text):
            victim = tie.group("victim")
            return n, next((m for m, _, _ in people if victim and victim.startswith(m)), None)
    return None


def _en_killer(text: str, people: list) -> tuple[str, str | None] | None:
    if _EN_NOT.search(text):
        return None
    for cue in _EN_CUE.finditer(text):
        after = [(n, s) for n, s, e in people if cue.end() <= s and text[e:e + 2] not in ("'s", "’s")]
        if after and after[0][1] - cue.end() <= 60 and _EN_TIE.search(text[cue.end():after[0][1]]) and \
                not re.search(r"[.;]", text[cue.end():after[0][1]]):
            return after[0][0], None
    for n, s, e in people:
        if _EN_IS.match(text, e) or _EN_DID_IT.match(text, e) and re.search(r"\bit['’]s\s+$|^\s*$", text[:s]):
            return n, None
    return None


def _victim(st: Statement, people: list, killer: str, deaths: list[tuple[int, str]], zh: bool) -> str | None:
    """The one the statement names murdered, else the talk's death nearest before it, else the first after."""
    for n, s, e in people:
        if n == killer:
            continue
        if zh and re.match(r"(?:之死|的死|被杀|遇害)", st.text[e:e + 3]) or not zh and (
                re.match(rf"['’]s\s+{_EN_MURDERED}\b", st.text[e:e + 12]) or
                re.search(rf"\b{_EN_MURDERED}\s+of\s+$|\bkilled\s+$", st.text[max(0, s - 12):s])):
            return n
    here = [n for i, n in deaths if i == st.index and n != killer]
    before = [n for i, n in deaths if i < st.index and n != killer]
    after = [n for i, n in deaths if i > st.index and n != killer]
    return (here or before[-1:] or after[:1] or [None])[0]
