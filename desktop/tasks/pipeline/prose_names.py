"""Who counts as a new character when a chapter, not a discussion, is read.

In narration the author names people; in dialogue people address each other (林姑娘, 老太太, 宝姐姐, 相公)
and say words the segmenter takes for names (胡说, 莫若). A name the chapter never uses in narration, a
role word (小厮, 老嬷嬷), a courtesy form built on someone already named, or a word that only ever follows
a name (宝玉冷笑, 贾政道谢) is not a new character; nor is a common word (the dictionary knows it well:
冷笑, 高明, 陈设) that narration seldom puts where a name stands, at the head of a clause. A "character" the
text puts a city's words after (金陵城, 金陵地界) is a place.
"""

from __future__ import annotations

import re

from desktop.tasks.pipeline import lexicon as lx
from desktop.tasks.pipeline.segmenter import dictionary_entry
from desktop.tasks.pipeline.names import Candidates

# Quotation marks Chinese and English prose open and close speech with.
_OPEN, _CLOSE = "“「『", "”」』"
# Forms of address and service roles: who someone is to the speaker, not who they are.
_ROLES = ("太太", "老太太", "奶奶", "老奶奶", "老爷", "大老爷", "二老爷", "爷爷", "老爹", "爹爹", "娘亲", "相公",
          "娘子", "官人", "大人", "嬷嬷", "老嬷嬷", "婆子", "婆婆", "姥姥", "丫头", "丫鬟", "小丫头", "小厮", "小子",
          "太监", "小太监", "和尚", "老尼", "尼姑", "道士", "老道", "僧人", "小弟", "小儿", "小人", "在下", "晚生",
          "先生", "诸公", "诸位", "列位", "众人", "门子", "管家", "掌柜", "伙计", "店家", "客官", "兄台", "贤弟", "恩公")
_ROLE_PREFIXES = "老小大二三诸众那这该"
# Courtesy and kin words said after part of a known name: 林姑娘, 薛大爷, 宝姐姐, 宝兄弟, 宝叔.
# (Not 姐 or 公 alone: 凤姐 and 宁公 are how a book may name a person.)
_COURTESY = ("姑娘", "大爷", "二爷", "三爷", "爷", "公子", "小姐", "姐姐", "妹妹", "哥哥", "兄弟", "叔", "叔叔",
             "婶子", "嫂子", "先生", "老爷", "大哥", "大姐")
# Words after a name that make it a place (金陵城, 金陵地界).
_PLACE_AFTER = re.compile(r"^(?:城|省(?!亲)|县|州府|地界|境内|一带|城内|城外|城中)")
# Where a clause begins: a name often stands there (“宝玉听了”), a verb or adverb seldom does.
_CLAUSE_BREAK = set("，。！？；：、“”「」『』\n\u3000 …—")
_COMMON_WORD = 100  # times jieba's dictionary saw a word: more, and it is a word of the language first
_NAME_LIKE_SHARE = 1 / 3  # of a common word's narration, the share at a clause head that makes it a name here


def speech_spans(text: str) -> list[tuple[int, int]]:
    """Where the characters speak: the spans inside quotation marks (an unclosed quote ends at its paragraph)."""
    spans, start = [], None
    for index, char in enumerate(text):
        if char in _OPEN and start is None:
            start = index
        elif (char in _CLOSE or char == "\n") and start is not None:
            spans.append((start, index))
            start = None
    if start is not None:
        spans.append((start, len(text)))
    return spans


# What only people do right after their name: speak (秦钟笑道：), hear (听了).
_SPEAKS = r"(?:(?:笑|叹|忙|因|便|又|也|冷笑|哭|回|答)?(?:道|说)[：:，“「]|听了|笑了)"


def screen_characters(cands: Candidates, kinds: dict[str, str], text: str) -> None:
    """Drop the new Characters a chapter does not name as people; relabel those it names as places, and
    the things that speak (秦钟, whose 钟 read as a bell) as people."""
    speech = speech_spans(text)
    for name, kind in list(kinds.items()):
        if not cands[name].canon_kind and \
                len(re.findall(re.escape(name) + _SPEAKS, text)) >= 2:
            kinds[name] = "Character"
            cands[name].generic = False  # 2-character things are taken for common nouns (玉佩); a person is not
    known = {n for n, k in kinds.items() if k == "Character"}
    forms = {form for name in known for form in [name, *cands[name].aliases]} | set(cands.alias_of)
    for name in sorted(known, key=len):
        cand = cands[name]
        if cand.canon_kind or not re.search(r"[\u4e00-\u9fff]", name):
            continue
        places = [m.end() for m in re.finditer(re.escape(name), text)]
        starts = [end - len(name) for end in places]
        if any(_PLACE_AFTER.match(text[end:end + 3]) for end in places):
            kinds[name] = "Location"
            continue
        narrated = [start for start in starts if not _in_speech(start, len(name), speech)]
        if not narrated or _role(name) or _courtesy(name, forms - {name}) or _after_names(text, starts, forms - {name}) \
                or (dictionary_entry(name)[0] >= _COMMON_WORD and not _placed_like_a_name(text, narrated)):
            del kinds[name]


def _role(name: str) -> bool:
    return name in _ROLES or (name[0] in _ROLE_PREFIXES and name[1:] in _ROLES) or name in lx.ZH_NOT_NAMES


def _courtesy(name: str, forms: set[str]) -> bool:
    for word in _COURTESY:
        stem = name[: -len(word)]
        if name.endswith(word) and stem and any(form.startswith(stem) for form in forms if len(form) > len(stem)):
            return True
    return False


def _in_speech(start: int, length: int, speech: list[tuple[int, int]]) -> bool:
    return any(s < start and start + length <= e for s, e in speech)


def _placed_like_a_name(text: str, narrated: list[int]) -> bool:
    heads = sum(1 for start in narrated if start == 0 or text[start - 1] in _CLAUSE_BREAK)
    return heads >= max(1, len(narrated) * _NAME_LIKE_SHARE)


def _after_names(text: str, starts: list[int], forms: set[str]) -> bool:
    """宝玉冷笑道, 贾政道谢: most of the word's occurrences sit right after a name — it is what they do."""
    glued = sum(1 for start in starts if any(text.endswith(form, 0, start) for form in forms))
    return bool(starts) and glued * 2 > len(starts)
