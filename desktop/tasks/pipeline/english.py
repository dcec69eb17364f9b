"""English wording: who is whose master, who took the sword, who died — between names in one statement."""

from __future__ import annotations

import re

from desktop.tasks.pipeline import lexicon as lx
from desktop.tasks.pipeline.english_states import is_post
from desktop.tasks.pipeline.findings import EN_NEG as _EN_NEG
from desktop.tasks.pipeline.findings import Finding
from desktop.tasks.pipeline.findings import has_phrase as _has_phrase
from desktop.tasks.pipeline.statements import Statement


# "He answers to the owner, Lord Penmorfa": a post set just before a name (the comma that follows it aside)
POST_BEFORE_NAME = re.compile(r"\s(?:the|his|her|their)\s+([a-z][a-z\- ]{1,25})$")


def _unposted(mid: str) -> str:
    """The words between two names without the post set before the second: it says who that one is, not what the
    first does to them — "answers to the owner, Lord Penmorfa" is "answers to"."""
    post = POST_BEFORE_NAME.search(mid[:-1]) if mid.endswith(",") else None
    if post and post.start() > 0 and (is_post(post.group(1)) or _en_role(post.group(1))):
        return mid[:post.start()]
    return mid


class EnglishRules:
    """Mixed into the Reader: needs kind(), _rel(), _end(), _state() and owners."""

    def _apposed(self, before: str, name: str) -> bool:
        """Whether the words before a clause are the person's name and only short asides after it ("Milena Hrubá,
        seventeen,"), so the clause describes them too (not "Tom drove all night, from Paris")."""
        forms = sorted({name, *self._forms.get(name, ())}, key=len, reverse=True)
        at = max((before.rfind(f) + len(f) for f in forms if f and f in before), default=-1)
        rest = before[at:].strip()
        return at >= 0 and (not rest or rest.startswith(",") and all(len(part.split()) <= 2 for part in rest.split(",")[1:]))

    def _en_pairs(self, st: Statement, spans: list) -> list[Finding]:
        out: list[Finding | None] = []
        text = st.text
        low = text.lower()
        change = any(c in low for c in lx.CHANGE_CUES_EN)
        for i, (a, sa, ea) in enumerate(spans):
            for b, sb, eb in spans[i + 1:]:
                mid = _unposted(low[ea:sb].strip())
                post = low[eb:eb + 30]
                ka, kb = self.kind(a), self.kind(b)
                if len(mid) > 40 or _EN_NEG.search(low[:sb]):
                    continue
                # A is B's <role> / A, B's <role>
                m = re.fullmatch(r"(?:,|:|—|–|--|is|was|becomes|became|will be)?\s*(?:now\s+)?(?:the\s+)?", mid)
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
                # "Mei has a younger brother, Lu Zhiqiang" / "Voss has a daughter called Hazel": B is A's <role>
                has = _HAS_KIN.fullmatch(mid)
                if has and (role := _en_role(has.group(1))) and role[0] != "HATES":
                    out.append(self._en_role(st, holder=b, other=a, role=role))
                # "Mick and Tadhg are father and son": the first role is the first name's
                pair = _ARE_PAIR.match(post) if mid == "and" else None
                if pair and (role := _en_role(pair.group(1) or pair.group(2))):
                    out.append(self._en_role(st, holder=a, other=b, role=role))
                # A takes B as his apprentice
                if ka == "Character" and kb == "Character" and re.fullmatch(
                        r"(?:formally |finally |then )?(?:takes|took|has taken|will take)", mid) and re.match(
                        r"\s+as\s+(?:his|her|their|[\w .'\-]+?['’]s)\s+"
                        r"(?:apprentice|student|pupil|disciple|squire|protégé|protege)",
                        low[eb:eb + 60]):
                    out.append(self._rel(st, "MASTER_OF", a, b))
                # A is the <role> of B
                m = re.fullmatch(r"(?:is|was|becomes|became|has been|had been)\s+(?:the\s+|a\s+|an\s+)?([^,;]+?)\s+(?:of|to)(?:\s+the)?",
                                mid)
                if m and _en_role(m.group(1)):
                    out.append(self._en_role(st, holder=a, other=b, role=_en_role(m.group(1))))
                if m and kb == "Faction" and re.search(r"\b(?:leader|head|master|founder|ruler|captain|chief)\b", m.group(1)):
                    out.append(self._rel(st, "LEADS", a, b))
                if m and kb == "Faction" and re.search(r"\b(?:member|disciple|knight|soldier|agent|elder|student)s?\b", m.group(1)):
                    out.append(self._rel(st, "MEMBER_OF", a, b))
                if kb == "Faction" and ka == "Character" and re.fullmatch(
                        r",\s*(?:the\s+)?(?:head|leader|master|founder|grandmaster|captain|chief)\s+of(?:\s+the)?", mid):
                    out.append(self._rel(st, "LEADS", a, b))
                elif kb == "Faction" and ka == "Character" and (one := re.fullmatch(
                        r",\s*(?:a|an|the)\s+(?:\w+\s)?([a-z\-]+)\s+"
                        r"(?:of|for|in|with)(?:\s+the)?", mid)) and (one.group(1) in _MEMBER_WORDS or
                                                                 is_post(one.group(1)) and one.group(1) not in _NOT_POSTS):
                    out.append(self._rel(st, "MEMBER_OF", a, b))  # "Nora Kinsella, an organizer for the United Mine Workers"
                if kb == "Faction" and ka == "Character" and mid == "," and re.match(r"\s*(?:[.;)—–]|$)", low[eb:]):
                    out.append(self._rel(st, "MEMBER_OF", a, b))  # "Make the handler a woman — Captain Zoya Lebedeva, KGB."
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
                # "Silas Halloway owns Halloway & Sons Shows", "after Ugolino dies he takes over running the bottega"
                if kb == "Faction" and ka == "Character" and _OWNS_GROUP.fullmatch(mid):
                    out.append(self._rel(st, "LEADS", a, b))
                if kb == "Faction" and ka == "Character" and re.fullmatch(r"(?:['’]s\s+|has\s+)?(?:been|is|was|stays|stayed)\s+with"
                                                                          r"(?:\s+the)?", mid):
                    out.append(self._rel(st, "MEMBER_OF", a, b))  # "he's been with the Castellane show since he was 15"
                if kb == "Faction" and ka == "Character" and _DOES_FOR.search(mid):
                    out.append(self._rel(st, "MEMBER_OF", a, b))  # "Jamie Rivers runs numbers for the Firm"
                if kb == "Faction" and ka == "Character" and _has_phrase(mid, lx.EN_LEAVE) and not _BEQUEST.match(post):
                    out.append(self._end(st, "MEMBER_OF", a, b))  # "in chapter 52 he leaves the Tide Court"
                if ka == kb == "Character" and re.search(r"\b(?:beats?|beaten|stabs?|stabbed|chokes?|choked|burns?|burned|"
                                                         r"kicks?|kicked|works?|worked|starves?|starved)$", mid) \
                        and re.match(r"\s+to\s+death\b", post) and not _EN_NEG.search(low[:sb]):
                    out += [self._rel(st, "KILLED", a, b), self._state(st, b, "alive", "dead")]  # "Earl beat him to death"
                if ka == kb == "Character" and re.search(r"\b(?:guns?|gunned|cuts?|struck|strikes?|mows?|mowed)$", mid) \
                        and re.match(r"\s+down\b", post) and not _EN_NEG.search(low[:sb]):
                    out += [self._rel(st, "KILLED", a, b), self._state(st, b, "alive", "dead")]  # "Cyrus guns Beckett down"
                if ka == kb == "Character" and (re.search(r"\bon$", mid) and re.match(r"['’]s\s+payroll\b", post) or
                                                re.search(r"\bin$", mid) and re.match(r"['’]s\s+pay\b", post) or
                                                re.search(r"\b(?:taking|takes|took|taken|accepts|accepted)$", mid) and
                                                re.match(r"['’]s\s+(?:money|coin|silver|bribes?|pay|gold(?!\s+(?!for\b|to\b|and\b|since\b|from\b)[a-z]))\b", post) or
                                                _IN_SERVICE.search(mid) and _HOUSEHOLD.match(post)):
                    # "He's been on Jesse Cobb's payroll", "has been taking Halloway's money", "a slave in Rufus's household"
                    out.append(self._rel(st, "SERVES", a, b))
                if ka == "Character" and kb == "Faction" and (
                        re.fullmatch(r"(?:takes|took|has taken|will take|gets|got|wins|won)\s+(?:over\s+)?the\s+"
                                     r"(?:chair|helm|leadership|presidency|reins)\s+(?:of|at)(?:\s+the)?", mid)
                        or re.fullmatch(r"(?:takes|took|has taken|will take|gets|got|wins|won)(?:\s+the)?", mid)
                        and re.match(r"['’]?s?\s+(?:chair|helm|leadership|presidency|reins)\b", post)):
                    out.append(self._rel(st, "LEADS", a, b))  # "Digger takes the council chair"
                if ka == "Character" and kb in ("Character", "Faction") and re.fullmatch(
                        r"(?:,|is|was|['’]s|has been|had been|have been)?\s*(?:secretly\s+|now\s+)?(?:in\s+the\s+pay|on\s+the\s+payroll)"
                        r"\s+of(?:\s+the)?", mid):
                    out.append(self._rel(st, "SERVES", a, b))  # "the Dalmatian, in the pay of the Ten"
                if ka == kb == "Character" and (re.search(r"\bon$", mid) and re.match(r"['’]s\s+(?:orders|command|behalf)\b", post)
                                                or re.search(r"\bdoes whatever$", mid)
                                                and re.match(r"\s+(?:tells|says|wants|asks)\b", post)):
                    out.append(self._rel(st, "SERVES", a, b))  # "Billy kills him on Roach's orders", "does whatever X tells"
                if ka == kb == "Character" and re.fullmatch(r"['’]s\s+orders\s+from", mid) and \
                        re.search(r"\b(?:takes|took|gets|got|taking|getting)\s+$", low[:sa]):
                    out.append(self._rel(st, "SERVES", a, b))  # "he takes his orders from Pryce", his read as the subject
                if ka == kb == "Character" and re.search(r"(?:\bis|['’]s|\bwas|\bbecomes|\bbecame)(?:\s+now)?$", mid) and \
                        _ONES_MAN.match(post):
                    out.append(self._rel(st, "SERVES", a, b))  # "he's Echevarría's man"
                if ka == kb == "Character" and _PAYS.fullmatch(mid) and re.match(r"\s+to\b", post):
                    out.append(self._rel(st, "SERVES", b, a))  # "Tosi is paying him to copy the designs"
                if ka == "Faction" and kb == "Character" and _EXPELS.search(mid):
                    out.append(self._end(st, "MEMBER_OF", b, a))  # "Pike & Sutter drop Miriam in ch. 9"
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
                    elif _has_phrase(mid, lx.EN_OWN) and not _A_COPY.search(mid) or re.search(r"'s\s+(?:weapon|sword|blade)\s+is", mid):
                        out.append(self._rel(st, "OWNS", a, b, replaces=change))
                    elif mid.startswith("'s") and _has_phrase(post, lx.EN_LOSE + ("is stolen", "was stolen")):
                        out.append(self._end(st, "OWNS", a, b))
                    elif mid in ("'s", "’s") and not _has_phrase(low[eb:], lx.EN_GIVE + lx.EN_TAKE + ("stolen", "taken", "sold",
                                                                                                     "pawned", "buried with")) \
                            and not re.search(r"^\s*(?:was|used to be|had been) (?:his|her|their|[\w ]+['’]s)\b", low[eb:eb + 30]) \
                            and not _has_phrase(low[max(0, sa - 30):sa], lx.EN_GIVE + lx.EN_TAKE + lx.EN_OWN + lx.EN_LOSE) \
                            and not _EN_NEG.search(low[:sa]):
                        out.append(self._rel(st, "OWNS", a, b))  # "Leon's gold pocket watch was found next to the body"
                if ka == "Item" and kb == "Character" and low[eb:eb + 2] in ("'s", "’s"):
                    b = self._named_after_possessive(st, eb) or b  # "goes to his nephew, Tobias Reed"
                # "presses the clan sword, Tsukikage, into Ryota's hands" / "the ledger stays with Ruby"
                in_hands = re.search(r"\b(?:into|in|to)$", mid) and _IN_HANDS.match(low, eb)
                if ka == "Item" and kb == "Character" and (in_hands or re.search(
                        r"(?:belongs to|goes to|passes to|now belongs to|is (?:now )?owned by|ends up with|"
                        r"(?:stays|stayed|remains|remained) with|(?:is |was |gets |got |['’]s )?(?:sold|knocked down|"
                        r"handed over|handed|given|left|awarded|bequeathed|willed|auctioned off|passed on) to)$", mid)):
                    out.append(self._rel(st, "OWNS", b, a))
                    if self.owners.get(a) and self.owners[a] != b:
                        out.append(self._end(st, "OWNS", self.owners[a], a))
                if ka == "Item" and kb == "Character" and re.search(r"\bis(?: now)?$", mid) and re.match(r"['’]s\b", post):
                    out.append(self._rel(st, "OWNS", b, a))  # "from 16 on the sextant is Toby's"
                if ka == "Item" and kb == "Character" and re.search(r"(?:stolen|taken|seized) by$", mid):
                    out += self._en_take(st, b, a, "")
                bond = _BOND.match(post.strip()) if mid == "and" and ka == kb == "Character" else None
                if mid == "and" and ka == kb == "Character" and re.match(
                        r"\s+(?:\w+\s+)?(?:hate|loathe|despise|detest|can't stand)\s+each other\b", post):
                    out += [self._rel(st, "HATES", a, b), self._rel(st, "HATES", b, a)]  # "she and Orla loathe each other"
                if bond:  # "Mara and Edmund are enemies for good", "Walter and Maggie have been married"
                    out.append(self._rel(st, _BONDS[bond.group(1)], a, b))
                    if _BONDS[bond.group(1)] == "LOVES":  # "Wade and Lottie fall in love": each loves the other
                        out.append(self._rel(st, "LOVES", b, a))
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
                            and not _NOT_FATAL.match(post) and a != b and not re.search(r"\b(?:nearly|almost)\s+\w+$", mid) \
                            and not re.match(r"['’]s\s", post):  # ("kills Nabin's brother Haran": not Nabin)
                        out += [self._rel(st, "KILLED", a, b), self._state(st, b, "alive", "dead")]
                    elif re.search(r"\b(?:serves|served|works for|is sworn to|answers to|answered to|reports to|"
                                   r"(?<!not )(?<!never )(?<!longer )(?:loyal|devoted|faithful) to|"
                                   r"reported to|(?:takes|took|gets|got) (?:his |her |their |its )?orders from)$", mid):
                        out.append(self._rel(st, "SERVES", a, b))
                    elif re.search(r"\b(?:loves|has loved|is in love with|has been in love with|fell in love with|"
                                   r"(?:^|,\s*)in love with|"
                                   r"falls for|fell for)$", mid):
                        out.append(self._rel(st, "LOVES", a, b))
                    elif re.search(r"\b(?:hates|hated|despises|despised|loathes|loathed|resents|resented|has a grudge against|"
                                   r"swore revenge on|swears revenge on|vows revenge on|vowed revenge on|wants revenge on|"
                                   r"blames|(?:vows|vowed|swears|swore) to kill|(?:has|had|has had) it in for|"
                                   r"(?:has|had|has had|bears|bore) a grudge against|can't stand|cannot stand|never forgave|"
                                   r"never forgives|(?:is|are|was|were) at war with|(?:has|had) been feuding with|feuds with)$",
                                   mid):
                        out.append(self._rel(st, "HATES", a, b))
                    elif re.search(r"\b(?:marries|married|married to|weds|wed)$", mid):
                        out.append(self._rel(st, "MARRIED_TO", a, b))  # "Lord Henry Ashby, married to Lady Eleanor"
                    elif re.search(r"(?:is|are|was|were|became|becomes)?\s*(?:best |close |old |good |fast )?"
                                   r"friends with$|\b(?:sides|sided|stands|stood) (?:with|by)$", mid) or re.search(
                            r"(?:(?:\bis|'s|\bwas|\bcomes|\bcame|\bstays|\bstands)\s+|^,?\s*)(?:\w+\s+)?(?:on|over to)$", mid) \
                            and re.match(r"'s side\b", post):
                        out.append(self._rel(st, "ALLY_OF", a, b))  # "Lila is on Nolan's side from ch 14"
                    elif re.search(r"\b(?:trains|trained|teaches|taught|mentors|mentored|teaching|training|mentoring)$", mid) \
                            or re.search(r"\b(?:breaks|broke)$", mid) and re.match(r"\s+in\b", post):
                        out.append(self._rel(st, "MASTER_OF", a, b))  # (… "broke Curtis in on the line")
                if ka == "Faction" and kb == "Character" and _RUN_BY.search(mid):
                    out.append(self._rel(st, "LEADS", b, a))  # "the Firm is run by Declan Calloway"
                elif ka == kb == "Character" and _RUN_BY.search(mid):
                    out.append(self._rel(st, "SERVES", a, b))  # "he's run by Yevgeny Arkadin": an agent's handler
                # "Mama Okoro is a ripperdoc in the Sump", "Silas Penhallow, land agent at Ashcombe", "keeps a stall in
                # the Sunken Bazaar": where one's trade is plied is where they are
                if ka == "Character" and kb == "Location" and sa < ea and _plied(mid):
                    out.append(self._rel(st, "LOCATED_IN", a, b))
                if ka == "Character" and kb == "Location" and sa == ea and \
                        re.fullmatch(r"(?:originally |up |down |over |out )?from", mid) and \
                        re.match(r"\s*(?:[,.;)—–]|$)", post) and self._apposed(st.text[:sa], a):
                    out.append(self._rel(st, "FROM", a, b))  # "Milena Hrubá, seventeen, from Brno, who…"
                if kb == "Location" and ka in ("Character", "Faction", "Location"):
                    if _has_phrase(mid, lx.EN_LIVE) or ka == "Character" and (_LIVES_AT.search(mid) or _FARMS.fullmatch(mid)) or (ka != "Character" and re.fullmatch(r"(?:is )?(?:in|at|inside|within)", mid)):
                        out.append(self._rel(st, "LOCATED_IN", a, b))
                    elif ka == "Character" and _has_phrase(mid, lx.EN_FROM):
                        out.append(self._rel(st, "FROM", a, b))
                    elif ka == "Character" and _has_phrase(mid, lx.EN_MOVE):
                        out.append(self._state(st, a, "location", b))
                if ka == "Character" and kb == "Ability" and _has_phrase(mid, lx.EN_ABILITY):
                    out.append(self._rel(st, "HAS_ABILITY", a, b, replaces=change))
        out += self._en_three(st, spans)
        return [f for f in out if f is not None]

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
                    if ka == "Character" and kb == "Faction" and kc == "Character" and re.fullmatch(
                            r"\s*(?:bequeaths|leaves|left|wills|willed|hands|hands over|passes)(?:\s+(?:the|his|her))?\s*", low[ea:sb]) \
                            and re.fullmatch(r"\s*to\s*", low[eb:sc]):
                        out.append(self._rel(st, "LEADS", c, b))  # "Fergus leaves the distillery to Isla"
                    if ka == "Character" and kb == "Character" and kc == "Item" and _has_phrase(low[ea:sb], lx.EN_GIVE):
                        out += [self._end(st, "OWNS", a, c), self._rel(st, "OWNS", b, c)]
        return out


_BONDS = {**dict.fromkeys(("enemies", "rivals", "nemeses", "sworn enemies"), "HATES"),
          **dict.fromkeys(("allies", "friends", "best friends", "partners", "comrades", "team up", "teamed up",
                           "join forces", "joined forces", "get close", "got close", "grow close", "grew close",
                           "become close", "became close"), "ALLY_OF"),
          **dict.fromkeys(("fall in love", "fell in love"), "LOVES"),
          **dict.fromkeys(("siblings", "brothers", "sisters", "twins"), "SIBLING_OF"),
          **dict.fromkeys(("married", "husband and wife", "wife and husband"), "MARRIED_TO"),
          "lovers": "LOVES"}
_BOND = re.compile(r"(?:are|were|become|became|remain|stay|have been|has been|had been|got|end up|ended up)?\s*"
                   r"(?:now\s+|still\s+|properly\s+|finally\s+|sworn\s+|old\s+|close\s+)*"
                   r"(" + "|".join(sorted(_BONDS, key=len, reverse=True)) + r")\b")
# "has been married for two years to a Norwegian woman, Signy": who they married, after what she is
_MARRIED_TO_ONE = re.compile(r"(?:(?:is|was|has been|had been|have been|gets|got)\s+)?married"
                             r"(?:\s+(?:for|since)\s+[\w ]{1,20}?)?\s+to(?:\s+(?:a|an|the)\s+[\w'’\- ]{1,40},)?$")
# "he's Echevarría's man": one who does another's bidding
_ONES_MAN = re.compile(r"['’]s\s+(?:own\s+)?(?:man|woman|creature|lackey|stooge|puppet|enforcer|muscle|informant|"
                       r"errand boy)\b(?!\s+(?:of|in|for|on)\b)")
# "leaves the distillery to Isla": a bequest, no leaving
_BEQUEST = re.compile(r"\s+(?:to|in the hands of)\s+(?!the\s+(?:end|last)\b)\w")
_GROUPS_OWN_POST = re.compile(r"['’]s\s+((?:new\s+|old\s+|chief\s+|head\s+|senior\s+)?(?:[a-z][a-z\-]+\s+)?[a-z][a-z\-]+)"
                              r"(?=\s*(?:[,.;!?—–]|$)|\s+(?:for|since|and|from|in|at|who)\b)")
_LEADER_POSTS = {"captain", "leader", "head", "master", "founder", "chief", "ruler", "commander", "grandmaster",
                 "boss", "director", "chair", "chairman", "provost", "abbot", "abbess", "warden", "publisher", "owner",
                 "proprietor", "president", "headmaster", "headmistress", "housemaster", "ringmaster", "chieftain"}
_MEMBER_POSTS = {"member", "runner", "agent", "knight", "soldier", "thief", "spy", "officer", "clerk", "elder",
                 "student", "disciple", "brother", "sister", "enforcer", "courier", "sailor", "scout", "assassin",
                 "mercenary", "recruit", "guard", "operative", "lieutenant", "apprentice", "archivist", "healer"}
# "buys a bootleg copy of 0419": a copy is not the thing
_A_COPY = re.compile(r"\b(?:copy|copies|replica|fake|forgery|print|photograph|photo|picture|model)\s+of(?:\s+the)?$")
# "the Paragon's old man" is its owner, said fondly, or just an old man: no post
_MERE_MAN = {"old", "young", "big", "little", "best", "good", "dead", "own", "first", "last", "only", "favourite", "new"}
_NOT_POSTS = {"prisoner", "enemy", "friend", "guest", "victim", "target", "hostage", "rival", "debtor", "creditor",
              "fan", "critic", "ward", "slave", "bane", "terror", "favourite", "favorite", "part", "kind", "sort", "lot",
              "customer", "client", "supplier", "neighbour", "neighbor"}
_POST_OF = re.compile(r",?\s*(?:(?:is|was|becomes|became|has\s+been|had\s+been)\s+)?(?:(a|an|the)\s+)?(?:[a-z\-]+\s+)?([a-z\-]+?)"
                      r"s?\s+(?:of|for|in|with)(?:\s+the)?")
_POST_NOUN = re.compile(r"\s*(" + "|".join(sorted(_LEADER_POSTS | _MEMBER_POSTS, key=len, reverse=True)) + r")\b")
_CHILDREN = re.compile(r"\b(?:(?:two|three|four|five|several|\d)\s+|(?:his|her|their)\s+)?(?:kids|children)\b"
                       r"(?:\s+(?:are|named|called))?\s*[:,]?\s*(?=[A-Z])")
def _en_role(text: str) -> tuple[str, bool] | None:
    text = text.strip().lower()
    best = None
    for role in lx.EN_ROLES:
        # (not "his late brother's daughter": the role of whoever the second possessive names)
        if re.match(rf"(?:late )?(?:own |only |adopted )?(?:older |younger |elder |eldest |oldest |youngest |elderly |"
                    rf"little |big |best |old |sworn |former |loyal |trusted |personal |chief |head )?{re.escape(role)}"
                    r"\b(?!['’]s\b|-in-law)", text) \
                and (best is None or len(role) > len(best)):
            best = role
    return lx.EN_ROLES[best] if best else None


# "Josiah Brack, who farms Thornber Fold": one's farm or holding is where they are
_FARMS = re.compile(r"(?:,\s*)?(?:who\s+)?(?:still\s+|now\s+)?(?:farms|farmed|crofts|ranches|homesteads|keeps|kept|tenants|"
                    r"rents|holds|runs)(?:\s+the)?")
_HAS_KIN = re.compile(r"(?:also\s+|still\s+)?(?:has|had|'s got|has got)\s+(?:a|an|one)\s+([a-z][a-z\- ]{1,30}?)"
                      r"\s*(?:,|:|—|–|named|called|by the name of)?")
_ARE_PAIR = re.compile(r"\s+(?:are|were)\s+(?:(\w+)\s+and\s+\w+\b|(brothers|sisters|siblings|twins))")


# "lives up at", "works behind the bar at", "is holed up in": where someone is, with words between
_LIVES_AT = re.compile(r"\b(?:lives|lived|living|stays|stayed|works|worked|working|based|settled|hides|hid|hiding|"
                       r"stationed|holed up|squats|camps|camped|keeps house|tends bar)\b(?:\s+[\w'\-]+){0,4}?"
                       r"\s+(?:at|in|inside|on)(?:\s+the)?$")
_THEIR_HEAD = re.compile(r"\b(?:their|its)\s+(?:leader|boss|head|chief|war-chief|founder|commander|captain|ringleader)"
                         r"\s*(?:is\s+|was\s+|[,:—]\s*)(?:none other than\s+)?")
_OPENERS = frozenset({"the", "in", "on", "at", "so", "then", "and", "but", "after", "later", "when", "by", "from", "that",
                      "this", "now", "next", "chapter", "ch"})


def _opens_sentence(before: str) -> bool:
    """Nothing named before this point: only words that open a sentence ("In 24", "Then")."""
    return all(w.lower() in _OPENERS or not w[0].isupper() for w in re.findall(r"[A-Za-z']+", before))


_RUN_BY = re.compile(r"(?:(?:\bis|\bwas|'s|\bare|\bwere)\s+(?:now\s+|still\s+)?|^,\s*)(?:run|led|headed|ruled|commanded|"
                     r"captained|bossed)\s+by$")
_KIN_ASIDE = re.compile(r"(?:\s+and\s+(?P<other>[A-Z][^,;.'’]{1,40}?))?['’]s\s+(?P<role>(?:only\s+)?[a-z][a-z\- ]{1,24}?)"
                        r"\s*(?=[,.;)]|$)")
_EXPELS = re.compile(r"\b(?:drops?|dropped|fires?|fired|sacks?|sacked|expels?|expelled|dismiss(?:es)?|dismissed|"
                     r"kicks? out|kicked out|throws? out|threw out|casts? out|disowns?|disowned|excommunicates?|"
                     r"excommunicated|lets? go of|let go of)$")
_PLIES_AT = re.compile(r"(?:,\s*|(?:is|was|['’]s)\s+)(?:(?:an?|the)\s+)?(?:[a-z\-]+\s+){0,2}?([a-z\-]+)\s+(?:in|at|on)(?:\s+the)?|"
                       r"(?:[,—–]\s*(?:[^,—–]{1,30},\s*)?)?(?:keeps|kept|runs|ran|has|owns|opens|opened)\s+(?:a|an|the)\s+"
                       r"(?:[a-z\-]+\s+)?"
                       r"(?:stall|shop|bar|pub|stand|store|workshop|practice|clinic|forge|inn|tavern)\s+(?:in|at|on)(?:\s+the)?()")
def _plied(between: str) -> bool:
    """Does the text between a person and a place say a trade plied there ("is a ripperdoc in the", "keeps a stall in
    the")?"""
    plied = _PLIES_AT.fullmatch(between)
    return plied is not None and (plied.group(1) is None or is_post(plied.group(1)))


_MEMBER_WORDS = {"member", "runner", "agent", "knight", "brother", "sister", "soldier"}
_DOES_FOR = re.compile(r"\b(?:runs?|ran|does|did|drives?|drove|cooks?|cooked|fights?|fought|spies|spied|kills?|killed|"
                       r"smuggles?|smuggled|deals?|dealt|fixes|fixed|forges?|forged|steals?|stole)\b(?:\s+[a-z\-]+){0,2}"
                       r"\s+for(?:\s+the)?$")
_GROUPS_POST = re.compile(r"(?:['’]s)?\s+([a-z\-]+)(?:\s+(?:who|that)\b[^,;.:]{0,40})?\s*[,:—]\s*")
_WHO_DOES_REL = {**dict.fromkeys(("trains", "trained", "teaches", "taught", "mentors", "mentored", "coaches"), "MASTER_OF"),
                 **dict.fromkeys(("serves", "served", "works for", "worked for"), "SERVES"),
                 **dict.fromkeys(("loves", "loved", "adores"), "LOVES"),
                 **dict.fromkeys(("hates", "hated", "loathes", "loathed", "despises", "despised"), "HATES")}
_WHO_DOES = re.compile(r",\s*[^.;:!?]{1,60}?,?\s*who\s+(?:\w+ly\s+|has\s+|had\s+|still\s+|secretly\s+)?("
                       + "|".join(_WHO_DOES_REL) + r")")
_OWNS_GROUP = re.compile(r"(?:now\s+|still\s+|also\s+)?(?:owns|owned|buys|bought|inherits|inherited|(?:takes|took|will take)"
                         r"\s+over(?:\s+running)?)(?:\s+the)?")
_PAYS = re.compile(r"(?:is\s+|was\s+|has\s+been\s+|had\s+been\s+)?(?:paying|pays|paid|bribing|bribes|bribed)")
_IN_SERVICE = re.compile(r"\b(?:slave|servant|maid|valet|footman|cook|steward|housekeeper|groom|butler|retainer|page)s?"
                         r"\s+(?:in|of|at)$")
_HOUSEHOLD = re.compile(r"['’]s\s+(?:household|house|service|kitchens?|staff|employ|villa|estate)\b")
_IN_HANDS = re.compile(r"['’]s\s+(?:own\s+)?(?:hands?|keeping|possession|safekeeping|care|pocket)\b")
# "shoots Ned in the shoulder": a wound, not a killing
_NOT_FATAL = re.compile(r"\s+(?:in|through)\s+(?:the|his|her)\s+(?:arm|leg|shoulder|hand|knee|foot|side|thigh|hip)\b")
_LIVED_THERE = re.compile(r"\s*,?\s*where\s+[\w.'’\- ]{1,30}?(?:'s|’s|\s+has|\s+have|\s+had|\s+still)?\s+"
                          r"(?:lived|lives|live|been living|settled)\b")
