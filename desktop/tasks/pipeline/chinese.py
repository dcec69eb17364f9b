"""Chinese wording: A是B的师兄, A把B送给C, A把B给杀了 — between names in one statement, with a carried subject."""

from __future__ import annotations

import re

from desktop.tasks.pipeline import lexicon as lx
from desktop.tasks.pipeline.findings import Finding
from desktop.tasks.pipeline.findings import flat as _flat
from desktop.tasks.pipeline.findings import has_verb as _has_verb
from desktop.tasks.pipeline.findings import negated_zh as _negated_zh
from desktop.tasks.pipeline.findings import role_after as _role_after
from desktop.tasks.pipeline.statements import Statement
from desktop.tasks.pipeline.zh_titles import ChineseTitles

CJK = "\u4e00-\u9fff"


_HEADS = "|".join(lx.ZH_FACTION_LEADER_ROLES)
_HEAD_BEFORE = re.compile(rf"({_HEADS})(?:是|叫|为|乃)?$")  # 阁主公孙迟, 家主是慕容烈
_HEAD_PASSED = re.compile(rf"({_HEADS})的?(?:位子|位置|之位|大位)(?:传给|交给|让给)了?"
                          r"(?:[长次幼]子|[长次幼]女|儿子|女儿|徒弟|大弟子|弟子|侄子)?$")
_HEAD_AFTER = re.compile(rf"(?:就是|乃是|是|为|成了|成为|接任|继任|出任|接了|当上了?|做了)(?:[{CJK}]{{0,5}}?的?)"
                         rf"(?<![副少])({_HEADS})")  # (a 副营长 is no head)
_THERE_IS = re.compile(r"[上下里中内外畔边旁前后处]有")  # 三生石畔有绛珠草一株: what is there, not whose it is
# 在申江晚报当记者, 跑去聚丰园打杂: works there
_WORKS_AS = re.compile(r"(?:当|做|干|任|担任|就职|工作|上班|供职|打工|卧底|打杂|帮工|跑堂|帮厨|当差|学徒|学艺)")
_PARENT_OF_THE_CHILDREN = re.compile(r"(?:孩子|孩子们|[两三四几]个孩子|兄妹[俩两]?|姐弟[俩两]?|兄弟[俩两]?|姐妹[俩两]?)"
                                     r"的(?:亲)?(?:娘|妈|母亲|生母|爹|爸|父亲|生父)(?:是|叫|名叫|就是)?$")
_CHILD_BY_RANK = re.compile(r"(?:长子|次子|幼子|独子|长女|次女|幼女|独女|小儿子|小女儿|大儿子|大女儿)(?:是|叫|名叫)?$")


# "她手里一把冰魄扇": what is in someone's hand is theirs
_IN_HAND = re.compile(r"(?:的)?(?:手里|手中|手上)(?:拿着|握着|提着|捏着|有|是)?(?:一[把柄口件块枚颗支杆面]|把)?")


# "杜文渊：首辅、清流党魁、" / "陈七（老鬼），": a recap's name, then what it says of them, one by one
_RECAP_LIST = re.compile(r"(?:[（(][^（）()]{1,8}[）)])?[：:，,]?(?:[^，,。：:、；]{1,8}、)*")
# "怀表，这回揭开：是宋秉堂的" / "伞是宋佳的": whose a thing is, said of the thing
_BELONGS_TO = re.compile(r"(?:[^，,。；;的]{0,8}[，,：:——]+)?(?:其实|原来|就|也|都|从此就?|最后)?是")
_ITS_OWNER = re.compile(r"的(?:了|东西|遗物)?(?:[。，,！!；;？?]|$)")
# "小周是林七刚拉进夜枭小队的", "被师父带进了天机阁": brought into a group by someone is one of them
_BROUGHT_IN = re.compile(r"^(?:是|被)[^，,。；;]{0,8}?(?:拉|带|招|介绍|推荐|领|收|调|安排)(?:进|入)了?$")
# "…，进了国家围棋队": got into a group (not 闯进了, 走进了: went into a place; nor 进了垂花门, a gate)
_GOT_INTO = re.compile(r"(?:^|[，,]|也|就|后来|刚|刚刚|已经|终于|顺利|[章回]起?)(?:考)?进了?$")
# "…道具“红烛”，归林七" / "…残卷被抢走，落到了祁大彪手里": the clause after a thing says whose it becomes
# what 把 took dies of what is done to it: "把刀疤刘给杀了", "把许九龄推下水淹死"
_DONE_TO_DEATH = re.compile(r"给?[^，,。；;！？!?]{0,6}?(?:杀了|杀死|打死|毒死|害死|弄死|干掉|宰了|砍死|勒死|掐死|捅死|"
                            r"淹死|溺死|摔死|烧死|闷死|砸死|捂死|刺死)")
_POST_IN_GROUP = re.compile(rf"的([{CJK}]{{0,2}}[办手人员师工匠头长官主生夫娘婆爷徒计管事丁役兵将卫探客医子])"
                            r"(?=[，,。；;！!？?）)]|$)")
# "为护", "护着", "挡在": a verb of a clause's subject whose object is the next name (not 和, 的, a pause)
_OBJECT_BETWEEN = re.compile(r"(?:为了?|替|去)?(?:护|救|保护|护着|挡在|拉着|抱着|推开|掩护|背着)")
# "冰心莲最后也是叶知秋拿到", "交到岳千峰手上", "过户到宋屿名下": a thing that ends in someone's hands is theirs
_HANDS_OVER = re.compile(r"(?:到|入|在|给|归)了?$")
_IN_HANDS = re.compile(r"(?:的)?(?:手里|手上|手中|名下|囊中)")
# "冰心莲最后也是叶知秋拿到"
_WON_BY = re.compile(r"(?:^|[^，,。；;]{0,6})(?:是|由)$")
_WINS = re.compile(r"(?:拿到|得到|拿走|夺得|夺走|抢走|带走|取走|继承|保管|收着)")
# "第101章起林风就在天都城。" / "…在天都城住下": being somewhere, not doing something there
_STAYS = re.compile(r"(?:[，,。；;！!）)]|$|住|待|呆|躺|养伤|疗伤|隐居|定居|落脚|生活|闭关|坐镇|藏身|避难|躲|扎根|安顿)")


# "对苏小姐动了心": taken with someone
_GOES_TOWARD = re.compile(r"(?:连夜|当晚|就|又|才|也)?(?:往|朝|奔|回)")
_GONE = re.compile(r"(?:去|跑|逃|赶|走|奔|来)?了|去|跑|逃|[，,。；;]|$")
_LOVE_AFTER_DUI = ("动了心", "动心", "有好感", "有了好感", "有意思", "有意", "一往情深", "情有独钟", "暗生情愫", "芳心暗许",
                   "一见钟情", "念念不忘", "起了心思")
# "跟小川是死对头", "跟他结了仇", "一直跟老韩不对付"
_AT_ODDS = ("是死对头", "是对头", "是冤家", "是仇人", "是仇家", "是宿敌", "是死敌", "结了仇", "有仇", "有过节", "不对付",
            "结下梁子", "结了梁子", "有梁子", "势不两立", "水火不容")
# "第30章死在黑鹞子手上"
_DIED_AT_HANDS = re.compile(r"(?:第?[0-9〇零一二两三四五六七八九十百]+[章回])?(?:就|也|便|最后|最终)?死在")
_HANDS = ("手上", "手里", "手中", "手下", "刀下", "枪下", "剑下", "枪口下")

class ChineseRules(ChineseTitles):
    """Mixed into the Reader: needs kind(), _rel(), _end(), _state() and owners."""

    def _zh_pairs(self, st: Statement, spans: list) -> list[Finding]:
        out: list[Finding | None] = []
        text = st.text
        change = any(c in text for c in lx.CHANGE_CUES_ZH)
        for i, (a, sa, ea) in enumerate(spans):
            for b, sb, eb in spans[i + 1:]:
                mid = text[ea:sb]
                post = text[eb:eb + 8]
                ka, kb = self.kind(a), self.kind(b)
                if len(mid) > 12 or _negated_zh(text[:sb]) and not mid.startswith("的"):
                    continue
                # A的<role>(是)B — B holds the role towards A
                role = _role_after(mid, "的") or (mid if mid in lx.ZH_ROLES else None)  # 她爹苏远山
                bare = re.sub(r"^(?:他|她)的?|(?:是|叫|名叫)$", "", mid)
                if not role and (sa == ea or bare != mid) and bare in lx.ZH_ROLES:
                    role = bare  # "…，师父是冥老", "…，他爹叫杨老栓": the carried subject's master, the one named's father
                # "…的师父是青云宗长老玄机子": the holder's post may stand between 是 and the name
                if role and (mid.endswith(("是", "叫", "名叫", role, role + "是", role + "叫")) or
                             re.fullmatch(rf"的?{re.escape(role)}(?:是|叫|名叫)[^，,。的和与]{{1,8}}", mid)):
                    out.append(self._zh_role(st, holder=b, other=a, role=role, other_kind=ka))
                # A是B的<role> / A是B<role> / "A，B的<role>" (是 left out after a carried subject)
                if re.fullmatch(r"(?:明面上|表面上|名义上|实际上|暗地里|其实|本来|原来|就|也|正|便|还|如今|现在|一直|早就|始终)?"
                                r"(?:是|乃是|成了|成为|做了|当了|为|乃)"
                                rf"(?:[{CJK}]{{0,5}}的|[{CJK}]{{1,3}}(?=$))?", mid) or \
                        (sa == ea and (mid == "" or mid in lx.ZH_TITLES or mid in lx.ZH_FACTION_LEADER_ROLES)):
                    # 萧太傅为萧策、萧婉之父: the role after a list holds towards each one listed
                    listed, tail = [b], eb
                    for c, sc, ec in spans:
                        if sc > tail and text[tail:sc] in ("、", "和", "与", "及") and self.kind(c) == kb:
                            listed.append(c)
                            tail = ec
                    after = text[tail:tail + 8]
                    role = _role_after(after, "的") or CLASSICAL_ROLES.get(after[:2]) or _role_after(after, "") or \
                        _role_after(re.sub(r"^[^，。的]{1,4}(?=的)", "", text[tail:tail + 12]), "的")  # 这一代的首席弟子
                    # ("…。天幕的老板温砚秋": a post followed by its holder's name is theirs, not the carried subject's)
                    named_after = sa == ea and any(sc > tail and self.kind(c) == "Character" and
                                                   re.fullmatch(rf"的?{re.escape(role)}", text[tail:sc]) for c, sc, _ in spans) \
                        if role else False
                    if not role and ka == "Character" and kb == "Faction" and len(listed) == 1 and \
                            (post_ := _POST_IN_GROUP.match(after)) and post_.group(1) not in lx.ZH_NOT_POSTS:
                        # 蔡鸿逵是怡和洋行的买办: any post in a group makes a member, said as it is
                        out += [self._rel(st, "MEMBER_OF", a, b), self._state(st, a, "identity", post_.group(1))]
                    if role and (role != "人" or kb != "Character") and not named_after:
                        out += [self._zh_role(st, holder=a, other=other, role=role, other_kind=kb) for other in listed]
                    elif ka == kb == "Character" and re.match(r"的人(?!物)", after) and mid.endswith("是"):
                        # 钱嬷嬷一直是赵琰的人: one of his (…是镇异司的人 is a post in a group, as any other)
                        out += [self._rel(st, "SERVES", a, other) for other in listed]
                elif _RECAP_LIST.fullmatch(mid) and (sa == ea or mid[:1] in "：:，,（(") and ka == kb == "Character" and \
                        (role := _role_after(post, "的") or _role_after(post, "")) in lx.ZH_ROLES and \
                        re.match(rf"的?[^，,。、；]{{0,3}}{role}(?:[，,。、；;]|$)", post):
                    out.append(self._zh_role(st, holder=a, other=b, role=role, other_kind=kb))  # 杜文渊：首辅、顾长庚座师
                if ka == kb == "Character" and mid in CLASSICAL_ROLES:  # 殷晚照之父殷无悔
                    out.append(self._zh_role(st, holder=b, other=a, role=CLASSICAL_ROLES[mid], other_kind=ka))
                pair = _PAIR_BOND.match(post) if mid in ("和", "与", "跟", "同") else None
                if pair and ka == kb == "Character":  # 萧策与萧婉是兄妹
                    rel = _PAIR_BONDS[pair.group(1)]
                    out.append(self._rel(st, rel, a, b))
                together = _TOGETHER.match(text[eb:eb + 16]) if re.fullmatch(r"(?:早就|早已|一直|也|都|还|就)?(?:和|与|跟|同)", mid) \
                    else None
                if together and ka == kb == "Character":  # 萧寒衣与殷晚照两情相悦, 跟程越站一条战线
                    rel = "LOVES" if together.group("love") else "ALLY_OF"
                    out += [self._rel(st, rel, a, b), *([self._rel(st, rel, b, a)] if rel == "LOVES" else [])]
                if ka == kb == "Character" and mid.endswith("是") and _ON_THEIR_SIDE.match(post):
                    out.append(self._rel(st, "ALLY_OF", a, b))  # 66章起就是陆沉这边的铁杆盟友
                if ka == kb == "Character" and re.fullmatch(r"(?:也|都|就)?是", mid) and \
                        re.match(r"(?:[^，,。；的]{0,8}?)(?:一手|亲手)?(?:带|教|培养|调教|栽培)出来的", text[eb:eb + 16]):
                    out.append(self._rel(st, "MASTER_OF", b, a))  # 秦朗是他一手带出来的
                if re.fullmatch(r"拜(?:了)?", mid) and post.startswith(("为师", "做师父", "为师父")) or \
                        re.fullmatch(r"[，,\s]*(?:师从|拜在|投在)", mid) and ka == kb == "Character":
                    out.append(self._rel(st, "MASTER_OF", b, a))  # 拜X为师; 师从云鹤真人
                # "温知夏和周砚都在盛景任职": what is said of the second of two people joined by 和 is said of both
                joined = next((text[ec:sb] for c, sc, ec in spans if ea < sc and ec <= sb and text[ea:sc] in
                               ("和", "与", "跟", "、", "及") and self.kind(c) == "Character"), mid)
                if kb == "Faction" and ka == "Character" and (_has_verb(joined, lx.ZH_JOIN) or re.fullmatch(
                        r"(?:后来|都|也|还|一直|目前|现在|如今|一起|同时)?(?:在?第[0-9一二三四五六七八九十百零]+[章回])?"
                        r"(?:在|进了|进|跑去|去了?|到)", joined) and _WORKS_AS.match(post)
                        or _BROUGHT_IN.search(joined) or _GOT_INTO.search(joined) and not b.endswith("门")):
                    out.append(self._rel(st, "MEMBER_OF", a, b, replaces=change))  # 加入X; 在申江晚报当记者
                if ka == "Character" and kb == "Faction" and text[:sa].rstrip().endswith("把") and \
                        re.fullmatch(r"(?:卖给了?|卖到了?|卖去了?|转会到|转会去|租借给了?|租给了?)", mid) and re.search(r"转会|冬窗|夏窗|球队|俱乐部|联赛|战队|租借", text):
                    out.append(self._rel(st, "MEMBER_OF", a, b))  # 老范把阎小北卖给了北岭: a player sold to a club
                if ka == "Faction" and kb == "Character" and mid == "的" and not _role_after(post, ""):
                    out.append(self._rel(st, "MEMBER_OF", b, a))  # 铁幕的刀疤刘: one of theirs
                if ka == "Faction" and kb == "Character" and re.fullmatch(r"(?:从此|以后|今后|往后|改|就|全|交)?由", mid) and \
                        re.match(rf"(?:来|接着|接手)?(?:当|担任|出任|接任|做)(?:了)?(?:{_HEADS})", post):
                    out.append(self._rel(st, "LEADS", b, a))  # 村小从此由方静当校长
                if kb == "Faction" and ka == "Character" and _has_verb(mid, lx.ZH_LEAD) and len(mid) <= 6 \
                        and not _negated_zh(mid):
                    out.append(self._rel(st, "LEADS", a, b, replaces=change))  # 执掌夜枭; 统领禁军
                if ka == kb == "Character" and (re.fullmatch(r"[^，,。]{0,3}(?:为|替|给)", mid) and post.startswith((
                        "效力", "效命", "卖命", "做事", "办事", "当差", "鞍前马后", "干活", "干脏活", "跑腿")) or
                        re.search(r"(?:伺候|服侍|侍奉|伺候着)$", mid) or
                        re.fullmatch(r"[^，,。]{0,6}在", mid) and re.match(r"身边(?:伺候|服侍|侍奉|当差|做事)", post)):
                    out.append(self._rel(st, "SERVES", a, b))  # 为许怀山做事, 调进长信宫伺候沈知意, 在皇后身边伺候
                if kb == "Item" and ka == "Character":
                    own = _has_verb(_THERE_IS.sub("", mid), lx.ZH_OWN) or re.search(rf"的(?:{'|'.join(lx.ZH_OWN_NOUNS)})(?:是|为|换成|改成|改为)", mid) \
                        or _IN_HAND.fullmatch(mid)
                    if own and not _has_verb(mid, lx.ZH_GIVE + lx.ZH_TAKE):
                        out.append(self._rel(st, "OWNS", a, b, replaces=change or "改" in mid or "换" in mid))
                    if _has_verb(mid, lx.ZH_TAKE):
                        out += self._take(st, a, b, text[:sa])
                if ka == "Item" and kb == "Character":
                    # 匕首归了赌坊老板钱满仓: the new owner may come with their post
                    # (… and "头灶铜牌收回来交给了小满", "袖标给阿坤": the thing the clause opens on, handed over)
                    if re.fullmatch(r"(?:归|归了|落到了?|落入了?)(?:[^，。,的]{0,6})|的主人是|的主人变成了?|到了|属于|"
                                    r"(?:收回来|拿回来|取回来|转手|最后|后来|就|也)?(?:交给了?|传给了?|送给了?|还给了?|给了?)",
                                    mid) and not _negated_zh(mid) or \
                            _BELONGS_TO.fullmatch(mid) and _ITS_OWNER.match(post) or _HANDS_OVER.search(mid) and \
                            _IN_HANDS.match(post) or _WON_BY.search(mid) and _WINS.match(post):
                        out.append(self._rel(st, "OWNS", b, a, replaces=change))
                        previous = self.owners.get(a)
                        if previous and previous != b:
                            out.append(self._end(st, "OWNS", previous, a))
                    if re.match(r"(?:第?[0-9一二三四五六七八九十百]+章)?被", mid) and \
                            _has_verb(mid + post, lx.ZH_TAKE + ("偷", "夺", "抢", "盗")):
                        out += self._take(st, b, a, text[:sa])
                if ka == "Character" and kb == "Item" and mid == "的" and _has_verb(text[max(0, sa - 4):sa], lx.ZH_TAKE):
                    out.append(self._end(st, "OWNS", a, b))  # "…偷走了A的B": whoever took it, A lost it
                # the killing verb takes b as its object: 打死冯渊的薛公子 kills 冯渊, not the one named after him
                if ka == "Character" and kb == "Character" and _has_verb(mid, lx.ZH_KILL) and not post.startswith("的") \
                        and re.search(rf"(?:{'|'.join(lx.ZH_KILL)})了?$", mid):
                    out.append(self._rel(st, "KILLED", a, b))
                    out.append(self._state(st, b, "alive", "dead"))
                if ka == "Character" and kb == "Character" and mid.endswith("把") and len(mid) <= 6 and \
                        _DONE_TO_DEATH.match(post):
                    out += [self._rel(st, "KILLED", a, b), self._state(st, b, "alive", "dead")]  # 老周把刀疤刘给杀了
                if ka == "Character" and kb == "Character" and mid.startswith("被") and _has_verb(mid + post, lx.ZH_KILL + ("杀", "所杀")):
                    # "白芷为护白九被玄鳞一爪穿心": one the clause's subject was doing something to is not who died
                    victim = next((c for c, sc, ec in spans if ec <= sa and self.kind(c) == "Character" and
                                   _OBJECT_BETWEEN.fullmatch(text[ec:sa])), a)
                    out.append(self._rel(st, "KILLED", b, victim))
                    out.append(self._state(st, victim, "alive", "dead"))
                if ka == "Character" and kb == "Location" and post.startswith(lx.ZH_FROM_AFTER) and \
                        (sa == ea or mid in ("是", "从", "是从")):
                    out.append(self._rel(st, "FROM", a, b))
                if ka == "Character" and kb == "Item" and re.fullmatch(r"叫[「『“\"]?|叫做|名叫|名为", mid) and \
                        re.search(r"给|用|使|拿|配|持|兵器|武器|法宝", text[:sb]):
                    out.append(self._rel(st, "OWNS", a, b, replaces=change))  # "给她一条软鞭，叫「缠丝」"
                if ka == "Character" and kb == "Item" and text[max(0, sa - 1):sa] == "给" and sa != ea:
                    out.append(self._rel(st, "OWNS", a, b, replaces=change))  # "给她一条软鞭"
                if ka == "Character" and kb == "Faction" and re.search(rf"(?:{'|'.join(lx.ZH_LEAVE)})了?$", mid) \
                        and not _negated_zh(mid):
                    out.append(self._end(st, "MEMBER_OF", a, b))  # 第52章他叛出天刀门
                if ka == "Character" and kb == "Faction" and re.fullmatch(r"[^，,。]{0,4}被", mid) and \
                        re.match(r"(?:给)?(?:开除|除名|逐出|赶出|辞退|解雇|清退)", post):
                    out.append(self._end(st, "MEMBER_OF", a, b))  # 林晚被公司开除
                if kb == "Location" and ka in ("Character", "Faction", "Location"):
                    if ka == "Character" and self._when is not None and (
                            _has_verb(mid, lx.ZH_LIVE) or re.fullmatch(r"(?:起|开始)?(?:就|便|一直)?(?:在|到)了?", mid)
                            and _STAYS.match(post)):
                        # ("在码头接头", "在医院抢救无效", "在百乐门驻唱": where something happens, no move)
                        out.append(self._state(st, a, "location", b))  # 第101章起林风位于天都城: where they are from then
                    elif _has_verb(mid, lx.ZH_LIVE) or (ka != "Character" and re.fullmatch(
                            r"(?:的?(?:总堂|总部|总舵|总号|总店|大本营|老巢|据点|驻地|山门))?(?:就|也|都|则)?"
                            r"(?:在|位于|坐落于|坐落在|设在|建在|落在|驻扎在|扎在)", mid)):  # 盐帮总堂设在邓关码头
                        out.append(self._rel(st, "LOCATED_IN", a, b))
                    elif ka == "Character" and _has_verb(mid, lx.ZH_FROM):
                        out.append(self._rel(st, "FROM", a, b))
                    elif ka == "Character" and (_has_verb(mid, lx.ZH_MOVE) or _GOES_TOWARD.fullmatch(mid) and
                                                _GONE.match(post)):
                        out.append(self._state(st, a, "location", b))  # (…，往黑水城去了; 第19章就回莫斯科了)
                if kb == "Ability" and ka == "Character" and _has_verb(mid, lx.ZH_ABILITY) and \
                        not re.search(r"(?:跟着|跟|向|随)$", text[:sa]):  # (跟着慧明学: 慧明 teaches it)
                    out.append(self._rel(st, "HAS_ABILITY", a, b, replaces=change))
                if ka == "Faction" and kb == "Character" and mid in lx.ZH_FACTION_LEADER_ROLES + lx.ZH_FACTION_MEMBER_ROLES:
                    out.append(self._zh_role(st, holder=b, other=a, role=mid, other_kind="Faction"))  # 幽冥殿殿主夜无痕
                if ka == "Character" and kb == "Character":
                    if _has_verb(mid, lx.ZH_MARRY) or (mid in ("和", "与", "跟") and post.startswith(lx.ZH_MARRY)):
                        out.append(self._rel(st, "MARRIED_TO", a, b))
                    elif _has_verb(mid, lx.ZH_LOVE) and not _negated_zh(mid):
                        out.append(self._rel(st, "LOVES", a, b))
                    elif mid.endswith("对") and len(mid) <= 4 and post.startswith(_LOVE_AFTER_DUI) and not _negated_zh(mid):
                        out.append(self._rel(st, "LOVES", a, b))  # 砚秋对苏小姐动了心
                    elif mid in ("和", "与", "跟") and post.startswith(lx.ZH_ALLY_AFTER):
                        out.append(self._rel(st, "ALLY_OF", a, b))
                    if _DIED_AT_HANDS.fullmatch(mid) and post.startswith(_HANDS):
                        # 巴特尔第30章死在黑鹞子手上: who one died at the hands of killed them
                        out += [self._rel(st, "KILLED", b, a), self._state(st, a, "alive", "dead")]
                    if _has_verb(mid, lx.ZH_SERVE) and len(mid) <= 4:
                        # 阿铁跟着慧明学了七火锻法: who one follows to learn from is their master
                        learns = mid.endswith(("跟着", "追随")) and re.match(r"(?:学|习|修)", post)
                        out.append(self._rel(st, "MASTER_OF", b, a) if learns else self._rel(st, "SERVES", a, b))
                    elif re.fullmatch(r"(?:其实|原来|本来|也|就|一直|早就)?是", mid) and post.startswith("身边的") and \
                            not post.startswith(("身边的人", "身边的朋友")):
                        out.append(self._rel(st, "SERVES", a, b))  # 她是太后身边的掌事姑姑
                    kin = re.fullmatch(r"(?:还|也|只|再)?(?:有|加|添|生|配)了?(?:[一两二三四五]个|个)?(女儿|儿子|孩子|徒弟|弟子|妹妹|弟弟|"
                                      r"哥哥|姐姐)(?:叫|名叫|，)?", mid)
                    if kin:  # 苏远山有两个女儿苏晴和苏雨
                        out.append(self._zh_role(st, holder=b, other=a, role=kin.group(1), other_kind="Character"))
                        for c, sc, ec in spans:
                            if sc > eb and text[eb:sc] in ("和", "、", "与") and self.kind(c) == "Character":
                                out.append(self._zh_role(st, holder=c, other=a, role=kin.group(1), other_kind="Character"))
                                if kin.group(1) in ("女儿", "儿子", "孩子"):
                                    out.append(self._rel(st, "SIBLING_OF", b, c))
                if ka == "Location" and kb == "Location" and mid == "的":
                    out.append(self._rel(st, "LOCATED_IN", b, a))  # 中州的天都城
                if ka == "Location" and kb == "Location" and mid in ("是", "乃", "就是", "便是") and post.startswith("的"):
                    out.append(self._rel(st, "LOCATED_IN", a, b))  # 天都城是中州的皇城
                if ka == "Faction" and kb == "Character" and re.fullmatch(r"(?:一并|一起|正式|也)?(?:交给|传给|托付给|让给|交到)了?", mid) \
                        and re.search(r"把$", text[:sa]):
                    out.append(self._rel(st, "LEADS", b, a))  # 程德厚把飞燕团交给小燕: the troupe is hers to run
                if ka == "Faction" and kb == "Character" and mid == "的":
                    out.append(self._rel(st, "MEMBER_OF", b, a))  # 血刀门的赵烈
                if ka == "Character" and kb == "Character" and (_has_verb(mid, lx.ZH_HATE) and "恨不" not in mid and
                                                                 not re.search(r"[不没未别](?:再|会|曾)?(?:%s)" % "|".join(lx.ZH_HATE), mid) or
                                                                 post.startswith(("结下死仇", "结仇", "结下仇", "结成死仇",
                                                                                  "为死仇", "成了死仇", "是死仇", "反目成仇"))
                                                 or mid in ("跟", "和", "与") and re.match(r"(?:这|的)(?:仇|梁子)", post)
                                                 or re.fullmatch(r"(?:一直|早就|从来|向来|素来|也|就)?(?:跟|和|与)", mid)
                                                 and post.startswith(_AT_ODDS)  # 钱卫东跟小川是死对头
                                                 or re.fullmatch(r"[^，,。]{0,4}看", mid) and post.startswith("不顺眼")
                                                                 or mid.endswith("把") and _ENEMY_OF.match(post)):
                    out.append(self._rel(st, "HATES", a, b))
                if ka == "Character" and kb == "Item" and "把" in mid and _has_verb(post, lx.ZH_TAKE + ("偷走", "拿走")):
                    out += self._take(st, a, b, text[:sa])
                if ka == "Character" and kb == "Item" and re.fullmatch(r"的?[那这]?[把柄口件块枚颗]?", mid) and mid \
                        and _has_verb(post, lx.ZH_LOSE):
                    out.append(self._end(st, "OWNS", a, b))  # 他那把铁锤也被砸断了
                if ka == "Faction" and kb == "Character":
                    role = _role_after(mid, "的")
                    if role in lx.ZH_FACTION_LEADER_ROLES:
                        out.append(self._rel(st, "LEADS", b, a))
                    elif role in lx.ZH_FACTION_MEMBER_ROLES:
                        out.append(self._rel(st, "MEMBER_OF", b, a))
        out += self._zh_three(st, spans)
        out += self._zh_subjectless(st, spans)
        return _flat(out)

    def _zh_abilities(self, st: Statement, spans: list) -> list[Finding | None]:
        """"第3章觉醒，能力叫“回溯”", "悟出一门“引雷诀”", "招牌叫鬼影步": an art the one the sentence is about has."""
        out: list[Finding | None] = []
        for art, start, _ in spans:
            if self.kind(art) != "Ability" or not _HAS_ART.search(st.text[max(0, start - 12):start]) or \
                    _negated_zh(st.text[max(0, start - 8):start]):
                continue
            before = [(n, s, e) for n, s, e in spans if s < start and self.kind(n) == "Character"]
            # 阿铁跟着慧明学了七火锻法: the one who learns it, not the one taught by
            if len(before) >= 2 and re.fullmatch(r"(?:一直|也|就)?(?:跟着|跟|随|向|从)", st.text[before[-2][2]:before[-1][1]]):
                before.pop()
            holder = before[-1][0] if before else st.focus if st.focus and self.kind(st.focus) == "Character" else None
            if holder:
                out.append(self._rel(st, "HAS_ABILITY", holder, art))
        return out

    def _zh_places(self, st: Statement, spans: list) -> list[Finding]:
        """"加个禁地，万骨渊，在北原深处": a place, then a clause of where it is — unless a person opened the
        sentence ("他到天都城，在鸿运赌坊输光了钱": the clause goes on with what the person did)."""
        out = []
        for (a, sa, ea), (b, sb, _) in zip(spans, spans[1:]):
            if any(self.kind(n) == "Character" for n, s, _ in spans if s < sa):
                break
            if self.kind(a) in ("Location", "Faction") and self.kind(b) == "Location" and \
                    re.fullmatch(r"[，,](?:就|也|则)?(?:在|位于|坐落于|坐落在|地处)", st.text[ea:sb]):
                out.append(self._rel(st, "LOCATED_IN", a, b))
        return [f for f in out if f is not None]

    def _zh_heads_and_children(self, st: Statement, spans: list) -> list[Finding]:
        """"阁主公孙迟" / "家主是慕容烈" / "顾清接任掌门": a head's title names the faction it heads — the one whose
        name ends in the title's first character (阁主 → 天机阁), else the faction the talk was last about.
        "长子慕容承，次女慕容雪": children named by rank belong to the character being talked about."""
        out: list[Finding | None] = []
        text = st.text
        # most recently mentioned last: this statement's factions after those of the talk so far
        factions = [*self._factions, *(n for n, _, _ in spans if self.kind(n) == "Faction")]
        children, parent = [], None
        for name, start, end in spans:
            if self.kind(name) != "Character" or start == end or _negated_zh(text[:start]):
                continue
            mother = _PARENT_OF_THE_CHILDREN.search(text[:start])
            if mother:  # 孩子的娘是沈碧君: a parent of the children the talk just named
                out += [self._rel(st, "PARENT_OF", name, child) for child in self._children]
            before, after = text[max(0, start - 4):start], text[end:end + 8]
            # "把庄主的位子传给了长子褚明远": the post handed on names the faction its new holder heads
            title = _HEAD_BEFORE.search(before) or _HEAD_AFTER.match(after) or _HEAD_PASSED.search(text[:start])
            if title:
                head = title.group(1)
                # … or the one this sentence named before it ("黑客团叫断线者，头儿是林蛮")
                here = [n for n, s, _ in spans if s < start and self.kind(n) == "Faction"]
                faction = next((f for f in reversed(factions) if f.endswith(head[0])), None) or \
                    (factions[-1] if factions and head in ("掌门", "首领", "族长") else None) or \
                    (here[-1] if here else None)
                if faction and not re.search(rf"[一二三四五六七八九十\d][班排连组队]{head}", text[max(0, start - 8):start]):
                    out.append(self._rel(st, "LEADS", name, faction))  # (三连一班班长 heads 一班, not 三连)
            if _CHILD_BY_RANK.search(before):
                children.append(name)
            elif not children and not parent:
                parent = name  # 萧太傅有一儿一女，长子萧策: the person the sentence opens with
        parent = parent or (st.focus if st.focus not in children else None)
        if children and parent and self.kind(parent) == "Character":
            out += [self._rel(st, "PARENT_OF", parent, child) for child in children]
        out += [self._rel(st, "SIBLING_OF", a, b) for i, a in enumerate(children) for b in children[i + 1:]]
        return _flat(out)

    def _zh_role(self, st: Statement, *, holder: str, other: str, role: str, other_kind: str | None):
        if other_kind == "Faction":
            if role in lx.ZH_FACTION_LEADER_ROLES:
                return self._rel(st, "LEADS", holder, other)  # heading it is the relation, not a second fact
            if role in lx.ZH_FACTION_MEMBER_ROLES:
                return [self._rel(st, "MEMBER_OF", holder, other), self._identity(st, holder, other, role)]
            return None
        if self.kind(holder) != "Character" or other_kind != "Character" or role not in lx.ZH_ROLES:
            return None
        rel, holder_is_from = lx.ZH_ROLES[role]
        return self._rel(st, rel, holder, other) if holder_is_from else self._rel(st, rel, other, holder)

    def _identity(self, st: Statement, holder: str, faction: str, role: str) -> Finding | None:
        """黑风寨二当家: a rank inside a faction is also who the character is (plain 弟子 is not a title)."""
        # the title as written (玄冰宫的首席大弟子 keeps 首席), not the bare role the relation needed
        written = re.search(rf"{re.escape(faction)}([^，,。；;]{{0,8}}?{re.escape(role)})", st.text)
        title = written.group(1).split("的")[-1] if written else role  # 碧落宫这一代的首席弟子 → 首席弟子
        if re.search(r"[是了在]", title) or not title.endswith(role):
            title = role
        if title in ("弟子", "成员", "门人", "人", "内门弟子", "外门弟子"):  # 首席弟子, 亲传弟子 are titles
            return None
        return self._state(st, holder, "identity", faction + title)

    def _take(self, st: Statement, taker: str, item: str, before: str) -> list[Finding | None]:
        """Taking an item: the taker owns it, and whoever had it no longer does."""
        out = [self._rel(st, "OWNS", taker, item)]
        loser = None
        possessive = re.search(rf"([^\s，,。]+?)的$", before)
        if possessive:
            loser = next((n for n in st.names if possessive.group(1).endswith(n)), None)
        loser = loser or self.owners.get(item)
        if loser and loser != taker:
            out.append(self._end(st, "OWNS", loser, item))
        return out

    def _zh_three(self, st: Statement, spans: list) -> list[Finding | None]:
        """A把B送给C / A送给C一把B / A偷走了C的B."""
        out: list[Finding | None] = []
        text = st.text
        for i, (a, sa, ea) in enumerate(spans):
            for j, (b, sb, eb) in enumerate(spans[i + 1:], i + 1):
                for c, sc, ec in spans[j + 1:]:
                    ka, kb, kc = self.kind(a), self.kind(b), self.kind(c)
                    if ka == "Character" and kb == "Item" and kc == "Character" and "把" in text[ea:sb] \
                            and _has_verb(text[eb:sc], lx.ZH_GIVE):
                        out += [self._end(st, "OWNS", a, b), self._rel(st, "OWNS", c, b)]
                    if ka == "Character" and kb == "Character" and kc == "Item" and _has_verb(text[ea:sb], lx.ZH_GIVE):
                        out += [self._end(st, "OWNS", a, c), self._rel(st, "OWNS", b, c)]
                    if ka == "Character" and kb == "Character" and kc == "Item" and text[ea:sb].endswith("从") \
                            and re.fullmatch(r"(?:的)?(?:手里|手中|手上|那里|身上|尸体上|尸身上)?(?:夺走|抢走|偷走|骗走|拿走|"
                                             r"夺下|夺过|抢过|拿回|夺回|抢回|取回|取走|搜出)(?:来)?了?", text[eb:sc]):
                        out += [self._rel(st, "OWNS", a, c), self._end(st, "OWNS", b, c)]  # A从B手里夺走了C
                    if ka == "Character" and kb == "Character" and kc == "Item" and _has_verb(text[ea:sb], lx.ZH_TAKE) \
                            and text[eb:sc] == "的":
                        out += [self._rel(st, "OWNS", a, c), self._end(st, "OWNS", b, c)]
        return out

    def _zh_subjectless(self, st: Statement, spans: list) -> list[Finding | None]:
        """"擅长炼丹", "拜入青云宗": no subject in the clause, so it is the character being talked about."""
        out: list[Finding | None] = []
        # the sentence's own subject, carried into this clause (沈三刀…，叛出铁衣帮), before the one the talk is about
        focus = next((n for n, s, e in spans[:1] if s == e and self.kind(n) == "Character"), st.focus)
        if not focus:
            return out
        for name, start, end in spans:  # "…，拜在商九娘门下": the one talked about is the disciple
            if self.kind(name) == "Character" and name != focus and re.search(r"拜(?:在|入)$", st.text[:start]) \
                    and st.text.startswith("门下", end) \
                    and not any(self.kind(n) == "Character" and s < start for n, s, _ in spans):
                out.append(self._rel(st, "MASTER_OF", name, focus))
        for name, start, end in spans:
            if self.kind(name) == "Character" and start < end:
                break
            before = re.split(r"[，,。；;：:！!？?]", st.text[max(0, start - 6):start])[-1]  # this clause's words only
            kind = self.kind(name)
            change = any(c in st.text for c in lx.CHANGE_CUES_ZH)
            if kind == "Ability" and (_has_verb(before, lx.ZH_ABILITY) or _SKILL_IS.search(st.text[:start])):
                out.append(self._rel(st, "HAS_ABILITY", focus, name, replaces=change))
            elif kind == "Faction" and _has_verb(before, lx.ZH_JOIN + ("是",)) and \
                    (st.text[end:end + 4].startswith(lx.ZH_FACTION_MEMBER_ROLES) or _has_verb(before, lx.ZH_JOIN)
                     or re.search(r"(?:门派|宗门|师门|所属门派|出身门派)是$", before)):  # 门派是青萍剑派
                out.append(self._rel(st, "MEMBER_OF", focus, name, replaces=change))
            elif kind == "Item" and (_has_verb(_THERE_IS.sub("", before), lx.ZH_OWN) or re.search(
                    rf"(?:{'|'.join(lx.ZH_OWN_NOUNS)})(?:是|为|换成|改成|改为)(?:一[把柄口件块枚颗])?$", st.text[:start])):
                out.append(self._rel(st, "OWNS", focus, name, replaces=change or "改" in before or "换" in before))
            elif kind == "Faction" and re.match(r"(?:派|安插|送)(?:进|过)?来的|派去的|安插的", st.text[end:end + 5]) \
                    and not _negated_zh(before):
                out.append(self._rel(st, "MEMBER_OF", focus, name))  # "…，樱机关派进来的": one of theirs, sent in
            elif kind == "Faction" and _has_verb(before, lx.ZH_LEAVE) and not _negated_zh(before):
                out.append(self._end(st, "MEMBER_OF", focus, name))  # "…，叛出天刀门"
            elif kind == "Location" and _has_verb(before, lx.ZH_FROM):
                out.append(self._rel(st, "FROM", focus, name))
            elif kind == "Location" and _has_verb(before, lx.ZH_LIVE):
                out.append(self._rel(st, "LOCATED_IN", focus, name))
        return out


_SKILL_IS = re.compile(r"(?:(?:主修|修炼|修习|所学|学)的)?(?:功法|心法|剑法|刀法|枪法|拳法|身法|医术|绝学|武功|绝技|秘术)"
                       r"(?:就|也|则)?(?:是|叫|为|名叫)(?:家传的|祖传的|师门的|师门传下的|自创的)?[《「『“]?$")
# 萧太傅为萧策之父: the written language's 之 and a one-character kinship word
_HAS_ART = re.compile(r"(?:觉醒|悟出|领悟|学会|学成|练成|掌握|修炼|修习|主修|会|能力|异能|天赋|招牌|绝招|拿手|天生能|一门)"
                      r"[^，,。；;！!？?]{0,6}$")
_ENEMY_OF = re.compile(r"当(?:作|成)?(?:头号|最大的|一辈子的)?(?:仇人|死敌|敌人|仇家)")  # 把老沈当头号仇人
CLASSICAL_ROLES = {"之" + short: full for short, full in (("父", "父亲"), ("母", "母亲"), ("子", "儿子"), ("女", "女儿"),
                                                           ("妻", "妻子"), ("夫", "丈夫"), ("师", "师父"), ("徒", "徒弟"),
                                                           ("兄", "哥哥"), ("弟", "弟弟"), ("姐", "姐姐"), ("妹", "妹妹"))}
# "A与B是兄妹": what the two are to each other; the first named is the elder, the master or the senior
_PAIR_BONDS = {**dict.fromkeys(("兄妹", "兄弟", "姐妹", "姐弟", "亲兄妹", "亲兄弟", "亲姐妹", "亲姐弟", "双胞胎", "孪生"),
                               "SIBLING_OF"),
               **dict.fromkeys(("夫妻", "夫妇", "两口子"), "MARRIED_TO"),
               "师徒": "MASTER_OF", **dict.fromkeys(("师兄妹", "师兄弟", "师姐弟", "师姐妹"), "SENIOR_OF"),
               **dict.fromkeys(("盟友", "朋友", "好友", "挚友", "知己", "至交"), "ALLY_OF")}
_TOGETHER = re.compile(r"(?:(?P<love>两情相悦|互生情愫|相爱|彼此倾心|互相喜欢|"
                       # 小黎和苏禾第22章在一起了: a couple from then on (not two people in one place)
                       r"[^，,。；;]{0,8}?(?:正式|终于)?(?:在一起了|走到了?一起|确定了?关系|好上了)(?=[，,。！!；;]|$))|(?:是|有)?过命的交情|站(?:在)?一条战线|站一边|"
                       r"结盟|联手|并肩作战|暗中勾结|勾结|是一伙的?)")
_ON_THEIR_SIDE = re.compile(r"(?:这边|那边|一边|一方)的(?:铁杆|忠实|头号|最大的)?(?:盟友|战友|帮手|自己人)")
_PAIR_BOND = re.compile(r"(?:本来|原来|其实|也|都)?(?:是|为|乃|本是|原是|成了|结为)(?:一对)?("
                        + "|".join(sorted(_PAIR_BONDS, key=len, reverse=True)) + ")")
