"""English wording of what someone is or has become: dead, wounded, a realm reached, an age, a post or a title."""

from __future__ import annotations

import re

from desktop.tasks.pipeline import lexicon as lx
from desktop.tasks.pipeline.findings import EN_NEG as _EN_NEG
from desktop.tasks.pipeline.findings import Finding
from desktop.tasks.pipeline.statements import Statement


class EnglishStates:
    """Mixed into the Reader: needs kind(), _rel(), _state() and the names' forms."""

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
        # "Josiah Pell … hangs himself": the reflexive the pronoun pass gave his name back to
        killed = killed or re.match(rf"[^.;]{{0,40}}?\b(?:hangs|hanged|kills|killed|shoots|shot|poisons|poisoned|drowns|"
                                    rf"drowned)\s+{re.escape(subject.lower())}\b", ltail) or \
            re.search(r"\b(?:takes|took)\s+(?:his|her|their|[\w'’ ]+['’]s)\s+own\s+life\b", ltail) or \
            re.match(rf"\W*(?:{re.escape(subject.lower())}\s+)?(?:then\s+|later\s+|finally\s+|eventually\s+)?"
                     r"(?:hangs|hanged|kills|killed|shoots|shot|drowns|drowned)\s+(?:him|her)self\b", low)
        if killed and not _EN_NEG.search(ltail) and not _NEARLY.search(ltail):
            out.append(self._state(st, subject, "alive", "dead"))
        for phrase in () if killed else lx.EN_DEATH:
            at = ltail.find(phrase)
            if phrase == "dead" and at >= 0 and not re.search(
                    r"(?:^\W*|\b(?:is|was|'s|are|were|found|lies|lay|left|falls|fell|drops|dropped|"
                    r"(?:turns|turned|shows|showed|washes|washed|ends|ended|winds|wound) up)\s+(?:stone\s+|already\s+)?)"
                    r"dead\b", ltail[:at + 4]) or re.search(r"\bthat(?:'s| is| has)\b", ltail[:max(at, 0)]):
                continue  # "a gate that's been dead for two hundred years": not the person's death
            if at >= 0 and re.search(rf"\b{re.escape(phrase)}\b", ltail) and not _EN_NEG.search(ltail[:at]) \
                    and not _NEARLY.search(ltail[:at]) \
                    and not re.search(r"\b(?:not|never|survives|survived|alive)\b", ltail) \
                    and not re.search(r"\bfak(?:es|ed|ing)\b", st.text, re.I) \
                    and not (chars[0][1] == chars[0][2] and _OWN_SUBJECT.search(ltail[:at])):
                # ("After a captain dies…": the clause has a subject of its own, not the one the talk goes on about)
                # who dies is the one named nearest before the word ("Agnes hates her from the moment Walt
                # dies"), unless someone follows a verb that can take one: "she drowns him" is a killing, and
                # "after Ugolino dies he takes over" is not
                said_at = end + at + len(phrase)
                before = [(n, stop) for n, _, stop in chars if stop <= end + at][-1:] or [(subject, end)]
                dying = [before[0][0]]
                if _POSSESSOR.match(text, before[0][1]):
                    break  # "Sebastian's uncle dies", "Elsbeth's father, Oswin, …, dies": the kin, not the one named
                victim = next((n for n, start, _ in chars if start >= said_at and not text[said_at:start].strip()), None) \
                    if phrase in ("drowns", "drowned") else None
                out += [self._rel(st, "KILLED", dying[0], victim), self._state(st, victim, "alive", "dead")] if victim \
                    else [self._state(st, dying[0], "alive", "dead")]
                break
        if re.match(r"['’]s\b", tail) and re.match(r"\s*(?:and\s+|then\s+)?[a-z]+(?:s|ed)\b", low[:chars[0][1]]):
            tail, ltail = text, low  # "…, breaks his collarbone": the verb comes before the resolved "his"
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
                      r"(?:a\s+|an\s+|two\s+|three\s+|four\s+|several\s+)?((?:mild |bad |severe |nasty |serious |minor )?"
                      r"(?:concussion|sprained \w+|cracked \w+|"
                      r"bruised \w+|dislocated \w+|torn \w+|fractured \w+|broken \w+|shattered \w+|stab wound|gunshot wound|"
                      r"bullet wound|knife wound|burns (?:on|to|across) [\w ]{2,24}?)(?=[,.;!]|$| and | from | in ))", ltail)
        if m and not _EN_NEG.search(ltail[:m.start()]):
            out.append(self._state(st, subject, "injury", tail[m.start(1):m.end(1)]))
        # "comes back with frostbite in her left foot", "Teo is bent — decompression sickness in his left knee"
        m = re.search(r"(?:\b(?:gets|got|suffers|suffered|has|had|with|left with|ends up with|catches|caught|comes down with|"
                      r"came down with|goes down with|went down with|dies of|died of)\s+|[—–]\s*)"
                      r"((?:severe |bad |mild )?(?:frostbite|hypothermia|decompression sickness|the bends|smoke inhalation|"
                      r"blood poisoning|gangrene|snow blindness|(?:dust |double )?pneumonia|a stroke|stroke|"
                      r"a heart attack|heart attack|typhoid|cholera|consumption|tuberculosis|smallpox|scarlet fever|"
                      r"(?:a )?(?:high |raging )?fever|malaria|dysentery|the flu|influenza))(?:\s+(?:in|on|to)\s+[^,.;!—–]{2,40}?)?"
                      r"(?=\s*(?:[,.;!—–]|$)| and | from |\s+(?:by|right|at|after|during|while|when|that)\b)", ltail)
        if m and not _EN_NEG.search(ltail[:m.start()]):  # (the condition: where it is, the pronoun pass has rewritten)
            out.append(self._state(st, subject, "injury", tail[m.start(1):m.end(1)]))
        # "Zeke takes a bullet in the thigh": where the shot went in
        m = re.search(r"\b(?:takes|took|catches|caught|gets|got|stops|stopped)\s+(?:a|one|two)\s+(?:bullet|slug|round|"
                      r"musket ball|ball|bolt|arrow|blade|knife)\s+((?:in|through)\s+(?:the|his|her|their)\s+(?:left |right )?"
                      r"[a-z]+)", ltail)
        if m and not _EN_NEG.search(ltail[:m.start()]):
            out.append(self._state(st, subject, "injury", tail[m.start():m.end()].split(None, 1)[1]))
        m = re.search(r"\b(sprain|twist|dislocate|separate|crack|bruise)(?:s|d|ed)? (?:his|her|their|an?|two|three|[\w ]+?['’]s) "
                      r"((?:left |right )?(?:wrist|ankle|knee|shoulder|ribs?|hand|finger|back))\b", ltail)
        if m and not _EN_NEG.search(ltail[:m.start()]):  # "she sprains her wrist" → sprained wrist
            out.append(self._state(st, subject, "injury", f"{m.group(1).removesuffix('e')}ed {m.group(2)}"))
        # "his left leg's broken", "her right hand's paralysed", "rope burns across both palms"
        m = re.search(r"(?:\b(?:his|her|their)|[\w ]*?['’]s|\bthe(?= (?:left|right) )) ((?:left |right )?(?:leg|arm|wrist|ankle|"
                      r"hand|jaw|nose|collarbone|back|neck|hip|foot|side))(?:['’]s| is| was| gets| got| is getting)"
                      r" (broken|shattered|paraly[sz]ed|crushed|smashed)\b", ltail) \
            or re.search(r"\b()((?:rope|powder|acid|frost) burns (?:across|on|to) [\w ]{2,30}?)(?=[,.;!—–]|$| right| and)", ltail)
        if m and not _EN_NEG.search(ltail[:m.start()]):
            out.append(self._state(st, subject, "injury", f"{m.group(2)} {m.group(1)}".strip()))
        whose = r"(?:an?|his|her|their|one|two|three|four|[\w ]+?['’]s)"  # a resolved pronoun reads "Tessa's"
        m = re.search(rf"\b(?:loses|lost|has lost) ({whose} (?:(?:left|right) )?"
                      r"(?:eye|arm|hand|leg|foot|ear|fingers?))", ltail)
        if m:  # "he loses his left eye" → lost his left eye (the pronoun as the author wrote it)
            said = re.search(r"\b(?:loses|lost|has lost) ((?:an?|his|her|their|one) [\w ]*?" + re.escape(m.group(1).split()[-1])
                             + r")", st.quote, re.I)
            out.append(self._state(st, subject, "injury", "lost " + (said or m).group(1)))
        m = re.search(r"\b(?:breaks|broke|has broken|fractures|fractured|snaps|snapped|shatters|shattered) "
                      rf"{whose} ((?:left|right) )?(leg|arm|wrist|ankle|hand|jaw|nose|collarbone|"
                      r"ribs?|back|neck|shoulder|hip|skull|thumb|fingers?|toes?|pelvis|spine|knee|cheekbone)\b", ltail)
        if m and not _EN_NEG.search(ltail[:m.start()]):  # "she breaks her left leg" → broken left leg
            how = "fractured" if "fractur" in m.group(0) else "shattered" if "shatter" in m.group(0) else "broken"
            out.append(self._state(st, subject, "injury", f"{how} {m.group(1) or ''}{m.group(2)}"))
        m = re.search(rf"\b(?:burns|burned|burnt|scalds|scalded) {whose} ((?:left |right )?(?:hands?|arms?|face|legs?|feet|foot))\b",
                      ltail)
        if m and not _EN_NEG.search(ltail[:m.start()]):  # "Hinrik burns his hands pulling Signy out" → burned hands
            out.append(self._state(st, subject, "injury", f"burned {m.group(1)}"))
        m = re.search(r"(?:\bhas got|['’]s got|\bhas|\bhad|\bbears|\bwears|\bgot|\bsports|\bwith an?) (?:(?:a|an) )?"
                      r"([\w\- ]{0,20}?(?:scar|birthmark|tattoo|eye|eyes|hair|veins|beard|harelip|hare lip|cleft lip|"
                      r"hunchback|hump|clubfoot|club foot|stammer|stutter|lisp|squint|wooden leg|peg leg|eyepatch|"
                      r"eye patch|gold tooth|metal hand|hook|(?:split|torn|notched|cauliflower|crooked|broken|chipped|gold|"
                      r"golden|silver|false|missing)\s+(?:left |right |front |upper |lower )?(?:ear|tooth|teeth|nose)))\b(.{0,30})",
                      ltail)
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
                         rf"{re.escape(subject)} (?:(?:a|an|the) )?(?:full |new |fully-fledged )?((?:[a-z]+ ){{0,2}}[A-Z]?[a-z]+)\b",
                         text)
        # "the Lodge makes him a full Warden", "the Board names Agnes acting principal keeper": the longest post said
        post = next((p for p in (" ".join(made.group(1).split()[:n]) for n in (3, 2, 1)) if made and p
                     and _EN_POST_ALONE.fullmatch(p) and _is_title(p)), None) if made else None
        if post:
            out.append(self._state(st, subject, "identity", post))
        made = re.match(r"\s*(?:is|was|gets|got|has been)\s+(?:made|named|promoted to|raised to|elevated to)\s+"
                        r"(?:a\s+|an\s+|the\s+)?(?:full\s+|new\s+)?([A-Z][\w\-]+(?:\s+[A-Z][\w\-]+)?)", tail)
        if made:  # "she's made Precentor": the rank or post given her — a rung of the talk's ladder is a realm
            out.append(self._state(st, subject, "realm" if made.group(1) in self.rungs else "identity", made.group(1)))
        # "Ivy is 22", "…, who's 22", "…'s daughter - she's 22": an age said of the one the clause is about (not "the
        # ball is 12")
        own = "|".join(re.escape(f.lower()) for f in (subject, *self._forms.get(subject, ()), "she", "he") if f)
        m = re.search(rf"\b(\d{{1,3}}|{_EN_AGE_WORDS}) years? old\b|(?:^\s*,?\s*(?:who\s*)?|\b(?:{own})\s*)(?:is|['’]s|was)\s+"
                      rf"(?:now\s+|just\s+|only\s+)?(\d{{1,3}}|{_EN_AGE_WORDS})\b(?!-)(?!\s+(?!and\b|but\b|when\b)\w)|"
                      rf"^\s*,\s*(\d{{1,2}}|{_EN_AGE_WORDS})\s*(?:,|$)", ltail)
        if m and m.group(2) and re.search(r"\b(?:since|when|until|till|before|after)\s+(?:\S+\s+){1,3}?was\s+(?:just\s+|only\s+)?$",
                                          ltail[:m.start(2)]):
            m = None  # ("a streak of grey she's had since she was twenty": an age she was, not hers now)
        # a clause that follows a comma and is only an age or a post describes the person before it
        # (… when the sentence named them: "Keep 1, 2 and 4." says nothing of whom the talk is about)
        # (not "Nora's source: a clerk…": that is the source's post, whoever they are)
        appositive = end == 0 and st.text[:clause[0]].rstrip().endswith((",", "—", "–", *((":",) if _cast_line(st) else ()))) \
            and any(f and f in st.text[:clause[0]] for f in (subject, *self._forms.get(subject, ()))) \
            and not re.search(r"['’]s\s+[a-z]+\s*:\s*$", st.text[:clause[0]])
        if not m and appositive:  # "Nell Sparrow, fifteen, …": the clause after the name is only the age
            m = re.fullmatch(rf"\s*(?:aged\s+)?(\d{{1,2}}|{_EN_AGE_WORDS})\s*[.!]?\s*()()", ltail)
        if m:
            # ("Nora's kid brother Liam, sixteen, …": the age is of the one named just before it)
            said_before = st.text[:clause[0]].rstrip(" ,")
            nearest = next((n for n in self._forms if appositive and self.kind(n) == "Character" and any(
                f and said_before.endswith(f) for f in (n, *self._forms.get(n, ())))), subject)
            out.append(self._state(st, nearest, "age", m.group(1) or m.group(2) or m.group(3)))
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
                                                  rf"visits|visited|adding|add|adds|introducing|introduce|introduces|"
                                                  rf"meet)\s+{re.escape(f)}$", before) for f in (n, *forms))),
                         None)
            holders = [(named, 0, 0)] if named else chars
        # (a place after the post only when the post follows the name: "Toby Krebs: rodeo clown, the best bullfighter
        # on the circuit" says who he is once)
        named_before = st.text[:clause[0]].rstrip(" ,:—–")
        right_after_name = any(f and named_before.endswith(f) for f in (subject, *self._forms.get(subject, ())))
        for (person, _, stop), following in zip(holders, [*(c[1] for c in holders[1:]), len(text)]):
            own = text[stop:following]
            m = (_EN_POST_ALONE if stop == 0 else _EN_POST_AFTER_NAME).match(own)
            if m and stop > 0 and own.lstrip().startswith(":") and not _cast_line(st):
                m = None  # ("- Toby Krebs: rodeo clown" is a cast list's line; "Bastian: apprentice…" a note)
            # "…, the port commissioner on Calypso Station, …": where the post is held belongs to it
            where = _POST_WHERE.match(own, m.end()) if m and stop == 0 and appositive else None
            if where and where.end() < len(own.rstrip(" .!;")) and not own.startswith(",", where.end()) and \
                    not _RELATIVE.match(own, where.end()) and not _SINCE.match(own, where.end()):
                where = None  # ("clerk at the Monopoly store in Tórshavn": the place is more than its name)
            # ("…, the miller who started all this": a relative clause after the post says more of the same one)
            # (… or a comma that closes it: "Ines Varga, head of hydroponics, turns up dead")
            if m and (stop > 0 or appositive and ((where or m).end() == len(own.rstrip(" .!;"))
                                                  or _RELATIVE.match(own, (where or m).end())
                                                  or _SINCE.match(own, (where or m).end())
                                                  or _POST_TAIL.fullmatch(text, stop + (where or m).end())
                                                  and right_after_name
                                                  or own.startswith(",", (where or m).end()))) \
                    and _is_title(m.group(1)):
                # ("head of hydroponics": a post of something keeps what it is of)
                of = re.match(r"\s+of\s+[^,;:.!?—–]+", own[(where or m).end():]) if not where else None
                out.append(self._state(st, person, "identity",
                                       m.group(1) + (where.group(0) if where else of.group(0).rstrip() if of else "")))
                break
        else:
            person, start, stop = chars[0]
            # (not for a subject carried on from an earlier clause: what ends that clause is not said of them)
            # ("The heir is Sakuma Ryota's son Takemaru": the post is the one the possessive leads to)
            m = _EN_POST_BEFORE.search(st.text[max(0, clause[0] + start - 60):clause[0] + start]) \
                if stop > start and st.text[clause[0] + stop:clause[0] + stop + 2] not in ("'s", "’s") else None
            # ("Housemaster of Wycliffe is Mr. Crane", "Head of house is Giles": the post opens the sentence)
            opening = m is not None and m.start(1) == 0 and clause[0] == 0 and re.search(r"\s(?:is|was)\s*$", m.group(0))
            if m and (m.start(1) > 0 and not re.search(r"\bof\b", m.group(1)) or opening) and _is_title(m.group(1)):
                out.append(self._state(st, person, "identity", m.group(1)))
        # "Music director: Anthony D'Souza, …", "New foreman on trim: Stan Kowalski": a post as the line's label
        label = _ROLE_LABEL.match(st.text) if chars else None
        if label and clause[0] + chars[0][1] == label.end() and _EN_POST_ALONE.fullmatch(label.group(1).lower()) and \
                _is_title(label.group(1).lower()) and not any(f is not None and f.item["key"] == "identity" for f in out):
            out.append(self._state(st, chars[0][0], "identity", label.group(1).lower()))
        return [f for f in out if f is not None]


_ROLE_LABEL = re.compile(r"\s*(?:[-•*]\s*)?(?:(?:[Nn]ew|[Oo]ur|[Tt]he|[Aa]nd)\s+)?([A-Za-z][a-z\-]+(?:\s+[a-z][a-z\-]+)?)"
                         r"(?:\s+(?:on|for|at|in|of)\s+(?:the\s+)?[\w\-]+(?:\s+[\w\-]+)?)?\s*:\s*"
                         r"(?:(?:Fr[èe]re|Dr\.?|Father|Brother|Sister|Mr\.?|Mrs\.?|Miss|Captain|Lord|Lady)\s+)?")


def _cast_line(st: Statement) -> bool:
    """"- Toby Krebs: rodeo clown, …": a list's line, where the words after a name's colon are who they are."""
    return st.listed or re.match(r"\s*[-•*]", st.text) is not None


_EN_AGE_WORDS = (r"(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:-(?:one|two|three|four|five|six|"
                 r"seven|eight|nine))?|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|"
                 r"nineteen|six|seven|eight|nine)")
_EN_TITLE_LEAD = (r"\s*(?:,\s*(?:(?:a|an|the)\s+)?|"
                  # "Julián, who's been the Company's paymaster since chapter 7"
                  r"\s*,\s*who(?:['’]s|\s+is|\s+was|\s+has\s+been|\s+had\s+been|['’]s\s+been)\s+(?:now\s+|still\s+)?(?:a|an|the)\s+|\s+(?:is|was|has\s+been|had\s+been)\s+(?:now\s+|still\s+)?(?:a|an|the)\s+|"
                  r"\s+(?:works|worked|serves|served) as (?:a|an|the)\s+|\s+(?:becomes|became) (?:a|an|the)\s+|"
                  # "is crowned Queen of Dunmere", "is recognised as Warden of the Third Ward"
                  r"(?:['’]s|\s+is|\s+was|\s+gets|\s+got)\s+(?:crowned|named|appointed|elected|voted|promoted to|"
                  r"recogni[sz]ed as|sworn in as|installed as)\s+(?:(?:a|an|the)\s+)?|\s+(?:becomes|became)\s+|"
                  # "Pru runs the office as acting postmaster", "- Toby Krebs: rodeo clown, …", "is head cutter from 35"
                  r"\s+(?:runs|ran|keeps|kept|minds|minded)\s+(?:[\w'’]+\s+){1,3}?as\s+(?:(?:a|an|the)\s+)?|"
                  r"\s*:\s*(?:(?:a|an|the)\s+)?(?=[a-z])|"
                  r"\s+(?:is|was)\s+(?:now\s+)?(?=(?:head|chief|acting|senior|deputy|assistant)\s)|"
                  # "Leon Parrish is president of the Local": a post of a body, said without its article
                  r"\s+(?:is|was)\s+(?:now\s+)?(?=[a-z]+\s+of\s+(?:the\s+)?(?-i:[A-Z]))|"
                  # "is King of Astmere from 34", "is officially Warden of the Third Ward": a title, capitalised
                  r"\s+(?:is|was)\s+(?:now\s+|officially\s+|still\s+)?(?-i:(?=[A-Z][a-z]+\s+of\s))|"
                  # "takes command as acting captain", "signs on as cook"
                  r"\s+(?:takes (?:over|command|charge)|stays on|signs on|signed on|is taken on|was taken on|is hired|"
                  r"was hired|comes aboard|came aboard|acts|acted)\s+as\s+(?:(?:a|an|the)\s+)?)")
_EN_TITLE = (r"(?:(?:[A-Za-z][\w\-]*\s+)?[A-Za-z][\w\-]*(?:'s|s')\s+)?"  # the guild's, the relief boat's
             # "a retired federal marshal", "a two-time world champion bareback rider": up to four words say which one
             r"((?:(?!(?:the|a|an|and|or|but|his|her|their|its|my|our|your|who|whom|which|they|he|she|we|you|i|it|"
             r"that|is|was|in|on|at|of|for|to|from|"
             r"with|by|since|until|till|after|before|when|while|because|then)\s)[a-z\-]+\s){0,4}"
             r"[a-z\-]*(?:er|or|ist|ian|smith|wright|keeper|master|thief|pocket|spy|knight|guard|maid|"
             r"monk|priest|nun|sailor|captain|runner|merchant|scholar|archivist|healer|hunter|marquess|duke|duchess|"
             r"earl|baron|baroness|countess|viscount|prince|princess|queen|king|warden|director|commander|general|"
             r"colonel|inspector|magister|abbot|abbess|bishop|chancellor|minister|steward|sheriff|mayor|envoy|"
             r"pilot|clerk|cook|chef|bard|nurse|scout|pirate|mage|witch|wizard|druid|cleric|herald|assassin|mercenary|"
             r"apothecary|valet|governess|heiress|priestess|seamstress|actress|midwife|man|emissary|secretary|"
             r"sentry|deputy|heir|marshal|constable|detective|sergeant|corporal|lieutenant|surgeon|medic|judge|"
             r"widow|landlord|landlady|headmistress|headmaster|prefect|typist|chemist|engineer|ceo|cfo|coo|cto|legate|"
             r"chief|chieftain|jarl|thane|regent|emperor|empress|consul|senator|tribune|centurion|commissar|owner|"
             r"proprietor|ess|curate|vicar|rector|deacon|friar|ronin|samurai|shogun|daimyo|outlaw|apprentice|novice|"
             r"squire|cadet|ensign|bosun|slave|serf|peasant|shepherd|courtesan|concubine|eunuch|geisha|seer|oracle|"
             r"prophet|mate|boy|girl|hand|acrobat|clown|starlet|matron|bursar|chaplain|lanista|mogul|tycoon|patron|"
             r"medic|guide|ranger|warden|doc|head|coach|mechanic|coxswain|boatswain|president|chair|notary|attorney|"
             r"magistrate|baronet|agent)"
             r"(?:\s+of\s+(?:the\s+)?(?-i:[A-Z][\w'\-]*(?:\s+[A-Z][\w'\-]*)*))?)\b")  # (the names, capitalised)
_EN_POST_AFTER_NAME = re.compile(_EN_TITLE_LEAD + _EN_TITLE, re.I)
# "And the housekeeper, Mrs. Hester Quill." / "the curate Mr. Thorne": the post said just before the name
# … and "The judge is Wilhelmina Ross"
_EN_POST_BEFORE = re.compile(r"(?:^|\b(?:the|a|an|our|their)\s+)" + _EN_TITLE + r"\s*(?:,|:|\s(?:is|was)\s)?\s*$", re.I)
_EN_POST_ALONE = re.compile(r"\s*(?:who(?:['’]s|\s+is|\s+was|\s+has\s+been|['’]s\s+been)\s+(?:now\s+|still\s+)?(?=a\s|an\s|the\s))?"
                            r"(?:(?:a|an|the)\s+)?" + _EN_TITLE, re.I)
_RELATIVE = re.compile(r"\s+(?:who|whose|that)\s")
_SINCE = re.compile(r"\s+(?:since|from|until|till)\s")  # "…, who's been the Company's paymaster since chapter 7"
# "Poul Riis, clerk at the Monopoly store in Tórshavn, …": what follows the post to the clause's end only places it
_POST_TAIL = re.compile(r"\s+(?:at|in|on|aboard|with|from|for|of)(?:\s+(?!(?:who|whom|whose|that|which)\b)[^\s,;:.!?—–]+){1,7}[.!;]?\s*")
_POST_WHERE = re.compile(r"\s+(?:on|at|in|aboard)\s+(?:the\s+)?[A-Z][\w'\-]*(?:\s+[A-Z][\w'\-]*)*")


# words that end like a trade (-er, -or) but name none: kin are relations, the rest are not posts at all
_NOT_TITLES = {"fever", "river", "water", "winter", "summer", "danger", "anger", "hunger", "silver", "powder", "paper",
               "letter", "number", "order", "stranger", "regular", "newcomer", "heist", "list", "twist", "wrist", "mist", "fist", "gist", "sinister", "clever", "bitter", "sober",
               "tender", "slender", "proper", "poor", "gather", "eager", "better", "bigger", "whether",
               "other", "another", "whatever", "however", "forever", "together", "after", "never", "rather", "either",
               "neither", "later", "ever", "over", "under", "her", "for", "or", "nor", "color", "colour", "door",
               "floor", "father", "mother", "godfather", "godmother", "stepfather", "stepmother", "brother", "sister", "daughter", "older", "younger", "elder", "member",
               "number", "matter", "letter", "water", "power", "order", "border", "corridor", "manner", "winter",
               "summer", "river", "silver", "paper", "danger", "anger", "finger", "hunger", "chapter", "character",
               "error", "favor", "favour", "honor", "honour", "mirror", "horror", "terror", "armor", "armour", "harbor",
               "harbour", "labor", "labour", "minor", "major", "senior", "junior", "monster", "tower", "flower",
               "dinner", "corner", "lover", "ledger", "register", "cellar", "charter", "quarter", "shelter", "theater",
               "center", "chamber", "timber", "banner", "manor", "supper", "thunder", "powder", "ladder", "hammer", "partner", "cover", "answer", "offer", "wonder", "weather", "leather",
               "man", "woman", "human", "gentleman", "german", "roman",
               # what someone did or is to a story's crime, not a post they hold
               "killer", "murderer", "culprit", "traitor", "villain", "victim", "suspect", "winner", "loser"}
_NOT_MODIFIERS = {"her", "his", "their", "my", "our", "your", "its", "and", "or", "but", "not", "no", "very", "so",
                  "nothing", "something", "anything", "including"}


# "first mate", "cabin boy", "farmhand": these endings make a post only in these words
_COMPOUND_POSTS = {"mate": {"first", "second", "third"}, "boy": {"cabin", "stable", "delivery", "errand", "paper", "shop",
                                                               "kitchen", "ship's"},
                   "girl": {"shop", "chorus", "flower", "kitchen", "dancing", "serving"},
                   "hand": {"farm", "deck", "stage", "ranch", "stable", "hired"}}
_WHOLE_POSTS = {"shipmate", "inmate", "cowboy", "busboy", "farmhand", "deckhand", "stagehand", "showgirl", "cowgirl"}
# -ess names a woman's post (waitress, seeress) but also these, and every -ness and -less
_NOT_ESS = {"business", "address", "dress", "mess", "press", "chess", "guess", "success", "process", "progress",
            "congress", "access", "excess", "distress", "fortress", "harness", "express", "confess", "bless", "recess",
            "possess", "assess", "obsess", "profess", "impress", "caress", "cypress", "mattress", "wilderness"}


def is_post(word: str) -> bool:
    """Is a lower-case word someone's post or trade ("commissar", "fixer"), as the identity rules read one?"""
    return bool(_EN_POST_ALONE.fullmatch(word)) and _is_title(word)


def _is_title(title: str) -> bool:
    if re.match(r"(?i)(?:kind|sort|type|lot|bit|part|piece|one)\s+of\b", title):
        return False  # "the kind of woman who…" describes, it names no post
    words = title.split(" of ")[0].lower().split()
    last = words[-1] if words else ""
    for end, before in _COMPOUND_POSTS.items():
        if last.endswith(end) and not (last in _WHOLE_POSTS or last == end and len(words) > 1 and words[-2] in before):
            return False
    if last.endswith("ess") and (last.endswith(("ness", "less")) or last in _NOT_ESS):
        return False
    if words and words[-1].endswith("ing") and words[-1] not in ("king", "viking"):
        return False  # "including threadwalking": a doing, whatever it ends like
    if last == "head" and set(words) & {"bald", "balding", "shaved", "shaven", "sunburnt", "sunburned", "grey", "gray",
                                          "white", "curly", "big", "small", "huge", "bare", "bandaged"}:
        return False  # ("sunburnt bald head": a look; "studio head", "head of hydroponics" are posts)
    if not words or any(w.startswith("ex-") or w in ("former", "onetime") for w in words):
        return False  # what someone used to be is not who they are (a retired marshal still is one, retired)
    return words[-1] not in _NOT_TITLES and not (len(words) > 1 and words[0] in _NOT_MODIFIERS)


# "a heart attack that nearly killed him", "nearly died in 12": no death
_NEARLY = re.compile(r"\b(?:nearly|almost|all but|narrowly|half)\s+(?:\w+\s+)?$|\b(?:nearly|almost) (?:kill|die|drown)")
# "Elsbeth's father, …, dies": a possessive names whose kin it is, not who dies
_POSSESSOR = re.compile(r"['’]s\s+(?:late\s+|old\s+|best\s+|oldest\s+|eldest\s+|younger\s+|elder\s+|little\s+)?[a-z]+")
# "after a captain dies": a noun subject of the clause's own
_OWN_SUBJECT = re.compile(r"\b(?:a|an|the|his|her|their|some|one|every|no|any)\s+(?:\w+\s+)?\w+\s+$")
_KILLED_ALONE = re.compile(r"\s*(?:is\s+|was\s+|gets\s+|got\s+)?(?:killed|slain|murdered|executed|shot dead|"
                           r"cut down|struck down)(?=\s+(?:on|in|at|during|by|outright|instantly|off|when|while)\b|"
                           r"\s*[,.;:(—-]|\s*$)")


def opens_on_a_post(text: str) -> bool:
    """"Enforcer for the Calloway Firm." / "Retired Ember Knight, half blind now": a sentence that opens on
    what someone is."""
    head = re.split(r"[,.;:!?]|\s(?:for|of|at|in|with|from|to|on|and|who|since)\s", text.lower(), maxsplit=1)[0].split()
    last = " ".join(head[-2:])
    return 0 < len(head) <= 3 and bool(_EN_POST_ALONE.fullmatch(last)) and _is_title(last)
