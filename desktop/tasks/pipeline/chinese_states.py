"""Chinese wording of what someone is or has become: 身亡, 被X毒死, 重伤, 突破金丹, 十九岁, 封婕妤."""

from __future__ import annotations

import re

from desktop.tasks.pipeline import lexicon as lx
from desktop.tasks.pipeline.findings import Finding
from desktop.tasks.pipeline.findings import negated_zh as _negated_zh
from desktop.tasks.pipeline.grades import rung_in
from desktop.tasks.pipeline.statements import Statement

CJK = "\u4e00-\u9fff"


_CJK = "\u4e00-\u9fff"


class ChineseStates:
    """Mixed into the Reader: needs kind(), _rel(), _state(), _zh_titles() and the talk's ranks."""

    def _zh_states(self, st: Statement, clause: tuple[int, int], spans: list, carried: str | None) -> list[Finding]:
        out: list[Finding | None] = []
        text = st.text[clause[0]:clause[1]]
        chars = [(n, s - clause[0], e - clause[0]) for n, s, e in spans if self.kind(n) == "Character"]
        if chars and carried and _OBJECT_OF.search(text[:chars[0][1]]):
            chars = []  # "生下慕容雪那年就病故了": 慕容雪 is what the verb took; who died is who the sentence is about
        if chars and carried and chars[0][0] != carried and self.kind(carried) == "Character" and (
                (by := _KILLED_BY.search(text[:chars[0][1]]) and _KILLING_DONE.match(text, chars[0][2])) or
                _KILLS.fullmatch(text[:chars[0][1]]) and not text.startswith("的", chars[0][2])):
            # "…，45章被曹进忠毒死" / "…，64章杀周大海": the carried one's (not "64章杀周大海的时候", a when)
            killer, victim = (chars[0][0], carried) if by else (carried, chars[0][0])
            # ("63章抓走唐小鱼，64章杀周大海": the clause's own chapter)
            return [self._rel(st, "KILLED", killer, victim), self._state(st, victim, "alive", "dead", said=text)]
        subject = chars[0][0] if chars else carried
        if not subject:
            return []
        if chars and _THE_DEAD_IS.search(text[:chars[0][1]]):
            out.append(self._state(st, subject, "alive", "dead"))  # "死的是丽嫔林晚棠", "第三个死者叫许曼"
        tail = text[chars[0][2]:] if chars else text
        if chars and _BARE_DEATH.fullmatch(tail.strip("。！!；;，, ")):
            out.append(self._state(st, subject, "alive", "dead"))  # "阿喜第43章死，邝守仁开枪打死的"
        for word in lx.ZH_DEATH if not out else ():
            at = tail.find(word)
            # "我已急死了" / "笑死了": a feeling said big is no death
            # ("陆沉死去的老爸" is his father's death; "裴将军战死之后" another's, by a title of their own)
            if at >= 0 and _DONE_TO.search(tail[:at]):
                break  # "黑七在海河边把许九龄推下水淹死": who dies is what 把 took, a tie the pair reader finds
            if at >= 0 and not _negated_zh(tail[:at]) and not any(r in tail for r in lx.ZH_REVIVE) \
                    and not (word.startswith("死") and tail[max(0, at - 1):at] in _HYPERBOLE) \
                    and not re.match(r"的[\u4e00-\u9fff]", tail[at + len(word):]) \
                    and not (tail.startswith("的", at + len(word)) and not re.search(r"是[^，,。]{0,4}$", tail[:at])) \
                    and not tail[:at].endswith(lx.ZH_PERSON_TITLES) and not (chars and _KIN_OF.match(tail[:at])):
                out.append(self._state(st, subject, "alive", "dead"))
                # "…最后被厉无咎一掌震碎心脉，当场身亡": the one it was done by killed them
                blow = r"被([^，,。被]{2,6}?)(?:一[掌剑刀拳枪箭]|亲手|所|用|打|杀|刺|斩|害|毒|偷袭|暗算)"
                by = re.search(blow, st.text[:clause[0] + (chars[0][2] if chars else 0) + at]) or \
                    re.match(rf"[^。！？!?]*?[，,]\s*{blow}", st.text[clause[0] + (chars[0][2] if chars else 0) + at:]) or \
                    re.search(r"(?:凶手|杀手|元凶)(?:是|为|乃|就是)?([^，,。；;]{2,6})", st.text)  # 莫长老身亡，凶手厉无咎
                # ("严松当场就死了，被欧阳岐一掌震断心脉": the blow may be told after the death)
                killer = next((n for n in st.names if by and by.group(1).startswith(n) and n != subject
                               and self.kind(n) == "Character"), None)
                if killer:
                    out.append(self._rel(st, "KILLED", killer, subject))
                break
        realm = _zh_realm(tail, bare=bool(chars))
        if realm and not any(w in realm for w in lx.ZH_REALM_WORDS) and \
                not re.search(r"境界|修为|突破|晋升|修炼|练到|冲到|进阶|踏入", st.text):
            realm = None  # 三层 of a building is no realm: a level needs cultivation around it
        if not realm and not re.search(r"[？?]$", text) and (rung := rung_in(tail, self.rungs)):
            realm = rung  # "林默刚签契，启灵" with 启灵 a rung of the talk's own ladder
        if realm:
            out.append(self._state(st, subject, "realm", realm))
        things = [n for n, _, _ in spans if self.kind(n) == "Item"]
        # "反击，重伤秦烈": the one the blow lands on is hurt, not who dealt it
        dealt = next(((n, m.group(1)) for n, s, _ in chars if (m := re.search(r"(重伤|打伤|刺伤|砍伤|击伤|废了)$", text[:s]))),
                     None)
        if dealt:
            out.append(self._state(st, dealt[0], "injury", dealt[1]))
        for word in lx.ZH_INJURY if not dealt else ():
            at = tail.find(word)
            if word in ("查出", "确诊", "患上") and not re.match(r".{0,8}?[病癌症瘤炎疾]", tail[at + len(word):]):
                continue  # "自己查出来" finds something out; "查出肺癌" is an illness
            if at >= 0 and word == "断了" and not re.search(rf"[{CJK}]", tail[:at]):
                continue  # "断了。": a tie broken off, answered; a broken bone says what broke
            if at >= 0 and re.match(r"[^，,。]{0,4}?(?:…+)?(?:不对|太轻|太重|不行|算了|不好)", tail[at + len(word):]):
                continue  # "右手腱鞘炎……不对", "腱鞘炎太轻": an injury weighed and put aside
            if at >= 0 and not things and not re.search(r"[剑刀锤枪鞭弓盾甲]", tail[:at]) \
                    and not _negated_zh(tail[:at]) and not any(h in tail for h in lx.ZH_HEAL) \
                    and not _SUPPOSED.search(tail[:at]):
                value = re.sub(r"^(?:第[0-9〇零一二两三四五六七八九十百千]+[章回])?(?:在.{0,6}中|又|也|还|却|被.{0,6}?打得?|改成|改为|换成)?", "",
                               tail.strip("，, "))
                # "中风当晚在医院里" → 中风: when and where it happened is no part of the injury
                value = re.split(r"(?<=[\u4e00-\u9fff]{2})(?:当晚|当天|那天|那晚|之后|以后|后来|在[^，,。]{1,6}[里中上])", value)[0]
                # "是右臂骨折不是左臂": the corrected one; "第二天嗓子哑了": not when
                value = re.sub(r"^(?:是(?=.+不是)|第二天|次日|当天|那天|后来)|不是[^，,。]*[。.]?$", "", value)
                out.append(self._state(st, subject, "injury", value[:30]))
                break
        marked = _MARKED_PART.match(tail)
        if marked and not any(f.item.get("key") == "injury" for f in out if f is not None):
            out.append(self._state(st, subject, "appearance", marked.group(0).strip("，, ")[:30]))  # 左耳缺了半块, 右腿跛
        elif (any(word in tail for word in lx.ZH_APPEARANCE) or _FINGERS_SHORT.search(tail)) and \
                re.search(r"有|长着|长了|留着|是|带着|戴着?|镶着?|[少缺]了?[一两二三四五]根|[一半][颗道块条只张片]|脸上|额上|眼角|手上|"
                          r"背上|一脸|满脸|下巴", tail):
            # 左脸有一道刀疤 → 左脸刀疤: where the mark is and what it is, as an editor notes it
            look = re.sub(rf"(?<=[{_CJK}])(?:上|上面)?(?:有|留着|留了|长着|带着)(?:一|两|几)?[道条块个颗片](?=[{_CJK}]{{2}})", "",
                          re.sub(r"^(?:这人|此人|这个人|那人)", "", tail.strip("，, ").split("：")[-1]))
            out.append(self._state(st, subject, "appearance", look[:30]))
        # "陶老大的儿子叫陶建国，二十五，…": a clause that is only a number, right after the name, is the age
        named_just_before = not chars and carried is not None and \
            re.search(rf"{re.escape(carried)}\s*[，,]\s*$", st.text[:clause[0]]) is not None
        age = re.search(r"(?:今年|年方|已经|才)?([0-9一二三四五六七八九十百两]{1,4})岁", tail) or \
            re.search(r"今年([0-9一二三四五六七八九十]{1,3})(?=了|[，,。；;！!]|$)", tail) or \
            (chars or named_just_before) and re.fullmatch(
                r"\s*(?:也|都|已经|才|刚)?([1-9][0-9]|[一二三四五六七八九]?十[一二三四五六七八九]?)了?\s*", tail.strip("。！!；;，, "))
        # (老爷子今年81了, 小川今年二十, 老关五十八, 扎西四十六了: an age said without 岁)
        # 比薛蟠小两岁 is a difference, not an age; 十岁的小丫头 is the girl's age, not the subject's
        if age and not re.search(r"[大小长]$", tail[:age.start(1)]) and not tail.startswith("的", age.end()) and \
                not (chars and _KIN_OF.match(tail)):  # (扎西的儿子今年十七: the son's age)
            out.append(self._state(st, chars[-1][0] if chars else carried, "age", age.group(1) + "岁"))
        out += self._zh_titles(st, text, chars, subject)
        for name, _, end in chars:  # "从那章起坊里由青禾当家", "机房由锦娘当家": she heads the house from then
            if re.match(r"\s*(?:来|正式|就)?当家(?:了|做主)?\s*(?:[，,。；;！!]|$)", text[end:]) and not _negated_zh(text[:end]):
                out.append(self._state(st, name, "identity", "当家"))
        job = re.match(r"(?:是|乃|本是|原是)(?:个|一个|一名|一位|名)([\u4e00-\u9fff]{2,4}?)(?:[，,。]|$)", tail.strip())
        if job and re.search(r"[修师匠手医贼商徒客侠官将兵卫奴婢童使者]$", job.group(1)):
            out.append(self._state(st, subject, "identity", job.group(1)))  # 韩三是个散修
        # 封婕妤 / 晋为贵妃 / 被封为镇北侯: a rank conferred is who she is from then on
        rank = re.search(r"(?:册封为?|晋封为?|晋为|晋升为|升为|封为|被封为?|^封)([\u4e00-\u9fff]{1,4}?)(?:[，,。；;！!]|$)", tail.strip("，, "))
        if rank and re.search(r"[妤妃嫔后人侯王公伯爵官将帅主]$", rank.group(1)):
            out.append(self._state(st, subject, "identity", rank.group(1)))
        return [f for f in out if f is not None]


# 主修的功法是… / 医术是家传的《回春十三针》 / 枪法叫《七探盘蛇》: the carried subject's art is the name that follows


# "左耳缺了半块", "右腿跛", "右手虎口纹了只蝎子": a part of the body and the mark it bears, right after the name
_MARKED_PART = re.compile(r"\s*(?:[左右](?:耳|眼|脸|颊|手|腿|脚|臂|胳膊|肩|额|眉|腮|手腕|小腿|大腿)|额头|脖子|后颈|手背|虎口)"
                          r"[\u4e00-\u9fff]{0,3}?(?:缺了|少了|跛|瘸|纹了|纹着|刺了|刺着|文了|文着|有颗|有块|有个|歪|长了|长着)[^，,。；;！!]*")
# "阿喜第43章死": the bare verb closing the clause, after nothing but when
_BARE_DEATH = re.compile(r"(?:在?第?[0-9〇零一二两三四五六七八九十百]+[章回](?:里|中)?)?(?:就|便|才|也|最后|最终)?死")
# "葛永年的老婆死了好多年了" / "阿敏她妈早就没了": the one named is whose kin died, not the dead
_ROLES = "|".join(sorted(lx.ZH_ROLES, key=len, reverse=True))
_KIN_OF = re.compile(rf"(?:的[\u4e00-\u9fff]{{1,4}}|[她他](?:{_ROLES}))(?:早就|早已|已经|早|也|就|已)?$|^(?:的|[她他])(?:{_ROLES})")
_OBJECT_OF = re.compile(r"^(?:就|才|刚)?(?:生下|生了|救了|救下|见到|遇到|遇见|嫁给|娶了|送走|抱着|带着|为了|替|给|和|跟|与)$")
_KILLED_BY = re.compile(r"被$")
_FINGERS_SHORT = re.compile(r"[少缺]了?[一两二三四五半]?[根个节]?(?:手指|指头)")  # 左手少两根指头 (not 那指头告了消乏)
_DONE_TO = re.compile(r"把[^，,。；;]{1,14}$")
_KILLING_DONE = re.compile(r"(?:一[掌剑刀拳枪箭爪斧棍锤]|亲手|当场|派人)?(?:[毒杀打砍刺害射勒掐烧击斩捅劈砸咬撞戳炸闷震]死|所杀|杀害|"
                           r"[斩击刺毒]杀|杀了|穿心|封喉|斩首)")
_KILLS = re.compile(r"(?:第?[0-9一二三四五六七八九十百]+[章回])?(?:亲手|当场)?(?:杀了|杀死|毒死|害死|斩杀|击杀|刺死|手刃|杀)")
_THE_DEAD_IS = re.compile(r"(?:(?:死的|遇害的|被杀的|死掉的)(?:人|那个)?(?:就)?是|(?:死者|受害者|遇害者|被害人)(?:就)?(?:叫|是|名叫))"
                          r"[^，,。；;]{0,4}$")
# "觉得打球受伤正常", "万一受伤": a thought or a what-if, not a wound
_SUPPOSED = re.compile(r"觉得|以为|担心|害怕|怕|万一|如果|假如|要是|会不会|可能会|容易|(?<![不])会$|就会$|透支")
_HYPERBOLE = set("急笑气饿累困吓烦热冷想美疼馋羡忙闷恨爱结")  # (仇算是结死了: a feud sealed)


def _zh_realm(tail: str, *, bare: bool) -> str | None:
    for verb in lx.ZH_REALM_VERBS:
        at = tail.find(verb)
        if at < 0:
            continue
        rest = tail[at + len(verb):]
        m = re.match(rf"(?:了)?([{CJK}0-9]{{0,3}}?(?:{'|'.join(lx.ZH_REALM_WORDS)})[{CJK}0-9]{{0,5}})", rest) or \
            re.match(rf"(?:了)?([{CJK}0-9]{{1,5}}[{lx.ZH_REALM_SUFFIXES}](?:[初中后]期|巅峰|大圆满|圆满)?)", rest)
        if m:
            value = re.split(r"[，,。的了]", m.group(1))[0]
            if any(w in value for w in lx.ZH_REALM_WORDS) or re.search(rf"[0-9一二三四五六七八九十][{lx.ZH_REALM_SUFFIXES}]", value):
                return value
    if not bare and not re.match(rf"(?:{'|'.join(lx.ZH_REALM_WORDS)})", tail.strip("，, ")):
        return None
    m = re.search(rf"((?:{'|'.join(lx.ZH_REALM_WORDS)})(?:期|境)?(?:[一二三四五六七八九十0-9]+[层重阶级段])?(?:[初中后]期|巅峰|大圆满|圆满)?)", tail)
    return m.group(1) if m and len(m.group(1)) >= 2 else None
