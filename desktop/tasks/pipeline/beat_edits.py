"""A later word on one beat of a drafted outline: its words swapped, the beat rewritten, added to or dropped,
by its kind, its chapter or its place ("高潮改成…", "发展里加一句：…", "Drop the Development beat", "最后一条也改：…")."""

from __future__ import annotations

import re

from desktop.importing.split import number_in
from desktop.tasks.pipeline import drafts
from desktop.tasks.pipeline.sections import _NUM, _zh
from desktop.tasks.pipeline.setting_drafts import ordinal
from desktop.tasks.pipeline.statements import Statement


# "“两人渐生情愫”改成“顾远山默默帮忙”", "change 'burns the letters' to 'reads them'": words of a step swapped
_SWAP = re.compile(r"[“「\"']([^”」\"'\n]{2,40})[”」\"']\s*(?:改成|改为|换成|变成|→|->|\bto\b|\bwith\b)\s*"
                   r"[“「\"']([^”」\"'\n]{2,40})[”」\"']", re.I)
_EN_BEATS = "opening|start|development|twist|turn|midpoint|climax|ending|end|resolution"
# "发展那段加一句：…", "26章改一下，不是烧东西，是…", "change the climax: …", "the climax should be …"
_BEAT_EDIT = re.compile(rf"^\s*(?:(?P<k>开端|开头|发展|转折|高潮|结局|结尾|收尾)|(?:第\s*)?(?P<c>{_NUM})\s*章|"
                        r"(?P<last>最后一条|最后一步|最后那条|最后那步|最后一段))"
                        r"(?:那条|那段|那步|那一步|这条|这段|部分|的|里面|里)?\s*(?:也跟着|也|跟着|就|再)?"
                        r"(?P<v>改一下|改成|改为|换成|换人|改|加一句|补一句|加上|再加|补上|补)|"
                        # "开端别报警，荒漠里报警没用——改成秦川养伤…": what is wrong with it, then what it becomes
                        r"^\s*(?P<k4>开端|开头|发展|转折|高潮|结局|结尾|收尾)[^。！？!?]{0,30}?(?:——|—|，|,|；)\s*"
                        r"(?P<v4>改成|改为|换成)|"
                        rf"^\s*(?P<v2>change|rewrite|fix|swap|add to)\s+(?:the\s+)?(?P<k2>{_EN_BEATS})\b|"
                        rf"^\s*(?:the\s+)?(?P<k3>{_EN_BEATS})\s+(?P<v3>should be|is now|becomes|will be|needs to be|is(?=\s*:))\b", re.I)


_ZH_BEATS = "开端|开头|发展|转折|高潮|结局|结尾|收尾"
# "高潮、结局照你的" / "The rest stays": a word on the other beats, not more of the one being rewritten
_OTHER_BEATS = re.compile(rf"(?i)^\s*(?:{_ZH_BEATS}|别的|其余|其他|剩下的)[、和，,]|^\s*(?:别的|其余|其他|剩下的)|"
                          rf"^\s*(?:the\s+)?(?:rest|others?)\b|^\s*(?:{_EN_BEATS})\s+(?:and|&)\s+(?:{_EN_BEATS})\b")
_BEAT_DROP = re.compile(rf"(?i)^\s*(?:drop|cut|lose|remove|delete|scrap|skip|ditch)\s+(?:the\s+)?({_EN_BEATS})"
                        rf"(?:\s+(?:beat|step|one))?\b|^\s*(?:去掉|删掉|删了|不要)({_ZH_BEATS})|"
                        rf"^\s*({_ZH_BEATS})(?:那条|那段|那步|那一步|这条|这段|部分)?(?:删掉|去掉|不要了|删了|砍掉)")


# "第3条不对，…，先写成“临江渔人主场险胜”", "第5条删掉", "drop step 4", "step 2: …": a drafted step by its number
_NUMBERED = re.compile(rf"(?i)第\s*({_NUM})\s*[条步]|\bstep\s+(\d+)\b|\bthe\s+(first|second|third|fourth|fifth|last)\s+step\b")
_STRIKE = re.compile(r"(?i)删掉|删了|去掉|不要了?(?![改动变换])|拿掉|砍掉|\b(?:drop|cut|scrap|lose|remove|delete)\b")
_REWRITE = re.compile(r"(?:改成|改为|换成|写成|变成)[：:]?\s*")


def by_number(st: Statement, steps: list[dict]) -> bool:
    """The author's word on drafted steps by their numbers, applied in place: a step struck or rewritten (the
    numbers are the draft's, whatever an earlier word in the same breath struck)."""
    if not st.by_author or len(steps) < 2:
        return False
    marks = list(_NUMBERED.finditer(st.quote))
    changed = False
    for at, mark in enumerate(marks):
        said = next(g for g in mark.groups() if g).lower()
        number = ordinal(said, len(steps))
        step = next((x for i, x in enumerate(steps) if x.get("_n", i + 1) == number), None)
        if step is None:
            continue
        upto = marks[at + 1].start() if at + 1 < len(marks) else len(st.quote)
        words = st.quote[mark.end():upto]
        before = st.quote[max(0, mark.start() - 8):mark.start()]
        rewrite = _REWRITE.search(words)
        if rewrite:
            new = re.split(r"[。！!；;]", words[rewrite.end():])[0].strip(" “”\"「」，,")
            between = words[:rewrite.start()].strip(" ，,")
            quoted = re.search(r"[“「\"]([^”」\"]{2,20})[”」\"]", between)
            part = quoted.group(1) if quoted else between
            if re.fullmatch(rf"第?\s*{_NUM}\s*章", new):
                continue  # "第2、3条都改成第24章": a chapter moved, not what happens
            if part and len(part) >= 2 and part in step["summary"]:
                # "第4条地铁改成高层住宅火灾": the words swapped in place — or, "第3条“当众顶撞”太过了，改成苏禾拒绝…",
                # the clause they are in, when the new words are a clause of the same one's doing
                clause = next((c for c in re.split(r"(?<=[，,])", step["summary"]) if part in c), part)
                whole = clause.rstrip("，,")[:2] == new[:2] and len(new) >= 6
                step["summary"] = step["summary"].replace(clause.rstrip("，,") if whole else part,
                                                          new if whole else re.split(r"[，,]", new)[0], 1)
                changed = True
            elif len(new) >= 4 and re.fullmatch(r"(?:不对|不行|不好|有问题|太[^，,]{0,4}了?|要改|也改)?(?:[，,].*)?", between):
                step["summary"], changed = new, True  # "第3条不对，第35章要赢，先写成“…”": the step rewritten
        elif _STRIKE.search(words[:12]) or _STRIKE.search(before):
            step["_gone"], changed = True, True
    if changed:
        steps[:] = [x for x in steps if not x.pop("_gone", False)]
    return changed


def revises(st: Statement, steps: list[dict], rest: list[Statement]) -> list[Statement]:
    """A later word on one step of the outline: its words swapped, a beat rewritten or added to by its kind
    or chapter (with the sentences that go on with it), or the assistant's revised line for a chapter or kind
    ("修改后：26 发展：…"). The statements it used; none when it revises nothing."""
    if swap := _SWAP.search(st.quote):
        for step in steps:
            if swap.group(1) in step["summary"]:
                step["summary"] = step["summary"].replace(swap.group(1), swap.group(2))
                return [st]
    if (drop := _BEAT_DROP.match(st.quote)) and st.by_author:
        # "Drop the Development beat — …" / "发展那条删掉": the beat goes, the others stand
        kind = drafts.KINDS.get(next(g for g in drop.groups() if g).lower())
        step = next((s for s in steps if kind and s.get("kind") == kind), None)
        if step is None or len(steps) < 2:
            return []
        steps.remove(step)
        return [st]
    if (edit := _BEAT_EDIT.match(st.quote)) and st.by_author:
        kind = drafts.KINDS.get((edit.group("k") or edit.group("k2") or edit.group("k3") or edit.group("k4") or "")
                                .lower())
        chapter = number_in(edit.group("c")) if edit.group("c") else None
        step = steps[-1] if edit.group("last") else \
            next((s for s in steps if kind and s.get("kind") == kind or chapter and s.get("chapter") == chapter), None)
        if step is None:
            return []
        used = [st]
        for x in rest:  # "结局改一下，不绝杀，输一分。江屿白最后一投没进，冠军留到下一卷。": a terse word, then how
            if _BEAT_EDIT.match(x.quote) or _SWAP.search(x.quote) or _ASIDE.match(x.quote) or drafts.label(x.quote) or \
                    _OTHER_BEATS.match(x.quote) or \
                    re.match(r"(?i)\s*(?:move|put|shift|drop|cut|swap)\b|\s*(?:把|挪|移)", x.quote) or \
                    len(re.findall(r"[\u4e00-\u9fff]|[A-Za-z]+", "".join(y.quote for y in used)[edit.end():])) > 12:
                break
            used.append(x)
        comma = "，" if _zh(st.quote) else ", "
        words = comma.join(x.quote.strip(" 。.") for x in [st, *used[1:]])[len(st.quote[:edit.end()]):]
        words = re.sub(r"^[\s:：,，一下]+", "", words).strip(" 。.")
        words = _instead(words)
        # "高潮别撞见马国栋，…，改成撞见江述": the phrase it is not, swapped in place for what it is
        wrong = re.match(r"\s*(?:别|不要|不是|不)([\u4e00-\u9fff]{2,12})", st.quote[edit.end("k4"):]) \
            if edit.group("k4") else None
        if words and wrong and wrong.group(1) in step["summary"] and words[:2] == wrong.group(1)[:2]:
            step["summary"] = step["summary"].replace(wrong.group(1), words, 1)
        elif words:
            adding = re.match(r"加|补|再加|add", edit.group("v") or edit.group("v2") or "", re.I)
            step["summary"] = step["summary"].rstrip("。.") + comma + words if adding else words
        return used
    found = drafts.label(st.quote)
    if found and "_said" in steps[0] and steps[0]["_said"] < st.message_index and not st.quote.rstrip().endswith(("?", "？")):
        mark, words = found
        same = [s for s in steps if mark.get("chapter") and s.get("chapter") == mark["chapter"]] or \
            [s for s in steps if mark.get("kind") and s.get("kind") == mark["kind"]]
        if len(same) == 1:
            used = [st]
            # "Ending: he doesn't tear himself in two; he bows, …": the line goes on past its semicolon
            for x in rest:
                # … or after a line that only takes the old one back ("Ending: she doesn't escape. She stays…")
                taken_back = len(used) == 1 and _ONLY_NOT.fullmatch(words.strip(" 。.；;"))
                if x.message_index != st.message_index or drafts.label(x.quote) or _ASIDE.match(x.quote) or \
                        not (used[-1].quote.rstrip().endswith((";", "；")) or taken_back):
                    break
                used.append(x)
            joint = "；" if _zh(st.quote) else "; "
            words = joint.join([words.strip(" 。.；;"), *(x.quote.strip(" 。.；;") for x in used[1:])])
            same[0]["summary"] = _instead(words)
            return used
    return []


_ONLY_NOT = re.compile(r"(?i)(?:\w+\s+){0,2}(?:doesn't|does not|isn't|is not|won't|didn't|never)\s+(?:\w+\s*){1,4}|"
                      r"[\u4e00-\u9fff]{0,4}(?:不|没|没有)[\u4e00-\u9fff]{1,6}了?")


def _instead(words: str) -> str:
    """"不是烧东西，是…" / "not the maid, it's Oswin's old dog…": what the beat is now."""
    words = re.sub(r"^(?:不是|\bnot\b).*?[，,;；]\s*(?:而是|是|but|it's|it is)\s*", "", words, flags=re.I) or words
    # "the 29th itself, not Matteo", "hung jury, not acquittal — Brandt announces a retrial": what it is not goes
    words = re.sub(r"[，,]\s*(?:\bnot\b|而不是|不是)[^，,;；—–]*?(\s*)(?=[—–]|[;；]?$)", r"\1", words, flags=re.I) or words
    words = re.sub(r"[;；]$", "", words).strip()
    # "he doesn't tear himself in two; he bows, …": the line taken back, then the new one
    return re.sub(r"^[^;；]*?\b(?:doesn't|does not|isn't|is not|won't|didn't|no longer)\b[^;；]*[;；]\s*", "", words,
                  flags=re.I) or words if not _ONLY_NOT.fullmatch(words) else words


_ASIDE = re.compile(r"\s*(?:还有|另外|对了|顺便|其他|其余|别的|\balso\b|\band one more|\boh,? and\b|\bby the way\b|"
                    r"\banother thing\b|\bthe rest\b|\beverything else\b)", re.I)
