"""The author's word on a list the assistant drafted: "最后一条删掉", "再加一条：…", "第2条改成…", "drop the second one",
"add: …" — applied to the draft's lines in place."""

from __future__ import annotations

import re

from desktop.importing.split import number_in
from desktop.tasks.pipeline.statements import Statement

DRAFT_ASKED = re.compile(r"(?i)你先拟|你来拟|你拟|你先写|你起草|你先列|你列一下|你先起个稿|\b(?:you )?draft (?:it|one|them)\b|"
                          r"\bwrite (?:it|them) up for me\b|\byou write (?:it|them)\b")
REFUSED = re.compile(r"(?i)^\s*(?:不要|不用|算了|不行|no\b|nah\b|scrap (?:it|that)|forget it)")
_ORDINAL = r"(最后一|第[一二三四五六七八九十\d]+|last|first|second|third|fourth|fifth|\d+(?:st|nd|rd|th)?)"
_STRUCK = re.compile(rf"(?i){_ORDINAL}条(?:也)?(?:删掉|删了|去掉|不要了?|拿掉|砍掉)|(?:删掉|去掉|拿掉){_ORDINAL}条|"
                     rf"\b(?:drop|cut|scrap|lose|remove|strike)\s+(?:the\s+)?{_ORDINAL}(?:\s+(?:one|rule|line|item))\b")
_ADDED = re.compile(r"(?i)(?:再加|加上?|补上?|另加|添)(?:一条|一句)[：:，,]?\s*(?P<w>[^。！!\n]{4,})|"
                    r"\badd(?:\s+(?:one|a rule|another|a line|this))?\s*[:—–]\s*(?P<e>[^.!\n]{6,})")
# "第三条后面加上“隔离期间由基地长决定生死”", "第三条要补一句“山长不在此限”": more words on one line
_APPENDED = re.compile(rf"{_ORDINAL}条(?:后面|末尾|最后)?(?:要)?(?:加上|补上|补一句|加一句|再加|添上)[：:]?\s*"
                       r"[“「\"]?([^”」\"。！!\n]{2,})")
_REWORDED = re.compile(rf"{_ORDINAL}条(?:改成|改为|换成)[：:]?\s*([^。！!\n]{{2,}})")


def ordinal(said: str, count: int) -> int | None:
    """Which of `count` drafted lines "第3", "3rd", "second" or "last" (最后一) means, counting from 1."""
    said = said.lower()
    if said in ("最后一", "last"):
        return count
    return {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5}.get(said) or \
        number_in(re.sub(r"^第|(?:st|nd|rd|th)$", "", said))


def _place(said: str, lines: list[str]) -> int | None:
    number = ordinal(said, len(lines))
    return number - 1 if number and 0 < number <= len(lines) else None


def edit_draft(lines: list[str], reply: list[Statement]) -> list[Statement]:
    """"最后一条删掉…其他留着，再加一条：尸格一式三份…": the author's word on a drafted list, applied to it in place;
    the statements that said it (none when the answer says nothing of the list)."""
    used: list[Statement] = []
    for x in reply:
        struck = [i for m in _STRUCK.finditer(x.quote)
                  if (i := _place(next(g for g in m.groups() if g), lines)) is not None]
        reworded = _REWORDED.search(x.quote)
        appended = _APPENDED.search(x.quote)
        added = None if appended else _ADDED.search(x.quote)
        if appended and (i := _place(appended.group(1), lines)) is not None:
            lines[i] = f"{lines[i]}，{appended.group(2).strip(' 。.；;')}"
        if reworded and (i := _place(reworded.group(1), lines)) is not None:
            lines[i] = reworded.group(2).strip(" 。.；;")
        for i in sorted(set(struck), reverse=True):
            del lines[i]
        if added:
            lines.append((added.group("w") or added.group("e")).strip(" 。.；;"))
        if struck or reworded or added or appended or (used and re.search(r"其他|其余|the rest|others", x.quote)):
            used.append(x)
    return used


def as_amended(header: Statement, items: list[Statement], statements: list[Statement]) \
        -> tuple[list[str], list[Statement]] | None:
    """A listed entry's lines — for the assistant's draft, as the author's answer strikes, adds and rewrites them —
    and the statements of that answer; None when the author turns the draft down."""
    lines = [re.sub(r"^\s*(?:[-*•]|\d{1,2}\s*[.、)）]|[①-⑩])\s*", "", x.quote).rstrip("。.;；") for x in items]
    if header.by_author:
        return lines, []
    reply = [x for x in statements if x.message_index == header.message_index + 1 and x.by_author]
    if reply and REFUSED.match(reply[0].quote):
        return None
    return lines, edit_draft(lines, reply)
