"""Where a sentence ends decides what it says: a number or an acronym closes a sentence ("…after 14. Outline's
fine.", "…, KGB. She's 35"), a post set before a name is the name's ("answers to the owner, Lord Penmorfa"),
and a fact told beside an outline's edits is a fact, not more of a beat (no model)."""

from __future__ import annotations

from desktop.tasks.pipeline.pipeline import Canon
from desktop.tasks.pipeline.statements import split
from tests.tasks.test_pipeline import relations, settle, states


def _people(*names: str, **others: str) -> Canon:
    return Canon(names={n: ("Character", []) for n in names} | {n: (k, []) for n, k in others.items()})


def _quotes(text: str) -> list[str]:
    return [s.quote for s in split([{"id": 1, "role": "user", "content": text}])]


def test_a_number_or_an_acronym_ends_a_sentence_and_a_list_on_one_line_still_splits():
    assert _quotes("She's 19, and she carries the book after 14. Outline's fine. Also: keep it.") == \
        ["She's 19, and she carries the book after 14.", "Outline's fine.", "Also: keep it."]
    assert _quotes("The handler is Captain Zoya Lebedeva, KGB. She's 35.") == \
        ["The handler is Captain Zoya Lebedeva, KGB.", "She's 35."]
    assert _quotes("Plan: 1. Ada arrives 2. She leaves 3. The end") == \
        ["Plan:", "1. Ada arrives", "2. She leaves", "3. The end"]
    assert _quotes("Ten days at 0.3 g is too much.") == ["Ten days at 0.3 g is too much."]


def test_an_age_is_said_of_the_one_the_clause_is_about():
    canon = _people("Elin Pritchard", "Zoya Lebedeva", "Walter", "Ivy Harrow")
    assert ("Elin Pritchard", "age", "19") in states(settle(("user", "Elin is 19. Walter knows."), canon=canon, zh=False))
    assert ("Zoya Lebedeva", "age", "35") in states(settle(
        ("user", "Make the handler a woman — Captain Zoya Lebedeva, KGB. She's 35, with a streak of grey."),
        canon=canon, zh=False))
    assert ("Ivy Harrow", "age", "22") in states(settle(
        ("user", "The will leaves it to his niece, Ivy Harrow. Ivy's his late brother's daughter - she's 22."),
        canon=canon, zh=False))
    found = states(settle(("user", "Walter goes to the hunt ball; the ball is 12. Open threads next."), canon=canon,
                          zh=False))
    assert not any(key == "age" for _, key, _ in found)
    found = states(settle(("user", "Elin runs the strike."), ("user", "Keep 1, 2 and 4."), canon=canon, zh=False))
    assert not any(key == "age" for _, key, _ in found)  # (nobody is 2: the steps to keep are)


def test_a_post_set_before_a_name_does_not_hide_the_tie():
    canon = _people("Charles Ashworth", "Lord Penmorfa")
    found = settle(("user", "Ashworth is the manager. He answers to the owner, Lord Penmorfa, who never comes up."),
                   canon=canon, zh=False)
    assert ("SERVES", "Charles Ashworth", "Lord Penmorfa") in relations(found)


def test_a_fact_told_among_an_outline_s_edits_is_kept_as_a_fact():
    canon = _people("Gwilym Pritchard", "Charles Ashworth", "Dai Bach")
    found = settle(
        ("user", "Draft me a long outline for the strike, chapters 8 to 14."),
        ("assistant", "**The Lock-out** (ch. 8–14)\n1. Ch. 8 — The men come out.\n2. Ch. 11 — The first men go "
                      "back.\n3. Ch. 14 — The strike is broken."),
        ("user", "Step 2 stays, but make it clear one of them is Dai Bach. The accident: ch. 7, a charge goes off "
                 "early and Gwilym loses his left hand. She's 19, by the way, after 14. Outline's fine. Also: "
                 "Ashworth hates Gwilym, has done since the letting."),
        canon=canon, chapter=6, zh=False)
    assert ("Gwilym Pritchard", "injury", "lost his left hand") in states(found)
    assert ("HATES", "Charles Ashworth", "Gwilym Pritchard") in relations(found)
    [outline] = found.document["plan"]
    assert not any("Ashworth hates" in step["summary"] for step in outline["steps"])
