"""Pass 2: the kind of every candidate — canon first, then the wording's strong signals, the model for the rest.

The model answers one tiny question per undecided name (an enum of six words, shown the sentence the
name is in), which a 0.5B model does far better than labelling a list at once.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import TYPE_CHECKING

from desktop.engine.prompts.extraction import kind_messages
from desktop.tasks.pipeline import lexicon as lx
from desktop.tasks.pipeline import usage
from desktop.tasks.pipeline import world_names as wn
from desktop.tasks.pipeline.candidates import Candidates
from desktop.tasks.pipeline.segmenter import dictionary_entry
from desktop.tasks.pipeline.statements import Statement

if TYPE_CHECKING:
    from desktop.engine.llm import LLM
    from desktop.progress import CancelToken

KINDS = ("Character", "Location", "Item", "Faction", "Ability")
NONE = "none"
_SCHEMA = {"type": "object", "additionalProperties": False, "required": ["kind"],
           "properties": {"kind": {"enum": [*KINDS, NONE]}}}
CONFIDENT = 1.0  # a hint this strong (a suffix, a title, an introduction, a person tag) needs no model
MAX_MODEL_CALLS = 16


async def decide(cands: Candidates, statements: list[Statement], llm: "LLM | None", *, zh: bool,
                 cancel: "CancelToken | None" = None, seed: int = 0, confident_only: bool = False) -> dict[str, str]:
    """name → kind for every candidate that is a thing of the story; names judged 'none' are left out.
    `confident_only`: names the wording leaves open are dropped instead of asked about."""
    kinds: dict[str, str] = {}
    undecided: list[str] = []
    for name, cand in cands.items():
        if cand.canon_kind:
            kinds[name] = cand.canon_kind
            continue
        kind, weight = cand.best_hint
        # (a novel's narration goes to and from people's homes too: there the form and the model decide)
        tally = Counter() if confident_only else \
            usage.votes([name, *cand.aliases, *(a for a, n in cands.alias_of.items() if n == name)], statements)
        said = usage.settled(tally)
        if zh and kind == "Location" and _a_person_s_name(name, tally):
            kind, weight = "Character", max(weight, CONFIDENT)  # 岳鸣泉, 郝振山: a surname and a given name, no spring
        if said and zh and kind == "Character" and lx.surnamed(name):
            said = None  # 贾雨村 is a man, whatever his 村 and his comings and goings say
        if said and (weight < CONFIDENT or _outvoted(name, kind, weight, tally)):
            kinds[name] = said  # 投了血衣楼 … 血衣楼的人: what the talk does with it says what it is
        elif kind and weight >= CONFIDENT:
            kinds[name] = kind
        elif not confident_only:
            undecided.append(name)
    text = "\n".join(st.quote for st in statements)
    for name in [n for n, k in kinds.items() if not cands[n].canon_kind and (k == "Character" and _a_class(n, text)
                                                                           or not zh and _one_of_a_kind(n, text)
                                                                           or not zh and k != "Location"
                                                                           and _only_before_a_noun(n, text))]:
        del kinds[name]  # "the Novas", "the Wardens", "a Goan", "an Orkneyman": a class of people, nobody in particular
    undecided = [n for n in undecided if not _a_class(n, text) and (zh or not _one_of_a_kind(n, text))]
    for name in undecided[:MAX_MODEL_CALLS]:
        cand = cands[name]
        sentence = next((s.quote for s in statements if s.index in cand.mentions), name)
        kind = await _ask(llm, name, sentence, zh, cancel, seed) if llm is not None else NONE
        hinted, weight = cand.best_hint
        if zh and hinted == "Character" and len(name) == 3 and lx.surnamed(name) and kind in ("Location", "Item"):
            kind = hinted  # 关德海, 余长海, 郑明珠: a surname and a given name ending like a sea or a pearl; not a sea
        if zh and weight < 1.0 and kind != hinted:
            continue  # a word segmentation guessed was a name (冷笑, 爱慕): kept only if the model agrees
        if not zh and hinted is None and len(cand.mentions) < 3:
            continue  # "Ushant", "the Tiergarten": a capitalised word nothing marks, said in passing (twice at most)
        if kind == NONE and hinted and (llm is None or weight >= 0.5 and not zh):
            kind = hinted  # no model to ask; or an English capitalised word the model misread
        if kind != NONE:
            kinds[name] = kind
    for name in [n for n, k in kinds.items() if not cands[n].canon_kind and (k in ("Character", "Item") or k == "Faction"
                                                                            and n.split()[-1].lower() not in lx.EN_HEAD_KINDS)]:
        # (not Keystone of Keystone Petroleum, nor the Bingley the talk calls Mr. Bingley)
        if not zh and wn.real_place(name) and not any(o.startswith(name + " ") for o in cands) \
                and not re.search(rf"\b(?:{_TITLES})\.?\s+{re.escape(name)}\b", text, re.I):
            kinds[name] = "Location"  # "Tomás jumped ship at Talcahuano": a port, whoever the wording made of it
        elif not zh and wn.on_the_map(name) and re.search(rf"\b{_THERE}\s+{re.escape(name)}\b(?!['’]s|\s+(?-i:[A-Z]))", text, re.I) \
                and not any(o.startswith(name + " ") for o in cands):
            kinds[name] = "Location"  # "Dewey comes up from Selma", "the legions march on Rome": Selma the town
    return kinds


# the words before a place one comes from, lives in or goes to — not a bare "to", "from" or "in": "gives it to
# Florence", "a letter from Jordan", "confides in Paris"
_THERE = r"(?:(?:back|down|up|out|over|moved?|moves|went|go|goes|came|comes?|sail(?:s|ed)?|fled|flees|fly|flies|flew|" \
    r"drives?|drove|returns?|returned|heads?|headed|travels?|travell?ed|shipped) (?:to|from|in)|" \
    r"(?:is|['’]s|was|born|hails|arrives?|arrived) from|" \
    r"(?:lives?|lived|living|born|based|stays?|stayed|settles?|settled|works?|worked|grew up|died|dies|arrives?|arrived) in|" \
    r"(?:sails?|sailed|leaves?|left|bound|heads?|headed) for|(?:towed|taken|shipped|posted|transferred) to|march(?:es|ed)? on)"
_TITLES = "|".join(re.escape(t) for t in lx.EN_PERSON_TITLES)


def _a_person_s_name(name: str, tally: Counter) -> bool:
    """岳鸣泉, 郝振山, 周德海: a surname, then a given name whose last character ends places too — a person, unless
    the dictionary knows it as a word or the talk goes there."""
    return len(name) == 3 and name[0] in lx.ZH_SURNAMES and name[0] not in _PLACE_OPENERS \
        and name[-1] in _GIVEN_NAME_ENDS and not tally.get("Location") and dictionary_entry(name)[0] == 0


# how given names end that place names end too (not 城, 岭 or 渊: 白骨城 and 万骨渊 are places) …
_GIVEN_NAME_ENDS = frozenset("山峰海泉林江河湖涛溪")
# … and surnames that open place names more often than people's (白石岭, 万剑山, 青云峰)
_PLACE_OPENERS = frozenset("白黑青红金万千百石")


def _a_class(name: str, text: str) -> bool:
    return " " not in name and name.isascii() and len(name) > 3 and name.endswith("s") \
        and not name.endswith(("ss", "us", "is")) and re.search(rf"\bthe {re.escape(name)}\b", text, re.I) is not None


def _one_of_a_kind(name: str, text: str) -> bool:
    """"a Goan who played trumpet", "an Orkneyman", "a Methodist chapel", "a Renault": a word the talk only ever
    says after "a" or "an" names a kind of person or thing, never one of them."""
    if " " in name or not name.isascii():
        return False
    said = [m.start() for m in re.finditer(rf"\b{re.escape(name)}\b", text)]
    return bool(said) and all(re.search(r"\b(?:a|an|A|An)\s+(?:[a-z\-]+\s+)?$", text[max(0, at - 24):at]) for at in said)


def _only_before_a_noun(name: str, text: str) -> bool:
    """"the Venetian engineers", "Ottoman cannon", "a Soviet officer": a word the talk only ever sets before a
    lowercase word, and no one's given name or surname, describes — it names no one (a place may: "Lisbon
    bullion dealer" is the decider's to keep)."""
    if " " in name or not name.isascii() or wn.en_given_name(name) or wn.en_surname(name):
        return False
    said = [m.end() for m in re.finditer(rf"\b{re.escape(name)}\b", text)]
    return bool(said) and all(re.match(r" [a-z]{3,}", text[at:at + 20]) for at in said)


def _outvoted(name: str, kind: str | None, weight: float, tally) -> bool:
    """A guess from the name's form gives way to its company where the form is ambiguous: 楼 and "House" end
    sects and buildings alike (a sect is gone to as well, so a place needs more saying); a lone capitalised
    word was only guessed to be someone."""
    if kind != "Character" and lx.surnamed(name) and len(name) == 3 and usage.settled(tally) == "Character":
        return True  # 岳千峰, 骆文渊: 峰 and 渊 end mountains and given names alike; 大弟子岳千峰 is a man
    if {kind, usage.settled(tally)} == {"Faction", "Location"}:
        return usage.settled(tally, 1.0 if kind == "Location" else 2.0) is not None and _shared_form(name)
    if kind == "Character" and " " in name and name.isascii() and weight <= 1.0:
        # "The Free Lanes are the rebel shipping co-op": no Mr Lanes (but Frank Tessaro, who runs Tessaro
        # Construction, is a man)
        words = name.split()
        return usage.settled(tally) == "Faction" and not (wn.en_given_name(words[0]) and len(words) == 2
                                                          and words[-1].lower() not in lx.EN_HEAD_KINDS)
    return kind == "Character" and " " not in name and name.isascii() and weight <= 1.5 \
        and usage.settled(tally, 2.0) not in (None, "Character")


def _shared_form(name: str) -> bool:
    """Does the name end like both a sect and a place (血衣楼, 天机阁, "the Red House")?"""
    return name.endswith(_EITHER_ZH) or name.rsplit(" ", 1)[-1].lower() in _EITHER_EN or " " not in name and name.isascii()


_EITHER_ZH = tuple("楼阁殿宫门堂府寨山谷岛庄城寺观庙塔")
_EITHER_EN = frozenset(("house", "hall", "court", "tower", "temple", "abbey", "keep", "hold", "lodge", "priory"))


async def _ask(llm: "LLM", name: str, sentence: str, zh: bool, cancel, seed: int) -> str:
    answer = await llm.complete_json(kind_messages(name, sentence, zh), _SCHEMA, max_tokens=24,
                                     temperature=0.0, seed=seed, cancel=cancel)
    kind = answer.get("kind") if isinstance(answer, dict) else None
    return kind if kind in (*KINDS, NONE) else NONE


def describe(kinds: dict[str, str]) -> str:
    return json.dumps(kinds, ensure_ascii=False)
