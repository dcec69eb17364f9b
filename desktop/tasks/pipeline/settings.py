"""Pass 3c: world settings — what the talk defines about the world (a power system, a place, a rule), one
entry per subject, titled by the name the talk gives it."""

from __future__ import annotations

import re

from desktop.tasks.pipeline import lexicon as lx
from desktop.tasks.pipeline.findings import Finding
from desktop.tasks.pipeline.sections import CJK, _grams, _zh, is_summary
from desktop.tasks.pipeline.statements import Statement

_SETTING_TITLE_ZH = re.compile(rf"([{CJK}]{{2,6}}?)(?:体系|设定|的规则|规则|的划分|划分|从低到高|由低到高|分为|的等级|等级|"
                               rf"分成|分[一二三四五六七八九十两几0-9])")
_LIST_ZH = re.compile(rf"[{CJK}]{{1,6}}、[{CJK}]{{1,6}}、[{CJK}]{{1,6}}")
_SETTING_TITLE_EN = re.compile(r"(?:the\s+)?((?:[A-Za-z][\w'\-]*\s){0,3}?(?:system|rules?|ranks?|laws?|hierarchy|"
                               r"magic|geography|calendar|currency|tiers?|order of [\w ]+))\b", re.I)
_STRONG_SETTING_ZH = ("设定", "世界观", "体系", "规则", "分为", "从低到高", "由低到高", "划分", "境界划分", "禁忌", "法则")
_STRONG_SETTING_EN = ("setting", "system", "rules", "rule:", "ranks", "lowest first", "from lowest", "tiers", "law",
                      "forbidden", "magic works", "world works", "costs")


def settings(statements: list[Statement], kinds: dict[str, str], busy: set[int]) -> list[Finding]:
    """Consecutive setting statements of one message make one entry; `busy` statements already gave facts."""
    out: list[Finding] = []
    current: Finding | None = None
    for st in statements:
        continues = current is not None and current.statement.message_index == st.message_index \
            and not any(kinds.get(n) == "Character" for n in st.names) and st.index not in busy
        if is_summary(st) or (not continues and (st.index in busy or not _is_setting(st, kinds))):
            current = None if current is None or st.message_index != current.statement.message_index else current
            continue
        if current is not None and current.statement.message_index == st.message_index:
            current.item["body"] = (current.item["body"] + " " + st.quote).strip()
            current.entities += [n for n in st.names if n not in current.entities]
            current.extra.append(st)
            continue
        zh = _zh(st.text)
        earlier = next((f for f in out if _same_subject(f, st)), None)
        if earlier is not None:  # "练气分九层" after "练气、筑基、金丹…": the same entry, said in more detail
            earlier.item["body"] = (earlier.item["body"] + " " + st.quote).strip()
            earlier.extra.append(st)
            current = earlier
            continue
        item = {"title": _subject_thing(st, kinds) or _setting_title(st.text, zh), "category": _category(st.text),
                "body": st.quote,
                "entities": list(st.names)}
        current = Finding("settings", item, st, entities=list(st.names))
        out.append(current)
    for finding in out:
        finding.item["entities"] = finding.entities
    return out


def _same_subject(finding: Finding, st: Statement) -> bool:
    if finding.statement.message_index == st.message_index:
        return False
    title = finding.item["title"]
    if title and title in st.text:
        return True
    grams = {g for g in _grams(finding.item["body"]) if g not in ("一个", "每个", "分为", "可以", "五个")}
    return _zh(st.text) and len(grams & _grams(st.text)) >= 2 and not _SETTING_TITLE_ZH.search(st.text[:8])


_DIVIDED_ZH = re.compile(r"分[为成]?[一二三四五六七八九十两几\d]+[种类个级层阶等大块部]")


def _subject_thing(st: Statement, kinds: dict[str, str]) -> str | None:
    """"万骨渊是北原深处的禁地…" / "Tidecraft is magic drawn from…" / "补一个地方：九幽渊，在北荒最深处": a place,
    group or art the sentence defines — at its start or right after its header's colon."""
    head = re.match(r"[^：:。.!！?？]{0,14}[：:]\s*", st.text)
    for name in st.names:
        if kinds.get(name) not in ("Location", "Faction", "Ability"):
            continue
        for start in (0, head.end() if head else None):
            if start is None or not st.text.startswith(name, start):
                continue
            rest = st.text[start + len(name):].lstrip()
            if re.match(r"[，,]?\s*(?:是|分|有|在|位于|每|只有|乃|坐落)", rest) or \
                    re.match(r",?\s*(?:is|are|was|sits|lies)\b", rest):
                return name
    return None


_NOT_A_SETTING = re.compile(r"不单独|先不用|不要了|不写了|太复杂|先不细化|不用记|别记|不算设定|"
                            r"^\s*skip\b|\bdon't (?:record|note|store|save)\b|\bnot a setting\b|\bleave (?:it|that) out\b",
                            re.I)


def _is_setting(st: Statement, kinds: dict[str, str]) -> bool:
    text, low = st.text, st.text.lower()
    if _NOT_A_SETTING.search(text):
        return False  # "不单独当设定" / "先不用，你就把地理存下来" / "Skip ranks.": about the notes, not the world
    people = [n for n in st.names if kinds.get(n) == "Character"]
    if not people and _subject_thing(st, kinds) and len(text) >= 12:
        return True
    if _zh(text) and _DIVIDED_ZH.search(text):
        return True
    if _zh(text):
        if any(c in text for c in _STRONG_SETTING_ZH) or (not people and _LIST_ZH.search(text)):
            return True
        return not people and len(text) >= 8 and any(c in text for c in lx.SETTING_CUES_ZH)
    if any(c in low for c in _STRONG_SETTING_EN):
        return True
    return not people and len(text) >= 30 and any(re.search(rf"\b{re.escape(c)}\b", low) for c in lx.SETTING_CUES_EN)


def _setting_title(text: str, zh: bool) -> str:
    if zh:
        m = _SETTING_TITLE_ZH.search(text)
        if m:
            title = re.sub(r"^(?:这个|那个|世界的|关于|本书的|书里的|我们的|整个|设定|一下)", "", m.group(1))
            if len(title) >= 2:
                return title
        return re.split(r"[，,。！？!?；;：:]", text)[0][:12]
    m = _SETTING_TITLE_EN.search(text)
    if m:
        return m.group(1).strip()[:60]
    return " ".join(text.split()[:6])[:60]


def _category(text: str) -> str:
    low = text.lower()
    if re.search(r"境界|修炼|修为|等级|灵根|功法|rank|realm|tier|power|magic|cultivat", low):
        return "power"
    if re.search(r"大陆|州|地理|山脉|海|continent|north|south|east|west|map|river|mountain|kingdom", low):
        return "geography"
    if re.search(r"规则|禁忌|必须|不能|不得|forbidden|must|law|cannot|may not", low):
        return "rule"
    return "world"
