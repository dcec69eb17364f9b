"""Names offered as alternatives and the one the author picks.

"名字给你几个方向：1. 苏挽月 2. 顾长汀 3. 江折雪" — "顾长汀好，就她了。" / "Some names: Ashton Price, Theo
Lindqvist, Danny Oyelaran." — "Theo Lindqvist! Ashton is a hard no." The names the author passes over were
only ever proposals: they are no one in the story, and "she" in the next sentence is the one picked.
"""

from __future__ import annotations

import re

from desktop.tasks.pipeline.decisions import rejects, rejects_text
from desktop.tasks.pipeline.statements import Statement

_ITEM = re.compile(r"^\s*(?:\d{1,2}\s*[.、)）:：]|[-*•·]|[一二三四五六七八九十][、.．]|[①-⑩]|\(?[a-c]\)|option \w+:)", re.I)
# what may stand between two names of a list: "柳如烟、苏晚棠、沈清辞" / "「耶律洪」「拓跋烈」" / "A, B or C"
_BETWEEN = re.compile(r"[\s、，,/「」『』“”\"'()（）]*(?:(?:还是|或者|或是|或|和|\bor\b|\band\b)[\s「『“\"']*)?", re.I)
# an offer said as such, where no question mark or "or" says so
_OFFER = re.compile(r"备选|候选|选项|可选|几个名字|名字.{0,6}[：:]|给你几个|比如|\b(?:options?|names?|suggestions?|candidates|"
                    r"say|how about|maybe|perhaps|either)\b", re.I)
_PICK = re.compile(r"可以|好|行|就|用|选|定|吧|喜欢|不错|\b(?:yes|yeah|go with|like|love|pick|choose|works?|keep|perfect|"
                   r"great|fine|good|take)\b", re.I)
_CLAUSES = re.compile(r"[，,。；;…]+|(?<=[.!?！？])\s+")


def passed_over(statements: list[Statement], kinds: dict[str, str], known: frozenset[str] = frozenset(),
                forms: dict[str, list[str]] | None = None) -> dict[str, int]:
    """name → the statement where the author picked another of the names offered with it (`known`: the book's
    own names, never mere options; `forms`: the other ways the talk writes a name, "Ashton" for Ashton Price)."""
    by_message: dict[int, list[Statement]] = {}
    for st in statements:
        by_message.setdefault(st.message_index, []).append(st)
    out: dict[str, int] = {}
    order = sorted(by_message)
    for position, message in enumerate(order):
        offered = [n for n in _fresh(_offered(by_message[message], kinds),
                                     [st for st in statements if st.message_index < message]) if n not in known]
        if len(offered) < 2 or position + 1 >= len(order) or not by_message[order[position + 1]][0].by_author:
            continue
        reply = by_message[order[position + 1]]
        picked, at = _picks(reply, offered, forms or {})
        if picked:
            out.update({n: at for n in offered if n not in picked})
    return out


def _offered(sts: list[Statement], kinds: dict[str, str]) -> list[str]:
    """Names of one kind the message offers: one per listed item, or a list of them in one sentence that asks
    ('A, B or C?') or says it offers ('名字备选：A、B、C')."""
    listed = [st.names[0] for st in sts if not st.by_author and st.names and _ITEM.match(st.quote)]
    if len(listed) < 2:
        listed = next((run for st in sts if not st.by_author and len(run := _run(st)) >= 2
                       and (re.search(r"还是|或者|或是|\bor\b", st.quote) or _OFFER.search(st.quote)
                            or st.quote.rstrip().endswith(("?", "？")))), [])
    kinds_of = {kinds.get(n) for n in listed}
    return list(dict.fromkeys(listed)) if len(kinds_of) == 1 and None not in kinds_of else []


def _run(st: Statement) -> list[str]:
    """The longest run of the statement's names written one after another as a list."""
    spots = sorted((at, at + len(n), n) for n in set(st.names) for at in [st.quote.find(n)] if at >= 0)
    best: list[str] = []
    run: list[str] = []
    end = -1
    for start, stop, name in spots:
        if run and start >= end and _BETWEEN.fullmatch(st.quote[end:start]):
            run.append(name)
        elif not run or start >= end:
            run = [name]
        end = max(end, stop)
        best = max(best, run, key=len)
    return list(best)


def _picks(reply: list[Statement], offered: list[str], forms: dict[str, list[str]]) -> tuple[set[str], int]:
    """The offered names the author's reply takes ("就苏晚棠吧", "Theo Lindqvist!"), and where it first does."""
    picked: set[str] = set()
    at = -1
    for st in reply:
        for clause in _CLAUSES.split(st.quote):
            named = [n for n in offered if any(f in clause for f in [n, *forms.get(n, ())])]
            if len(named) != 1 or rejects_text(clause):
                continue
            rest = clause
            for form in sorted([named[0], *forms.get(named[0], ())], key=len, reverse=True):
                rest = rest.replace(form, "")
            if _PICK.search(rest) or not re.sub(r"[\s!！?？「」『』“”\"'.]", "", rest):
                picked.add(named[0])
                at = st.index if at < 0 else at
    if not picked:  # "顾长汀好，就她了。": the first sentence naming one of them, if it names just one and keeps it
        first = next((st for st in reply if any(n in st.names for n in offered)), None)
        named = {n for n in offered if first is not None and n in first.names}
        if len(named) == 1 and not rejects(first):
            return named, first.index
    return picked, at


def _fresh(names: list[str], before: list[Statement]) -> list[str]:
    """Only names first said in the offer are proposals; someone the talk already knows is no option."""
    said = {n for st in before for n in st.names}
    return [n for n in names if n not in said]
