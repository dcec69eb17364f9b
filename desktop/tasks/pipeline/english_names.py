"""English name candidates: capitalised spans, titles (Mr., Lady), "called X", and first names of known characters."""

from __future__ import annotations

import re

from desktop.tasks.pipeline import lexicon as lx
from desktop.tasks.pipeline import world_names as wn
from desktop.tasks.pipeline.names import Candidates

# ("the" joins only after "of", or before a one-word epithet: "Order of the Grey Lantern", "Ivan the Terrible" —
# not "gives Iris Calder the Iron Key")
_EN_SPAN = re.compile(r"(?:(?:Mr|Mrs|Ms|Dr|St)\.\s+)?[A-Z][\w’'\-]*(?:\s+(?:(?:of\s+the|of|de|von|van|du|la|le|del|da|di|"
                      r"della|der|den|ter|ten|do|dos|das|ap|ab|ferch|bin|ibn)\s+){0,2}[A-Z][\w’'\-]*|\s+&\s+[A-Z][\w’'\-]*|"
                      r"\s+the\s+[A-Z][a-z]+\b(?!\s+[A-Z]))*")


_EN_LEADING = {"the", "a", "an", "and", "but", "or", "so", "then", "if", "when", "while", "after", "before", "maybe",
               "what's", "who's", "where's", "how's", "not", "surname's", "surname", "name's", "call",
               "ok", "okay", "yes", "no", "hmm", "actually", "also", "now", "later", "first", "next", "finally", "i", "updated",
               "we", "you", "he", "she", "it", "they", "let's", "lets", "in", "on", "at", "by", "with", "for", "from",
               "to", "of", "as", "our", "my", "his", "her", "their", "its", "this", "that", "nice", "good", "great",
               "sure", "right", "well", "so:", "suggestion:", "updated:", "got", "does", "do", "is", "was", "should",
               "honestly", "basically", "really", "probably", "perhaps", "personally", "frankly", "anyway", "still",
               "meanwhile", "instead", "otherwise", "sadly", "luckily", "obviously", "apparently", "hopefully",
               # a sentence's subordinator or question word before the name ("Since Ashsight…", "What's Colm…")
               "since", "though", "although", "because", "once", "unless", "until", "whether", "only", "even", "just",
               "simply", "plain", "without", "every", "each",
               "what", "where", "who", "how", "why", "which", "whatever", "here", "there",
               # a question's or a clause's verb before the name ("Could Dorothy be…", "Taught Eli everything")
               "could", "would", "can", "will", "did", "has", "had", "are", "were", "might", "must", "shall",
               "taught", "trained", "told", "saw", "sees", "meets", "met", "gives", "gave", "takes", "took", "tell",
               "ask", "asks", "asked", "let's"}
# orders to the assistant that open a sentence before a name
_IMPERATIVES = {"scrap", "make", "drop", "cut", "keep", "give", "call", "name", "add", "remove", "change", "forget",
                "let", "put", "move", "kill", "bring", "send", "write", "note", "mark", "record", "store", "save",
                "swap", "replace", "rename", "delete", "ditch", "lose", "meet", "introduce", "welcome", "say", "take",
                "leave", "have", "use", "push", "pull", "shift", "turn", "fold", "merge", "split", "skip", "hold"}
_EN_INTRO = re.compile(r"\b(?:called|calls|named|names it|christened|known as)\s+(?:it\s+)?(?:the\s+)?"
                       r"([A-Z][\w'’\-]*(?:\s+(?:of\s+)?[A-Z][\w'’\-]*)*)")
_KIDS = re.compile(r"\b(?:kids|children|sons|daughters|twins)\b(?:\s+(?:are|named|called))?\s*[:,]\s*")
_SKILL_NAMED = re.compile(r"\b(?:can do|can use|knows|skilled at|skilled in|picked up|learns|learned|learnt|mastered|"
                          r"masters|practises|practices|trained in|good at|gift for|talent for)\s+"
                          r"([a-z]{4,}(?:ing|craft|lore|magic|mancy|smithing|weaving|binding))\b")
_NOT_ARTS = {"nothing", "something", "anything", "everything", "thing", "morning", "evening", "building", "during",
             "being", "feeling", "thinking", "reading", "writing", "clothing", "ceiling", "king", "wedding", "meeting"}
_EN_THINGS = ("sword", "blade", "spear", "bow", "crossbow", "knife", "dagger", "axe", "ship", "boat", "ring", "book",
              "horse", "pistol", "staff", "hammer", "shield", "cloak", "lantern", "key", "stiletto", "rapier", "sabre",
              "saber", "cutlass", "musket", "rifle", "revolver", "amulet", "locket", "pendant", "necklace", "crown",
              "watch", "compass", "airship", "schooner", "frigate", "yacht", "mare", "stallion", "hound", "wand",
              "gate", "network", "engine", "device", "vessel", "cruiser", "chalice", "bell", "relic", "truck", "pickup",
              # and every thing or place a name can be given to ("a longsword called Widow's Lantern")
              *(word for word, kind in lx.EN_HEAD_KINDS.items() if kind in ("Item", "Location") and " " not in word))
_PLACE_PLURALS = frozenset("marches highlands lowlands isles islands reaches wastes fens hills mountains lands barrens "
                           "flats narrows shallows straits falls springs woods heights downs moors plains docks "
                           "gardens sands shoals rapids".split())
# "his ship, the Gull," / "a dagger named Whisper": the name given right after a thing is the thing's
_THING_NAMED = re.compile(rf"\b(?:{'|'.join(_EN_THINGS)})s?\s*,\s*(?:the\s+)?([A-Z][\w'\-]*(?:\s+[A-Z][\w'\-]*)?)\s*[,.;]")


_IT_NAMED = re.compile(r"\b(?:calling it|call it|called it|it's called|it is called|we call it|naming it)\s+(?:the\s+)?"
                       r"([A-Z][\w'’\-]*(?:\s+[A-Z][\w'’\-]*)?)")
_IT_KINDS = (("Ability", "magic|power|art|craft|spell|sorcery|gift|discipline|technique"),
             ("Faction", "guild|order|company|sect|cult|society|gang|crew|church|league"),
             ("Location", "city|town|district|quarter|island|station|planet|land|realm|kingdom|sea|forest|valley"))


# Words after which a lone capitalised word is a place ("a to" or "at" would take people too: "gave it to Mara").
_PLACE_BEFORE = re.compile(r"\b(?:in|near|into|outside|beyond|across|(?:is|was|are|comes|came|hails|hail|fled|"
                           r"escaped|travels|travelled|traveled|sailed|moved|back|home|returned|returning) from|"
                           r"born in|lives in|based in|"
                           # "goes to Bath": a move to somewhere (not "gave it to Mara")
                           r"(?:goes|go|went|moves|moved|travels|travelled|sails|sailed|heads|headed|flees|fled|returns|"
                           r"returned|retires|retired|back) to)\s+$")
_KIN_AFTER = re.compile(r"'s\s+(?:apprentice|sister|brother|father|mother|son|daughter|wife|husband|master|mentor|"
                        r"friend|rival|servant|cousin|uncle|aunt|niece|nephew|widow|heir|student|pupil)\b")
_APPOSED_KIN = re.compile(r",\s+(?:[A-Z][\w\-]*\s+){0,2}[A-Z][\w\-]*'s\s+(?:(?:little|big|older|younger|elder|kid|"
                          r"baby|twin|only|eldest|youngest)\s+)?(?:sister|brother|father|mother|son|daughter|wife|husband|"
                          r"cousin|uncle|aunt|niece|nephew|widow|fiancée?|girl|boy|apprentice)\b")
_SHARED_SURNAME = re.compile(r"\b([A-Z][a-z]+) and ([A-Z][a-z]+) ([A-Z][a-z]+)\b")


# how English (and Norse) place names end: Millbrook, Ashford, Kingsbury, Portsmouth, Skarvik
_TOPONYM = re.compile(r"(?<=[a-z])(?:brook|ford|bury|borough|burgh|chester|caster|cester|mouth|minster|stead|wick|wich|"
                      r"holm|thorpe|haven|port|shire|vik|fjord|gate|bridge|moor|marsh|vale|combe|cliffe|stow)$")

# (… not one that qualifies a noun: "the FTL rules")
_ACRONYM = re.compile(r"(?:\b(?:[Tt]he|for|join|joins|joined|with|from|of)\s+|,\s*)([A-Z]{2,5}[0-9]?)\b(?![.'’]\w)"
                      r"(?!\s+(?!(?:in|at|on|for|and|or|to|of|with|from|by|is|was|are|were|has|had|will|would|agents?|man|"
                      r"men|officers?|handlers?|since|until|after|before|who|that|which)\b)[a-z])")
# (besides the writer's shorthand, POV or MC, and the titles, DS or DCI, which are read as such)
_NOT_AGENCIES = frozenset({"OK", "TV", "AM", "PM", "ID", "DNA", "CEO", "VIP", "ASAP", "FYI", "BTW", "IMO", "TBD", "TBC",
                           "US", "USA", "UK", "EU", "AD", "BC", "CE", "BCE", "II", "III", "IV", "VI", "VII", "VIII", "IX",
                           "XI", "XII", "NB", "PS", "RIP", "ETA", "OCR", "PDF", "GPS", "SOS", "GMT", "UTC", "HP", "RPM",
                           "MPH", "KM", "CPR", "ER", "ICU", "OR"})
# "the Kercheval Street outfit", "the Ruggles crew": a lower-case word for a gang or firm after a capitalised name
_GROUP_BY_NAME = re.compile(r"\b(the ((?:[A-Z][\w'’\-]+\s+){1,3})(?:outfit|crew|gang|mob|syndicate|firm|ring|bunch))\b")


def acronyms_aliased(cands: Candidates) -> None:
    """"the United Mine Workers … the UMW": letters that spell another name's initials are that name said short."""
    for short in [n for n in cands if re.fullmatch(r"[A-Z]{2,5}", n) and not cands[n].canon_kind]:
        spelled = [n for n in cands if n != short and
                   "".join(w[0] for w in re.findall(r"[A-Z][\w'’\-]*", n)) == short]
        if len(spelled) == 1:
            cands.alias_of[short] = spelled[0]
            cands[spelled[0]].aliases.append(short)
            del cands[short]


def english(text: str, cands: Candidates, whole: str, prose: bool = False) -> None:
    for match in _SHARED_SURNAME.finditer(text):  # "Walter and Maggie Hollis": Walter is a Hollis too
        first, surname = match.group(1), match.group(3)
        if first.lower() not in _EN_LEADING and first.lower() not in lx.EN_NOT_NAMES \
                and match.group(2).lower() not in _EN_LEADING:
            cands.add(f"{first} {surname}", "Character", 1.0)
    for match in _KIDS.finditer(text):  # "Two kids: Fen, the elder, and Pell": each one listed is a person
        listed = re.split(r"[.!?;]", text[match.end():])[0]
        for name in re.findall(r"(?:^|,\s*|\band\s+)([A-Z][a-z'\-]+)\b", listed):
            if name.lower() not in _EN_LEADING and name.lower() not in lx.EN_NOT_NAMES:
                cands.add(name, "Character", 2.0)
    for match in _IT_NAMED.finditer(text):  # "Let's pin down the magic. I'm calling it Tidecraft.": "it" is no person
        context = whole[max(0, whole.find(match.group(0)) - 160):whole.find(match.group(0))].lower()
        kind = next((k for k, words in _IT_KINDS if re.search(rf"\b(?:{words})", context)), None)
        if kind:
            cands.add(match.group(1), kind, 3.0)
    for match in _SKILL_NAMED.finditer(text):  # "picked up lockbreaking", "can do stormcalling": an art, lowercase
        if match.group(1) not in _NOT_ARTS:
            cands.add(match.group(1), "Ability", 2.0)
    for match in _THING_NAMED.finditer(text):
        cands.add(match.group(1), "Item", 3.0)
    shouted = re.search(r"\b[A-Z]{3,}\s+[A-Z]{3,}\b", text)  # (a line shouted in capitals names no agency)
    for match in () if shouted else _ACRONYM.finditer(text):  # "Captain Zoya Lebedeva, KGB", "works for the NKVD"
        if match.group(1).lower() not in lx.EN_SHORTHAND and match.group(1) not in _NOT_AGENCIES and \
                match.group(1).lower() not in lx.EN_PERSON_TITLES:
            cands.add(match.group(1), "Faction", 1.5)
    for match in _GROUP_BY_NAME.finditer(text):  # "runs the Kercheval Street outfit": a group called after its place
        if match.group(2).split()[0].lower() not in _EN_LEADING and (cand := cands.add(match.group(1)[4:], "Faction", 3.0)):
            cand.strong = True
    for match in _EN_INTRO.finditer(text):
        before = text[max(0, match.start() - 30):match.start()].lower()
        thing = any(re.search(rf"\b{t}s?\b", before) for t in _EN_THINGS)
        cands.add(match.group(1).replace("’", "'"), "Item" if thing else "Character", 3.0 if thing else 1.0)
    for match in _EN_SPAN.finditer(text):
        words = match.group(0).replace("’", "'").split()
        while words and re.split(r"['’]", words[0].lower().rstrip(".,:"))[0] in _EN_LEADING:  # she's, that's
            words = words[1:]
        sentence_start = not text[: match.start()].strip() or text[: match.start()].rstrip()[-1:] in ".!?:\"“"
        if sentence_start and len(words) > 1 and words[0].lower() in _IMPERATIVES:
            words = words[1:]  # "Scrap Corvin entirely": the order given, then the name
        if words and words[-1].endswith("'s"):
            words[-1] = words[-1][:-2]
            if _KIN_AFTER.match(text.replace("’", "'"), match.end() - 2):  # "Teodor's apprentice": Teodor is someone
                cands.add(" ".join(words), "Character", 2.0)
        owner = next((i for i, w in enumerate(words[:-1]) if w.endswith("'s")), None) \
            if words and re.fullmatch(r"[A-Z]{2,5}", words[-1]) else None
        if owner is not None:  # "Graham's GPS track": the one whose it is, not a name with the thing (St. Wendel's
            # Abbey, Cray's Wharf are names)
            words = [*words[:owner], words[owner][:-2]]
        if words and words[-1].lower() in ("term", "semester", "trimester"):
            continue  # "Michaelmas Term": a stretch of the school year
        if any(re.search(r"(?<!s)['’]$", w) for w in words[:-1]) or words and words[0][:1] in "'’\"“":
            continue  # "Sol' Marrow" out of "Ysolde 'Sol' Marrow": a nickname's quote, not a name (aliases.py)
        if not words or (words[0].lower() in ("book", "chapter", "volume", "part", "act", "season", "arc")):
            continue  # "Book Two", "Chapter Nine": the book's own structure, not a name
        if any(w.lower().strip(".,:;") in lx.EN_SHORTHAND for w in words) or words[0].lower().endswith("-wise"):
            continue  # "New POV character", "Personality-wise I'm…": talk about the writing
        if len(words) > 2 and words[1] == "of" and words[0].lower() in lx.EN_RANK_WORDS:
            continue  # "the Marquess of Ashcombe": a title someone holds, not a name
        if sentence_start and len(words) > 1 and words[-1].lower() in lx.EN_RANK_WORDS and not wn.en_given_name(words[0]):
            continue  # "Retired Ember Knight, half blind now, …": who the last one named is, not a name
        if len(words) > 1 and re.fullmatch(r"I(?:['’](?:m|ll|ve|d))?", words[-1]):
            words = words[:-1]  # "Julian I", "Who killed Amari I'm holding…": the speaker, not part of the name
        name = " ".join(words)
        first, last = words[0].lower().rstrip("."), words[-1].lower()
        if len(words) == 1 and re.fullmatch(r"[A-Z]{2,4}", words[0]):
            continue  # FTL, CEO: an acronym of the talk, not a name
        if len(words) == 1 and _RANK_BEFORE.search(text, 0, match.start()):
            continue  # "she's made Precentor": a rank, not a person (a listed ladder is grades.py's)
        if len(words) == 1 and name.lower() in lx.EN_NOT_NAMES or all(w.lower().rstrip(".") in lx.EN_RANK_WORDS
                                                                       for w in words):
            continue  # "made a full Warden", "the Colonel", "a Detective Constable": ranks are a title, not a name
        if len(words) == 1 and sentence_start and len(re.findall(rf"(?<![.!?]\s)(?<!^)\b{re.escape(name)}\b", whole)) < 1:
            continue  # a capitalised first word of a sentence, never seen mid-sentence: probably not a name
        if len(words) == 1 and text[match.end():match.end() + 1] == ":" \
                and re.search(rf"\b{re.escape(name.lower())}\b", whole):
            continue  # "Sword: …", "Killer: …": a list's label, a word the talk also writes in lower case
        if "of" in words[1:-1] and lx.EN_HEAD_KINDS.get(first) is None and first not in lx.EN_PERSON_TITLES:
            # "Hollis Quade of the Red Tithe": a person, and the group they are of
            at = words.index("of")
            person, group = words[:at], [w for w in words[at + 1:] if w.lower() != "the"]
            if len(person) >= 2 and group and lx.EN_HEAD_KINDS.get(person[-1].lower()) is None:
                cands.add(" ".join(person), "Character", 2.0)
                cands.add(" ".join(group), lx.EN_HEAD_KINDS.get(group[-1].lower(), "Faction"), 1.5)
                continue
        if _APPOSED_KIN.match(text.replace("’", "'"), match.end()):
            cands.add(name, "Character", 2.0)  # "And Amaia, Koldo's sister, …": whose kin one is makes one a person
        if len(words) > 1 and re.search(r"[^sui']s$", last) and not wn.en_given_name(words[0]) and "of" not in words \
                and first not in lx.EN_PERSON_TITLES and re.search(rf"\b[Tt]he {re.escape(name)}\b", whole):
            # "the Rust Saints", "the Free Lanes": a band named as its members ("the Glass Marches" is land)
            cands.add(name, "Location" if last in _PLACE_PLURALS else "Faction", 2.0)
            continue
        if len(words) >= 2 and re.search(r"['’]s$", words[-2]) and last in _COMPANY_PLURALS:
            # "Lord Stourton's Men", "the Queen's Players": a company named for its patron, lord and all
            cands.add(name, "Faction", 3.0)
            continue
        if first.rstrip(".") in _VESSEL_PREFIXES and len(words) > 1:
            cands.add(name, "Item", 3.0)  # "the SS Marazion Star", "HMS Calliope": a ship
            continue
        if first in lx.EN_PERSON_TITLES and len(words) > 1 or _title_length(words) == 2 and last not in lx.EN_HEAD_KINDS:
            _titled(cands, words)  # "Captain Mara Vell", "Grand Weaver Ysolde Marr"
        elif len(words) == 2 and wn.en_given_name(words[0]) and wn.en_surname(words[1]) \
                and first not in lx.EN_HEAD_KINDS and not re.search(rf"\b[A-Z][\w'’-]+ {words[0]}\b", whole):
            # "Gideon Marsh", "Marcus Bell": a surname is not the thing it means (but Henry Ashby's family
            # lives at Ashby House)
            cands.add(name, "Character", 2.5)
        elif len(words) > 2 and words[1] == "of" and lx.EN_HEAD_KINDS.get(first) == "Faction":
            cands.add(name, "Faction", 2.0)  # "the Brotherhood of the Ash", "Order of the Grey Lantern"
        elif first in ("house", "clan", "order") and len(words) > 1:
            cands.add(name, "Faction", 2.0)
        elif first in ("port", "fort", "mount", "lake", "cape", "isle", "camp", "glen", "castle", "puerto", "porto",
                       "monte", "lago", "casa", "villa", "palazzo", "château", "chateau", "schloss", "quinta", "hacienda",
                       "fazenda", "kurhaus", "hotel", "hôtel", "rancho", "estância", "estancia") and len(words) > 1:
            cands.add(name, "Location", 2.0)  # "Port Sabel", "Fort Ardent", "Kurhaus Sorda", "Quinta das Cegonhas"
        elif first == "maison" and len(words) > 1 and last not in lx.EN_HEAD_KINDS:
            cands.add(name, "Faction", 2.0)  # "Maison Lécuyer": a house of a trade, named for its owner
        elif last in lx.EN_HEAD_KINDS and len(words) > 1:
            cands.add(name, lx.EN_HEAD_KINDS[last], 2.0)
        elif len(words) == 1 and not sentence_start and re.search(r"\bthe\s+$", text[: match.start()], re.I):
            cands.add(name)  # "the Saltmarsh", "the Gull": a place or a thing; the model says which
        elif len(words) == 1 and not sentence_start and _PLACE_BEFORE.search(text, 0, match.start()):
            cands.add(name, "Location", 1.0)  # "a healer in Greyhaven", "comes from Saltreach"
        elif len(words) == 1 and not sentence_start and _LEARNT.search(text, 0, match.start()):
            cands.add(name, "Ability", 1.5)  # "Tamsin learns Stillweave": what is learnt is an art
        elif len(words) == 1 and _ART_WORD.fullmatch(name) and not wn.en_surname(name) and not wn.en_given_name(name):
            cands.add(name, "Ability", 1.5)  # "Ashsight", "Drift-sense", "Threadbinding": a word made like an art's
        elif len(words) == 1 and not sentence_start and _TOPONYM.search(name) and not wn.en_given_name(name):
            cands.add(name, "Location", 0.5)  # "Millbrook", "Kingsbury", "Skarvik": the word is made like a place's
        elif len(words) == 1 and re.fullmatch(r"[A-Z]{1,4}-\d{1,4}[A-Za-z]?", name):
            cands.add(name, "Item", 1.0)  # "T-38", "KX-7", "AK-47": a model's or a sample's number, no one's name
        elif len(words) == 1 and not sentence_start:
            # a lone capitalised word mid-sentence is most often a person; in talk, a known given name surely is
            # (a novel's narration calls Charlotte Lucas "Charlotte": there her recurring full name decides)
            cands.add(name, "Character", 1.0 if wn.en_given_name(name) and not prose else 0.5)
        elif 2 <= len(words) <= 4 and all(w[:1].isupper() or w in _NAME_PARTICLES for w in words) \
                and words[-1][:1].isupper() and (particles := len([w for w in words if w in _NAME_PARTICLES])) <= 1 \
                and (len(words) <= 3 or particles):
            cands.add(name, "Character", 1.0)  # "Mara Vell", "Old Tam": a capitalised pair with no kind word
        else:
            cands.add(name)


_ART_WORD = re.compile(r"[A-Z][a-z]{2,}-?(?:sight|sense|step|binding|weaving|craft|calling|shaping|singing|"
                       r"speech|walking|reading)", re.I)
_VESSEL_PREFIXES = frozenset(("ss", "hms", "rms", "uss", "mv", "hmas", "hmcs", "hmnzs", "sms", "rv", "hmt", "usns"))
_COMPANY_PLURALS = frozenset(("men", "players", "boys", "servants", "company", "riders", "raiders", "rangers", "lads",
                              "girls", "irregulars", "guards", "volunteers"))
_NAME_PARTICLES = frozenset(("de", "von", "van", "du", "la", "le", "del", "da", "di", "della", "der", "den", "ter", "ten",
                             "dos", "das", "ap", "ab", "ferch", "bin", "ibn"))  # Cadoc ap Rhun, Anne de Bourgh


def _titled(cands: Candidates, words: list[str]) -> None:
    """A titled name is the person's name, the titled form an alias of it: Mara Vell is called Captain Mara
    Vell, and is Mara Vell still when she is made Admiral. One name alone keeps its title (Mr. Darcy)."""
    titled, name = _title_length(words), " ".join(words)
    if len(words) - titled < 2:
        cands.add(name, "Character", 3.0)
        return
    bare = " ".join(words[titled:])
    for form in [name, *short_forms(name)[:2]]:  # "Captain Vell", "Lady Arabella": the title with one name
        if form != bare:
            cands.alias_of.setdefault(form, cands.resolve(bare))
    if (cand := cands.add(bare, "Character", 3.0)) is not None and not cand.canon_kind and name not in cand.aliases:
        cand.aliases.append(name)


_GIVEN_NAME_TITLES = frozenset(("lady", "lord", "sir", "ser", "dame", "prince", "princess", "brother", "sister",
                                "father", "mother", "aunt", "uncle", "miss", "master", "saint"))
_LEARNT = re.compile(r"\b(?:learns|learned|learnt|masters|mastered|perfects|perfected|unlocks|unlocked|"
                     r"awakens|awakened|gains|gained)\s+$")
_RANK_BEFORE = re.compile(r"\b(?:made|promoted to|raised to|elevated to|rank of|ranks? up to|reaches|reached)\s+"
                          r"(?:a\s+|an\s+|the\s+)?(?:full\s+)?$")
# "Old Tam" … "Tam": a word of description before the name is not how the person is called alone
EPITHETS = frozenset(("old", "young", "little", "big", "mad", "fat", "tall", "long", "black", "red", "one-eyed",
                      "poor", "dear", "blind", "lame", "wee"))


def calling_name(words: list[str]) -> str:
    """The word of a two-or-more-word name that stands for the person alone: Mara (Mara Vell), Tam (Old Tam)."""
    return words[1] if len(words) == 2 and words[0].lower() in EPITHETS else words[0]


def short_forms(name: str) -> list[str]:
    """How a character's English name is shortened: "Mara" and "Vell" for Mara Vell; "Mrs. Quill", "Hester
    Quill", "Hester" and "Quill" for Mrs. Hester Quill. Each stands for the person only where no one else has it."""
    words = name.split()
    if len(words) < 2 or any(w.lower() in ("of", "the", "&") for w in words):
        return []
    titled = _title_length(words)
    # "van Ravesteyn" and "Van Ravesteyn" for Joost van Ravesteyn: a surname with its particle
    particle = next((i for i, w in enumerate(words[1:-1], 1) if w in _PARTICLES), None)
    by_particle = [" ".join(words[particle:]), " ".join([words[particle].capitalize(), *words[particle + 1:]])] \
        if particle else []
    if not titled:  # (and "Dottie Mae" for Dottie Mae Purcell: a given name of two words)
        return list(dict.fromkeys([calling_name(words), words[-1], *by_particle,
                                   *([" ".join(words[:2])] if len(words) == 3 and wn.en_given_name(words[1]) else [])]))
    if len(words) == 2:  # "Colonel Harrow" … "the Colonel": a rank alone is its one holder too
        return [words[1], *([words[0]] if words[0].lower().rstrip(".") in lx.EN_RANK_WORDS else [])]
    # (not "Miss Bennet" for Miss Elizabeth Bennet: by custom that is the eldest unmarried sister)
    by_surname = [f"{words[titled - 1]} {words[-1]}"] if words[0].lower() != "miss" else []
    by_given = [f"{words[titled - 1]} {words[titled]}"] if words[titled - 1].lower() in _GIVEN_NAME_TITLES else []
    return [*by_surname, *by_given, " ".join(words[titled:]), words[titled], words[-1]]


_PARTICLES = frozenset(("van", "von", "de", "da", "du", "le", "la", "del", "della", "di", "ter", "ten", "der", "dos", "das"))


def _title_length(words: list[str]) -> int:
    """How many of a name's words are the title before it: 1 in Captain Mara Vell, 2 in Detective Inspector
    Jack Crowe, and 2 in Grand Weaver Ysolde Marr (a "Grand" or "High" makes the next word a rank)."""
    titled = 0
    while titled < len(words) - 1 and words[titled].lower().rstrip(".") in lx.EN_PERSON_TITLES:
        titled += 1
    if not titled and len(words) >= 3 and words[0].lower() in ("grand", "high", "arch"):
        return 2
    return titled


def post_title(form: str) -> str | None:
    """"Duke" of Duke Roderic Varrow, "Grand Weaver" of Grand Weaver Ysolde Marr: a title before the name that is
    a rank or an office (not "Mr", "Lady", "Dr" or "Aunt", which say how one is addressed)."""
    words = form.split()
    titled = _title_length(words)
    if not titled or len(words) - titled < 1 or not words[titled][:1].isupper():
        return None
    title = words[:titled]
    if all(w.lower().rstrip(".") in _COURTESY for w in title) or any(w.isupper() for w in title):
        return None  # (nor "DS Amir Shah": a police rank's letters)
    return " ".join(title)


_COURTESY = frozenset(("mr", "mrs", "miss", "ms", "lady", "lord", "sir", "ser", "dame", "madam", "madame", "monsieur",
                       "mademoiselle", "herr", "frau", "dr", "doctor", "aunt", "uncle", "granny", "grandpa", "grandma",
                       "father", "mother", "brother", "sister", "master", "elder", "saint", "rev", "reverend", "messer",
                       "signor", "signora", "signore", "señor", "señora", "senhor", "senhora", "mynheer", "don", "dona",
                       "doña", "dom"))


def head_word(name: str, kind: str) -> list[str]:
    """"Guild" for The Loom Guild, "Marsh" for Fenwick Marsh: a group or a place called by its last word — and
    "the expedition" for the Kestrel Expedition, "the clan" for the Hoshina clan."""
    words = name.split()
    if kind == "Item" and re.search(r"[\u4e00-\u9fff]", name) and len(name) >= 4 and " " not in name:
        return [name[-2:]]  # "沈七把罗盘收了": 青铜罗盘, by its last two characters
    if kind == "Item" and len(words) - (words[0].lower() == "the") >= 2 and re.fullmatch(r"[A-Za-z][a-z\-]+", words[-1]):
        return list(dict.fromkeys([f"the {words[-1].lower()}", f"the {words[-1]}"]))  # "hands the Key to Quill"
    if "&" in words:
        return []  # "Halloway & Sons Shows": a firm named after its people is called by its whole name
    if kind not in ("Faction", "Location") or len(words) < 2 or not (words[-1][:1].isupper() or
                                                                   kind == "Faction" and words[-1] in lx.EN_HEAD_KINDS):
        return []
    # (a place's "the house", "the station" is any house; a group's "the clan" is the one the talk has)
    return [*([words[-1]] if words[-1][:1].isupper() else []), *([f"the {words[-1].lower()}"] if kind == "Faction" else [])]


def patrons_dropped(cands: Candidates) -> None:
    """"Stourton's Men" for Lord Stourton's Men: a company said without its patron's title is the same company."""
    for name in list(cands):
        words = name.split()
        if len(words) >= 3 and words[0].lower().rstrip(".") in lx.EN_PERSON_TITLES and words[-1].lower() in _COMPANY_PLURALS:
            short = " ".join(words[1:])
            if short in cands and not cands[short].canon_kind:
                cands[name].hints.update(cands.pop(short).hints)
            cands.alias_of.setdefault(short, name)


def first_names(cands: Candidates, text: str) -> None:
    """"Mara Vell" … "Mara": a first name alone means the one character it begins (when only one does)."""
    for name in [n for n, c in cands.items() if not c.canon_kind and cands.alias_of.get(n, n) in cands
                 and cands.alias_of.get(n, n) != n and set(n.split()) & set(cands.alias_of[n].split())]:
        target = cands.alias_of[name]  # "Dr. Amari", once known for Teodoro Amari's, is no one of its own
        absorbed = cands.pop(name)
        cands[target].aliases += [a for a in [name, *absorbed.aliases] if a not in cands[target].aliases]
        cands[target].hints.update(absorbed.hints)
        cands[target].mentions |= absorbed.mentions
    owners: dict[str, list[str]] = {}
    for name, cand in cands.items():
        words = name.split()
        kind = cand.canon_kind or cand.best_hint[0]
        if kind is None and len(words) >= 2 and words[0] in cands and cands[words[0]].best_hint[0] == "Character":
            kind = "Character"  # "An older sister, Tessaly." … "Tessaly Vane": her full name, said later
        if kind == "Character" and (forms := short_forms(name)):
            for form in forms:
                owners.setdefault(form, []).append(name)
        elif kind in ("Faction", "Location") and (heads := head_word(name, kind)):
            for head in heads:  # "a Guild key-holder": the Salt Guild; "thrown out of the clan": the Hoshina clan
                owners.setdefault(head, []).append(name)
            if kind == "Faction" and len(words) == 2 and words[-1].lower() in lx.EN_HEAD_KINDS:
                owners.setdefault(words[0], []).append(name)  # "land man for Keystone": Keystone Petroleum
        elif kind == "Item" and len(words) > 1 and words[0].lower().rstrip(".") in _VESSEL_PREFIXES:
            owners.setdefault(" ".join(words[1:]), []).append(name)  # "the Marazion Star" is the SS Marazion Star
        elif len(words) >= 3 and words[1] == "of" and kind != "Character":
            owners.setdefault(words[0], []).append(name)  # "the Heart of Saqqara" … "takes the Heart"
        elif kind == "Item" and (heads := head_word(name, kind)):
            for head in set(heads):  # "the Lisle pearls" … "takes the pearls"
                owners.setdefault(head, []).append(name)
        elif len(words) == 2 and kind == "Character" and words[0].lower().rstrip(".") in lx.EN_RANK_WORDS:
            # "Colonel Harrow" … "the Colonel" / "Harrow": the rank or the surname alone is that one person
            owners.setdefault(words[0], []).append(name)
            owners.setdefault(words[1], []).append(name)
    for first, names in owners.items():
        if len(names) == 1 and re.search(rf"\b{re.escape(first)}\b(?!\s+[A-Z])", text):
            cands.alias_of.setdefault(first, names[0])
            if (absorbed := cands.pop(first, None)) is not None:  # "call him the Hollow Prince" said of Casimir
                for alias in absorbed.aliases:
                    cands.alias_of[alias] = names[0]
                    cands[names[0]].aliases.append(alias)
