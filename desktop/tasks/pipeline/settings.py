"""Pass 3c: world settings — what the talk defines about the world (a power system, a place, a rule), one
entry per subject, titled by the name the talk gives it."""

from __future__ import annotations

import re

from desktop.tasks.pipeline import lexicon as lx
from desktop.tasks.pipeline import pinned_settings
from desktop.tasks.pipeline.findings import Finding
from desktop.tasks.pipeline.payoffs import text_grams
from desktop.tasks.pipeline.sections import CJK, _zh, is_summary
from desktop.tasks.pipeline.setting_drafts import DRAFT_ASKED
from desktop.tasks.pipeline.statements import Statement

_SETTING_TITLE_ZH = re.compile(rf"([{CJK}]{{2,6}}?)(?:体系|设定|的规则|规则|的划分|划分|从低到高|由低到高|分为|的等级|等级|"
                               rf"分成|分[一二三四五六七八九十两几0-9])")
_LIST_ZH = re.compile(rf"[{CJK}]{{1,6}}、[{CJK}]{{1,6}}、[{CJK}]{{1,6}}")
_SETTING_TITLE_EN = re.compile(r"(?:the\s+)?((?:[A-Za-z][\w'\-]*\s){0,3}?(?:system|rules?|ranks?|laws?|hierarchy|"
                               r"magic|geography|calendar|currency|tiers?|order of [\w ]+))\b", re.I)
_STRONG_SETTING_ZH = ("设定", "世界观", "体系", "规则", "分为", "从低到高", "由低到高", "划分", "境界划分", "禁忌", "法则")
_STRONG_SETTING_EN = ("setting", "system", "rules", "rule:", "ranks", "lowest first", "from lowest", "tiers", "law",
                      "forbidden", "magic works", "world works", "costs")


def settings(statements: list[Statement], kinds: dict[str, str], busy: set[int]) -> list[Finding]:
    """Consecutive setting statements of one message make one entry; `busy` statements already gave facts.

    The talk's topic titles what it defines ("力量体系定一下…统称觉醒者", "I'm calling it Tidecraft"), and the
    author's answer to a question about a subject ("赤潮站是什么地方？", "Who lives there?", "跃迁有没有代价？")
    is that subject's entry, or its rule's."""
    out: list[Finding] = []
    current: Finding | None = None
    topic = _Topic()
    questions = _questions(statements, kinds)
    answered: list[Finding] = []  # entries an answer named ("Saltsong.", "Cost is the brine cough.")
    for st in statements:
        if st.by_author and topic.read(st, kinds) and current is not None \
                and current.statement.message_index == st.message_index:
            current.item["title"] = topic.name  # "力量体系定一下。…能力者统称觉醒者。": the name the talk gives it
        if st.by_author and DRAFT_ASKED.search(st.quote) and len(st.quote) < 20:
            continue  # "你先拟，我来改。": no entry of its own; the draft that follows is
        people = any(kinds.get(n) == "Character" for n in st.names)
        asked = questions.get(st.message_index)
        if asked is not None and st.by_author and not is_summary(st) and st.index not in busy and not people \
                and not _NOT_A_SETTING.search(st.text) and not _CHAT.search(st.text):
            if current is not None and current in answered and current.statement.message_index == st.message_index \
                    and not _RULE_HEAD.search(st.text) and not _defined(st, kinds):
                _extend(current, st)  # "Cost is the brine cough. Every working leaves…": the named entry goes on
                continue
            first = st.index == 0 or statements[st.index - 1].message_index != st.message_index
            alone = first and topic.name is None and asked.what and not _no_content(st)  # "What's the mechanic?"
            if (given := _answer_names(st, kinds, alone)) is not None:
                # "要不要有个惩罚？" — "好，就叫灭灯之罚。…" / "有没有管修士的机构？" — "有，提灯司，朝廷设的。": its own entry
                current = _entry(st, given, "organisation" if kinds.get(given) == "Faction" else
                                  "rule" if asked.rule or given.endswith(lx.RULE_NAME_ENDS) else asked.category() or
                                  _category(st.text))
                out.append(current)
                answered.append(current)
                continue
            if _no_content(st):
                continue  # "有。" / "Not formal ones.": the answer's yes or no, not the world
            title, rule = asked.title(topic, st)
            if title and not _RULE_HEAD.search(st.text):
                target = next((f for f in out if f.item["title"] == title), None)
                if target is None and not rule and (asked.subject in (None, topic.name, topic.noun)
                                                    or asked.grades(topic)):
                    # "每个大境界要不要再分小阶段？" after 境界 was defined: the same entry, in more detail
                    target = next((f for f in reversed(out) if f.item["title"] in (topic.name, topic.noun)), None)
                if target is None:
                    target = _entry(st, title, "rule" if rule else asked.category() or _category(st.text))
                    if asked.subject in kinds:  # a setting about 赤潮站 is about 赤潮站, named or not
                        target.entities.insert(0, asked.subject)
                    out.append(target)
                else:
                    if target is not current or st.quote not in target.item["body"]:
                        _extend(target, st)
                    if asked.grades(topic):
                        target.item["title"] = title
                current = target
                continue
        continues = current is not None and current.statement.message_index == st.message_index \
            and not people and st.index not in busy and not _RULE_HEAD.search(st.text) and not _defined(st, kinds)
        if is_summary(st) or (not continues and (st.index in busy or not _is_setting(st, kinds))):
            current = None if current is None or st.message_index != current.statement.message_index else current
            continue
        if continues:
            _extend(current, st)
            continue
        zh = _zh(st.text)
        defined = _defined(st, kinds)  # ("等级也定一下：…" is about 等级, whatever else the entry before said)
        earlier = None if _RULE_HEAD.search(st.text) else next(
            (f for f in out if (f.item["title"] == defined if defined else _same_subject(f, st))), None)
        if earlier is not None:  # "练气分九层" after "练气、筑基、金丹…": the same entry, said in more detail
            _extend(earlier, st)
            current = earlier
            continue
        if _RULE_HEAD.search(st.text):  # "And one rule everyone knows: a bargain struck in the Drowned Quarter…"
            about = next((n for n in st.names if kinds.get(n) in ("Location", "Faction", "Ability")), None)
            named = _NAMED_HEAD.match(st.text)  # "Cost is the brine cough." / "代价就是反噬": the rule's own name
            title = next(g for g in named.groups() if g).strip() if named else \
                (f"{about}的规矩" if zh else f"{about} rule") if about else _first_words(st.text, zh)
            current = _entry(st, title, "rule")
        else:
            title = defined or _subject_thing(st, kinds) or _setting_title(st.text, zh) or topic.title(st) \
                or _first_words(st.text, zh)
            current = _entry(st, title, _category(st.text))
        out.append(current)
    lists = pinned_settings.listed(statements) + pinned_settings.written_up(statements)
    noted = {x.index for f in lists for x in [f.statement, *f.extra]}
    lists += [f for f in pinned_settings.titled_notes(statements, kinds)
              if not {x.index for x in f.extra} & noted]
    taken = {x.index for f in lists for x in [f.statement, *f.extra]}
    out = [f for f in out if not {x.index for x in [f.statement, *f.extra]} & taken] + lists
    for finding in out:
        finding.item["entities"] = finding.entities
        if finding.item["category"] == "world":  # an entry about a place is geography, about an art is power
            finding.item["category"] = _KIND_CATEGORY.get(kinds.get(finding.item["title"]), "world")
    return out


_KIND_CATEGORY = {"Location": "geography", "Ability": "power"}
def _entry(st: Statement, title: str, category: str) -> Finding:
    item = {"title": title, "category": category, "body": st.quote, "entities": list(st.names)}
    return Finding("settings", item, st, entities=list(st.names))


def _extend(entry: Finding, st: Statement) -> None:
    entry.item["body"] = (entry.item["body"] + " " + st.quote).strip()
    entry.entities += [n for n in st.names if n not in entry.entities]
    entry.extra.append(st)


class _Topic:
    """What the talk is defining: the name it gives ("统称觉醒者", "I'm calling it Tidecraft", a place it adds)
    or, until it gives one, the noun of its header ("力量体系定一下", "把境界定下来吧", "Let's pin down the magic")."""

    def __init__(self) -> None:
        self.name: str | None = None
        self.noun: str | None = None
        self.opened_by: Statement | None = None
        self.message = -1
        self.before_that = ""  # the statement read last ("That's the tommy-shop system;" before "call it that.")

    def read(self, st: Statement, kinds: dict[str, str]) -> bool:
        """Take in an author's statement; True when it names the topic."""
        said = st.text
        if re.match(r"(?i)\s*(?:call it that|that's its name)\b", said):
            said = f"{self.before_that} {said}"
        self.before_that = st.text
        named = _NAMED.search(said)
        name = next((g for g in named.groups() if g), None) if named else None
        if name and kinds.get(name) != "Character" and not name.endswith(lx.RULE_NAME_ENDS) and \
                (self.noun or self.name or _is_setting(st, kinds) or named.group(3)):  # (灭灯之罚 names one rule)
            self.name, self.message = name, st.message_index
            return True
        header = _HEADER.search(st.text)
        subject = _subject_thing(st, kinds)
        if subject:
            self.name, self.noun, self.opened_by, self.message = subject, None, st, st.message_index
        elif header:
            noun = next(g for g in header.groups() if g)
            self.name, self.noun, self.opened_by, self.message = None, _bare(noun), st, st.message_index
        return False

    def live(self, st: Statement) -> bool:
        return (self.name or self.noun) is not None and st.message_index - self.message <= 4

    def title(self, st: Statement) -> str | None:
        """The topic names an entry its own message opens."""
        return self.name or self.noun if st.message_index == self.message else None

    def covers(self, word: str) -> bool:
        """"禁地有什么规矩？" after "加个禁地，万骨渊": the question's noun is the topic's kind."""
        return bool(word) and self.opened_by is not None and word in self.opened_by.text


def _bare(noun: str) -> str:
    noun = re.sub(r"^(?:the|our|a|把|这个|那个|整个|一下)\s*", "", noun.strip(), flags=re.I)
    return re.sub(r"^(?:每个|每一个|每种)?(?:大|小)?", "", noun) if _zh(noun) else noun


class _Asked:
    """The assistant's questions an author's message answers: what about (a name, a noun, or the topic) and
    whether they ask for a rule (规矩, 禁忌, 代价, 'rules', 'cost')."""

    def __init__(self, questions: list[Statement], kinds: dict[str, str]) -> None:
        text = " ".join(q.text for q in questions)
        self.rule = _RULE_ASKED.search(text)
        self.place = bool(re.search(r"什么地方|是哪里|what (?:kind of )?place", text, re.I))
        self.what = bool(re.search(r"是什么|是个什么|什么地方|\bwhat(?:'s| is| are)\b|\bwho lives\b|\btell me about\b",
                                   text, re.I))
        self.setting = bool(re.search(r"设定?|体系|规则|境界|等级|\b(?:system|rules|ranks|tiers|setting)\b", text, re.I))
        named = [n for q in questions for n in q.names if kinds.get(n) in ("Location", "Faction", "Ability")]
        nouns = [_bare(next(g for g in m.groups() if g)) for q in questions
                 for m in [(_ASKED_ZH if _zh(q.text) else _ASKED_EN).search(q.text)] if m]
        self.named = bool(named)
        self.back = bool(_BACK.search(text)) and not named
        self.subject = named[0] if named else next((n for n in nouns if not _BACK.fullmatch(n)), None)
        self.kinds = kinds

    def title(self, topic: _Topic, answer: Statement) -> tuple[str | None, str | None]:
        """The entry the answer belongs to and the rule word asked for — (None, None) when the question is not
        about the world ("钱满仓是什么来头？" is about a person; "And the second?" opens something new)."""
        subject = self.subject
        rule = self.rule.group(0) if self.rule else None
        if topic.live(answer) and (subject is None and (self.back or rule) or topic.covers(subject or "")
                                   or subject and subject in (topic.name, topic.noun) or self.grades(topic)):
            subject = topic.name + subject if self.grades(topic) else topic.name or topic.noun
        elif not subject or not (self.named and self.what or rule and len(answer.text) >= (8 if _zh(subject) else 20)
                                 or self.setting and not self.named):
            return None, None
        if not rule:
            return subject, None
        return (f"{subject}的{rule}" if _zh(subject) else f"{subject} {rule}"), rule

    def grades(self, topic: _Topic) -> bool:
        return bool(self.subject and topic.name and self.subject in _GRADES and self.subject not in topic.name)

    def category(self) -> str | None:
        if self.place or self.kinds.get(self.subject or "") == "Location":
            return "geography"
        return "power" if self.subject in _GRADES else None


def _questions(statements: list[Statement], kinds: dict[str, str]) -> dict[int, _Asked]:
    """message index → the assistant's questions the author's message there answers."""
    asked: dict[int, _Asked] = {}
    for st, after in zip(statements, statements[1:]):
        if not st.by_author and after.by_author and after.message_index == st.message_index + 1:
            own = [s for s in statements if s.message_index == st.message_index and s.text.rstrip().endswith(("?", "？"))]
            if own:
                asked[after.message_index] = _Asked(own, kinds)
    return asked


_GIVEN_ZH = re.compile(rf"(?:就叫|叫做|名叫|名为|定名为)[「“\"]?([{CJK}]{{2,8}}?)[」”\"]?(?:[，,。！!]|$)|^有[，,]\s*([{CJK}]{{2,6}}?)[，,]")


def _answer_names(st: Statement, kinds: dict[str, str], first: bool = False) -> str | None:
    """The name an answer gives what was asked for — a rule (灭灯之罚), an institution the talk names, or the
    answer's opening words alone ("What's the core mechanic?" — "Saltsong. Mages sing into salt…")."""
    named = _NAMED_HEAD.match(st.text)  # "Is there a cost?" — "Cost is the brine cough."
    if named:
        return next(g for g in named.groups() if g).strip()
    alone = re.fullmatch(r"\s*([A-Z][\w'\-]*(?:\s+[a-z][\w'\-]*)?)\s*[.!]\s*", st.quote)
    if first and alone and kinds.get(alone.group(1)) != "Character" and not re.search(
            r"(?i)\b(?:yes|no|not|sure|okay|ok|right|exactly|good|great|and|or|nope|maybe|fine|gates?)\b", alone.group(1)):
        return alone.group(1)
    m = _GIVEN_ZH.search(st.text) if _zh(st.text) else None
    name = next((g for g in m.groups() if g), None) if m else None
    if name and (kinds.get(name) in ("Faction", "Location") or name.endswith(lx.RULE_NAME_ENDS)) and \
            kinds.get(name) != "Character":
        return name
    return None


def _no_content(st: Statement) -> bool:
    text = st.text.strip()
    return len(text) <= (5 if _zh(text) else 3) or \
        bool(re.match(r"(?i)(?:no|not|nope|none|没有|不是|不用|不分|没)\b", text)) and len(text) < 24


# the author talking about the writing, not the world: "其实我也不确定", "I'm not sure"
_CHAT = re.compile(r"我(?:也|自己|觉得|不确定|不知道|想想|想把)|哈哈|先跟你|新开一本|往下写之前|"
                   r"\bI(?:'m not sure| think| guess| don't know|'m sick of)\b|^(?:Ooh+|Hmm+|Huh|Both|Nah)\b|\bHmm\b")


_GRADES = ("等级", "境界", "阶段", "层级", "品阶", "级别", "ranks", "tiers", "levels", "grades")
_RULE_ASKED = re.compile(r"规矩|规则|禁忌|代价|限制|rules?\b|cost|price|limits?\b|laws?\b", re.I)
# "Cost is the brine cough." / "And the law is the Law of Silence:" / "代价就是反噬": a rule that says its own name
_NAMED_RULE = (r"^\s*(?:and\s+|but\s+)?(?:the\s+)?(?:cost|price|law|penalty|catch|toll)\s+(?:is|are)\s+"
               r"((?:the\s+)?[\w'\- ]{3,30}?)\s*(?:[:.,;]|$)|"
               r"^(?:而)?(?:代价|惩罚|规矩|禁忌|铁律)(?:就|便)?是([\u4e00-\u9fff]{2,6}?)(?:[——，,。：:]|$)")
_NAMED_HEAD = re.compile(_NAMED_RULE, re.I)
_RULE_HEAD = re.compile(r"定一条|立一条|加一条|有一条|一条规矩|有个规矩|有个死规矩|规矩是|铁律|"
                        r"\b(?:one|a|another|the) rule\b|\brule:|" + _NAMED_RULE, re.I)
_BACK = re.compile(r"那里|那儿|这里|里面|里头|它|其|这个地方|这地方|这种力量|力量|这套|"
                   r"\b(?:there|it|its|this|that|the (?:power|magic|place|city|system|station|quarter))\b", re.I)
_ASKED_ZH = re.compile(rf"^(?:那|那么|嗯|对了|另外)?[，,]?(?:这个|那个)?([{CJK}]{{2,8}}?)(?:是什么|是个什么|是哪|有没有|有什么|"
                       rf"要不要|需不需要|会不会|能不能|怎么|分几|分不分|呢|在哪|靠什么)|^(?:怎么|如何)分([{CJK}]{{2,4}})|"
                       rf"^分([{CJK}]{{2,4}}?)吗")
_ASKED_EN = re.compile(r"^(?:and\s+|so\s+)?(?:what(?:'s| is| are)|who(?:'s| is)|tell me about)\s+(?:the\s+)?"
                       r"([A-Z][\w'\-]*(?:\s+[A-Z][\w'\-]*){0,3})|^(?:and\s+)?are there (?:any\s+)?(\w+)|"
                       r"^(?:where|how|what|who)\s+(?:does|do|did|is|are)\s+(the \w+|it|there)\b|"
                       r"^(?:where|how|what|who)\s+\w+\s+(there|it)\b")
_NAMED = re.compile(rf"(?:叫它|就叫它?|叫做|统称|称为|名为|取名)[「“\"]?([{CJK}]{{2,6}}?)[」”\"]?(?=[，。,.；;！!]|$)|"
                    r"\b(?:I'm calling it|I call it|call it|it's called|we call it)\s+[\"“']?"
                    r"([A-Z][\w'\-]*(?:\s+[A-Z][\w'\-]*){0,3})|"
                    # "That's the tommy-shop system; call it that."
                    r"(?i:\b(?:that's|that is|this is)\s+)((?:the\s+)?[\w'\-]+(?:\s+[\w'\-]+){0,3}?)\s*[;,—–]\s*"
                    r"(?i:call it that|that's its name|that's what it's called)\b")
_HEADER = re.compile(rf"([{CJK}]{{2,6}}?)(?:定一下|定下来|设定一下|设计一下|定一定|理一下|捋一下)|"
                     rf"(?:加个|加一个|补个|补一个|新增一个|再加个)([{CJK}]{{2,4}}?)(?=[，,：:]|$)|"
                     r"\b(?:let's|let us|time to|we need to|need to)\s+(?:pin down|define|settle|work out|set up|"
                     r"nail down|figure out)\s+((?:the\s+)?[\w ]{3,30}?)(?=[.!,]|$)", re.I)


def _same_subject(finding: Finding, st: Statement) -> bool:
    if finding.statement.message_index == st.message_index:
        return False
    title = finding.item["title"]
    if title and title in st.text:
        return True
    grams = {g for g in text_grams(finding.item["body"]) if g not in ("一个", "每个", "分为", "可以", "五个")}
    return _zh(st.text) and len(grams & text_grams(st.text)) >= 2 and not _SETTING_TITLE_ZH.search(st.text[:8])


_DIVIDED_ZH = re.compile(r"分[为成]?[一二三四五六七八九十两几\d]+[种类个级层阶等大块部]")


def _subject_thing(st: Statement, kinds: dict[str, str]) -> str | None:
    """"万骨渊是北原深处的禁地…" / "Tidecraft is magic drawn from…" / "补一个地方：九幽渊，在北荒最深处": a place,
    group or art the sentence defines — at its start, right after its header's colon, after a short clause that
    adds it ("加个禁地，万骨渊，在…") or after "there's" / "First," ("First, Perihelion Station: a mining hub")."""
    leads = [0] + [m.end() for m in _LEADS.finditer(st.text)]
    for name in st.names:
        if kinds.get(name) not in ("Location", "Faction", "Ability"):
            continue
        for start in leads:
            if not st.text.startswith(name, start):
                continue
            rest = st.text[start + len(name):].lstrip()
            if re.match(r"[，,]?\s*(?:是|分|有|在|位于|每|只有|乃|坐落|一[座个道片处条])", rest) or \
                    re.match(r",?\s*(?:is|are|was|sits|lies)\b|\s*(?:-|–|—|:)\s*(?:a|an|the)\b", rest):
                return name
        if re.search(rf"[，,](?:叫|名叫|叫做|称为|called|named)\s*{re.escape(name)}(?:[，,。.]|$)", st.text):
            return name  # "大陆最北是一整片冻土，叫霜原，…": the place the sentence describes, named at its end
    return None


_LEADS = re.compile(rf"^[^：:。.!！?？]{{0,14}}[：:]\s*|^[{CJK}]{{0,6}}(?:加|补|新|有|添)[{CJK}]{{0,4}}[，,]\s*|"
                    r"^.{0,40}?\bthere(?:'s| is)\s+(?:the\s+)?|^(?:first|second|third|also|next|then),\s+(?:the\s+)?",
                    re.I)


_NOT_A_SETTING = re.compile(r"不单独|单独记|先不用|不要了|不写了|太复杂|先不细化|不用记|别记|不算设定|"
                            r"^\s*skip\b|\bdon't (?:record|note|store|save)\b|\bnot a setting\b|\bleave (?:it|that) out\b",
                            re.I)


# the writing of the book, not its world: "今天想把能力体系定死，前面十一章一直在糊弄" / "Worldbuilding day"
_ABOUT_THE_WRITING = re.compile(r"读者|评论区|前面[^，。]{0,4}章|糊弄|"
                                r"\b(?:readers?|should we|shall we|let's|let us|while we're (?:here|at it)|worldbuilding|"
                                r"(?:pin|nail) [^.!?]{0,30}\bdown|do you want|want me to|before i (?:draft|write)|"
                                r"contradicting myself|i need to know|ideas\?)", re.I)
_EXAMPLES = re.compile(r"比如|例如|譬如|\b(?:for example|for instance|e\.g\.|such as|something like)\b", re.I)


# "Bloom = fungal spores that rise at dawn…", "先把跃迁钉死：跃迁要烧…": a thing, and what it is
_DEFINES = re.compile(rf"^\s*(?:the\s+)?([A-Z][\w'\-]*(?:\s+[A-Z][\w'\-]*){{0,2}})\s*=\s*\S|"
                      rf"(?:先把|先说|先定|说说|把)?([{CJK}]{{2,6}}?)(?:也|都|就|再|先)?(?:钉死|定死|定下来|定一下|说清楚|讲清楚|是这样的?)"
                      r"[：:]\s*\S")


def _defined(st: Statement, kinds: dict[str, str]) -> str | None:
    m = _DEFINES.search(st.text)
    name = (m.group(1) or m.group(2)) if m else None
    return name if name and kinds.get(name) != "Character" else None


def _is_setting(st: Statement, kinds: dict[str, str]) -> bool:
    text, low = st.text, st.text.lower()
    if _NOT_A_SETTING.search(text):
        return False  # "不单独当设定" / "先不用，你就把地理存下来" / "Skip ranks.": about the notes, not the world
    if _ABOUT_THE_WRITING.search(text):
        return False
    if st.by_author and _defined(st, kinds):
        return True
    if not st.by_author and (text.rstrip().endswith(("?", "？")) or _EXAMPLES.search(text)):
        return False  # the assistant's question or its examples ("比如疤、痣、发色之类") define nothing
    people = [n for n in st.names if kinds.get(n) == "Character"]
    if not people and _subject_thing(st, kinds) and len(text) >= 12:
        return True
    if _zh(text) and _DIVIDED_ZH.search(text):
        return True
    if _zh(text):
        if any(c in text for c in _STRONG_SETTING_ZH) or (not people and _LIST_ZH.search(text)):
            return True
        return not people and len(text) >= 8 and any(c in text for c in lx.SETTING_CUES_ZH)
    if any(re.search(rf"(?<![\w\-]){re.escape(c)}s?(?![\w\-])(?!\s+(?:school|firm|student|degree|office|enforcement))", low)
           for c in _STRONG_SETTING_EN):
        return True  # (not "brother-in-law", "Pitt law school")
    return not people and len(text) >= 30 and any(re.search(rf"\b{re.escape(c)}\b", low) for c in lx.SETTING_CUES_EN)


def _setting_title(text: str, zh: bool) -> str | None:
    if zh:
        m = _SETTING_TITLE_ZH.search(text)
        if m:
            title = re.sub(r"^(?:(?:今天|现在|先|咱们|我们|我想|这次)?(?:把|给|来)?)?(?:这个|那个|世界的|关于|本书的|书里的|我们的|"
                           r"整个|设定|一下)?", "", m.group(1))
            if len(title) >= 2:
                return title
        return None
    m = _SETTING_TITLE_EN.search(text)
    return m.group(1).strip()[:60] if m else None


def _first_words(text: str, zh: bool) -> str:
    if zh:  # "地图是这样：…" is about 地图
        return re.sub(r"(?:是这样|如下|是这么回事)$", "", re.split(r"[，,。！？!?；;：:]", text)[0])[:12]
    return " ".join(re.sub(r"^(?:and|so|also|but|plus)\s+", "", text, flags=re.I).split()[:6])[:60]


def _category(text: str) -> str:
    low = text.lower()
    if re.search(r"境界|修炼|修为|等级|灵根|功法|rank|realm|tier|power|magic|cultivat", low):
        return "power"
    if re.search(r"大陆|州|地理|山脉|海|continent|north|south|east|west|map|river|mountain|kingdom", low):
        return "geography"
    if re.search(r"规则|规矩|禁忌|必须|不能|不得|不许|forbidden|must|law|cannot|may not", low):
        return "rule"
    return "world"
