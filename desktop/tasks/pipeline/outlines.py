"""Outlines and their steps from a discussion: a quoted title or "X那条" opens one, numbered or sequenced
statements are its steps, a later "第二步改为…" rewrites a step (beat_edits: a beat's later word), and a title
given later names it."""

from __future__ import annotations

import re

from desktop.importing.split import number_in
from desktop.tasks.pipeline import beat_edits, drafts
from desktop.tasks.pipeline.findings import Finding
from desktop.tasks.pipeline.sections import _NUM, CJK, _zh, is_summary
from desktop.tasks.pipeline.statements import Statement

_STEP_MARK = re.compile(r"^\s*(?:\d+\s*章\s*[，,：:]?\s*|\d+\s*[.、)）:：]?\s*(?=\D)|[一二三四五六七八九十]+[、.．]|第[一二三四五六七八九十\d]+[步幕段节]|[①-⑩]|"
                        r"[-*•]|首先|然后|接着|之后|随后|最后|最终|接下来|开头|一开始|起初|中间|结尾|收尾|转折|高潮(?:就)?是|"
                        rf"第\s*{_NUM}\s*章|{_NUM}\s*章\s*[:：]|先|再|first|then|next|after that|finally|ends? with|it ends|"
                        r"(?:it )?opens with|the (?:twist|climax|turn)\b|"
                        r"step \d+)", re.I)
_STEP_KINDS = (("开端", "Start"), ("开头", "Start"), ("起：", "Start"), ("承：", "Development"), ("转：", "Twist"),
               ("合：", "Ending"), ("收：", "Ending"), ("发展", "Development"), ("转折", "Twist"),
               ("高潮", "Climax"), ("结局", "Ending"), ("收尾", "Ending"), ("opening", "Start"), ("start", "Start"),
               ("development", "Development"), ("twist", "Twist"), ("climax", "Climax"), ("ending", "Ending"),
               ("resolution", "Ending"))
_CHAPTER_RANGE = re.compile(rf"第?\s*({_NUM})\s*(?:章)?\s*(?:到|至|-|—|–|~|～)\s*第?\s*({_NUM})\s*章|"
                            r"\b(?:chapters?|chs?\.?)(?![a-z])[^.!?\d]{0,24}?(\d+)\s*(?:-|–|to|through)\s*(\d+)", re.I)
_CHAPTER_ONE = re.compile(rf"第\s*({_NUM})\s*章|\b(?:chapter|ch\.?)\s*(\d+)", re.I)
_TITLE_ANCHOR = re.compile(r"[「『《“\"]([^」』》”\"\n]{2,24})[」』》”\"]|(?<![\w])'([^'\n]{2,24})'(?![\w])|"
                           r"([\u4e00-\u9fff]{2,6})那条(?:线)?(?![\u4e00-\u9fff])|"  # (not "那条狗": that dog)
                           r"(?:the\s+)?([A-Z][\w'\-]*(?:\s+[A-Z][\w'\-]*)*)\s+arc\b|"
                           # "Call it The Lighthouse Week, roughly chapters 48 to 54": named without quotes
                           r"\b(?:[Cc]all it|[Ww]orking title(?: is)?|[Tt]itled)\s+"
                           r"((?:[Tt]he\s+)?[A-Z][\w'\-]*(?:\s+[A-Z][\w'\-]*)*)|"
                           # "outline the heist arc": the word before "arc" names it, unless it only points at one
                           r"\bthe\s+(?!(?:next|whole|main|new|first|second|third|last|final|story|big|this)\b)"
                           r"([a-z][\w\-]{2,})\s+arc\b")
_STEP_EDIT = re.compile(r"第([一二三四五六七八九十\d]+)步|\bstep\s+(\d+)|\bchange\s+(\d+)", re.I)


def plan(statements: list[Statement], kinds: dict[str, str]) -> list[Finding]:
    """Outlines and their steps. A quoted title or "X那条" opens an outline; numbered or sequenced statements
    are its steps; a later "第二步改为… / step 4: …" rewrites that step; steps said before any title
    belong to the discussion's one outline."""
    out: list[Finding] = []
    current: Finding | None = None
    guessed = False  # the current outline's title was guessed from its sentence, not given
    authored = 0  # steps of the current outline in the author's own words
    consumed: set[int] = set()
    last_step = -2  # the statement that gave the last step
    blocks = drafts.find(statements)
    by_message: dict[int, list[Statement]] = {}
    for st in statements:
        by_message.setdefault(st.message_index, []).append(st)
    for st in statements:
        if st.index in consumed:
            continue
        if st.index in blocks:
            # (the outline the author just asked for, a long one too: "give me a long outline for part four")
            # (… or the one offered two messages before: "顺便排个第6—15章的长纲。" — "1和3要，你排吧。" — the draft)
            block = blocks[st.index]
            if not block.title and _RULES_HEADER.search(block.header.quote.rstrip(":： ")[-40:]) and \
                    not re.search(r"(?i)outline|纲|\bbeats?\b|第\s*\d|\bch(?:apter|\.)?\s*\d", block.header.quote):
                consumed |= {x.index for x in block.covers}  # "我再把说书这一行的规矩拟一下：1. … 2. …": rules, no plot
                continue
            current = _take_block(block, out, current if _drafts_it(current, block, guessed) else None, statements)
            guessed, authored = False, 3  # (the assistant restating them after is no new step)
            consumed |= {x.index for x in blocks[st.index].covers}
            last_step = -2  # (what follows a block is not its last beat going on)
            continue
        # "Retitle it 'The Raid'." / "标题改成“沙海追凶”。": the outline just drafted, under its new title (and the
        # draft's own closing "Title: 'The Kestrel Ledger'?")
        retitled = _RETITLE.search(st.quote) if current is not None and (
            st.by_author or st.message_index == current.statement.message_index) else None
        if retitled:
            current.item["title"] = retitled.group(1).strip()
            current.extra.append(st)
            guessed = False
            continue
        named = _NAMED_TITLE.search(st.quote)
        if named and current is not None and guessed and "那条" not in st.quote:
            # "Call it 'The Gala'" / "标题就叫“会议室重逢”" / "细纲“拍卖会风波”（第20–24章）：1 … 2 …": the title the
            # talk gives the outline it opened; a restatement's list stands in for steps the talk left loose
            current.item["title"] = named.group(1).strip()
            guessed = False
            # the list may run on over the message's next sentences ("…: Ada arrives late; her mask falls; …")
            rest = [x for x in by_message[st.message_index] if x.index > st.index]
            listed = _listed_steps(" ".join([st.quote[named.end():], *(x.quote for x in rest)]))
            if len(listed) >= 3 and len(listed) > len(current.item["steps"]):
                current.item["steps"] = [{"kind": "", "summary": part, "status": "Pending"} for part in listed]
                consumed |= {x.index for x in rest}
                current.extra += rest
            current.extra.append(st)
            continue
        if _renames(st, out):
            continue
        if is_summary(st) and not _STEP_EDIT.search(st.quote):
            continue
        if current is not None and current.item["steps"]:
            rest = [x for x in by_message[st.message_index] if x.index > st.index]
            used = beat_edits.revises(st, current.item["steps"], rest) or \
                ([st] if beat_edits.by_number(st, current.item["steps"]) else [])
            if used:
                current.extra += used
                consumed |= {x.index for x in used}
                continue
        text = st.text
        zh = _zh(text)
        edit = _STEP_EDIT.search(st.quote)
        if edit and current is not None and (not _STEP_MARK.match(_after_header(st.quote)) or "改" in text
                                             or re.search(r"change|updated|instead", text, re.I)):
            number = number_in(next(g for g in edit.groups() if g))
            steps = current.item["steps"]
            if number and 1 <= number <= len(steps):
                summary = re.sub(r"^.*?(?:改为|改成|换成|变成|是|[:：]|,|，)\s*", "", st.quote[edit.end():], count=1)
                steps[number - 1]["summary"] = summary.strip(" 。.，,") or steps[number - 1]["summary"]
                current.extra.append(st)
                continue
        anchors = [a for a in _TITLE_ANCHOR.finditer(st.quote) if _names_an_outline(st.quote, a, kinds)]
        if len(anchors) > 1 and anchors[0].group(3) and _NAMED_TITLE.search(st.quote, anchors[0].end()):
            anchors = anchors[1:]  # "身世那条先不细化，标题就叫「寻母身世」": one outline, by the title it is given
        # the message, and the assistant's question it answers ("Should I break out the opening arc?" — "yes: 'Salvage' …")
        message = " ".join(x.quote for x in statements if x.message_index == st.message_index or
                           x.message_index == st.message_index - 1 and not x.by_author and x.quote.rstrip().endswith("?"))
        if not re.search(r"大纲|细纲|短纲|长纲|节拍|那条(?:线)?(?![\u4e00-\u9fff])|卷|篇|剧情|outline|arc|book|volume|storyline|"
                         r"plot|sequence|beats",
                         message, re.I) and not _CHAPTER_RANGE.search(message):
            anchors = []  # 「缠丝」 names a whip, not an outline
        if anchors and all(a.group(1) or a.group(2) for a in anchors) and not _CHAPTER_RANGE.search(message) \
                and not re.search(r"大纲|细纲|短纲|长纲|节拍|那条|剧情|outline|\barc|storyline|plot|sequence|beats",
                                  message, re.I) \
                and not _PLOT_LINE.search(message) and not any(b.header.message_index == st.message_index
                                                              for b in blocks.values()):
            anchors = []  # "这卷叫“断星”，先把跃迁钉死": a volume's name, with nothing planned in it yet
        # "Should I break out the opening arc?": the author's answer opens it ("Can you outline…?" is a request)
        asks = not st.by_author and st.quote.rstrip().endswith(("?", "？"))
        if asks:
            anchors = []
        # "这一卷他就住在京城" / "the trial at the end of book one": a volume named is a time, not an outline, unless
        # the message plans ("下一段剧情：…帮我排个短纲")
        planning = bool(_PLANNING.search(message) or _CHAPTER_RANGE.search(message))
        cue = planning and not asks and ((any(c in text for c in _CUES_ZH) if zh else bool(_CUE_EN.search(text)))
                                         or bool(_CHAPTER_RANGE.search(text) and _PLANS.search(text)))
        step_like = bool(_STEP_MARK.match(_after_header(st.quote)) or _STEP_MARK.match(st.quote)) or \
            (zh and re.search(r"先是|然后|最后", text))
        if anchors and current is not None and guessed and current.statement.message_index == st.message_index:
            # "Planning book two. Working title The Drowned Choir, chapters 41 to 75.": the next sentence names it
            current.item["title"] = next(g for g in anchors[0].groups() if g).strip()
            guessed = False
            if (chapters := _CHAPTER_RANGE.search(text)) and "chapters" not in current.item:
                numbers = [number_in(g) for g in chapters.groups() if g]
                if all(n is not None for n in numbers):
                    current.item["chapters"] = numbers[:2]
            current.extra.append(st)
            anchors = anchors[1:]
            if not anchors:
                continue
        renamed = next((a for a in anchors if _RENAMING.search(st.quote[max(0, a.start() - 20):a.start()])), None)
        if renamed is not None and out:  # "I had it as 'Dead Reckoning' but I'm renaming it 'The Long Quiet'"
            target = current if current is not None else out[-1]
            target.item["title"] = next(g for g in renamed.groups() if g).strip()
            target.extra.append(st)
            continue
        if renamed is not None:  # (the old name and the new in the sentence that opens it: the new one)
            anchors = [a for a in anchors if a.start() >= renamed.start()]
        if anchors or (cue and current is None):
            opened_here = not anchors
            for anchor in anchors or [None]:
                title = next((g for g in anchor.groups() if g), None) if anchor else _plan_title(text, zh)
                # "the lighthouse arc" is no title yet; a quoted title or "天骄榜那条" is
                guessed = not (anchor and (anchor.group(1) or anchor.group(2) or anchor.group(3) or anchor.group(5)))
                item: dict = {"level": _level(text, zh) if not out or anchors else "ShortOutline",
                              "title": title.strip(), "status": "Pending", "steps": []}
                storyline = _storyline(text, zh)
                if storyline:
                    item["storyline"] = storyline
                chapters = _CHAPTER_RANGE.search(text)
                if chapters:
                    numbers = [number_in(g) for g in chapters.groups() if g]
                    if all(n is not None for n in numbers):
                        item["chapters"] = numbers[:2]
                current = Finding("plan", item, st, entities=[])
                out.append(current)
                authored = 0
            sequence = _sequence(st.quote[anchors[-1].end():] if anchors else st.quote)
            listed = _after_header(st.quote) != st.quote and _STEP_MARK.match(_after_header(st.quote))
            if (not step_like or opened_here and not listed) and len(sequence) < 3:
                continue  # "接下来要写选秀那一段，…帮我捋一捋": the line that opens it is no step ("大纲：1. …" is)
            if len(sequence) >= 2:
                current.item["steps"] += [{"kind": "", "summary": part, "status": "Pending"} for part in sequence]
                continue
        plot = _PLOT_LINE.match(st.quote)
        if current is not None and plot and st.message_index == current.statement.message_index \
                and not current.item["steps"]:
            # "第二卷叫「中州风云」…主线是林风进中州参加天骄榜之争，顺带查他娘的身世": what the outline is about
            current.item.setdefault("summary", st.quote[plot.end():].strip(" 。."))
            current.extra.append(st)
            continue
        if current is not None and not step_like and st.by_author and last_step == st.index - 1 and \
                statements[last_step].message_index == st.message_index and current.item["steps"] and \
                not asks and not _PLANS.search(text) and not _outside(st.quote, current.item.get("chapters")):
            # "转折是秦烈。大师兄一路护着孤辰，…结果八十四章从背后偷袭": the beat goes on in the next sentences
            current.item["steps"][-1]["summary"] += ("，" if zh else ". ") + st.quote.strip(" 。.")
            current.extra.append(st)
            last_step = st.index
            continue
        if current is not None and step_like and _under_rules(st, by_message[st.message_index]):
            continue  # "And write down the Hoshina house code: 1. …" / "规则我先列出来：1. …": a setting's list
        if current is not None and step_like:
            if not st.by_author and (authored >= 3 or asks):
                continue  # the assistant restating steps the author already gave, or asking ("高潮是当众揭穿？")
            sequence = _sequence(st.quote)
            parts = sequence if len(sequence) >= 2 else [_STEP_MARK.sub("", _after_header(st.quote), count=1)]
            # "转折是秦烈。": the mark names the beat even when it is cut from the summary
            marked = "" if len(sequence) >= 2 else _mark_kind(st.quote)
            added = [{"kind": marked, "summary": p.strip(" ：:，,.。"), "status": "Pending"} for p in parts
                     if p.strip(" ：:，,.。")]
            current.item["steps"] += added
            authored += len(added) if st.by_author else 0
            current.extra.append(st)
            last_step = st.index
            beat = re.match(r"\s*(\d{1,4})\s*[:：]", st.quote)  # "12: Nina and Theo arrive…" in "chapters 12 to 15"
            span = current.item.get("chapters")
            if chapter := _CHAPTER_ONE.search(st.quote):
                current.item["steps"][-1]["chapter"] = number_in(chapter.group(1) or chapter.group(2))
            elif beat and span and span[0] <= int(beat.group(1)) <= span[-1]:
                current.item["steps"][-1]["chapter"] = int(beat.group(1))
    for finding in out:
        steps = finding.item["steps"]
        for index, step in enumerate(steps):
            step.pop("_said", None)
            step.pop("_n", None)
            step["kind"] = step["kind"] or _step_kind(step["summary"], index, len(steps))
            summary = _STEP_MARK.sub("", step["summary"], count=1).strip(" ：:，,.。；;")
            # "中间的转折是…", "收尾是…", "The climax is…", "It ends with…": the mark's own words go too
            summary = re.sub(r"^(?:的)?(?:转折|高潮|收尾|结尾|开头)?\s*(?:就)?\s*(?:is|was|with|是|：|:)\s+|"
                             r"^(?:的)?(?:转折|高潮|收尾|结尾|开头)?(?:就)?(?:是|：|:)", "", summary, flags=re.I) or summary
            summary = re.sub(r"^(?:起|承|转|合|收|开端|发展|转折|高潮|结局|收尾)[：:]\s*", "", summary)
            summary = re.sub(rf"^(?:开头|一开始|起初|中间|结尾|第\s*{_NUM}\s*章)\s*[，,：:]?\s*", "", summary) or summary
            step["summary"] = summary or step["summary"]
    for f in out:  # "**Flight Downriver** (ch. 32–35)": the emphasis a draft set it in is no part of the title
        f.item["title"] = f.item["title"].strip(" *_#`").strip() or f.item["title"]
    return [f for f in out if f.item["steps"] or f.item.get("chapters") or len(out) > 1
            or f.item["level"] in ("LongOutline", "GeneralOutline")]


# "标题就叫“三点十七分”", "Title: 'The Kestrel Ledger'", "“水厂之战”（43—48章）": a quoted title the words around it
# give to an outline — not 'the Tailor' (a nickname), “落雁式” (a move) or “我不是第一个钟表匠” (a line said)
_TITLE_BEFORE = re.compile(r"(?:叫做?|标题|题目|名字|取名|命名|定名|名为|就叫|定为|起名|改名|改叫|卷名|书名|"
                           r"\b[Tt]itled?|\b[Cc]all(?:ed)?(?: it)?|\b[Nn]amed?(?: it)?|\b[Ww]orking title(?: is)?|"
                           r"\b[Rr]enam\w*(?: it)?(?: to| as)?|\bhad it as|\bas)\W{0,3}$")
_RETITLE = re.compile(r"(?:\b(?:[Rr]etitle|[Rr]ename|[Cc]hange the title to|[Tt]itle)(?: it)?(?: to| as)?|"
                      r"标题(?:就)?(?:改成|改为|换成|改叫)|题目(?:改成|改为|换成))\s*[:：]?\s*"
                      r"['‘\"“「『《]([^'’\"”」』》\n]{2,40})['’\"”」』》]")
_RENAMING = re.compile(r"(?:\b[Rr]enam\w*(?: it)?(?: to| as)?|改名(?:叫|为)?|改叫|更名为?)\W{0,3}$")
_TITLE_AFTER = re.compile(r"^\W{0,2}(?:那条|这条|\barc\b|\boutline\b|[（(]\s*(?:第\s*)?\d)|^\s*[-—–:：]\s*\S", re.I)


_RULES_HEADER = re.compile(r"(?i)规则|规矩|禁忌|守则|戒律|家规|门规|设定|\b(?:rules?|code|laws?|commandments|"
                           r"regulations|setting|customs|taboos)\b")


def _under_rules(st: Statement, message: list[Statement]) -> bool:
    """A numbered line in a list whose header (the message's last line ending in a colon) announces rules."""
    header = next((x for x in reversed(message) if x.index < st.index and x.quote.rstrip().endswith((":", "："))),
                  None)
    return header is not None and _RULES_HEADER.search(header.quote.rstrip(":： ")[-40:]) is not None


def _names_an_outline(quote: str, anchor: re.Match, kinds: dict[str, str]) -> bool:
    if not (anchor.group(1) or anchor.group(2)):
        return True  # "身世那条", "the heist arc", "Call it The Lighthouse Week": the words themselves say so
    said = (anchor.group(1) or anchor.group(2)).strip()
    if _TITLE_BEFORE.search(quote[max(0, anchor.start() - 12):anchor.start()]):
        return True
    return bool(_TITLE_AFTER.match(quote[anchor.end():])) or said not in kinds and \
        _CHAPTER_RANGE.search(quote[anchor.end():anchor.end() + 14]) is not None


_PLANNING = re.compile(r"大纲|细纲|短纲|长纲|节拍|情节安排|剧情安排|剧情|\boutline|\barc\b|\bbeats?\b|\bplot for\b", re.I)
_PLOT_LINE = re.compile(r"(?:主线|这一卷|这卷|本卷|剧情)(?:是|讲|：|:)|(?:the )?(?:main plot|plot|story) (?:is|:)\s*", re.I)
_CUES_ZH = ("大纲", "细纲", "短纲", "长纲", "节拍", "情节安排", "剧情安排", "这一卷", "下一卷", "这一段", "下一段", "那一段",
            "接下来几章", "第二卷", "第三卷")
# "接下来要写选秀那一段，大概第20到28章，帮我捋一捋": chapters to write, said with a planning verb
_PLANS = re.compile(r"写|捋|排|安排|规划|结构|\bplan|\boutline|\bbreak (?:it )?out|\bsequence|\bstructure", re.I)
# ("Pay it off in the final arc" says when, not what to outline)
_CUE_EN = re.compile(r"\b(?:outline|(?<!in the final )(?<!in the last )(?<!by the final )(?<!by the last )arc|beats?|"
                     r"plot for|book (?:one|two|three|four|five|six|\d+))\b", re.I)


def _drafts_it(outline: Finding | None, block: drafts.Block, guessed: bool) -> bool:
    """Whether a drafted block is the outline the talk just opened (its title a guess or none given now): a
    short one; one asked for in the message before; one the same message announces ("那我拉一个第9—30章的长纲：
    《回春》…"); or, two messages back, one of the same chapters."""
    if outline is None or not (guessed or not block.title):
        return False
    asked, drafted = outline.statement, block.header.message_index
    return outline.item["level"] == "ShortOutline" or asked.message_index == drafted - 1 \
        or asked.message_index == drafted and bool(_PLANNING.search(asked.quote)) \
        or guessed and len(outline.item["steps"]) < 2 and asked.message_index >= drafted - 2 and _same_span(outline, block)


def _same_span(outline: Finding, block: drafts.Block) -> bool:
    """The outline offered for chapters 6–15 is the one drafted for them."""
    chapters = _CHAPTER_RANGE.search(block.header.quote)
    numbers = [number_in(g) for g in chapters.groups() if g][:2] if chapters else []
    return bool(numbers) and outline.item.get("chapters") == numbers


def _take_block(block: drafts.Block, out: list[Finding], recent: Finding | None,
                statements: list[Statement]) -> Finding:
    """A drafted outline: the one of its title, or the one just opened (its title a guess), or a new one;
    its beats take the place of any steps said before."""
    target = next((f for f in out if block.title and f.item["title"] == block.title), None)
    beats = {beat["chapter"] for beat in block.steps if "chapter" in beat}
    # (an outline of the same chapters, told again under its title)
    # (… of any level when the block names none: "Revised: 1. Ch. 22: …")
    target = target or next((f for f in out if (f.item["level"] == "ShortOutline" or not block.title)
                             and len(beats & {s.get("chapter") for s in f.item["steps"]}) >= 2), None)
    if target is None and recent is not None:
        target = recent  # (the outline the author asked for, its title a guess or none given now)
    if target is None:
        before = [x for x in statements if x.by_author and x.index < block.header.index and _PLANNING.search(x.quote)]
        guess = block.title or _plan_title(before[-1].text if before else block.header.text, _zh(block.header.text))
        target = Finding("plan", {"level": _level(block.header.text, _zh(block.header.text)), "title": guess,
                                  "status": "Pending", "steps": []}, block.header, entities=[])
        out.append(target)
    if block.title:
        target.item["title"] = block.title
    chapters = _CHAPTER_RANGE.search(block.header.quote)
    numbers = [number_in(g) for g in chapters.groups() if g] if chapters else []
    if numbers and all(n is not None for n in numbers):
        target.item["chapters"] = numbers[:2]
    target.item["steps"] = [{"kind": beat.get("kind", ""), "summary": beat["summary"], "status": "Pending",
                             "_said": block.header.message_index, "_n": number,
                             **({"chapter": beat["chapter"]} if "chapter" in beat else {})}
                            for number, beat in enumerate(block.steps, 1)]
    target.extra += block.covers
    return target


def _renames(st: Statement, outlines: list[Finding]) -> bool:
    """"短纲「天骄榜之争」三步" after "天骄榜那条：…": a fuller title given later names the outline it contains."""
    renamed = False
    for anchor in _TITLE_ANCHOR.finditer(st.quote):
        title = (anchor.group(1) or anchor.group(2) or "").strip()
        for outline in outlines:
            old = outline.item["title"]
            if title and old != title and len(old) >= 2 and old in title and not any(
                    o.item["title"] == title for o in outlines):
                outline.item["title"] = title
                outline.extra.append(st)
                renamed = True
    return renamed


_NAMED_TITLE = re.compile(r"(?:标题(?:就)?(?:叫|是|定为)|就叫|叫做?|名为|取名为?|细纲|短纲|长纲|大纲|"
                          r"\b[Cc]all (?:it|this)|\b[Tt]itled?|\b[Nn]amed|\b[Oo]utline|\b[Aa]rc)\s*[:：]?\s*"
                          r"[「『《“\"']([^」』》”\"'\n]{2,30})[」』》”\"']")


def _listed_steps(text: str) -> list[str]:
    """"（第20–24章）：1 江屿得知…；2 拍卖会上…" / "(ch. 8-11): Harriet arrives…; Ashcombe dances…": the list
    after a title's colon."""
    _, colon, rest = text.partition("：") if "：" in text else text.partition(":")
    if not colon:
        return []
    parts = re.split(r"\s*[；;。]\s*|\s+(?=\d\s*[.、)）]?\s*\D)", rest)
    return [re.sub(r"^\d+\s*[.、)）]?\s*", "", p).strip(" 。.") for p in parts if p.strip(" 。.")]


def _sequence(text: str) -> list[str]:
    """"先是入城，然后预选，最后决赛" / "Mara hires Tessa, they dive the ruins, find the crown gone" → the steps."""
    text = re.sub(r"^[\s:：,，-]+", "", text)
    parts = re.split(r"[，,；;]\s*(?=然后|接着|之后|随后|最后|最终|再|then|next|finally|after that|they|\w+ (?:the|a)\b)|"
                     r"\s*(?:->|→)\s*", text)
    return [re.sub(r"^(?:先是|首先|然后|接着|之后|随后|最后|最终|再|then|next|finally|after that)\s*", "", p,
                   flags=re.I).strip(" 。.") for p in parts if p.strip(" 。.")]


def _outside(quote: str, span: list[int] | None) -> bool:
    """"The accident: ch. 7, a charge goes off early…" after a beat of an outline for chapters 8–14: a fact of
    the story told in the same breath, no more of that beat."""
    said = _CHAPTER_ONE.search(quote)
    number = number_in(said.group(1) or said.group(2)) if said else None
    return bool(span) and number is not None and not span[0] <= number <= span[-1]


def _mark_kind(quote: str) -> str:
    low = quote.strip().lower()
    return next((k for cue, k in _STEP_KINDS if low.startswith(cue)), "")


def _step_kind(summary: str, index: int, count: int) -> str:
    low = summary.lower()
    kind = next((k for cue, k in _STEP_KINDS if low.startswith(cue) or cue in low[:6]), None)
    if kind:
        return kind
    if index == 0:
        return "Start"
    if index == count - 1 and count >= 4:
        return "Ending"
    if index == count - 1 and count >= 3:
        return "Climax"
    return "Climax" if count >= 4 and index == count - 2 else "Development"


def _spans_eight(text: str) -> bool:
    span = _CHAPTER_RANGE.search(text)
    numbers = [number_in(g) for g in span.groups() if g] if span else []
    return len(numbers) == 2 and None not in numbers and numbers[1] - numbers[0] >= 7


def _level(text: str, zh: bool) -> str:
    if zh:
        if re.search(r"总纲|全书的?大纲|整本书的?大纲", text):
            return "GeneralOutline"  # "我把全书的大纲先搭个架子：《火线》总纲"
        return "LongOutline" if re.search(r"卷|长线|长纲|整本|全书|大纲的?第.部", text) else "ShortOutline"
    if re.search(r"\bgeneral outline\b|\boutline (?:for|of) the whole (?:book|series)\b", text, re.I):
        return "GeneralOutline"
    if re.search(r"\bshort outline\b", text, re.I):
        return "ShortOutline"
    if _spans_eight(text):
        return "LongOutline"  # "Outline, 'The Sound Stage', chapters 21–30": an arc of eight chapters or more
    return "LongOutline" if re.search(r"\b(?:volume|(?:book|part) (?:one|two|three|four|five|six|\d+)|season|long arc|"
                                      r"whole book|long outline)\b",
                                      text, re.I) \
        else "ShortOutline"


def _plan_title(text: str, zh: bool) -> str:
    if zh:
        m = re.search(rf"[「『《“\"]([^」』》”\"]{{2,16}})[」』》”\"]", text) or \
            re.search(rf"([{CJK}]{{2,8}}?(?:篇|卷|副本|事件|之战|风波|大比|试炼|线))", text)
        if m:
            title = re.sub(r"^(?:这一|下一|这个|那个|新的|关于)", "", m.group(1))
            if len(title) >= 2:
                return title
        first = re.split(r"[，,。！？!?；;：:]", text)[0]
        # "万剑冢这段我想好好写": the name before 这段 is what the stretch is called
        topic = re.match(rf"(?:接下来|下面|然后)?([{CJK}]{{2,8}}?)(?:这一?段|那一?段|这部分|这条线)", first)
        return topic.group(1) if topic else first[:12]
    # ('The Angel's Share': an apostrophe inside a word is no closing quote)
    m = re.search(r"(?<![\w])['‘“\"]([A-Z](?:[^'’”\"\n]|['’](?=\w)){1,38})['’”\"](?![\w])", text) or \
        re.search(r"(?:the\s+)?((?:[A-Z][\w'\-]*\s?){1,5})\s+arc\b", text) or \
        re.search(r"\b((?:Part|Book|Act|Volume|Season)\s+(?:One|Two|Three|Four|Five|Six|Seven|Eight|Nine|Ten|\d+|[IVX]+)"
                  r"(?::\s*(?:The\s+)?[A-Z][\w'\-]*(?:\s+[A-Z][\w'\-]*)*)?)", text) or \
        re.search(r"(?:arc|outline)\s*(?:for|:|called|named)\s*[\"“]?([^\".,;:\n]{3,40})", text, re.I)
    if m:
        return m.group(1).strip()
    # "I've changed my mind about the end of…" / "Worldbuilding day, because…": the talk about it names nothing
    text = re.sub(r"(?i)^(?:okay|ok|so|right|now|alright)?[,\s]*(?:i've changed my mind about|let's (?:outline|plan|do|sketch)|"
                  r"i want to (?:outline|plan|sketch)|worldbuilding day|we need to (?:outline|plan))\b[,\s]*", "", text)
    return " ".join(text.split()[:6])


def _storyline(text: str, zh: bool) -> str | None:
    if zh:
        m = re.search(r"(主线|支线|反派线|感情线|暗线|副线)", text)
        return m.group(1) if m else None
    m = re.search(r"\b(main plot|main line|subplot|villain'?s? (?:line|plot)|romance)\b", text, re.I)
    return m.group(1).lower() if m else None


def _after_header(text: str) -> str:
    """"下一卷大纲：1. 下山": the list starts after the header's colon."""
    head, colon, rest = text.partition("：") if "：" in text else text.partition(":")
    return rest if colon and len(head) <= 20 and rest.strip() else text
