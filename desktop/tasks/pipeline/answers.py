"""Where a question about a place is answered: "Where's the Lantern Guild based?" — "Kestrel Point, in the old
lighthouse." The answer names the place; the question names what is there."""

from __future__ import annotations

import re

from desktop.tasks.pipeline import lexicon as lx
from desktop.tasks.pipeline.findings import Finding
from desktop.tasks.pipeline.names import Candidates
from desktop.tasks.pipeline.statements import Statement

_WHERE_EN = re.compile(r"\bwhere(?:'s| is| are| does| do| did| will)\b", re.I)
_WHERE_ZH = re.compile(r"在哪|住哪|落脚在哪|位于哪|设在哪|在什么地方|住在什么地方")
_PLACED = ("Character", "Faction", "Location")


def _answered(statements: list[Statement]):
    """(question, answer) for each "where" question the next message answers."""
    for question, answer in zip(statements, statements[1:]):
        if question.message_index != answer.message_index and (
                _WHERE_EN.search(question.quote) or _WHERE_ZH.search(question.quote)):
            yield question, answer


def answered_places(statements: list[Statement], cands: Candidates) -> None:
    """"Gullhaven, in the old customs house.": an English answer opens with the place, a name seen nowhere else."""
    for _, answer in _answered(statements):
        opening = re.match(r"[\"“']?([A-Z][\w'\-]*(?:\s+[A-Z][\w'\-]*){0,3})\s*[,.]", answer.quote)
        if opening and opening.group(1).lower() not in lx.EN_NOT_NAMES:
            cands.add(opening.group(1), "Location", 2.0)


def where_answers(statements: list[Statement], kinds: dict[str, str], chapter: int | None) -> list[Finding]:
    """LOCATED_IN (a group or a place) or a location (a person in a chapter) for each answered "where"."""
    out: list[Finding] = []
    for question, answer in _answered(statements):
        asked = [n for n in question.names if kinds.get(n) in _PLACED]
        if not asked:
            asked = [question.focus] if question.focus and kinds.get(question.focus) == "Character" else []
        opening = answer.text.lstrip(" \"“'")
        place = next((n for n in answer.names if kinds.get(n) == "Location" and opening.startswith(n)), None)
        if not asked or not place or asked[-1] == place:
            continue
        subject = asked[-1]
        if kinds.get(subject) == "Character" and chapter is not None:
            item = {"entity": subject, "key": "location", "value": place, "valid_from": chapter}
            out.append(Finding("states", item, answer, entities=[subject, place], extra=[question]))
        else:
            item = {"type": "LOCATED_IN", "from": subject, "to": place}
            out.append(Finding("relations", item, answer, entities=[subject, place], extra=[question]))
    return out


_ELIDED_ZH = re.compile(r"^(?:那|那么|还有)?[^，,。]{1,12}?呢[？?]$")
_ABOUT_EN = re.compile(r"\b(?:what about|how about|what happens to|what happened to|who (?:gets|keeps|takes|has) "
                       r"|where does|where is|where's)|^(?:and|so) the\b", re.I)
# "it" the thing, not the weather's "it's raining" / "it was late"
_IT = re.compile(r"\bit\b(?!['’]s\b|\s+(?:is|was|seems|looks)\b)", re.I)


def fill_elided(statements: list[Statement], kinds: dict[str, str]) -> bool:
    """"青霜剑呢？" — "林风从王虎尸体上拿回来了。" / "What happens to the pocket watch?" — "The will leaves it to
    his niece": the answer leaves out the thing asked about; the statement's text gets it back. True if any did."""
    filled = False
    for question, answer in zip(statements, statements[1:]):
        if question.by_author or not answer.by_author or answer.message_index != question.message_index + 1:
            continue
        items = [n for n in question.names if kinds.get(n) == "Item"]
        if len(items) != 1:
            continue
        item = items[0]
        replies = [s for s in statements if s.message_index == answer.message_index]
        if any(item in s.names for s in replies):
            continue
        if _ELIDED_ZH.match(question.quote.strip()) and re.search(r"[回走到下出]来?了[。！!]?$", answer.text):
            answer.text = re.sub(r"[。！!]?$", item + "。", answer.text, count=1)
            filled = True
        elif _ABOUT_EN.search(question.quote) and question.quote.rstrip().endswith("?"):
            for reply in replies:
                text = _IT.sub(item, reply.text)
                filled = filled or text != reply.text
                reply.text = text
    return filled
