"""Cuts a chapter into search chunks at paragraph and sentence ends, and finds the known names in a chunk."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache


@dataclass(frozen=True)
class Chunk:
    seq: int
    text: str      # == chapter_text[start:end]; never starts or ends with whitespace
    start: int
    end: int


@dataclass(frozen=True)
class _Unit:
    start: int
    end: int
    opens_paragraph: bool


_SENTENCE_END = re.compile(
    r"(?:[。！？!?]+|…+|\.{3,}|(?<!\bMr)(?<!\bMrs)(?<!\bMs)(?<!\bDr)(?<!\bSt)\.(?=[\s\"'”’)」』]|$))"
    r"[」』”’\"')）】]*"
)
_LINE_FINAL = tuple("。！？!?….\"”’」』)）】") + ("——",)
_CLAUSE_BREAKS = "，、；：,;:— \t\u3000"


def chunk_text(text: str, *, size: int = 600, overlap: int = 0) -> list[Chunk]:
    """Chunks of about `size` characters; a sentence is cut only when it alone exceeds 2 × size."""
    if size < 1:
        raise ValueError(f"chunk size must be positive, got {size}")
    overlap = max(0, min(overlap, size // 2))
    units = _split_long_units(text, _sentence_units(text), 2 * size, size)
    chunks: list[Chunk] = []
    first = 0
    while first < len(units):
        last = _last_unit_that_fits(units, first, size)
        start, end = units[first].start, units[last].end
        chunks.append(Chunk(len(chunks), text[start:end], start, end))
        first = _next_first(units, first, last, size, overlap)
    return chunks


def _sentence_units(text: str) -> list[_Unit]:
    units: list[_Unit] = []
    for para_start, para_end in _paragraphs(text):
        cursor, opens = para_start, True
        for match in _SENTENCE_END.finditer(text, para_start, para_end):
            unit = _trimmed(text, cursor, match.end(), opens)
            if unit is not None:
                units.append(unit)
                opens = False
            cursor = match.end()
        unit = _trimmed(text, cursor, para_end, opens)
        if unit is not None:
            units.append(unit)
    return units


def _paragraphs(text: str) -> list[tuple[int, int]]:
    """Blank lines, indented lines and lines after a finished sentence start paragraphs.

    A line that stops mid-sentence (hard-wrapped English) continues its paragraph.
    """
    paragraphs: list[tuple[int, int]] = []
    start: int | None = None
    previous_end = 0
    previous_line = ""
    offset = 0
    for line in text.split("\n"):
        line_end = offset + len(line)
        stripped = line.strip()
        if not stripped:
            if start is not None:
                paragraphs.append((start, previous_end))
                start = None
        else:
            continues = (start is not None and not line[:1].isspace()
                         and not previous_line.rstrip().endswith(_LINE_FINAL))
            if start is not None and not continues:
                paragraphs.append((start, previous_end))
                start = None
            if start is None:
                start = offset
            previous_end = line_end
            previous_line = line
        offset = line_end + 1
    if start is not None:
        paragraphs.append((start, previous_end))
    return paragraphs


def _trimmed(text: str, start: int, end: int, opens: bool) -> _Unit | None:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return _Unit(start, end, opens) if end > start else None


def _split_long_units(text: str, units: list[_Unit], limit: int, size: int) -> list[_Unit]:
    """A sentence longer than `limit` is cut at clause marks (，；: …) near `size`, else hard at `size`."""
    result: list[_Unit] = []
    for unit in units:
        start, opens = unit.start, unit.opens_paragraph
        while unit.end - start > limit:
            cut = _clause_cut(text, start, start + size)
            piece = _trimmed(text, start, cut, opens)
            if piece is not None:
                result.append(piece)
                opens = False
            start = cut
        piece = _trimmed(text, start, unit.end, opens)
        if piece is not None:
            result.append(piece)
    return result


def _clause_cut(text: str, start: int, limit: int) -> int:
    floor = start + (limit - start) // 2
    for index in range(limit, floor, -1):
        if text[index - 1] in _CLAUSE_BREAKS:
            return index
    return limit


def _last_unit_that_fits(units: list[_Unit], first: int, size: int) -> int:
    start = units[first].start
    last = first
    while last + 1 < len(units) and units[last + 1].end - start <= size:
        last += 1
    if last + 1 < len(units):
        # Cut at the latest paragraph start that still leaves the chunk at least half full.
        for candidate in range(last, first, -1):
            if units[candidate].opens_paragraph and units[candidate - 1].end - start >= size // 2:
                return candidate - 1
    return last


def _next_first(units: list[_Unit], first: int, last: int, size: int, overlap: int) -> int:
    following = last + 1
    if overlap == 0 or following >= len(units):
        return following
    candidate = last
    while candidate > first + 1 and units[last].end - units[candidate - 1].start <= overlap:
        candidate -= 1
    if units[last].end - units[candidate].start > overlap:
        return following
    if units[following].end - units[candidate].start > size:
        return following  # the next sentence would not fit beside the overlap
    return candidate


# ---------------------------------------------------------------- entity names


class EntityMatcher:
    """Finds known names (and aliases) in text with one compiled trie-shaped regex, longest match first."""

    def __init__(self, names: dict[str, str], *, min_length: int = 2) -> None:
        # A one-character alias (风, 林) would match all over the text, so it is ignored.
        self._canonical = {alias: name for alias, name in names.items() if len(alias.strip()) >= min_length}
        latin = [a for a in self._canonical if _is_word_char(a[0]) or _is_word_char(a[-1])]
        other = [a for a in self._canonical if a not in set(latin)]
        parts = []
        if other:
            parts.append(_trie_pattern(other))
        if latin:
            # Names in Latin script must stand alone: "Ann" is not in "Anne".
            parts.append(rf"(?<![A-Za-z0-9]){_trie_pattern(latin)}(?![A-Za-z0-9])")
        self._pattern = re.compile("|".join(parts)) if parts else None

    def find(self, text: str) -> list[str]:
        """Canonical names found in `text`, in order of first appearance, each once."""
        if self._pattern is None:
            return []
        found: dict[str, None] = {}
        for match in self._pattern.finditer(text):
            found.setdefault(self._canonical[match.group()], None)
        return list(found)


def find_entities(text: str, names: dict[str, str]) -> list[str]:
    """Canonical names (values of alias → name) whose aliases occur in `text`, longest alias first."""
    return _matcher(tuple(names.items())).find(text)


@lru_cache(maxsize=8)
def _matcher(items: tuple[tuple[str, str], ...]) -> EntityMatcher:
    return EntityMatcher(dict(items))


def _is_word_char(ch: str) -> bool:
    return ch.isascii() and ch.isalnum()


def _trie_pattern(words: list[str]) -> str:
    trie: dict = {}
    for word in words:
        node = trie
        for ch in word:
            node = node.setdefault(ch, {})
        node[""] = {}
    return _node_pattern(trie)


def _node_pattern(node: dict) -> str:
    """Greedy optional tails make the regex take the longest alias and back off to shorter ones."""
    ends_here = "" in node
    leaves = [re.escape(ch) for ch, child in node.items() if ch and set(child) == {""}]
    branches = [re.escape(ch) + _node_pattern(child) for ch, child in node.items() if ch and set(child) != {""}]
    if len(leaves) > 1:
        branches.append("[" + "".join(leaves) + "]")
    else:
        branches.extend(leaves)
    if not branches:
        return ""
    body = branches[0] if len(branches) == 1 and not ends_here else "(?:" + "|".join(branches) + ")"
    return body + "?" if ends_here else body
