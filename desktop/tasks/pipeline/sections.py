"""Pass 3b: hooks planted or paid off, read from statements."""

from __future__ import annotations

import re

from desktop.importing.split import number_in
from desktop.tasks.pipeline import lexicon as lx
from desktop.tasks.pipeline import payoffs
from desktop.tasks.pipeline.findings import Finding
from desktop.tasks.pipeline.rules import EN_NUMBER, statement_chapter
from desktop.tasks.pipeline.statements import Statement

CJK = "\u4e00-\u9fff"
_HOOK_NOUN_ZH = re.compile(rf"([{CJK}A-Za-z]{{1,8}}?(?:的秘密|之谜|的来历|的身世|的真相|的下落|的身份|的秘密身份|背后的人|的去向))")
_HOOK_AFTER_ZH = re.compile(r"(?:伏笔|悬念|钩子|谜团|线索)(?:是|：|:|，|,)\s*([^。！？!?；;\n]{2,30})")
_HOOK_EN = re.compile(r"(?:the (?:mystery|secret|riddle|question) of|who (?:really )?|why |what happened to |"
                      r"(?:hook|foreshadowing|mystery|setup|clue)\s*(?::|is|-)\s*)([^.!?;\n]{3,60})", re.I)
_NUM = r"[0-9〇零一二两三四五六七八九十百千]+"


def _zh(text: str) -> bool:
    return bool(re.search(rf"[{CJK}]", text))


def hooks(statements: list[Statement], kinds: dict[str, str], canon_hooks: list[dict],
          chapter: int | None, generic: frozenset[str] = frozenset()) -> list[Finding]:
    """`generic`: common nouns among the names (禁地, 玉佩), which name no hook's subject from afar."""
    out: list[Finding] = []
    asked: int | None = None  # the message that asked for a hook; its answer's first fact is the hook
    weak = False
    when = chapter
    recapped: set[int] = set()  # statements a recap of a paid-off mystery took in with the one before
    for position, st in enumerate(statements):
        said = statement_chapter(_DUE.sub("", st.text))  # "第30章前后揭开" is when it pays off, not where it is
        talk_at, when = when, said if said is not None else when  # "In 15, Pike notices…": planted in the chapter the talk is at
        if not st.by_author and st.text.rstrip().endswith(("?", "？")):
            # the answer answers the message's last question: "这个是线索吧？他会把表带走吗？" asks about the watch
            question = re.split(r"(?<=[.!。！])\s*", st.text.strip())[-1]  # "…hook from chapter 2. Why did he?"
            asked = st.message_index if _asks_hook(question) else None
            # "黑猫一直没交代来历，要不要设定了？" asks for an answer — a hook only if the author keeps it back
            weak = asked is None and bool(_ASKS_SECRET.search(question))
            asked = st.message_index if weak else asked
        answered = st.by_author and asked is not None and st.message_index == asked + 1
        if answered and weak and not _DEFER.search(st.text):
            answered = False
        if answered and _NO.match(st.text):
            asked = None
        elif answered and (_YES.fullmatch(st.text.strip()) or _hollow(st)):
            continue  # "Yes." / "就是他。" — the hook is what the message goes on to say
        titled = _HOOK_TITLED.search(st.text)
        if titled and out and out[-1].item.get("status") == "Unresolved":
            # 伏笔“半张当票” / the "Widow's Mark" hook: the name the talk settles on for the hook just planted
            out[-1].item["name"] = next(g for g in titled.groups() if g)
        if is_summary(st):
            continue
        text, low = st.text, st.text.lower()
        zh = _zh(text)
        resolve = any(c in text for c in lx.HOOK_RESOLVE_ZH) if zh else \
            any(re.search(rf"\b{re.escape(c)}", low) for c in lx.HOOK_RESOLVE_EN)
        # "我打算第30章前后揭开" / "I want that answered by chapter 35": a payoff promised for later plants, not pays
        resolve = resolve and not (_LATER_ZH.search(text) if zh else _LATER_EN.search(low))
        closing = st.by_author and bool(payoffs.CLOSING.search(text))  # "这条伏笔就算结了", "So that one's resolved."
        resolve = resolve or closing
        bare = low
        for name in st.names:  # "Widow's Hook" is a name, not a hook
            bare = bare.replace(name.lower(), " ")
        plant = any(c in text for c in lx.HOOK_CUES_ZH) if zh else \
            any(re.search(rf"\b{re.escape(c)}s?\b", bare) for c in lx.HOOK_CUES_EN)
        plant = plant or bool((_OPEN_ZH if zh else _OPEN_EN).search(text)) or zh and bool(_NOT_UNTIL_ZH.search(text))
        if _ASKS_HELP.search(text) or _NOT_NOTED.search(text):
            plant = False  # "你帮我想想她的来历" asks the assistant for ideas; it plants nothing in the story
        involves = [n for n in st.names if kinds.get(n) in _INVOLVED]
        fresh = answered and not resolve and not st.text.rstrip().endswith(("?", "？", "吗"))
        if fresh:
            plant, asked = True, None  # "Is there a clue you want planted?" — "Yes. In 15, Pike notices…"
        # ("…missing from chapter two; chapter four explained it": a chapter's number ends a statement)
        told = " ".join(x.quote for x in statements[position:position + 2] if x.message_index == st.message_index)
        alone = across = None
        if st.by_author and position not in recapped:
            alone = payoffs.paid_off_already(st.quote, zh, talk_at)
            across = None if alone else payoffs.paid_off_already(told, zh)
            if across and position + 1 < len(statements) and payoffs.paid_off_already(statements[position + 1].quote, zh,
                                                                                       talk_at):
                across = None  # (the next sentence tells it on its own)
        recap = alone or across
        if resolve and zh and not recap and not closing and _PLANTED_NOW_ZH.search(text) and _PAYOFF_AT_ZH.search(text) \
                and not _THAT_HOOK_ZH.search(text):
            resolve = False  # "埋个伏笔：…，第25章揭开": planted now, paid off in chapter 25
        if resolve and not zh and not closing and _PLANTED_NOW_EN.search(low) \
                and _PAYOFF_AT_EN.search(low) and not _THAT_HOOK_EN.search(low):
            resolve, recap = False, None  # "Plant this in ch. 20: …, revealed in ch. 25." (to be written, both)
        if across:
            recapped.add(position + 1)
        if position in recapped:
            continue
        if out and out[-1].item.get("status") == "Resolved" and (payoffs.CLOSED.fullmatch(st.quote.strip()) or closing and
                                                                 out[-1].statement.message_index == st.message_index):
            asked = None if answered else asked  # (the question asked for this payoff; what follows is no new hook)
            continue  # "Consider that hook closed.": said of the payoff just told, no hook of its own
        if recap and not resolve or recap and not payoffs.matching_hook(text, canon_hooks + [
                f.item for f in out if f.item.get("status") != "Resolved"]):
            # "第3章后台丢了戏本，第7章已交代：是顺子偷去当了" / "Oil kept going missing from chapter two; chapter four
            # explained it": a mystery the book planted and paid off already, told in one breath
            said = told if position + 1 in recapped else st.quote
            involves = list(dict.fromkeys(n for x in statements[position:position + (2 if position + 1 in recapped else 1)]
                                          for n in x.names if kinds.get(n) in _INVOLVED))
            # (what the recap is about, not when: "…就发抖（第3章埋的）" is about 就发抖)
            about = re.sub(r"[（(]\s*[）)]", "", payoffs.ZH_CHAPTER_MARK.sub("", recap[2])) if zh else said
            item = {"name": _hook_name(about, zh) or about[:16], "description": said, "status": "Resolved",
                    "involves": involves, "planted_in": recap[0], "resolved_in": recap[1]}
            # (a recap told across a question — "…from chapter two, where the oil kept going missing? That's done —
            # chapter four already explained it." — stands on the sentence that answers it)
            joined = position + 1 in recapped
            out.append(Finding("hooks", item, statements[position + 1] if joined else st, entities=involves,
                               extra=[st] if joined else []))
            continue
        if resolve:
            asked = None if answered else asked
            opened = canon_hooks + [f.item for f in out if f.item.get("status") != "Resolved"]
            target = payoffs.matching_hook(text, opened)
            if target is None and st.by_author:
                target = payoffs.closed_by_pointing(st, statements, out, opened) if closing else None
                if target is None and (asked_for := payoffs.quoted_hook(st, statements)) is not None:
                    # "第9章埋的“小黎为什么总在半夜进机房”，这次要不要收？" — "收。第21章揭开：…": a hook the book
                    # planted and this talk pays off, under the name it was quoted by
                    name, planted = asked_for
                    item = {"name": name, "description": st.quote, "status": "Resolved", "involves": involves}
                    if planted is not None:
                        item["planted_in"] = planted
                    # ("第21章揭开": paid here; "第5章埋的“…”，我想第9章收掉": not where it was planted)
                    paid = next((n for c in re.finditer(payoffs.ZH_CHAPTER if zh else rf"(?i){payoffs.EN_CHAPTER}", text)
                                 if (n := number_in(c.group(1).lower())) is not None and (planted is None or n > planted)), None)
                    paid = talk_at if paid is None else paid
                    if paid is not None and (planted is None or paid > planted):
                        item["resolved_in"] = paid
                    out.append(Finding("hooks", item, st, entities=involves))
                    continue
            if target is not None:
                item = {"name": target["name"], "status": "Resolved"}
                if when is not None:
                    item["resolved_in"] = when
                out.append(Finding("hooks", item, st, entities=involves))
            elif (told := _told_later(st, statements, position, talk_at, zh, kinds, involves)) is not None:
                out.append(told)
            continue  # a payoff of something unknown plants nothing
        if not plant and not (out and st.message_index - out[-1].statement.message_index <= 1
                                     and out[-1].item.get("status") == "Unresolved") \
                and (told := _told_later(st, statements, position, talk_at, zh, kinds, involves)) is not None:
            out.append(told)
            continue
        promised = (_LATER_ZH.search(text) if zh else _LATER_EN.search(low)) and _due(text)
        if not plant and promised and out and out[-1].item.get("status") == "Unresolved" \
                and st.message_index - out[-1].statement.message_index <= 1:
            _add_to(out[-1], st)  # "…a key that opens nothing. Pay-off around ch 40.": when the hook just planted is due
            continue
        # "Hesper says one odd thing: '…' Pay that off by ch 40.": a payoff promised plants what was just said
        plant = plant or bool(promised) and position > 0 and _meta_only(text, zh) and not is_summary(st)
        if not plant or st.text.rstrip().endswith(("?", "？", "吗")):
            continue  # "So the beacon mystery is closed?": a question plants nothing
        subject = _HOOK_SUBJECT_ZH.search(text) if zh else None
        # "渊底封着一个东西，这是伏笔": the sentence names its hook; "就记这个伏笔" alone points at an earlier one
        name = _hook_name(_POINTING_ZH.sub("", text) if zh else text, zh)
        # ("这个先埋着" names 这个着, "真相留着" 真相着: a pointer and a particle, no hook of its own)
        core = re.sub(r"这个|那个|这件事|这事|真相|[这那此它着了]", "", name) if zh else name
        pointing = len(core) < (2 if zh else 8) or len(name) < (3 if zh else 8) or \
            bool(_POINTING.fullmatch(name.strip())) or \
            bool(_DEFER_ONLY.fullmatch(st.quote))  # "Leave it there, no explanation.": about what was just said
        # "Who wrote it stays a mystery until around chapter thirty." / "大概四十章左右揭开": when the thing just
        # described pays off, naming nothing new
        promise = bool(promised) and not fresh and position > 0 and bool(_POINTS_BACK.match(text)) and \
            statements[position - 1].message_index == st.message_index and \
            set(involves) <= set(statements[position - 1].names)
        # "Plant in 50, reveal by ch 70." / "这个先不揭，留到95章。": when, of what the sentence before said
        bare_meta = position > 0 and not subject and not fresh and _meta_only(text, zh)
        promise = promise or bare_meta
        pointing = pointing or promise
        planted = [f for f in out if f.item.get("status") == "Unresolved"]
        last = planted[-1] if planted else None
        recent = last is not None and st.message_index - last.statement.message_index <= 2 and \
            set(involves) <= set(last.item.get("involves") or [])
        # (… but "That pays off at ch. 25." / "这个先埋着" after a new beat in a later message is about that beat)
        new_beat = pointing and position > 0 and last is not None and \
            statements[position - 1].message_index == st.message_index and \
            (st.message_index > last.statement.message_index + 1 or statement_chapter(statements[position - 1].text)
             is not None) and statements[position - 1] not in (last.statement, *last.extra)
        if last is not None and not subject and not fresh and (recent or pointing and not involves) and not new_beat:
            _add_to(last, st)  # "这个先别写进正文，只是伏笔" / "Nobody knows yet": more about the hook just planted
            continue
        described, lead = st, None
        if subject:  # "三点十七分是伏笔": the hook is that detail, as the talk first gave it
            name = subject.group(1)
            described = next((s for s in statements[:position] if name in s.text), st)
        elif pointing:
            # "我想埋个伏笔。" — the hook is what the next sentence of the same message says; "就记这个伏笔" /
            # "I want that answered by chapter 35" — what the sentence before it said
            follow = next((s for s in statements[position + 1:position + 2] if s.message_index == st.message_index
                           and not _POINTING_ZH.search(text)), None)
            before = next((s for s in reversed(statements[:position]) if not s.text.rstrip().endswith(("?", "？"))
                           and not is_summary(s) and len(s.text) >= 8), None)
            back = re.match(r"(?i)\s*(?:that(?:['’]s| is| was)|this is|这(?:是|就是|个|条))", text)  # ("That's a thread…")
            source = before if promise or back else follow or before
            if source is None:
                continue
            if last is not None and source is before and before in (last.statement, *last.extra):
                _add_to(last, st)  # "I want that answered by chapter 35": more about the hook just planted
                continue
            described, name = source, _hook_name(source.text, zh) or source.quote[:16]
            at = statements.index(source)
            opening = statements[at - 1] if at and promise else None
            if opening and opening.message_index == source.message_index and _GOES_ON.match(source.quote) and \
                    not opening.text.rstrip().endswith(("?", "？")) and not is_summary(opening):
                # "Sven buried something in a coffee can. June saw him. That pays off at ch. 25.": the beat began a
                # sentence earlier than the one the payoff follows
                lead = opening
        if described is st and _hollow(st):
            # "行，就这个。": the hook is the proposal it takes up, in the message before
            described = next((s for s in reversed(statements[:position]) if s.message_index == st.message_index - 1
                              and not s.text.rstrip().endswith(("?", "？"))), None)
            if described is None:
                continue
            name = _hook_name(described.text, zh) or described.quote[:16]
        if described is not st:
            involves = [n for n in described.names if kinds.get(n) in _INVOLVED]
        if not involves and st.focus and re.search(r"\bwho\b|谁", text, re.I):
            involves = [st.focus]  # "Who did it I'm not deciding yet": the question is about the one it befell
        if not involves:
            # "加个禁地，万骨渊…。渊底封着一个东西，这是伏笔" / "黑风寨寨主呢？" — "寨主跑了，这个留着以后用": the hook
            # is about what the talk just named — the question it answers, the sentence before
            for before in reversed(statements[max(0, position - 6):position]):
                involves = [n for n in before.names if kinds.get(n) in _INVOLVED and kinds.get(n) != "Character"
                            and n not in generic]
                if involves or before.message_index < st.message_index - 2:
                    break
        description = _HOOK_LABEL.sub("", _PLANT_LEAD_EN.sub("", described.quote)) or described.quote
        if lead is not None:
            description, name = f"{lead.quote} {description}", _hook_name(lead.text, zh) or name
            involves = list(dict.fromkeys([*(n for n in lead.names if kinds.get(n) in _INVOLVED), *involves]))
        if described is st and position and _WHO_OPEN.search(text) and (before := statements[position - 1]) and \
                before.message_index == st.message_index and not before.text.rstrip().endswith(("?", "？")):
            description = f"{before.quote} {description}"  # "The poison is foxglove… Who did it stays open."
        item = {"name": name, "description": description,
                "status": "Unresolved", "involves": involves}
        there = statement_chapter(_DUE.sub("", described.text)) if described is not st else None
        if (there or when) is not None:  # "先不交代，留着。第六章我会写…": planted where the described beat is
            item["planted_in"] = there or when
        if due := _due(text):
            item["due_by"] = due
        if described is not st and described.by_author and not st.by_author:
            # "这是个好伏笔" said of the author's own sentence: the hook is the author's, the remark its support
            out.append(Finding("hooks", item, described, entities=involves, extra=[st]))
        else:
            out.append(Finding("hooks", item, st, entities=involves, extra=[x for x in (lead, described) if x is not None and x is not st]))
    for f in out:  # a mystery is about people and things: where it happens is only its setting (when they are named)
        people = [n for n in f.item.get("involves") or [] if kinds.get(n) in ("Character", "Item")]
        if people:
            f.item["involves"] = people
    return _one_per_secret(out)


def _one_per_secret(found: list[Finding]) -> list[Finding]:
    """"…说了两个字「井底」" then "岳千山遗言「井底」作为伏笔": one secret said twice is one hook (the first)."""
    def quoted(f: Finding) -> set[str]:
        return set(re.findall(r"[「『“\"]([^」』”\"]{2,16})[」』”\"]", f"{f.item['name']} {f.item.get('description', '')}"))

    kept: list[Finding] = []
    for f in found:
        said = quoted(f)
        same = next((k for k in kept if said and k.item.get("status") == f.item.get("status") == "Unresolved"
                     and set(k.item.get("involves") or []) == set(f.item.get("involves") or [])
                     and said & quoted(k)), None)
        if same is None:
            kept.append(f)
        else:
            same.extra += [f.statement, *f.extra]
    return kept


_INVOLVED = ("Character", "Item", "Location", "Faction", "Ability")
# "Small mystery thread: in chapter 3 …" / "伏笔：…": the author's label and the chapter are not the hook's content
_PLANT_LEAD_EN = re.compile(r"(?i)^[^:]{0,60}?\bplant\b[^:]{0,30}:\s*")
_HOOK_LABEL = re.compile(r"(?i)^[^：:\n]{0,14}?(?:伏笔|悬念|钩子|线索|mystery|hook|thread|clue)[^：:\n]{0,8}[：:]\s*"
                         r"(?:in chapter \d+,?\s*)?")
# ("第88章揭晓黑衣人身份" is the payoff, in the chapter the talk is at; "约第30章揭晓" / "第80章前回收" are promises)
_PLANTED_NOW_EN = re.compile(r"\bplant(?:ing)?\b|\bset up\b|\bforeshadow\b")
_PAYOFF_AT_EN = re.compile(r"\b(?:revealed|resolved|paid off|pays off|explained|answered|comes out)\s+(?:in|by|at)\s+"
                           r"(?:chapter|ch\.?)\s*\d+")
_THAT_HOOK_EN = re.compile(r"\b(?:that|this|the) (?:hook|thread|clue|mystery|setup)\b")
_PLANTED_NOW_ZH = re.compile(r"埋(?:下|个|一个|一条|了)|留(?:个|一个|下)(?:伏笔|悬念|扣子|钩子)|(?:是|当|作为)(?:个|一个)?伏笔")
_THAT_HOOK_ZH = re.compile(r"[这那](?:个|条)(?:伏笔|悬念|坑)|至此")  # a hook already planted, paid off now
_PAYOFF_AT_ZH = re.compile(r"第\s*[0-9〇零一二两三四五六七八九十百]+\s*[章回](?:再|才|就|会)?(?:揭开|揭晓|回收|揭示|解开|交代|收掉)"
                           r"(?![了过：:])")
_LATER_ZH = re.compile(r"(?:打算|准备|计划|将来|以后|之后|后面|再|要|会|才|留到|留待|前后|之前|以前|章前|回前|约|大概|最迟|最晚)"
                       r"[^，。！？]{0,6}?(?:揭开|揭晓|回收|揭示|解开|交代|收掉|填)")
# what opens a sentence about the thing just said: "Who wrote it…", "It pays off…", "大概四十章左右揭开"
_POINTS_BACK = re.compile(r"\s*(?:who|what|why|how|it|this|that|which|whoever|the answer|the truth|大概|预计|估计|约|"
                          r"之后|后面|这个|这|它)(?![A-Za-z])", re.I)
_LATER_EN = re.compile(r"\bby (?:chapter|chap\.?|ch\.?)\s*\d+|\b(?:later|eventually|someday|will|won't|want (?:that|it|this)|"
                       r"before the)\b[^.;!?]{0,30}\b(?:answer|reveal|resolve|pay|explain)|"
                       r"\b(?:answer|reveal|resolve|pay|explain|surface)\w*[^.;!?]{0,20}(?:\b(?:later|by (?:chapter|chap|ch))|"
                       r"(?:\baround|\babout|\broughly|~)\s*(?:ch(?:apter|ap)?\.?\s*)?\d)|"
                       # "That pays off at ch. 25", "the reveal is chapter twenty": a payoff named for a chapter to come
                       r"\b(?:pays|will pay)\s+(?:it\s+|that\s+|this\s+)?off\s+(?:at|in)\s+(?:ch(?:apter|ap)?\.?\s*)?\d|"
                       r"\bthe reveal is (?:in |at )?(?:ch(?:apter|ap)?\.?\s*)|"
                       r"\b(?:stays?|remains?|kept|keep it)\s+(?:a\s+)?(?:mystery|secret|hidden|open|unknown|unexplained)"
                       r"[^.;!?]{0,12}\b(?:until|till)\b|\bplanted in\b[^.;!?]{0,20}\b(?:answered|revealed|paid off) in\b")
_HOOK_TITLED = re.compile(r"(?:伏笔|悬念|钩子)\s*[“「『\"]([^”」』\"]{2,16})[”」』\"]|"
                          r"\b(?:hook|mystery|thread)\s+[\"“']([^\"”']{3,40})[\"”']|"
                          r"\bthe\s+[\"“']([^\"”']{3,40})[\"”']\s+(?:hook|mystery|thread)\b", re.I)
# "三点十七分是伏笔" / "这块玉算个伏笔": what comes before 是伏笔 is the hook
_HOOK_SUBJECT_ZH = re.compile(r"^(?:[^，,。！？]{0,6}[，,])?([^，,。！？：:]{2,12}?)(?:就|也)?(?:是|算|当|作为)(?:个|一个)?(?:伏笔|悬念|钩子)")
_POINTING_ZH = re.compile(r"这个伏笔|这是(?:个|一个)?(?:好)?伏笔|就记(?:下)?(?:这个|这)|记(?:下)?这个")
_POINTING = re.compile(r"(?i)(?:(?:i\s+)?(?:want|need|'d like)\s+)?(?:(?:that|this|it)(?:['’]s)?|one|a new one)(?:\s.*)?")


# "Who did it I haven't decided yet" / "谁下的毒我还没想好": a question of the story the author leaves open
_OPEN_EN = re.compile(r"(?i)\b(?:who|what|why|how)\b[^.?!]{0,40}\b(?:haven't decided|have not decided|not decided|"
                      r"undecided|don't know yet|do not know yet|not deciding|stays? open|left open|stays? unknown|"
                      r"(?:stays|remains) (?:a )?(?:mystery|unanswered|unexplained)|"
                      r"is (?:the )?(?:book's |story's |series' )?(?:spine|heart|central mystery|big question|mystery)\b)")
_OPEN_ZH = re.compile(r"(?:谁|什么|为什么|为何|怎么)[^。！？]{0,20}(?:还没想好|没想好|还没定|不揭|不说破|没人知道|先埋着|不知道|"
                      r"不解释|再揭|再解释|再说破|以后再说|后面再说|不点破|不交代)")
# "到第24章才揭开", "刺青第48章才露出来", "小郑到第40章才弄明白", "那封信留着，第30章以前揭": kept back until a chapter
_NOT_UNTIL_ZH = re.compile(r"第?\s*[0-9〇零一二两三四五六七八九十百]+\s*[章回](?:之前|以前|前后|左右)?才(?:揭开|揭晓|揭|露出来|露出|"
                           r"弄明白|明白|知道|想通|交代|说破|点破)|(?:先)?留着[，,][^。！？]{0,4}第?\s*[0-9〇零一二两三四五六七八九十百]+\s*[章回]"
                           r"(?:之前|以前|前)?(?:再)?揭|(?:就|早)埋了[，,]\s*(?:先)?留着")
_ASKS_SECRET = re.compile(r"(?i)来历|身世|秘密|没交代|真实身份|\bsecret\b|\bmystery\b|\bbackstory\b|\bwhere (?:it|he|she) came from")
_DEFER = re.compile(r"(?i)先不|留着|以后再|暂不|不交代|先别|\bnot yet\b|\bleave it\b|\bkeep it\b|\blater\b|\bfor now\b")
_DEFER_ONLY = re.compile(r"(?i)(?:\s|[，,。.!！;；]|and|but|leave it(?: there| at that| open)?|don't explain(?: it)?|"
                         r"no explanation|keep it (?:quiet|back)|not yet|(?:he|she|they) (?:doesn't|don't|never) tell"
                         r"(?:s)? anyone|tells no one|先不交代|不交代|留着|先别说破|先不说|先埋着|先不揭)+")
# a sentence that goes on from the one before it ("June saw him from the window.", "他没告诉任何人。")
_GOES_ON = re.compile(r"(?i)\W*(?:[\w'’]+\W+){0,3}?(?:he|him|she|her|they|them)\b|[^，,。！？]{0,6}[他她]")
_META_EN = re.compile(r"(?i)\b(?:plant(?:ed|ing)?|pay(?:s|ing)?|paid|off|reveal(?:ed|s)?|resolve[ds]?|answer(?:ed|s)?|"
                      r"explain(?:ed|s)?|hook|mystery|thread|clue|by|in|at|around|roughly|about|later|until|till|"
                      r"before|chapter|chap|ch|that|it|this|the|and|then|one|keep|leave|open|\d+|"
                      # "The reader doesn't know until ch. 28.", "I haven't decided why and I don't want to yet."
                      r"just between us|(?:the )?readers?|i|we|know|knows|won't|doesn't|don't|want|wants|to|yet|"
                      r"haven't|have not|decided|why|who|what|how)\b|[^\w\s]")
_META_ZH = re.compile(r"这个|那个|这条|这事|左右|前后|大概|差不多|拖到|先|不|别|揭开|揭晓|揭|回收|收|留到|留着|留|之前|以前|前|以后|后|再|到|"
                      r"第?[\d一二三四五六七八九十百零两]+章|伏笔|钩子|坑|埋|填|写|[^\w]")


def _meta_only(text: str, zh: bool) -> bool:
    """Only when and how a hook is planted or paid off, nothing of what it is ("Plant in 50, reveal by ch 70.")."""
    rest = (_META_ZH if zh else _META_EN).sub(" ", text)
    return len(re.sub(r"\s", "", rest)) < 2 if zh else not re.search(r"[A-Za-z]{2,}", rest)


_NOT_NOTED = re.compile(r"(?i)别记|不用记|不记|don't (?:note|record|log|write down)")  # "我还没想好，别记"
_ASKS_HELP = re.compile(r"(?i)帮我想|你帮我|你想想|你觉得|\bhelp me\b|\bcan you\b|\bcould you\b|\bany ideas\b")
_WHO_OPEN = re.compile(r"(?i)\bwho\b|谁")
_YES = re.compile(r"(?i)(?:yes|yeah|yep|sure|definitely|absolutely|oh,? yes|good idea|好主意|有|要|对|好|可以|行|当然)"
                  r"[。.!！，, ]*(?:好主意|有|要)?[。.!！]*")
_FILLER = re.compile(r"(?i)[\W\d_]|就是|就|是|这个|那个|这|那|他|她|它|们|行|好|对|吧|了|的|呀|啊|嗯|"
                     r"\b(?:yes|yeah|yep|sure|that|this|one|it|is|the|a|an|s|go|with|and|hook|clue|first|second|third|"
                     r"him|her|them|he|she|they|ok|okay|fine|good|great|perfect|exactly)\b")


def _hollow(st: Statement) -> bool:
    """"就是他。" / "行，就这个。" / "That's the second hook.": an answer that says nothing of its own."""
    text = st.text
    for name in st.names:
        text = text.replace(name, " ")
    return len(_FILLER.sub("", text)) < (3 if _zh(st.text) else 6)


_NO = re.compile(r"(?i)\s*(?:no\b|nope|not really|不|没有|没)")


def _asks_hook(text: str) -> bool:
    # "你前面埋过韩东篱几次半夜出门" / "you planted his limp back in 4": what was planted, not a new one asked for
    text = re.sub(r"埋过|埋了|(?:already|you(?:'ve)?|we(?:'ve)?) planted", "", text, flags=re.I)
    # "One open question: is Yrsa from Zahreth?": the assistant's own question, labelled, asks for no hook
    text = re.sub(r"(?i)\b(?:one|an?|the|last|final)?\s*(?:open )?questions?\s*[:：]", "", text)
    low = text.lower()
    return any(c in text for c in lx.HOOK_ASKS_ZH) if _zh(text) else \
        any(re.search(rf"\b{re.escape(c)}", low) for c in lx.HOOK_ASKS_EN)


def _add_to(hook: Finding, st: Statement) -> None:
    hook.extra.append(st)
    if due := _due(st.text):
        hook.item["due_by"] = due


_DUE = re.compile(rf"第?\s*({_NUM})\s*[章回](?:之前|以前|前后|前|左右)?[要再才就得]?(?:揭开|揭晓|回收|揭示|解开|交代|收掉|再揭|收|揭|露出来|露出|弄明白)|"
                  rf"(?:留到|留至|拖到)\s*第?\s*({_NUM})\s*[章回]|"  # "这个先不揭，留到95章"
                  r"by (?:chapter|chap\.?|ch\.?)\s*(\d+)|"
                  # "pay-off around ch 40", "reveal somewhere around 25", "to surface ~ch 22"
                  r"\b(?:pay-?offs?|(?:pays?|paid)(?: (?:it|that|this|them))? off|reveal\w*|resolv\w*|surfaces?|answer\w*|explain\w*|"
                  r"find(?:s)? out|learns?)"
                  r"[^.;!?\d]{0,24}?(?:ch(?:apter|ap)?\.?\s*|(?:around|about|by|near|~|at|in|until|till)\s*"
                  rf"(?:ch(?:apter|ap)?\.?\s*)?)({EN_NUMBER})\b(?!\s*(?:parts?|days?|years?|weeks?|months?|times|hours?))|"
                  # "who wrote it stays a mystery until around chapter thirty"
                  r"\b(?:mystery|secret|hidden|unexplained|unknown)[^.;!?\d]{0,12}?\b(?:until|till)\s+(?:around\s+|about\s+)?"
                  rf"(?:ch(?:apter|ap)?\.?\s*)?({EN_NUMBER})\b", re.I)


def _told_later(st: Statement, statements: list[Statement], position: int, talk_at: int | None, zh: bool,
                kinds: dict[str, str], involves: list[str]) -> Finding | None:
    """A mystery said with the chapter that tells it (payoffs.told_later) — in this sentence, or begun in the one
    before it in the same message: "…went missing in ch 5; it surfaces by ch 20", "…茶砖里夹了烟土。谁夹的…第30章
    之前揭开" (a question that opens on who or what is about the sentence before)."""
    before = statements[position - 1] if position else None
    before = before if before is not None and before.message_index == st.message_index and \
        not before.text.rstrip().endswith(("?", "？")) else None
    told = payoffs.told_later(st.text, talk_at) if zh else payoffs.told_later_en(st.text, talk_at)
    lead = None
    if before is not None and (told is None and before.quote.rstrip().endswith((";", "；")) or
                               told is not None and re.match(r"\s*(?:谁|什么|怎么|为什么|为何|哪)", st.text)):
        joined = f"{before.text} {st.text}"
        told = payoffs.told_later(joined, talk_at) if zh else payoffs.told_later_en(joined, talk_at)
        lead = before if told is not None else None
    if told is None:
        return None
    planted, at, resolved, what = told
    name = _hook_name(what, zh) or what[:16 if zh else 60]
    name = re.sub(r"(?:约|大概|大约|预计|估计|最迟|最晚|前后|左右|到|在)+$", "", name) or name
    item = {"name": name, "description": f"{lead.quote} {st.quote}" if lead else st.quote, "planted_in": planted,
            **({"status": "Resolved", "resolved_in": at} if resolved else {"status": "Unresolved", "due_by": at})}
    if lead is not None:
        involves = list(dict.fromkeys([*(n for n in lead.names if kinds.get(n) in _INVOLVED), *involves]))
    item["involves"] = involves
    return Finding("hooks", item, st, entities=involves, extra=[lead] if lead else [])


def _due(text: str) -> int | None:
    due = _DUE.search(text)
    return number_in(next(g for g in due.groups() if g).lower()) if due else None


# "「井底」是什么先不解释" / "what 'the Quiet' means": the quoted words the talk asks about are the hook's name
_QUOTED_ASKED = re.compile(r"[「『“\"']([^」』”\"']{2,16})[」』”\"']\s*(?:是什么|是谁|指的是|指什么|的意思|的含义|到底|究竟|"
                           r"\b(?:means|is about|refers to)\b)|\b(?:what|who)\s+[\"“']([^\"”']{2,30})[\"”']", re.I)


def _hook_name(text: str, zh: bool) -> str:
    if asked := _QUOTED_ASKED.search(text):
        return asked.group(1) or asked.group(2)
    if zh:
        m = _HOOK_NOUN_ZH.search(text) or _HOOK_AFTER_ZH.search(text)
        if m:
            return _clean_zh(m.group(1))
        # ("另外，您第6章写过那扇百鸟朝凤屏…": each lead-in word comes off, one after another)
        lead = re.compile(rf"^(?:(?:哦|噢)?(?:还有|另外|对了|顺便|然后|再就是|比如|例如|其实|估计|大概|我觉得|我现在)[，,、：:]?|"
                          rf"(?:第\s*{_NUM}\s*章|{_NUM}\s*章)[，,：:]?|[您你]|(?:写过|写了|提过|埋过)(?=[\u4e00-\u9fff]{{3}})|"
                          rf"[那这][扇个张块只封本座件幅把道])|我会写|我要写|我想写|我打算写")
        while (shorter := lead.sub("", text, count=1)) != text:
            text = shorter
        # "钢琴声到底哪来的我还没想好": what is open, without the author's note that it is
        text = re.sub(r"(?:我|我们)?(?:还|一直|暂时)?(?:没想好|没定|没想清楚|不确定).*$|到底|究竟", "", text)
        text = re.sub(r"[那这]个坑.*$|的坑.*$|[那这]条.*$", "", text)  # "锚点失效那个坑第六章埋": the hook is what the 坑 is
        text = re.sub(r"^(?:我|我们)?(?:之前|前面|已经)?(?:写过|写了|埋过|埋了)", "", text)  # "(第7章)我写过小伟总缺训"
        clause = re.sub(r"(?:我想|我们|这里|先|要|在这|埋(?:下|个|一个)?|留(?:个|一个|下)?|伏笔|悬念|钩子|一个|吧|呢|啊)", "", text)
        clause = re.split(r"[，,。！？!?；;：:—]", clause.strip("，,：: "))[0]
        return clause[:16] if len(clause) >= 2 else ""
    # "…, revealed in ch. 25.": when it pays off is not what it is
    text = re.sub(r"(?i)[,;]?\s*(?:to be\s+|it's\s+|it is\s+|and\s+)?(?:revealed|resolved|paid off|explained|answered)"
                  r"\s+(?:in|by)\s+(?:chapter|ch\.?)\s*\d+\.?\s*$", "", text)
    # "Small mystery thread: in chapter 3 Thorne notices …": the label and the chapter are not the hook
    text = re.sub(r"(?i)^(?:yes|yeah|yep|sure|ok(?:ay)?)\b[,.!]?\s*(?:(?:plant|add|put in|use)\s+(?:this|that)\s*:\s*)?",
                  "", text)
    # "Rift stays subtext, but plant one thing in ch 6: Peter won't go into the byre": what is planted follows the colon
    text = _PLANT_LEAD_EN.sub("", text)
    text = re.sub(r"(?i)^(?:[\w\- ]{0,20}\b(?:mystery|hook|thread|clue|setup|foreshadowing)(?: thread)?"
                  r"(?:\s+for\s+(?:chapter|ch\.?)\s*\d+)?\s*:\s*)?"
                  r"(?:(?:in |by )?(?:chapter |ch\.?\s*)\d+,?\s*|(?:in |by )\d+,\s*)?", "", text)
    m = _HOOK_EN.search(text)
    if m:
        lead = "Who " if m.group(0).lower().startswith("who") else ""
        # ("…: planted in 6", "who threw it — leave that open, I'll pay it off": when and how is not what)
        said = re.split(r"\s*:\s*(?=planted\b|due\b|answered\b)|\s+[—–]\s+|\s+-\s+|,\s*(?:I|we)\b|\s+--\s+", m.group(1))[0]
        return lead + said.strip(" ,.:;\"'").rstrip()[:60]
    words = re.sub(r"(?i)\b(?:let's|we|i|want to|should|plant|a|an|hook|foreshadowing|here|about)\b", "", text)
    words = " ".join(words.split())
    head = re.split(r"\s*[(—–]\s*", words)[0]  # "The resealed envelopes (ch. 4) — resolved in ch. 14": what, not when
    words = head if len(head) >= 8 else words
    return words[:60] if len(words) >= 4 else ""


def _clean_zh(name: str) -> str:
    name = re.sub(rf"^(?:第\s*{_NUM}\s*章|{_NUM}\s*章)[，,：:]?", "", name)  # "12章远程登录": the chapter is when, not what
    name = re.sub(rf"[，,]\s*(?:第\s*{_NUM}\s*[章回]|{_NUM}\s*章)[^，,]*$", "", name)  # "…，第25章揭开": nor when it pays off
    return re.sub(r"^(?:关于|就是|是|有关|那个|这个|一个|埋下|埋个|留下|留个)", "", name).strip("，,：: ")


_SUMMARY = re.compile(r"^(?:(?:好的?|明白|记下|整理|收到|总结|汇总|我记一下)(?:了|一下|下来)?|行|记[一两三四几]条设定|updated|"
                      r"noted|got it|ok|okay|summary|so:|stored|saved)[，,：:。.!！ ]", re.I)


def is_summary(st: Statement) -> bool:
    """The assistant restating what was agreed ("好：…", "Updated: …"): it adds no new setting, hook or outline."""
    return not st.by_author and bool(_SUMMARY.match(st.quote.strip()))
