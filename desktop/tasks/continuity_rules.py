"""Continuity rules for where characters are, how old they are and how they are related: a sentence that puts a
character somewhere canon does not (for the whole chapter), makes them younger than canon already has them, or
calls two people something canon says they are not (his father named as his brother, a master as a disciple).

Each rule speaks only when the sentence says it plainly (name, then 在/岁/的父亲 right after it); anything looser
is left to the model, since a false alarm costs the author more than a miss the model may still catch."""

from __future__ import annotations

import re
from typing import Any

from desktop.importing.headings import chinese_to_int, english_to_int
from desktop.tasks.fact_sources import relation_match, state_match
from desktop.tasks.pipeline.lexicon import EN_ROLES, ZH_ROLES

LOCATION_AWAY, AGE_MISMATCH, RELATION_MISMATCH = "location_elsewhere", "age_contradicts", "relation_contradicts"

LOCATION_KEYS = {"location", "位置", "所在", "所在地"}
# Where someone is now. LOCATED_IN is not among them: for a person the extractor writes it from 住在/lives in,
# a home they may be away from.
LOCATION_RELATIONS = {"IS_AT"}
# People move off the page: a place canon settled longer ago than this many chapters before is not held against
# the chapter, only one settled by the chapter just before it (the story's "now").
RECENT_PLACE_CHAPTERS = 1
AGE_KEYS = {"age", "年龄", "年纪", "岁数"}
# Kinship and teaching bonds: two people are at most one of PARENT/SIBLING/MARRIED, and a directed bond has one
# direction. Other bonds (friend, enemy, servant) may come and go and are not judged.
EXCLUSIVE_KIN = {"PARENT_OF", "SIBLING_OF", "MARRIED_TO"}
DIRECTED = {"PARENT_OF", "MASTER_OF"}
JUDGED = EXCLUSIVE_KIN | DIRECTED

_AT_ZH = re.compile(r"^(?:此时|此刻|这时|那时|正|仍|还|一直|依旧|依然|却|则|便|也|都|已|独自|一人)?"
                    r"(?:正在|仍在|还在|身在|待在|留在|呆在|坐在|站在|躺在|守在|在)$")
_AT_EN = re.compile(r"^\s+(?:was|is|stayed|remained|sat|stood|waited|lay|(?:was|is) still)\s+(?:still\s+)?"
                    r"(?:in|at|inside)\s+(?:the\s+)?$", re.IGNORECASE)
_MOVING = re.compile(r"来到|到了|回到|前往|赶往|赶到|赶来|进了|走进|进入|离开|出了|去了|动身|启程|抵达|回了|回去|过来|"
                     r"过去|出门|进门|往|奔|逃|搬|"
                     r"\b(?:came|come|went|go(?:es)?|arriv\w*|return\w*|left|leav\w*|travel\w*|head\w*|mov\w*|"
                     r"walk\w*|ran|rode|fled|reach\w*)\b", re.IGNORECASE)
_NOT_NOW = re.compile(r"当年|那年|那时|昔日|往日|曾经|曾|小时候|梦|若|如果|要是|假如|倘若|将来|以后|明日|明天|"
                      r"\b(?:once|used to|when|if|would|dream\w*|tomorrow|years ago)\b", re.IGNORECASE)
_AGE_NUMBER = r"[0-9０-９一二三四五六七八九十两百]{1,5}"
_AGE_AFTER_ZH = re.compile(rf"^(?:今年|今岁|已经|已|才|刚|年方|不过|只有|正|刚满|已满|满|是|年纪|年约|约)*({_AGE_NUMBER})岁")
_AGE_BEFORE_ZH = re.compile(rf"({_AGE_NUMBER})岁的$")
_AGE_AFTER_EN = re.compile(r"^(?:,\s*(?:aged?\s+)?|\s+(?:was|is|turned|had turned)\s+(?:now\s+|just\s+|only\s+)?)"
                           r"(\d+|[a-z]+(?:-[a-z]+)?)(?:\s+years?\s+old|\b(?=,))", re.IGNORECASE)
_WHEN_AGE = re.compile(r"^(?:时|那年|那一年|的时候|时候|之时|上|起)|^\s*(?:when|at the time)", re.IGNORECASE)
_IS = ("是", "乃", "乃是", "正是", "便是", "就是", "原是", "本是", "为")
_PAIR_ZH = re.compile(r"^(?:和|与|同|跟)$")
_PAIR_WORDS = {**dict.fromkeys(("兄妹", "兄弟", "姐妹", "姐弟"), ("SIBLING_OF", None)),
               **dict.fromkeys(("夫妻", "夫妇"), ("MARRIED_TO", None)),
               **dict.fromkeys(("父子", "父女", "母子", "母女"), ("PARENT_OF", True)),
               "师徒": ("MASTER_OF", True)}
_PAIR_AFTER = re.compile(rf"^(?:是|乃|本是|原是|为|乃是)?(?:一对)?(?:亲)?({'|'.join(_PAIR_WORDS)})")
_ZH_ROLE_WORDS = sorted((w for w, (t, _) in ZH_ROLES.items() if t in JUDGED), key=len, reverse=True)
_EN_ROLE_WORDS = sorted((w for w, (t, _) in EN_ROLES.items() if t in JUDGED), key=len, reverse=True)
_ROLE_ZH = re.compile(rf"^(?:的|之)({'|'.join(_ZH_ROLE_WORDS)})")
_ROLE_EN = re.compile(rf"^['’]s\s+({'|'.join(map(re.escape, _EN_ROLE_WORDS))})\b", re.IGNORECASE)


def age_range(value: Any) -> tuple[int, int] | None:
    """The ages a value says: "十六岁" → (16, 16), "十七八岁" → (17, 18), "sixteen" → (16, 16); None if none."""
    text = str(value).strip().removesuffix("岁").removesuffix("years old").strip()
    text = re.sub(r"^(?:约|大约|年约|about|around)\s*", "", text)
    if (n := chinese_to_int(text)) is not None or (n := english_to_int(text)) is not None:
        return n, n
    if len(text) >= 2 and (n := chinese_to_int(text[:-1])) is not None and (d := chinese_to_int(text[-1])) is not None \
            and d == n % 10 + 1:
        return n, n + 1  # 十七八: seventeen or eighteen
    return None


class PlaceAgeKinRules:
    """The three rules over one text, against what `checker` (continuity._Checker) says canon is."""

    def __init__(self, checker: Any):
        self.c = checker
        self.facts = checker.facts
        self.as_of = None if checker.chapter is None else checker.chapter - 1
        self._places: dict[str, list[dict]] = {}
        self._ages: dict[str, dict | None] = {}
        self._kin: list[dict] | None = None

    def check(self, sentence: Any, earlier: list[Any]) -> list[dict]:
        if _NOT_NOW.search(sentence.text):
            return []
        return self._elsewhere(sentence, earlier) + self._younger(sentence) + self._kin_said(sentence)

    # -- where a character is --------------------------------------------------------------------

    def _elsewhere(self, sentence: Any, earlier: list[Any]) -> list[dict]:
        if _MOVING.search(sentence.text):
            return []
        issues = []
        for index, (start, end, who) in enumerate(sentence.mentions):
            if who["kind"] != "Character" or index + 1 >= len(sentence.mentions):
                continue
            p_start, _, place = sentence.mentions[index + 1]
            gap = sentence.text[end:p_start]
            if place["kind"] != "Location" or not (_AT_ZH.match(gap) or _AT_EN.match(gap)):
                continue
            canon = self._place_of(who)
            if not canon or any(self._same_place(row, place) for row in canon):
                continue
            if any(_MOVING.search(s.text) and any(m[2]["id"] == who["id"] for m in s.mentions) for s in earlier):
                continue  # the chapter moved them; canon did not record it, which is not this sentence's fault
            row = canon[-1]
            fact = (f"{who['name']} 在 {row['place']}（自第{row['valid_from']}章，本章未变）" if self.c.zh
                    else f"{who['name']} is at {row['place']} (from chapter {row['valid_from']}, unchanged in it)")
            issues.append(self.c.issue(LOCATION_AWAY, sentence, fact, self.c.sources.of(row, row["match"]),
                                       said=place["name"]))
        return issues

    def _place_of(self, who: dict) -> list[dict]:
        """Where canon has the character for the whole chapter: put there by the chapter just before, and moved
        neither since nor in it."""
        if who["id"] in self._places:
            return self._places[who["id"]]
        rows = []
        for state in self.facts.states_of(who["kind"], who["id"]):
            if state["key"].lower() in LOCATION_KEYS and self._recent(state["valid_from"], state["valid_to"]):
                rows.append({**state, "place": str(state["value"]), "place_id": None,
                             "match": state_match(who["name"], state["key"])})
        for rel in self.facts.execute(
                "MATCH (a {id: $id})-[r:RELATES]->(b:Location) RETURN b.id AS place_id, b.name AS place, "
                "r.type AS type, r.valid_from AS valid_from, r.valid_to AS valid_to, r.settlement AS settlement, "
                "r.chunks AS chunks", {"id": who["id"]}):
            if rel["type"].upper() in LOCATION_RELATIONS and self._recent(rel["valid_from"], rel["valid_to"]):
                rows.append({**rel, "match": relation_match(rel["type"], who["name"], rel["place"])})
        self._places[who["id"]] = rows
        return rows

    def _recent(self, valid_from: int | None, valid_to: int | None) -> bool:
        if not self.c.throughout(valid_from, valid_to):
            return False
        return self.c.chapter is None or (valid_from or 0) >= self.c.chapter - RECENT_PLACE_CHAPTERS

    def _same_place(self, canon: dict, said: dict) -> bool:
        """The place said is canon's place, inside it or around it (荣国府 and 荣国府正堂, or linked in the graph)."""
        names = [said["name"], *(said.get("aliases") or [])]
        if any(canon["place"] in name or name in canon["place"] for name in names):
            return True
        if canon.get("place_id") is None:
            return False
        linked = self.facts.execute(
            "MATCH (a:Location {id: $a})-[r:RELATES]-(b:Location {id: $b}) RETURN count(r) AS n",
            {"a": canon["place_id"], "b": said["id"]})
        return bool(linked and linked[0]["n"])

    # -- how old a character is ------------------------------------------------------------------

    def _younger(self, sentence: Any) -> list[dict]:
        issues = []
        for start, end, who in sentence.mentions:
            if who["kind"] != "Character":
                continue
            after = sentence.text[end:]
            said = _AGE_AFTER_ZH.match(after) or _AGE_AFTER_EN.match(after)
            tail = after[said.end():] if said else ""
            if said is None and (before := _AGE_BEFORE_ZH.search(sentence.text[:start])):
                said, tail = before, after
            if said is None or _WHEN_AGE.match(tail):
                continue
            told, canon = age_range(said.group(1)), self._age_of(who)
            if told is None or canon is None or told[1] >= canon["range"][0]:
                continue
            fact = (f"{who['name']} {canon['key']}={canon['value']}（自第{canon['valid_from']}章）" if self.c.zh
                    else f"{who['name']} {canon['key']}={canon['value']} (from chapter {canon['valid_from']})")
            issues.append(self.c.issue(AGE_MISMATCH, sentence, fact, self.c.sources.of(canon, canon["match"]),
                                       said=said.group(0)))
        return issues

    def _age_of(self, who: dict) -> dict | None:
        if who["id"] not in self._ages:
            found = None
            for state in self.facts.states_of(who["kind"], who["id"]):
                if state["key"].lower() in AGE_KEYS and self._held_before(state) and \
                        (told := age_range(state["value"])) is not None:
                    found = {**state, "range": told, "match": state_match(who["name"], state["key"])}
            self._ages[who["id"]] = found
        return self._ages[who["id"]]

    def _held_before(self, state: dict) -> bool:
        if self.as_of is None:
            return state["valid_to"] is None
        return (state["valid_from"] or 0) <= self.as_of and (state["valid_to"] is None or state["valid_to"] > self.as_of)

    # -- how two people are related --------------------------------------------------------------

    def _kin_said(self, sentence: Any) -> list[dict]:
        issues = []
        for claim in _claims(sentence):
            rel_type, holder, other, words = claim
            for row in self._kin_between(holder["name"], other["name"]):
                if not _contradicts(row, rel_type, holder["name"], other["name"]):
                    continue
                fact = (f"{row['from']} {row['type']} {row['to']}（自第{row['valid_from']}章）" if self.c.zh
                        else f"{row['from']} {row['type']} {row['to']} (from chapter {row['valid_from']})")
                source = self.c.sources.of(row, relation_match(row["type"], row["from"], row["to"]))
                issues.append(self.c.issue(RELATION_MISMATCH, sentence, fact, source, said=words))
                break
        return issues[:1]

    def _kin_between(self, first: str, second: str) -> list[dict]:
        if self._kin is None:
            self._kin = [row for row in self.facts.relations(self.as_of) if row["type"].upper() in JUDGED]
        return [row for row in self._kin if {row["from"], row["to"]} == {first, second} and first != second]


def _claims(sentence: Any) -> list[tuple[str, dict, dict, str]]:
    """(relation type, the one it is from, the one it is to, the words) for each bond the sentence states:
    X的父亲Y, Y是X的父亲, X与Y是兄妹, X's father, Y / Y, X's father / Y was X's father."""
    found = []
    people = [m for m in sentence.mentions if m[2]["kind"] == "Character"]
    text = sentence.text
    for i, (start, end, x) in enumerate(people):
        after = text[end:]
        role = _ROLE_ZH.match(after) or _ROLE_EN.match(after)
        if role:
            rel_type, holder_is_from = (ZH_ROLES.get(role[1]) or EN_ROLES[role[1].lower()])
            rest = after[role.end():]
            y = _next_person(people, i, end + role.end(), text, r"^[\s,，、:：]*$")  # X的父亲Y, X's father, Y
            if y is None and i > 0:  # Y是X的父亲, Y, X's father / Y was X's father
                prev = people[i - 1]
                gap = text[prev[1]:start].strip(" ,，")
                if gap in _IS or re.fullmatch(r"(?:was|is)?", gap, re.IGNORECASE):
                    y = prev[2]
            if y is not None and not rest.startswith(("们", "的")):
                pair = (y, x) if holder_is_from else (x, y)
                found.append((rel_type, pair[0], pair[1], role.group(0)))
            continue
        if i + 1 < len(people) and _PAIR_ZH.match(text[end:people[i + 1][0]]):
            pair_words = _PAIR_AFTER.match(text[people[i + 1][1]:])
            if pair_words:
                rel_type, _ = _PAIR_WORDS[pair_words[1]]  # 父子, 师徒: the first named is the parent, master
                found.append((rel_type, x, people[i + 1][2], pair_words.group(0)))
    return found


def _next_person(people: list, i: int, at: int, text: str, gap: str) -> dict | None:
    nxt = next((m for m in people[i + 1:] if m[0] >= at), None)
    if nxt is None or not re.match(gap, text[at:nxt[0]]):
        return None
    return nxt[2]


def _contradicts(row: dict, rel_type: str, source: str, target: str) -> bool:
    """Whether canon's bond `row` between the two rules out the one said (rel_type from `source` to `target`)."""
    canon_type = row["type"].upper()
    if canon_type in EXCLUSIVE_KIN and rel_type in EXCLUSIVE_KIN and canon_type != rel_type:
        return True
    return canon_type == rel_type and rel_type in DIRECTED and (row["from"], row["to"]) == (target, source)

