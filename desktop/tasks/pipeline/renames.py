"""An author renaming someone: "贺屿这个名字改掉，…改成贺砚舟", "春桃这名字换掉，改叫青黛", "Rename the defector,
Marcus Bell is beige — Pavel Sorin", "so he's renamed: Captain Julian Ashby".

Everything the talk said under the old name is said of the new one, and the old name is an idea dropped.
The renaming sentence keeps its own words: it is where the old name is rejected.
"""

from __future__ import annotations

import re

from desktop.tasks.pipeline import lexicon as lx
from desktop.tasks.pipeline.candidates import Candidates, locate
from desktop.tasks.pipeline.names import has_cjk
from desktop.tasks.pipeline.statements import Statement

_CJK = "\u4e00-\u9fff"
_TO_ZH = r"(?:改成|换成|改为|改叫|改名为?|改名叫|就叫|叫)"
# (not "改成女的", "叫她阿婵": what someone becomes, or whom a nickname is for)
_NEW_ZH = rf"[「“\"]?(?![他她它我你]|[女男]的)([{_CJK}·]{{2,6}}?)(?:吧|了)?(?=[」”\"，,。；;！!（(\s]|$)"
_NEW_EN = (r"['‘\"“]?((?:(?:Captain|Lord|Lady|Sir|Dame|Dr\.?|Mr\.?|Mrs\.?|Miss|Master)\s+)?[A-Z][\w'\-]*(?:\s+[A-Z][\w'\-]*){0,3}"
           r"(?:\s+of\s+(?:the\s+)?[A-Z][\w'\-]*(?:\s+[A-Z][\w'\-]*){0,2})?)")  # (the Concordat of Nine Suns)


def _patterns(old: str, zh: bool) -> list[re.Pattern]:
    said = re.escape(old)
    if zh:
        return [
            # 贺屿这个名字改掉，跟许知微念着太像，改成贺砚舟 / 春桃这名字换掉，改叫青黛
            re.compile(rf"{said}(?:的|这个|这)?名字[^。！？!?\n]{{0,16}}?{_TO_ZH}{_NEW_ZH}"),
            # 向导的名字我前面说的马守成，改成马守义 / 邮递员名字改一下，王建国太普通了，叫卢文斌
            re.compile(rf"名字[^。！？!?\n]{{0,12}}?{said}[^。！？!?\n]{{0,12}}?{_TO_ZH}{_NEW_ZH}"),
            # 马守成改名马守义 / 不叫马守成了，改叫马守义
            re.compile(rf"不(?:再)?叫{said}了?[，,]\s*(?:改叫|就叫|叫){_NEW_ZH}"),
            # 马贼头子别叫一阵风，俗了，叫黑鹞子
            re.compile(rf"(?:别|不要|不用|甭)(?:再)?叫{said}了?[，,]\s*(?:[^，,。！？!?\n]{{1,8}}[，,]\s*)?(?:改叫|就叫|叫|用){_NEW_ZH}"),
            re.compile(rf"{said}改名(?:为|叫|成)?{_NEW_ZH}"),
            # 改叫白露吧，林婉秋这个名字彻底不用了
            re.compile(rf"(?:改叫|改名叫|改成|换成){_NEW_ZH}[，,]\s*{said}(?:这个|这)?名字"),
        ]
    return [
        # "Rename the defector, Marcus Bell is beige — Pavel Sorin" / "rename him, Oda's too famous — Mizuno Genba"
        re.compile(rf"(?i:\brenam\w*)\b[^.;!?]*?\b{said}\b[^.;!?]*?(?:—|–|\s-\s|:|\bto\b)\s*{_NEW_EN}"),
        # "I've been calling him Lord Sebastian Crane …, so he's renamed: Captain Julian Ashby"
        re.compile(rf"\b{said}\b[^.;!?]{{0,80}}?\b(?:he|she|it|they)(?:'s| is| are|'re) renamed\b\W*{_NEW_EN}"),
        # "call her Ada instead of Marian" / "instead of Marian, call her Ada"
        re.compile(rf"(?i:\b(?:call|name)\s+(?:him|her|it|them)\s+){_NEW_EN}(?i:\s+instead\s+of\s+){said}\b"),
        re.compile(rf"(?i:\binstead\s+of\s+){said}\W+(?i:(?:call|name)\s+(?:him|her|it|them)\s+){_NEW_EN}"),
        # "The steersman is Baptiste Lafleur — I've never called him Gros-Louis"
        re.compile(rf"{_NEW_EN}\s*(?:—|–|-|,)\s*(?i:I(?:'ve| have)? never called (?:him|her|them|it))\s+{said}\b"),
        # "Marian's name is now Ada"
        re.compile(rf"\b{said}['’]s (?:new )?name (?:is now|becomes|changes to|will be)\s+{_NEW_EN}"),
        # "The Party man is not Kessler, he's Dietrich Vogt", "the corredor isn't Peio Zabala. He's Patxi Goikoetxea."
        re.compile(rf"(?i:\b(?:is\s+not|isn['’]t|not))\s+{said}\s*[,.;—–]\s*(?i:(?:he|she|it|they)(?:['’]s|\s+is|\s+are)|"
                   rf"(?:call|make|name)\s+(?:him|her|it|them))\s+{_NEW_EN}"),
    ]


# "可以，但名字改一下，叫余长海", "渔霸要，但叫陈金龙", "Yes, but call him Tobias Reed": the author takes the one the
# assistant just proposed under another name
_TAKEN_RENAMED_ZH = re.compile(rf"^(?:[^，,。！？]{{0,6}}[，,])?\s*(?:但是?|不过|只是)(?:名字|名)?(?:改一下|改改|得改|要改|换一个|换个)?"
                               rf"[，,]?\s*(?:改叫|就叫|叫|改成|换成){_NEW_ZH}")
# "金鼎矿业留着，人名换成常胜利": the name, not the one, is changed
_NAME_SWAPPED_ZH = re.compile(rf"^(?:[^，,。！？]{{0,10}}[，,])?\s*(?:人名|名字)(?:就|得|要)?(?:换成|改成|改为|改叫){_NEW_ZH}")
_ROLE_RENAMED = re.compile(rf"(?:^|[，,。；;])\s*([{_CJK}]{{2,4}}?)(?:的名字|名字)?(?:改叫|改名叫|改名为){_NEW_ZH}")
_TAKEN_RENAMED_EN = re.compile(rf"^(?:[^,.!?]{{0,20}},)?\s*(?i:but)\s+(?i:call|name)\s+(?i:him|her|them|it)\s+{_NEW_EN}")


def _proposed(st: Statement, statements: list[Statement], cands: Candidates) -> str | None:
    """The one person the assistant's message just before introduced (not the book's, not said before it)."""
    before = [x for x in statements if x.message_index == st.message_index - 1 and x.role == "assistant"]
    if not before or st.line or st.index != min(x.index for x in statements if x.message_index == st.message_index):
        return None
    opened = before[0].index
    new = [n for x in before for n in x.names if cands.get(n) is not None and not cands[n].canon_kind
           and cands[n].best_hint[0] == "Character" and min(cands[n].mentions, default=opened) >= opened]
    return new[0] if len(set(new)) == 1 else None


# a name judged and dropped ("严鹤年太像老干部了", "Working name was Zoltar. God, no.") and the one said in its place
# ("叫邵天佑", "Call him Mordane Vael") in the same sentence or one of the next two of the same message
_JUDGED_ZH = re.compile(r"(?:名字|这名|人名)[^。！？!?\n]{0,8}?(?:换掉|改掉|不行|太土|太俗|太软|太普通|烂大街|不好)|"
                        r"(?:换掉|改掉|不行|太土|太俗|太软|太像|像个|烂大街|听着像|撞名|重名|撞了|重了|越看越像|太大路|换一个)|"
                        r"太[\u4e00-\u9fff]{1,3}了(?=[，,。])")  # (蒋有财太脸谱了，…)
_JUDGED_EN = re.compile(r"(?i)\b(?:renam\w*|working name|scrap that|scratch that|sounds like|god,? no|hate (?:that|the) "
                        r"name|too (?:cute|silly|obvious|close to|like|similar to|cartoon\w*))\b|^(?:[\w ]{1,20}:\s*)?not\b|"
                        r"^(?-i:[A-Z][\w'\-]*(?:\s+[A-Z][\w'\-]*)*),?\s+no\b")  # ("Wexler, no.")
_CALLED_ZH = re.compile(rf"(?:[，,；;]\s*)?(?:那就|就)?(?:改叫|改名叫|改成|换成|就叫|叫|真名)(?:做)?{_NEW_ZH}")
_CALLED_EN = re.compile(rf"(?:[.;—–:]\s*)?(?:(?i:call|name|make) (?i:him|her|them|it)\s+(?:the\s+)?|"
                        rf"(?:She|He|It|They)(?:'s| is| are) (?:now )?(?:the\s+)?|"
                        # "Make the dealer French: Gaspard Moreau"
                        rf"(?i:make|call|name) (?:the\s+[a-z]+)\b[^:.;!?]{{0,30}}:\s*){_NEW_EN}(?:\s+now)?(?::\s*{_NEW_EN})?")
_EXCLAIMED = re.compile(r"^[^.!?。！？,，]{0,6}(?:[,，]\s*no)?[.!。！]\s*")
_REAL_NAME = re.compile(rf"真名(?:叫|是)?{_NEW_ZH}")
# "新总师的名字改一个字，叫顾怀瑜": one character of the name changes
_ONE_CHARACTER = re.compile(rf"(?:名字|名)[^。！？\n]{{0,6}}?(?:改|换)(?:一个|个|一)字[^。！？\n]{{0,6}}?{_TO_ZH}{_NEW_ZH}")
_SURNAME_NOW = re.compile(rf"姓(?:改成|改为|换成|改)([{_CJK}]{{1,2}})[，,]\s*{_NEW_ZH}")
_SURNAME_CHANGED = re.compile(rf"姓([{_CJK}])[^。！？\n]{{0,20}}?改姓([{_CJK}]{{1,2}})[，,]\s*{_NEW_ZH}")
# "I'm renaming the councilman: Ray Quinlan, not Quill"
_MADE_NAMED = re.compile(r"\b(?:[Mm]ake|[Cc]all|[Nn]ame)\s+(?:her|him|them)\s+([A-Z][\w'\-]+(?:\s+(?:de|van|von|du|da|le|la)?\s*[A-Z][\w'\-]+)+)")
_RENAMED_NOT = re.compile(rf"(?i:\brenam\w*)\b[^.;!?]*?[:—–]\s*{_NEW_EN},?\s+(?i:not)\s+([A-Z][\w'\-]+)\b")


def _judged(st: Statement, statements: list[Statement], cands: Candidates, zh: bool) -> tuple[str, str] | None:
    """(old, new) where the author judges a name of theirs and gives another in its place: in the clause right
    after the judgement, or opening one of the next two sentences of the message."""
    judged = [*(_JUDGED_ZH if zh else _JUDGED_EN).finditer(st.quote)]
    if not judged:
        return None
    end = judged[-1].end()
    clause = re.match(r"[^，,。；;.!?！？—–:]*", st.quote[end:]).end()
    def said_at(name: str) -> int:  # (by any of its forms: "Not Hugh" for Prior Hugh)
        return min((at for f in (name, *(a for a, n in cands.alias_of.items() if n == name))
                    if (at := st.quote.find(f)) >= 0), default=-1)

    olds = {n for n in st.names if cands.get(n) is not None and not cands[n].canon_kind
            and cands[n].best_hint[0] == "Character" and has_cjk(n) == zh and -1 < said_at(n) < end + clause}
    # "运河帮太像武侠了": a group or a place the author named first, judged the same way
    named_first = {n for n in st.names if cands.get(n) is not None and not cands[n].canon_kind and has_cjk(n) == zh
                   and -1 < said_at(n) < judged[-1].start()}
    if len(named_first) == 1:
        olds = named_first
    word = None if olds or zh else re.match(r"\s*[Nn]ot\s+(?:the\s+)?([A-Z][\w'\-]+)\b(?!\s+[A-Z])", st.quote)
    if word:  # "Not League, that sounds like a baseball club.": the one name of the talk's with that word
        olds = {n for n in cands if not cands[n].canon_kind and n != word.group(1) and word.group(1) in n.split()
                and min(cands[n].mentions, default=st.index) < st.index}
    # ("Aqa Reza is far too close to the real Riza-i Abbasi": the one judged is named before the judgement)
    judged_first = olds if word else {n for n in olds if said_at(n) < judged[-1].start()}
    if len(olds) != 1 and len(judged_first) != 1:
        return None
    old = (olds if len(olds) == 1 else judged_first).pop()
    forms = {old, *(a for a, n in cands.alias_of.items() if n == old), *cands[old].aliases}
    after = [x.quote for x in statements if x.message_index == st.message_index and st.index < x.index <= st.index + 2]
    for later, text in enumerate((st.quote[end + clause:], *after)):
        text = _EXCLAIMED.sub("", text.lstrip())  # "God, no. Call him Mordane Vael."
        # ("Not Hugh, I've already got a Hugh. Prior Eadric.": a sentence that is only the new name)
        called = (_CALLED_ZH if zh else _CALLED_EN).match(text) or (_REAL_NAME.search(text) if zh else None) or \
            (re.fullmatch(rf"{_NEW_EN}\s*[.!]?\s*", text) if later and not zh else None)
        if called:
            new = (called.group(called.lastindex) or called.group(1)).strip()
            # (a name, not "林风像个木头，叫人着急": a surname, or one the talk already reads as a name)
            named = not zh or lx.surnamed(new) or (new in cands or new in cands.alias_of) and \
                (not re.match(r"[，,；;]?\s*叫", called.group(0)) or judged[-1].group(0) == "换一个") or \
                cands[old].best_hint[0] != "Character" and not re.match(r"[，,；;]?\s*叫", called.group(0))
            # (a group's new name need be no one's: "就叫德旺运输队")
            return (old, new) if named and not any(f in new or new in f for f in forms) else None
    return None


# "I've been calling her the Calliope, but … Rename her the SS Marazion Star." / "I said Chan Keung; … I've been
# writing Tsang Keung since chapter 9." / "One fix: not Drygalski Fjord. … It's Royal Bay."
_RENAME_HER = re.compile(rf"(?i:^\s*(?:so\s+|and\s+|just\s+)?rename\s+(?:him|her|it|them)\s+(?:to\s+|as\s+)?(?:the\s+)?){_NEW_EN}")
_CALLING = re.compile(r"(?i:\bcalling\s+(?:him|her|it|them)\s+(?:the\s+)?)([A-Z][\w'\-]*(?:\s+[A-Z][\w'\-]*){0,3})")
_SAID_WRITING = re.compile(rf"(?i:\bI said\s+)([A-Z][\w'\-]*(?:\s+[A-Z][\w'\-]*){{0,3}})[;,.—–][^.!?]{{0,80}}?"
                           rf"(?i:\bI(?:'ve| have) been (?:writing|calling (?:him|her|it|them))\s+){_NEW_EN}")
_NOT_THERE = re.compile(r"(?i:\bnot\s+(?:the\s+)?)([A-Z][\w'\-]*(?:\s+[A-Z][\w'\-]*){0,3})\s*[.!]\s*$")
_ITS = re.compile(rf"^\s*(?i:it['’]s|it is|make it|use)\s+(?:the\s+)?{_NEW_EN}\s*[.!]?\s*$")


def _swapped_en(st: Statement, statements: list[Statement], cands: Candidates) -> tuple[str, str] | None:
    """(old, new) for a name the author swaps for another without the word "rename" beside both."""
    same = [x for x in statements if x.message_index == st.message_index]
    before = [x for x in same if x.index < st.index][-2:]
    after = [x for x in same if x.index > st.index][:2]
    said = _SAID_WRITING.search(" ".join(x.quote for x in [st, *after])) if re.search(r"(?i)\bI said\b", st.quote) else None
    if said:
        old, new = said.group(1), said.group(2)
    elif (renamed := _RENAME_HER.match(st.quote)) and (called := next(
            (m for x in reversed(before) if (m := _CALLING.search(x.quote))), None)):
        old, new = called.group(1), renamed.group(1)
    elif (gone := _NOT_THERE.search(st.quote)) and (its := next((m for x in after if (m := _ITS.match(x.quote))), None)):
        old, new = gone.group(1), its.group(1)
    else:
        return None
    old, new = old.strip(), new.strip()
    # ("the Calliope" for the SS Calliope: a name said by its last words)
    ends = [n for n in cands if n not in (new, old) and re.search(rf"(?<!\w){re.escape(old)}$", n)
            and min(cands[n].mentions, default=st.index) < same[0].index]  # (not "there's a real one, HMS Calliope")
    if len(ends) == 1 and old in cands and old != ends[0] and not cands[old].canon_kind:
        cands[ends[0]].mentions |= cands.pop(old).mentions  # ("the Calliope" was the SS Calliope all along)
        cands.alias_of[old] = ends[0]
    old = ends[0] if len(ends) == 1 else cands.resolve(old) if cands.resolve(old) in cands else None
    return (old, new) if old and old != new and not cands[old].canon_kind else None


def _one_character_changed(st: Statement, cands: Candidates) -> tuple[str, str] | None:
    changed = _ONE_CHARACTER.search(st.quote)
    surname = None if changed else _SURNAME_CHANGED.search(st.quote)
    now = None if changed or surname else _SURNAME_NOW.search(st.quote)
    if now and now.group(2).startswith(now.group(1)):  # "小川可以，姓改成蒋，蒋小川": the one of that given name
        new, given = now.group(2), now.group(2)[len(now.group(1)):]
        olds = [n for n in cands if not cands[n].canon_kind and n != new and len(n) == len(new) and n.endswith(given)
                and cands[n].best_hint[0] == "Character" and min(cands[n].mentions, default=st.index) < st.index]
        return (olds[0], new) if len(olds) == 1 and len(given) >= 1 else None
    if surname:  # "姓贾太容易让人想起红楼梦，改姓骆，骆廷佐": the one of that surname, under the new name
        olds = [n for n in cands if not cands[n].canon_kind and n.startswith(surname.group(1))
                and cands[n].best_hint[0] == "Character" and n != surname.group(3) and min(cands[n].mentions) < st.index]
        return (olds[0], surname.group(3)) if len(olds) == 1 and surname.group(3).startswith(surname.group(2)) else None
    if not changed:
        return None
    new = changed.group(1)
    olds = [n for n in cands if not cands[n].canon_kind and len(n) == len(new) and n != new
            and sum(a != b for a, b in zip(n, new)) == 1]
    return (olds[0], new) if len(olds) == 1 else None


def _renamed_not(st: Statement, cands: Candidates) -> tuple[str, str] | None:
    said = _RENAMED_NOT.search(st.quote)
    made = None if said else _MADE_NAMED.search(st.quote)
    if made:  # "Make her Anneke Visser": the one of that first name the talk named before, under a new surname
        new = made.group(1).strip()
        olds = [n for n in cands if not cands[n].canon_kind and n != new and n.split()[0] == new.split()[0]
                and len(n.split()) >= 2 and min(cands[n].mentions, default=st.index) < st.index]
        return (olds[0], new) if len(olds) == 1 else None
    if not said:
        return None
    new, word = said.group(1).strip(), said.group(2)
    olds = [n for n in cands if not cands[n].canon_kind and word in n.split()
            and (set(n.split()) - {word}) & set(new.split())]
    return (olds[0], new) if len(olds) == 1 else None


def _part_renamed(word: str) -> re.Pattern:
    return re.compile(rf"(?i:\b(?:surname|last name|first name|name)\b)[^.;!?]{{0,12}}?\bnot\s+({re.escape(word)})\s*"
                      rf"[,;—–]\s*(?:(?:it's|make it|but)\s+)?([A-Z][\w'\-]+)\b")


def find(statements: list[Statement], cands: Candidates) -> list[tuple[str, str, Statement]]:
    """(old name, new name, the renaming sentence) for each rename the author says."""
    out: list[tuple[str, str, Statement]] = []
    for st in statements:
        if not st.by_author:
            continue
        zh = has_cjk(st.quote)
        running_on = " ".join([st.quote, *(x.quote for x in statements
                                           if x.index == st.index + 1 and x.message_index == st.message_index)])
        # (… or by the given name alone: "钧伯女儿的名字我想改一下，秀云跟我另一本书撞了，改叫陈秀英")
        given = [n for n in cands if zh and len(n) == 3 and lx.surnamed(n) and n[1:] in st.quote and n not in st.names]
        for old in sorted([*st.names, *given], key=len, reverse=True):
            if cands.get(old) is None or cands[old].canon_kind:
                continue  # (the book's own names are renamed in the book, not by a settlement)
            forms = [old, *(a for a, n in cands.alias_of.items() if n == old), *([old[1:]] if old in given else [])]
            # (… in this sentence, or running on into the next: "…isn't Peio Zabala. He's Patxi Goikoetxea.")
            match = next((m for form in forms for p in _patterns(form, zh)
                          if (m := p.search(running_on)) and m.start() < len(st.quote)), None)
            part = None if match or zh else next(
                (m for word in old.split() if (m := _part_renamed(word).search(st.quote))), None)
            if match is None and part is None:
                continue
            # "Oh, and Jem's surname — not Hollis, Hallam": one part of the name changes
            new = match.group(1).strip() if match else old.replace(part.group(1), part.group(2))
            if new != old and new not in forms and not any(o == old for o, _, _ in out):
                out.append((old, new, st))
        for pair in (_judged(st, statements, cands, zh),
                     _one_character_changed(st, cands) if zh else _renamed_not(st, cands),
                     None if zh else _swapped_en(st, statements, cands)):
            if pair and not any(o == pair[0] for o, _, _ in out):
                out.append((*pair, st))
        for role, new in (_ROLE_RENAMED.findall(st.quote) if zh else ()):
            # "宪兵队长叫松井" … "队长改叫小野吧": the one the post was given to before
            old = next((n for n in cands if n != new and cands[n].canon_kind is None and any(
                re.search(rf"{re.escape(role)}(?:叫|是|名叫|就叫)?{re.escape(n)}", x.quote) for x in statements[:st.index])),
                None)
            if old and not any(o == old for o, _, _ in out):
                out.append((old, new, st))
        taken = (_TAKEN_RENAMED_ZH if zh else _TAKEN_RENAMED_EN).search(st.quote) or \
            (_NAME_SWAPPED_ZH.search(st.quote) if zh else None)
        old = _proposed(st, statements, cands) if taken else None
        if old and taken.group(1).strip() != old and not any(o == old for o, _, _ in out):
            out.append((old, taken.group(1).strip(), st))
    return out


def apply(statements: list[Statement], cands: Candidates) -> dict[str, int]:
    """Say each renamed candidate under its new name everywhere but the renaming sentence; old name → the
    statement that renamed it."""
    renames = find(statements, cands)
    for old, new, renaming in renames:
        target = cands.resolve(new) if cands.resolve(new) in cands else \
            next((n for n in cands if n != old and n in new and " " in n), None)  # "Captain Julian Ashby"
        cand = cands.pop(old)
        zh = has_cjk(old)
        # an English name's own parts (Lord Crane, Sebastian) go with it; a nickname (马爷) is the person's still
        parts = set(old.split()) - {"Lord", "Lady", "Sir", "Captain", "Dr.", "Mr.", "Mrs."}
        gone = {old, *(a for a in [*cand.aliases, *(a for a, n in cands.alias_of.items() if n == old)]
                       if not zh and set(a.split()) & parts)}
        if target is None:
            target = new
            cand.name = new
            cands[new] = cand
        else:
            cands[target].hints.update(cand.hints)
        for alias, name in list(cands.alias_of.items()):
            if name == old:
                if alias in gone:
                    del cands.alias_of[alias]
                else:
                    cands.alias_of[alias] = target
        cands[target].aliases = [a for a in cands[target].aliases if a not in gone]
        # (another name that contains the old one, 林风华 beside 林风, is matched first and kept as it is)
        longer = sorted({f for f, _ in cands.surface_forms() if any(g in f and g != f for g in gone)}, key=len,
                        reverse=True)
        pattern = re.compile("|".join([*(re.escape(f) for f in longer),
                                       *(re.escape(g) if zh else rf"(?<!\w){re.escape(g)}(?!\w)"
                                         for g in sorted(gone, key=len, reverse=True))]))
        for st in statements:
            if st is not renaming:
                st.text = pattern.sub(lambda m: m.group(0) if m.group(0) in longer else target, st.text)
    if renames:
        locate(statements, cands)
    return {old: renaming.index for old, _, renaming in renames}
