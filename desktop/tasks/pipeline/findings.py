"""What one statement says, as items in the settlement document's shape, and the small tests the readers share."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from desktop.tasks.pipeline import lexicon as lx
from desktop.tasks.pipeline.statements import Statement

_ZH_NEG = re.compile(r"(?:不|没|未|别|无|非)(?:有|会|要|能|曾|是)?$")  # (不是重伤: no injury)
EN_NEG = re.compile(r"\b(?:not|never|n't|no longer|doesn't|didn't|won't|isn't|wasn't|hasn't)\b\s*\w*\s*$", re.I)


@dataclass
class Finding:
    """One proposed item (document shape) and the statement that supports it."""

    section: str
    item: dict
    statement: Statement
    replaces: bool = False  # the statement says this replaces an earlier idea
    entities: list[str] = field(default_factory=list)
    extra: list[Statement] = field(default_factory=list)  # further statements it rests on (steps, body)

    def key(self) -> tuple:
        item = self.item
        if self.section in ("relations", "ends"):
            return (self.section, item["type"], item["from"], item["to"])
        if self.section == "states":
            return (self.section, item["entity"], item["key"], str(item["value"]))
        return (self.section, item.get("name") or item.get("title"))


def role_after(text: str, lead: str) -> str | None:
    text = re.sub(rf"^(?:唯一|最小|最大|最得意|最疼爱|最看重)(?={re.escape(lead)})", "", text) if lead else text  # 唯一的弟子
    if not text.startswith(lead):
        return None
    said = text[len(lead):]
    # (贴身丫鬟, 大女儿, 老搭档 — and 老板, 小姐: a role that itself opens with the word)
    rests = (said, re.sub(r"^(?:贴身|随身|亲生|亲(?!传)|唯一的|首席|大|二|三|小|老)(?=[\u4e00-\u9fff]{2})", "", said))
    # (a tie between people first: 大弟子 is one of a sect's, but 顾长庚座下的大弟子 is his pupil)
    for roles in (lx.ZH_ROLES, (*lx.ZH_ROLES, *lx.ZH_FACTION_MEMBER_ROLES, *lx.ZH_FACTION_LEADER_ROLES)):
        said_roles = [role for role in roles if any(rest.startswith(role) for rest in rests)]
        if said_roles:
            return max(said_roles, key=len)
    return None


def has_verb(text: str, verbs: tuple[str, ...]) -> bool:
    return any(v in text for v in verbs)


def has_phrase(text: str, phrases: tuple[str, ...]) -> bool:
    return any(re.search(rf"\b{re.escape(p)}\b", text) for p in phrases)


def negated_zh(before: str) -> bool:
    return bool(_ZH_NEG.search(before[-3:])) or before.endswith(("并没有", "并未", "没能", "不能", "不会"))


def flat(found: list) -> list[Finding]:
    out: list[Finding] = []
    for f in found:
        if isinstance(f, list):
            out += [x for x in f if x is not None]
        elif f is not None:
            out.append(f)
    return out
