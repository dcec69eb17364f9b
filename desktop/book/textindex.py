"""Turns text and search queries into FTS5 token streams that find Chinese words as well as English ones."""

from __future__ import annotations

import re
import unicodedata

# FTS5's unicode61 tokenizer would treat a whole run of ideographs as one
# token (so no word inside a sentence is ever found) and the trigram tokenizer
# cannot match queries shorter than three characters, while most Chinese words
# are two. Indexing every run as overlapping bigrams lets a phrase query of the
# query's bigrams match exactly the substring, whatever its length >= 2.
_IDEOGRAPH_RANGES = (
    "\u3005\u3007"  # 々 iteration mark, 〇 ideographic zero (第一〇〇回)
    "\u3021-\u3029\u3038-\u303b"  # Hangzhou numerals
    "\u3400-\u4dbf"  # extension A
    "\u4e00-\u9fff"  # unified ideographs
    "\uf900-\ufaff"  # compatibility ideographs
    "\U00020000-\U0003134f"  # extensions B to G
)
_IDEOGRAPH_RUN = re.compile(f"[{_IDEOGRAPH_RANGES}]+")
_IDEOGRAPH = re.compile(f"[{_IDEOGRAPH_RANGES}]")
_LATIN_WORD_END = re.compile(r"[0-9a-z]$")


def normalise(text: str) -> str:
    """NFKC and lower case: the spelling text and queries are compared in (also for chapter titles)."""
    # NFKC folds full-width Latin (ＡＢＣ) and compatibility ideographs onto
    # their ordinary forms, so text and queries meet on the same spelling.
    return unicodedata.normalize("NFKC", text).lower()


def is_ideograph_run(text: str) -> bool:
    """Whether `text` is CJK ideographs only: a run the index stores as its overlapping bigrams."""
    return _IDEOGRAPH_RUN.fullmatch(text) is not None


def _bigrams(run: str) -> str:
    if len(run) == 1:
        return run
    return " ".join(run[i : i + 2] for i in range(len(run) - 1))


def _tokenised(text: str) -> str:
    """Each ideograph run becomes its bigrams, set apart by spaces from neighbouring non-CJK text."""
    return _IDEOGRAPH_RUN.sub(lambda m: f" {_bigrams(m.group())} ", text)


def index_text(text: str) -> str:
    """The string to store in an FTS5 (unicode61) column for `text`.

    Lower-cased and NFKC-normalised; every maximal run of CJK ideographs becomes
    space-separated overlapping bigrams (林风御剑 → 林风 风御 御剑), a one-character
    run stays as it is, and all other text passes through for unicode61 to split.
    """
    return _tokenised(normalise(text))


def _has_token_characters(text: str) -> bool:
    # unicode61 keeps letters, numbers and private-use characters; a term made
    # only of punctuation would become an empty phrase, which matches nothing.
    return any(unicodedata.category(ch)[0] in "LN" or unicodedata.category(ch) == "Co" for ch in text)


def _quoted(tokens: str) -> str:
    return '"' + tokens.replace('"', '""') + '"'


def _term_expression(term: str, *, is_last: bool) -> str:
    phrase = _quoted(" ".join(_tokenised(term).split()))
    if len(term) == 1 and _IDEOGRAPH.fullmatch(term):
        # A lone ideograph is indexed only where it stands alone; as a prefix it
        # also matches every bigram it starts, i.e. every place except the end
        # of a run (剑 finds 剑法 and a lone 剑, not the 剑 of 飞剑).
        return phrase + "*"
    if is_last and _LATIN_WORD_END.search(term):
        return phrase + "*"  # the word being typed: "eliza" finds elizabeth
    return phrase


def match_query(query: str) -> str | None:
    """An FTS5 MATCH expression for what the author typed, or None when there is nothing to search for.

    Every whitespace-separated term becomes a quoted phrase of its tokens (so a
    Chinese term matches as a substring, an English one as consecutive words);
    the terms are ANDed. Quotes are doubled, so no input can break the syntax:
    `"`, `*`, `NEAR(`, `AND` typed by the author are searched for, never obeyed.
    The last term, when it ends in a Latin letter or digit, matches as a prefix.
    A one-character Chinese term matches where that character starts a bigram or
    stands alone, not where it ends a run of ideographs (see _term_expression).
    """
    terms = [term for term in normalise(query).split() if _has_token_characters(term)]
    if not terms:
        return None
    last = len(terms) - 1
    return " AND ".join(_term_expression(term, is_last=i == last) for i, term in enumerate(terms))
