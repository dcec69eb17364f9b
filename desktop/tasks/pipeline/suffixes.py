"""Chinese names by their kind suffix (青云宗, 寒铁剑, 悦来客栈): where such a name starts, cut on the left at
function words and leading verbs, and the noun phrase a verb takes."""

from __future__ import annotations

import re
from typing import Callable

from desktop.tasks.pipeline import lexicon as lx

CJK = "\u4e00-\u9fff"

_STOP_CHARS = set("的了是在把被用和与跟向给对从到于为着过也都就还又很最这那一个柄口件块枚颗本张道座位名些其她他它我你们"
                  "有叫入拜去来住持握佩使往及或将让令由等每各该其中上下里外前后左右新旧大小老")
_LEADING_VERBS = tuple(sorted({*lx.ZH_JOIN, *lx.ZH_OWN, *lx.ZH_GIVE, *lx.ZH_TAKE, *lx.ZH_LIVE, *lx.ZH_MOVE,
                               *lx.ZH_FROM, *lx.ZH_ABILITY, *lx.ZH_OWN_NOUNS, "前往", "进入", "离开", "回", "去",
                               "到", "进", "改成", "换成", "改为", "变成", "成了", "叫做", "名叫", "带回", "带到",
                               "回到", "送回", "逃回", "闯进", "摸进", "杀进", "冲进", "号", "人称", "外号", "绰号",
                               "道号", "爹", "娘", "父亲", "母亲", "哥哥", "姐姐", "弟弟", "妹妹", "师父", "师兄",
                               "师姐", "叫", "喜欢", "爱上", "嫁给", "娶了", "认识", "遇到", "遇见", "归",
                               # "北边玄洲": where it lies is not part of its name
                               "北边", "南边", "东边", "西边", "北面", "南面", "东面", "西面", "北部", "南部",
                               # "地点鹰愁涧", "轻功踏萍步": the class noun says what the name is, it is no part of it
                               "地点", "地名", "轻功", "功法", "身法", "心法", "绝招", "暗器", "门派", "宗门", "组织",
                               "势力", "名字", "代号",
                               # "经钦州", "头槌扮宋江": passing through a place, playing a part — no part of the name
                               "途经", "路过", "经过", "经", "扮成", "扮演", "扮"},
                              key=len, reverse=True))
_MEASURE = re.compile(rf"^(?:[一二两三四五六七八九十几数这那每][把柄口件块枚颗本张道座位名些招门种套点]|一点|一些|几招)")
_SUFFIXES = sorted(lx.ZH_SUFFIX_KINDS, key=len, reverse=True)
# 边陲小镇, 繁华古城: a kind of place described, none named (when the words before it are common ones)
DESCRIBED_PLACE = re.compile(r"(?:小镇|小城|小村|山村|渔村|古镇|古城|县城|村子|城市|山谷|荒岛)$")
# a function word or a stop before a suffixed name ends what came before it (去了|暗夜战队)
CUT_BEFORE_NAME = set("的了是在把被和与跟给对从到于为去来进入回往叫称")
# 酒楼掌柜, 掌门: an art's one-character suffix that begins the next word ends no art
# words of the language that end in a kind suffix and end no name: 跑社会新闻, 简单直观, 老城区
_SUFFIXED_WORDS = frozenset({"社会", "机会", "不会", "学会", "体会", "领会", "误会", "理会", "约会", "开会", "直观", "乐观",
                             "悲观", "主观", "客观", "外观", "景观", "美观", "宏观", "微观", "参观", "围观", "旁观",
                             "城区", "市区", "郊区", "社区", "景区", "地区", "山区", "灾区", "禁区", "小区", "专门",
                             "部门", "热门", "冷门", "出门", "进门", "上门", "窍门", "后门", "开门", "封门", "关门", "锁门", "敲门", "把门", "守门", "串门", "上班", "下班", "加班", "值班",
                             "跟班", "航班", "接班", "领班", "轮班", "排班", "插班", "同班", "全班", "早班", "晚班", "夜班",
                             "本班", "这班", "那班", "一班", "二班", "三班", "戏班", "冠军", "亚军", "季军"})
_ABILITY_WORDS = frozenset({"掌柜", "掌门", "掌管", "掌握", "掌控", "掌事", "指挥", "指点", "指引", "步行", "经过", "经历",
                            "经常", "拳头", "阵子", "阵营", "术士"})
_WHOLE_PLACES = frozenset({"全国", "各国", "本国", "外国", "全城", "满城", "全村", "全岛", "全州", "各州", "满山"})
_OWN_KIND = re.compile(r"^(?:本门|本派|本宗|本家|师门|家传|祖传|独门|自家|宗门)的?")
_COUNTED_NAME = re.compile(r"^[一二三四五六七八九十百千两几数]+[根把柄口件块枚颗本张道座位名条只支个双对]")


def object_of(span: str) -> str:
    """The noun phrase a verb takes: up to the next function word, without a leading measure word."""
    span = _MEASURE.sub("", _OWN_KIND.sub("", span))  # 学的是本门的踏萍步: whose art it is comes before it
    cut = re.search(r"[的了和与及、，,。！？也就还很是在]", span)
    span = span[: cut.start()] if cut else span
    return span if 2 <= len(span) <= 6 else ""


def suffix_kind(name: str) -> str | None:
    if len(name) <= 4 and name.startswith(lx.ZH_COMPOUND_SURNAMES):
        return None  # 司徒镜, 欧阳锋: a compound surname and a given name, whatever the last character means
    suffix = suffix_of(name)
    return lx.ZH_SUFFIX_KINDS[suffix] if suffix and (len(name) > len(suffix) or len(suffix) >= 2) else None


def suffix_of(name: str) -> str:
    """The longest kind suffix a name ends in ("战队" of 暗夜战队), or ""."""
    return next((suffix for suffix in _SUFFIXES if name.endswith(suffix)), "")


def suffix_spans(text: str, words: list[tuple[str, str]] = ()) -> list[tuple[str, str, int]]:
    """Names ending in a kind suffix, cut on the left at function words and leading verbs — unless the
    segmenter (`words`) reads that character as part of a proper noun, which then starts the name: 悦来客栈."""
    nouns: dict[int, int] = {}  # position inside a proper noun → where it starts (not 长老 or 客人)
    lone: set[int] = set()  # positions of one-character words
    opening: set[int] = set()  # where a function word or a verb of two or more characters starts (原先, 区分)
    position = 0
    for word, flag in words:
        if len(word) >= 2 and flag.startswith(("d", "c", "p", "r", "u", "t", "v")):
            opening.add(position)
        if len(word) >= 2 and flag in ("ns", "nz", "nt"):
            nouns.update(dict.fromkeys(range(position, position + len(word)), position))
        elif len(word) == 1:
            lone.add(position)
        position += len(word)
    found: list[tuple[str, str]] = []
    for end in range(1, len(text) + 1):
        for suffix in _SUFFIXES:
            if not text.endswith(suffix, 0, end):
                continue
            head_end = end - len(suffix)
            start = head_end
            while start > 0 and head_end - start < 4 and re.match(rf"[{CJK}]", text[start - 1]):
                if start == head_end and len(suffix) >= 2 and text[start - 1] == "和" and start >= 2 and \
                        text[start - 2] not in _STOP_CHARS and re.match(rf"[{CJK}]", text[start - 2]) and \
                        (start < 3 or text[start - 3] in _STOP_CHARS or not re.match(rf"[{CJK}]", text[start - 3])):
                    start -= 2  # 卖给了怡和洋行: 和 inside a two-character trade name joins no two things
                    break
                if text[start - 1] in _STOP_CHARS:
                    if start - 1 not in nouns or head_end - nouns[start - 1] > 4:
                        break
                    start = nouns[start - 1]
                    # 天|都城 (jieba's reading of 天都城): a lone character before the word still belongs to it
                    while start > 0 and start - 1 in lone and text[start - 1] not in _STOP_CHARS \
                            and head_end - start < 3:
                        start -= 1
                    break
                start -= 1
            name = trim_left(text[start:end])
            head = len(name) - len(suffix)
            following = text[end - 1:end + 1]
            if len(suffix) == 1 and (following in lx.ZH_NOT_NAMES or following in lx.ZH_FACTION_LEADER_ROLES
                                     or following in ("关系", "门派", "门下", "殿下", "城里", "山上", "山下", "区分", "区别",
                                                       "观察", "观点", "观看", "会儿", "会议", "原先", "原来", "原本")
                                     or name[-2:-1] == suffix):
                break  # 东荒宗门, 盟友关系, 幽冥殿殿主: the suffix begins another word
            if len(suffix) == 1 and text[end - 2:end] in _SUFFIXED_WORDS:
                break
            if re.fullmatch(r"(?:[春夏秋冬]|四季)", name[:head]) and len(suffix) >= 2:
                break  # 冬营地, 四季营地: a kind of place by its season, none named
            if suffix in ("帮", "会") and re.match(r"[他她我你咱]|忙", text[end:end + 1]):
                break  # 图门帮他跑下来的, 苏禾会她…: the verb help / can, no gang or society
            if len(suffix) == 1 and end - 1 in opening and end - 1 > start + 1:
                break  # 桂嬷嬷原先: the one-character suffix begins the next word (原先), it ends no place
            if len(suffix) == 1 and lx.ZH_SUFFIX_KINDS[suffix] == "Ability" and text[end - 1:end + 1] in _ABILITY_WORDS:
                break  # 酒楼掌柜, 掌门: 掌 begins the word after, it ends no art
            if any(name.endswith(realm) for realm in lx.ZH_REALM_WORDS):
                break  # 突破金丹: a realm reached, no pill
            if name[-2:] in _WHOLE_PLACES:
                break  # 化神级全国: "the whole country" ends no name
            if any(name.startswith(v) for v in _LEADING_VERBS if len(name) - len(v) < 2):
                break  # 带回寨: a verb and a suffix, no name
            strong_item = lx.ZH_SUFFIX_KINDS[suffix] == "Item" and suffix not in lx.ZH_WEAK_SUFFIXES and head == 1
            if not strong_item and (head < 1 or (len(suffix) == 1 and head < 2)
                                    or (suffix in lx.ZH_WEAK_SUFFIXES and head < 2)):
                if name in lx.ZH_SUFFIX_KINDS:  # a known two-character thing: 长剑, 炼丹
                    found.append((name, lx.ZH_SUFFIX_KINDS[name], end))
                break
            if _COUNTED_NAME.match(name):
                break  # 十二根伞骨: a count of things, no name
            if len(suffix) == 1 and any(name.startswith(t) and len(t) >= 2 for t in _POST_OPENERS):
                break  # 村主任岩班: a post and a man's name, no troupe
            found.append((name, lx.ZH_SUFFIX_KINDS[suffix], end))
            break
    return found


_POST_OPENERS = tuple(t for t in (*lx.ZH_TITLES, "村主任", "村长", "支书", "队长", "组长") if len(t) >= 2)


def trim_left(name: str) -> str:
    for cue in ("改成", "换成", "改为", "变成"):  # "兵器改成双刀": what follows the change is the name
        if cue in name and len(name) - name.rindex(cue) - len(cue) >= 2:
            name = name[name.rindex(cue) + len(cue):]
    changed = True
    while changed:
        changed = False
        for verb in _LEADING_VERBS:
            if name.startswith(verb) and len(name) - len(verb) >= 2:
                name, changed = name[len(verb):], True
                break
        stripped = _MEASURE.sub("", name)
        if stripped != name and len(stripped) >= 2:
            name, changed = stripped, True
    return name


_RUNS_ON = frozenset("主下内中里众人徒")


def reads_on(text: str, words: list[tuple[str, str]], end: int, known: Callable[[str], bool],
             segment: Callable[[str], list[tuple[str, str]]]) -> bool:
    """转会原因, 贴身宫女, 驾驶员会死: the "suffix" starts another word, or is the verb 会 (will), and ends no
    name — though 青云宗主 and 天剑门下 go on from one, and in 落雁渡船家 船家 reads on as well as 渡船."""
    if text[end - 1:end] == "会" and re.match(rf"[{CJK}]", text[end:end + 1]) and \
            segment(text[end:end + 2])[0][1].startswith(("v", "d", "a", "p")):
        return True
    position = 0
    for word, _ in words:
        if position < end < position + len(word):
            return word[end - position:] not in _RUNS_ON and not known(text[end:end + 2])
        if position >= end:
            return False
        position += len(word)
    return False
