"""Which sentences of the chapters already written rely on a fact that is about to change: the old owner holding
the item, the dead character acting, the old relation named, the old value stated. One rule per kind of fact,
each precise rather than eager: a bare mention is not reliance."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from desktop.tasks.continuity import (_HOLDING, _HOOK_SUFFIXES, _MEMORIAL, _MYSTERY, _SOLVED, _TRANSFER, _as_subject,
                                      _quoted_positions, split_sentences)

if TYPE_CHECKING:
    from desktop.book.book import Book

DEAD_ACTS, OLD_OWNER, OLD_RELATION, OLD_VALUE, HOOK_OPEN, DEATH_TOLD, HOOK_SOLVED, NAMED = (
    "dead_acts", "old_owner_holds", "old_relation_named", "old_value_stated", "hook_treated_as_open",
    "death_told", "hook_treated_as_solved", "names_removed_entity")
RULES = (DEAD_ACTS, OLD_OWNER, OLD_RELATION, OLD_VALUE, HOOK_OPEN, DEATH_TOLD, HOOK_SOLVED, NAMED)
QUOTE_CHARS = 160  # a quote longer than this is cut around its mention
_GAP = 14  # characters between the holder and the item, or the entity and its old value, in one clause
_CLAUSE_END = re.compile(r"[。！？!?；;\n]")
_DEATH = re.compile(r"死|亡|去世|过世|殁|尸|坟|墓|灵位|牌位|遗体|遗物|遗言|生前|悼|祭|葬|逝|陨落|阵亡|身亡|"
                    r"\b(?:dead|died|death|grave|tomb|funeral|late|corpse|mourn\w*|buried|killed)\b", re.IGNORECASE)
# Spoken or idiomatic death words that tell no death: 作死, 要死了, 死心, 拼死 …
_NOT_DEATH = re.compile(r"作死|要死|该死|找死|寻死|死活|死心|死命|死劲|拼死|半死|死皮|死守|死死|死板|死对头|死不|"
                        r"笑死|急死|气死|吓死|累死|饿死了|想死|死鬼|\b(?:to death|dead tired|dead set)\b", re.IGNORECASE)
# Holding the way prose says it beyond the continuity check's verbs: worn, hung, carried on the body.
_WEARING = re.compile(r"戴|摘|挂|系着|揣|怀里|怀中|身上|项上|\b(?:wear\w*|wore|carr\w*)\b", re.IGNORECASE)
# Words that name a relation in prose, by relation type: a sentence naming both ends and one of these relies on it.
_RELATION_WORDS = {
    "MARRIED_TO": r"妻|夫|娘子|相公|夫人|成亲|婚|\b(?:wife|husband|married|spouse)\b",
    "MASTER_OF": r"师父|师尊|师傅|徒弟|徒儿|弟子|为师|恩师|\b(?:master|disciple|apprentice|pupil)\b",
    "SENIOR_OF": r"师兄|师姐|师弟|师妹|\b(?:senior|junior)\b",
    "PARENT_OF": r"父|母|爹|娘|儿|女|\b(?:father|mother|son|daughter|parent)\b",
    "SIBLING_OF": r"兄|弟|姐|妹|哥|\b(?:brother|sister|sibling)\b",
    "LOVES": r"爱|情|心上人|\b(?:love[sd]?|beloved|darling)\b",
    "HATES": r"恨|仇|\b(?:hate[sd]?|enemy|grudge)\b",
    "ALLY_OF": r"盟|同伴|并肩|联手|\b(?:ally|allies|allied|together)\b",
    "SERVES": r"主人|主上|侍|仆|奉命|效忠|\b(?:serve[sd]?|servant|lord|master)\b",
    "MEMBER_OF": r"弟子|长老|门下|门人|成员|加入|\b(?:member|joined|belongs?)\b",
    "LEADS": r"宗主|掌门|首领|帮主|统领|率领|\b(?:leads?|leader|head|chief)\b",
    "LOCATED_IN": r"在|住|居|回到|留在|\b(?:in|at|lives?|stays?)\b",
}
_RELATION_WORDS["LIVES_IN"] = _RELATION_WORDS["IS_AT"] = _RELATION_WORDS["LOCATED_IN"]


@dataclass
class Change:
    """One fact the settlement (or the undo) takes away, and which sentences would rely on it."""

    path: str  # the review item it comes from ("ends/0"), or the undone row ("relations/+0")
    rule: str  # one of RULES
    fact: str  # the old fact, one short line
    anchor: dict  # the entity whose mention makes a sentence a candidate: {"kind", "id", "name", "aliases"}
    first: int = 0  # chapters from this one on rely on the old fact
    other: dict | None = None  # the item held, the other end of the relation
    value: Any = None  # the old value of a state, the relation's type
    spellings: tuple[str, ...] = field(default=())  # what the anchor is called in text (hooks: without 之谜 …)

    def names(self) -> list[str]:
        return [e["name"] for e in (self.anchor, self.other) if e is not None and e.get("kind") != "Hook"]


def spellings_of(entity: dict) -> tuple[str, ...]:
    """Names a mention can be found by: the name and aliases long enough not to hide inside other words;
    a hook also by its core (玉佩之谜 → 玉佩)."""
    names = [entity["name"], *(entity.get("aliases") or [])]
    if entity.get("kind") == "Hook":
        names += [n.removesuffix(s) for n in list(names) for s in _HOOK_SUFFIXES if n.endswith(s)]
    return tuple(sorted({n for n in names if len(n) >= (3 if n.isascii() else 2)}, key=len, reverse=True))


class ChapterText:
    """Chapters after a point that hold a name, read once each, split into sentences once each."""

    def __init__(self, book: "Book"):
        self.archive = book.archive
        self._headings = {row["id"]: row for row in self.archive.chapter_headings()}
        self._sentences: dict[int, list[tuple[int, int, str]]] = {}

    def holding(self, spellings: tuple[str, ...], first: int) -> list[dict]:
        """Headings ({"id", "number", "title"}) of chapters numbered `first` or later whose text holds a spelling."""
        ids: set[int] = set()
        for spelling in spellings:
            ids |= set(self.archive.chapters_holding(spelling, chapters=(first, 2**62)))
        return sorted((self._headings[i] for i in ids if i in self._headings), key=lambda row: row["number"])

    def sentences(self, number: int) -> list[tuple[int, int, str]]:
        if number not in self._sentences:
            row = self.archive.chapter_by_number(number)
            text = row["text"] if row else ""
            self._sentences[number] = [(s, e, text[s:e]) for s, e in split_sentences(text)]
        return self._sentences[number]


def quotes_in(chapters: ChapterText, change: Change) -> list[dict]:
    """Every sentence, in every chapter from change.first on, that relies on the old fact:
    [{"chapter", "title", "text", "span", "rule", "path", "score"}]."""
    spellings = change.spellings or spellings_of(change.anchor)
    found = []
    for heading in chapters.holding(spellings, change.first):
        per_chapter = 0
        for start, end, text in chapters.sentences(heading["number"]):
            score = _score(change, text, spellings)
            if not score:
                continue
            found.append({"chapter": heading["number"], "title": heading.get("title") or "",
                          "text": _shorten(text, spellings), "span": [start, end], "rule": change.rule,
                          "path": change.path, "score": score})
            per_chapter += 1
            if change.rule == NAMED and per_chapter:  # a removed name: one sentence says the chapter uses it
                break
    return found


def _score(change: Change, text: str, spellings: tuple[str, ...]) -> int:
    """How surely the sentence relies on the old fact: 3 states it, 2 names it, 1 uses the name; 0 not at all."""
    mentions = _find(text, spellings)
    if not mentions:
        return 0
    rule = change.rule
    if rule == DEAD_ACTS:
        if _MEMORIAL.search(text):
            return 0
        quoted = _quoted_positions(text)
        return 3 if any(s not in quoted and _as_subject(text, s, e) for s, e in mentions) else 0
    if rule == DEATH_TOLD:
        return 3 if _tells_death(text, mentions) else 0
    if rule == OLD_OWNER:
        items = _find(text, spellings_of(change.other))
        holders = [h for h in mentions if not any(i_s <= h[0] < i_e for i_s, i_e in items)]  # 宝玉 in 通灵宝玉
        return _holds(text, holders, items)
    if rule == OLD_RELATION:
        return _relation_named(text, change)
    if rule == OLD_VALUE:
        return _value_stated(text, mentions, change.value)
    if rule in (HOOK_OPEN, HOOK_SOLVED):
        rest = text
        for s, e in mentions:
            rest = rest[:s] + " " * (e - s) + rest[e:]
        if rule == HOOK_OPEN:
            return 2 if _MYSTERY.search(rest) and not _SOLVED.search(text) else 0
        return 2 if _SOLVED.search(rest) else 0
    return 1 if rule == NAMED else 0


def _tells_death(text: str, mentions: list[tuple[int, int]]) -> bool:
    """A death word in the narration, not in someone's speech and not an idiom (作死, 吓死, dead tired)."""
    quoted = _quoted_positions(text)
    idioms = [m.span() for m in _NOT_DEATH.finditer(text)]
    return any(m.start() not in quoted and not any(s <= m.start() < e for s, e in idioms)
               and any(_near(text, m.start(), m.end(), s, e) for s, e in mentions)
               for m in _DEATH.finditer(text))


def _near(text: str, start: int, end: int, other_start: int, other_end: int) -> bool:
    """Two spans within one clause and _GAP characters of each other."""
    gap = text[other_end:start] if other_end <= start else text[end:other_start]
    return len(gap) <= _GAP and not _CLAUSE_END.search(gap) and "，" not in gap and "," not in gap


def _holds(text: str, holders: list[tuple[int, int]], items: list[tuple[int, int]]) -> int:
    """The holder named, then within one clause the item, with a holding word or a possessive between them."""
    if not items or _TRANSFER.search(text):
        return 0
    quoted = _quoted_positions(text)
    for h_start, h_end in holders:
        if h_start in quoted:
            continue
        for i_start, _ in items:
            gap = text[h_end:i_start]
            if i_start < h_end or len(gap) > _GAP or _CLAUSE_END.search(gap):
                continue
            if _HOLDING.search(gap) or _WEARING.search(gap):
                return 3
            if gap in ("的", "之", "'s ", "’s "):
                return 2
    return 0


def _relation_named(text: str, change: Change) -> int:
    if change.other is None or not _find(text, spellings_of(change.other)):
        return 0
    kind = str(change.value or "")
    words = _RELATION_WORDS.get(kind.upper())
    if words is not None:
        return 2 if re.search(words, text, re.IGNORECASE) else 0
    # A relation type the vocabulary does not know: its own words (师徒, 结义) when it is written in them.
    return 2 if not kind.isascii() and kind in text else 0


def _value_stated(text: str, mentions: list[tuple[int, int]], value: Any) -> int:
    if not isinstance(value, str) or len(value) < (3 if value.isascii() else 2):
        return 0
    at = text.casefold().find(value.casefold())
    if at < 0:
        return 0
    near = any(e <= at and at - e <= _GAP and not _CLAUSE_END.search(text[e:at]) for _, e in mentions)
    return 3 if near else 2


def _find(text: str, spellings: tuple[str, ...]) -> list[tuple[int, int]]:
    """Spans of the spellings in the sentence, longest spelling first, never overlapping."""
    folded, spans = text.casefold(), []
    for spelling in spellings:
        wanted = spelling.casefold()
        at = folded.find(wanted)
        while at >= 0:
            if not wanted.isascii() or _word_bounded(folded, at, at + len(wanted)):
                spans.append((at, at + len(wanted)))
                folded = folded[:at] + "\0" * len(wanted) + folded[at + len(wanted):]
            at = folded.find(wanted, at + len(wanted))
    return sorted(spans)


def _word_bounded(text: str, start: int, end: int) -> bool:
    return (start == 0 or not text[start - 1].isalnum()) and (end == len(text) or not text[end].isalnum())


def _shorten(text: str, spellings: tuple[str, ...]) -> str:
    if len(text) <= QUOTE_CHARS:
        return text
    spans = _find(text, spellings)
    centre = spans[0][0] if spans else 0
    start = max(0, min(centre - QUOTE_CHARS // 3, len(text) - QUOTE_CHARS))
    cut = text[start:start + QUOTE_CHARS]
    return ("…" if start else "") + cut + ("…" if start + QUOTE_CHARS < len(text) else "")
