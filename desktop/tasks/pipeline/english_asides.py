"""English said across a sentence's commas and "and"s: "the Society, which Nigel chairs", "Remi Desmet, Lemaire's
mechanic", "Sugita Kenzo, who is Genba's creature", "Captain Zoya Lebedeva, KGB."."""

from __future__ import annotations

import re

from desktop.tasks.pipeline.english import (_GROUPS_OWN_POST, _GROUPS_POST, _KIN_ASIDE, _LEADER_POSTS, _MARRIED_TO_ONE,
                                            _MERE_MAN, _NOT_POSTS, _ONES_MAN, _WHO_DOES, _WHO_DOES_REL, _en_role,
                                            _opens_sentence, _plied)
from desktop.tasks.pipeline.english_states import is_post
from desktop.tasks.pipeline.findings import flat as _flat
from desktop.tasks.pipeline.findings import Finding
from desktop.tasks.pipeline.statements import Statement


class EnglishAsides:
    """Mixed into the Reader: needs kind(), _rel(), _end(), _state() and _en_role()."""

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
                if ka == "Faction" and kb == "Character" and re.fullmatch(r",\s*(?:run|led|headed|ruled|commanded|captained|"
                                                                        r"bossed|founded)\s+by", mid):
                    out.append(self._rel(st, "LEADS", b, a))  # "Lord Stourton's Men, run by Gideon Harte"
                own = _GROUPS_OWN_POST.match(st.text, eb) if kb == "Faction" and ka == "Character" and re.fullmatch(
                    r",(?:\s+the)?|(?:is|was|['’]s|becomes|became|has been)(?:\s+now)?(?:\s+the)?", mid) else None
                post_words = own.group(1).lower().split() if own else [""]
                if own and (is_post(" ".join(post_words)) or post_words[1:] == ["man"] and post_words[0] not in _MERE_MAN) and post_words[-1] not in _NOT_POSTS:
                    # "Remi Desmet, Lemaire's mechanic for twenty years", "he's Keystone's driller", "the Paragon's
                    # limelight man" (a group's "… man" is its man: the money man, the inside man)
                    leads = own.group(1).split()[-1].lower() in _LEADER_POSTS
                    out += [self._rel(st, "LEADS" if leads else "MEMBER_OF", a, b),
                            None if leads else self._state(st, a, "identity", own.group(1))]
                hand = re.fullmatch(r"['’]s\s+((?:head\s+|chief\s+|new\s+|old\s+)?[a-z][a-z\-]+),", mid) \
                    if ka == kb == "Character" else None
                if hand and is_post(hand.group(1)) and hand.group(1) not in _NOT_POSTS:
                    out.append(self._state(st, b, "identity", hand.group(1)))  # "Cutter's driller, Nils Lindqvist"
                if ka == kb == "Character" and _MARRIED_TO_ONE.fullmatch(mid):
                    out.append(self._rel(st, "MARRIED_TO", a, b))
                if ka == kb == "Character" and re.search(r",\s*on$", mid) and re.match(r"['’]s\s+(?:orders|command)\b", post) \
                        and _opens_sentence(st.text[:sa]):  # (the sentence's subject, not the one it shoots)
                    out.append(self._rel(st, "SERVES", a, b))  # "Billy shoots Silas, on Roach's orders"
                # "Tessaract's fixer, Kade" / "the Hegemony commissar who'd been riding along, Tobiah Laus"
                held = _GROUPS_POST.fullmatch(low[ea:sb]) if ka == "Faction" and kb == "Character" else None
                if held and is_post(held.group(1)):
                    out.append(self._rel(st, "LEADS" if held.group(1) in _LEADER_POSTS else "MEMBER_OF", b, a))
                if ka == "Character" and kb == "Location" and mid.startswith((",", "—", "–")) and _plied(mid):
                    out.append(self._rel(st, "LOCATED_IN", a, b))  # "Silas Penhallow, land agent at Ashcombe"
                # "Hostus, a retired secutor with one ear, who trains Brennus": what the one described does
                who = _WHO_DOES.fullmatch(mid) if ka == kb == "Character" else None
                if who:
                    out.append(self._rel(st, _WHO_DOES_REL[who.group(1)], a, b))
                # "Wade Pruitt's deputy, a kid called Danny Reyes" / "Pike: Julian's elderly valet": across the comma
                said = re.fullmatch(r"['’]s\s+([a-z\- ]{2,30}?),\s*(?:(?:a|an|the)\s+[a-z ]{0,20}?(?:called|named)\s*)?", mid)
                if ka == kb == "Character" and said and (role := _en_role(said.group(1))):
                    out.append(self._en_role(st, holder=b, other=a, role=role))
                if ka == kb == "Character" and mid == ":" and post.startswith(("'s ", "’s ")) and (role := _en_role(post[3:])):
                    out.append(self._en_role(st, holder=a, other=b, role=role))
                # "Peter Olsen, 41, …, Hal and Maggie's only son" / "Wren, the cabin kid, who is Idris's daughter": an
                # aside on whose kin the one the sentence opens with is
                kin = _KIN_ASIDE.match(st.text, eb) if ka == kb == "Character" and (
                    sa == 0 or re.fullmatch(r",\s*who(?:\s+(?:is|was)|['’]s)\s+", st.text[ea:sb])) and \
                    not st.text.startswith(("'s", "’s"), ea) else None
                if kin and re.search(r",\s*(?:who\s+(?:is|was)\s+|who['’]s\s+)?$", st.text[:sb]) and \
                        (role := _en_role(kin.group("role"))):
                    also = next((c for c, sc, _ in spans if kin.group("other") and sc == eb + kin.start("other") - kin.start()
                                 and self.kind(c) == "Character"), None)
                    out += [self._en_role(st, holder=a, other=p, role=role) for p in (b, also) if p]
                if ka == "Character" and kb == "Faction" and re.fullmatch(
                        r",\s*who\s+(?:now\s+|still\s+|also\s+)?(?:runs|ran|leads|led|heads|headed|owns|owned|chairs|commands|"
                        r"founded|bosses)(?:\s+the)?", mid):
                    out.append(self._rel(st, "LEADS", a, b))  # "…to Cal Stroud, who runs Stroud Brothers Stock"
                if ka == kb == "Character" and re.fullmatch(r",\s*who(?:\s+is|\s+was|['’]s)(?:\s+now|\s+really|\s+secretly)?", mid) \
                        and _ONES_MAN.match(post):
                    out.append(self._rel(st, "SERVES", a, b))  # "the castle physician, Sugita Kenzo, who is Genba's creature"
                # "I'm adding a mentor for Nora: Judge Hal Brody": the one named after the colon is it
                if ka == kb == "Character" and re.fullmatch(r":", mid) and re.search(
                        r"\b(?:a|an|the|new)\s+(?:mentor|teacher|master|tutor|trainer|coach)\s+(?:for|to)\s+$", low[:sa]):
                    out.append(self._rel(st, "MASTER_OF", b, a))
                if ka == kb == "Character" and re.fullmatch(r",\s*whom", mid) and re.match(
                        r"\s+(?:has\s+|had\s+|'d\s+)?(?:trained|taught|mentored|apprenticed)\b", post):
                    out.append(self._rel(st, "MASTER_OF", b, a))  # "Zuane, whom Bastian has trained since he was nine"
                # "Captain Zoya Lebedeva, KGB." / "Desmond Fairlie, SIS, Ashdown's own number two": the group
                # said after the name like a signature is whose they are (not a list: "Zoya, KGB and Stasi…")
                if ka == "Character" and kb == "Faction" and mid == "," and re.match(r"\s*(?:[.;!?)—–]|,(?!\s*and\b)|$)", post) \
                        and not re.search(r"[,:]\s*$", low[:sa]) and not re.match(r"\s*,\s*\w+\s*,", post) \
                        and not any(ec < sa and self.kind(c) == "Faction" for c, sc, ec in spans[max(0, i - 1):i]) \
                        and not any(eb < sc <= eb + 3 and self.kind(c) == "Faction" for c, sc, _ in spans):
                    out.append(self._rel(st, "MEMBER_OF", a, b))
                if ka == kb == "Character" and len(mid) <= 60 and re.match(r"['’]s\s+murder\b", post) and re.search(
                        r"\b(?:arrest(?:s|ed)?|charg(?:es|ed)|convict(?:s|ed)?|hang(?:s|ed)?|tried)\b[^.;]*\b(?:for|with)$", mid):
                    passive = re.match(r"(?:is\s+|was\s+|gets\s+|got\s+)?(?:arrested|charged|convicted|hanged|tried)\b", mid)
                    killer = a if passive else next((n for n, s2, e2 in spans if ea < s2 and e2 < sb
                                                     and self.kind(n) == "Character"), None)
                    if killer and killer != b:
                        out += [self._rel(st, "KILLED", killer, b), self._state(st, b, "alive", "dead")]
        return _flat(out)
