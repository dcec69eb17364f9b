"""A message typed in lower case ("theo goes to Stag. priya hates june") still names the book's people."""

from __future__ import annotations

import re

from desktop.tasks.pipeline import lexicon as lx
from desktop.tasks.pipeline import world_names as wn
from desktop.tasks.pipeline.english_names import _EN_SPAN, short_forms
from desktop.tasks.pipeline.statements import Statement


def recase_lowercase_notes(statements: list[Statement], known: dict[str, str]) -> None:
    """"theo goes to Stag. priya hates june": a message typed in lower case still names Theo Okafor and Priya
    Sandhu. Where most of a message's sentences open in lower case, a name the book knows, or one the talk
    writes capitalised elsewhere, is that name (in `text`; the quote stays the author's words).
    `known`: the book's names and aliases, and their kinds."""
    by_message: dict[int, list[Statement]] = {}
    for st in statements:
        by_message.setdefault(st.message_index, []).append(st)
    typed_low = [sentences for sentences in by_message.values()
                 if sum(bool(re.match(r"\W*[a-z]", st.quote)) for st in sentences) * 2 > len(sentences)]
    if not typed_low:
        return
    whole = "\n".join(st.quote for st in statements)
    said = {m.group(0) for m in _EN_SPAN.finditer(whole) if " " in m.group(0) or not re.search(
        r"(?:^|[.!?:\n]\s*)$", whole[max(0, m.start() - 4):m.start()])}  # (not a capital that only opens a sentence)
    shortened: dict[str, set[str]] = {}
    for name in [*known, *said]:
        person = known.get(name) == "Character" or any(map(wn.en_given_name, name.split()[:-1]))
        for form in short_forms(name) if person else []:
            shortened.setdefault(form, set()).add(name)  # "theo" of Theo Okafor, said nowhere capitalised
    forms = {f: next(iter(names)) for f, names in shortened.items() if len(names) == 1}
    forms |= {n: n for n in [*known, *said]}
    forms = {f: n for f, n in forms.items() if len(f) >= 3 and f.lower() not in lx.EN_NOT_NAMES
             and re.fullmatch(r"[A-Z][a-z'\-]+(?: [A-Z][a-z'\-]+)*", f)}
    for sentences in typed_low:
        for st in sentences:
            for form in sorted(forms, key=len, reverse=True):
                st.text = re.sub(rf"(?<![\w'’]){re.escape(form.lower())}(?!\w)", forms[form], st.text)
