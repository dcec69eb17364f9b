"""Chinese ties said between two names in ways the core wording does not cover: bought and planted men, the
firm that signed someone, who was behind a death, a boat in someone's hands, a thing the sentence is about passed on.

"赵四早就被罗二麻子收买了", "其实是周岳安插在她身边的眼线", "也是鹿鸣传媒签的", "守夜人里的陆沉",
"师父老纸头就是黄三姑害死的", "手里有岛上最大的船金龙号", "对仲远忠心耿耿"; one of the group just named, its head
named by taking its post, a thing named in the clause after it is had.
"""

from __future__ import annotations

import re

from desktop.tasks.pipeline import lexicon as lx
from desktop.tasks.pipeline.findings import Finding
from desktop.tasks.pipeline.findings import negated_zh as _negated_zh
from desktop.tasks.pipeline.statements import Statement

# bought or turned: "被罗二麻子收买了" (A serves B) / "罗二麻子收买了赵四" (B serves A)
_BOUGHT = r"(?:收买|买通|策反|拉拢|腐蚀)"
_BOUGHT_BY = re.compile(r"(?:早就|早已|已经|其实|一直|早|暗中|偷偷)?被$")
_BUYS = re.compile(rf"(?:早就|早已|已经|暗中|偷偷)?{_BOUGHT}了?$")
# planted at someone's side: "是周岳安插在她身边的眼线", "是周岳的眼线", "拿了周岳的钱"
_PLANT = re.compile(r"(?:安插|派|放|埋|塞|送)(?:在|到|进)[^，,。；;]{0,8}的(?:眼线|内应|卧底|线人|奸细|探子|暗探|密探|特务|耳目|钉子|暗桩|人)"
                    r"|的(?:眼线|内应|线人|奸细|探子|暗探|密探|耳目|钉子|暗桩|走狗|狗腿子)")
# a clause that opens with 是 and who it is about: not one the sentence named as an object (跟了她三年)
_OPENS_WITH_IS = re.compile(r"(?:^|[，,、—])\s*(?:其实|原来|本来|早就|就|也|却)?是$")
_OBJECT_BEFORE = re.compile(r"(?:跟|和|与|对|向|给|把|替|为|陪|帮|找|见|跟着|伺候|服侍)了?$")
_IS = re.compile(r"(?:其实|原来|本来|早就|就|也|一直|便)?是$")
_PAID = re.compile(r"(?:拿|收|吃|拿了|收了|吃了)$")
_PAY = re.compile(r"的(?:钱|好处|银子|黑钱|贿赂)")
# under someone: "是程驿丞手下跑腿的", "是他手下的人"
_UNDER = re.compile(r"(?:的)?(?:手下|麾下|身边)的?(?:人|跑腿|打手|伙计|马仔|小弟|[\u4e00-\u9fff]{0,3}的)")
# devoted: "对仲远忠心耿耿"
_DEVOTED = re.compile(r"(?:忠心耿耿|死心塌地|言听计从|唯命是从|忠心不二)")
# a firm that signed or made someone: "也是鹿鸣传媒签的", "鹿鸣传媒旗下的"
_SIGNED = re.compile(r"(?:签(?:下|约)?的|旗下的|捧出来的|带出来的)")
# sent in by someone: "是樱机关派进来的", "是赵琰派来的"
_SENT = re.compile(r"(?:派|安插|送|塞|安排)(?:进|过)?来的")
# "36章沈知微入尚宫局": entering a group, said with the bare 入
_ENTERS = re.compile(r"(?:(?:第?[0-9一二三四五六七八九十百]+章)?(?:正式|就|便|也)?)入")
# teaching someone a trade: "要手把手教知微做点心，算她师父", "破例教了小方，算收了她当半个徒弟"
_TEACHES = re.compile(r"[^，,。；;]{0,6}?(?:手把手|亲手|亲自|破例|开始|一直)?教(?:了|过|会了)?")
_PUPIL_WORD = re.compile(r"师父|师傅|徒弟|学徒|弟子|手艺|学艺")
# who one has gone over to: "扛不住，投了郑知州", "第8章投了他"
_WENT_OVER = re.compile(r"(?:^|[，,]|[^，,。]{0,4})(?:投了|投靠了?|投奔了?|倒向了?)$")
# in league: "早有勾结", "是一伙的"
_IN_LEAGUE = ("早有勾结", "勾结", "串通", "是一伙的", "穿一条裤子", "暗中往来", "暗通款曲")
# "研究所的司机", "三连一班班长": a post inside a group, said between the group and the holder's name
_POST_BETWEEN = re.compile(r"的?((?:[一二三四五六七八九十\d]+|[\u4e00-\u9fff]{1,3}?)[班排连组队科处室])?([\u4e00-\u9fff]{1,4}?)[，,]?")
# "守夜人里的陆沉": one of a group's people
_AMONG = re.compile(r"(?:里|中|内|当中)的$")
# "师父老纸头就是黄三姑害死的": who was behind a death, said of the dead
_KILLED_BY = re.compile(r"(?:一手|亲手)?(?:杀|害死|杀死|毒死|打死|逼死|杀害|弄死|下毒毒死)的")
# "邝守仁开枪打死的": the clause ends on who did the killing
_DID_IT = re.compile(r"(?:开枪|亲手|一枪|一刀|用[^，,。]{1,4})?(?:打死|杀|杀死|害死|毒死|捅死|砍死|勒死|推下[^，,。]{0,4}淹死)的\s*[。！!]?\s*")
# a master who turns a pupil out: "把周建国逐出师门"
_OUT_OF_SCHOOL = re.compile(r"(?:给)?(?:逐出|赶出|清理出|开除出)(?:了)?(?:师门|门墙|门下)")
# a thing the sentence is about passed on: "（霁红釉方：）…转手卖给方志诚"
_GIVES = re.compile(rf"(?:转手|又|后来|最后|再)?(?:{'|'.join(lx.ZH_GIVE)})了?$")
# "手里有岛上最大的船金龙号": what is in someone's hands, named after what it is
_HAS_IN_HAND = re.compile(r"的?(?:手里|手中|手上|名下)(?:还|也|就)?(?:有|握着|攥着)[^，,。；;！!？?]{0,10}")


# "收他当徒弟": taking someone on as a pupil; "跟冯伯学过": having learned from someone
_TAKES_ON = re.compile(r"(?:正式|也|就|才)?收(?:了|下)?")
_AS_PUPIL = re.compile(r"(?:当|做|为|作)(?:关门|入室|亲传)?(?:徒弟|弟子|学徒)|为徒")
_LEARNED_FROM = re.compile(r"[^，,。；;]{0,6}?(?:跟|跟着|随|向)")
_LEARNED = re.compile(r"学过|学了|学的|学起|学艺|学手艺")


# "她手里有一支玉笛，叫听潮笛", "在京州开了个工作室，叫拾光工作室", "…，归林七": had, founded, gone to, then named
_HAS_THEN_NAMED = re.compile(r"(?:的)?(?:手里|手中|手上|身上|随身)?(?:在[^，,。]{1,8}?)?"
                             r"(?:有|拿着|握着|带着|佩着|用|使|用的是|使的是|(?:拔出|得到|捡到|拿到|找到|获得|夺得|买下)了?)"
                             r"(?:一[把柄支对双件块枚颗面条根杆]|把)?[^，,。！？]{1,5}[，,](?:名?叫|叫做|名为)[「『“\"]?")
_FOUNDED_THEN_NAMED = re.compile(r"(?:在[^，,。]{1,8}?)?(?:开了|创办了|创立了|成立了|建了|办了)(?:个|一个|一家|家)?[^，,。！？]{0,8}[，,]"
                                 r"(?:名?叫|叫做|名为)[「『“\"]?")
_THEN_GOES_TO = re.compile(r"[”」』\"]?(?:[^，,。；;]{0,6}[，,])?\s*(?:最后|后来|就|从此)?(?:归|归了|落到了?|落入了?|到了)")
# "鲁大鹏当团长", "鲁大鹏自封团长": taking the head post of the group the sentence just named
_HEADS_IT = re.compile(r"(?:就|来|也)?(?:当|做|自封|出任|接任|升任|担任|接了)了?(?:%s)(?![\u4e00-\u9fff])" % "|".join(
    sorted(lx.ZH_FACTION_LEADER_ROLES, key=len, reverse=True)))
_ONE_OF_THEM = re.compile(r"(?:也|都|就|一直)?是(?:组|帮|会|门|队|局|宗|派|团|社|楼|殿|阁|营)(?:里|内|中)的(?:人|成员|老人)")


class ChineseTies:
    """Mixed into the Reader: needs kind(), _rel(), _end(), _state(), _spans(), owners, holders,
    held_here and in_passing."""

    def _zh_ties(self, st: Statement, spans: list, opens: int, subject: str | None) -> list[Finding]:
        out: list[Finding | None] = []
        text = st.text
        # "运营助理许杰，跟了她三年——其实是周岳安插在她身边的眼线": a clause that opens with 是 is about the one the
        # sentence named last before it (not one it only names as a possessor), else the one the talk is about
        at = next((s for n, s, _ in spans if s > opens and _OPENS_WITH_IS.search(text[opens:s])), None)
        named = [] if at is None else [n for n, s, e in self._spans(st) if e <= at and self.kind(n) == "Character"
                                       and text[e:e + 1] != "的" and not _OBJECT_BEFORE.search(text, 0, s)]
        carried = named[-1] if named else subject
        if at is not None and carried and self.kind(carried) == "Character":
            said = _OPENS_WITH_IS.search(text[opens:at])
            start = opens + said.start() + len(re.match(r"[，,、—]*", said.group(0)).group(0))
            spans = [(carried, start, start), *((n, s, e) for n, s, e in spans if s >= at)]
        people = [(n, s, e) for n, s, e in spans if self.kind(n) == "Character"]
        if len(people) == 1 and subject and subject != people[0][0] and self.kind(subject) == "Character" and \
                _DID_IT.fullmatch(text, people[0][2]):
            # "阿喜第43章死，邝守仁开枪打死的": the one the sentence is about was killed by the one this clause names
            out += [self._rel(st, "KILLED", people[0][0], subject), self._state(st, subject, "alive", "dead")]
        for i, (a, sa, ea) in enumerate(spans):
            for b, sb, eb in spans[i + 1:]:
                mid, post = text[ea:sb], text[eb:eb + 16]
                ka, kb = self.kind(a), self.kind(b)
                if len(mid) > 12 or _negated_zh(text[:sb]):
                    continue
                if ka == kb == "Character":
                    if _IS.search(mid) and _UNDER.match(post):
                        out.append(self._rel(st, "SERVES", a, b))  # 小栓子…是程驿丞手下跑腿的
                    if _BOUGHT_BY.search(mid) and re.match(_BOUGHT, post) or \
                            _IS.search(mid) and _PLANT.match(post) or _PAID.search(mid) and _PAY.match(post) or \
                            re.fullmatch(r"[^，,。；;]{0,4}对", mid) and _DEVOTED.match(post):
                        out.append(self._rel(st, "SERVES", a, b))
                    if _BUYS.search(mid) and len(mid) <= 8:
                        out.append(self._rel(st, "SERVES", b, a))
                    if mid.endswith("把") and len(mid) <= 8 and _OUT_OF_SCHOOL.match(post):
                        out.append(self._end(st, "MASTER_OF", a, b))  # 第11章把周建国逐出师门
                    if _TAKES_ON.fullmatch(mid) and _AS_PUPIL.match(post) or _LEARNED_FROM.fullmatch(mid) and \
                            _LEARNED.match(post) and not re.search(r"[不没未别]", mid):
                        # 青禾收他当徒弟 (the taker is master); 阿俊小时候跟冯伯学过掌舵 (the one learned from is)
                        out.append(self._rel(st, "MASTER_OF", *((a, b) if _TAKES_ON.fullmatch(mid) else (b, a))))
                    if _TEACHES.fullmatch(mid) and (mid.find("手把手") >= 0 or _PUPIL_WORD.search(text[eb:])):
                        out.append(self._rel(st, "MASTER_OF", a, b))  # 葛师傅手把手教知微做点心，算她师父
                    if _IS.search(mid) and _KILLED_BY.match(post):
                        out += [self._rel(st, "KILLED", b, a), self._state(st, a, "alive", "dead")]
                    if _IS.search(mid) and re.match(r"的人(?![物家])", post) or _WENT_OVER.search(mid) and len(mid) <= 8:
                        out.append(self._rel(st, "SERVES", a, b))  # 早就是蔡七爷的人; 扛不住，投了郑知州
                    if re.fullmatch(r"(?:一直|早就|暗中)?(?:跟|和|与)[^，,。；;]{0,10}", mid) and post.startswith(_IN_LEAGUE):
                        out.append(self._rel(st, "ALLY_OF", a, b))  # 跟恰克图的俄商瓦西里早有勾结
                if ka == "Character" and kb == "Location" and sa == ea and not mid.strip("，, ") and \
                        re.match(r"人(?:[，,。；;]|$)", post):
                    out.append(self._rel(st, "FROM", a, b))  # 老河工田守义，…，正阳关人
                if ka == "Character" and kb == "Faction" and ((_IS.search(mid) or re.fullmatch(r"[，,]", mid))
                                                                 and (_SIGNED.match(post) or _SENT.match(post))
                                                                 or _ENTERS.fullmatch(mid)):
                    out.append(self._rel(st, "MEMBER_OF", a, b))  # 也是鹿鸣传媒签的, 樱机关派进来的, 36章入尚宫局
                if ka == "Character" and kb == "Faction" and _IS.search(mid) and len(mid) <= 4 and _PLANT.match(post):
                    out.append(self._rel(st, "MEMBER_OF", a, b))  # 他是警备稽查处安插在邮局的暗探
                if ka == kb == "Character" and _IS.search(mid) and _SENT.match(post):
                    out.append(self._rel(st, "SERVES", a, b))  # 钱嬷嬷是赵琰派来的
                if ka == "Faction" and kb == "Character" and _AMONG.fullmatch(mid):
                    out.append(self._rel(st, "MEMBER_OF", b, a))
                # "研究所的司机小邓", "三连一班班长马振北": a post in a group, then who holds it
                post_held = _POST_BETWEEN.fullmatch(mid) if ka == "Faction" and kb == "Character" else None
                if post_held and lx.zh_post(post_held.group(2)) and post_held.group(2) not in lx.ZH_NOT_POSTS and \
                        (post_held.group(1) or post_held.group(2) not in lx.ZH_FACTION_LEADER_ROLES):
                    out.append(self._rel(st, "MEMBER_OF", b, a))  # (一班的班长 is one of 三连; 三连的连长 heads it)
                if ka == "Item" and kb == "Character" and sa == ea and _GIVES.search(mid):
                    # "霁红釉方：第10章被周建国偷了，转手卖给方志诚": the thing talked of goes on to the one named
                    previous = self.holders.get(a) or self.owners.get(a)
                    if previous and self.held_here.get(a) == previous:
                        self.in_passing.add((previous, a))  # (taken and sold on in one breath: held in passing)
                    elif previous and previous != b:
                        out.append(self._end(st, "OWNS", previous, a))
                    out.append(self._rel(st, "OWNS", b, a))
                if ka == "Character" and kb == "Item" and _HAS_IN_HAND.fullmatch(mid):
                    out.append(self._rel(st, "OWNS", a, b))
        return [f for f in out if f is not None]

    def _zh_takes_head(self, st: Statement, spans: list) -> list[Finding | None]:
        """"南星好，鲁大鹏当团长", "新团叫南星艺术团，鲁大鹏自封团长": one who takes the head post of the group the
        sentence just named heads it."""
        out: list[Finding | None] = []
        for i, (name, start, end) in enumerate(spans):
            group = next((n for n, _, e in reversed(spans[:i]) if self.kind(n) == "Faction" and e <= start), None)
            if self.kind(name) == "Character" and group and _HEADS_IT.match(st.text, end) and \
                    not _negated_zh(st.text[:end + 2]) and not _negated_zh(st.text[:start]):
                out.append(self._rel(st, "LEADS", name, group))
        return out

    def _zh_one_of_them(self, st: Statement, spans: list) -> list[Finding | None]:
        """"组织叫青鸟小组，…，沈怀瑾是组里的人": one of the group the sentence (or the talk) just named."""
        out: list[Finding | None] = []
        for name, _, end in spans:
            if self.kind(name) != "Character" or not _ONE_OF_THEM.match(st.text, end):
                continue
            here = [n for n, s, _ in spans if s < end and self.kind(n) == "Faction"]
            group = here[-1] if here else next(reversed(self._factions), None)
            if group:
                out.append(self._rel(st, "MEMBER_OF", name, group))
        return out

    def _zh_named_things(self, st: Statement, spans: list) -> list[Finding]:
        """"她手里有一支玉笛，叫听潮笛": what someone has, then the clause that names it — the name is theirs;
        "在京州开了个工作室，叫拾光工作室": what someone founds, which they head. "从星澜辞职": a post left."""
        out = []
        for i, (a, _, ea) in enumerate(spans):
            for b, sb, eb in spans[i + 1:]:
                mid = st.text[ea:sb]
                if self.kind(a) == "Character" and self.kind(b) == "Item" and _HAS_THEN_NAMED.fullmatch(mid):
                    out.append(self._rel(st, "OWNS", a, b))
                if self.kind(a) == "Character" and self.kind(b) == "Faction" and _FOUNDED_THEN_NAMED.fullmatch(mid):
                    out.append(self._rel(st, "LEADS", a, b))
                if self.kind(a) == "Item" and self.kind(b) == "Character" and _THEN_GOES_TO.fullmatch(mid):
                    out.append(self._rel(st, "OWNS", b, a))  # "通关奖励是一件道具“红烛”，归林七"
                if self.kind(a) == "Character" and self.kind(b) == "Faction" and re.fullmatch(
                        r"[^，,。]{0,4}从", mid) and re.match(r"(?:辞职|离职|退出|退了|出来)", st.text[eb:eb + 3]):
                    out.append(self._end(st, "MEMBER_OF", a, b))
        return [f for f in out if f is not None]
