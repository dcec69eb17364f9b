"""Pass 4: what the discussion finally decided. Later words override earlier ones; dropped ideas are not proposed.

* A question or a "maybe" decides nothing until the author agrees; an assistant's suggestion counts
  once the author's next message accepts it, and is dropped if it rejects it.
* "算了 / instead / change it to …" replaces the earlier value of the same slot (her weapon, his sect).
* "不要 X / drop X" removes what was said about X before.
* A state (realm, location, life) keeps only its latest value for one chapter.
"""

from __future__ import annotations

import functools
import re

from desktop.tasks.pipeline import lexicon as lx
from desktop.tasks.pipeline.findings import Finding
from desktop.tasks.pipeline.rules import statement_chapter
from desktop.tasks.pipeline.statements import Statement

_CHANGE_ZH = re.compile(r"算了|不对(?![付劲头])|改成|改为|换成|改一下|还是.{0,14}吧|删掉|去掉|取消|改主意|换一个|换个|作废|拿掉|不写了|"
                        r"不要了|不用了|重新想|不如")
# (要不要 / 是不是 / 好不好 ask; they reject nothing)
# a line a character says: "…" / 「…」 with words, not a quoted name ("钟表匠", 'Bloom')
_SPOKEN = re.compile("“[^”]{4,}(?:”|$)|「[^」]{4,}(?:」|$)|『[^』]{4,}(?:』|$)|\"[^\"]*\\s[^\"]*\"|"
                     "‘[^’]{2,60}’|(?<![\\w])'[^']{2,60}'(?![\\w])")  # … or a title ('The Port Sabel Drop')
_REJECT_ZH = re.compile(r"(?<!要)不要(?![命脸紧])|(?<!用)不用|删掉|去掉|取消|算了|(?<![行得])不行|放弃|别用|别写|别让|作废|拿掉|不写|不加|不太好|"
                        r"否决|不合适|不喜欢|太俗|(?<!好)不好|太普通|(?<!对.)(?<!对..)(?<!对...)(?<!对....)没意思|换掉|不够好|太老套|太套路|(?<!是)不是|(?<!对)不对(?![付劲头])|撞了|"
                        r"不设|不保留|不需要|删了|删除|不采用|弃用|不考虑|烂大街|太土|土了|砍掉|划掉|毙掉")
_ACCEPT_ZH = re.compile(r"^(?:基本上?|大体上?|大致上?|整体上?|总体上?|大部分|其他|其余|这些|前面)?(?:都|也|就)?(?:好|可以|行|就这样|就这么|同意|没问题|不错|对|嗯|定了|就用|就按|记下|采纳|妙|正合|很好|挺好|好的)")
_QUESTION_ZH = re.compile(r"[？?]$|要不要|要不|是不是|会不会|能不能|好不好|怎么样|如何|或者|还是说|可不可以|行不行")
_CHANGE_EN = re.compile(r"\b(?:actually|instead|scrap|change it|changed my mind|on second thought|rather than|"
                        r"not anymore|no longer|forget|scratch that|replace|swap|make it|never mind)\b", re.I)
_REJECT_EN = re.compile(r"^(?:no|nah|nope)\b|(?:^|\b(?:i|we|you|just)\s+)(?:don't|do not)\b|"
                        r"\b(?:let's not|drop|dropped|dropping|scrap|scrapped|scrapping|"
                        r"forget|cut|cutting|ditch|ditching|remove|removed|removing|never mind|done to death|overdone|"
                        r"bin|binned|toss|tossed|axe|axed|junk|junked|"
                        r"clich[eé]d?|"
                        r"scratch|i don't like|not a fan|won't work|too much|hard no|no way|pass on)\b", re.I)
_THEIRS = re.compile(rf"['’]s\b|的(?!人)|(?:{'|'.join(sorted(lx.ZH_ROLES, key=len, reverse=True))})")
_BONDS = frozenset(("PARENT_OF", "MASTER_OF", "SIBLING_OF", "MARRIED_TO", "SENIOR_OF", "SERVES"))
_ACCEPT_EN = re.compile(r"^(?:yes|yeah|yep|ok|okay|good|great|perfect|sure|agreed|love it|i like|sounds good|fine|"
                        r"mostly (?:yes|good|fine|right)|all good|(?:looks|sounds) (?:good|great|fine|right)|"
                        r"that's (?:good|great|fine|perfect|right)|"
                        r"let's go with|go with|exactly|right|nice|deal|that works|works for me)\b", re.I)
_QUESTION_EN = re.compile(r"\?$|^(?:maybe|perhaps|what if|should|could|how about|or)\b|\bmight\b", re.I)

# "Yes, use that — except drop…", "行，就是把…删掉", "都行，只是…不要": a yes with its one exception
_EXCEPT = re.compile(r"(?i)^\W*\w+[^.!?]{0,30}?(?:\bexcept\b|\bapart from\b|\bother than\b|\bbut\b|\bonly\b|\bjust\b)|"
                     r"^[^。！？]{0,8}?[，,]\s*(?:除了|只是|就是|但|不过|只有)")
_DROP_PRONOUN = re.compile(r"(?i)(?:(?:so|ok|okay|yeah),?\s*)?(?:scrap|drop|cut|ditch|lose|forget|bin|toss|axe) (?:him|her)"
                           r"(?: entirely| completely)?[.!]?|(?:把)?[他她](?:删了|删掉|去掉|不要了)[。！]?|删掉[他她][。！]?")
_REQUEST = re.compile(r"^(?:can|could|would|will) you\b|^please\b|^(?:请|麻烦)?(?:你)?帮(?:我|忙)", re.I)
# what the author once meant to do decides nothing, and a later "Right." answers something else
_TENTATIVE = re.compile(r"(?:本来|原本|原来)(?:挺|也|是|很|一直)?(?:想|打算|定的是|准备)|本想|想过|\b(?:was|were) going to\b|"
                        r"\bthought about\b|\bhad considered\b|\bin my (?:old|earlier|first|original) (?:notes|draft|outline)\b|"
                        # "I had her running off with X, but…" / "I'd sketched X for it, but…": an earlier draft
                        r"\bi(?: had|'d| originally)\b[^.!?]*\bbut\b", re.I)

# A character has one value at a time for these: a new one replaces the old when the author changes it.
SLOTS = {"OWNS", "MEMBER_OF", "LEADS", "FROM", "LOCATED_IN", "HAS_ABILITY", "MASTER_OF"}


def _zh(text: str) -> bool:
    return bool(re.search(r"[\u4e00-\u9fff]", text))


def is_question(st: Statement) -> bool:
    return bool((_QUESTION_ZH if _zh(st.quote) else _QUESTION_EN).search(st.quote.strip())
                or _TENTATIVE.search(st.quote))


def changes_mind(st: Statement) -> bool:
    return bool((_CHANGE_ZH if _zh(st.quote) else _CHANGE_EN).search(st.quote))


def rejects(st: Statement) -> bool:
    return rejects_text(unspoken(st.quote))


def unspoken(text: str) -> str:
    """The text without the characters' own lines: "梁慕白最后一句：“我不是第一个钟表匠。”" rejects nothing."""
    return _SPOKEN.sub(lambda m: m.group(0)[0], text)  # (a sentence may end inside the line it quotes)


def rejects_text(text: str) -> bool:
    return bool((_REJECT_ZH if _zh(text) else _REJECT_EN).search(text))


def accepts(st: Statement) -> bool:
    return bool((_ACCEPT_ZH if _zh(st.quote) else _ACCEPT_EN).search(st.quote.strip()))


def dropped_in(st: Statement, name: str) -> bool:
    """"改成长枪，叫破军枪，赤霄剑不要了": the clause that names it drops it, whatever the sentence chose before."""
    own = next((c for c in re.split(r"[，,。；;！!…]+", st.text) if name in c), "")
    rejected = (_REJECT_ZH if _zh(own) else _REJECT_EN).search(own)
    chosen = (_CHANGE_ZH if _zh(own) else _CHANGE_EN).search(own)
    return bool(rejected) and not (chosen and chosen.end() <= own.find(name))


def _overlaps(proposal: Statement, clause: str) -> bool:
    if any(name in clause for name in proposal.names):
        return True
    if _zh(clause):
        words = {proposal.quote[i:i + 2] for i in range(len(proposal.quote) - 1)}
        content = [w for w in words if re.fullmatch(r"[\u4e00-\u9fff]{2}", w) and w not in _FUNCTION_BIGRAMS]
        return any(w in clause for w in content) or any(
            c in clause and c in proposal.quote for c in "疤剑刀鞭枪宗门派境")
    words = {w for w in re.findall(r"[a-z]{4,}", proposal.quote.lower())} - _EN_FUNCTION
    return any(w in clause.lower() for w in words)


_FUNCTION_BIGRAMS = {"可以", "这样", "一个", "一把", "一道", "我们", "你们", "她的", "他的", "要不", "不要", "什么", "怎么",
                     "还是", "就是", "如果", "因为", "所以", "然后", "好的", "明白", "记下", "没有", "已经"}
_EN_FUNCTION = {"that", "this", "with", "have", "will", "would", "could", "should", "what", "about", "maybe",
                "there", "their", "they", "them", "then", "than", "from", "your", "into", "also", "just", "like"}


# "就这些，你帮我理一下。" / "Can you recap?": the answer is the summary of what was agreed, however it opens
_ASKS_RECAP = re.compile(r"(?:帮我|你)?(?:理一下|理一理|整理一下|整理下|总结一下|汇总一下|归纳一下|记一下|捋一下|捋一捋)|"
                         r"\b(?:recap|sum (?:it |this |that )?up|summari[sz]e|write (?:it|that|this) (?:all )?up|"
                         r"log (?:it|that|this))\b", re.I)
_SUMMARY = re.compile(r"^(?:(?:好的?|明白|记下|整理|收到|总结|汇总|归纳|那我记下|那就|我记一下|更新后|修改后|改好了)(?:了|一下|下来)?|"
                      r"updated|revised|noted|recap|logged|got it|so|summary|to sum up|great|recorded|done|okay|ok)"
                      r"[：:，,。.!！\-—– ]", re.I)


class Decisions:
    """Which statements stand, and which findings survive the rest of the discussion."""

    def __init__(self, statements: list[Statement], *, prose: bool = False,
                 forms: dict[str, list[str]] | None = None):
        self.statements = statements
        self.forms = forms or {}  # name → the other ways the talk writes it ("Corvin" for Corvin Blackwood)
        # a chapter's narration tells what happened: its questions and its characters' "不要" decide nothing
        self.prose = prose
        self.standing = {st.index for st in statements} if prose else self._standing()
        self._by_index = {st.index: st for st in statements}
        self.rejected_names: dict[str, int] = {}
        self.retracted: set[tuple[int, str]] = set()  # (statement, name): an idea about them taken back there
        self.misread: list[Finding] = []  # findings about a dropped name that only a resolved pronoun put there

    def _standing(self) -> set[int]:
        """Statements that decide something: the author's, minus open questions, plus what the author accepted."""
        standing: set[int] = set()
        by_message: dict[int, list[Statement]] = {}
        for st in self.statements:
            by_message.setdefault(st.message_index, []).append(st)
        order = sorted(by_message)
        for position, message_index in enumerate(order):
            sts = by_message[message_index]
            answer = next((by_message[m] for m in order[position + 1:] if by_message[m][0].by_author), None)
            verdict = self._verdict(answer) if answer else None
            last = position == len(order) - 1
            asked = position > 0 and any(st.by_author and _ASKS_RECAP.search(st.quote)
                                         for st in by_message[order[position - 1]])
            # (an answer that asks back is no summary: "可以按开头、发展、转折排。你心里的转折点是什么？")
            summary = not sts[0].by_author and (_SUMMARY.match(sts[0].quote.strip()) or asked and not any(
                st.quote.rstrip().endswith(("?", "？")) for st in sts))
            for st in sts:
                if st.by_author and (not is_question(st) or _REQUEST.search(st.quote)):
                    standing.add(st.index)  # "Can you outline chapters 3 to 6?" asks for work, it doubts nothing
                elif answer and (not st.by_author or not _TENTATIVE.search(st.quote)) and \
                        self._answer_to(st, answer, verdict):
                    standing.add(st.index)
                elif summary and not is_question(st) and (last or verdict is not False and
                                                          self._answer_to(st, answer, True)):
                    # the assistant's summary of what was agreed: it stands unless the author's reply objects
                    # ("Noted: …" then "and he hates Tam" goes on from it; "好，…。要不要让他斩了曹德安？" still asks)
                    standing.add(st.index)
        return standing

    def _answer_to(self, proposal: Statement, answer: list[Statement], verdict: bool | None) -> bool:
        """Whether the author's reply takes up this suggestion: a clause that speaks of it and agrees, or a
        reply that agrees as a whole and rejects nothing it mentions."""
        for st in answer:
            clauses = re.split(r"[，,。；;！!]", st.quote)
            for position, clause in enumerate(clauses):
                if clause and _overlaps(proposal, clause):
                    if (_REJECT_ZH if _zh(clause) else _REJECT_EN).search(clause):
                        return False
                    # "对，关门弟子，…": the yes may stand alone in the clause before the words it confirms
                    said_yes = position > 0 and re.fullmatch(r"\s*(?:对|是的?|嗯|好|没错|yes|yeah|yep|right)\s*",
                                                             clauses[position - 1], re.I)
                    # ("规矩都要", "度量经那段照用", "use both", "keep it as it is")
                    if said_yes or re.search(r"可以|好|行|就这样|同意|没问题|不错|就用|就按|定了|对|都要|全要|照用|用你的|"
                                             r"都留着|保留", clause) or \
                            re.search(r"\b(?:yes|ok|okay|good|great|fine|sure|agreed|keep|like|use (?:both|them|it|that|all)|"
                                      r"is right|as it is)\b", clause, re.I):
                        return True
        return verdict is True

    @staticmethod
    def _verdict(answer: list[Statement]) -> bool | None:
        first = answer[0]
        if accepts(first) and (not rejects(first) or _EXCEPT.search(first.quote)):
            return True  # ("Yes, use that — except drop 'the Oklahoma Kid'": the rest stands; what is dropped, each
            # proposal's own words decide)
        if rejects(first) and not first.names:
            return False
        return None

    def settle(self, findings: list[Finding]) -> list[Finding]:
        """The findings that still hold at the end of the discussion, in order."""
        # (an outline the author went on to edit — "26章改一下，…" — is one they took up, and so is one whose
        # revised draft they accepted: "Revised 'The Pyrenees': …" — "Yes, that's it.")
        alive = [f for f in findings if f.statement.index in self.standing or self._said_before_doubt(f)
                 or self._said_after_retraction(f)
                 or f.section == "plan" and any(x.index in self.standing for x in f.extra)
                 # (an assistant's mystery the author keeps: "…没人知道信里写了什么。" — "那封信留着，第30章以前揭。")
                 or f.section == "hooks" and any(x.by_author and x.index in self.standing for x in f.extra)
                 or f.section == "plan" and (self._titled_after_draft(f) or self._edited_next(f))]
        if not self.prose:
            self._rejections(alive)
        alive = [f for f in alive if not self._rejected(f) and (self.prose or not self._state_dropped(f))]
        alive = self._supersede(alive)
        return alive

    def _state_dropped(self, finding: Finding) -> bool:
        """"Actually, scrap the broken leg." / "断腿不要了": a state the author later drops by naming it."""
        if finding.section != "states" or finding.item.get("key") not in ("injury", "appearance"):
            return False
        value = str(finding.item.get("value") or "")
        zh = _zh(value)
        # (Chinese by its characters: "断腿不要了" drops 摔断了腿)
        words = set(re.findall(r"[\u4e00-\u9fff]", value)) - set("了的是被在着过他她") if zh else \
            set(re.findall(r"[a-z]{3,}", value.lower()))
        if not words:
            return False
        for at, clause in self._dropping_clauses:
            said = set(clause) if zh else set(re.findall(r"[a-z]{3,}", clause.lower()))
            if at > finding.statement.index and _zh(clause) == zh and \
                    (len(words & said) >= max(2, 0.6 * len(words)) if zh else words <= said):
                return True
        return False

    @functools.cached_property
    def _dropping_clauses(self) -> list[tuple[int, str]]:
        """(statement, clause) for each clause of the author's that drops something."""
        return [(st.index, clause) for st in self.statements if st.by_author
                for clause in re.split(r"[，,。；;！!.—–]+", unspoken(st.quote))
                if (_REJECT_ZH if _zh(clause) else _REJECT_EN).search(clause)]

    @staticmethod
    def _titled_after_draft(finding: Finding) -> bool:
        """"I had it as 'Low Water' but I'm renaming it 'The Drowned Year'": the title after the old draft stands."""
        st = finding.statement
        doubt = _TENTATIVE.search(st.text) if st.by_author else None
        return doubt is not None and st.text.rfind(finding.item["title"]) > doubt.end()

    def _edited_next(self, finding: Finding) -> bool:
        """"Cut the legate … Add a step before the last one: ch. 10, … Title's fine.": the author's reply that
        works on a drafted outline's steps takes the outline up."""
        drafted = finding.statement
        reply = next((x.message_index for x in self.statements if x.by_author and x.message_index > drafted.message_index),
                     None)
        return not drafted.by_author and reply is not None and any(
            _WORKS_ON_STEPS.search(x.quote) for x in self.statements if x.message_index == reply)

    def _said_before_doubt(self, finding: Finding) -> bool:
        """"兵器是一把剑，霜吟剑——本来想说是她爹打的，…": what the author said before the earlier draft stands."""
        st = finding.statement
        doubt = _TENTATIVE.search(st.text)
        if not st.by_author or doubt is None or (_QUESTION_ZH if _zh(st.quote) else _QUESTION_EN).search(st.quote.strip()):
            return False
        said = [st.text.find(name) for name in finding.entities if name in st.text and name != st.focus]
        return bool(said) and max(said) < doubt.start()  # (the one the talk is about may come up in the draft)

    def _said_after_retraction(self, finding: Finding, *, drafted: bool = True) -> bool:
        """"本来想让她是卧底……算了，不搞，她就是镇异司的人": the draft is taken back, and what follows is decided."""
        st = finding.statement
        doubt = _TENTATIVE.search(st.text)
        if not st.by_author or drafted and doubt is None or not finding.entities:
            return False
        taken_back = (_REJECT_ZH if _zh(st.text) else _REJECT_EN).search(st.text, doubt.end() if doubt else 0)
        # (what a state says must come after it too: "她是暗潮会的卧底……算了" takes the 卧底 back with it)
        said = [*finding.entities, *([str(finding.item["value"])[:2]] if finding.section == "states" else [])]
        return taken_back is not None and all(st.text.rfind(words) > taken_back.end() for words in said)

    def _rejections(self, findings: list[Finding]) -> None:
        """A name is dropped by the clause that rejects it, in the author's own words (not a resolved "她")."""
        for st in self.statements:
            # an assistant's summary the author let stand drops what it says is dropped ("血煞门卧底的设定作废")
            if not ((st.by_author or st.index in self.standing and not is_question(st)) and rejects(st) and st.names):
                continue
            pointed = _DROP_PRONOUN.fullmatch(st.quote.strip())
            if pointed and st.by_author and len(st.names) == 1:  # "Scrap him." / "把她删了。": whom the talk just named
                self.rejected_names[st.names[0]] = st.index
                continue
            clauses = [c for c in re.split(r"[，,。；;！!…]+", unspoken(st.quote)) if c]
            resolved = [c for c in re.split(r"[，,。；;！!…]+", st.text) if c]
            if st.by_author and len(resolved) == len(clauses) and _DROP_PRONOUN.fullmatch(clauses[0].strip()):
                # "Bin him, Ivo does the job.": whom "him" meant goes, and the one who replaces him stays
                for name in (n for n in st.names if n in resolved[0]):
                    self.rejected_names[name] = st.index
                continue
            for position, clause in enumerate(clauses):
                cue = (_REJECT_ZH if _zh(clause) else _REJECT_EN).search(clause)
                if not cue or cue.group(0) in ("不是", "不对") and re.search(r"^[，,]?\s*(?:而|就|倒)?是",
                                                                          "".join(clauses[position + 1:position + 2])):
                    continue  # "功法不是顾长老教的，是《蚀心蛊经》": a correction of what, not a rejection of who
                if re.match(r"\s+(?:know|knows|yet know)\b", clause[cue.end():]):
                    continue  # "Pardal didn't saw the rung — or at least we don't know that": unknown, not dropped
                borrowed = not any(name in clause for name in st.names) and position > 0
                cue_at = cue.start()
                if borrowed:
                    clause = clauses[position - 1] + clause  # "长剑太普通了……还是算了"
                    cue_at += len(clauses[position - 1])
                for name in st.names:
                    form = next((f for f in [name, *self.forms.get(name, ())] if f in clause), None)
                    if form and borrowed and self._stood_before(st, name):
                        self.retracted.add((st.index, name))
                        continue  # "本来想让顾雪是卧底……算了": the idea goes, not 顾雪, who was settled before it
                    # ("是贺庭舟不是老韩": the one before 不是 is who it is; only the one after is dropped)
                    if form and cue.group(0) == "不是" and clause.find(form) < cue_at:
                        continue
                    # ("不写江屿母亲", "cut Sorel's escape": what is dropped is theirs, not them)
                    if form and _THEIRS.match(clause, clause.find(form) + len(form)):
                        continue
                    # ("别让江述沾这个", "别让他死": what is stopped is what they would do, not them)
                    if form and cue.group(0) == "别让" and clause.find(form) == cue.end() and \
                            re.match(r"[\u4e00-\u9fff]", clause[cue.end() + len(form):]):
                        continue
                    if form and not self._affirmed_in(st, name, findings) and \
                            not re.search(r"改成|换成|改为|instead|make it", clause[:max(0, clause.find(form))]):
                        self.rejected_names[name] = st.index

    def _stood_before(self, st: Statement, name: str) -> bool:
        return any(i < st.index and i in self.standing and self._says(self._by_index[i], name)
                   for i in self._by_index)

    def _affirmed_in(self, st: Statement, name: str, findings: list[Finding]) -> bool:
        """"不用长剑，改成双刀": 双刀 is what the rejecting sentence itself decides, 长剑 is what it drops."""
        text = st.text
        at = text.find(name)
        cue = (_REJECT_ZH if _zh(text) else _REJECT_EN).search(text)
        if cue is None or at < 0:
            return False
        if dropped_in(st, name):
            return False
        change = (_CHANGE_ZH if _zh(text) else _CHANGE_EN).search(text)
        if change and change.end() <= at:
            return True  # named after "改成/instead": the new choice
        return cue.start() > at + len(name) + 6 and not _zh(text)

    def _rejected(self, finding: Finding) -> bool:
        at = finding.statement.index
        # a state that quotes a dropped name ("血煞门卧底") goes with it
        named = [*finding.entities, *(n for n in self.rejected_names if finding.section == "states"
                                      and n in str(finding.item.get("value", "")))]
        # … and after it, a pronoun the talk resolved to it ("白霜这个角色不加。…庞千秋杀了她全村的人") is not it:
        # that finding was misread, and says nothing of the others it names
        if finding.section == "relations" and any(self.rejected_names.get(name, at) < at
                                                  and not self._says(finding.statement, name) for name in named):
            self.misread.append(finding)
            return True
        if any((at, name) in self.retracted for name in named) \
                and not self._said_after_retraction(finding, drafted=False):
            return True  # "破晓那边的队长……算了": what that clause said of 破晓 goes, 破晓 stays
        return any(name in self.rejected_names and self.rejected_names[name] > at for name in named) \
            or any(name in self.rejected_names and self.rejected_names[name] == at and finding.section != "hooks"
                   and not self._affirmed_in(finding.statement, name, []) for name in named)

    def _supersede(self, findings: list[Finding]) -> list[Finding]:
        keep: list[Finding] = []
        for finding in findings:
            item = finding.item
            replacing = finding.replaces or changes_mind(finding.statement)
            if finding.section == "relations" and item["type"] in SLOTS and replacing:
                keep = [k for k in keep if not (k.section == "relations" and k.item["type"] == item["type"]
                                                and k.item["from"] == item["from"]
                                                and k.statement.index < finding.statement.index)]
            if finding.section == "relations" and item["type"] in _BONDS and replacing:
                # "亲生女儿太狗血，改成徒弟吧：庞千秋是白露的师父": what the two are to each other, decided anew
                pair = {item["from"], item["to"]}
                keep = [k for k in keep if not (k.section == "relations" and k.item["type"] in _BONDS
                                                and {k.item["from"], k.item["to"]} == pair
                                                and k.statement.index < finding.statement.index)]
            if finding.section == "states" and item["key"] == "alive" and any(
                    _dated_death(k, item) and statement_chapter(k.statement.text) for k in keep) \
                    and not statement_chapter(finding.statement.text):
                continue  # "poisons Aldous, ch 33" … later, "he killed Aldous": a look back, not a new date
            if finding.section == "states" and item["key"] in ("realm", "location", "alive", "identity", "age"):
                # (one dies once: "dies in 11. Or 12." … "Ch 11: Gus dies" — the last word on when stands)
                keep = [k for k in keep if not (k.section == "states" and k.item["entity"] == item["entity"]
                                                and k.item["key"] == item["key"]
                                                and (k.item.get("valid_from") == item.get("valid_from")
                                                     or _dated_death(k, item)))]
            if finding.section == "states":  # "永远戴着半张银面具", then "半张银面具" in the summary: one scar, said twice
                # (… and "冻掉了两根脚趾" recapped as "冻掉两根脚趾")
                value = _PARTICLES.sub("", str(item["value"]))
                keep = [k for k in keep if not (k.section == "states" and k.item["entity"] == item["entity"]
                                                and k.item["key"] == item["key"] and k.item["value"] != item["value"]
                                                and (value in (other := _PARTICLES.sub("", str(k.item["value"])))
                                                     or other in value))]
            if finding.section in ("settings", "plan") and replacing:
                title = item.get("title")
                keep = [k for k in keep if not (k.section == finding.section and k.item.get("title") == title)]
            keep.append(finding)
        return keep

    def entity_stands(self, name: str, mentions: set[int]) -> bool:
        """An entity is proposed when a standing statement names it after any rejection of it."""
        rejected_at = self.rejected_names.get(name, -1)
        # "萧衡不设" names him only to drop him; after "小翠绝对不行。青禾可以，婉宁叫她阿禾" 她 is not 小翠
        return any(i in self.standing and i > rejected_at and not dropped_in(self._by_index[i], name)
                   and (rejected_at < 0 or self._says(self._by_index[i], name)) for i in mentions)

    def _says(self, st: Statement, name: str) -> bool:
        return any(form in st.quote for form in [name, *self.forms.get(name, ())])


_WORKS_ON_STEPS = re.compile(r"(?i)\b(?:add (?:a|another|one more) (?:step|beat)|(?:cut|drop|lose) (?:that|this|the \w+) "
                             r"(?:step|beat)|(?:title|the rest|everything else)(?:['’]s| is| stays?)? (?:fine|good|as is)|"
                             r"(?:step|beat) \d+ (?:is|stays|goes|becomes))\b|"
                             r"第[0-9一二三四五六七八九十]+条(?:改|删|不要|不对|换)|其他(?:的)?不动|标题(?:不错|就这样|可以)")
_PARTICLES = re.compile(r"[了着的]")


def _dated_death(earlier: Finding, item: dict) -> bool:
    return earlier.section == "states" and earlier.item["entity"] == item["entity"] and item["key"] == "alive" \
        and earlier.item["key"] == "alive" and earlier.item["value"] == item["value"]
