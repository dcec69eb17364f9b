"""Who "她" / "he" means: pronouns and missing subjects resolve to the character the talk is about."""

from __future__ import annotations

import re

from desktop.tasks.pipeline import lexicon as lx
from desktop.tasks.pipeline import world_names as wn
from desktop.tasks.pipeline.candidates import Candidates, locate
from desktop.tasks.pipeline.decisions import rejects
from desktop.tasks.pipeline.english_states import opens_on_a_post
from desktop.tasks.pipeline.statements import Statement

_ZH_PRONOUN = re.compile(r"(?<![其])[她他](?![们])")
_GLUED_KIN = re.compile(r"([\u4e00-\u9fff]{2,4})[他她](?=爹|娘|爸|妈|父亲|母亲|哥|姐|弟|妹)")
# "Meera's been in love with Vikram", "Luc's from Trois-Rivières", "who's hated Kâmil": an 's that is a verb, read as one
_HAS_WORDS = re.compile(r"\s+(?:been|got|gotten|had|hated|loved|known|worked|lived|kept|taken|made|always been|"
                        r"never been|just been|already been)\b")
_HAS_AFTER_S = re.compile(r"(?<=\w)['’]s(?=" + _HAS_WORDS.pattern + ")")
_IS_AFTER_S = re.compile(r"(?<=\w)['’]s(?=\s+(?:from|in love|in charge|with|not|never|always|still|now|just|already|"
                         r"married|engaged|dead|alive|going|a|an|the|on|at)\b)")
_WHO_S = re.compile(r"\b([Ww]ho)['’]s\b")


def verbs_unglued(text: str) -> str:
    """English text with a verb's 's spelt out: "Luc's from…" → "Luc is from…"; possessives untouched."""
    text = _WHO_S.sub(lambda m: m.group(1) + (" has" if _HAS_WORDS.match(text, m.end()) else " is"), text)
    return _IS_AFTER_S.sub(" is", _HAS_AFTER_S.sub(" has", text))


_OPENS_ON = re.compile(r"\s*(?:(?:第\s*)?[0-9〇零一二两三四五六七八九十百]+\s*[章回](?:里|中|开头|末尾|结尾)?[，,]?\s*)?")
_EN_PRONOUN = re.compile(r"\b(he|she|him|his|her)\b", re.IGNORECASE)
_EN_NOT_POSSESSIVE_AFTER = {"to", "and", "or", "a", "an", "the", "that", "as", "with", "from", "in", "on", "at",
                            "for", "of", "by", "about", "again", "too", "so", "but", "if", "when", "because",
                            # "shoots her himself", "takes her down": her is who the verb takes
                            "himself", "herself", "themselves", "myself", "down", "off", "out", "up", "away", "back",
                            "there", "here", "now", "then", "later", "first", "last", "dead", "alive", "into", "onto",
                            "over", "through", "before", "after", "during", "while", "until", "once", "twice"}


def resolve(statements: list[Statement], cands: Candidates, kinds: dict[str, str], first: str | None,
            *, prose: bool = False, passed_over: dict[str, int] | None = None) -> None:
    """Rewrite each statement's `text` with pronouns replaced by the current focus character — or, when the
    pronoun's gender is not the focus's ("Old Tam trained her, he's the guild's lockmaster"), by the last
    other person the sentence named."""
    focus = first if first in kinds and kinds[first] == "Character" else None
    forms = [(f, n) for f, n in cands.surface_forms() if kinds.get(n) == "Character"]  # (longest first)
    gender: dict[str, str] = {name: g for name in kinds if (g := wn.en_gender(name))}
    if not prose:  # (older narration writes 他 for a woman too: 况且他眉心中原有…胭脂痣, of 英莲)
        gender |= {n: g for n, g in _said_gender(statements, forms).items() if n not in gender}
    recent: list[str] = []  # characters in the order the talk last named them
    dropped: set[str] = set()  # "Scrap Aldous.": no later "him" means a character the author let go
    seen: dict[str, int] = {}  # character → the statement that last named them
    family: tuple[str, int] | None = None  # "想让小山家里人出场": whose family the talk turned to, and where
    for st in statements:
        said = st.text  # the author's words (where typed in lower case, with the names capitalised)
        if not re.search(r"[\u4e00-\u9fff]", st.text):
            said = st.text = verbs_unglued(st.text)
        # "厉千川他爹": a pronoun glued to the name before a kin word is only that one's ("厉千川的爹")
        said = st.text = _GLUED_KIN.sub(lambda m: m.group(1) + "的" if any(m.group(1).endswith(f) for f, _ in forms)
                                        else m.group(0), said)
        # a name offered and passed over ("苏挽月太网文了") is no longer anyone the talk is about
        dropped.update(n for n, at in (passed_over or {}).items() if at <= st.index)
        characters = [n for n in st.names if kinds.get(n) == "Character" and n not in dropped]
        focus = None if focus in dropped else focus  # "顾长汀好，就她了": 她 is the one picked
        had_pronoun = False
        # the talk's first sentence has no focus yet: "韦青的家世：她爹…" — 她 is who the sentence began with
        # … and one a short label introduces ("治疗有了：唐柚，…，大伙都叫她柚子") is who 她 is, whatever came before
        label = re.match(r"[^，,。：:]{1,8}[：:]\s*", said)
        # … and so is one whose label it is ("白露的底牌：她是…")
        introduced = next((n for n in characters if label and any(
            said.startswith(f, label.end()) or re.fullmatch(rf"{re.escape(f)}的[^，,。：:]{{1,4}}[：:]\s*", label.group(0))
            for f, m in forms if m == n)), None)
        # … and so is one the sentence names anew or meets here ("叫罗世钧，…，盐场上都喊他罗八爷")
        leading = None if prose else _named_here(said, characters, forms, seen, cands, focus)
        opener = introduced or leading or (characters[0] if focus is None and characters else None)
        referent = opener if introduced or leading else focus or opener
        if referent is not None:
            at = said.find(referent) + len(referent) if opener else 0
            rest = re.sub(r"\b([Hh]e|[Ss]he)['’]s (got|been)\b", r"\1 has \2", said[at:])  # "She's got a scar"
            head, rest = said[:at], re.sub(r"\b([Hh]e|[Ss]he)['’]s\b", r"\1 is", rest)  # "He's her brother"
            named = [(rest.find(f), n) for f, n in forms if f in rest]
            switched: list[str] = []  # "是她娘留下的" with 她 not the focus: the talk has gone back to her
            proposed: list[str] = []

            def who(word: str, position: int) -> str:
                wanted = _PRONOUN_GENDER.get(word.lower())
                chosen = referent
                # "你前面埋过韩东篱几次…，要不要就用他？": where the speakers talk of the story, the one just named
                spoken = [n for p, n in sorted(named, reverse=True) if 0 <= p < position and n != referent
                          and gender.get(n, wanted) == wanted and n not in dropped]
                if spoken and not opener and not prose and _ABOUT_THE_STORY.match(rest):
                    chosen = spoken[0]
                    proposed.append(chosen)  # … and the answer ("就是他。") is about them
                elif wanted and gender.get(referent, wanted) != wanted:
                    # nearest first: this sentence's names before the pronoun, then the sentences before
                    nearest = [n for p, n in sorted(named, reverse=True) if 0 <= p < position] + \
                        [n for n in reversed(recent) if n not in characters]
                    others = [n for n in nearest if n != referent and n not in dropped]
                    fitting = [n for n in others if gender.get(n, wanted) == wanted]
                    # the one just named ("…Monsieur Lacroix…. Scrap him."), else one known to be "her" before one
                    # whose pronoun the talk has not shown yet
                    chosen = fitting[0] if fitting and (prose or seen.get(fitting[0], -9) >= st.index - 1) else \
                        next((n for n in fitting if gender.get(n) == wanted), fitting[0] if fitting else referent)
                # "背后是星耀的老板乔振东——他女儿乔若溪…": a pronoun right after a name, only a dash or comma between,
                # goes on about that one
                before = [(p, n) for p, n in named if 0 <= p < position and n not in dropped]
                if word in "他她" and before and chosen != max(before)[1]:
                    p, n = max(before)
                    said_as = max((f for f, m in forms if m == n and rest.startswith(f, p)), key=len, default=n)
                    if re.fullmatch(r"\s*(?:——|—|--|，|,)\s*", rest[p + len(said_as):position]) \
                            and gender.get(n, wanted) == wanted:
                        chosen = n
                # "把老金狮交给阿然，让他当教头": one handed something, then told to do something, is who 他 is
                if word in "他她" and before:
                    p, n = max(before)
                    said_as = max((f for f, m in forms if m == n and rest.startswith(f, p)), key=len, default=n)
                    if re.fullmatch(r"\s*[，,]?\s*(?:让|叫|要|请|命|派)", rest[p + len(said_as):position]) and \
                            re.search(r"(?:交给|给了?|托付给|托给|传给|嘱咐|吩咐|叮嘱|告诉|拜托)$", rest[:p]) \
                            and gender.get(n, wanted) == wanted:
                        chosen = n
                # "Angus quits the firm rather than work for him, and he stands with Ruth": the subject of the
                # clause this one is joined to goes on
                joined = _joined_subject(rest, position, word, named, forms) if not prose else None
                if joined and joined not in dropped and gender.get(joined, wanted) == wanted:
                    chosen = joined
                # "第31章宋敬斋偷走了铜印，从那以后印就在他手里": a sentence that opens on someone goes on about them
                opening = _OPENS_ON.match(said)
                first = next((n for f, n in forms if said.startswith(f, opening.end())), None) \
                    if word in "他她" else None
                # (as the new clause's subject or holder — "，他左手…", "在他手里" — not as an object: "跟他学过";
                # and not one named as the owner of what the sentence is about: "沈砚秋的灶被人动了手脚")
                if first and first not in dropped and gender.get(first, wanted) == wanted and \
                        not said.startswith("的", opening.end() + len(first)) and \
                        not any(f in said[opening.end() + len(first):at + position] for f, n in forms if n != first) and \
                        re.search(r"[，,]", said[opening.end():at + position]) and \
                        not re.search(r"[。！？!?；;]", said[opening.end():at + position]) and \
                        (re.search(r"[，,]\s*(?:就|也|还|又|才|便|却)?$", said[:at + position]) or
                         re.match(r"(?:手里|手上|手中|名下|身上)", said[at + position + 1:])):
                    chosen = first
                doer = _doer(rest, position, word, named, forms)
                if doer is None and at and word.lower() in ("him", "her") and _WHO_OF_OPENER.match(rest[:position]):
                    doer = referent  # "Pops Whitlow — the old-timer who broke Curtis in … and taught him": not Pops
                if doer and chosen == doer:  # "…, Tobiah Laus: Sabine kills him": not Sabine, the one named before her
                    # (秦屿白喜欢她: no one's verb takes themselves; she is the one the talk is about, or named before)
                    others = [n for p, n in sorted(named, reverse=True) if 0 <= p < position] + \
                        ([referent, *reversed(recent)] if word in "他她" else [])
                    chosen = next((n for n in others if n and n != doer and n not in dropped
                                   and gender.get(n, wanted) == wanted), chosen)
                # "想让小山家里人出场。他爹叫杨老栓": a kin word after the pronoun is of the one whose family it is
                kin_of = family[0] if family and family[1] >= st.index - 1 else _family_of(rest[:position], forms)
                if word in "他她" and kin_of and kin_of not in dropped and _KIN_AFTER.match(rest, position + 1) \
                        and gender.get(kin_of, wanted) == wanted:
                    chosen = kin_of
                if wanted and chosen not in gender:
                    gender[chosen] = wanted
                if chosen != referent:
                    switched.append(chosen)
                return chosen

            # "before he died Owen sent her a text": the name after the clause is who "he" is
            for f, n in forms if _CLAUSE_PRONOUN.search(rest) else ():
                ahead = re.search(_CLAUSE_PRONOUN.pattern + rf"(?:\s+[\w'’]+){{1,4}}?,?\s+{re.escape(f)}\b", rest)
                if ahead and wn.en_gender(n) in (None, _PRONOUN_GENDER[ahead[1]]):
                    rest = rest[:ahead.start(1)] + n + rest[ahead.end(1):]
            rest = _ZH_PRONOUN.sub(lambda m: who(m.group(0), m.start()), rest)
            rest = _EN_PRONOUN.sub(lambda m: _english(m, who(m.group(1), m.start()), rest), rest)
            replaced = head + rest
            had_pronoun = replaced != said and not opener
            st.text = replaced
        st.focus = focus
        # (in the order the sentence names them: the last one named is the nearest)
        positions = {n: max((st.text.find(f) for f, m in forms if m == n), default=-1) for n in characters}
        recent = [n for n in recent if n not in characters] + sorted(characters, key=lambda n: positions[n])
        seen.update(dict.fromkeys(characters, st.index))
        if kin := _family_of(said, forms):
            family = (kin, st.index)
        # The talk turns to another character when a sentence opens with them or introduces them (叫X).
        # (by any of their names: "温贵妃那边呢？" opens with 温如霜)
        opening = [n for n in characters if n == introduced
                   or any(0 <= said.find(f) <= 3 for f, m in forms if m == n)
                   or any(re.search(rf"叫[「“]?{re.escape(f)}|{_EN_INTRO}{re.escape(f)}", said, re.I) or
                          re.match(rf"[^，,。]{{0,3}}?{_NAMED_ANEW}[「“]?{re.escape(f)}", said)
                          for f, m in forms if m == n)]
        if opening and not had_pronoun:
            focus = opening[0]
        elif referent is not None and not opening and switched and switched[0] not in characters and not prose:
            focus = switched[0]
        elif referent is not None and not opening and proposed and not prose:
            focus = proposed[-1]
        elif focus is None and characters:
            focus = characters[0]
        if st.by_author and not prose and _DROPS.search(said):  # (not "功法不是顾长老教的": a plain "not" drops no one)
            dropped.update(n for n in characters if n not in opening)
        if focus in st.names and rejects(st) and not opening:
            focus = None  # "Scrap Corvin entirely.": whoever comes next is who "she" means
    if not prose:
        _give_fragments_their_subject(statements, forms)
        _things_handed_on(statements, [(f, n) for f, n in cands.surface_forms() if kinds.get(n) == "Item"])
    locate(statements, cands)


# "Toby takes the scarab from Evie's trunk and sells it to Moreau": "it" handed on is the thing just named
_HANDED_IT = re.compile(r"\b((?:sells|sold|gives|gave|hands|handed|passes|passed|sends|sent|leaves|left|returns|returned|"
                        r"slips|slipped|pawns|pawned|trades|traded)\s+)it(?=\s+(?:on\s+|back\s+|over\s+)?to\b)")


def _things_handed_on(statements: list[Statement], items: list[tuple[str, str]]) -> None:
    for st in statements:
        if re.search(r"[\u4e00-\u9fff]", st.text) or not (handed := _HANDED_IT.search(st.text)):
            continue
        said = [(st.text.rfind(f, 0, handed.start()), n) for f, n in items if f in st.text[:handed.start()]]
        said = [(at, n) for at, n in said if at >= 0]
        if said:
            st.text = st.text[:handed.end(1)] + max(said)[1] + st.text[handed.end():]


def _named_here(said: str, characters: list[str], forms: list[tuple[str, str]], seen: dict[str, int],
                cands: Candidates, focus: str | None) -> str | None:
    """Who the sentence's 他 means because the sentence names them: anew ("叫罗世钧，…", "人名换成常胜利，…",
    "他本名梁守拙，…"), newly met after a description ("班里进个新学徒，石满仓，…，青禾收他当徒弟"), or the one
    newcomer met after their post ("外科主任顾振声，…，老爷子一直恨他" — not "他的师父是青云宗长老清虚真人",
    where 他 was said first)."""
    def said_as(name: str, pattern: str) -> re.Match | None:
        return next((m for f, n in forms if n == name and (m := re.search(pattern + re.escape(f), said))), None)

    for name in characters:
        if said_as(name, rf"{_NAMED_ANEW}[「“]?") or name not in seen and said_as(name, r"个[^，,。！？]{1,6}[，,：:]\s*"):
            return name
    newcomers = [n for n in characters if n not in seen and not getattr(cands.get(n), "canon_kind", None)]
    if len(newcomers) != 1 or focus is None:
        return None
    post = said_as(newcomers[0], rf"(?:{_POSTS_BEFORE})[「“]?")
    return newcomers[0] if post and not re.search(r"[他她]", said[:post.start()]) else None


_POSTS_BEFORE = "|".join(sorted({*lx.ZH_TITLES, *lx.ZH_FACTION_LEADER_ROLES}, key=len, reverse=True))
_NAMED_ANEW = r"(?:^(?:那就|就|改|名字)?叫|(?<![（(])(?:本名|真名)|(?:人名|名字)(?:就)?(?:换成|改成|改为|改叫))"


def _joined_subject(text: str, position: int, word: str, named: list[tuple[int, str]],
                    forms: list[tuple[str, str]]) -> str | None:
    """The subject of the clause before ", and he …": the last one named who opens a clause and does something."""
    joined = r"(?:(?:,\s*|\s)(?:and|but|so|then|and then)|\s[—–]|—)\s*$"
    # ("Luc crashes on the descent and breaks his collarbone": whose bone is the one who crashed)
    owned = word.lower() in ("his", "her") and re.search(r"(?:,\s*|\s)(?:and|then|and then)\s+[a-z]+(?:s|ed)\s+$",
                                                         text[:position])
    if not owned and (word.lower() not in ("he", "she") or not re.search(joined, text[:position])):
        return None
    for p, name in sorted(((p, n) for p, n in named if 0 <= p < position), reverse=True):
        said = max((f for f, n in forms if n == name and text.startswith(f, p)), key=len, default=name)
        # ("From chapter 15 Pim is finished…": a sentence may open on when, before its subject)
        opens = re.search(r"(?:^|[,;:—]\s*|\b(?:when|after|before|then|once|while)\s+)$", text[:p]) or \
            re.fullmatch(r"(?:from|in|by|after|until|since)\s+(?:chapter|ch\.?)\s*\w+,?\s+", text[:p], re.I)
        if opens and re.match(r"\s+(?:(?:then|finally|also|quietly|later)\s+)?[a-z]+(?:s|ed)\b", text[p + len(said):]):
            return name
    return None


def _doer(text: str, position: int, word: str, named: list[tuple[int, str]], forms: list[tuple[str, str]]) -> str | None:
    """Who does what an object pronoun receives ("Sabine kills him", 秦屿白喜欢她): the one named just before its
    verb."""
    zh = word in "他她"
    if not zh and word.lower() != "him" and not (word.lower() == "her" and _OBJECT_END.match(text, position + len(word))):
        return None
    before = [(p, n) for p, n in named if 0 <= p < position]
    if not before:
        return None
    p, name = max(before)
    said = max((f for f, n in forms if n == name and text.startswith(f, p)), key=len, default=name)
    between = text[p + len(said):position]
    if zh:  # (他觉得他…: one who thinks or says goes on as the subject of what is thought)
        return name if re.fullmatch(r"[\u4e00-\u9fff]{1,4}", between) and not _THINKS.search(between) else None
    return name if _ONE_VERB.fullmatch(between) else None


# a relative clause on the one a sentence opens with, still going at the pronoun
_WHO_OF_OPENER = re.compile(r"\s*(?:,|—|–|--)?\s*(?:(?:the|an?)\s+[\w\-' ]{1,30}?\s*)?\bwho\b[^.;!?—]*$")
_THINKS = re.compile(r"觉得|认为|以为|知道|说|发现|想|希望|担心|怕|决定|承认|明白|相信|感觉|记得|忘了|的|是|把|让|叫|被|要|会|能")


_OBJECT_END = re.compile(r"\s*(?:[.,;:!?)]|$|(?:on|in|at|with|to|for|from|off|out|up|down|into|and|before|after|because|when)\b)")
_ONE_VERB = re.compile(r"\s+(?:(?:later|then|finally|quietly|personally|herself|himself|also|just)\s+)?[a-z]+(?:s|ed)?"
                       r"(?:\s+(?:up|down|off|out))?\s+")


def _give_fragments_their_subject(statements: list[Statement], forms: list[tuple[str, str]]) -> None:
    """A note in English: "Info: Lila Marsh. Works behind the bar at the Anchor. On Nolan's side from ch 14." —
    the sentences without a subject go on about the name the one before them ended on."""
    subject: str | None = None
    for before, st in zip(statements, statements[1:]):
        if before.message_index != st.message_index:
            subject = None
            continue
        said = before.text.strip().rstrip(".!")
        ended_on = next((n for f, n in forms if said.endswith(f) and not said[:-len(f)][-1:].isalnum()), None)
        if ended_on and len(before.text.split()) <= 8:
            subject = ended_on
        first = re.match(r"([A-Za-z][a-z\-]+)\b", st.text)
        if subject is None or first is None or any(st.text.startswith(f) for f, _ in forms) \
                or first[1].lower() in _NOT_FRAGMENT_OPENERS:
            subject = None
            continue
        word = first[1].lower()
        if re.fullmatch(r"[a-z]{2,}[^s']s", word) or re.match(r"on \w+'s side\b", st.text, re.I):
            st.text = f"{subject} {word}{st.text[first.end():]}"  # "Works behind the bar", "On Nolan's side"
        elif opens_on_a_post(st.text):
            st.text = f"{subject}, {word}{st.text[first.end():]}"  # "Enforcer for the Calloway Firm."
        else:
            subject = None


# words that open a sentence with its own subject, or a question, or talk about the writing
_NOT_FRAGMENT_OPENERS = frozenset(("i", "we", "you", "he", "she", "it", "they", "this", "that", "these", "those",
                                   "there", "here", "the", "a", "an", "my", "our", "his", "her", "their", "its",
                                   "what", "who", "why", "how", "where", "when", "which", "is", "are", "was", "were",
                                   "do", "does", "did", "has", "can", "could", "should", "would", "will", "yes",
                                   "no", "ok", "okay", "and", "but", "or", "so", "then", "if", "also", "maybe", "chapter", "ch",
                                   "book", "hook", "setting", "outline", "title", "everyone", "nobody", "someone",
                                   "good", "great", "fine", "right", "sure", "nice", "thanks", "agreed", "done",
                                   "let's", "lets", "let", "please", "not", "as", "for", "because", "since"))


_CLAUSE_PRONOUN = re.compile(r"\b(?:[Bb]efore|[Aa]fter|[Ww]hen|[Ww]hile|[Uu]ntil|[Oo]nce)\s+(he|she)\b")
_ABOUT_THE_STORY = re.compile(r"(?i)\s*(?:你|我|咱|要不要|是不是|\b(?:you|i|we|should we|do you|did you)\b)")
# "Working name is Ysolde Marrow." / "Meet Tobias Reed": the talk turns to someone it introduces
_EN_INTRO = r"(?:\bname is|\bnamed|\bcalled|\bmeet|\bintroducing|\bnew character(?: is)?[:,]?)\s+"
_DROPS = re.compile(r"删掉|去掉|不要了|删了|拿掉|作废|\b(?:scrap|scrapped|drop|dropped|cut|cutting|forget|ditch|remove)\b",
                    re.I)
_KIN_AFTER = re.compile(r"的?(?:爹|娘|爸|妈|父亲|母亲|爷爷|奶奶|哥|姐|弟|妹)")
_FAMILY = re.compile(r"(?:的)?(?:家里人|家人|一家|家里)")


def _family_of(text: str, forms: list[tuple[str, str]]) -> str | None:
    """Whose family a sentence speaks of ("小山家里人", "韦青的家人"), if anyone's."""
    hits = [(m.start(), n) for f, n in forms for m in re.finditer(re.escape(f), text) if _FAMILY.match(text, m.end())]
    return max(hits)[1] if hits else None


_PRONOUN_GENDER = {"她": "f", "他": "m", "she": "f", "her": "f", "he": "m", "him": "m", "his": "m"}


# "顾长老" / "老头" / "林夫人" / "女配…叫慕容絮": a form or an introduction that says which pronoun means them
_ZH_MALE = ("长老", "老头", "老爷", "公子", "少爷", "王爷", "师兄", "师弟", "大哥", "叔", "伯", "爷", "爹", "王",
            "帝", "掌柜", "先生", "道长", "和尚", "少年", "男主", "男配", "男二", "小子", "哥", "公公", "太监")
_ZH_FEMALE = ("姑娘", "夫人", "娘子", "小姐", "师姐", "师妹", "姐", "妹", "妃", "后", "婆", "嫂", "姨", "娘", "女",
              "婕妤", "贵人", "嬷嬷", "丫头", "丫鬟", "女主", "女配", "女二", "少女", "尼")


def _said_gender(statements: list[Statement], forms: list[tuple[str, str]]) -> dict[str, str]:
    found: dict[str, set[str]] = {}
    for form, name in forms:
        if re.fullmatch(r"[\u4e00-\u9fff]+", form):  # an alias with a title: 顾长老, 云夫人 — or a name: 秦嬷嬷
            rest = form[len(name):] if form.startswith(name) and form != name else form[1:] if form[0] == name[0] else ""
            rest = rest if form != name or len(name) >= 3 else ""
            for words, g in ((_ZH_MALE, "m"), (_ZH_FEMALE, "f")):
                if rest and rest.endswith(words):
                    found.setdefault(name, set()).add(g)
    for st in statements:
        for form, name in forms:
            at = st.quote.find(form)
            if at < 0 or not re.search(r"[\u4e00-\u9fff]", form):
                continue
            before, after = st.quote[max(0, at - 12):at], st.quote[at + len(form):at + len(form) + 3]
            intro = _ZH_INTRO.search(before)
            if intro:
                found.setdefault(name, set()).add("f" if intro.group(1) in _ZH_INTRO_FEMALE else "m")
            if after.startswith(("长老", "老头", "公子", "少爷", "师兄", "大哥", "先生", "道长")):
                found.setdefault(name, set()).add("m")
            elif after.startswith(("姑娘", "夫人", "小姐", "师姐", "师妹", "娘子")):
                found.setdefault(name, set()).add("f")
    return {name: next(iter(gs)) for name, gs in found.items() if len(gs) == 1}


_ZH_INTRO_FEMALE = ("女配", "女主", "女二", "姑娘", "女子", "女孩", "少女", "妹妹", "姐姐", "女儿", "夫人", "妻子")
_ZH_INTRO_MALE = ("男配", "男主", "男二", "少年", "弟弟", "哥哥", "儿子", "丈夫")
_ZH_INTRO = re.compile(f"({'|'.join(_ZH_INTRO_FEMALE + _ZH_INTRO_MALE)})" r"[^，。！？,.!?]{0,6}(?:叫|名叫|是|，)$")


def _english(match: re.Match, focus: str, text: str) -> str:
    word = match.group(1).lower()
    if word == "his":
        return focus + "'s"
    if word == "her":
        following = text[match.end():].split()
        nxt = following[0].lower().strip(".,;:!?") if following else ""
        return focus if not nxt or nxt in _EN_NOT_POSSESSIVE_AFTER else focus + "'s"
    return focus
