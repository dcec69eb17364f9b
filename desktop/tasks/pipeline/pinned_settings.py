"""A setting said as one piece: pinned down with its header ("记一下赛制：…", "规矩记一下：…", "pin down the
station layout: …"), offered by the assistant and taken up, or listed a line per item under a header."""

from __future__ import annotations

import itertools
import re

from desktop.tasks.pipeline.findings import Finding
from desktop.tasks.pipeline.sections import CJK, _zh
from desktop.tasks.pipeline.setting_drafts import DRAFT_ASKED, REFUSED, as_amended
from desktop.tasks.pipeline.statements import Statement

# the words that say a list or a line is the world's rules, or its lay-out
_RULES_EN = r"rules?|code|laws?|customs|taboos|regulations"
_RULES_ZH = "规则|规矩|禁忌|守则|门规|家规|帮规|班规|行规|铺规|规定|章程|戒律|制度"
_LIST_HEADER = re.compile(rf"(?i)\b(?:{_RULES_EN}|layout|setting)\b|{_RULES_ZH}|设定|格局|赛制")
_LAYOUT_WORDS = re.compile(r"(?i)\b(?:geography|layout|map)\b|地理|地图|格局|路线")
_RULE_WORDS = re.compile(rf"(?i)\b(?:{_RULES_EN})\b|{_RULES_ZH}")
_LIST_TITLE_EN = re.compile(rf"(?i)((?:the\s+)?(?:[\w'’\-]+\s+){{0,3}}?(?:{_RULES_EN}|layout))\b")
_LIST_TITLE_ZH = re.compile(rf"([{CJK}]{{0,6}}?(?:{_RULES_ZH}|格局|赛制))")


_OFFERED_ZH = re.compile(rf"把([{CJK}A-Za-z0-9·]{{2,16}}?)(?:写进|记进|写成|记成|放进|加进|整理成|列进)"
                         rf"(?:设定|世界观|资料)|有没有([{CJK}]{{0,6}}?(?:规矩|班规|门规|家规|帮规|规则|戒律|禁忌|行规))")
_OFFERED_EN = re.compile(r"(?i)\b(?:write|put|note|jot|set|pin)\s+(?:up\s+|down\s+)?(.{3,50}?)\s+(?:as|in|into)\s+"
                         r"(?:a\s+|the\s+)?setting|\b(?:want|like|need)\s+(?:a\s+|the\s+)?(.{3,50}?)\s+as\s+a\s+setting")
_AGREED = re.compile(r"(?i)^\s*(?:yes|yeah|yep|sure|ok(?:ay)?|please|go ahead|do it|写|要|好|可以|行|记|对|有)(?![a-z])")
# "And pin down the station layout: three rings — …" / "记一下赛制：…": the header and the setting on one line
_PINNED = re.compile(r"(?i)^\s*(?:and\s+|also\s+)?(?:pin down|write down|note down|note|put down|set down|record)\s+"
                     rf"(?:the\s+)?((?:[\w'’\-]+\s+){{0,3}}?(?:{_RULES_EN}|layout|geography|calendar|currency|"
                     r"hierarchy|map))\s*:\s*(\S.*)$|"
                     rf"^\s*(?:还有|另外)?(?:记一下|写一下|定一下|记下)([{CJK}]{{2,8}}?)[：:]\s*(\S.*)$|"
                     # "规矩记一下：…", "另外把关外的地理也记上：…", "伪学之禁你写成：…": the subject said first
                     rf"^\s*(?:还有|另外|对了)?[，,]?(?:把)?([{CJK}]{{2,8}}?)(?:也|就)?(?:你)?(?:记一下|记下来|记下|写一下|记上|"
                     rf"写成|记成|就写|这样写|这样记)[：:]\s*(\S.*)$")


def written_up(statements: list[Statement]) -> list[Finding]:
    """"Should I write up the hospital's admission rules as a setting?" — "Yes: at St. Brannock's …": the answer's
    first line is that setting; and "And pin down the station layout: three rings — …" is one said outright."""
    out: list[Finding] = []
    for position, st in enumerate(statements):
        pinned = _PINNED.match(st.quote) if st.by_author else None
        offered = (_OFFERED_ZH if _zh(st.quote) else _OFFERED_EN).search(st.quote) \
            if not st.by_author and st.quote.rstrip().endswith(("?", "？")) else None
        if pinned:
            title, first = (pinned.group(1) or pinned.group(3) or pinned.group(5)).strip(), \
                pinned.group(2) or pinned.group(4) or pinned.group(6)
            lines = [x for x in statements[position + 1:] if x.message_index == st.message_index and x.line == st.line]
            body, source = ("" if _zh(st.quote) else " ").join([first, *(x.quote for x in lines)]), st
        elif offered:
            reply = [x for x in statements if x.message_index == st.message_index + 1 and x.by_author]
            if not reply or not _AGREED.match(reply[0].quote) or DRAFT_ASKED.search(" ".join(x.quote for x in reply)):
                continue  # ("要。你先拟，我来改。": the entry is the draft that follows, as the author amends it)
            lines = [x for x in reply[1:] if x.line == reply[0].line]
            first = re.sub(r"^[\s,，.。!！:：]*", "", _AGREED.sub("", reply[0].quote, count=1))
            if first.rstrip().endswith((":", "：")):  # "有，你记一下：" and the rules a line each
                first = ""
                lines = list(itertools.takewhile(lambda x: x.listed, reply[1:]))
            joined = ("" if _zh(first) else " ").join([first, *(x.quote for x in lines)])
            body, source, title = joined.strip(), reply[0], next(g for g in offered.groups() if g)
        else:
            continue
        if len(body) < 8 or re.search(r"(?i)伏笔|钩子|悬念|\bhook\b|\bmystery\b", title):
            continue  # ("这个伏笔要记一下：…" is a hook to note, not the world)
        title = re.sub(r"(?i)^the\s+", "", title.strip())
        if _zh(title) and re.fullmatch(rf"{_RULES_ZH}|地理|设定", title):
            # "另外番摊的规矩要不要记一下" — "规矩记一下：…": whose rules the question said
            asked = " ".join(x.quote for x in statements if x.message_index == source.message_index - 1)
            owner = re.search(rf"(?:另外|还有|那|把)?([{CJK}]{{2,6}}?)的?{title}", asked)
            title = f"{owner.group(1)}{title}" if owner else title
        covered = [source, *lines]
        names = list(dict.fromkeys(n for x in covered for n in x.names))
        item = {"title": title, "category": "rule" if _RULE_WORDS.search(title) else
                "geography" if _LAYOUT_WORDS.search(title) else "world", "body": body, "entities": names}
        out.append(Finding("settings", item, source, entities=names, extra=lines))
    return out


def listed(statements: list[Statement]) -> list[Finding]:
    """"Put the ship's rules in the setting:" / "规则我先列出来：" and then a line per item: one entry, the header
    naming it and the lines its body."""
    out: list[Finding] = []
    for position, st in enumerate(statements):
        # ("基地的规矩要不要整理成设定？我理了一版：": the header's words may be the sentence before it)
        prior = statements[position - 1] if position and statements[position - 1].message_index == st.message_index \
            and not st.by_author else None
        header = next((x.quote for x in (st, prior) if x is not None and _LIST_HEADER.search(x.quote)), None)
        if st.listed or not st.quote.rstrip().endswith((":", "：")) or header is None:
            continue
        items: list[Statement] = []
        for x in statements[position + 1:]:
            if x.message_index != st.message_index or not x.listed:
                break
            items.append(x)
        if len(items) < 2:
            continue
        zh = _zh(st.quote)
        amended = as_amended(st, items, statements)  # (the assistant's draft, as the author's answer leaves it)
        if amended is None:
            continue
        lines, edits = amended
        named = (_LIST_TITLE_ZH if zh else _LIST_TITLE_EN).search(header)
        title = named.group(1).strip() if named else st.quote.rstrip(":： ")
        if zh:  # 基地的规矩 → 基地规矩; 我把船闸的过闸规矩 → 船闸过闸规矩, 另外我给小报的行规 → 小报行规
            title = re.sub(rf"^[{CJK}]*?(?:把|给|将|替)(?=[{CJK}]{{2}})", "", title)
            title = re.sub(rf"^(?:另外|还有|那)?(.+?)的(?=[{CJK}]{{0,4}}(?:{_RULES_ZH}))", r"\1", title)
        title = re.sub(r"(?i)^(?:(?:and|yes|so|also|put|write|note|set|pin|jot|add|record|down|up|the)\s+)+", "",
                       title) if not zh else title
        body = ("；" if zh else "; ").join(lines)
        names = list(dict.fromkeys(n for x in items for n in x.names))
        item = {"title": title, "category": "rule" if _RULE_WORDS.search(header) else "world", "body": body,
                "entities": names}
        out.append(Finding("settings", item, edits[0] if edits else st, entities=names,
                           extra=[st, *items, *edits[1:]] if edits else items))
    return out


# "【颜料】唐卡用矿物颜料：…", "Salt of Taoudenni: the miners cut salt…", 'a route note, "The South Atlantic route": …':
# a note the assistant drafts under its own title, a paragraph each
_NOTE_ZH = re.compile(r"^\s*【([^】]{1,12})】\s*(\S.*)$")
_NOTE_EN = re.compile(r"^\s*((?:The\s+|An?\s+)?[A-Z][\w'’\-]*(?:\s+(?:of|the|and|[\w'’\-]+)){0,4})\s*:\s+(\S.*)$|"
                      r"\bnote,?\s+[\"“]([^\"”]{3,40})[\"”]\s*:\s*(\S.*)$")
_NOTES_OFFERED = re.compile(r"(?i)\bnotes?\b|\bdrafts?\b|\bsettings?\b|\bentr(?:y|ies)\b|设定|条目|拟了|整理|理成|写了")
_NOT_A_NOTE_TITLE = re.compile(r"(?i)\d|\b(?:ch|chapter|step|start|development|climax|turn|ending|end|beat|act|part|"
                               r"book|yes|no|also|and|but|so|note|notes|draft|here|one|two|three|questions?|thoughts?|ideas?|options?|"
                               r"problems?|issues?|recap|summary|updated?)\b|^(?:the|a|an)$")
_NOTE_RETITLED = re.compile(r"(?i)\bcall\s+the\s+(.+?)\s+(?:note|entry|section|one)\s+[\"“'‘]([^\"”’']+)[\"”’']")


def titled_notes(statements: list[Statement], kinds: dict[str, str]) -> list[Finding]:
    """Notes the assistant drafted under their own titles, as the author's answer leaves them: one it names and
    drops is gone ("水路那段不要"), its quoted words struck or changed ("水路那段“四天”改成“五天”"), and a new title
    given ('call the waulking note "Waulking the tweed"'); a refusal of the whole draft drops them all."""
    out: list[Finding] = []
    for message_index in sorted({x.message_index for x in statements if not x.by_author}):
        said = [x for x in statements if x.message_index == message_index]
        reply = [x for x in statements if x.message_index == message_index + 1 and x.by_author]
        if not reply or REFUSED.match(reply[0].quote):
            continue
        for line in sorted({x.line for x in said}):
            parts = [x for x in said if x.line == line]
            zh = _zh(parts[0].quote)
            note = (_NOTE_ZH if zh else _NOTE_EN).search(parts[0].quote)
            offered = any(_NOTES_OFFERED.search(x.quote) for x in said if x.index <= parts[0].index)
            if note is None or parts[0].listed or not (zh or offered):
                continue
            title, first = (note.group(1), note.group(2)) if zh or note.group(1) else (note.group(3), note.group(4))
            body = ("" if zh else " ").join([first, *(x.quote for x in parts[1:])]).strip()
            if len(body) < (12 if zh else 40) or not zh and (
                    _NOT_A_NOTE_TITLE.search(title) or kinds.get(title) == "Character"):
                continue  # ("Start (ch. 31): …", "Lotte: she's…": an outline's beat, a person's line)
            title, body, dropped, mentioned = _as_answered(title, body, reply, zh)
            if dropped:
                continue
            names = list(dict.fromkeys(n for x in parts for n in x.names))
            item = {"title": title, "category": "world", "body": body, "entities": names}
            out.append(Finding("settings", item, mentioned or reply[0], entities=names, extra=parts))
    return out


def _as_answered(title: str, body: str, reply: list[Statement], zh: bool) -> tuple[str, str, bool, Statement | None]:
    """(title, body, dropped, the answer's sentence that names it) for one drafted note."""
    key = re.sub(r"(?i)^(?:the|an?)\s+", "", title).lower()
    mentioned = None
    for x in reply:
        for clause in re.split(r"[，,。；;！!.]+" if zh else r"[;.!]+|,\s+(?:but|and)\b", x.quote):
            if key not in clause.lower():
                continue
            mentioned = mentioned or x
            if zh and re.search(r"(?<!把)(?:不要|删掉|删了|去掉|拿掉|算了)(?:了)?\s*$", clause) and "“" not in clause or \
                    not zh and re.search(rf"(?i)\b(?:drop|cut|scrap|lose|skip)\s+(?:the\s+)?{re.escape(key)}\b", clause):
                return title, body, True, x
            for old, new in re.findall(r"“([^”]+)”(?:改成|改为|换成)“([^”]+)”", clause):
                body = body.replace(old, new)  # 水路那段“四天”改成“五天”
            for old in re.findall(r"“([^”]+)”(?:也)?(?:去掉|删掉|拿掉)", clause):
                body = body.replace(old, "")  # 颜料那段把“七天七夜”去掉
        retitled = None if zh else _NOTE_RETITLED.search(x.quote)
        if retitled and retitled.group(1).lower() in key:
            title, mentioned = retitled.group(2).strip(), mentioned or x
    return title, body, False, mentioned
