"""Names offered as alternatives and the one the author picks.

"名字给你几个方向：1. 苏挽月 2. 顾长汀 3. 江折雪" — "顾长汀好，就她了。" / "Options: Thornwake, Greyfang or
Saltkiss?" — "Thornwake." The names the author passes over were only ever proposals: they are no one in
the story, and "she" in the next sentence is the one picked.
"""

from __future__ import annotations

import re

from desktop.tasks.pipeline.decisions import rejects
from desktop.tasks.pipeline.statements import Statement

_ITEM = re.compile(r"^\s*(?:\d{1,2}\s*[.、)）:：]|[-*•·]|[一二三四五六七八九十][、.．]|[①-⑩]|\(?[a-c]\)|option \w+:)", re.I)


def passed_over(statements: list[Statement], kinds: dict[str, str], known: frozenset[str] = frozenset()) -> dict[str, int]:
    """name → the statement where the author picked another of the names offered with it (`known`: the book's
    own names, never mere options)."""
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
        # the first sentence of the reply that names any of them picks, unless it turns them down
        first = next((st for st in reply if any(n in st.names for n in offered)), None)
        picked = {n for n in offered if first is not None and n in first.names}
        if len(picked) == 1 and not rejects(first):
            out.update({n: first.index for n in offered if n not in picked})
    return out


def _offered(sts: list[Statement], kinds: dict[str, str]) -> list[str]:
    """Names of one kind the message offers: one per listed item, or several in one 'A, B or C' sentence."""
    listed = [st.names[0] for st in sts if not st.by_author and st.names and _ITEM.match(st.quote)]
    if len(listed) < 2:
        listed = next((list(st.names) for st in sts if not st.by_author and len(st.names) >= 2
                       and re.search(r"还是|或者|或是|\bor\b", st.quote) and st.quote.rstrip().endswith(("?", "？"))), [])
    kinds_of = {kinds.get(n) for n in listed}
    return list(dict.fromkeys(listed)) if len(kinds_of) == 1 and None not in kinds_of else []


def _fresh(names: list[str], before: list[Statement]) -> list[str]:
    """Only names first said in the offer are proposals; someone the talk already knows is no option."""
    said = {n for st in before for n in st.names}
    return [n for n in names if n not in said]
