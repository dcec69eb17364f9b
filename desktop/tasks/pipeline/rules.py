"""Pass 3a: relations, ownership changes and states read from one statement's wording, between known names.

Each finding names the statement it came from; the decision pass later weighs statements against each
other. Patterns are the language's general forms ("A是B的师兄", "A steals B from C"), never story text.
"""

from __future__ import annotations

import re

from desktop.importing.split import number_in
from desktop.tasks.pipeline import lexicon as lx
from desktop.tasks.pipeline.chinese import CLASSICAL_ROLES, ChineseRules
from desktop.tasks.pipeline.chinese_states import ChineseStates
from desktop.tasks.pipeline.english import POST_BEFORE_NAME, EnglishRules
from desktop.tasks.pipeline.english_asides import EnglishAsides
from desktop.tasks.pipeline.english_states import EnglishStates, is_post
from desktop.tasks.pipeline.findings import Finding, role_after
from desktop.tasks.pipeline.statements import Statement
from desktop.tasks.pipeline.zh_ties import ChineseTies

__all__ = ["Finding", "Reader", "spans", "statement_chapter"]

CJK = "\u4e00-\u9fff"


class Reader(ChineseRules, ChineseTies, ChineseStates, EnglishRules, EnglishAsides, EnglishStates):
    """Reads findings out of statements, given each candidate's kind and who owns what in canon."""

    def __init__(self, kinds: dict[str, str], owners: dict[str, str], chapter: int | None,
                 aliases: dict[str, list[str]] | None = None, rungs: frozenset[str] = frozenset()):
        self.kinds = kinds
        self.rungs = rungs  # the talk's own ladder of ranks (grades.ladder)
        self.owners = owners  # item → its current owner in canon
        self.chapter = chapter
        self._forms = {name: tuple(forms) for name, forms in (aliases or {}).items()}
        self._when: int | None = None
        self._carried: int | None = None
        # factions, each once, in the order the talk last mentioned them: "家主是X" speaks of the latest
        self._factions: dict[str, None] = {}
        self._children: list[str] = []  # the children the talk named last: "孩子的娘是X" speaks of them
        self.holders: dict[str, str] = {}  # item → who the talk last gave it to ("被周建国偷了，转手卖给方志诚")
        self.held_here: dict[str, str] = {}  # … the same, within the statement being read
        self.in_passing: set[tuple[str, str]] = set()  # (holder, item) held only in passing within that statement

    def read(self, st: Statement) -> list[Finding]:
        out: list[Finding] = []
        zh = bool(re.search(rf"[{CJK}]", st.text))
        spans = self._spans(st)
        said = statement_chapter(st.text)
        if said is not None:
            self._carried = said  # "第45章要死一个人……当场就没了": later sentences speak of that chapter
        self._when = said if said is not None else self._carried
        subject = st.focus
        last_person = previous_person = None
        last_actors: list[str] = []
        asides = [(m.start(), m.end()) for m in re.finditer(r"[（(][^（）()]*[）)]", st.text)]
        topic: str | None = None  # "爷爷那支朱砂笔，…，11章…就到了顾九手里": the thing the clauses after go on about
        self.held_here, self.in_passing = {}, set()  # who this statement gave a thing to; who only held it in passing
        for clause in _clauses(st.text, zh, spans):
            local = [(n, s, e) for n, s, e in spans if s >= clause[0] and e <= clause[1]]
            went_on = subject  # who the sentence was about before this clause
            items = [(n, s, e) for n, s, e in local if self.kind(n) == "Item"]
            thing = [(topic, clause[0], clause[0])] if zh and topic and not items else []
            if zh and items and items[-1] == local[-1] and clause[1] - items[-1][2] <= 2 and _TOPIC_THING.fullmatch(
                    st.text, local[-2][2] if len(local) > 1 else clause[0], items[-1][1]):
                topic = items[-1][0]  # (the thing said as the clause's topic: "爷爷那支朱砂笔，", "霁红釉方：")
            # "被厉无咎一掌震碎心脉，当场身亡": who did it is not who the sentence goes on about
            # … and one named in brackets ("师从玄衡真人（林照不拜入其门下）") is an aside, not who goes on
            people = [n for n, s, _ in local if self.kind(n) == "Character" and not st.text[:s].endswith("被")
                      and not any(a < s < b for a, b in asides)]
            # "彭远山跟厉无咎硬拼" goes on about 彭远山; "还有个妹妹苏雨，十二岁" about 苏雨
            # … and "杜文渊：首辅、顾长庚座师" is about 杜文渊: one named before their kin or pupil's word is its owner
            actors = [n for n, s, e in local if n in people and not st.text[:s].endswith(_OBJECT_MARKS)
                      and not (_POSSESSOR if zh else _POSSESSOR_EN).match(st.text, e)]
            carried = last_person if zh and not people and last_person else subject
            if zh and not people and last_actors and _PASSIVE_OPEN.match(st.text, clause[0]):
                carried = last_actors[0]  # "马爷护着温乔，被祁大彪一刀捅死": who is struck is who the sentence is about
            # "…，慕容烈的原配": a clause that is only "X的<role>" says who the subject is (not "尤氏的母亲并…都吃毕饭")
            role = role_after(st.text[local[0][2]:local[0][2] + 8], "的") if local and zh else None
            if local and zh and role is None and st.text[local[0][2]:local[0][2] + 2] in CLASSICAL_ROLES:
                role = st.text[local[0][2]:local[0][2] + 2]  # "许承泽，许怀山之子，…"
            # (… and "城主司徒敬之女": the parent's title may come first)
            appositive = role is not None and (local[0][1] == clause[0] or st.text[clause[0]:local[0][1]].strip() in
                                               _TITLES_ZH) and st.text[local[0][2]:clause[1]].rstrip("。！!；; ").endswith(role)
            last_actors = actors or last_actors
            if not appositive:  # "云夫人，褚天衡的结发妻子，…就病故了": who died is still 云夫人
                # "贺千山…后背硬吃了屠七一刀，没撑到天亮就断气了": one named only as an object doesn't take over
                last_person = actors[-1] if actors else (last_person or people[-1]) if people else last_person
            # "…, 24, apprenticed to Ashdown, carries the Compass": in English a person after the clause's verb is
            # its object, and the subject goes on
            before = st.text[clause[0]:next(s for n, s, _ in local if n == people[0])].strip().lower() if people else ""
            opens = zh or subject is None or not people or not _VERB_FIRST.match(before)
            lead = st.text[clause[0]:local[0][1]] if local else ""
            led = bool(local) and ((_ROLE_LEAD_ZH if zh else _VERB_LEAD_EN).fullmatch(lead) is not None
                                   or zh and _VERB_LEAD_ZH.fullmatch(lead) is not None)
            if zh and local and not actors and subject and (lead.strip() in _OBJECT_MARKS or lead.strip().endswith("把")):
                # "跟韩东篱硬拼了几招，被一掌震伤了右臂经脉": the one fought is not who the sentence is about
                led, last_person = True, subject
            if not zh and not local and previous_person and _BARE_POST.fullmatch(st.text[clause[0]:clause[1]]):
                # "…entailed on cousin Mr. Percival Gaunt, the heir;": a bare post is the one just named
                local = [(previous_person, clause[0], clause[0])]
            elif subject and (not local or self.kind(local[0][0]) != "Character" or appositive or led
                              or zh and local[0][0] != subject and _POSSESSOR.match(st.text, local[0][2])):
                # "…，擅长炼丹" / "… and joined" / "…，林风的师姐": the sentence's subject goes on — but "…has a younger
                # brother, Lu Zhiqiang, who runs numbers for the Gang": a "who" is the one named last
                who = not zh and previous_person and re.match(r"\s*who\b", st.text[clause[0]:clause[1]])
                local = [(previous_person if who else subject, clause[0], clause[0]), *local]
            # ("Julián, Don Aurelio's son, who's been…": one named only as whose son he is is not the "who")
            named = [n for n, _, e in local if n in people and (zh or not _POSSESSOR_EN.match(st.text, e))]
            previous_person = named[-1] if named else previous_person if people else None
            if not appositive and opens and (actors or not subject):
                # "…，为许怀山做事，盗走青玉印": the one worked for is not who goes on stealing
                subject = (actors or people)[0] if people else subject
            if not zh and people and not actors and all(_POSSESSOR_EN.match(st.text, e) for n, _, e in local if n in people) \
                    and not any(s < clause[0] and self.kind(n) == "Character" for n, s, _ in spans):
                # "Nell's father, the old ferryman, dies": the kin goes on, whom the talk has not named
                subject = previous_person = None
            if zh:
                found = self._zh_pairs(st, [*thing, *local]) + self._zh_ties(st, [*thing, *local], clause[0], went_on)
                held = {f.item["to"]: f.item["from"] for f in found if f.section == "relations" and f.item["type"] == "OWNS"}
                self.holders.update(held)
                self.held_here.update(held)
                out += found
                out += self._zh_states(st, clause, [x for x in local if x[1] < x[2]], carried)
            else:
                out += self._en_pairs(st, local)
                out += self._en_states(st, clause, local)
        if zh:
            out += self._zh_heads_and_children(st, spans)
            out += self._zh_abilities(st, spans)
            out += self._zh_one_of_them(st, spans)
            out += self._zh_takes_head(st, spans)
            out += self._zh_places(st, spans)
            out += self._zh_named_things(st, spans)
        else:
            out += self._en_children(st, spans) + self._en_their_head(st, spans) + self._en_across_clauses(st, spans)
        out += self._the_two(st, spans, zh)
        out += self._lost(st, spans, zh)
        if zh:
            out += self._parted(st, spans)
        # "第10章被周建国偷了，转手卖给方志诚": one who takes a thing and passes it on in one breath held it in passing
        out = [f for f in out if not (f and f.section == "relations" and f.item["type"] == "OWNS"
                                      and (f.item["from"], f.item["to"]) in self.in_passing)]
        children = [f.item["to"] for f in out if f.section == "relations" and f.item["type"] == "PARENT_OF"]
        if children:
            self._children = list(dict.fromkeys(children))
        for name in (n for n, _, _ in spans if self.kind(n) == "Faction"):
            self._factions.pop(name, None)
            self._factions[name] = None
        return _unique(out)

    def _lost(self, st: Statement, spans: list, zh: bool) -> list[Finding | None]:
        """"紫雷珠被抢走", "the Lantern is stolen", "Mara loses the Lantern": whoever had it has it no more."""
        out: list[Finding | None] = []
        for name, start, end in spans:
            owner = self.owners.get(name)
            if self.kind(name) != "Item" or not owner or start == end:
                continue
            before, after = st.text[max(0, start - 24):start], st.text[end:end + 16]
            # ("紫雷珠没丢" reads no loss: the mark must follow the name; "almost loses the Lantern" is no loss)
            if _LOST_ZH.match(after) if zh else \
                    (_LOST_EN.match(after) or _LOSES_EN.search(before)) and not _NEAR_EN.search(before):
                out.append(self._end(st, "OWNS", owner, name))
        return out

    def _parted(self, st: Statement, spans: list) -> list[Finding | None]:
        """"夏栀20章跟星耀解约": one who breaks with their company or club is no longer of it."""
        out: list[Finding | None] = []
        for name, start, end in spans:
            if self.kind(name) == "Faction" and re.search(r"(?:跟|和|与|同)$", st.text[max(0, start - 1):start]) \
                    and _PARTS_ZH.match(st.text, end):
                who = next((n for n, s_, e_ in reversed(spans) if e_ <= start and self.kind(n) == "Character"),
                           st.focus if self.kind(st.focus or "") == "Character" else None)
                if who:
                    out.append(self._end(st, "MEMBER_OF", who, name))
        return out

    def _spans(self, st: Statement) -> list[tuple[str, int, int]]:
        return spans(st, self._forms)

    def kind(self, name: str) -> str | None:
        return self.kinds.get(name)

    def _the_two(self, st: Statement, spans: list, zh: bool) -> list[Finding | None]:
        """"何其正和林蔓…，俩人是一伙的", "…Afonso Paiva — the two of them are in it together": the two people the
        sentence named last are on one side."""
        said = (_THE_TWO_ZH if zh else _THE_TWO_EN).search(st.text)
        odds = _AT_ODDS_ZH.search(st.text) if zh and not said else None
        if not said and not odds:
            return []
        people = list(dict.fromkeys(n for n, s, _ in spans if s < (said or odds).start() and self.kind(n) == "Character"))
        # ("姚金生一直嫉妒念山的手艺，两人不对付": the one the sentence is about is the one who bears the grudge)
        return [self._rel(st, "ALLY_OF" if said else "HATES", *people[-2:])] if len(people) >= 2 else []

    def _rel(self, st: Statement, rel: str, a: str, b: str, **extra) -> Finding | None:
        if a == b:
            return None
        item = {"type": rel, "from": a, "to": b}
        when = self._when if self._when is not None else self.chapter
        if when is not None and rel != "KILLED":
            item["valid_from"] = when
        return Finding("relations", item, st, entities=[a, b], **extra)

    def _end(self, st: Statement, rel: str, a: str, b: str) -> Finding | None:
        if a == b:
            return None
        item = {"type": rel, "from": a, "to": b}
        when = self._when if self._when is not None else self.chapter
        if when is not None:
            item["valid_to"] = when
        return Finding("ends", item, st, entities=[a, b])

    def _state(self, st: Statement, entity: str, key: str, value: str, *, said: str = "") -> Finding | None:
        """`said`: the clause that says it, where it names its own chapter."""
        value = value.strip(" ，,。.、了的")
        if key == "identity":  # "在禁军当副统领" is 禁军副统领
            value = re.sub(r"^(?:在|于)([\u4e00-\u9fff]{1,10}?)(?:当|任|做|担任|当了)(?=[\u4e00-\u9fff])", r"\1", value)
        if not value or len(value) > 40 or key == "identity" and self.kind(entity) not in ("Character", None):
            return None  # (a post is a person's: 青鸟小组 is no singer)
        if key in ("injury", "identity", "appearance") and re.search(r"[我你咱]", value):
            return None  # "中风那里我记错了": the author's voice about the talk, not what the character has
        item = {"entity": entity, "key": key, "value": value}
        when = statement_chapter(said) if said else None
        if when is None:
            when = self._when if self._when is not None else self.chapter
        if when is not None:
            item["valid_from"] = when
        # where someone is names the place too: it is proposed with them
        places = [value] if key == "location" and value in self.kinds else []
        return Finding("states", item, st, entities=[entity, *places])

# a clause that opens in the passive: 被X…, 第45章被X…, 最后被X…
_PASSIVE_OPEN = re.compile(r"[，,\s]*(?:第[0-9〇零一二两三四五六七八九十百千]+[章回])?(?:最后|后来|当场|又|也|却|竟|就)?被")

_EN_UNITS = "one|two|three|four|five|six|seven|eight|nine"
_ZH_DIGITS = "0-9〇零一二两三四五六七八九十百千"
EN_NUMBER = (rf"\d+|(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[\s-](?:{_EN_UNITS}))?|"
              rf"ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|{_EN_UNITS}")
# "第十二章里…", "58章写完了" and "让他在三十一章就死" (第 left out: the number opens a clause or follows 在/到/从…),
# "In chapter 9", "ch. 14", "chapter fourteen", and "In 15, Pike notices…" (a bare number opening the sentence)
_CHAPTER_AT = re.compile(r"(?:第|(?<![^\s，,。：:；;（(在到从于至是]))\s*([0-9〇零一二两三四五六七八九十百千]+)\s*(?:章(?![节目])|回(?![合是]))|"
                         rf"\b(?:chapter|chap\.?|ch\.?)\s*({EN_NUMBER})\b|^\s*(?:in|by)\s+(\d{{1,3}}),|"
                         # "when Moreau takes over in 34": a bare number after "in" is a chapter, not a count
                         r"(?-i:\b[Ii]n)\s+(\d{1,3})\b(?![\d:.,]\d|\s*(?:%|percent|years?|yrs?|days?|weeks?|months?|hours?|"
                         r"minutes?|mins?|seconds?|miles?|men|people|pounds?|dollars?|feet|ft|met(?:er|re)s?|km|barrels?|"
                         r"st|nd|rd|th|s\b|am|pm|o'clock|to\s+\d|out\s+of|of\b))|"
                         # a recap's line "25, Sir Bartholomew dies" / "22: Eleanor breaks with Dalton"
                         r"^\s*(\d{1,3})\s*(?::|,(?=\s+(?-i:[A-Z])))", re.I)


def statement_chapter(text: str) -> int | None:
    """"第十二章里…" / "In chapter 9 …": the story time a statement itself gives ("写34到40章": where the span
    opens; "在医院躺到38章": not when it ends)."""
    text = re.sub(rf"([{_ZH_DIGITS}]+)\s*(?:到|至|-|—|~|～)\s*第?[{_ZH_DIGITS}]+\s*章", r"\1章", text)
    text = re.sub(rf"(?<![然之接直])(?:到|至)(?!了)第?[{_ZH_DIGITS}]+\s*章", "", text)
    # ("…替谁点的，30章再说", "第20章揭": when it will be told, not when it happens)
    text = re.sub(rf"第?[{_ZH_DIGITS}]+\s*章(?:之前|以前|前)?(?:再说|再揭|再讲|再交代|才揭|揭开?|揭晓|交代|回收)", "", text)
    m = _CHAPTER_AT.search(re.sub(r"(然后|之后|接着|直到|到了)(?=[0-9〇零一二两三四五六七八九十百千])", r"\1，", text))
    return number_in(next(g for g in m.groups() if g).lower()) if m else None


_POSSESSOR = re.compile(rf"的?(?:{'|'.join(sorted(lx.ZH_ROLES, key=len, reverse=True))})(?=[，,、。；;）)]|$)")
# … and "后背硬吃了屠七一刀": the one whose blow was taken is not who the sentence goes on about
_OBJECT_MARKS = ("跟", "和", "与", "对", "向", "给", "把", "同", "替", "为", "比", "吃了", "挨了", "中了", "护住", "救下", "救了",
                 "师从", "拜", "恨", "嫁给", "娶了", "杀了", "杀死", "打败", "击败", "爱慕", "暗恋",
                 "抓走", "抓了", "绑走", "绑了", "绑架", "打伤", "打断", "囚禁", "关押", "救出", "带走", "害死", "毒死", "斩杀",
                 "击杀", "刺死",
                 # one gone to, looked for or kept company: "巴特尔出去找他，冻掉了两根脚趾" is about 巴特尔
                 "找", "看望", "探望", "陪着", "追")
# "…，师父是冥老": a clause that opens with a bare role names someone *of* the subject carried from before.
_ROLE_LEAD_ZH = re.compile(rf"[，,、\s]*(?:后来|如今|现在|而|但|又|也)?(?:{'|'.join(lx.ZH_ROLES)})(?:是|叫|名叫)")

# "改了，嫁给靖王萧承泽" / "后来投了青龙会": a clause that opens with the verb goes on about the one talked of
_VERB_LEAD_ZH = re.compile(r"[，,、\s]*(?:改了|改成|后来|然后|最后|就|还)?(?:嫁给了?|嫁了|娶了?|拜了?|拜入了?|投了?|投靠了?|投奔了?|"
                           r"加入了?|跟了|认了|师从|拜在|拜进了?|(?:从此|一直|就)?(?:恨上了?|恨透了?|恨)|"
                           r"[^，,。]{0,5}?(?:暗恋|喜欢|爱上了?|看上了?|爱慕|倾心于?|钟情于?)|(?:就|还|也|一直)?(?:跟|和|与))")
# "Lord Henry Ashby, married to Lady Eleanor" / "Mara, who hates Silas": a clause that opens with the verb
# goes on about the subject before the comma
_VERB_LEAD_EN = re.compile(r"\s*(?:(?:(?:the|an?)\s+[\w\-' ]{1,30}?\s+)?who\s+(?:is\s+|was\s+|has\s+|had\s+|'s\s+)?(?:been\s+)?|"
                           r"now\s+|later\s+|also\s+|(?:was|is|got|gets)\s+)?"
                           r"(?:married|wed|engaged|betrothed|friends|sworn|loyal|trained|taught|raised|mentored|"
                           r"hates|hated|loves|loved|in love with|serves|served|apprenticed|bound|gives|gave|hands|broke|"
                           r"teaching|training|handed|passes|passed|leaves|left|" + "|".join(lx.EN_KILL) + r")\b[\w\s]*?\s*")


def spans(st: Statement, aliases: dict[str, tuple[str, ...]]) -> list[tuple[str, int, int]]:
    """(name, start, end) of each mention in the resolved text, left to right, no overlaps."""
    found: list[tuple[str, int, int]] = []
    # longest forms first, across names: "Tobias Reed" before "Reed" (Captain Reed's short form)
    forms = sorted(((form, name) for name in st.names for form in {name, *aliases.get(name, ())}),
                   key=lambda pair: len(pair[0]), reverse=True)
    for form, name in forms:
        for m in re.finditer(re.escape(form), st.text):
            if not any(s < m.end() and m.start() < e for _, s, e in found):
                found.append((name, m.start(), m.end()))
    return sorted(found, key=lambda t: t[1])


def _clauses(text: str, zh: bool, spans: list[tuple[str, int, int]] = ()) -> list[tuple[int, int]]:
    pattern = r"[，,：:]|——" if zh else r"[,;:](?=\s)|\s(?:and|but|while|then)\s|\s[—–]\s|(?<=[A-Za-z])—(?=[A-Za-z])"
    # "Walter and Maggie Hollis's daughter": an "and" between two names joins them, it ends no clause
    joins = set() if zh else {(e, s) for (_, _, e), (_, s, _) in zip(spans, spans[1:])}
    starts = {s: e for _, s, e in spans}
    ends = {e for _, _, e in spans}
    out, start = [], 0
    for m in re.finditer(pattern, text):
        if (m.start(), m.end()) in joins:
            continue
        if not zh and (m.group(0) == "," and m.end() + 1 in starts or m.group(0).strip() in ("—", "–") and m.end() in starts
                       and re.match(r"\s*(?:[.;!?)]|$)", text[starts[m.end()]:])) and _POSSESSED_ROLE.search(text, 0, m.start()):
            continue  # "Agatha's late husband, Harold Penhallow": the comma names the husband, it ends nothing
        if zh and m.start() + 1 in starts and _HAS_KIN_ZH.search(text, 0, m.start()):
            continue  # "再给扎西加个儿子，次仁多吉": the comma names the son
        if not zh and m.group(0) == "," and m.end() + 1 in starts and _HAS_ROLE.search(text, 0, m.start()):
            continue  # "Mei has a younger brother, Lu Zhiqiang": the comma names the brother
        if not zh and m.group(0) == "," and m.start() in ends and m.end() + 1 in starts and \
                _ROLE_OF_NAMED.match(text, starts[m.end() + 1]):
            continue  # "Caleb Alvarez, June's older brother": the comma says who Caleb is
        if not zh and m.group(0) == "," and m.end() + 1 in starts and (post := POST_BEFORE_NAME.search(text, 0, m.start())) \
                and post.start() > 0 and is_post(post.group(1)):
            continue  # "He answers to the owner, Lord Penmorfa": the comma names the owner
        out.append((start, m.start()))
        start = m.end()
    out.append((start, len(text)))
    return [c for c in out if c[1] > c[0]]


# what may stand before a thing said as a topic: whose it is and which one ("那支", "的那本")
_TOPIC_THING = re.compile(r"\s*(?:的)?(?:那|这)?(?:[一两]?[把支本柄块件枚颗只副张面根条艘匹]|个)?")
_TITLES_ZH = frozenset((*lx.ZH_TITLES, *lx.ZH_FACTION_LEADER_ROLES, *lx.ZH_PERSON_TITLES))
# "apprenticed to Ashdown" / "carries the Compass": a clause that opens with its verb ("At the ceremony Vashti…" does not)
_VERB_FIRST = re.compile(r"(?:and |but |then )?(?!(?:as|is|has|was|this|thus|always|perhaps|unless|across|towards)\b)"
                         r"[a-z]+(?:ed|es|s)\b")
_BARE_POST = re.compile(r"\s*(?:the|a|an)\s+[a-z][\w\-]*(?:\s+[a-z][\w\-]*)?\s*[.;!]?\s*")
_ROLE_OF_NAMED = re.compile(r"['’]s (?:late |older |younger |elder |little |big |only |twin )?(?:"
                            + "|".join(sorted(lx.EN_ROLES, key=len, reverse=True)) + r")\b", re.I)
# "Dace Morrow, Yrsa's friend, killed by Vael": one named as whose friend it is does not go on
_POSSESSOR_EN = re.compile(_ROLE_OF_NAMED.pattern + r"(?=\s*(?:[,;.)—]|$))", re.I)
_POSSESSED_ROLE = re.compile(r"['’]s (?:late |older |younger |elder |little |big |only )?(?:"
                             + "|".join(sorted(lx.EN_ROLES, key=len, reverse=True)) + r")$", re.I)

_THE_TWO_ZH = re.compile(r"(?:两人|俩人|两个人|二人|他俩|她俩|他们俩|她们俩|他们两个|两个)(?:从此|从那以后|现在|早就|一直|就|也|"
                         r"后来)?(?:是一伙的|成了一伙|一条心|穿一条裤子|结盟|结成同盟|联手|联起手来|搭上了线|串通一气|狼狈为奸)")
_AT_ODDS_ZH = re.compile(r"(?:两人|俩人|两个人|二人|他俩|她俩|他们俩|她们俩)(?:从此|从那以后|早就|一直|就|也|后来)?(?:不对付|结了仇|结下了仇|"
                         r"反目成仇|是死对头|成了死对头|翻了脸|闹翻了|势同水火|水火不容)")
_THE_TWO_EN = re.compile(r"(?i)\b(?:the two of them|both of them|the pair of them|they)(?:['’]re| are| were| have been|['’]ve been)"
                         r"\s+(?:in (?:it|this|on it) together|allies|partners in crime|thick as thieves|working together)")
_HAS_KIN_ZH = re.compile(r"(?:有|加|添|生|配)了?(?:[一两二三四五]个|个)(?:女儿|儿子|孩子|徒弟|弟子|妹妹|弟弟|哥哥|姐姐)$")
_HAS_ROLE = re.compile(r"\b(?:has|had|'s got)\s+(?:a|an|one)\s+(?:[a-z]+\s+)?(?:"
                       + "|".join(sorted(lx.EN_ROLES, key=len, reverse=True)) + r")$", re.I)


def _unique(findings: list[Finding]) -> list[Finding]:
    seen, out = set(), []
    for f in findings:
        if f.key() not in seen:
            seen.add(f.key())
            out.append(f)
    return out


# what befalls a thing that leaves its owner's hands with no new owner named
_LOST_ZH = re.compile(r"(?:也|就|当场|随后|竟)?(?:被(?:人)?(?:抢|偷|夺|盗|劫|骗|顺)(?:走|去)|丢了|丢失|遗失|失窃|被毁|毁了|碎了)")
_PARTS_ZH = re.compile(r"(?:正式|彻底)?(?:解约|解除合同|解除了合同|解除契约|分道扬镳|一刀两断)")
_LOST_EN = re.compile(r"\s+(?:is|was|gets|got)\s+(?:stolen|lost|destroyed|smashed|shattered)\b")
_NEAR_EN = re.compile(r"\b(?:not|never|almost|nearly|doesn't|won't)\b[^,.;]*$")
_LOSES_EN = re.compile(r"\b(?:loses|lost|drops|dropped)\s+(?:the|his|her|their)?\s*$")
