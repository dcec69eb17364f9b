"""Bonds that end: a couple's breakup ends their love, a divorce their marriage, a falling-out a friendship
("第18章让他们分手", "they split up in chapter 9", "两人的交情到此为止") — from the chapter said, between the two the
talk names or last named together."""

from __future__ import annotations

import re

from desktop.tasks.pipeline import lexicon as lx
from desktop.tasks.pipeline.findings import Finding
from desktop.tasks.pipeline.rules import statement_chapter
from desktop.tasks.pipeline.statements import Statement

_BREAKUP = re.compile(r"分手|分开了|闹掰|断了关系|退婚|\bbreak(?:s)? up\b|\bbroke up\b|\bsplit(?:s)? up\b|\bpart ways\b|"
                      r"\b(?:breaks|broke|break) (?:it|the engagement) off\b|\bcalls? off the engagement\b")
# "They marry. Over the border, chapter 24." / "两人四十三章成婚": the couple the talk named marries
_WED = re.compile(r"成婚|成亲|完婚|结婚|拜堂|\b(?:they|the two|the pair) (?:marry|wed|get married|are married)\b", re.I)
_DIVORCE = re.compile(r"离婚|和离|休妻|休了|\bdivorce")
_FALLOUT = re.compile(r"交情到此为止|交情就此断了|反目成仇|决裂|割袍断义|绝交|\bfall(?:s)? out\b|\bfell out\b|"
                      r"\bfriendship (?:is over|ends|ended)\b", re.I)
_NEGATED = re.compile(r"不分手|没分手|不离婚|没离婚|不会分|没成婚|不结婚|\b(?:don't|doesn't|won't|never|not) (?:break|split|divorce|marry)")
# (the second one's title is not theirs to share: "Clara elopes with Mr. Amos Pyle")
_PAIR = re.compile(r"^\s*(?:和|与|跟|and|(?:elopes|eloped|runs off|ran off|is engaged|gets engaged|got engaged|falls in love|"
                   r"fell in love) (?:with|to)|(?:跟|和|与)(?:私奔|订婚|相恋))\s*"
                   rf"(?:(?:{'|'.join(lx.EN_PERSON_TITLES)})\.?\s+)?$", re.I)


def ended(statements: list[Statement], kinds: dict[str, str], relations: set[tuple[str, str, str]],
          chapter: int | None) -> list[Finding]:
    out: list[Finding] = []
    pair: tuple[str, str] | None = None
    married = sorted({tuple(sorted((a, b))) for rel, a, b in relations if rel == "MARRIED_TO"})
    for st in statements:
        people = [n for n in st.names if kinds.get(n) == "Character"]
        named = _named_pair(st, people)
        if named:
            pair = named  # "顾言和许知夏那段" — the couple "他们" will mean
        divorce = _DIVORCE.search(st.text)
        # (… or named in the same breath before the word: "春燕和建国——第30章结婚", "阿娥和阿添第45章成亲")
        wed_named = named is not None and _WED.search(st.text[st.text.find(named[1]):]) is not None
        if st.by_author and pair and (not named or wed_named) and _WED.search(st.text) and not _NEGATED.search(st.text):
            a, b = pair
            following = next((x for x in statements if x.index == st.index + 1 and x.message_index == st.message_index), None)
            when = statement_chapter(st.text) or (statement_chapter(following.text) if following else None) or chapter
            item = {"type": "MARRIED_TO", "from": a, "to": b, **({"valid_from": when} if when is not None else {})}
            out.append(Finding("relations", item, st, entities=[a, b]))
            continue
        fallout = _FALLOUT.search(st.text)
        if not st.by_author or not (divorce or fallout or _BREAKUP.search(st.text)) or _NEGATED.search(st.text):
            continue
        couple = named or (tuple(people) if len(people) == 2 else pair)
        if not couple and divorce and len(married) == 1 and _THE_TWO.search(st.text):
            couple = married[0]  # "They divorce in chapter twenty-five": the one couple the book has married
        if not couple:
            continue
        bond = "MARRIED_TO" if divorce else "ALLY_OF" if fallout else "LOVES"
        a, b = couple
        if (bond, b, a) in relations and (bond, a, b) not in relations:
            a, b = b, a  # as canon holds it
        item = {"type": bond, "from": a, "to": b}
        when = statement_chapter(st.text) or chapter
        if when is not None:
            item["valid_to"] = when
        out.append(Finding("ends", item, st, entities=[a, b]))
    return out


_THE_TWO = re.compile(r"\b(?:they|the two|the couple|the pair)\b|他们|她们|两人|俩人|夫妻俩|两口子", re.I)


def _named_pair(st: Statement, people: list[str]) -> tuple[str, str] | None:
    """"顾言和许知夏" / "Tom and Ada": two people named together in one breath."""
    for a, b in zip(people, people[1:]):
        start, end = st.text.find(a) + len(a), st.text.find(b)
        # (not "Hal and Maggie's only son, divorced": the two are whose son he is)
        if 0 < start <= end and _PAIR.match(st.text[start:end]) and not st.text.startswith(("'s", "’s"), end + len(b)):
            return a, b
    return None
