"""Pass 3a: relations, ownership changes and states read from one statement's wording, between known names.

Each finding names the statement it came from; the decision pass later weighs statements against each
other. Patterns are the language's general forms ("A是B的师兄", "A steals B from C"), never story text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from desktop.importing.split import number_in
from desktop.tasks.pipeline import lexicon as lx
from desktop.tasks.pipeline.statements import Statement

CJK = "\u4e00-\u9fff"
_ZH_NEG = re.compile(r"(?:不|没|未|别|无|非)(?:有|会|要|能|曾)?$")
_EN_NEG = re.compile(r"\b(?:not|never|n't|no longer|doesn't|didn't|won't|isn't|wasn't|hasn't)\b\s*\w*\s*$", re.I)


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


class Reader:
    """Reads findings out of statements, given each candidate's kind and who owns what in canon."""

    def __init__(self, kinds: dict[str, str], owners: dict[str, str], chapter: int | None,
                 aliases: dict[str, list[str]] | None = None):
        self.kinds = kinds
        self.owners = owners  # item → its current owner in canon
        self.chapter = chapter
        self._forms = {name: tuple(forms) for name, forms in (aliases or {}).items()}
        self._when: int | None = None
        self._carried: int | None = None

    def read(self, st: Statement) -> list[Finding]:
        out: list[Finding] = []
        zh = bool(re.search(rf"[{CJK}]", st.text))
        spans = self._spans(st)
        said = statement_chapter(st.text)
        if said is not None:
            self._carried = said  # "第45章要死一个人……当场就没了": later sentences speak of that chapter
        self._when = said if said is not None else self._carried
        subject = st.focus
        for clause in _clauses(st.text, zh):
            local = [(n, s, e) for n, s, e in spans if s >= clause[0] and e <= clause[1]]
            people = [n for n, _, _ in local if self.kind(n) == "Character"]
            carried = subject
            appositive = bool(local) and zh and _role_after(st.text[local[0][2]:local[0][2] + 8], "的") is not None \
                and local[0][1] == clause[0]
            if subject and (not local or self.kind(local[0][0]) != "Character" or appositive):
                # "…，擅长炼丹" / "… and joined" / "…，林风的师姐": the sentence's subject goes on
                local = [(subject, clause[0], clause[0]), *local]
            if not appositive:
                subject = people[0] if people else subject
            if zh:
                out += self._zh_pairs(st, local)
                out += self._zh_states(st, clause, [x for x in local if x[1] < x[2]], carried)
            else:
                out += self._en_pairs(st, local)
                out += self._en_states(st, clause, local)
        return _unique(out)

    def _spans(self, st: Statement) -> list[tuple[str, int, int]]:
        """(name, start, end) of each mention in the resolved text, left to right, no overlaps."""
        found: list[tuple[str, int, int]] = []
        for name in st.names:
            for form in sorted({name, *self._forms.get(name, ())}, key=len, reverse=True):
                for m in re.finditer(re.escape(form), st.text):
                    if not any(s < m.end() and m.start() < e for _, s, e in found):
                        found.append((name, m.start(), m.end()))
        return sorted(found, key=lambda t: t[1])

    def kind(self, name: str) -> str | None:
        return self.kinds.get(name)

    def _rel(self, st: Statement, rel: str, a: str, b: str, **extra) -> Finding | None:
        if a == b:
            return None
        item = {"type": rel, "from": a, "to": b}
        when = self._when if self._when is not None else self.chapter
        if when is not None and rel != "KILLED":
            item["valid_from"] = when
        return Finding("relations", item, st, entities=[a, b], **extra)

    def _end(self, st: Statement, rel: str, a: str, b: str) -> Finding | None:
        if a == b:
            return None
        item = {"type": rel, "from": a, "to": b}
        when = self._when if self._when is not None else self.chapter
        if when is not None:
            item["valid_to"] = when
        return Finding("ends", item, st, entities=[a, b])

    def _state(self, st: Statement, entity: str, key: str, value: str) -> Finding | None:
        value = value.strip(" ，,。.、了的")
        if not value or len(value) > 40:
            return None
        item = {"entity": entity, "key": key, "value": value}
        when = self._when if self._when is not None else self.chapter
        if when is not None:
            item["valid_from"] = when
        return Finding("states", item, st, entities=[entity])

    # -- Chinese -----------------------------------------------------------------

    def _zh_pairs(self, st: Statement, spans: list) -> list[Finding]:
        out: list[Finding | None] = []
        text = st.text
        change = any(c in text for c in lx.CHANGE_CUES_ZH)
        for i, (a, sa, ea) in enumerate(spans):
            for b, sb, eb in spans[i + 1:]:
                mid = text[ea:sb]
                post = text[eb:eb + 8]
                ka, kb = self.kind(a), self.kind(b)
                if len(mid) > 12 or _negated_zh(text[:sb]) and not mid.startswith("的"):
                    continue
                # A的<role>(是)B — B holds the role towards A
                role = _role_after(mid, "的")
                if role and mid.endswith(("是", "叫", "名叫", role, role + "是", role + "叫")):
                    out.append(self._zh_role(st, holder=b, other=a, role=role, other_kind=ka))
                # A是B的<role> / A是B<role> / "A，B的<role>" (是 left out after a carried subject)
                if mid in ("是", "乃是", "就是", "成了", "成为", "做了", "当了") or (sa == ea and mid == ""):
                    role = _role_after(post, "的") or _role_after(post, "")
                    if role:
                        out.append(self._zh_role(st, holder=a, other=b, role=role, other_kind=kb))
                if re.fullmatch(r"拜(?:了)?", mid) and post.startswith(("为师", "做师父", "为师父")):
                    out.append(self._rel(st, "MASTER_OF", b, a))
                if kb == "Faction" and _has_verb(mid, lx.ZH_JOIN) and ka == "Character":
                    out.append(self._rel(st, "MEMBER_OF", a, b, replaces=change))
                if kb == "Item" and ka == "Character":
                    own = _has_verb(mid, lx.ZH_OWN) or re.search(rf"的(?:{'|'.join(lx.ZH_OWN_NOUNS)})(?:是|为|换成|改成|改为)", mid)
                    if own and not _has_verb(mid, lx.ZH_GIVE + lx.ZH_TAKE):
                        out.append(self._rel(st, "OWNS", a, b, replaces=change or "改" in mid or "换" in mid))
                    if _has_verb(mid, lx.ZH_TAKE):
                        out += self._take(st, a, b, text[:sa])
                if ka == "Item" and kb == "Character":
                    if re.fullmatch(r"(?:归|归了|的主人是|的主人变成了?|落到了?|落入了?|到了)", mid) or \
                            (mid == "是" and post.startswith("的")):
                        out.append(self._rel(st, "OWNS", b, a, replaces=change))
                        previous = self.owners.get(a)
                        if previous and previous != b:
                            out.append(self._end(st, "OWNS", previous, a))
                    if re.fullmatch(r"被", mid[:1]) and _has_verb(mid + post, lx.ZH_TAKE + ("偷", "夺", "抢", "盗")):
                        out += self._take(st, b, a, text[:sa])
                if ka == "Character" and kb == "Item" and mid == "的" and _has_verb(text[max(0, sa - 4):sa], lx.ZH_TAKE):
                    out.append(self._end(st, "OWNS", a, b))  # "…偷走了A的B": whoever took it, A lost it
                if ka == "Character" and kb == "Character" and _has_verb(mid, lx.ZH_KILL) and not post.startswith("的"):
                    out.append(self._rel(st, "KILLED", a, b))
                    out.append(self._state(st, b, "alive", "dead"))
                if ka == "Character" and kb == "Character" and mid.startswith("被") and _has_verb(mid + post, lx.ZH_KILL + ("杀", "所杀")):
                    out.append(self._rel(st, "KILLED", b, a))
                    out.append(self._state(st, a, "alive", "dead"))
                if ka == "Character" and kb == "Location" and post.startswith(lx.ZH_FROM_AFTER) and \
                        (sa == ea or mid in ("是", "从", "是从")):
                    out.append(self._rel(st, "FROM", a, b))
                if ka == "Character" and kb == "Item" and re.fullmatch(r"叫[「『“\"]?|叫做|名叫|名为", mid) and \
                        re.search(r"给|用|使|拿|配|持|兵器|武器|法宝", text[:sb]):
                    out.append(self._rel(st, "OWNS", a, b, replaces=change))  # "给她一条软鞭，叫「缠丝」"
                if ka == "Character" and kb == "Item" and text[max(0, sa - 1):sa] == "给" and sa != ea:
                    out.append(self._rel(st, "OWNS", a, b, replaces=change))  # "给她一条软鞭"
                if kb == "Location" and ka in ("Character", "Faction", "Location"):
                    if _has_verb(mid, lx.ZH_LIVE) or (ka != "Character" and re.fullmatch(
                            r"(?:就|也|都|则)?(?:在|位于|坐落于|坐落在|设在|建在|落在)", mid)):
                        out.append(self._rel(st, "LOCATED_IN", a, b))
                    elif ka == "Character" and _has_verb(mid, lx.ZH_FROM):
                        out.append(self._rel(st, "FROM", a, b))
                    elif ka == "Character" and _has_verb(mid, lx.ZH_MOVE):
                        out.append(self._state(st, a, "location", b))
                if kb == "Ability" and ka == "Character" and _has_verb(mid, lx.ZH_ABILITY):
                    out.append(self._rel(st, "HAS_ABILITY", a, b, replaces=change))
                if ka == "Faction" and kb == "Character" and mid == "的":
                    out.append(self._rel(st, "MEMBER_OF", b, a))  # 血刀门的赵烈
                if ka == "Character" and kb == "Character" and (_has_verb(mid, lx.ZH_HATE) or
                                                                 post.startswith(("结下死仇", "结仇", "结下仇"))):
                    out.append(self._rel(st, "HATES", a, b))
                if ka == "Character" and kb == "Item" and "把" in mid and _has_verb(post, lx.ZH_TAKE + ("偷走", "拿走")):
                    out += self._take(st, a, b, text[:sa])
                if ka == "Character" and kb == "Item" and re.fullmatch(r"的?[那这]?[把柄口件块枚颗]?", mid) and mid \
                        and _has_verb(post, lx.ZH_LOSE):
                    out.append(self._end(st, "OWNS", a, b))  # 他那把铁锤也被砸断了
                if ka == "Faction" and kb == "Character":
                    role = _role_after(mid, "的")
                    if role in lx.ZH_FACTION_LEADER_ROLES:
                        out.append(self._rel(st, "LEADS", b, a))
                    elif role in lx.ZH_FACTION_MEMBER_ROLES:
                        out.append(self._rel(st, "MEMBER_OF", b, a))
        out += self._zh_three(st, spans)
        out += self._zh_subjectless(st, spans)
        return _flat(out)

    def _zh_role(self, st: Statement, *, holder: str, other: str, role: str, other_kind: str | None):
        if other_kind == "Faction":
            if role in lx.ZH_FACTION_LEADER_ROLES:
                return [self._rel(st, "LEADS", holder, other), self._identity(st, holder, other, role)]
            if role in lx.ZH_FACTION_MEMBER_ROLES:
                return [self._rel(st, "MEMBER_OF", holder, other), self._identity(st, holder, other, role)]
            return None
        if self.kind(holder) != "Character" or other_kind != "Character" or role not in lx.ZH_ROLES:
            return None
        rel, holder_is_from = lx.ZH_ROLES[role]
        return self._rel(st, rel, holder, other) if holder_is_from else self._rel(st, rel, other, holder)

    def _identity(self, st: Statement, holder: str, faction: str, role: str) -> Finding | None:
        """黑风寨二当家: a rank inside a faction is also who the character is (plain 弟子 is not a title)."""
        if role.endswith(("弟子", "成员", "门人", "人")):
            return None
        return self._state(st, holder, "identity", faction + role)

    def _take(self, st: Statement, taker: str, item: str, before: str) -> list[Finding | None]:
        """Taking an item: the taker owns it, and whoever had it no longer does."""
        out = [self._rel(st, "OWNS", taker, item)]
        loser = None
        possessive = re.search(rf"([^\s，,。]+?)的$", before)
        if possessive:
            loser = next((n for n in st.names if possessive.group(1).endswith(n)), None)
        loser = loser or self.owners.get(item)
        if loser and loser != taker:
            out.append(self._end(st, "OWNS", loser, item))
        return out

    def _zh_three(self, st: Statement, spans: list) -> list[Finding | None]:
        """A把B送给C / A送给C一把B / A偷走了C的B."""
        out: list[Finding | None] = []
        text = st.text
        for i, (a, sa, ea) in enumerate(spans):
            for j, (b, sb, eb) in enumerate(spans[i + 1:], i + 1):
                for c, sc, ec in spans[j + 1:]:
                    ka, kb, kc = self.kind(a), self.kind(b), self.kind(c)
                    if ka == "Character" and kb == "Item" and kc == "Character" and "把" in text[ea:sb] \
                            and _has_verb(text[eb:sc], lx.ZH_GIVE):
                        out += [self._end(st, "OWNS", a, b), self._rel(st, "OWNS", c, b)]
                    if ka == "Character" and kb == "Character" and kc == "Item" and _has_verb(text[ea:sb], lx.ZH_GIVE):
                        out += [self._end(st, "OWNS", a, c), self._rel(st, "OWNS", b, c)]
                    if ka == "Character" and kb == "Character" and kc == "Item" and text[ea:sb].endswith("从") \
                            and re.fullmatch(r"(?:的)?(?:手里|手中|手上|那里|身上)?(?:夺走|抢走|偷走|骗走|拿走|夺下|夺过|抢过)了?", text[eb:sc]):
                        out += [self._rel(st, "OWNS", a, c), self._end(st, "OWNS", b, c)]  # A从B手里夺走了C
                    if ka == "Character" and kb == "Character" and kc == "Item" and _has_verb(text[ea:sb], lx.ZH_TAKE) \
                            and text[eb:sc] == "的":
                        out += [self._rel(st, "OWNS", a, c), self._end(st, "OWNS", b, c)]
        return out

    def _zh_subjectless(self, st: Statement, spans: list) -> list[Finding | None]:
        """"擅长炼丹", "拜入青云宗": no subject in the clause, so it is the character being talked about."""
        out: list[Finding | None] = []
        if not st.focus:
            return out
        for name, start, end in spans:
            if self.kind(name) == "Character" and start < end:
                break
            before = st.text[max(0, start - 6):start]
            kind = self.kind(name)
            change = any(c in st.text for c in lx.CHANGE_CUES_ZH)
            if kind == "Ability" and _has_verb(before, lx.ZH_ABILITY):
                out.append(self._rel(st, "HAS_ABILITY", st.focus, name, replaces=change))
            elif kind == "Faction" and _has_verb(before, lx.ZH_JOIN + ("是",)) and \
                    (st.text[end:end + 4].startswith(lx.ZH_FACTION_MEMBER_ROLES) or _has_verb(before, lx.ZH_JOIN)):
                out.append(self._rel(st, "MEMBER_OF", st.focus, name, replaces=change))
            elif kind == "Item" and (_has_verb(before, lx.ZH_OWN) or re.search(
                    rf"(?:{'|'.join(lx.ZH_OWN_NOUNS)})(?:是|为|换成|改成|改为)(?:一[把柄口件块枚颗])?$", st.text[:start])):
                out.append(self._rel(st, "OWNS", st.focus, name, replaces=change or "改" in before or "换" in before))
            elif kind == "Location" and _has_verb(before, lx.ZH_FROM):
                out.append(self._rel(st, "FROM", st.focus, name))
            elif kind == "Location" and _has_verb(before, lx.ZH_LIVE):
                out.append(self._rel(st, "LOCATED_IN", st.focus, name))
        return out

    def _zh_states(self, st: Statement, clause: tuple[int, int], spans: list, carried: str | None) -> list[Finding]:
        out: list[Finding | None] = []
        text = st.text[clause[0]:clause[1]]
        chars = [(n, s - clause[0], e - clause[0]) for n, s, e in spans if self.kind(n) == "Character"]
        subject = chars[0][0] if chars else carried
        if not subject:
            return []
        tail = text[chars[0][2]:] if chars else text
        for word in lx.ZH_DEATH:
            at = tail.find(word)
            if at >= 0 and not _negated_zh(tail[:at]) and not any(r in tail for r in lx.ZH_REVIVE):
                out.append(self._state(st, subject, "alive", "dead"))
                break
        realm = _zh_realm(tail, bare=bool(chars))
        if realm:
            out.append(self._state(st, subject, "realm", realm))
        things = [n for n, _, _ in spans if self.kind(n) == "Item"]
        for word in lx.ZH_INJURY:
            at = tail.find(word)
            if at >= 0 and not things and not re.search(r"[剑刀锤枪鞭弓盾甲]", tail[:at]) \
                    and not _negated_zh(tail[:at]) and not any(h in tail for h in lx.ZH_HEAL):
                value = re.sub(r"^(?:在.{0,6}中|又|也|还|却|被.{0,6}?打得?)", "", tail.strip("，, "))
                out.append(self._state(st, subject, "injury", value[:30]))
                break
        if any(word in tail for word in lx.ZH_APPEARANCE) and re.search(r"有|长着|留着|是|带着", tail):
            out.append(self._state(st, subject, "appearance", tail.strip("，, ")[:30]))
        age = re.search(r"(?:今年|年方|已经|才)?([0-9一二三四五六七八九十百两]{1,4})岁", tail)
        if age:
            out.append(self._state(st, subject, "age", age.group(1) + "岁"))
        return [f for f in out if f is not None]

    # -- English -----------------------------------------------------------------

    def _en_pairs(self, st: Statement, spans: list) -> list[Finding]:
        out: list[Finding | None] = []
        text = st.text
        low = text.lower()
        change = any(c in low for c in lx.CHANGE_CUES_EN)
        for i, (a, sa, ea) in enumerate(spans):
            for b, sb, eb in spans[i + 1:]:
                mid = low[ea:sb].strip()
                post = low[eb:eb + 30]
                ka, kb = self.kind(a), self.kind(b)
                if len(mid) > 40 or _EN_NEG.search(low[:sb]):
                    continue
                # A is B's <role> / A, B's <role>
                m = re.fullmatch(r"(?:,|is|was|becomes|became|will be)?\s*(?:now\s+)?(?:the\s+)?", mid)
                if m is not None and post.startswith("'s "):
                    role = _en_role(post[3:])
                    if role:
                        out.append(self._en_role(st, holder=a, other=b, role=role))
                # A's <role> (is|,) B
                if mid.startswith("'s "):
                    role = _en_role(mid[3:])
                    if role and re.search(r"(?:is|was|,|named|called)?\s*$", mid):
                        out.append(self._en_role(st, holder=b, other=a, role=role))
                # A is the <role> of B
                m = re.fullmatch(r"(?:is|was|becomes|became)\s+(?:the\s+|a\s+|an\s+)?(.+?)\s+(?:of|to)(?:\s+the)?", mid)
                if m and _en_role(m.group(1)):
                    out.append(self._en_role(st, holder=a, other=b, role=_en_role(m.group(1))))
                if m and kb == "Faction" and re.search(r"\b(?:leader|head|master|founder|ruler|captain|chief)\b", m.group(1)):
                    out.append(self._rel(st, "LEADS", a, b))
                if m and kb == "Faction" and re.search(r"\b(?:member|disciple|knight|soldier|agent|elder|student)s?\b", m.group(1)):
                    out.append(self._rel(st, "MEMBER_OF", a, b))
                if kb == "Faction" and ka == "Character":
                    if _has_phrase(mid, lx.EN_JOIN):
                        out.append(self._rel(st, "MEMBER_OF", a, b, replaces=change))
                    elif _has_phrase(mid, lx.EN_LEAD):
                        out.append(self._rel(st, "LEADS", a, b))
                if ka == "Character" and kb == "Item":
                    if _has_phrase(mid, lx.EN_TAKE):
                        out += self._en_take(st, a, b, low[eb:])
                    elif _has_phrase(mid, lx.EN_GIVE):
                        pass  # handled with three names
                    elif _has_phrase(mid, lx.EN_OWN) or re.search(r"'s\s+(?:weapon|sword|blade)\s+is", mid):
                        out.append(self._rel(st, "OWNS", a, b, replaces=change))
                    elif mid.startswith("'s") and _has_phrase(post, lx.EN_LOSE + ("is stolen", "was stolen")):
                        out.append(self._end(st, "OWNS", a, b))
                if ka == "Item" and kb == "Character" and re.search(r"(?:belongs to|goes to|passes to|now belongs to|is (?:now )?owned by|ends up with)$", mid):
                    out.append(self._rel(st, "OWNS", b, a))
                    if self.owners.get(a) and self.owners[a] != b:
                        out.append(self._end(st, "OWNS", self.owners[a], a))
                if ka == "Item" and kb == "Character" and re.search(r"(?:stolen|taken|seized) by$", mid):
                    out += self._en_take(st, b, a, "")
                if ka == "Character" and kb == "Character":
                    if _has_phrase(mid, lx.EN_KILL) and not mid.startswith(("was", "is")):
                        out += [self._rel(st, "KILLED", a, b), self._state(st, b, "alive", "dead")]
                    elif re.search(r"(?:killed|murdered|slain|poisoned|stabbed) by$", mid):
                        out += [self._rel(st, "KILLED", b, a), self._state(st, a, "alive", "dead")]
                    elif re.search(r"(?:serves|served|works for|is sworn to)$", mid):
                        out.append(self._rel(st, "SERVES", a, b))
                    elif re.search(r"(?:loves|is in love with|fell in love with|falls for)$", mid):
                        out.append(self._rel(st, "LOVES", a, b))
                    elif re.search(r"(?:hates|despises|loathes)$", mid):
                        out.append(self._rel(st, "HATES", a, b))
                    elif re.search(r"(?:marries|married|is married to|weds)$", mid):
                        out.append(self._rel(st, "MARRIED_TO", a, b))
                    elif re.search(r"(?:trains|trained|teaches|taught|mentors|mentored)$", mid):
                        out.append(self._rel(st, "MASTER_OF", a, b))
                if ka == "Character" and kb == "Location" and post.startswith(lx.ZH_FROM_AFTER) and \
                        (sa == ea or mid in ("是", "从", "是从")):
                    out.append(self._rel(st, "FROM", a, b))
                if ka == "Character" and kb == "Item" and re.fullmatch(r"叫[「『“\"]?|叫做|名叫|名为", mid) and \
                        re.search(r"给|用|使|拿|配|持|兵器|武器|法宝", text[:sb]):
                    out.append(self._rel(st, "OWNS", a, b, replaces=change))  # "给她一条软鞭，叫「缠丝」"
                if ka == "Character" and kb == "Item" and text[max(0, sa - 1):sa] == "给" and sa != ea:
                    out.append(self._rel(st, "OWNS", a, b, replaces=change))  # "给她一条软鞭"
                if kb == "Location" and ka in ("Character", "Faction", "Location"):
                    if _has_phrase(mid, lx.EN_LIVE) or (ka != "Character" and re.fullmatch(r"(?:is )?(?:in|at|inside|within)", mid)):
                        out.append(self._rel(st, "LOCATED_IN", a, b))
                    elif ka == "Character" and _has_phrase(mid, lx.EN_FROM):
                        out.append(self._rel(st, "FROM", a, b))
                    elif ka == "Character" and _has_phrase(mid, lx.EN_MOVE):
                        out.append(self._state(st, a, "location", b))
                if ka == "Character" and kb == "Ability" and _has_phrase(mid, lx.EN_ABILITY):
                    out.append(self._rel(st, "HAS_ABILITY", a, b, replaces=change))
        out += self._en_three(st, spans)
        return [f for f in out if f is not None]

    def _en_role(self, st: Statement, *, holder: str, other: str, role: tuple[str, bool]) -> Finding | None:
        if self.kind(holder) != "Character" or self.kind(other) != "Character":
            return None
        rel, holder_is_from = role
        return self._rel(st, rel, holder, other) if holder_is_from else self._rel(st, rel, other, holder)

    def _en_take(self, st: Statement, taker: str, item: str, after: str) -> list[Finding | None]:
        out = [self._rel(st, "OWNS", taker, item)]
        loser = None
        m = re.match(r"\s*from\s+(?:the\s+)?(.+)", after)
        if m:
            loser = next((n for n in st.names if m.group(1).startswith(n.lower())), None)
        loser = loser or self.owners.get(item)
        if loser and loser != taker:
            out.append(self._end(st, "OWNS", loser, item))
        return out

    def _en_three(self, st: Statement, spans: list) -> list[Finding | None]:
        out: list[Finding | None] = []
        low = st.text.lower()
        for i, (a, sa, ea) in enumerate(spans):
            for j, (b, sb, eb) in enumerate(spans[i + 1:], i + 1):
                for c, sc, ec in spans[j + 1:]:
                    ka, kb, kc = self.kind(a), self.kind(b), self.kind(c)
                    if ka == "Character" and kb == "Item" and kc == "Character" and _has_phrase(low[ea:sb], lx.EN_GIVE) \
                            and re.search(r"\bto\b", low[eb:sc]):
                        out += [self._end(st, "OWNS", a, b), self._rel(st, "OWNS", c, b)]
                    if ka == "Character" and kb == "Character" and kc == "Item" and _has_phrase(low[ea:sb], lx.EN_GIVE):
                        out += [self._end(st, "OWNS", a, c), self._rel(st, "OWNS", b, c)]
        return out

    def _en_states(self, st: Statement, clause: tuple[int, int], spans: list) -> list[Finding]:
        out: list[Finding | None] = []
        text = st.text[clause[0]:clause[1]]
        low = text.lower()
        chars = [(n, s - clause[0], e - clause[0]) for n, s, e in spans if self.kind(n) == "Character"]
        if not chars:
            return []
        subject, _, end = chars[0]
        tail, ltail = text[end:], low[end:]
        for phrase in lx.EN_DEATH:
            at = ltail.find(phrase)
            if at >= 0 and re.search(rf"\b{re.escape(phrase)}\b", ltail) and not _EN_NEG.search(ltail[:at]) \
                    and not re.search(r"\b(?:not|never|survives|survived|alive)\b", ltail):
                out.append(self._state(st, subject, "alive", "dead"))
                break
        m = re.search(r"(?:reaches|reached|breaks? through to|broke through to|advances? to|advanced to|ascends? to|"
                      r"rises? to|rose to|(?:is|was) promoted to|is now|falls? back to|fell back to|drops? to|dropped to|"
                      r"is at)\s+(?:the\s+|a\s+|an\s+)?([\w\- ]{2,40}?\b(?:" + "|".join(lx.EN_REALM_WORDS) + r")s?\b)", ltail)
        if m:
            start = end + m.start(1)
            out.append(self._state(st, subject, "realm", text[start:start + len(m.group(1))]))
        m = re.search(r"\b(?:is|was|gets|got|badly|gravely|is badly|was badly)?\s*(wounded|injured|hurt|crippled|"
                      r"blinded|maimed|poisoned|burned)\b(.{0,30})", ltail)
        if m and not _EN_NEG.search(ltail[:m.start()]):
            out.append(self._state(st, subject, "injury", tail[m.start(1):m.end()].strip(" ,.")))
        m = re.search(r"\b(?:loses|lost) (?:an?|his|her|one) (eye|arm|hand|leg|finger)", ltail)
        if m:
            out.append(self._state(st, subject, "injury", tail[m.start():m.end()]))
        m = re.search(r"\bhas (?:a|an) ([\w\- ]{0,20}?(?:scar|birthmark|tattoo|eye|eyes|hair))\b(.{0,30})", ltail)
        if m:
            out.append(self._state(st, subject, "appearance", tail[m.start():m.end()].strip(" ,.")))
        m = re.search(r"\b(\d{1,3}) years? old\b|\bis (\d{1,3})\b(?! \w)", ltail)
        if m:
            out.append(self._state(st, subject, "age", m.group(1) or m.group(2)))
        return [f for f in out if f is not None]


_CHAPTER_AT = re.compile(r"第\s*([0-9〇零一二两三四五六七八九十百千]+)\s*[章回]|\bchapter\s+(\d+)", re.I)


def statement_chapter(text: str) -> int | None:
    """"第十二章里…" / "In chapter 9 …": the story time a statement itself gives."""
    m = _CHAPTER_AT.search(text)
    return number_in(m.group(1) or m.group(2)) if m else None


def _clauses(text: str, zh: bool) -> list[tuple[int, int]]:
    pattern = r"[，,、：:]" if zh else r"[,;:](?=\s)|\s(?:and|but|while|then)\s"
    out, start = [], 0
    for m in re.finditer(pattern, text):
        out.append((start, m.start()))
        start = m.end()
    out.append((start, len(text)))
    return [c for c in out if c[1] > c[0]]


def _role_after(text: str, lead: str) -> str | None:
    if not text.startswith(lead):
        return None
    rest = text[len(lead):]
    best = None
    for role in (*lx.ZH_ROLES, *lx.ZH_FACTION_MEMBER_ROLES, *lx.ZH_FACTION_LEADER_ROLES):
        if rest.startswith(role) and (best is None or len(role) > len(best)):
            best = role
    return best


def _en_role(text: str) -> tuple[str, bool] | None:
    text = text.strip().lower()
    best = None
    for role in lx.EN_ROLES:
        if re.match(rf"(?:older |younger |elder |little |big |best |old |sworn |former )?{re.escape(role)}\b", text) \
                and (best is None or len(role) > len(best)):
            best = role
    return lx.EN_ROLES[best] if best else None


def _has_verb(text: str, verbs: tuple[str, ...]) -> bool:
    return any(v in text for v in verbs)


def _has_phrase(text: str, phrases: tuple[str, ...]) -> bool:
    return any(re.search(rf"\b{re.escape(p)}\b", text) for p in phrases)


def _negated_zh(before: str) -> bool:
    return bool(_ZH_NEG.search(before[-3:])) or before.endswith(("并没有", "并未", "没能", "不能", "不会"))


def _zh_realm(tail: str, *, bare: bool) -> str | None:
    for verb in lx.ZH_REALM_VERBS:
        at = tail.find(verb)
        if at < 0:
            continue
        rest = tail[at + len(verb):]
        m = re.match(rf"(?:了)?([{CJK}0-9]{{0,3}}?(?:{'|'.join(lx.ZH_REALM_WORDS)})[{CJK}0-9]{{0,5}})", rest) or \
            re.match(rf"(?:了)?([{CJK}0-9]{{1,5}}[{lx.ZH_REALM_SUFFIXES}](?:[初中后]期|巅峰|大圆满|圆满)?)", rest)
        if m:
            value = re.split(r"[，,。的了]", m.group(1))[0]
            if any(w in value for w in lx.ZH_REALM_WORDS) or re.search(rf"[0-9一二三四五六七八九十][{lx.ZH_REALM_SUFFIXES}]", value):
                return value
    if not bare and not re.match(rf"(?:{'|'.join(lx.ZH_REALM_WORDS)})", tail.strip("，, ")):
        return None
    m = re.search(rf"((?:{'|'.join(lx.ZH_REALM_WORDS)})(?:期|境)?(?:[一二三四五六七八九十0-9]+[层重阶级段])?(?:[初中后]期|巅峰|大圆满|圆满)?)", tail)
    return m.group(1) if m and len(m.group(1)) >= 2 else None


def _flat(found: list) -> list[Finding]:
    out: list[Finding] = []
    for f in found:
        if isinstance(f, list):
            out += [x for x in f if x is not None]
        elif f is not None:
            out.append(f)
    return out


def _unique(findings: list[Finding]) -> list[Finding]:
    seen, out = set(), []
    for f in findings:
        if f.key() not in seen:
            seen.add(f.key())
            out.append(f)
    return out
