"""Chinese names the segmenter misses right after the word that introduces them: a story role (男主江屿), a
title or office (支队长方振国, 兵部尚书许崇山, 淑妃贺兰珏), a note's colon (先补个人：温婉柔，…)."""

from __future__ import annotations

import re

from desktop.tasks.pipeline import lexicon as lx
from desktop.tasks.pipeline.candidates import Candidates, locate
from desktop.tasks.pipeline.segmenter import dictionary_entry
from desktop.tasks.pipeline.statements import Statement
from desktop.tasks.pipeline.suffixes import suffix_kind

_ROLES = ("男主角", "女主角", "男主", "女主", "主角", "主人公", "男二", "女二", "男配", "女配", "大反派", "反派", "配角")
_MORE_TITLES = ("淑妃", "德妃", "贤妃", "惠妃", "宸妃", "丽妃", "嫔", "王子", "大王子", "公主", "掌印", "少校", "中校", "上校",
                "少将", "中将", "上将", "准将", "上尉", "中尉", "少尉")
_CJK = "\u4e00-\u9fff"
_SURNAME = rf"(?:{'|'.join(lx.ZH_COMPOUND_SURNAMES)}|[{''.join(sorted(lx.ZH_SURNAMES))}])"
# (… or a post no list names, by how its word ends: 护士长方桂琴, 调查员何其正)
_INTRO = re.compile(rf"(?P<title>{'|'.join(sorted({*_ROLES, *lx.ZH_TITLES, *_MORE_TITLES}, key=len, reverse=True))}|"
                    rf"(?:(?![的了是在把被给和与跟])[{_CJK}]){{1,3}}[{lx.ZH_AGENT_ENDS}])"
                    rf"(?:叫|是|名叫|[：:])?({_SURNAME}[{_CJK}]{{1,2}}?)"
                    rf"(?=[，,。！!？?、；;：:\s的是和与也在就]|$)")
# "先补个人：温婉柔，秦姨娘生的庶女": a name a colon opens and a comma closes, its description after
_LISTED = re.compile(rf"[：:]\s*({_SURNAME}[{_CJK}]{{1,2}})(?=[，,（(])")
_COMMON_WORD = 100  # as in candidates: a word jieba's dictionary saw this often is no invented name


def _straddles(title: str, name: str) -> bool:
    """"首席跃迁工程师": a listed post runs on across where the name would start (跃迁工 + 程师 is no one)."""
    whole = title + name
    return any(0 <= (at := whole.find(t)) < len(title) < at + len(t) for t in lx.ZH_TITLES)


def add(statements: list[Statement], cands: Candidates) -> None:
    """Add each introduced name as a character, and drop the forms the segmenter cut it into (尚书许崇山, 贺兰)."""
    text = "\n".join(st.quote for st in statements)
    added = False
    for match in [*_INTRO.finditer(text), *_LISTED.finditer(text)]:
        name = match.group(2) if match.re is _INTRO else match.group(1)
        title = match.group("title") if match.re is _INTRO else ""
        if title and not any(title.endswith(t) for t in (*_ROLES, *lx.ZH_TITLES, *_MORE_TITLES)) and \
                not any(lx.zh_post(title[-n:]) for n in (4, 3, 2)) or _straddles(title, name):
            continue
        # (许崇山, 方振国: a given name may end like a mountain or a country, after a title it is a person's)
        # (皇帝朱批: a two-character word the dictionary knows is a word, not a name)
        known = dictionary_entry(name)
        if name in lx.ZH_NOT_NAMES or len(name) == 2 and (suffix_kind(name) or known[0] and known[1] != "nr") or \
                known[0] >= _COMMON_WORD or name.endswith(("家", "氏")):
            continue
        if name not in cands:
            if (cand := cands.add(name, "Character", 3.0)) is None:
                continue
            cand.strong, added = True, True
        for other in [n for n, c in cands.items() if n != name and not c.canon_kind]:
            glued = other.endswith(name) and match.group(0).startswith(other[:-len(name)])
            cut = name.startswith(other) and text.count(other) == text.count(name)
            if glued or cut:
                del cands[other]
    if added:
        locate(statements, cands)
