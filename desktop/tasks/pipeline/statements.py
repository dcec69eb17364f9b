"""A discussion or chapter as statements: sentences with the message they came from and their exact offsets."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

# Sentence ends in both languages; a line break also ends one (authors write lists).
# (a quoted sentence ends its own: '…: "This blade remembers." Pay that off by ch 40.')
_END = re.compile(r"[。！？!?；;\n]+|(?<=[.!?])[\"”](?=\s+[A-Z])|(?<=[a-z\u00df-\u00ff\u0100-\u017f\)\"'])(?<!\bMr)(?<!\bMrs)(?<!\bMs)(?<!\bDr)(?<!\bSt)(?<!\bJr)(?<!\bch)(?<!\bCh)(?<!\bchs)(?<!\bChs)(?<!\bpp)(?<!\bvol)(?<!\bVol)(?<!\bno)"
                  r"\.(?=\s|$)|"
                  # "Captain Zoya Lebedeva, KGB. She's 35": an acronym ends its sentence as a word does
                  r"(?<=[A-Z][A-Z])\.(?=\s+[A-Z])|"
                  # "Theo sprains his wrist in ch 6. Rosalind …": a chapter's number ends its sentence too
                  r"(?:(?<=[Cc]h \d)|(?<=[Cc]h \d\d)|(?<=[Cc]h \d\d\d)|(?<=[Cc]hapter \d)|(?<=[Cc]hapter \d\d)|"
                  r"(?<=[Cc]hapter \d\d\d)|"
                  # … and any number a sentence ends on: "the one who'll carry the book after 14. Outline's fine."
                  r"(?<=[a-z] \d)|(?<=[a-z] \d\d)|(?<=[a-z] \d\d\d)|(?<=[a-z] \d\d\d\d))\.(?=\s+[A-Z\"“'‘])")
# "1. 下山 2. 遇险 3. 大比" written on one line: each numbered item is a statement of its own.
_INLINE_ITEM = re.compile(r"(?<=\S)(?<![Cc]hapter)(?<![Cc]hapters)(?<!\bch\.)(?<!\bCh\.)(?<!\bch)(?<!\bCh)[ \t\u3000]+"
                          r"(?=(?:\d{1,2}[.、)）]|[①-⑩])\s*\S)")  # not "from chapter 14. Harrow is dead"


def _inline_items(content: str) -> str:
    """Each numbered item of a list written on one line opens a line of its own — but after a word, a number
    only when it goes on from the line's item before: "who'll carry the book after 14. Outline's fine." is no list."""
    def cut(m: re.Match) -> str:
        if content[m.start() - 1].isalpha() and content[m.start() - 1].isascii():
            line = content[content.rfind("\n", 0, m.start()) + 1:m.start()]
            number = re.match(r"\d+", content[m.end():])
            if number is None or not re.search(rf"(?:^|\s){int(number.group(0)) - 1}\s*[.、)）]\s*\S", line):
                return m.group(0)
        return "\n" + m.group(0)[1:]
    return _INLINE_ITEM.sub(cut, content)


_LIST_MARK = re.compile(r"\s*(?:[-*•·]|\d{1,2}\s*[.、)）]|[①-⑩])\s*\S")


@dataclass
class Statement:
    """One sentence of one message. `text` may have pronouns resolved; `quote` is always the author's words."""

    index: int
    message_id: int | None
    message_index: int
    role: str
    quote: str
    start: int
    end: int
    text: str = ""
    chunk_id: int | None = None
    focus: str | None = None  # the character a pronoun or a missing subject refers to
    names: list[str] = field(default_factory=list)
    listed: bool = False  # a line of a list: it opens a line with a bullet or a number ("- …", "2. …")
    line: int = 0  # which line of its message it is on

    def __post_init__(self) -> None:
        self.text = self.text or self.quote

    @property
    def by_author(self) -> bool:
        return self.role != "assistant"


def split(messages: list[dict]) -> list[Statement]:
    """Every non-empty sentence of every message, in order; offsets index into the message's content."""
    out: list[Statement] = []
    for position, message in enumerate(messages):
        content = _inline_items(message.get("content") or "")
        start = 0
        line_start = True
        for match in [*_END.finditer(content), None]:
            end = match.start() if match else len(content)
            stop = match.end() if match else len(content)
            piece = content[start:end]
            stripped = piece.strip(" \t\r\u3000-*•·")
            if stripped:
                lead = start + piece.index(stripped)
                # keep the sentence's own end mark in the quote, as the author wrote it
                tail = content[end:stop].strip("\n ")[:1]
                out.append(Statement(len(out), message.get("id"), position, message.get("role", "user"),
                                     stripped + tail, lead, lead + len(stripped) + len(tail),
                                     chunk_id=message.get("chunk_id"),
                                     listed=(line_start or piece.lstrip(" \t").startswith("\n"))
                                     and bool(_LIST_MARK.match(piece)), line=content.count("\n", 0, lead)))
            line_start = match is not None and "\n" in match.group(0)
            start = stop
    return out
