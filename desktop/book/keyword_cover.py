"""Chapters that hold what the author typed when no one chunk holds it as typed.

Authors name an episode as it is known, not as the text words it: 晴雯撕扇 is 晴雯 in the text of 第三十一回
and 撕扇 in its title; 黛玉焚稿 is 黛玉 and 焚稿, never the four characters in a row. A Chinese term is asked
for as the bigrams that cover each of its characters (its first and last bigram, and one of the two bigrams
holding each character between), an English word as its stem (any word it begins will do); a chapter covers the query when its title and
its chunks together hold every one of those, and the chapter's best chunk stands for it.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from desktop.book.textindex import is_ideograph_run, match_query, normalise

if TYPE_CHECKING:
    from desktop.book.archive import Archive

ChapterRange = tuple[int, int] | None
Clause = tuple[str, ...]  # words any one of which will do
_SUFFIXES = ("ing", "ies", "es", "ed", "s", "e")  # elopes, eloped, eloping → elop; a prefix of elopement too
_MIN_STEM = 4


def cover_clauses(terms: list[str]) -> list[Clause]:
    """What a text must hold to hold `terms` loosely, one clause per need (林黛玉葬花 → 林黛, 葬花, 黛玉|玉葬)."""
    clauses: list[Clause] = []
    for term in (normalise(term) for term in terms):
        if match_query(term) is None or (len(term) == 1 and term.isascii()):
            continue  # punctuation only, or the s of Darcy's: nothing to ask the index for
        if not is_ideograph_run(term):
            clauses.append((_stem(term),))
            continue
        if len(term) < 3:
            clauses.append((term,))
            continue
        bigrams = [term[i:i + 2] for i in range(len(term) - 1)]
        clauses += [(bigrams[0],), (bigrams[-1],)]
        # Character i (between the ends) sits in bigrams i-1 and i; the ends' bigrams already hold 1 and n-2.
        clauses += [(bigrams[i - 1], bigrams[i]) for i in range(2, len(term) - 2)]
    return list(dict.fromkeys(clauses))


def _stem(word: str) -> str:
    """An English word's stem, which the index matches as a prefix (proposes → propos: proposal, proposed)."""
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= _MIN_STEM and word.isascii():
            return word[: -len(suffix)]
    return word


def covering_chapters(archive: "Archive", terms: list[str], *, chapters: ChapterRange = None,
                      limit: int = 30, headings: list[dict] | None = None) -> list[int]:
    """For each chapter whose title and chunks together hold every clause of `terms` (see cover_clauses), the
    chunk holding the most of them (rarer words count more; the earliest on a tie), best chapter first.

    A chapter scores the sum over the words it holds of log(1 + chunks holding it, its title counting as one
    more) × log(1 + chapters / chapters holding it): the rare word of an episode's name outweighs the
    protagonist's name, which is everywhere. [] for fewer than two clauses: that is the plain keyword search.
    `headings`: archive.chapter_headings(chapters) when the caller has already read them for this search.
    """
    clauses = cover_clauses(terms)
    if len(clauses) < 2:
        return []
    rows = [row for row in (archive.chapter_headings(chapters) if headings is None else headings)
            if row["first_chunk"] is not None]
    headings = {row["id"]: normalise(f"{row['title'] or ''} {row['heading'] or ''}") for row in rows}
    first_chunk = {row["id"]: row["first_chunk"] for row in rows}
    counts: dict[str, dict[int, int]] = {}  # word → chapter id → chunks holding it, its title counting as one
    candidates = set(headings)
    for clause in clauses:
        held: set[int] = set()
        for word in clause:
            if word not in counts:
                found = archive.chapters_holding(word, chapters=chapters)
                for chapter_id in (c for c, heading in headings.items() if word in heading):
                    found[chapter_id] = found.get(chapter_id, 0) + 1
                counts[word] = found
            held |= counts[word].keys()
        candidates &= held
        if not candidates:
            return []  # a word no chapter holds (笞挞 typed for a book without it): no need to ask for the rest
    weight = {word: math.log(1 + len(headings) / max(1, len(found))) for word, found in counts.items()}

    def score(chapter_id: int) -> float:
        return sum(math.log(1 + found.get(chapter_id, 0)) * weight[word] for word, found in counts.items())

    best = sorted(candidates, key=lambda chapter_id: (-score(chapter_id), chapter_id))[:limit]
    totals: dict[int, dict[int, float]] = {}  # chapter id → chunk id → weight of the words it holds
    for word in counts:
        for chunk_id, chapter_id in archive.chunks_holding(word, best):
            chunk_totals = totals.setdefault(chapter_id, {})
            chunk_totals[chunk_id] = chunk_totals.get(chunk_id, 0.0) + weight[word]
    # The title alone may cover the query: then the chapter's first chunk stands for it.
    return [min(totals[c], key=lambda i: (-totals[c][i], i)) if c in totals else first_chunk[c] for c in best]
