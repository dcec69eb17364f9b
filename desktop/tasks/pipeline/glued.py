"""Words the segmenter glued onto a name: 归王虎, 林风那边, 陆鸣刚, and the 章 of 第3章觉醒."""

from __future__ import annotations

import re
from typing import Callable

from desktop.tasks.pipeline import lexicon as lx
from desktop.tasks.pipeline.names import Candidates, has_cjk

_TAILS_AFTER_NAME = ("同门", "那边", "这边", "那里", "这里", "身上", "手里", "们")
# a verb, preposition or adverb right after a name (秦岳持, 陆鸣刚觉醒, 就叫雪姐够了)
_VERB_AFTER_NAME = set("持握拿用使带背佩骑穿戴守杀打救送给把被将在是说道笑问看走刚才就都还够来去已曾正却便")
_ADVERB_AFTER = set("先太也就都还又再才刚便却已曾正很最更")
_NUMBER = "0-9〇零一二两三四五六七八九十百千"


def drop_glued_verbs(cands: Candidates, text: str, segment: Callable[[str], list[tuple[str, str]]]) -> None:
    """归王虎, 入青云宗: a one-character verb or preposition the segmenter glued onto a name it also found alone."""
    # … or a known alias: 比砚秋 (入门比砚秋早), and 章孤辰 (八十二章孤辰…: the chapter's 章)
    for name in [n for n, c in cands.items() if len(n) >= 3 and not c.canon_kind
                 and (n[1:] in cands or n[1:] in cands.alias_of)]:
        if has_cjk(name[0]) and (name[0] in "章回" or any(flag[:1] in ("v", "p", "c", "d")
                                                      for _, flag in segment(name[0]))):
            del cands[name]
        # 揭秦嬷嬷 (第40章揭秦嬷嬷): a character that is no surname nor 小/老/阿, before a person's name
        elif has_cjk(name[0]) and name[0] not in "小老阿大" and not lx.surnamed(name) and \
                (cands.get(name[1:]) or cands.get(cands.alias_of.get(name[1:], ""))) and \
                (cands.get(name[1:]) or cands[cands.alias_of[name[1:]]]).best_hint[0] == "Character":
            del cands[name]
    # 第3章觉醒, 第9章韦猛: a 章 after a chapter's number is the chapter's, wherever the name is written
    for name in [n for n, c in cands.items() if n[:1] in "章回卷集" and not c.canon_kind]:
        if all(re.match(rf"[{_NUMBER}哪几]", text[m.start() - 1:m.start()])
               for m in re.finditer(re.escape(name), text)):
            cand = cands.pop(name)
            if len(name) >= 3 and lx.surnamed(name[1:]) and (kept := cands.add(name[1:])) is not None:
                kept.hints.update(cand.hints)
    # 女儿乔若溪 (乔振东的女儿乔若溪): a kin or teacher word the segmenter glued in front of a full name
    for name in [n for n, c in cands.items() if not c.canon_kind and has_cjk(n)]:
        role = max((r for r in lx.ZH_ROLES if name.startswith(r) and len(name) - len(r) in (2, 3)), key=len, default="")
        if role and lx.surnamed(name[len(role):]):
            cand = cands.pop(name)
            if (kept := cands.add(name[len(role):], "Character", 1.5)) is not None:
                kept.mentions |= cand.mentions
    # 屠骁太 (屠骁太狠了), 霍灵先 (霍灵先走): an adverb glued after a surnamed two-character name, said once
    for name in [n for n, c in cands.items() if len(n) == 3 and not c.canon_kind and n[-1] in _ADVERB_AFTER
                 and lx.surnamed(n[:2]) and text.count(n) == 1 and n[:2] not in lx.ZH_NOT_NAMES]:
        cand = cands.pop(name)
        if (kept := cands.add(name[:2])) is not None:
            kept.hints.update(cand.hints)
    # 砚秋同门, 林风那边: a known name and the words that follow it
    for name in [n for n, c in cands.items() if not c.canon_kind]:
        tail = next((t for t in _TAILS_AFTER_NAME if name.endswith(t) and len(name) > len(t)), None)
        if tail and (name[:-len(tail)] in cands or name[:-len(tail)] in cands.alias_of):
            del cands[name]
    # 秦岳持 (破阵槊), 陆鸣刚觉醒: the verb or adverb after the name, glued on the same way
    for name in [n for n, c in cands.items() if len(n) >= 3 and not c.canon_kind
                 and (n[:-1] in cands or n[:-1] in cands.alias_of)]:
        if has_cjk(name[-1]) and name[-1] in _VERB_AFTER_NAME:
            del cands[name]
    # 广播室会 (广播室会放), 樱机关派 (樱机关派进来的): a particle or verb glued after a name the talk also says bare
    for name in [n for n, c in cands.items() if len(n) >= 4 and not c.canon_kind and n[-1] in _GLUED_AFTER
                 and text.count(n[:-1]) > text.count(n) and _bare_name(n[:-1], segment)]:
        cand = cands.pop(name)
        if (kept := cands.add(name[:-1])) is not None:
            kept.hints.update(cand.hints)
            kept.mentions |= cand.mentions
    # 当江城 (当江城的警察), 贼江湖: a one-character verb or adverb glued before a name the talk also says bare
    for name in [n for n, c in cands.items() if len(n) >= 3 and not c.canon_kind and has_cjk(n[0])
                 and _said_bare(n[1:], cands, text) and n[1:] not in lx.ZH_NOT_NAMES and _bare_name(n[1:], segment)
                 and any(flag[:1] in ("v", "p", "c", "d", "r", "m", "q", "f") for _, flag in segment(n[0]))]:
        cand = cands.pop(name)
        if (kept := cands.add(name[1:])) is not None:
            kept.hints.update(cand.hints)
            kept.mentions |= cand.mentions


def _said_bare(word: str, cands: Candidates, text: str) -> bool:
    """Said on its own somewhere, not only inside longer names (和洋行 is in 怡和洋行 and 礼和洋行, two firms)."""
    return text.count(word) > sum(text.count(other) for other in cands if other != word and other.endswith(word))


def _bare_name(word: str, segment: Callable[[str], list[tuple[str, str]]]) -> bool:
    """Could what is left be a name: not a common word (角门, 贵妃) nor one ending on a particle (见过, 椅上)."""
    words = segment(word)
    if words[-1][1] in ("ug", "uj", "ul", "uz", "uv", "f", "y"):
        return False
    return len(words) > 1 or words[0][1] in ("nr", "ns", "nt", "nz", "x") or words[0][1].startswith("nr")


_GLUED_AFTER = set("会能里派托要说就也都还在给把被让")


# no given name ends a surname with these: 老贺死了 is 贺 dying, 翻过两道梁去 is a ridge
_NOT_GIVEN = frozenset("死去了的着过吗呢吧啊被把让给是在")


def _sent_not_a_sect(cands: Candidates, text: str) -> None:
    """寿康派来的流氓, 森工局派来新场长, 免费派凉茶: 派 the verb after a name, no sect called 寿康派."""
    for name, cand in list(cands.items()):
        if cand.canon_kind or not name.endswith("派") or len(name) < 3:
            continue
        afters = [text[m.end():m.end() + 1] for m in re.finditer(re.escape(name), text)]
        if afters and all(a and a in "来去人了出到兵遣发给送凉茶饭粮钱" for a in afters):
            del cands[name]


def drop_word_fragments(cands: Candidates, text: str, count: Callable[[str], int]) -> None:
    """Pieces the segmenter cut across words: a name cut out of a word, and 派 the verb (`count`: how often jieba's
    dictionary saw a word)."""
    if has_cjk(text):
        _cut_out_of_words(cands, text, count)
        _sent_not_a_sect(cands, text)


def _cut_out_of_words(cands: Candidates, text: str, count: Callable[[str], int]) -> None:
    """傅撞见 of 师傅撞见, 贺死 of 老贺死了: a "name" whose first character, wherever the talk says it, closes a common
    word with the one before it, or whose given name is only a verb or a particle, is no one."""
    for name, cand in list(cands.items()):
        if cand.canon_kind or cand.strong or not has_cjk(name) or len(name) > 4:
            continue
        befores = [text[at - 1:at + 1] for at in (m.start() for m in re.finditer(re.escape(name), text)) if at > 0]
        inside = befores and all(w[0] not in "老小阿" and count(w) >= 500 for w in befores)
        if inside or len(name) == 2 and lx.surnamed(name) and name[1] in _NOT_GIVEN:
            del cands[name]
