"""What a post or a kinship said beside a name says of its bearer.

Authors and recaps list people rather than write sentences about them: "An older sister, Wenna." /
"older sister Wenna Hale, lady-in-waiting to Queen Isolde" / "a sworn Emberguard knight" /
"天机阁首席弟子". The kin word ties the name to whom the talk is about; a service post ties it to the
one served; a post that names a faction makes its bearer a member, or its head.
"""

from __future__ import annotations

import re

from desktop.tasks.pipeline import lexicon as lx
from desktop.tasks.pipeline.findings import Finding
from desktop.tasks.pipeline.statements import Statement

_KIN = "|".join(sorted((w for w, (rel, _) in lx.EN_ROLES.items() if rel in ("SIBLING_OF", "PARENT_OF", "MARRIED_TO")),
                       key=len, reverse=True))
# "An older sister, Wenna." / "and a younger brother: Tam" / "older sister Wenna Hale, …"
_KIN_LEAD = re.compile(rf"(?i)^\s*(?:and |also |plus |oh,? )?(?:an? |one |his |her |their )?(?:(?:older|elder|younger|"
                       rf"big|little|baby|twin|only) )?({_KIN})\b\s*[,:—-]?\s*(?:named |called )?$")
_SERVICE = re.compile(r"(?i)\b(?:lady-in-waiting|ladies-in-waiting|maid|maidservant|squire|secretary|valet|steward|"
                      r"bodyguard|servant|page|aide|clerk|governess|housekeeper|butler|footman|retainer|equerry|"
                      r"right hand|right-hand man|lieutenant)\s+(?:to|of|for)\s+(?:the\s+)?$")
_HEAD_WORDS = re.compile(r"(?i)\b(?:head|leader|chief|captain|commander|master|founder|grand ?master|lord|boss|director)"
                         rf"\b|{'|'.join(lx.ZH_FACTION_LEADER_ROLES)}")


def read(statements: list[Statement], kinds: dict[str, str],
         forms: dict[str, list[str]] | None = None) -> list[Finding]:
    """Kin and service posts said beside a name, as relations (`forms`: the other ways the talk writes a name,
    "Hester" for Hester Fenwick)."""
    out: list[Finding] = []

    def span(text: str, name: str) -> tuple[int, int]:
        return _span(text, [name, *(forms or {}).get(name, [])])

    heads: dict[int, str] = {}  # message → the person its last list was about
    for st in statements:
        people = [n for n in st.names if kinds.get(n) == "Character"]
        about = heads.get(st.message_index) or st.focus
        for name in people:
            at = span(st.text, name)[0]
            if at < 0:
                continue
            lead = _KIN_LEAD.match(st.text[:at])
            if lead and about and about != name and kinds.get(about) == "Character":
                relation, bearer_first = lx.EN_ROLES[lead.group(1).lower()]
                pair = (name, about) if bearer_first else (about, name)
                out.append(Finding("relations", {"type": relation, "from": pair[0], "to": pair[1]}, st,
                                   entities=list(pair)))
            served = [n for n in people if n != name and _SERVICE.search(st.text[:span(st.text, n)[0]])
                      and span(st.text, n)[0] > at]
            if served and not any(f.statement is st and f.item["type"] == "SERVES" for f in out):
                out.append(Finding("relations", {"type": "SERVES", "from": name, "to": served[0]}, st,
                                   entities=[name, served[0]]))
        out += _belonging(st, {p: span(st.text, p) for p in people},
                          [n for n in st.names if kinds.get(n) == "Faction"])
        if people and 0 <= span(st.text, people[0])[0] <= 12:  # "Got it: Ser Corwin Hale, the Grey Hound, 24, …"
            heads[st.message_index] = people[0]
    return out


_POSTS = r"(?:member|agent|double|spy|operative|officer|soldier|knight|recruit|initiate|enforcer|fixer|novice|" \
         r"brother|sister|mole|informant|lieutenant|captain|head|leader|boss|founder|chief|commander|master)s?"
# "Tobias Vell, a member of the Order" / "Sable, secretly in the Quiet Court" / "Peter is a Lantern Bureau double"
_SAID_OF = re.compile(r"(?i)^\s*(?:\([^()]{1,40}\)|['‘\"“][^'’\"”]{1,30}['’\"”])?\s*(?:,|\bis|\bwas|\bbecomes|\bremains|\bhas\s+been|\bhad\s+been)\s+"
                      r"(?:now\s+|secretly\s+|also\s+|still\s+)?(?:an?\s+|the\s+|one\s+of\s+the\s+)?"
                      rf"(?:(?:[\w'-]+\s+){{0,2}}?{_POSTS}\s+(?:of|in|for)\s+|in\s+|(?:[\w'-]+\s+){{0,2}}?)(?:the\s+)?$")
_POST_AFTER = re.compile(rf"(?i)\s+{_POSTS}\b")


def _belonging(st: Statement, where_is: dict[str, tuple[int, int]], factions: list[str]) -> list[Finding]:
    """The group said beside a name: a post of it, or its name before a post ("a Lantern Bureau double").
    `where_is`: each person and where the statement writes them."""
    out: list[Finding] = []
    for faction in factions:
        at = _find(st.text, faction.removeprefix("the "))
        before = [(p, where) for p, where in where_is.items() if 0 <= where[0] < at]
        if not before:
            continue
        person, (_, end) = max(before, key=lambda pair: pair[1][0])
        between = st.text[end:at]
        post = re.search(_POSTS, between, re.I)
        after = _POST_AFTER.match(st.text, at + len(faction.removeprefix("the ")))
        if not _SAID_OF.match(between) or not (post or after or re.search(r"(?i)\bin\s+(?:the\s+)?$", between)):
            continue
        words = (post.group(0) if post else "") + (after.group(0) if after else "")
        relation = "LEADS" if _HEAD_WORDS.search(words) else "MEMBER_OF"
        out.append(Finding("relations", {"type": relation, "from": person, "to": faction}, st,
                           entities=[person, faction]))
    return out


def members(findings: list[Finding], kinds: dict[str, str], forms: dict[str, list[str]]) -> list[Finding]:
    """"a sworn Emberguard knight", "天机阁首席弟子": a post that names a faction makes a member of it, or its head."""
    have = {(f.item["type"], f.item["from"], f.item["to"], f.statement.index) for f in findings
            if f.section in ("relations", "ends")}
    out: list[Finding] = []
    for f in findings:
        if f.section != "states" or f.item["key"] != "identity":
            continue
        value = str(f.item["value"])
        if re.match(r"(?i)前(?!锋|哨|台|线|厅)|原(?!名)|退役|曾经|昔日|ex-|former\b|retired\b", value):
            continue  # "前国家女篮队员": one of them no longer
        for faction in (n for n, k in kinds.items() if k == "Faction"):
            said = next((form.removeprefix("the ") for form in [faction, *forms.get(faction, [])]
                         if _find(value, form.removeprefix("the ")) >= 0), None)
            if said is None:
                continue
            # (鼎泰投资部总经理 heads a department of 鼎泰, not 鼎泰)
            after = value[_find(value, said) + len(said):]
            below = re.match(r"[\u4e00-\u9fff]{1,4}?(?:部|处|科|室|组|分公司|分局|分部)", after)
            relation = "LEADS" if _HEAD_WORDS.search(value.replace(said, " ")) and not below else "MEMBER_OF"
            key = (relation, f.item["entity"], faction)
            at = f.statement.index
            if {(*key, at), ("MEMBER_OF", f.item["entity"], faction, at), ("LEADS", *key[1:], at)} & have:
                continue  # (each statement's post gives its own: a question's may fall where the recap's stands)
            item = {"type": relation, "from": f.item["entity"], "to": faction}
            out.append(Finding("relations", item, f.statement, entities=[f.item["entity"], faction]))
    return out


def _span(text: str, forms: list[str]) -> tuple[int, int]:
    """Where the first of these forms of a name is written, start and end; (-1, -1) where none is."""
    found = [(at, at + len(f)) for f in forms if (at := _find(text, f)) >= 0]
    return min(found, key=lambda pair: (pair[0], -pair[1])) if found else (-1, -1)


def _find(text: str, name: str) -> int:
    match = re.search(rf"(?<![\w]){re.escape(name)}(?![\w])", text) if name.isascii() else None
    return match.start() if match else text.find(name)
