"""Pass 1, without the model: the names a discussion talks about, each with hints of what kind of thing it is.

Sources: every canon name and alias found in the text; Chinese word segmentation (jieba's person /
place / organisation tags); names ending in a kind suffix (青云宗, 寒铁剑); names an author introduces
(叫苏晴, 人称…); objects of skill and weapon verbs; 「」《》 quotes; English capitalised spans.
"""

from __future__ import annotations

import re

from desktop.tasks.pipeline import lexicon as lx
from desktop.tasks.pipeline import answers, people
from desktop.tasks.pipeline.aliases import collect_aliases, other_forms
from desktop.tasks.pipeline.english_names import (acronyms_aliased, english, first_names, head_word, patrons_dropped,
                                                   short_forms)
from desktop.tasks.pipeline.lowercase_notes import recase_lowercase_notes
from desktop.tasks.pipeline.glued import drop_glued_verbs, drop_word_fragments
from desktop.tasks.pipeline.names import Candidate, Candidates, has_cjk, valid_name
from desktop.tasks.pipeline.segmenter import dictionary_entry, segment
from desktop.tasks.pipeline.statements import Statement
from desktop.tasks.pipeline.transliterated import add_dotted
from desktop.tasks.pipeline.suffixes import (CUT_BEFORE_NAME, DESCRIBED_PLACE, object_of, reads_on,
                                             suffix_kind, suffix_of, suffix_spans, trim_left)

CJK = "\u4e00-\u9fff"
_NAME_INTRO = re.compile(rf"(?:名叫|叫做|名为|取名为?|名字是|名字叫|叫(?![人我你他她]))[「『“\"]?([{CJK}·]{{2,4}}?|[{CJK}]{{2,3}}(?:工作室|事务所|俱乐部|研究所))"
                         rf"[」』”\"]?(?=[，,。！!？?、；;：:\s的是和与吧呢啊」』”\"]|$)")
# "这一段就叫“断舍离”" / "第二卷叫「北上」": a stretch of the book's name, not a thing in the story
_PART_NAMED = re.compile(r"(?:这一?段|那一?段|这部分|这一?卷|第.{1,3}卷|这一?章|标题|书名|卷名|章名|纲)[，,]?(?:就|我想|想)?"
                         r"(?:叫|叫做|是|名为|定为)?[「『“\"]?$")
_KIN_INTRO = re.compile(rf"(?:长子|次子|幼子|长女|次女|幼女|独子|独女|养女|养子|爹|娘|父亲|母亲|哥哥|姐姐|妹妹|弟弟|师父|师尊|师兄|师姐|师弟|师妹|丫鬟|书童|药童|侍女|女儿|儿子|"
                        rf"妻子|丈夫|夫人|徒弟|仆人|护卫)((?:{'|'.join(lx.ZH_COMPOUND_SURNAMES)}|[{''.join(lx.ZH_SURNAMES)}])"
                        rf"[{CJK}]{{1,2}}?)(?=[，,。！!？?、；;：:\s的是和与也在就其本原早如当已今曾还又才便却都有为十几两]|$)")
# 师父玄机子, 青云宗长老清虚真人: a master's or elder's religious name, which carries no surname
_DAO_INTRO = re.compile(rf"(?:师父|师尊|师傅|师祖|长老|掌门|宗主|护法|老祖|前辈|道长|叫|名叫|道号|法号)"
                        rf"([^\W\d的是了在和与也就都把被给叫说道]{{2,3}}(?:子|真人|道人|上人|散人|居士|老祖|仙子|尊者|禅师))"
                        rf"(?=[，,。！!？?、；;：:\s的是和与也在就]|$)")
_TITLED_AFTER_VERB = re.compile(rf"(?:是|叫|娶了|嫁给|娶|遇见|遇到)([{CJK}]{{1,2}}(?:夫人|娘子|姑娘|公子|小姐|老爷))"
                                rf"(?=[，,。！？!?、；;的]|$)")
_TRADE_POSTS = ("掌柜", "老板", "老板娘", "管事", "账房", "东家", "店主", "镖头", "捕头", "县令", "知府", "师爷", "郎中",
                "船长", "舰长", "队长", "校尉")  # 酒楼掌柜孙有财, 捕头雷横: a trade's or an office's post before a name
_POSTS = '|'.join(sorted({*lx.ZH_FACTION_LEADER_ROLES, *_TRADE_POSTS, *(r for r in lx.ZH_FACTION_MEMBER_ROLES if len(r) >= 2)}
                         - {'老大', '少爷', '小姐'}, key=len, reverse=True))
_POST_INTRO = re.compile(rf"(?:{_POSTS})"
                         rf"([{CJK}]{{2,3}})(?=[，,。！!？?；;：:\s]|$)")
_POST_THEN_NAME = re.compile(rf"[个位名](?:新|老|小)?(?:{_POSTS})[，,]\s*([{CJK}]{{2,3}})(?=[，,。！!？?；;（(]|$)")
_NOT_A_NAME_START = set("个一位名这那我你他她它们的了是很太也都就还又在把被给让大小不没已正人等谁什哪怎")
_COMMON_ZI = ("弟子", "孩子", "儿子", "女子", "男子", "公子", "太子", "王子", "娘子", "妻子", "日子", "样子", "法子", "院子",
              "本子", "君子", "小子", "老子", "夫子", "学子", "游子", "才子", "天子", "瓜子", "棋子", "种子", "例子", "句子")
_BODY_PART = re.compile(r"^[左右][眉眼耳手臂腿脚脸颊肩胸腹]|[眉眼耳手臂腿脚脸颊额肩背胸腹]角?$")
# Before 小名/表字 in the sentence these make the alias someone else's: 只剩女儿，小名唤可儿; 叫他的表字.
# "功法叫《霜华九转》": the noun that introduces a quoted name says what it is
_NAMED_AS_KIND = lx.ZH_NAMED_AS_KIND
_NAMED_AS = re.compile(rf"({'|'.join(_NAMED_AS_KIND)})(?:是|叫|叫做|名叫|名为|为)$")
_QUOTED = re.compile(rf"[「『《“\"]([^」』》”\"\n]{{2,16}})[」』》”\"]")
_GENERIC = {name for name in lx.ZH_SUFFIX_KINDS if len(name) >= 2}


_SURNAME = f"(?:{'|'.join(lx.ZH_COMPOUND_SURNAMES)}|[{''.join(lx.ZH_SURNAMES)}])"
# A surname and 家 where a family is spoken of: after a word that points at it, or before its people
_FAMILY = re.compile(rf"(?:(?<![{CJK}])|(?<=[的是和与在入比到了那这去从]))({_SURNAME}家)"
                     rf"|({_SURNAME}家)(?=[的人，。！？、是]|小姐|公子|老爷|丫鬟|丫头|姑娘|少爷|子弟|家主|族)")
_FAMILY_WORDS = frozenset({"管家", "安家", "成家", "万家", "全家", "东家", "商家", "国家", "皇家", "农家", "当家", "世家"})


def collect(statements: list[Statement], canon: dict[str, tuple[str, list[str]]], zh: bool, *,
            prose: bool = False) -> Candidates:
    """Every candidate name with kind hints and the statements that mention it (pronouns not yet resolved)."""
    cands = Candidates()
    firsts: dict[str, list[str]] = {}
    for name, (kind, aliases) in canon.items():
        for alias in [*aliases, *([name[4:]] if name[:4].lower() == "the " else [])]:  # "the Ashguard" said "Ashguard"
            cands.alias_of.setdefault(alias, name)
        # "Mara" for Mara Vell, "知微" for 沈知微: a name shortened, when no one else is shortened so
        zh_given = [name[1:]] if len(name) == 3 and has_cjk(name) and lx.surnamed(name) else []
        firm = [name[:-len(end)] for end in lx.ZH_FIRM_ENDS if kind == "Faction" and name.endswith(end)  # 星耀(传媒)
                and len(name) - len(end) >= 2 and has_cjk(name)][:1]
        for form in [*short_forms(name), *zh_given] if kind == "Character" else [*head_word(name, kind), *firm]:
            firsts.setdefault(form, []).append(name)
    for first, names in firsts.items():  # "Jack" means canon's Jack Crowe when only one Jack is known
        if len(names) == 1 and first not in canon:
            cands.alias_of.setdefault(first, names[0])
    if not prose and not any(has_cjk(st.quote) for st in statements):
        recase_lowercase_notes(statements, {n: kind for name, (kind, aliases) in canon.items()
                                            for n in [name, *aliases]})
    text = "\n".join(s.text for s in statements)
    for name, (kind, aliases) in canon.items():
        called = [a for a, n in cands.alias_of.items() if n == name]  # "Mara" for canon's Mara Vell
        if any(re.search(rf"(?<!\w){re.escape(form)}(?!\w)", text) if form.isascii() else form in text
               for form in [name, *aliases, *called]):
            cand = cands.setdefault(name, Candidate(name))
            cand.canon_kind, cand.aliases = kind, list(aliases)
    words = segment(text) if has_cjk(text) else []  # the whole text, once: two passes below read it
    for name in _repeated_surnamed(text, words, prose):
        cands.add(name, "Character", 1.5)
    for match in _AGENT_WITH_SUFFIX.finditer(text):
        # 岳千山把龙吟刀传给了…: a surname, a given name ending like a mountain, and then acting — a person
        cands.add(match.group(1), "Character", 5.0)
    for match in _FAMILY.finditer(text):
        family = match.group(1) or match.group(2)
        if family not in _FAMILY_WORDS and (cand := cands.add(family, "Faction", 2.5)) is not None:
            cand.strong = True  # 苏家, 赵家, 那甄家丫鬟: a family is a faction, whatever the segmenter says
    for st in statements:
        if has_cjk(st.quote):
            _chinese(st.quote, cands, prose)
        english(st.text, cands, text, prose)
    if has_cjk(text):
        add_dotted(cands, text, lambda w: dictionary_entry(w)[0] >= 300)  # 摄政王奥伦·凯斯: one man, not 奥伦 and 凯斯
        people.named_by_role(cands, text)
        people.posted(cands, text, segment)
        people.real_names(cands, text)
        people.described_as_people(cands, text)
        people.described_as_groups(cands, text)
        if not prose:
            people.titled(cands, text)
    answers.answered_places(statements, cands)
    for match in _TITLE_THEN_NAME.finditer(text):  # 靖王萧承泽: the man is 萧承泽, and 靖王 is how he is called
        title, name = match.groups()
        if lx.surnamed(name) and name not in lx.ZH_NOT_NAMES:
            cands.pop(match.group(0), None)
            if (cand := cands.add(name, "Character", 3.0)) is not None:
                cand.strong = True
                cands.pop(title, None)
                if cands.alias_of.setdefault(title, name) == name and title not in cand.aliases:
                    cand.aliases.append(title)
    collect_aliases(statements, cands)
    _not_words(cands, text, words)
    first_names(cands, text)
    acronyms_aliased(cands)
    patrons_dropped(cands)
    _trim_glued_words(cands)
    drop_word_fragments(cands, text, lambda w: dictionary_entry(w)[0])
    _prune_overlaps(text, cands)
    drop_glued_verbs(cands, text, segment)
    # (a novel's narration gives a name whole: no group there is said by the start of its name)
    other_forms(cands, text, lambda w: dictionary_entry(w)[0] >= 10 or [f for _, f in segment(w)] in (["n"], ["f"]),
                lambda w: prose or dictionary_entry(w)[0] >= 1000)
    for name in [n for n, c in cands.items() if n in _GENERIC and lx.ZH_SUFFIX_KINDS.get(n) == "Ability"
                 and not c.canon_kind]:
        del cands[name]  # 炼丹, 医术: a skill, not a named technique the book tracks
    for cand in cands.values():
        cand.generic = (cand.generic or cand.name in _GENERIC) and cand.canon_kind is None
    for generic in [n for n, c in cands.items() if c.generic]:
        # 玉佩 … later 叫龙纹玉佩: the plain word was that named thing all along
        named = [n for n, c in cands.items() if not c.generic and n != generic and n.endswith(generic)]
        arms = {ch for ch in generic if lx.ZH_SUFFIX_KINDS.get(ch) == "Item"}
        if not named and arms and not prose:
            # 匕首归了钱满仓, the talk's one named 匕 being 赤蛟匕: the dagger is that dagger
            named = [n for n, c in cands.items() if not c.generic and n != generic and n[-1] in arms
                     and (c.canon_kind or c.best_hint[0]) == "Item" and "Character" not in c.hints]
        if len(named) == 1:
            cands.alias_of[generic] = named[0]
            del cands[generic]
    for name, before in cands.renamed:  # "一条软鞭，叫「缠丝」": 软鞭 is what 缠丝 is, not a second thing
        for other in [n for n, c in cands.items() if n != name and n in before and not c.canon_kind
                      and (c.generic or n[-2:] == name[-2:] or n[-1] == name[-1] and suffix_kind(n))]:
            cands.alias_of[other] = name  # (so "出身就用小镇吧，叫栖霞镇" comes from 栖霞镇)
            del cands[other]
    locate(statements, cands)
    return cands


def _not_words(cands: Candidates, text: str, words: list[tuple[str, str]]) -> None:
    """方才, 起来, 子兴道: what the segmenter reads as an adverb or verb somewhere in the text, or a name with
    a speech verb glued on, is not a name (unless canon or the author's wording says so)."""
    if not has_cjk(text):
        return
    # 王熙凤 is tagged an idiom (i): three characters that open with a surname are a name before they are a phrase
    plain = {w for w, flag in words if not flag.startswith(("n", "x", "m")) and not (
        flag in ("i", "l") and len(w) == 3 and lx.surnamed(w))}
    people = {w for w, flag in words if flag == "nr"}
    # 夜无痕 reads like an idiom (l, i): a name a post or a kinship word introduced may well do so
    # … and so may one it takes for an abbreviation (j: 央金)
    wordy = {w for w, flag in words if not flag.startswith(("n", "x", "m", "l", "i", "j"))}
    for name, cand in list(cands.items()):
        if cand.canon_kind or (cand.strong and cand.best_hint[0] != "Character") or not has_cjk(name):
            continue
        if cand.strong and (name in people or name not in wordy):
            continue  # 次女萧婉 … 与萧婉是兄妹: introduced as a person, read as one once; the other reading is noise
        glued = len(name) == 3 and name[-1] in _SPEECH_TAIL and name[:2] in text.replace(name, "")
        if name in plain or glued or (len(name) == 3 and name[-1] in _SPEECH_TAIL and name[:2] in cands):
            del cands[name]


_GLUED_BEFORE = re.compile(r"^(?:籍贯|老家|家乡|祖籍|出身于?|来自|地处|坐落于|移居|迁居|定居|寓居|居)(?=[\u4e00-\u9fff]{2})")
_GLUED_AFTER = re.compile(r"(?<=[\u4e00-\u9fff]{2})(?:闭关|修炼|已经|正在|曾经|等人|那边|这边|一带|附近|深处|里面)$")


def _trim_glued_words(cands: Candidates) -> None:
    """籍贯江州, 落星崖闭关, 周掌柜已经: a word the segmenter left on a name comes off (the name keeps its hints)."""
    for name in [n for n, c in cands.items() if not c.canon_kind and has_cjk(n)]:
        if re.match(r"(?:籍贯|老家|家乡|祖籍|出身|来自)", name) and not _GLUED_BEFORE.match(name):
            del cands[name]  # 籍贯江 (of 籍贯江州): a piece of a longer name with the word before it
            continue
        bare = _GLUED_AFTER.sub("", _GLUED_BEFORE.sub("", name))
        demonym = name.endswith("人") and len(name) >= 3 and _a_place(name[:-1])
        if demonym:
            bare = name[:-1]  # 苏州人: where someone is from, not someone
        if bare == name:
            continue
        place = demonym or _a_place(bare)
        if not place and (not valid_name(bare) or _common_noun(bare) or dictionary_entry(bare)[0] >= _COMMON_WORD):
            del cands[name]  # 昨儿已经: an everyday word and an adverb, no name at all (居上海 is 上海)
        else:
            cand = cands.pop(name)
            kept = cands.add(bare, "Location" if demonym else None, 2.0)
            if kept is not None and not demonym:
                kept.hints.update(cand.hints)
                kept.strong = kept.strong or cand.strong


def _a_place(word: str) -> bool:
    return dictionary_entry(word)[1] == "ns" or suffix_kind(word) == "Location"


_TITLE_THEN_NAME = re.compile(rf"([{CJK}](?:王|侯)|[{CJK}]{{1,2}}(?:公主|世子|郡主|将军))([{CJK}]{{3}})"
                              rf"(?=[，,。！？、；;：:\s的是和与]|$)")
def _prune_overlaps(text: str, cands: Candidates) -> None:
    """Segmentation noise: 青云 and 宗大比 beside 青云宗. A weaker name that overlaps a stronger one, or
    only ever occurs inside it, goes."""
    def strength(c: Candidate) -> float:
        # a name that contains another (龙纹玉佩 ⊃ 玉佩, 青云宗 ⊃ 青云) is the fuller reading of those words
        contains = any(other != c.name and other in c.name for other in cands)
        return 100.0 if c.canon_kind else c.best_hint[1] + (10.0 if contains else 0.0) + len(c.name) * 0.01
    names = sorted(cands, key=lambda n: strength(cands[n]), reverse=True)
    spans: list[tuple[int, int]] = []
    for name in names:
        occurrences = [(m.start(), m.end()) for m in re.finditer(re.escape(name), text)]
        free = [o for o in occurrences if not any(s < o[1] and o[0] < e for s, e in spans)]
        if occurrences and not free and not cands[name].canon_kind:
            del cands[name]
            continue
        spans += free


def locate(statements: list[Statement], cands: Candidates) -> None:
    """Which statements mention which candidates (by name or alias, longest match first)."""
    forms = cands.surface_forms()
    for st in statements:
        found: list[str] = []
        taken = [False] * len(st.text)
        for form, name in forms:
            start = st.text.find(form)
            while start >= 0:
                end = start + len(form)
                if not any(taken[start:end]) and _word_bounded(st.text, start, end):
                    taken[start:end] = [True] * (end - start)
                    if name not in found:
                        found.append(name)
                start = st.text.find(form, start + 1)
        st.names = sorted(found, key=lambda n: _first_position(st.text, n, cands))
        for name in found:
            cands[name].mentions.add(st.index)


def _first_position(text: str, name: str, cands: Candidates) -> int:
    positions = [text.find(f) for f, n in cands.surface_forms() if n == name and f in text]
    return min(positions) if positions else len(text)


def _word_bounded(text: str, start: int, end: int) -> bool:
    before, after = text[start - 1] if start > 0 else " ", text[end] if end < len(text) else " "
    return not text[start:end].isascii() or not (before.isalnum() or after.isalnum())


# -- Chinese ------------------------------------------------------------------------


_CHAPTER_MARK = re.compile(r"第?\s*[0-9〇零一二两三四五六七八九十百千]+\s*[章回卷集]|第\s*[0-9〇零一二两三四五六七八九十百千]+\s*[节部]")  # 46章上山


def _chinese(text: str, cands: Candidates, prose: bool = False) -> None:
    # "阿牛第31章得受个伤": chapter marks are not part of any name (章得 is no person)
    text = _CHAPTER_MARK.sub(lambda m: "，" * len(m.group(0)), text)
    # 她爹苏远山, 丫鬟青萝, 师父玄机子: a name right after a kinship, service or master's word
    religious = (m for m in _DAO_INTRO.finditer(text) if not m.group(1).endswith(_COMMON_ZI))
    for match in (*_KIN_INTRO.finditer(text), *religious):
        name = match.group(1)
        if name not in lx.ZH_NOT_NAMES and (cand := cands.add(name, "Character", 3.0)) is not None:
            cand.strong = True
    for match in _TITLED_AFTER_VERB.finditer(text):  # 娘是云夫人, 娶了林姑娘: a title after 是/娶/嫁 is someone's
        if (cand := cands.add(match.group(1), "Character", 2.5)) is not None:
            cand.strong = True
    introduced = [m for m in _POST_THEN_NAME.finditer(text) if lx.surnamed(m.group(1))]
    for match in [*_POST_INTRO.finditer(text), *introduced]:
        # 幽冥殿殿主夜无痕，: a post and then a few characters up to the clause's end name its holder
        # (… and "班里进个新学徒，石满仓，": one newly met, their post said first)
        name = match.group(1)
        first = segment(name)[0][1]
        if name[0] not in _NOT_A_NAME_START and name not in lx.ZH_NOT_NAMES and not suffix_kind(name) \
                and not name.endswith("家") and dictionary_entry(name)[0] < _COMMON_WORD and not first.startswith(("v", "d", "p", "c", "u", "r", "m")):
            if (cand := cands.add(name, "Character", 3.0)) is not None:
                cand.strong = True
    for match in _NAME_INTRO.finditer(text):
        name = trim_left(match.group(1))
        # "给她一条软鞭，叫「缠丝」": the thing just named is what the name is for
        named = re.split(r"[。！？]", text[max(0, match.start() - 8):match.start()])[-1]
        noun = named.rstrip("，, ")
        # 掌门信物叫青冥令, 枪叫「赤霄」: the noun before 叫 says what the name is for
        thing = next((kind for word, kind in _NAMED_AS_KIND.items() if noun.endswith(word)), None) \
            or next((lx.ZH_SUFFIX_KINDS[c] for c in reversed(named) if c in lx.ZH_SUFFIX_KINDS
                     and lx.ZH_SUFFIX_KINDS[c] in ("Item", "Ability")), None)
        if thing is None and (re.search(rf"[一两半][把柄对双支杆件块枚颗面]([{CJK}]{{1,4}})[，,]?$", named)
                              or len(noun) >= 2 and noun[-1] == name[-1] and lx.ZH_SUFFIX_KINDS.get(noun[-2:]) == "Item"):
            thing = "Item"  # "改成一对判官笔，叫阴阳笔" / "半块玉佩，叫双鱼佩": a counted thing is what the name is for
        kind = suffix_kind(name) or thing
        if name.endswith(lx.RULE_NAME_ENDS) or re.search(r"[一二两三四五六七八九十百0-9]+[灯层级阶重境品星转]$", named) \
                or re.search(r"它|体系|系统|设定", named) \
                or _PART_NAMED.search(text, max(0, match.start() - 10), match.start() + 2):
            continue  # "就叫灭灯之罚" names a rule, "九灯叫灯满" a grade: no one in the story
        if (cand := cands.add(name, kind or "Character", 3.0)) is not None:
            cand.strong = True
            if thing or suffix_kind(name) and (name[-2:] in named or any(  # "独立游戏工作室，叫拾光工作室"; "小镇吧，叫栖霞镇"
                    g in named for g in _GENERIC if lx.ZH_SUFFIX_KINDS[g] == suffix_kind(name))):
                cands.renamed.append((name, named))
    for match in _QUOTED.finditer(text):
        name = match.group(1).strip()
        if _PART_NAMED.search(text, max(0, match.start() - 10), match.start() + 1):
            continue
        if has_cjk(name) and len(name) <= 8:
            named_as = _NAMED_AS.search(text, max(0, match.start() - 8), match.start())
            kind = (_NAMED_AS_KIND[named_as.group(1)] if named_as else None) or suffix_kind(name) \
                or ("Item" if match.group(0).startswith("《") else None)
            cands.add(name, kind, (3.0 if named_as else 2.0) if kind else 0.0)
    words = segment(text)
    for (word, flag), (after, _) in zip(words, [*words[1:], ("", "")]):
        if word in lx.ZH_COMPOUND_SURNAMES:
            # 慕容|承: the segmenter splits a rare given name off a two-character surname; a bare surname is no one
            if len(after) == 1 and re.fullmatch(rf"[{CJK}]", after) and after not in "家氏":
                cands.add(word + after, "Character", 2.5)
            continue
        if len(word) == 3 and word.endswith("之") and after[:1] in _KIN_AFTER_ZHI:
            word = word[:2]  # 萧婉之父: the classical 之 (of) before a kinship word is no part of the name
        if len(word) < 2 or word in lx.ZH_NOT_NAMES or any(word.endswith(t) for t in lx.ZH_PERSON_TITLES):
            continue
        if word[0] in _MEASURES and re.search(r"[0-9一二三四五六七八九十两几数哪]$", text[:max(0, text.find(word))]):
            continue  # 三道天雷: a count of thunderbolts, not 道天雷
        kind = suffix_kind(word)
        if word in lx.ZH_REALM_WORDS or _BODY_PART.search(word):
            continue
        # 马刀, 侍奉: words of the language jieba also tags as names are not a discussion's invented people.
        # (A novel's chapters keep them: jieba's dictionary knows 宝玉 as well; the prose screen sorts them.)
        common = not prose and flag == "nr" and dictionary_entry(word)[0] >= _COMMON_WORD
        if flag == "nr" and len(word) in (2, 3) and lx.surnamed(word) and not word.endswith("家") \
                and (not kind or word[-1] in _GIVEN_NAME_CHARS) \
                and not _suffix_glued(text, text.find(word)):
            if not common:
                cands.add(word, "Character", 2.5)  # 苏远山: a surname first, whatever the last character says
        elif flag == "nr" and not kind and not common and not _term_family(word, text) and \
                not (len(word) == 2 and word[1] == "家" and lx.surnamed(word)):
            if not _suffix_glued(text, text.find(word)):
                # a single unexplained occurrence is left for the model to judge
                cands.add(word, "Character", 1.5 if text.count(word) >= 2 else 0.8)
        elif flag == "ns" and (len(word) >= 3 or word[-1] in "州洲"):  # 江州: two characters, but no common word
            cands.add(word, kind or "Location", 1.0)
        elif flag == "nt":
            cands.add(word, kind or "Faction", 1.0)
        elif flag == "nz" and kind:
            cands.add(word, kind, 1.0)
    # "扎西的老婆央金", "加个儿子，次仁多吉，", "俄商瓦西里": a name with no Han surname, right after whose kin or what
    # trade one is — a word jieba reads as a person's name, or one its dictionary has never seen
    for at, (word, flag) in enumerate(words):
        lead = words[at - 2][0] if at >= 2 and words[at - 1][0] in "，," else words[at - 1][0] if at else ""
        if (lead in lx.ZH_ROLES or lead.endswith("商")) and 2 <= len(word) <= 4 and re.fullmatch(rf"[{CJK}]+", word) \
                and (flag in ("nr", "nrt", "nrfg") or dictionary_entry(word)[0] == 0) \
                and dictionary_entry(word)[0] < _COMMON_WORD and not suffix_kind(word) and word not in lx.ZH_NOT_NAMES \
                and word[0] not in _NOT_A_NAME_START and (cand := cands.add(word, "Character", 2.5)) is not None:
            cand.strong = True
    person_starts, word_starts, surnamed_at = set(), set(), set()
    position = 0
    for (word, flag), (after, after_flag) in zip(words, [*words[1:], ("", "")]):
        if not flag.startswith(("v", "d", "p", "c", "r", "u")):  # 喜欢镇: a name does not start with a verb
            word_starts.add(position)
        if flag == "nr" and len(word) >= 2 and not _suffix_glued(text, position):
            person_starts.add(position)
        elif flag == "nr" and len(word) == 1 and len(after) == 2 and after_flag.startswith("n") \
                and lx.surnamed(word + after) and after not in lx.ZH_ROLES:  # (韩师兄 is how one is called)
            surnamed_at.add(position)  # 司机周|大海: a surname the tagger saw, and a given name it took for a sea
            if re.match(rf"[^{CJK}]|$", text[position + 3:position + 4]):
                cands.add(word + after, "Character", 1.5)
        position += len(word)
    for match in _PLACE_PART.finditer(text):  # 在东荒深处, 在北原以北: what has a depth or a side is a place
        if match.group(1) not in lx.ZH_NOT_NAMES and not _common_noun(match.group(1)):
            cands.add(match.group(1), "Location", 2.0)
    if _GEO_LIST.search(text):  # "分四块：东荒、中州、南疆、北原": the parts of a map are places
        for match in re.finditer(rf"(?<![{CJK}])([{CJK}]{{2,4}})(?=、)|(?<=、)([{CJK}]{{2,4}})(?![{CJK}])", text):
            cands.add(match.group(1) or match.group(2), "Location", 2.0)
    for name, kind, end in suffix_spans(text, words):
        start = end - len(name)
        if reads_on(text, words, end, lambda w: dictionary_entry(w)[0] >= 10, segment):
            continue
        if start not in word_starts and not _COUNTED.search(text, 0, start):
            # 常驻赤潮站: the verb's word comes off, the name starts at the next word (keeping a head of two)
            later = [s for s in range(start + 2, end - 2) if s in word_starts]
            lead = segment(text[start:later[0]]) if later else []
            if len(lead) == 1 and lead[0][1].startswith("v"):
                name, start = text[later[0]:end], later[0]
        # 父亲林啸天: 林 begins a person's name, it ends no place; 前期反派: a name starts where a word does
        # … or where a function word or a stop ends what came before (去了|暗夜战队, whatever the tagger made of 暗)
        head = name[:len(name) - len(suffix_of(name))]
        kin = _KIN_LEAD.match(name)
        if kin and len(name) - kin.end() >= 2 and lx.surnamed(name[kin.end():]):
            name, start, head = name[kin.end():], start + kin.end(), head[kin.end():]  # 女儿乔若溪: the daughter's name
        elif kin or name.endswith(("结盟", "加盟", "入盟", "会盟")):
            continue  # 爷爷教不了, 女儿阿珠, 陆沉结盟: a kinship word or a verb, not the head of a name
        parts = segment(head)  # 每个城市设分局, 老沈投奔运河, 只问秦钟: a verb inside ends a clause, it starts no name
        if suffix_of(name) in lx.ZH_FIRM_ENDS:  # (金泉贸易公司, 华西监理公司: a firm's trade is no verb)
            parts = [(w, "n" if f == "vn" else f) for w, f in parts]
        if len(parts) >= 2 and (parts[-1][1].startswith("v") and len(parts[-2][0]) >= 2 or any(
                f.startswith("v") and (len(w) >= 2 or parts[0][1][:1] in "dpcr") for i, (w, f) in enumerate(parts) if i)):
            continue
        cut = (start == 0 or text[start - 1] in CUT_BEFORE_NAME or not re.match(rf"[{CJK}]", text[start - 1])) \
            and len(head) >= 2 and head[0] not in "没不别未想要让" \
            and not any(flag.startswith(("p", "c", "u", "r")) for _, flag in parts)
        if end - 1 not in person_starts and not (len(name) == 3 and start in surnamed_at) and (
                start in word_starts or _COUNTED.search(text, 0, start) or cut):
            cand = cands.add(name, kind, 2.0)
            if cand is not None:
                cand.strong = True
                count, tag = dictionary_entry(name)  # 空间站, 山洞: a word of the language, not a name
                cand.generic = cand.generic or (kind == "Item" and len(name) == 2) or (tag == "n" and count >= 50) \
                    or DESCRIBED_PLACE.search(name) is not None and dictionary_entry(head)[1] not in (None, "ns", "nr", "nz") \
                    and dictionary_entry(head)[0] >= 50  # 边陲小镇, 繁华古城: a kind of place described, none named
    for verbs, kind in ((lx.ZH_ABILITY, "Ability"),):
        for verb in verbs:
            for match in re.finditer(rf"{verb}(?:了|过)?([{CJK}]{{2,8}})", text):
                obj = object_of(match.group(1))
                if obj and obj not in lx.ZH_NOT_NAMES and suffix_kind(obj) == kind:
                    cands.add(obj, kind, 2.0)
    for noun in lx.ZH_OWN_NOUNS:
        for match in re.finditer(rf"{noun}(?:是|为|换成|改成|改为)([{CJK}]{{2,8}})", text):
            obj = object_of(match.group(1))
            if obj:
                cands.add(obj, "Item", 2.0)


# 一柄裂天刀: after a measure word a noun phrase begins, even one whose first character is a verb (裂, 破, 断)
_PLACE_PART = re.compile(r"(?:在|位于|地处|深入)([\u4e00-\u9fff]{2,4}?)最?(?:深处|边上|边缘|以北|以南|以东|以西|一带|腹地|境内|北部|南部|东部|西部)")
_AGENT_WITH_SUFFIX = re.compile(rf"([{''.join(lx.ZH_SURNAMES)}][\u4e00-\u9fff][山峰林海江河云风雷龙虎天剑刀])"
                                r"(?=把|将|被|对|跟|说|道|笑着|拿着|握着|已经|一掌|一剑|亲手)")
_KIN_AFTER_ZHI = set("父母子女妻夫兄弟姐妹徒师主仆")
_KIN_LEAD = re.compile(r"(?:爷爷|奶奶|外公|外婆|姥姥|姥爷|爹|娘|爸爸?|妈妈?|阿爸|阿妈|哥哥|姐姐|弟弟|妹妹|女儿|儿子|师父|师傅|老师)")
_COUNTED = re.compile(r"[一两几这那][把柄口杆件枚颗张面块串根条只座艘匹]$")
_GEO_LIST = re.compile(rf"(?:大陆|地区|地域|分成?[两三四五六七八九十几]块|疆域|版图|地图|[两三四五六七八九十几]大?[州域块])")
_SURNAMES_THAT_END_NAMES = set("林江关宫钟印甲海")
_GIVEN_NAME_CHARS = set("山峰林海江河云风雷龙虎天剑刀")  # 苏远山, 林海: kind suffixes that also end given names


def _suffix_glued(text: str, position: int) -> bool:
    """青云宗大比 cut as 青云 / 宗大比: a "person" that starts with a kind suffix glued to a name before it."""
    if position <= 1:
        return False
    first = text[position]
    return lx.ZH_SUFFIX_KINDS.get(first) is not None and first not in _SURNAMES_THAT_END_NAMES \
        and bool(re.match(rf"[{CJK}]{{2}}", text[position - 2:position]))


_SPEECH_TAIL = set("道笑说曰问听见叹便又也忙因遂等们")


def _repeated_surnamed(text: str, words: list[tuple[str, str]], prose: bool = False) -> list[str]:
    """林动 twice, each time followed by a verb or particle: a person jieba's dictionary does not know."""
    found = []
    # 方才, 于是, 何必: words the segmenter knows as something other than a name are not names
    common = {w for w, flag in words if len(w) == 2 and not flag.startswith("n")}
    common |= {w for w, flag in words if len(w) == 2 and
               (_common_noun(w) or not prose and dictionary_entry(w)[0] >= _COMMON_WORD)}
    for match in re.finditer(rf"(?:{'|'.join(lx.ZH_COMPOUND_SURNAMES)}|[{''.join(lx.ZH_SURNAMES)}小阿])[{CJK}]", text):
        for length in ((2,) if match.group(0)[0] in "小阿" else (3, 2)):
            name = text[match.start():match.start() + length + (len(match.group(0)) - 2)]
            ends = [m.end() for m in re.finditer(re.escape(name), text)]
            # (or three characters in no word, standing alone: "2. 顾长汀——清冷", but not 首席|弟子)
            words_at = (name, name[:2], text[max(0, match.start() - 1):match.start() + 1])
            alone = length == 3 and all(dictionary_entry(w)[0] < _COMMON_WORD for w in words_at) \
                and any(e < len(text) and text[e] in "，。、—：；！？ ,.好" for e in ends)
            if len(ends) >= 2 and (alone or any(e < len(text) and text[e] in lx.ZH_PERSON_NEXT for e in ends)) \
                    and name not in lx.ZH_NOT_NAMES and not suffix_kind(name) and name not in common \
                    and not (length == 2 and _common_noun(name)) \
                    and not (len(name) == 3 and name[-1] in _SPEECH_TAIL):
                found.append(name)
                break
    return found


_COMMON_WORD = 100  # times jieba's dictionary saw a word: an invented name is rare there or absent


def _term_family(word: str, text: str) -> bool:
    """单灵根 beside 五灵根: a number before the same ending makes it a grade of a term, not a person."""
    return len(word) == 3 and bool(re.search(rf"[一二三四五六七八九十两双多单]{re.escape(word[1:])}",
                                             text.replace(word, "")))


def _common_noun(word: str) -> bool:
    count, tag = dictionary_entry(word)
    return count >= 50 and tag is not None and not tag.startswith("nr")


_MEASURES = frozenset("道条根把柄只个位名声次口件块枚颗本张座章回集节")
