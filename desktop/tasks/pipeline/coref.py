"""Who "她" / "he" means: pronouns and missing subjects resolve to the character the talk is about."""

from __future__ import annotations

import re

from desktop.tasks.pipeline.candidates import Candidates, locate
from desktop.tasks.pipeline.statements import Statement

_ZH_PRONOUN = re.compile(r"(?<![其])[她他](?![们])")
_EN_PRONOUN = re.compile(r"\b(he|she|him|his|her)\b", re.IGNORECASE)
_EN_NOT_POSSESSIVE_AFTER = {"to", "and", "or", "a", "an", "the", "that", "as", "with", "from", "in", "on", "at",
                            "for", "of", "by", "about", "again", "too", "so", "but", "if", "when", "because"}


def resolve(statements: list[Statement], cands: Candidates, kinds: dict[str, str], first: str | None) -> None:
    """Rewrite each statement's `text` with pronouns replaced by the current focus character."""
    focus = first if first in kinds and kinds[first] == "Character" else None
    for st in statements:
        characters = [n for n in st.names if kinds.get(n) == "Character"]
        had_pronoun = False
        # the talk's first sentence has no focus yet: "韦青的家世：她爹…" — 她 is who the sentence began with
        opener = characters[0] if focus is None and characters else None
        referent = focus or opener
        if referent is not None:
            at = st.quote.find(referent) + len(referent) if opener else 0
            replaced = st.quote[:at] + _ZH_PRONOUN.sub(referent, st.quote[at:])
            rest = replaced[at:]
            replaced = replaced[:at] + _EN_PRONOUN.sub(lambda m: _english(m, referent, rest), rest)
            had_pronoun = replaced != st.quote and not opener
            st.text = replaced
        st.focus = focus
        # The talk turns to another character when a sentence opens with them or introduces them (叫X).
        opening = [n for n in characters if 0 <= st.quote.find(n) <= 3 or re.search(rf"叫[「“]?{re.escape(n)}", st.quote)]
        if opening and not had_pronoun:
            focus = opening[0]
        elif focus is None and characters:
            focus = characters[0]
    locate(statements, cands)


def _english(match: re.Match, focus: str, text: str) -> str:
    word = match.group(1).lower()
    if word == "his":
        return focus + "'s"
    if word == "her":
        following = text[match.end():].split()
        nxt = following[0].lower().strip(".,;:!?") if following else ""
        return focus if not nxt or nxt in _EN_NOT_POSSESSIVE_AFTER else focus + "'s"
    return focus
