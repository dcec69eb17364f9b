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
                      limit: int = 30) -> list[int]:
    """For each chapter whose title and chunks together hold every clause of `terms` (see cover_clauses), the
    chunk holding the most of them (rarer words count more; the earliest on a tie), best chapter first.

    A chapter scores the sum over the words it holds of log(1 + chunks holding it, its title counting as one
    more) × log(1 + chapters / chapters holding it): the rare word of an episode's name outweighs the
    protagonist's name, which is everywhere. [] for fewer than two clauses: that is the plain keyword search.
    """
    clauses = cover_clauses(terms)
    if len(clauses) < 2:
        return []
    rows = [row for row in archive.chapter_headings(chapters) if row["first_chunk"] is not None]
    headings = {row["id"]: normalise(f"{row['title'] or ''} {row['heading'] or ''}") for row in rows}
    first_chunk = {row["id"]: row["first_chunk"] for row in rows}
    if not headings:
        return []
    words = list(dict.fromkeys(word for clause in clauses for word in clause))
    holding: dict[str, dict[int, list[int]]] = {}  # word → chapter id → chunk ids holding it
    for word in words:
        by_chapter: dict[int, list[int]] = {}
        for chunk_id, chapter_id in archive.chunks_holding(word, chapters=chapters):
            by_chapter.setdefault(chapter_id, []).append(chunk_id)
        holding[word] = by_chapter

    def count(word: str, chapter_id: int) -> int:
        return len(holding[word].get(chapter_id, ())) + (word in headings[chapter_id])

    covering = [chapter_id for chapter_id in headings
                if all(any(count(word, chapter_id) for word in clause) for clause in clauses)]
    if not covering:
        return []
    weight = {word: math.log(1 + len(headings) / max(1, sum(1 for c in headings if count(word, c))))
              for word in words}
    scored = []
    for chapter_id in covering:
        score = sum(math.log(1 + count(word, chapter_id)) * weight[word] for word in words)
        best = _best_chunk(chapter_id, words, holding, weight)
        scored.append((-score, first_chunk[chapter_id] if best is None else best))
    scored.sort()
    return [chunk_id for _, chunk_id in scored[:limit]]


def _best_chunk(chapter_id: int, words: list[str], holding: dict[str, dict[int, list[int]]],
                weight: dict[str, float]) -> int | None:
    """The chunk of the chapter holding the most weight of `words`, the earliest on a tie (None: no chunk
    holds any, the title alone covered the query)."""
    totals: dict[int, float] = {}
    for word in words:
        for chunk_id in holding[word].get(chapter_id, ()):
            totals[chunk_id] = totals.get(chunk_id, 0.0) + weight[word]
    if not totals:
        return None
    return min(totals, key=lambda chunk_id: (-totals[chunk_id], chunk_id))
