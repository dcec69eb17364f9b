"""English wording: who is whose master, who took the sword, who died — between names in one statement."""

from __future__ import annotations

import re

from desktop.tasks.pipeline import lexicon as lx
from desktop.tasks.pipeline.findings import EN_NEG as _EN_NEG
from desktop.tasks.pipeline.findings import flat as _flat
from desktop.tasks.pipeline.findings import Finding
from desktop.tasks.pipeline.findings import has_phrase as _has_phrase
from desktop.tasks.pipeline.statements import Statement


class EnglishRules:
    """Mixed into the Reader: needs kind(), _rel(), _end(), _state() and owners."""

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
                m = re.fullmatch(r"(?:,|:|is|was|becomes|became|will be)?\s*(?:now\s+)?(?:the\s+)?", mid)
                if m is not None and post.startswith("'s "):
                    role = _en_role(post[3:])
                    if role:
                        out.append(self._en_role(st, holder=a, other=b, role=role))
                # A is B and C's <role>: the role holds towards both
                both = re.fullmatch(r"\s*(?:,|is|was)\s+", low[ea:sb]) and next(
                    ((c, ec) for c, sc, ec in spans if sb <= sc and low[eb:sc].strip() == "and"), None)
                if both and low[both[1]:both[1] + 3] == "'s " and (role := _en_role(low[both[1] + 3:both[1] + 30])):
                    out += [self._en_role(st, holder=a, other=b, role=role),
                            self._en_role(st, holder=a, other=both[0], role=role)]
                # "Desmond flies in from Lisbon, where he's lived for years": where he lives
                if ka == "Character" and kb == "Location" and _LIVED_THERE.match(post) and not any(
                        self.kind(c) == "Character" for c, sc, _ in spans if ea <= sc < sb):
                    out.append(self._rel(st, "LOCATED_IN", a, b))
                # A's <role> (is|,) B
                if mid.startswith("'s "):
                    role = _en_role(mid[3:])
                    # (the role and then the name: not "her eldest daughter much admired by the Netherfield party")
                    if role and len(mid[3:].split()) <= 4 and re.search(
                            r"(?:\bis|\bwas|,|\bnamed|\bcalled|[:—-])\s*$", mid) or role and _en_role(mid.split()[-1]):
                        out.append(self._en_role(st, holder=b, other=a, role=role))
                        if mid[3:].startswith("late "):  # "Agatha's late husband, Harold": he is dead
                            out.append(self._state(st, b, "alive", "dead"))
                # A takes B as his apprentice
                if ka == "Character" and kb == "Character" and re.fullmatch(
                        r"(?:formally |finally |then )?(?:takes|took|has taken|will take)", mid) and re.match(
                        r"\s+as\s+(?:his|her|their|[\w .'\-]+?['’]s)\s+"
                        r"(?:apprentice|student|pupil|disciple|squire|protégé|protege)",
                        low[eb:eb + 60]):
                    out.append(self._rel(st, "MASTER_OF", a, b))
                # A is the <role> of B
                m = re.fullmatch(r"(?:is|was|becomes|became)\s+(?:the\s+|a\s+|an\s+)?([^,;]+?)\s+(?:of|to)(?:\s+the)?", mid)
                if m and _en_role(m.group(1)):
                    out.append(self._en_role(st, holder=a, other=b, role=_en_role(m.group(1))))
                if m and kb == "Faction" and re.search(r"\b(?:leader|head|master|founder|ruler|captain|chief)\b", m.group(1)):
                    out.append(self._rel(st, "LEADS", a, b))
                if m and kb == "Faction" and re.search(r"\b(?:member|disciple|knight|soldier|agent|elder|student)s?\b", m.group(1)):
                    out.append(self._rel(st, "MEMBER_OF", a, b))
                if kb == "Faction" and ka == "Character" and re.fullmatch(
                        r",\s*(?:the\s+)?(?:head|leader|master|founder|grandmaster|captain|chief)\s+of(?:\s+the)?", mid):
                    out.append(self._rel(st, "LEADS", a, b))
                elif kb == "Faction" and ka == "Character" and re.fullmatch(
                        r",\s*(?:a|an|the)\s+(?:\w+\s)?(?:member|runner|agent|knight|brother|sister|soldier)\s+(?:of|for|in)(?:\s+the)?", mid):
                    out.append(self._rel(st, "MEMBER_OF", a, b))
                if kb == "Faction" and ka == "Character" and re.fullmatch(r"of(?:\s+the)?", mid):
                    out.append(self._rel(st, "MEMBER_OF", a, b))  # "Hollis Quade of the Red Tithe"
                if kb == "Faction" and ka == "Character" and re.fullmatch(r"(?:is|was|'s|’s)(?:\s+the)?", mid) and \
                        re.match(r"\s*(?:[.,;!]|$|now\b|through and through)", low[eb:eb + 20]):
                    out.append(self._rel(st, "MEMBER_OF", a, b))  # "She's Concordat Navy."
                # "the Widow runs the Orrery", "Vael, Archon, heads the Salt Kings", "Ashdown, who chairs the Society"
                if kb == "Faction" and ka == "Character" and re.fullmatch(
                        r"(?:,\s*(?:who\s+|[^,]{1,30},\s*))?(?:now\s+|still\s+)?(?:runs|ran|leads|led|heads|headed|chairs|"
                        r"chaired|commands|commanded)(?:\s+the)?", mid):
                    out.append(self._rel(st, "LEADS", a, b))
                if kb == "Faction" and ka == "Character" and _has_phrase(mid, lx.EN_LEAVE):
                    out.append(self._end(st, "MEMBER_OF", a, b))  # "in chapter 52 he leaves the Tide Court"
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
                if ka == "Item" and kb == "Character" and low[eb:eb + 2] in ("'s", "’s"):
                    b = self._named_after_possessive(st, eb) or b  # "goes to his nephew, Tobias Reed"
                if ka == "Item" and kb == "Character" and re.search(r"(?:belongs to|goes to|passes to|now belongs to|is (?:now )?owned by|ends up with)$", mid):
                    out.append(self._rel(st, "OWNS", b, a))
                    if self.owners.get(a) and self.owners[a] != b:
                        out.append(self._end(st, "OWNS", self.owners[a], a))
                if ka == "Item" and kb == "Character" and re.search(r"(?:stolen|taken|seized) by$", mid):
                    out += self._en_take(st, b, a, "")
                bond = _BOND.match(post.strip()) if mid == "and" and ka == kb == "Character" else None
                if mid == "and" and ka == kb == "Character" and re.match(
                        r"\s+(?:\w+\s+)?(?:hate|loathe|despise|detest|can't stand)\s+each other\b", post):
                    out += [self._rel(st, "HATES", a, b), self._rel(st, "HATES", b, a)]  # "she and Orla loathe each other"
                if bond:  # "Mara and Edmund are enemies for good", "Walter and Maggie have been married"
                    out.append(self._rel(st, _BONDS[bond.group(1)], a, b))
                # a clause that is only a post goes on about the subject: "…, captain of the Saltwind Company",
                # "Lantern Guild runner", "Vance is a director of the Meridian Authority"
                post_of = _POST_OF.fullmatch(mid) if kb == "Faction" and ka == "Character" else None
                if post_of and post_of.group(2) not in _LEADER_POSTS | _MEMBER_POSTS and \
                        (post_of.group(1) not in ("a", "an") or post_of.group(2) in _NOT_POSTS):
                    post_of = None  # "is a clerk of" is a post; "the prisoner of" is not
                if post_of or (kb == "Faction" and ka == "Character" and sa == ea and mid == "" and
                               (noun := _POST_NOUN.match(post))):
                    word = (post_of.group(2) if post_of else noun.group(1)).lower()
                    leads = word in _LEADER_POSTS and (not post_of or post_of.group(1) not in ("a", "an"))
                    out.append(self._rel(st, "LEADS" if leads else "MEMBER_OF", a, b))
                if ka == "Character" and kb == "Character" and re.search(r"\b(?:apprenticed|apprentice) to$", mid):
                    out.append(self._rel(st, "MASTER_OF", b, a))
                if ka == "Character" and kb == "Location" and re.search(
                        r"(?:is|'s|was)\s+(?:an?|the)\s+[\w\- ]{1,25}?\s+from(?:\s+the)?$", mid):
                    out.append(self._rel(st, "FROM", a, b))  # "Jack's a pickpocket from the Saltmarsh docks"
                if ka == "Character" and kb == "Character":
                    if re.search(r"\b(?:taught|trained|mentored|tutored|schooled|apprenticed) (?:\w+ )?(?:by|under)$", mid):
                        out.append(self._rel(st, "MASTER_OF", b, a))  # "was taught by Brother Tobias Vell"
                    if re.search(r"(?:killed|murdered|slain|poisoned|stabbed|shot|executed) by$", mid):
                        out += [self._rel(st, "KILLED", b, a), self._state(st, a, "alive", "dead")]
                    elif _has_phrase(mid, lx.EN_KILL) and not mid.startswith(("was", "is")) and not mid.endswith(" at") \
                            and not _NOT_FATAL.match(post):
                        out += [self._rel(st, "KILLED", a, b), self._state(st, b, "alive", "dead")]
                    elif re.search(r"(?:serves|served|works for|is sworn to|answers to|answered to|reports to|"
                                   r"reported to|takes orders from|took orders from)$", mid):
                        out.append(self._rel(st, "SERVES", a, b))
                    elif re.search(r"(?:loves|is in love with|fell in love with|falls for)$", mid):
                        out.append(self._rel(st, "LOVES", a, b))
                    elif re.search(r"(?:hates|hated|despises|despised|loathes|loathed|resents|resented|has a grudge against|"
                                   r"swore revenge on|swears revenge on|vows revenge on|vowed revenge on|wants revenge on|"
                                   r"blames|(?:vows|vowed|swears|swore) to kill)$", mid):
                        out.append(self._rel(st, "HATES", a, b))
                    elif re.search(r"(?:marries|married|married to|weds|wed)$", mid):
                        out.append(self._rel(st, "MARRIED_TO", a, b))  # "Lord Henry Ashby, married to Lady Eleanor"
                    elif re.search(r"(?:is|are|was|were|became|becomes)?\s*(?:best |close |old |good |fast )?"
                                   r"friends with$|\bsides with$", mid) or re.search(
                            r"(?:(?:\bis|'s|\bwas|\bcomes|\bcame|\bstays|\bstands)\s+|^,?\s*)(?:\w+\s+)?(?:on|over to)$", mid) \
                            and re.match(r"'s side\b", post):
                        out.append(self._rel(st, "ALLY_OF", a, b))  # "Lila is on Nolan's side from ch 14"
                    elif re.search(r"(?:trains|trained|teaches|taught|mentors|mentored)$", mid):
                        out.append(self._rel(st, "MASTER_OF", a, b))
                if ka == "Faction" and kb == "Character" and _RUN_BY.search(mid):
                    out.append(self._rel(st, "LEADS", b, a))  # "the Firm is run by Declan Calloway"
                elif ka == kb == "Character" and _RUN_BY.search(mid):
                    out.append(self._rel(st, "SERVES", a, b))  # "he's run by Yevgeny Arkadin": an agent's handler
                if kb == "Location" and ka in ("Character", "Faction", "Location"):
                    if _has_phrase(mid, lx.EN_LIVE) or ka == "Character" and _LIVES_AT.search(mid) or (ka != "Character" and re.fullmatch(r"(?:is )?(?:in|at|inside|within)", mid)):
                        out.append(self._rel(st, "LOCATED_IN", a, b))
                    elif ka == "Character" and _has_phrase(mid, lx.EN_FROM):
                        out.append(self._rel(st, "FROM", a, b))
                    elif ka == "Character" and _has_phrase(mid, lx.EN_MOVE):
                        out.append(self._state(st, a, "location", b))
                if ka == "Character" and kb == "Ability" and _has_phrase(mid, lx.EN_ABILITY):
                    out.append(self._rel(st, "HAS_ABILITY", a, b, replaces=change))
        out += self._en_three(st, spans)
        return [f for f in out if f is not None]

    def _en_across_clauses(self, st: Statement, spans: list) -> list[Finding]:
        """What a whole sentence says across its commas and "and"s: "the Society, which Nigel chairs"; "Jo Keane
        arrested and charged with Ruth's murder"."""
        out: list[Finding | None] = []
        low = st.text.lower()
        for i, (a, sa, ea) in enumerate(spans):
            for b, sb, eb in spans[i + 1:]:
                mid, post = low[ea:sb].strip(), low[eb:eb + 30]
                ka, kb = self.kind(a), self.kind(b)
                if ka == "Faction" and kb == "Character" and re.fullmatch(r",?\s*which(?:\s+now)?", mid) and \
                        re.match(r"\s+(?:runs|leads|heads|chairs|commands)\b", post):
                    out.append(self._rel(st, "LEADS", b, a))
                # "Wade Pruitt's deputy, a kid called Danny Reyes" / "Pike: Julian's elderly valet": across the comma
                said = re.fullmatch(r"['’]s\s+([a-z\- ]{2,30}?),\s*(?:(?:a|an|the)\s+[a-z ]{0,20}?(?:called|named)\s*)?", mid)
                if ka == kb == "Character" and said and (role := _en_role(said.group(1))):
                    out.append(self._en_role(st, holder=b, other=a, role=role))
                if ka == kb == "Character" and mid == ":" and post.startswith(("'s ", "’s ")) and (role := _en_role(post[3:])):
                    out.append(self._en_role(st, holder=a, other=b, role=role))
                if ka == kb == "Character" and len(mid) <= 60 and re.match(r"['’]s\s+murder\b", post) and re.search(
                        r"\b(?:arrest(?:s|ed)?|charg(?:es|ed)|convict(?:s|ed)?|hang(?:s|ed)?|tried)\b[^.;]*\b(?:for|with)$", mid):
                    passive = re.match(r"(?:is\s+|was\s+|gets\s+|got\s+)?(?:arrested|charged|convicted|hanged|tried)\b", mid)
                    killer = a if passive else next((n for n, s2, e2 in spans if ea < s2 and e2 < sb
                                                     and self.kind(n) == "Character"), None)
                    if killer and killer != b:
                        out += [self._rel(st, "KILLED", killer, b), self._state(st, b, "alive", "dead")]
        return _flat(out)

    def _en_their_head(self, st: Statement, spans: list) -> list[Finding]:
        """"The Free Lanes are the rebel co-op…; their leader is Hesper Kaine": the group just named is led by
        the one named after its head's word."""
        m = _THEIR_HEAD.search(st.text)
        person = next((n for n, s, e in spans if m and s == m.end() and self.kind(n) == "Character"), None)
        # (the sentence's own group is what it is about: "…co-op the Hegemony's been strangling…; their leader")
        here = [n for n, s, _ in spans if m and s < m.start() and self.kind(n) == "Faction"]
        group = here[0] if here else next(reversed(self._factions), None)
        return [self._rel(st, "LEADS", person, group)] if person and group else []

    def _en_children(self, st: Statement, spans: list) -> list[Finding]:
        """"Two kids: Kit and Robin" / "his children, Kit and Robin": the children of the person the sentence
        or the talk is about, and siblings of each other."""
        m = _CHILDREN.search(st.text)
        if not m:
            return []
        people = [(n, s, e) for n, s, e in spans if self.kind(n) == "Character"]
        before = [n for n, s, e in people if e <= m.start() and s < e]
        parent = before[-1] if before else st.focus
        children = list(dict.fromkeys(n for n, s, _ in people if s >= m.end() and n != parent))
        if not parent or self.kind(parent) != "Character" or not children:
            return []
        out = [self._rel(st, "PARENT_OF", parent, c) for c in children]
        out += [self._rel(st, "SIBLING_OF", a, b) for i, a in enumerate(children) for b in children[i + 1:]]
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

    def _named_after_possessive(self, st: Statement, end: int) -> str | None:
        """"to his niece, Ivy Harrow" (his resolved to the uncle): the person named after "'s <noun>,"."""
        return next((n for n in st.names if self.kind(n) == "Character" and re.match(
            rf"['’]s\s+[\w ]{{1,24}}?,\s*{re.escape(n)}\b", st.text[end:])), None)

    def _en_three(self, st: Statement, spans: list) -> list[Finding | None]:
        out: list[Finding | None] = []
        low = st.text.lower()
        for i, (a, sa, ea) in enumerate(spans):
            for j, (b, sb, eb) in enumerate(spans[i + 1:], i + 1):
                for c, sc, ec in spans[j + 1:]:
                    ka, kb, kc = self.kind(a), self.kind(b), self.kind(c)
                    if kc == "Character" and low[ec:ec + 2] in ("'s", "’s"):
                        c = self._named_after_possessive(st, ec)
                    if c is None or c == a:
                        continue
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
        # a recap's participle: "Dunn killed on the wire", "Sorin shot dead by Gray in ch 25"
        killed = _KILLED_ALONE.match(ltail)
        if killed and not _EN_NEG.search(ltail):
            out.append(self._state(st, subject, "alive", "dead"))
        for phrase in () if killed else lx.EN_DEATH:
            at = ltail.find(phrase)
            if phrase == "dead" and at >= 0 and not re.search(
                    r"(?:^\W*|\b(?:is|was|'s|are|were|found|lies|lay|left|falls|fell|drops|dropped)\s+(?:stone\s+|already\s+)?)"
                    r"dead\b", ltail[:at + 4]) or re.search(r"\bthat(?:'s| is| has)\b", ltail[:max(at, 0)]):
                continue  # "a gate that's been dead for two hundred years": not the person's death
            if at >= 0 and re.search(rf"\b{re.escape(phrase)}\b", ltail) and not _EN_NEG.search(ltail[:at]) \
                    and not re.search(r"\b(?:not|never|survives|survived|alive)\b", ltail) \
                    and not re.search(r"\bfak(?:es|ed|ing)\b", st.text, re.I) \
                    and not (chars[0][1] == chars[0][2] and _OWN_SUBJECT.search(ltail[:at])):
                # ("After a captain dies…": the clause has a subject of its own, not the one the talk goes on about)
                # who dies is the one named nearest before the word ("Agnes hates her from the moment Walt
                # dies"), unless someone follows it: "she drowns him" is a killing
                said_at = end + at + len(phrase)
                before = [(n, stop) for n, _, stop in chars if stop <= end + at][-1:] or [(subject, end)]
                dying = [before[0][0]]
                if _POSSESSOR.match(text, before[0][1]):
                    break  # "Sebastian's uncle dies", "Elsbeth's father, Oswin, …, dies": the kin, not the one named
                victim = next((n for n, start, _ in chars if start >= said_at and not text[said_at:start].strip()), None)
                out += [self._rel(st, "KILLED", dying[0], victim), self._state(st, victim, "alive", "dead")] if victim \
                    else [self._state(st, dying[0], "alive", "dead")]
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
        # "ends up with a concussion", "walks away with cracked ribs", "takes a stab wound"
        m = re.search(r"\b(?:gets|got|suffers|suffered|has|had|takes|took|with|left with|ends up with|sustains|sustained)\s+"
                      r"(?:a\s+|an\s+)?((?:mild |bad |severe |nasty |serious |minor )?(?:concussion|sprained \w+|cracked \w+|"
                      r"bruised \w+|dislocated \w+|torn \w+|fractured \w+|broken \w+|shattered \w+|stab wound|gunshot wound|"
                      r"bullet wound|knife wound|burns (?:on|to|across) [\w ]{2,24}?)(?=[,.;!]|$| and | from | in ))", ltail)
        if m and not _EN_NEG.search(ltail[:m.start()]):
            out.append(self._state(st, subject, "injury", tail[m.start(1):m.end(1)]))
        m = re.search(r"\b(sprain|twist|dislocate|crack|bruise)(?:s|d|ed)? (?:his|her|their|an?|[\w ]+?['’]s) "
                      r"((?:left |right )?(?:wrist|ankle|knee|shoulder|ribs?|hand|finger|back))\b", ltail)
        if m and not _EN_NEG.search(ltail[:m.start()]):  # "she sprains her wrist" → sprained wrist
            out.append(self._state(st, subject, "injury", f"{m.group(1).removesuffix('e')}ed {m.group(2)}"))
        whose = r"(?:an?|his|her|their|one|[\w ]+?['’]s)"  # a resolved pronoun reads "Tessa's"
        m = re.search(rf"\b(?:loses|lost|has lost) ({whose} (?:(?:left|right) )?"
                      r"(?:eye|arm|hand|leg|foot|ear|fingers?))", ltail)
        if m:  # "he loses his left eye" → lost his left eye (the pronoun as the author wrote it)
            said = re.search(r"\b(?:loses|lost|has lost) ((?:an?|his|her|their|one) [\w ]*?" + re.escape(m.group(1).split()[-1])
                             + r")", st.quote, re.I)
            out.append(self._state(st, subject, "injury", "lost " + (said or m).group(1)))
        m = re.search(r"\b(?:breaks|broke|has broken|fractures|fractured|snaps|snapped|shatters|shattered) "
                      rf"{whose} ((?:left|right) )?(leg|arm|wrist|ankle|hand|jaw|nose|collarbone|"
                      r"ribs?|back|neck|shoulder|hip)\b", ltail)
        if m and not _EN_NEG.search(ltail[:m.start()]):  # "she breaks her left leg" → broken left leg
            out.append(self._state(st, subject, "injury", f"broken {m.group(1) or ''}{m.group(2)}"))
        m = re.search(r"(?:\bhas got|['’]s got|\bhas|\bhad|\bbears|\bwears|\bgot|\bsports|\bwith an?) (?:(?:a|an) )?"
                      r"([\w\- ]{0,20}?(?:scar|birthmark|tattoo|eye|eyes|hair|veins|beard))\b(.{0,30})", ltail)
        if m:  # "a burn scar across the back of her left hand" — but not cut off inside a resolved "her"
            where = re.match(r"\s+(?:on|across|along|over|under|above|below|down|at|from|in)\b[^,.;]*", tail[m.end(1):m.end()])
            where = where.group(0) if where and not any(n in where.group(0) for n, _, _ in chars) else ""
            look = m.group(1) + where
            out.append(self._state(st, subject, "appearance", tail[m.start(1):m.start(1) + len(look)].strip(" ,.")))
        m = re.match(r"\s*(?:is |was |'s )?(?:also )?missing ((?:two|three|a|an|one|his|her) (?:\w+ )?(?:fingers?|eye|hand|arm|leg|ear|teeth)"
                      r"(?: on (?:his|her|their|the) (?:left|right) hand)?)", ltail)
        if m:  # "missing two fingers on his left hand"
            out.append(self._state(st, subject, "appearance", "missing " + tail[m.start(1):m.end(1)]))
        if re.search(r"\b(?:limps|has a limp|walks with a limp|with a limp)\b", ltail) and not _EN_NEG.search(ltail):
            out.append(self._state(st, subject, "appearance", "limps"))
        made = re.search(rf"\b(?:makes|made|names|named|appoints|appointed|raises|raised|crowns|crowned) "
                         rf"{re.escape(subject)} (?:(?:a|an|the) )?(?:full |new |fully-fledged |acting )?([A-Z]?[a-z]+)\b",
                         text)
        if made and _EN_POST_ALONE.fullmatch(made.group(1)) and _is_title(made.group(1)):
            out.append(self._state(st, subject, "identity", made.group(1)))  # "the Lodge makes him a full Warden"
        made = re.match(r"\s*(?:is|was|gets|got|has been)\s+(?:made|named|promoted to|raised to|elevated to)\s+"
                        r"(?:a\s+|an\s+|the\s+)?(?:full\s+|new\s+)?([A-Z][\w\-]+(?:\s+[A-Z][\w\-]+)?)", tail)
        if made:  # "she's made Precentor": the rank or post given her — a rung of the talk's ladder is a realm
            out.append(self._state(st, subject, "realm" if made.group(1) in self.rungs else "identity", made.group(1)))
        m = re.search(rf"\b(\d{{1,3}}|{_EN_AGE_WORDS}) years? old\b|\bis (\d{{1,3}})\b(?! \w)|"
                      rf"^\s*,\s*(\d{{1,2}}|{_EN_AGE_WORDS})\s*(?:,|$)", ltail)
        # a clause that follows a comma and is only an age or a post describes the person before it
        appositive = end == 0 and st.text[:clause[0]].rstrip().endswith((",", "—", "–"))
        if not m and appositive:  # "Nell Sparrow, fifteen, …": the clause after the name is only the age
            m = re.fullmatch(rf"\s*(?:aged\s+)?(\d{{1,2}}|{_EN_AGE_WORDS})\s*[.!]?\s*()()", ltail)
        if m:
            out.append(self._state(st, subject, "age", m.group(1) or m.group(2) or m.group(3)))
        # "Sister Ines, the abbey's archivist" / "Vance is a director of the Meridian Authority" / a clause that
        # is only the post, after the person's own ("Nell Sparrow, fifteen, thief of the Lamplighters' Guild")
        # (each person's own words: "Corra's cousin Wren Hale is a clerk" speaks of Wren)
        holders = chars
        # "He is run by Yevgeny Arkadin, a KGB colonel", "to Hesper Quill — bog witch, …": the post is the one just
        # named (in a recap's list, "trained by Aldric, sworn Emberguard" goes on about the one it is about)
        dashed = st.text[:clause[0]].rstrip().endswith(("—", "–"))
        if appositive and end == 0 and (dashed or re.match(r"\s*(?:an?|the)\s", text)):
            before = st.text[:clause[0]].rstrip()[:-1].rstrip()
            named = next((n for n, forms in self._forms.items() if self.kind(n) == "Character"
                          and any(f and re.search(rf"\b(?:by|to|with|for|from|meets|met|marries|married|hires|hired|"
                                                  rf"visits|visited)\s+{re.escape(f)}$", before) for f in (n, *forms))),
                         None)
            holders = [(named, 0, 0)] if named else chars
        for (person, _, stop), following in zip(holders, [*(c[1] for c in holders[1:]), len(text)]):
            own = text[stop:following]
            m = (_EN_POST_ALONE if stop == 0 else _EN_POST_AFTER_NAME).match(own)
            # "…, the port commissioner on Calypso Station, …": where the post is held belongs to it
            where = _POST_WHERE.match(own, m.end()) if m and stop == 0 and appositive else None
            if m and (stop > 0 or appositive and (where or m).end() == len(own.rstrip(" .!;"))) and _is_title(m.group(1)):
                out.append(self._state(st, person, "identity", m.group(1) + (where.group(0) if where else "")))
                break
        else:
            person, start, stop = chars[0]
            # (not for a subject carried on from an earlier clause: what ends that clause is not said of them)
            m = _EN_POST_BEFORE.search(st.text[max(0, clause[0] + start - 60):clause[0] + start]) if stop > start else None
            if m and m.start(1) > 0 and _is_title(m.group(1)) and not re.search(r"\bof\b", m.group(1)):
                out.append(self._state(st, person, "identity", m.group(1)))
        return [f for f in out if f is not None]


_BONDS = {**dict.fromkeys(("enemies", "rivals", "nemeses", "sworn enemies"), "HATES"),
          **dict.fromkeys(("allies", "friends", "best friends", "partners", "comrades"), "ALLY_OF"),
          **dict.fromkeys(("siblings", "brothers", "sisters", "twins"), "SIBLING_OF"),
          **dict.fromkeys(("married", "husband and wife", "wife and husband"), "MARRIED_TO"),
          "lovers": "LOVES"}
_BOND = re.compile(r"(?:are|were|become|became|remain|stay|have been|has been|had been|got|end up|ended up)?\s*"
                   r"(?:now\s+|still\s+|properly\s+|finally\s+|sworn\s+|old\s+|close\s+)*"
                   r"(" + "|".join(sorted(_BONDS, key=len, reverse=True)) + r")\b")
_LEADER_POSTS = {"captain", "leader", "head", "master", "founder", "chief", "ruler", "commander", "grandmaster",
                 "boss", "director", "chair", "chairman", "provost", "abbot", "abbess", "warden"}
_MEMBER_POSTS = {"member", "runner", "agent", "knight", "soldier", "thief", "spy", "officer", "clerk", "elder",
                 "student", "disciple", "brother", "sister", "enforcer", "courier", "sailor", "scout", "assassin",
                 "mercenary", "recruit", "guard", "operative", "lieutenant", "apprentice", "archivist", "healer"}
_NOT_POSTS = {"prisoner", "enemy", "friend", "guest", "victim", "target", "hostage", "rival", "debtor", "creditor",
              "fan", "critic", "ward", "slave", "bane", "terror", "favourite", "favorite", "part", "kind", "sort", "lot"}
_POST_OF = re.compile(r",?\s*(?:(?:is|was|becomes|became)\s+)?(?:(a|an|the)\s+)?(?:[a-z\-]+\s+)?([a-z\-]+?)"
                      r"s?\s+(?:of|for|in|with)(?:\s+the)?")
_POST_NOUN = re.compile(r"\s*(" + "|".join(sorted(_LEADER_POSTS | _MEMBER_POSTS, key=len, reverse=True)) + r")\b")
_CHILDREN = re.compile(r"\b(?:(?:two|three|four|five|several|\d)\s+|(?:his|her|their)\s+)?(?:kids|children)\b"
                       r"(?:\s+(?:are|named|called))?\s*[:,]?\s*(?=[A-Z])")
_EN_AGE_WORDS = (r"(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:-(?:one|two|three|four|five|six|"
                 r"seven|eight|nine))?|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|"
                 r"nineteen|six|seven|eight|nine)")
_EN_TITLE_LEAD = (r"\s*(?:,\s*(?:(?:a|an|the)\s+)?|\s+(?:is|was)\s+(?:now\s+|still\s+)?(?:a|an|the)\s+|"
                  r"\s+(?:works|worked|serves|served) as (?:a|an|the)\s+|\s+(?:becomes|became) (?:a|an|the)\s+|"
                  # "is crowned Queen of Dunmere", "is recognised as Warden of the Third Ward"
                  r"\s+(?:is|was|gets|got)\s+(?:crowned|named|appointed|elected|promoted to|recogni[sz]ed as|"
                  r"sworn in as|installed as)\s+(?:(?:a|an|the)\s+)?|\s+(?:becomes|became)\s+)")
_EN_TITLE = (r"(?:[A-Za-z][\w\-]*(?:'s|s')\s+)?"  # the guild's
             # "a retired federal marshal", "Polish ex-GROM assassin": up to two words say which one
             r"((?:(?!(?:the|a|an|and|or|but|his|her|their|its|my|our|your|who|that|is|was)\s)[a-z\-]+\s){0,2}"
             r"[a-z\-]*(?:er|or|ist|ian|smith|wright|keeper|master|thief|pocket|spy|knight|guard|maid|"
             r"monk|priest|nun|sailor|captain|runner|merchant|scholar|archivist|healer|hunter|marquess|duke|duchess|"
             r"earl|baron|baroness|countess|viscount|prince|princess|queen|king|warden|director|commander|general|"
             r"colonel|inspector|magister|abbot|abbess|bishop|chancellor|minister|steward|sheriff|mayor|envoy|"
             r"pilot|clerk|cook|chef|bard|nurse|scout|pirate|mage|witch|wizard|druid|cleric|herald|assassin|mercenary|"
             r"apothecary|valet|governess|heiress|priestess|seamstress|actress|midwife|man|emissary|secretary|"
             r"sentry|deputy|heir|marshal|constable|detective|sergeant|corporal|lieutenant|surgeon|medic|judge|"
             r"widow|landlord|landlady|headmistress|headmaster|prefect|typist|chemist|engineer|ceo|cfo|coo|cto|legate|"
             r"chief|chieftain|jarl|thane|regent|emperor|empress|consul|senator|tribune|centurion|commissar|owner|"
             r"proprietor)"
             r"(?:\s+of\s+(?:the\s+)?(?-i:[A-Z][\w'\-]*(?:\s+[A-Z][\w'\-]*)*))?)\b")  # (the names, capitalised)
_EN_POST_AFTER_NAME = re.compile(_EN_TITLE_LEAD + _EN_TITLE, re.I)
# "And the housekeeper, Mrs. Hester Quill." / "the curate Mr. Thorne": the post said just before the name
_EN_POST_BEFORE = re.compile(r"(?:^|\b(?:the|a|an|our|their)\s+)" + _EN_TITLE + r"\s*,?\s*$", re.I)
_EN_POST_ALONE = re.compile(r"\s*(?:(?:a|an|the)\s+)?" + _EN_TITLE, re.I)
_POST_WHERE = re.compile(r"\s+(?:on|at|in|aboard)\s+(?:the\s+)?[A-Z][\w'\-]*(?:\s+[A-Z][\w'\-]*)*")


# words that end like a trade (-er, -or) but name none: kin are relations, the rest are not posts at all
_NOT_TITLES = {"heist", "list", "twist", "wrist", "mist", "fist", "gist", "sinister", "clever", "bitter", "sober",
               "tender", "slender", "proper", "eager", "better", "bigger", "whether",
               "other", "another", "whatever", "however", "forever", "together", "after", "never", "rather", "either",
               "neither", "later", "ever", "over", "under", "her", "for", "or", "nor", "color", "colour", "door",
               "floor", "father", "mother", "brother", "sister", "daughter", "older", "younger", "elder", "member",
               "number", "matter", "letter", "water", "power", "order", "border", "corridor", "manner", "winter",
               "summer", "river", "silver", "paper", "danger", "anger", "finger", "hunger", "chapter", "character",
               "error", "favor", "favour", "honor", "honour", "mirror", "horror", "terror", "armor", "armour", "harbor",
               "harbour", "labor", "labour", "minor", "major", "senior", "junior", "monster", "tower", "flower",
               "dinner", "corner", "lover", "partner", "cover", "answer", "offer", "wonder", "weather", "leather",
               "man", "woman", "human", "gentleman", "german", "roman"}
_NOT_MODIFIERS = {"her", "his", "their", "my", "our", "your", "its", "and", "or", "but", "not", "no", "very", "so",
                  "nothing", "something", "anything", "including"}


def _is_title(title: str) -> bool:
    words = title.split(" of ")[0].lower().split()
    if words and words[-1].endswith("ing") and words[-1] not in ("king", "viking"):
        return False  # "including threadwalking": a doing, whatever it ends like
    if not words or any(w.startswith("ex-") or w in ("former", "onetime") for w in words):
        return False  # what someone used to be is not who they are (a retired marshal still is one, retired)
    return words[-1] not in _NOT_TITLES and not (len(words) > 1 and words[0] in _NOT_MODIFIERS)


def _en_role(text: str) -> tuple[str, bool] | None:
    text = text.strip().lower()
    best = None
    for role in lx.EN_ROLES:
        # (not "his late brother's daughter": the role of whoever the second possessive names)
        if re.match(rf"(?:late )?(?:older |younger |elder |elderly |little |big |best |old |sworn |former |loyal |"
                    rf"trusted |personal |chief |head )?{re.escape(role)}"
                    r"\b(?!['’]s\b)", text) \
                and (best is None or len(role) > len(best)):
            best = role
    return lx.EN_ROLES[best] if best else None


# "lives up at", "works behind the bar at", "is holed up in": where someone is, with words between
_LIVES_AT = re.compile(r"\b(?:lives|lived|living|stays|stayed|works|worked|working|based|settled|hides|hid|hiding|"
                       r"stationed|holed up|squats|camps|camped|keeps house|tends bar)\b(?:\s+[\w'\-]+){0,4}?"
                       r"\s+(?:at|in|inside|on)(?:\s+the)?$")
_THEIR_HEAD = re.compile(r"\b(?:their|its)\s+(?:leader|boss|head|chief|war-chief|founder|commander|captain|ringleader)"
                         r"\s*(?:is\s+|was\s+|[,:—]\s*)(?:none other than\s+)?")
_RUN_BY = re.compile(r"(?:\bis|\bwas|'s|\bare|\bwere)\s+(?:now\s+|still\s+)?(?:run|led|headed|ruled|commanded|"
                     r"captained|bossed)\s+by$")
# "Elsbeth's father, …, dies": a possessive names whose kin it is, not who dies
_POSSESSOR = re.compile(r"['’]s\s+(?:late\s+|old\s+|best\s+|oldest\s+|eldest\s+|younger\s+|elder\s+|little\s+)?[a-z]+")
# "after a captain dies": a noun subject of the clause's own
_OWN_SUBJECT = re.compile(r"\b(?:a|an|the|his|her|their|some|one|every|no|any)\s+(?:\w+\s+)?\w+\s+$")
# "shoots Ned in the shoulder": a wound, not a killing
_NOT_FATAL = re.compile(r"\s+(?:in|through)\s+(?:the|his|her)\s+(?:arm|leg|shoulder|hand|knee|foot|side|thigh|hip)\b")
_KILLED_ALONE = re.compile(r"\s*(?:is\s+|was\s+|gets\s+|got\s+)?(?:killed|slain|murdered|executed|shot dead|"
                           r"cut down|struck down)(?=\s+(?:on|in|at|during|by|outright|instantly|off|when|while)\b|"
                           r"\s*[,.;:(—-]|\s*$)")
_LIVED_THERE = re.compile(r"\s*,?\s*where\s+[\w.'’\- ]{1,30}?(?:'s|’s|\s+has|\s+have|\s+had|\s+still)?\s+"
                          r"(?:lived|lives|live|been living|settled)\b")


def opens_on_a_post(text: str) -> bool:
    """"Enforcer for the Calloway Firm." / "Retired Ember Knight, half blind now": a sentence that opens on
    what someone is."""
    head = re.split(r"[,.;:!?]|\s(?:for|of|at|in|with|from|to|on|and|who|since)\s", text.lower(), maxsplit=1)[0].split()
    last = " ".join(head[-2:])
    return 0 < len(head) <= 3 and bool(_EN_POST_ALONE.fullmatch(last)) and _is_title(last)
