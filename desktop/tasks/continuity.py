"""Continuity check: sentences of a draft or chapter that contradict canon settled before that chapter.

Deterministic graph checks come first (a dead character acting, an item in the wrong hands, a realm
lower than the one reached, a resolved hook treated as open); the model is asked, optionally and
boundedly, only about sentences the rules cannot decide.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from desktop.book.errors import BookError
from desktop.importing.finding import find_headings
from desktop.tasks.continuity_rules import AGE_MISMATCH, LOCATION_AWAY, RELATION_MISMATCH, PlaceAgeKinRules
from desktop.tasks.fact_sources import FactSources, relation_match, state_match
from desktop.tasks.realms import REALM_KEYS, RealmScales
from desktop.tasks.review import DEAD_VALUES, EXCLUSIVE_TO, LIFE_KEYS, is_dead

if TYPE_CHECKING:
    from desktop.book.book import Book
    from desktop.engine.llm import LLM
    from desktop.progress import CancelToken

DEAD_ACTS, ITEM_HOLDER, REALM_LOWER, HOOK_REOPENED, MODEL = (
    "dead_character_acts", "item_in_other_hands", "realm_lower_than_reached", "resolved_hook_treated_as_open",
    "model")
KINDS = (DEAD_ACTS, ITEM_HOLDER, REALM_LOWER, HOOK_REOPENED, LOCATION_AWAY, AGE_MISMATCH, RELATION_MISMATCH, MODEL)
_HEADING_LINES = 3  # a draft's heading is among its first non-blank lines (a volume line may come first)

_ENDS = "。！？!?；;…\n"
_CLOSERS = "”」』\"'）)】"
_QUOTES = {"「": "」", "“": "”", "『": "』", "‘": "’"}
# A dead character's name in a sentence of remembrance, mourning or supposition is not the character acting.
_MEMORIAL = re.compile(r"死|亡|去世|过世|殁|尸|坟|墓|灵位|牌位|遗|生前|当年|昔日|往日|曾经|回忆|想起|记得|怀念|悼|祭|魂|鬼|梦|葬|逝|临终|"
                       r"报仇|复仇|若是|如果|要是|假如|倘若|"
                       r"\b(?:dead|died|death|grave|tomb|memory|remember(?:ed)?|late|ghost|funeral|mourn\w*|if|would have)\b",
                       re.IGNORECASE)
_SUBJECT_BEFORE = "，,、：:；;\"“”「」『』（(）)和与跟同及又便就也都" + "\n "
_POSSESSIVE_AFTER = ("的", "之", "'s", "’s")
_HOLDING = re.compile(r"握|持|拿|挥|祭出|使用|用|拔|举|佩|背着|提着|执|舞|斩|劈|刺|催动|驱使|御使|手中|手里|"
                      r"\b(?:wield\w*|hold\w*|held|grip\w*|swing\w*|swung|draw\w*|drew|rais\w*|carr\w*|us(?:e|es|ed|ing))\b",
                      re.IGNORECASE)
# Handing over, and taking off or putting away for someone (袭人从他项上摘下那通灵玉): custody, not a new owner.
_TRANSFER = re.compile(r"给|送|交|夺|抢|借|递|接过|赠|还|偷|盗|捡|拾|传|摘|取下|解下|收起|收好|藏起|替|"
                       r"\b(?:gave|give\w*|hand\w*|took|take\w*|stole|steal\w*|lend\w*|lent|borrow\w*|return\w*|pass\w*)\b",
                       re.IGNORECASE)
_BEING = re.compile(r"是|乃|为|仍|只|才|刚|已|到|达|入|晋|突破|修为|境界|实力|处于|停留|不过|仅|居然|竟|以|还|"
                    r"\b(?:is|was|were|only|still|merely|just|at|of|reached|remained)\b", re.IGNORECASE)
_NOT_ONESELF = re.compile(r"击败|打败|对手|敌|斩杀|杀|对战|面对|遇到|弟子|众人|们")
_REALM_GAP = 10
_MYSTERY = re.compile(r"谜|秘密|不知|未知|无人知晓|没人知道|不得而知|悬而未决|未解|疑团|不明|无从得知|不清楚|"
                      r"\b(?:unknown|mystery|mysterious|secret|nobody knows|no one knows|unsolved|unexplained)\b",
                      re.IGNORECASE)
_SOLVED = re.compile(r"揭晓|揭开|解开|真相大白|水落石出|早已知道|已经知道|原来|\b(?:solved|revealed|known now)\b",
                     re.IGNORECASE)
_HOOK_SUFFIXES = ("之谜", "的秘密", "的真相", "的来历", "的下落", "之秘", "谜团", "秘密", "真相", "来历", "下落")
# English books record a rank or tier as often as a realm.
_REALM_KEYS = REALM_KEYS | {"rank", "tier", "grade"}
MODEL_SENTENCES = 4  # at most this many undecided sentences go to the model


@dataclass
class Sentence:
    start: int
    end: int
    text: str
    mentions: list[tuple[int, int, dict]] = field(default_factory=list)  # sentence-relative spans


def check_text(book: "Book", text: str, chapter: int | None) -> dict:
    """{"chapter", "issues": [{"kind", "text", "span", "fact", "source"}]} from the graph checks alone; reads only.

    Canon is what was settled *before* `chapter` (a fact begun in the chapter itself is an event of
    that chapter, told in it); None checks against the facts as they stand now.
    """
    checker = _Checker(book, chapter)
    return {"chapter": chapter, "issues": checker.run(text)}


def check_source(book: "Book", text: str | None, chapter: int | None) -> tuple[str, int | None, dict]:
    """(text, chapter, report) for a draft or, without a text, for the imported chapter `chapter`.

    A draft is checked as of `chapter`, else the chapter its own heading names (第十二章 …, Chapter 12), else the
    narrative pointer's; the report says which in "chapter_from" ("given", "heading" or "pointer")."""
    origin = "given"
    if text is None:
        if chapter is None:
            raise BookError("a continuity check needs a text or a chapter number")
        row = book.archive.chapter_by_number(chapter)
        if row is None:
            raise BookError(f"no chapter {chapter} in this book")
        text = row["text"]
    elif chapter is None:
        chapter, origin = chapter_of_draft(text), "heading"
        if chapter is None:
            chapter, origin = book.plan.current_chapter(), "pointer"
    return text, chapter, {**check_text(book, text, chapter), "chapter_from": origin}


def chapter_of_draft(text: str) -> int | None:
    """The number of the chapter heading that opens a draft, in any form the importer knows; None without one."""
    lines = [line for line in text.splitlines() if line.strip()][:_HEADING_LINES]
    expected = 0  # headings open the draft: the first line that is prose ends the search
    for found in find_headings(lines, markdown=True):
        if found.line_no > expected:
            break
        if found.heading.kind == "chapter" and found.heading.number is not None:
            return found.heading.number
        expected = found.line_no + 1
    return None


def split_sentences(text: str) -> list[tuple[int, int]]:
    """(start, end) of each sentence, ending at 。！？… or a line break, closing quotes kept with it."""
    spans, start, i = [], 0, 0
    while i < len(text):
        ch = text[i]
        english_stop = ch == "." and (i + 1 == len(text) or text[i + 1] in " \n\"'”") and not text[i - 1:i].isdigit()
        if ch in _ENDS or english_stop:
            end = i + 1
            while end < len(text) and (text[end] in _CLOSERS or (text[end] in _ENDS and text[end] != "\n")):
                end += 1
            spans.append((start, end))
            start = i = end
            continue
        i += 1
    if start < len(text):
        spans.append((start, len(text)))
    trimmed = []
    for s, e in spans:
        while s < e and text[s].isspace():
            s += 1
        while e > s and text[e - 1].isspace():
            e -= 1
        if e > s:
            trimmed.append((s, e))
    return trimmed


class _Checker:
    def __init__(self, book: "Book", chapter: int | None):
        self.book = book
        self.facts = book.facts
        self.chapter = chapter
        self.zh = book.meta.language == "zh"
        self.sources = FactSources(book)
        self._surfaces = self._entity_surfaces()

    def run(self, text: str) -> list[dict]:
        sentences = [Sentence(s, e, text[s:e]) for s, e in split_sentences(text)]
        for sentence in sentences:
            sentence.mentions = self._mentions(sentence.text)
        named = {m[2]["id"]: m[2] for s in sentences for m in s.mentions}
        deaths = {eid: d for eid, e in named.items() if e["kind"] == "Character" and (d := self._death(e))}
        owners = {eid: o for eid, e in named.items() if e["kind"] == "Item" and (o := self._owners(e))}
        realms = {eid: r for eid, e in named.items() if e["kind"] == "Character" and (r := self._realm(e))}
        scales = RealmScales.for_book(self.book.archive) if realms else None
        hooks = self._resolved_hooks()
        more = PlaceAgeKinRules(self)
        issues = []
        for index, sentence in enumerate(sentences):
            issues += more.check(sentence, sentences[:index])
            issues += self._dead_acting(sentence, deaths)
            issues += self._held_by_another(sentence, owners)
            if scales is not None:
                issues += self._realm_lower(sentence, realms, scales)
            issues += self._hook_reopened(sentence, hooks)
        return sorted(issues, key=lambda issue: issue["span"][0])

    # -- finding names -----------------------------------------------------------------

    def _entity_surfaces(self) -> list[tuple[str, dict]]:
        surfaces = []
        for row in self.facts.known_names():
            if row["kind"] == "Hook":
                continue
            for spelling in dict.fromkeys([row["name"], *row["aliases"]]):
                if len(spelling) >= (3 if spelling.isascii() else 2):
                    surfaces.append((spelling.casefold(), row))
        return sorted(surfaces, key=lambda pair: -len(pair[0]))

    def _mentions(self, sentence: str) -> list[tuple[int, int, dict]]:
        """Entity mentions, longest spelling first so 林动天 is not also 林动; left to right."""
        folded = sentence.casefold()
        found = []
        for spelling, row in self._surfaces:
            at = folded.find(spelling)
            while at >= 0:
                found.append((at, at + len(spelling), row))
                folded = folded[:at] + "\0" * len(spelling) + folded[at + len(spelling):]
                at = folded.find(spelling, at + len(spelling))
        return sorted(found, key=lambda m: m[0])

    # -- canon before the chapter -----------------------------------------------------------

    def throughout(self, valid_from: int | None, valid_to: int | None) -> bool:
        """Settled before the chapter and not ended by it (as of now when there is no chapter)."""
        if self.chapter is None:
            return valid_to is None
        return (valid_from or 0) < self.chapter and (valid_to is None or valid_to > self.chapter)

    def _death(self, entity: dict) -> dict | None:
        for state in self.facts.state_history(entity["name"]):
            if state["key"].lower() in LIFE_KEYS and _says_dead(state["key"], state["value"]) \
                    and self.throughout(state["valid_from"], state["valid_to"]):
                return {**state, "entity": entity["name"]}
        return None

    def _owners(self, item: dict) -> dict | None:
        """The item's settled holders before the chapter, and who else may hold it in it (a hand-over there)."""
        rows = self.facts.execute(
            "MATCH (a)-[r:RELATES]->(b:Item {id: $id}) RETURN a.id AS holder_id, a.name AS holder, r.type AS type, "
            "r.valid_from AS valid_from, r.valid_to AS valid_to, r.settlement AS settlement, r.chunks AS chunks",
            {"id": item["id"]})
        rows = [row for row in rows if row["type"].upper() in EXCLUSIVE_TO or row["type"] in EXCLUSIVE_TO]
        settled = [row for row in rows if self.throughout(row["valid_from"], row["valid_to"])]
        if not settled:
            return None
        allowed = {row["holder_id"] for row in rows if self.chapter is None or
                   (row["valid_from"] or 0) <= self.chapter and (row["valid_to"] is None or row["valid_to"] >= self.chapter)}
        return {"settled": settled, "allowed": allowed, "item": item["name"]}

    def _realm(self, entity: dict) -> dict | None:
        before = None if self.chapter is None else self.chapter - 1
        for state in self.facts.state_history(entity["name"]):
            if state["key"].lower() not in _REALM_KEYS:
                continue
            holds = state["valid_to"] is None if before is None else (
                state["valid_from"] <= before and (state["valid_to"] is None or state["valid_to"] > before))
            if holds:
                return {**state, "entity": entity["name"]}
        return None

    def _resolved_hooks(self) -> list[dict]:
        as_of = None if self.chapter is None else self.chapter - 1
        names = {row["id"]: row for row in self.facts.known_names() if row["kind"] == "Hook"}
        hooks = []
        for hook in self.facts.hooks(as_of):
            if hook["status"] != "Resolved":
                continue
            spellings = [hook["name"], *names.get(hook["id"], {}).get("aliases", [])]
            for spelling in list(spellings):
                for suffix in _HOOK_SUFFIXES:
                    core = spelling.removesuffix(suffix)
                    if core != spelling and len(core) >= 2:
                        spellings.append(core)
            hooks.append({**hook, "spellings": sorted(set(spellings), key=len, reverse=True)})
        return hooks

    # -- the four rules ---------------------------------------------------------------------

    def _dead_acting(self, sentence: Sentence, deaths: dict[str, dict]) -> list[dict]:
        if not deaths or _MEMORIAL.search(sentence.text):
            return []
        quoted = _quoted_positions(sentence.text)
        for start, end, entity in sentence.mentions:
            death = deaths.get(entity["id"])
            if death is None or start in quoted or not _as_subject(sentence.text, start, end):
                continue
            fact = (f"{death['entity']} 已死（{death['key']}={death['value']}，自第{death['valid_from']}章）" if self.zh
                    else f"{death['entity']} is dead ({death['key']}={death['value']}, from chapter {death['valid_from']})")
            return [self._issue(DEAD_ACTS, sentence, fact, death, state_match(death["entity"], death["key"]))]
        return []

    def _held_by_another(self, sentence: Sentence, owners: dict[str, dict]) -> list[dict]:
        if not owners or not _HOLDING.search(sentence.text) or _TRANSFER.search(sentence.text):
            return []
        quoted = _quoted_positions(sentence.text)
        mentioned = {entity["id"] for _, _, entity in sentence.mentions}
        issues = []
        for start, _, entity in sentence.mentions:
            owned = owners.get(entity["id"])
            if owned is None or mentioned & {row["holder_id"] for row in owned["settled"]}:
                continue
            holder = _nearest_before(sentence.mentions, start, lambda e: e["kind"] == "Character"
                                     and e["id"] not in owned["allowed"])
            if holder is None or holder[0] in quoted:
                continue
            settled = owned["settled"][-1]
            fact = (f"{settled['holder']} {settled['type']} {owned['item']}（自第{settled['valid_from']}章）" if self.zh
                    else f"{settled['holder']} {settled['type']} {owned['item']} (from chapter {settled['valid_from']})")
            match = relation_match(settled["type"], settled["holder"], owned["item"])
            issues.append(self._issue(ITEM_HOLDER, sentence, fact, settled, match, holder=holder[2]["name"]))
        return issues

    def _realm_lower(self, sentence: Sentence, realms: dict[str, dict], scales: RealmScales) -> list[dict]:
        issues = []
        for r_start, _, words, rank in scales.find(sentence.text):
            owner = _nearest_before(sentence.mentions, r_start, lambda e: e["kind"] == "Character")
            if owner is None or owner[2]["id"] not in realms:
                continue
            gap = sentence.text[owner[1]:r_start]
            if len(gap) > _REALM_GAP or (gap and not _BEING.search(gap)) or _NOT_ONESELF.search(gap):
                continue
            reached = realms[owner[2]["id"]]
            reached_rank = scales.rank(reached["value"])
            if reached_rank is None or not rank.below(reached_rank):
                continue
            fact = (f"{reached['entity']} {reached['key']}={reached['value']}（自第{reached['valid_from']}章）" if self.zh
                    else f"{reached['entity']} {reached['key']}={reached['value']} (from chapter {reached['valid_from']})")
            match = state_match(reached["entity"], reached["key"])
            issues.append(self._issue(REALM_LOWER, sentence, fact, reached, match, said=words))
        return issues

    def _hook_reopened(self, sentence: Sentence, hooks: list[dict]) -> list[dict]:
        if not hooks or _SOLVED.search(sentence.text):
            return []
        for hook in hooks:
            spelling = next((s for s in hook["spellings"] if s in sentence.text), None)
            if spelling is None:
                continue
            at = sentence.text.find(spelling)
            rest = sentence.text[:at] + " " * len(spelling) + sentence.text[at + len(spelling):]
            if not _MYSTERY.search(rest):
                continue
            fact = (f"伏笔「{hook['name']}」已在第{hook['resolved_in']}章揭晓" if self.zh
                    else f"hook {hook['name']!r} was resolved in chapter {hook['resolved_in']}")
            row = {**hook, "valid_from": hook["resolved_in"], "settlement": self._resolver(hook) or hook["settlement"]}
            return [self._issue(HOOK_REOPENED, sentence, fact, row,
                                lambda section, item: section == "hooks" and item.get("name") == hook["name"])]
        return []

    def _resolver(self, hook: dict) -> int | None:
        """The applied settlement that resolved the hook (the hook node records only the one that planted it)."""
        for entry in reversed(self.book.journal.entries(("applied",))):
            for item in (entry.get("document") or {}).get("hooks", []):
                if item.get("name") == hook["name"] and item.get("status") == "Resolved":
                    return entry["id"]
        return None

    # -- reporting --------------------------------------------------------------------------

    def _issue(self, kind: str, sentence: Sentence, fact: str, row: dict, match, **extra: Any) -> dict:
        return self.issue(kind, sentence, fact, self.sources.of(row, match), **extra)

    def issue(self, kind: str, sentence: Sentence, fact: str, source: dict, **extra: Any) -> dict:
        """{"kind", "text", "span", "fact", "source", …}: the sentence, what canon says, and where canon got it."""
        return {"kind": kind, "text": sentence.text, "span": [sentence.start, sentence.end], "fact": fact,
                "source": source, **extra}


def _says_dead(key: str, value: Any) -> bool:
    """is_dead, and also the extractor's own way of saying it: alive=dead, 存活=死亡."""
    return is_dead(key, value) or str(value).strip().lower() in DEAD_VALUES


def _quoted_positions(text: str) -> set[int]:
    """Positions inside quotation marks: a name said in dialogue is talk about someone, not the someone acting."""
    inside, closer, positions = False, "", set()
    for i, ch in enumerate(text):
        if not inside and ch in _QUOTES:
            inside, closer = True, _QUOTES[ch]
        elif inside and ch == closer:
            inside = False
        elif inside:
            positions.add(i)
    return positions


def _as_subject(text: str, start: int, end: int) -> bool:
    """The name opens a clause and is not possessive: 张三提剑…, 这时，张三…; not 张三的墓, 杀了张三."""
    if text[end:].startswith(_POSSESSIVE_AFTER):
        return False
    return start == 0 or text[start - 1] in _SUBJECT_BEFORE


def _nearest_before(mentions: list[tuple[int, int, dict]], position: int, wanted) -> tuple[int, int, dict] | None:
    """The closest mention ending before `position` that `wanted` accepts."""
    before = [m for m in mentions if m[1] <= position and wanted(m[2])]
    return before[-1] if before else None


# -- the model, for what the rules cannot decide ---------------------------------------------------


def undecided_sentences(book: "Book", text: str, chapter: int | None, report: dict,
                        limit: int = MODEL_SENTENCES) -> list[dict]:
    """Sentences naming an entity with settled facts that no rule flagged: what the model may judge."""
    checker = _Checker(book, chapter)
    flagged = {tuple(issue["span"]) for issue in report["issues"]}
    as_of = None if chapter is None else chapter - 1
    out = []
    for start, end in split_sentences(text):
        if (start, end) in flagged:
            continue
        facts: list[str] = []
        for _, _, entity in checker._mentions(text[start:end]):
            snap = book.facts.snapshot(as_of=as_of, entity=entity["name"])
            for row in snap["entities"]:
                facts += [f"{row['name']} {k}={v}" for k, v in row["attributes"].items()]
            facts += [f"{r['from']} {r['type']} {r['to']}" for r in snap["relations"]]
        if facts:
            out.append({"span": [start, end], "text": text[start:end], "facts": list(dict.fromkeys(facts))[:8]})
        if len(out) >= limit:
            break
    return out


def verdict_schema() -> dict:
    return {"type": "object", "properties": {"contradicts": {"type": "boolean"},
                                             "fact": {"type": "string", "maxLength": 80}},
            "required": ["contradicts", "fact"], "additionalProperties": False}


async def check_with_model(llm: "LLM", undecided: list[dict], zh: bool, *,
                           cancel: "CancelToken | None" = None) -> list[dict]:
    """Ask the model, sentence by sentence, whether it contradicts the listed facts; its yes answers as issues."""
    issues = []
    for item in undecided:
        facts = "\n".join(f"- {fact}" for fact in item["facts"])
        question = (f"已定事实：\n{facts}\n\n句子：{item['text']}\n这个句子与已定事实矛盾吗？fact 写出被违反的那条事实（没有就留空）。"
                    if zh else f"Settled facts:\n{facts}\n\nSentence: {item['text']}\nDoes the sentence contradict "
                    "a settled fact? In fact, quote the fact it breaks (empty if none).")
        doc = await llm.complete_json([{"role": "user", "content": question}], verdict_schema(), max_tokens=96,
                                      temperature=0.1, seed=0, cancel=cancel)
        if doc.get("contradicts"):
            issues.append({"kind": MODEL, "text": item["text"], "span": item["span"],
                           "fact": doc.get("fact") or "", "source": {"from": "model"}})
    return issues
