"""An outline written out whole: a title line, then three or more labelled beats.

"满香楼开张（第6—10章）/ - 开端：… / - 发展：…", "初排：起（61）…；发展（62）…；…",
"Here's a short outline for 15–19; I've called it 'The Price of Greyfang': / - Start (ch 15): …".
Such a block restates the outline in full, so it takes the place of the loose steps said before it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from desktop.importing.split import number_in
from desktop.tasks.pipeline.statements import Statement

KINDS = {"起": "Start", "开端": "Start", "开头": "Start", "开篇": "Start", "承": "Development", "发展": "Development",
         "转": "Twist", "转折": "Twist", "反转": "Twist", "高潮": "Climax", "合": "Ending", "收": "Ending",
         "结局": "Ending", "结尾": "Ending", "收尾": "Ending", "start": "Start", "opening": "Start",
         "setup": "Start", "set-up": "Start", "dev": "Development", "development": "Development",
         "rising action": "Development", "complication": "Development", "turn": "Twist", "twist": "Twist",
         "midpoint": "Twist", "reversal": "Twist", "climax": "Climax", "end": "Ending", "ending": "Ending",
         "resolution": "Ending", "aftermath": "Ending", "denouement": "Ending"}
_KIND = "|".join(sorted(map(re.escape, KINDS), key=len, reverse=True))
_SPAN = r"\d{1,4}(?:\s*[-–—~～到至]\s*\d{1,4})?"
# (a chapter may be written in words: "第十二章", "第十二到十六章")
_CHAPTERS = r"(?:\d{1,4}|[零〇一二两三四五六七八九十百千]{1,6})(?:\s*[-–—~～到至]\s*(?:\d{1,4}|[零〇一二两三四五六七八九十百千]{1,6}))?"
_ORDINAL = r"第[一二三四五六七八九十]+[步幕段节]"
# "41 起：", "31 (Start):", "Start (ch 15):", "起（61）", "Ch 9:", "12: …", "开端：", "第一幕：", "end: …"
_LABEL = re.compile(
    rf"\s*(?:(?P<n>{_SPAN})\s*(?P<sep>[.、)）])?\s*)?"
    rf"(?:(?:ch\.?|chapters?)\s*(?P<c>{_SPAN})\s*|第\s*(?P<z>{_CHAPTERS})\s*章\s*)?"
    rf"(?P<o>{_ORDINAL})?"
    rf"(?:[（(]\s*)?(?P<k>{_KIND})?(?![a-z])(?:\s*[）)])?"
    rf"\s*(?:[（(]\s*(?:ch\.?\s*|chapters?\s*|第)?(?P<p>{_SPAN})\s*章?\s*[）)])?"
    r"\s*(?P<end>[:：]|—\s*|-\s+)?", re.I)


@dataclass
class Block:
    """A drafted outline: its title line (when it has one), the statements it covers and its beats."""

    header: Statement
    title: str
    steps: list[dict] = field(default_factory=list)
    covers: list[Statement] = field(default_factory=list)


def label(quote: str) -> tuple[dict, str] | None:
    """A beat's label and the words after it: ({"kind"?, "chapter"?}, rest), or None when unlabelled."""
    m = _LABEL.match(quote)
    if not m or not m.group(0).strip():
        return None
    numbered = m.group("n") and (m.group("sep") or m.group("end"))
    if not ((m.group("k") and (m.group("end") or m.group("p"))) or numbered or
            ((m.group("c") or m.group("z") or m.group("o")) and m.group("end"))):
        return None
    rest = quote[m.end():].strip()
    if not rest:
        return None
    found: dict = {}
    if m.group("k"):
        found["kind"] = KINDS[m.group("k").lower()]
    # ("Start: ch 26 Ash breaks with Corvina", "开端：第26章…": the chapter may open the beat's words)
    said = re.match(rf"(?:ch\.?|chapter|第)\s*({_SPAN})\s*章?|({_SPAN})\s*章", rest, re.I)
    span = m.group("p") or m.group("c") or m.group("z") or (m.group("n") if not m.group("sep") or m.group("k") else None) or \
        (said and (said.group(1) or said.group(2)))
    if span and (first := number_in(re.split(r"\s*[-–—~～到至]\s*", span)[0])) is not None:
        found["chapter"] = first
    return found, rest


def find(statements: list[Statement]) -> dict[int, Block]:
    """Every drafted outline, keyed by the index of the statement where it starts."""
    blocks: dict[int, Block] = {}
    i = 0
    while i < len(statements):
        st = statements[i]
        inline = _head_and_first(st)
        run: list[int] = []
        end = -1  # the last statement of the run's beats (a beat's line may go on past a semicolon)
        j = i if inline else i + 1
        while j < len(statements) and statements[j].message_index == st.message_index:
            if (j == i and inline) or label(statements[j].quote):
                run.append(j)
                end = j
            elif run and statements[j].line == statements[run[-1]].line:
                end = j  # ("2. Ch. 16: the boat is stoved; Coffin drowns; Pell takes command": the beat's own line)
            elif not run or _heads(statements[j].quote) or not any(
                    label(x.quote) for x in statements[j + 1:j + 2] if x.message_index == st.message_index):
                break  # (an unlabelled line between beats continues the one before it, unless it heads the next)
            j += 1
        if len(run) >= 3 and (inline or not label(st.quote)):
            block = Block(st, title_of(inline[0] if inline else st.quote))
            for k in range(i if inline else i + 1, end + 1):
                beat = statements[k]
                found = label(inline[1]) if (k == i and inline) else label(beat.quote)
                if found:
                    block.steps.append({**found[0], "summary": found[1].strip(" ；;。.")})
                elif block.steps:  # ("28 结局：…；白露决定协助骆青衫": the beat goes on past its semicolon)
                    joint = "；" if re.search(r"[\u4e00-\u9fff]", beat.quote) else "; "
                    block.steps[-1]["summary"] += joint + beat.quote.strip(" ；;。.")
                block.covers.append(beat)
            if not inline:
                block.covers.insert(0, st)
            if _plans(block):
                blocks[i] = block
                i = end + 1
                continue
        i += 1
    return blocks


_RECAP = re.compile(r"整理|汇总|回顾|总结|梳理|复盘|记下|记录|\brecap|\bsummary|\bso far\b|\bto sum up|\bnoted\b", re.I)
_FIXES = re.compile(r"\b(?:fix|fixes|changes|edits|tweaks|corrections|notes on it|swap)\b|修改|改动|几处|几个地方|调整|改几|改一下|改两|改三",
                    re.I)
_PLANNING = re.compile(r"纲|节拍|排|拟|outline|beats?\b|\barc\b|\bplan", re.I)


def _plans(block: Block) -> bool:
    """Beats, not answers to numbered questions: labelled by kind or chapter, or under a planning header."""
    if any(s["summary"].endswith(("?", "？")) for s in block.steps):
        return False
    if block.header.by_author and _FIXES.search(block.header.quote):
        return False  # "Three fixes. Development: …": the author's edits to the outline drafted before, beat by beat
    if _RECAP.search(block.header.quote) and not _PLANNING.search(block.header.quote) \
            and not any(s.get("kind") for s in block.steps):
        return False  # "整理一下：18章…；19章…": what was settled, told again
    marked = sum(1 for s in block.steps if s.get("kind") or s.get("chapter"))
    return marked * 2 >= len(block.steps) or bool(_PLANNING.search(block.header.quote))


def _head_and_first(st: Statement) -> tuple[str, str] | None:
    """"初排：起（61）狼骑营趁夜袭关；": a header and the first beat in one sentence."""
    head, colon, rest = st.quote.partition("：") if "：" in st.quote else st.quote.partition(":")
    if colon and len(head) <= 24 and label(rest.strip()) and not label(st.quote):
        return head, rest.strip()
    return None


_GENERIC = re.compile(r"^(?:(?:draft|short|long|rough|revised|new|the|an?|my|here'?s|here is|outline|beats?|plan|arc|"
                      r"big|next|whole|main|great|good|nice|cool|okay|ok|first|second|"
                      r"for|chapters?|ch|so far|summary|recap)\b[\s,.]*)+$", re.I)


def _heads(quote: str) -> bool:
    """"└ 铁女王的邀请（56—70）": the title line of the next outline in a tree of them."""
    return bool(re.match(r"\s*[├└│┌]", quote) or re.fullmatch(r"[^，,。；;:：]{2,20}[（(]\s*第?\d+\s*[-–—~～到至]\s*\d+\s*章?[）)]\s*",
                                                               quote))


def title_of(header: str) -> str:
    """The title a block's first line gives it, or "" when it gives none ("Draft outline:", "6到10章的纲我先拟一个：")."""
    quoted = re.search(r"[「『《“\"]([^」』》”\"\n]{2,24})[」』》”\"]|(?<![\w])'([^'\n]{2,30})'(?![\w])", header)
    if quoted:
        return (quoted.group(1) or quoted.group(2)).strip()
    called = re.search(r"\b(?:[Cc]all(?:ed)? it|[Tt]itled?|[Nn]amed)\s+((?:[Tt]he\s+)?[A-Z][\w'\-]*(?:\s+(?:of\s+)?[A-Z][\w'\-]*)*)",
                       header)
    if called:
        return called.group(1).strip()
    text = re.sub(r"^(?:短纲|细纲|大纲|长纲|草拟如下|初排|初稿|草稿|汇总|修改后|本段|outline|draft outline|short outline|"
                  r"revised outline)\s*[·・:：,，\-—]?\s*", "", header.strip(" ├└│┌─"), flags=re.I)
    text = re.sub(r"[（(][^）)]*\d[^）)]*[）)]|[:：]\s*$", "", text).strip(" ，,。.·")
    if not text or _GENERIC.match(text) or re.search(r"\d|[我你他她，,。？?！!]|的纲|如下|建议|草拟|排法|安排|"
                                                     r"[一二三四五六七八九十几两]+[步幕段条节]", text):
        return ""
    if re.search(r"[\u4e00-\u9fff]", text):
        return text if len(text) <= 10 else ""
    return text if len(text.split()) <= 6 and text[:1].isupper() else ""
