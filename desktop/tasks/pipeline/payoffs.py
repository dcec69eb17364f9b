"""How a talk points at a hook it pays off: a recap of a mystery the chapters written have raised and answered,
a payoff that only points ("close that thread", "老贺那条第16章就收"), a hook quoted by name or by its words."""

from __future__ import annotations

import re

from desktop.importing.split import number_in
from desktop.tasks.pipeline.findings import Finding
from desktop.tasks.pipeline.names import has_cjk
from desktop.tasks.pipeline.rules import EN_NUMBER
from desktop.tasks.pipeline.statements import Statement

CJK = "\u4e00-\u9fff"


# a chapter a mystery came up in, and a later one that has paid it off already (not "第40章揭", a promise)
ZH_CHAPTER = r"第?\s*([0-9〇零一二两三四五六七八九十百]+)\s*[章回]"
PAID_ZH = re.compile(ZH_CHAPTER + r"[^。！？]{2,40}?[，,；;]\s*" + ZH_CHAPTER +
                      r"(?:里|中)?(?:(?:已经?|就已经?|早就?)(?:交代|揭晓|揭开|揭了|说明|点破|说破|写明)|"
                      r"(?:就|一并|一起|才)?(?:交代|揭晓|揭开|揭出来|点破|说破|解释|收掉)(?:了|[：:]|——|—))")
ZH_CHAPTER_MARK = re.compile(ZH_CHAPTER + r"(?:埋下的?|埋了|埋的|写了|写到)?")
EN_CHAPTER = rf"(?:chapter|ch\.?)\s*({EN_NUMBER})\b"
# … or said of the chapter the talk is at: "第5章埋的师父死因，算收了"
PAID_NOW_ZH = re.compile(ZH_CHAPTER + r"(?:埋的|埋下的|留的|挖的)[^。！？]{1,20}?[，,]\s*(?:算|就算|已经|也|这就)?"
                          r"(?:收了|填了|回收了|交代了|揭了)|"
                          # "第5章我写过他瘸腿，一直没交代，这里揭开：", "老谢早在第3章就说过“…”，当时没解释，透水这章揭开"
                          + ZH_CHAPTER + r"(?:我|就|也)*(?:写过|说过|提过|埋过|埋了|埋的)[^。！？]{1,40}?[，,；;—]\s*"
                          r"[^。！？]{0,16}?(?:这里|这章|本章|这一章|这回)(?:就|再)?(?:揭开|揭晓|交代|解释|说破|点破)")
# "可欣为什么一听见水声就发抖（第3章埋的）": where a mystery paid off in the sentence was planted
PLANTED_ASIDE_ZH = re.compile(r"[（(]" + ZH_CHAPTER + r"(?:埋的|埋下的|写过|写的)[）)]")
PAID_EN = re.compile(rf"(?i)(?:\b(?:in|from|since|planted in)\s+|\(){EN_CHAPTER}[^.!]{{0,100}}?"
                      rf"(?:{EN_CHAPTER}\s+(?:already\s+)?(?:explained|showed|revealed|answered|resolved|solved)|"
                      rf"(?:paid off|explained|revealed|answered|resolved|solved|out in the open)\s+(?:in|since)\s+"
                      rf"{EN_CHAPTER})")


CLOSED = re.compile(r"(?i)(?:so\s+|and\s+)?(?:consider\s+)?(?:that|this|it|the)\s*(?:hook|thread|mystery|one)?\s*"
                     r"(?:is\s+|'s\s+)?(?:closed|done|finished|settled)\s*[.!]?|(?:这个|这条)?(?:钩子|伏笔)?(?:算)?(?:收了|填了|结了)[。！]?")
# … told the other way round: "that's been out in the open since chapter eighteen — Rex's secret… I planted it back
# in chapter three"
PAID_BACK_EN = re.compile(rf"(?i)\b(?:out in the open|revealed|explained|resolved|paid off|answered)\s+(?:since|in)\s+"
                           rf"{EN_CHAPTER}[^!]{{0,200}}?\bplanted\s+(?:it|that|this)?\s*(?:back\s+)?in\s+{EN_CHAPTER}")


def paid_off_already(text: str, zh: bool, now: int | None = None) -> tuple[int, int, str] | None:
    """(planted, paid off, the recap's words) for a recap of a mystery the chapters written have both raised and
    answered (`now`: the chapter the talk is at, for "第5章埋的师父死因，算收了")."""
    said = PAID_NOW_ZH.search(text) if zh and now is not None else None
    planted = number_in(next(g for g in said.groups() if g)) if said else None
    if planted is not None and planted < now:
        return planted, now, text[said.start():]
    aside = PLANTED_ASIDE_ZH.search(text) if zh else None
    if aside and re.search(r"交代|揭开|揭晓|解释|说破", text) and (planted := number_in(aside.group(1))) is not None:
        paid = next((n for c in re.finditer(ZH_CHAPTER, text) if (n := number_in(c.group(1))) and n > planted), now)
        if paid is not None and paid > planted:  # "第27章要顺带交代一件事：…（第3章埋的）——…"
            return planted, paid, text[max(text.rfind(c, 0, aside.start()) for c in "。：:") + 1:]
    pattern = PAID_ZH if zh else PAID_EN
    # ("另外第18章我写完了：第5章埋下…，第18章揭晓：" — the recap starts at 第5章)
    for start in (c.start() for c in re.finditer(ZH_CHAPTER if zh else rf"(?i)(?:\b(?:in|from|since|planted in)\s+|\(){EN_CHAPTER}", text)):
        m = pattern.match(text, start)
        if m:
            planted, paid = (number_in(g.lower()) for g in [m.group(1), next(g for g in m.groups()[1:] if g)])
            if planted is not None and paid is not None and planted < paid:
                return planted, paid, text[start:]
    back = None if zh else PAID_BACK_EN.search(text)
    paid, planted = (number_in(g.lower()) for g in back.groups()) if back else (None, None)
    return (planted, paid, text) if planted is not None and paid is not None and planted < paid else None


# a payoff said of a hook by pointing at it: "这条伏笔就算结了", "就在这一章收掉", "close that thread in ch. 17",
# "So that little mystery is closed in 11"
CLOSING = re.compile(r"(?i)(?:伏笔|钩子|悬念|这条|那条|这个坑|那个坑)[^。！？]{0,8}?(?:收掉|收了|结了|了结|收尾|"
                      r"就(?:收|解释|交代)(?=[：:])|"
                      # "这个坑就在36章填" (not "这个坑留到第30章以前填": only due then)
                      r"(?<!以前)(?<!之前)(?<!章前)(?<!回前)填(?:了|上)?(?=[。！!，,；;]|$))(?![^。！？]{0,4}(?:银|钱|两|徒|下))|"
                      r"\bclose (?:that|this|the) (?:little )?(?:thread|mystery|hook|one)\b|"
                      r"\b(?:that|this) (?:little )?(?:thread|mystery|hook|one)(?:'s| is)(?: now)? "
                      r"(?:closed|resolved|done|settled|answered|paid off)\b")
_DASHED_NAME = re.compile(r"——([^—。！？]{4,24})——")  # "第3章埋的那条——老贺为什么十年不碰方向盘——"
_THAT_THREAD = re.compile(r"(?:[^，,。]{0,4}[，,])?([\u4e00-\u9fff]{2,8}?)(?:那|这)条")
_QUOTED_NAME = re.compile(r"[“「『\"]([^”」』\"]{2,24})[”」』\"]")
_PLANTED_AT = re.compile(rf"{ZH_CHAPTER}(?:埋下?的|埋了)|(?i:planted (?:back )?in\s+{EN_CHAPTER})")


def closed_by_pointing(st: Statement, statements: list[Statement], out: list[Finding],
                        opened: list[dict]) -> dict | None:
    """The hook a payoff that only points ("close that thread") closes: one the words since the last message
    talk about, else the one this message or the one before just planted."""
    said = " ".join(x.text for x in statements if st.message_index - 1 <= x.message_index <= st.message_index
                    and x.index < st.index)
    target = matching_hook(said, opened)
    if target is None:
        recent = [f for f in out if f.item.get("status") != "Resolved"
                  and f.statement.message_index >= st.message_index - 1]
        target = recent[-1].item if recent else None
    return target


def quoted_hook(st: Statement, statements: list[Statement]) -> tuple[str, int | None] | None:
    """(name, planted in) of a hook quoted in this sentence or in the question this message answers, with the
    words of a hook about it: "第50章埋的那个“扳指下面没有戒痕”的伏笔"."""
    asked = [x for x in statements if x.message_index == st.message_index - 1 and not x.by_author]
    for x in [st, *reversed(asked[-2:])]:
        quoted = _QUOTED_NAME.search(x.quote) or _DASHED_NAME.search(x.quote)
        hooked = re.search(r"(?i)伏笔|钩子|悬念|埋|\bhook\b|\bmystery\b|\bthread\b|\bplanted\b", x.quote)
        if quoted and hooked:
            planted = _PLANTED_AT.search(x.quote)
            number = next((g for g in planted.groups() if g), None) if planted else None
            return quoted.group(1), number_in(number.lower()) if number else None
    # "第8章小山作业本上的煤灰，你打算什么时候解释？" — "煤灰那条第13章就解释：…": the thread named before 那条,
    # planted where the question put it
    named = _THAT_THREAD.match(st.quote)
    question = next((x for x in reversed(asked) if named and named.group(1) in x.quote), None)
    if named and question:
        planted = re.search(ZH_CHAPTER, question.quote)
        return named.group(1), number_in(planted.group(1)) if planted else None
    return None


def matching_hook(text: str, hooks: list[dict]) -> dict | None:
    """The open hook this statement pays off: its name, or most of its words, appear in the statement."""
    best, score = None, 0.0
    for hook in hooks:
        name = hook["name"]
        if name in text:
            return hook
        grams = text_grams(name)
        if not grams:
            continue
        overlap = len(grams & text_grams(text)) / len(grams)
        involves = [n for n in hook.get("involves") or [] if n and n in text]
        value = overlap + (0.3 if involves else 0.0)
        if value > score:
            best, score = hook, value
    return best if score >= 0.5 else None


def text_grams(text: str) -> set[str]:
    if has_cjk(text):
        chars = re.sub(rf"[^{CJK}]", "", text)
        return {chars[i:i + 2] for i in range(len(chars) - 1)}
    return {w for w in re.findall(r"[a-z']+", text.lower()) if len(w) > 3}


# "第5章夹在片盒里的那封信是何晓棠写的，第15章小川查明" / "谁干的第20章之前揭开": a mystery, and the chapter it is told in
_TOLD_AT_ZH = re.compile(r"[，,；;]?\s*(?:到|在)?" + ZH_CHAPTER + r"(?P<before>之前|以前|前)?(?:[^，,。；;：:]{0,6}?)"
                         r"(?:再|才|就|要|会)?(?:揭开|揭晓|交代清楚|交代|查明|查清|点破|说破|揭出来|揭穿|真相大白)"
                         r"(?=了?(?:[：:，,。；;！!—]|$))")  # (not "第15章交代清楚账目": that explains the accounts)
_MYSTERY_ZH = re.compile(r"谁|什么|怎么|为什么|哪|来头|来历|下落|去向|真相|秘密|身份|缘故|原因|蹊跷|不对劲")
# "约第三十章揭晓", "第30章再交代": promised for then, not told yet
_HEDGE_BEFORE = re.compile(r"(?:约|大概|大约|预计|估计|打算|准备|计划|最迟|最晚|争取|前后|左右)\W{0,2}$")


def told_later(text: str, talk_at: int | None) -> tuple[int, int, bool, str] | None:
    """(planted, told in, told there rather than only promised, what the mystery is) for a mystery said with the
    chapter that tells it, planted where its own chapter says (else where the talk is): "…，第15章小川查明" is
    told then, "…第20章之前揭开" only promised by then."""
    told = _TOLD_AT_ZH.search(text)
    if told is None:
        return None
    at = number_in(told.group(1))
    before = text[:told.start()]
    said = re.search("第" + ZH_CHAPTER, before)
    planted = number_in(said.group(1)) if said else talk_at
    if at is None or planted is None or planted >= at or len(re.sub(rf"[^{CJK}]", "", before)) < 6 or \
            not (said or _MYSTERY_ZH.search(before)):
        return None
    what = re.sub(r"^\s*" + ZH_CHAPTER + r"(?:里|中|的)?[，,：:]?", "", before).strip("，,；;：: ")
    after = told.group(0)[told.group(0).find(told.group(1)) + len(told.group(1)):]
    hedged = _HEDGE_BEFORE.search(before) or re.search(r"再|才|要|会|前后|左右", after)
    return planted, at, not (told.group("before") or hedged), what


# "…went missing in ch 5; it surfaces by ch 20", "…slashed in ch 8; in ch 15 the reader learns Maggie did it"
_TOLD_AT_EN = re.compile(
    rf"(?i)\b(?:surfaces?|turns? up|comes? (?:back|out|to light)|(?:is |gets |are )?revealed|learns?|finds? out|"
    rf"cracks? (?:it|the \w+)|(?:is |gets )?answered|explained|solved|exposed|proves?)\b[^.;]{{0,40}}?"
    rf"\b(?P<prep>in|by|before|until|at)\s+(?:(?:chapter|ch\.?)\s*)?(?P<n>{EN_NUMBER})\b|"
    rf"\b(?P<prep2>in|by)\s+(?:chapter|ch\.?)\s*(?P<n2>{EN_NUMBER}),?\s+(?:the reader|readers|we|she|he|they|"
    rf"(?-i:[A-Z])[\w'’\-]+)\s+(?:learns?|finds? out|discovers?|proves?|works? out|cracks? it)\b")
_PLANTED_EN = re.compile(rf"(?i)(?:\b(?:in|from|since|at)\s+|\()(?:chapter|ch\.?)\s*({EN_NUMBER})\b")
_MYSTERY_EN = re.compile(r"(?i)\b(?:missing|who|why|what|secret|mystery|nobody knows|no one knows|unknown|somebody|"
                         r"someone|stolen|vanish\w*|disappear\w*|slashed|torn|tampered|forged|cipher|coded|anonymous|"
                         r"unsigned|hidden|hid|odd|strange|mysterious|unexplained)\b")


def told_later_en(text: str, talk_at: int | None) -> tuple[int, int, bool, str] | None:
    """The English of told_later: (planted, told in, told there rather than only due by then, what happened)."""
    told = _TOLD_AT_EN.search(text)
    if told is None:
        return None
    at = number_in((told.group("n") or told.group("n2")).lower())
    before = text[:told.start()]
    said = _PLANTED_EN.search(before)
    planted = number_in(said.group(1).lower()) if said else talk_at
    mystery = _MYSTERY_EN.search(before) and (said or re.search(r"\bwho\b", before, re.I))
    if at is None or planted is None or planted >= at or len(before.split()) < 5 or not mystery:
        return None
    what = re.split(r"[;:—]|,\s+(?:and\s+)?(?:it|in|the)\b", before)[0].strip(" ,;")
    what = re.sub(r"(?i)\s*(?:\((?:chapter|ch\.?)\s*\w+\)|\b(?:in|from|since|at)\s+(?:chapter|ch\.?)\s*\w+)", "", what)
    due = (told.group("prep") or told.group("prep2")).lower() in ("by", "before", "until")
    return planted, at, not due, what
