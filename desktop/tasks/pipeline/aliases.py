"""Who else a name is: 人称X / 字X / "known as X" / "Isolde Marrow (Iz, the Salt Widow)", and a given name alone
(黛玉 for 林黛玉) — folded into the one candidate they name."""

from __future__ import annotations

import re
from typing import Callable

from desktop.tasks.pipeline import lexicon as lx
from desktop.tasks.pipeline import world_names as wn
from desktop.tasks.pipeline.english_names import _EN_THINGS, _PARTICLES, _title_length, short_forms
from desktop.tasks.pipeline.names import Candidate, Candidates, valid_name
from desktop.tasks.pipeline.statements import Statement

CJK = "\u4e00-\u9fff"
_ALIAS_INTRO = re.compile(rf"(?:(?:都|人们|大家|江湖上|外人|别人|众人|世人|圈里|圈内|道上|村里|街坊|队里|手下|下人|同学|"
                          rf"同事|朋友|粉丝|网友|外面)(?:都|也)?(?:喊|叫|称|称呼)[他她](?:做|作)?|"
                          rf"(?:圈里|圈内|道上|江湖上|村里|街坊|队里|手下|下人|大家|众人|外人|别人|人们|世人)(?:都|也)(?:喊|叫|称)(?:做|作)?|称[他她]为|人称|外号|绰号|号称|又叫|又名|别名|道号|法号|别号|昵称|小名|乳名|江湖人称|表字|(?<=[，,])字|(?<=[，,])号)"
                          rf"(?:[就便也乃]?(?:唤做|唤作|叫做|唤|叫|是|为|作|曰))?"  # 小名唤可儿: the verb is not the name
                          # (not what is said of the nickname: "这个外号很有味道")
                          rf"[“\"「『]?(?![很太真挺非特不没])([{CJK}]{{2,4}}?)[”\"」』]?(?=[，,。！!？?、；;：:\s的]|$)")
_EN_ALIAS_INTRO = re.compile(r"(?:known as|called|calls? (?:him|her)|nicknamed|also named|a\.k\.a\.?|aka)\s+"
                             r"(?:the\s+)?[\"“']?((?:[A-Z][\w'\-]*\s?){1,4})")
_ALIAS_OF_ANOTHER = re.compile(r"女儿|儿子|[一其之]子|[一其之]女|孙子|孙女|外孙|兄弟|姐妹|哥哥|姐姐|弟弟|妹妹|丫头|丫鬟|小厮|[他她它][的们]")


# "代号无面，真名司徒镜" / "真名司徒镜，代号无面": the cover name is the real one's alias
_CODENAME = re.compile(rf"(?:代号|化名|艺名|网名)(?:是|叫)?[“\"「『]?(?P<alias>[{CJK}]{{2,4}}?)[”\"」』]?[，,]\s*(?:真名|本名|原名)(?:是|叫)?"
                       rf"(?P<name>[{CJK}]{{2,4}}?)(?=[，,。！!？?；;\s]|$)|"
                       rf"(?:真名|本名|原名)(?:是|叫)?(?P<name2>[{CJK}]{{2,4}}?)[，,]\s*(?:代号|化名|艺名|网名)(?:是|叫)?"
                       rf"[“\"「『]?(?P<alias2>[{CJK}]{{2,4}}?)[”\"」』]?(?=[，,。！!？?；;\s]|$)")


_SOMEONE_NEW = re.compile(r"(?:是|有)(?:个|一个|一位|位|名|一名)|师父|师傅|长老|老者|老人|道士|和尚|女子|男子|少年|少女")
_SHORTENED = re.compile(rf"(?:简称|俗称|缩写)(?:为|叫|是|作)?[“\"「『]?([{CJK}]{{2,5}}?)[”\"」』]?(?=[，,。！!？?、；;\s]|$)")
_QUOTED_NICKNAME = re.compile(r"\b(?P<first>[A-Z][\w\-]+) ['‘\"“](?P<nick>[A-Z][\w\-]*(?: [A-Z][\w\-]*){0,2})['’\"”] "
                              r"(?P<last>[A-Z][\w\-]+)\b")


def unquote_nicknames(statements: list[Statement]) -> None:
    """"Tommy 'Two Hats' Boyle", 'Lyle "Digger" Henning': the name read whole, the nickname set aside for the
    aliases (the quote keeps the author's words)."""
    for st in statements:
        st.text = _QUOTED_NICKNAME.sub(lambda m: f"{m['first']} {m['last']}", st.text)


# a full name, then a dash or comma and one or two capitalised words that close on a comma, a dash or "to everyone"
_NICKNAME_AFTER = re.compile(r"(?P<name>[A-Z][\w'’\-]+(?:\s+[A-Z][\w'’\-]+)*)\s*(?:—|–|,|\()\s*['‘\"“]?"
                             r"(?P<nick>(?:(?:Little|Big|Old|Young)\s+)?[A-Z][\w'’\-]+(?:\s+[A-Z][\w\-]+)?)['’\"”]?"
                             r"(?P<said>\s+(?:to everyone|to everybody|for short|to (?:his|her|their) (?:friends|family|mates)|"
                             r"to the (?:crew|men|band|girls|boys)|"
                             # "Chrissie Nicolson, Chrissie Ruadh for her red hair, …": a name earned by a look
                             r"for (?:his|her|their) [a-z]+(?: [a-z]+)?))?\s*(?:—|–|,|\)|\.)")


def _shortens(nick: str, name: str) -> bool:
    """Bernie for Bernadette, Pru for Prudence, Pierrot for Pierre, Little Qiang for Lu Zhiqiang, Mundico for
    Raimundo: the nickname's stem is in the name."""
    stem = nick.split()[-1].lower()
    parts = [w.lower() for w in name.split()]
    return any(p.startswith(stem[:3]) or len(stem) >= 4 and (stem in p or p.endswith(stem) or stem[:4] in p)
               for p in parts if len(p) >= 3)


def collect_aliases(statements: list[Statement], cands: Candidates) -> None:
    """人称X / 字X / "known as X": an alias of the character the clause is about."""
    seen: str | None = None
    recent: list[str] = []  # characters in the order the talk last named them
    for st in statements:
        for match in _QUOTED_NICKNAME.finditer(st.quote):  # "Ysolde 'Sol' Marrow": Sol is Ysolde Marrow
            name = f"{match['first']} {match['last']}"
            if cands.resolve(name) in cands and valid_name(match["nick"]):
                _make_alias(cands, name, match["nick"])
        for match in _NICKNAME_AFTER.finditer(st.quote):  # "Bernadette Kowalczyk — Bernie, …", "Prudence Hale, Pru for short"
            name, nick = match["name"], match["nick"]
            if cands.resolve(name) in cands and nick in cands and not cands[nick].canon_kind and valid_name(nick) and \
                    (match["said"] or " " in name and _shortens(nick, name)):
                _make_alias(cands, cands.resolve(name), nick)
        for match in _CODENAME.finditer(st.quote):
            name, alias = match["name"] or match["name2"], match["alias"] or match["alias2"]
            if cands.resolve(name) in cands and valid_name(alias):
                _make_alias(cands, name, alias)
        for match in _ALIAS_INTRO.finditer(st.quote):
            alias = match.group(1)
            before = st.quote[: match.start()]
            # "师父可以是个长老，道号「玄衡真人」": the name of someone the sentence describes, not the last one named
            # (… or a surnamed name just before, whatever its kind's first guess: "谭建国，圈里都叫他老谭")
            named = _last_named_in(before, cands)
            owner = _nickname_owner(alias, cands) or _last_character_in(before, cands) or (
                named if named and len(named) == 3 and lx.surnamed(named) and not _ALIAS_OF_ANOTHER.search(named)
                and before.rstrip("，, ").endswith(named) else None) or (
                None if _SOMEONE_NEW.search(before) else seen)
            # (a relative said after the owner, not before: "他儿子韩骁，…，圈里都叫他“韩少”" is 韩骁's)
            named_at = before.rfind(owner) if owner else -1
            if _ALIAS_OF_ANOTHER.search(before[named_at + len(owner):] if named_at >= 0 else before) \
                    or owner and _ALIAS_OF_ANOTHER.fullmatch(owner) \
                    or re.search("[他她它你我您]|什么|谁|哪|怎|吗|呢|么", alias) \
                    or alias[0] in "过了着把被将让给":
                continue  # a relative's name (只剩女儿，小名唤可儿), or words (又叫让她吃饭), not the owner's alias
            if owner and alias != owner and valid_name(alias):
                _make_alias(cands, owner, alias)
        for match in _SHORTENED.finditer(st.quote):  # "特殊事务管理局，大家都简称异管局": a short form of what was just named
            owner = _last_named_in(st.quote[:match.start()], cands)
            if owner and match.group(1) != owner and valid_name(match.group(1)):
                _make_alias(cands, owner, match.group(1))
        for match in _EN_ALIAS_INTRO.finditer(st.quote):
            alias = match.group(1).strip()
            if re.search(rf"\b\w*(?:{'|'.join(_EN_THINGS)})s?\b[^.!?]{{0,20}}$", st.quote[: match.start()], re.I):
                continue  # "a silver dagger called Whisper": the dagger's name, not its owner's
            if len(alias) < 2 or re.search(r"\b(?:someone|somebody|anyone|a (?:man|woman|girl|boy|person|stranger))\s*$",
                                           st.quote[: match.start()], re.I):
                continue  # "letters addressed to someone called 'R.'": a stranger's name, nobody's alias
            before = st.quote[: match.start()].rstrip()
            pronoun = re.match(r"calls? (him|her)", match.group(0))
            if not pronoun and re.search(r"\b[a-z]+$", before) and not re.search(_SAID_OF_THEM, before):
                continue  # "some nobody called Lord Bram", "a smuggler known as the Gull": someone new, not an alias
            owner = _last_character_in(before, cands) or (
                _last_of_gender(recent, "f" if pronoun[1] == "her" else "m") if pronoun else seen)
            if owner and alias != owner and valid_name(alias):
                _make_alias(cands, owner, alias)
        for match in re.finditer(r"\(([^()]{1,50})\)", st.quote):  # "Isolde Marrow (Iz, the Salt Widow)"
            owner = _last_character_in(st.quote[: match.start()], cands)
            if owner is None or not st.quote[: match.start()].rstrip().endswith(tuple(
                    [owner, *cands[cands.resolve(owner)].aliases])):
                continue
            for part in re.split(r",|\bor\b|;", match.group(1)):
                alias = re.sub(r"^\s*(?:the\s+|aka\s+|a\.k\.a\.?\s+)?", "", part).strip()
                if re.fullmatch(r"[A-Z][\w'\-]*(?:\s+[A-Z][\w'\-]*){0,3}", alias) and alias != owner \
                        and valid_name(alias):
                    _make_alias(cands, owner, alias)
        named = _named_in(st.quote, cands, "Character")
        seen = named[-1] if named else seen
        recent = [n for n in recent if n not in named] + named
    # 阿棠 beside 苏晚棠, 老秦 beside 秦川: a nickname the talk uses is the one person it can only be
    for name in [n for n, c in cands.items() if len(n) == 2 and n[0] in "阿小老" and not c.canon_kind]:
        if (owner := _nickname_owner(name, cands)) and owner != name:
            _make_alias(cands, owner, name)


def called_in_summary(summary: str) -> list[str]:
    """What an entity's summary says it is called ("江野的发小，外号胖子", "new girl at school; called June")."""
    found = [m.group(1).strip() for pattern in (_ALIAS_INTRO, _EN_ALIAS_INTRO) for m in pattern.finditer(summary)]
    return [name for name in found if valid_name(name)]


# "陶然的爷爷，守拙窑的老把桩师傅": the kin word the lead's family calls them by
_KIN_IN_SUMMARY = re.compile(r"^[^，,。；;的]{1,8}的(爷爷|奶奶|外公|外婆|姥姥|姥爷|阿公|阿婆|阿爸|阿妈|阿爹|阿娘|爹|娘|父亲|母亲|"
                             r"爸爸|妈妈|哥哥|姐姐|大哥|大姐|舅舅|姑姑|叔叔|婶婶)(?=[，,。；;、]|$)")


def kin_called(summaries: dict[str, str]) -> dict[str, str]:
    """Who the talk means by a bare "爷爷" or "阿爸": the one canon entity whose summary makes them someone's
    grandfather or father ("陶然的爷爷") — when no other is."""
    kin = {name: m.group(1) for name, summary in summaries.items() if (m := _KIN_IN_SUMMARY.match(summary or ""))}
    words = [*kin.values()]
    return {name: word for name, word in kin.items() if words.count(word) == 1}


def given_names(cands: Candidates, kinds: dict[str, str]) -> None:
    """林黛玉 … 黛玉: a two-character given name alone is the one surnamed person it ends (when only one does)."""
    owners: dict[str, list[str]] = {}
    for name in cands:
        if kinds.get(name) == "Character" and len(name) == 3 and name[0] in lx.ZH_SURNAMES:
            owners.setdefault(name[1:], []).append(name)
    for given, names in owners.items():
        cand = cands.get(given)
        if len(names) == 1 and cand is not None and not cand.canon_kind and kinds.get(given) == "Character":
            _make_alias(cands, names[0], given)
            kinds.pop(given, None)


_FAMILY_COURTESY = {**dict.fromkeys(("mr", "master", "monsieur", "herr", "señor", "signor", "lord"), "m"),
                    **dict.fromkeys(("mrs", "miss", "ms", "madam", "madame", "mademoiselle", "frau", "señora", "signora",
                                     "lady"), "f")}


def names_alone(cands: Candidates, kinds: dict[str, str], *, prose: bool = False) -> None:
    """Tomás … Tomás Ferreyra, Captain Hatch … Royce Hatch, Ah Keung … Keung: once every kind is decided, one
    word of a character's English name, bare or behind a title, is that character (when it is no one else's).
    Mr. Crane is the talk's one Rupert Crane; a novel's Mr. Bennet is not its Jane Bennet."""
    owners: dict[str, list[str]] = {}
    for name in cands:
        words = name.split()
        if kinds.get(name) == "Character" and len(words) - _title_length(words) >= 2 and words[0] not in ("Ah", "A"):
            for form in short_forms(name):
                if " " not in form or form.split()[0].lower() in _PARTICLES:  # (Van Ravesteyn)
                    owners.setdefault(form, []).append(name)
    for name in [n for n in cands if kinds.get(n) == "Character" and not cands[n].canon_kind]:
        words = name.split()
        title = words[0].lower().rstrip(".")
        bare = words[-1] if len(words) == 2 and (title in lx.EN_PERSON_TITLES or words[0] in ("Ah", "A")) else name
        # (Miss Lucas is another of the family than William Lucas; Aunt Philippa is Philippa Hale)
        family = bare != name and title in _FAMILY_COURTESY
        if len(owners.get(bare, ())) == 1 and name not in owners[bare] \
                and not (family and owners[bare][0].split()[-1] == bare
                         and (prose or _FAMILY_COURTESY[title] != wn.en_gender(owners[bare][0]))):
            _make_alias(cands, owners[bare][0], name)
            kinds.pop(name, None)


# what a Chinese talk calls a person by: 小郑 and 老郑 for 郑晓鸥, 泉哥 for 蔡金泉, 小栓子 for 石栓, 郑厂长 for 郑国梁
_CALL_TITLES = ("老板", "老板娘", "师傅", "掌柜", "大夫", "老师", "先生", "队长", "班长", "厂长", "科长", "局长", "所长",
                "站长", "经理", "书记", "主任", "指导", "教练", "老爷", "总", "工")
_CALL_KIN = "哥姐叔伯爷婶嫂"


def call_names(cands: Candidates, kinds: dict[str, str], text: str,
               canon: dict[str, tuple[str, list[str]]]) -> bool:
    """小郑, 老郑, 郑厂长, 泉哥, 阿泉, 小栓子: how a talk calls a person the book or the talk names in full, folded
    into the one person each can mean (two 郑 make 小郑 no one's). True when a form was added."""
    owners: dict[str, set[str]] = {}
    people = {n for n in cands if kinds.get(n) == "Character"} | {n for n, (k, _) in canon.items() if k == "Character"}
    for name in [n for n in people if 2 <= len(n) <= 4 and lx.surnamed(n)]:
        surname = next((s for s in lx.ZH_COMPOUND_SURNAMES if name.startswith(s)), name[0])
        given = name[len(surname):]
        if not given:
            continue
        forms = [f"小{surname}", f"老{surname}", *(surname + t for t in _CALL_TITLES), f"阿{given[-1]}",
                 *(given[-1] + k for k in _CALL_KIN), f"小{given[-1]}子"]
        for form in forms:
            if form != name and form in text:
                owners.setdefault(form, set()).add(name)
    added = False
    for form, names in owners.items():
        taken = cands.alias_of.get(form)
        if len(names) != 1 or taken is not None and taken in cands or \
                form in cands and (cands[form].canon_kind or kinds.get(form) not in (None, "Character")):
            continue
        owner = names.pop()
        if owner not in cands:  # the book's 郑晓鸥, called only 小郑 here
            cand = cands.setdefault(owner, Candidate(owner))
            cand.canon_kind, cand.aliases = canon[owner][0], list(canon[owner][1])
            kinds[owner] = canon[owner][0]
        _make_alias(cands, owner, form)
        kinds.pop(form, None)
        added = True
    return added


def _nickname_owner(alias: str, cands: Candidates) -> str | None:
    """阿絮 is 慕容絮's: a 阿/小/老 nickname takes a character of one person's given name (老秦: of 秦川's surname)."""
    if len(alias) != 2 or alias[0] not in "阿小老":
        return None
    owners = {cands.resolve(n) for n in cands if len(n) >= 2 and n != alias and (
        (lx.surnamed(n) or len(n) == 2) and alias[1] in n[1:] or alias[0] == "老" and n[0] == alias[1] and len(n) <= 3)
        and (cands[n].canon_kind or cands[n].best_hint[0]) == "Character"}
    return owners.pop() if len(owners) == 1 else None


def _make_alias(cands: Candidates, owner: str, alias: str) -> None:
    owner = cands.resolve(owner)
    if alias in cands and alias != owner:
        absorbed = cands.pop(alias)
        cands[owner].hints.update(absorbed.hints)
    cands.alias_of[alias] = owner
    if alias not in cands[owner].aliases:
        cands[owner].aliases.append(alias)


# "he's called", "also known as", "folk call him": the words before an alias that say it is theirs
_SAID_OF_THEM = r"\b(?:is|was|are|were|be|been|being|also|often|sometimes|usually|always|still|now|later|get|gets|" \
                r"got|just|simply|commonly|widely|locally|secretly|privately|affectionately|call|calls)$"


def _last_of_gender(recent: list[str], gender: str) -> str | None:
    """"…call him the Hollow Prince": the last one named whom "him" can mean (not Maren, not Lady Agatha)."""
    return next((n for n in reversed(recent) if wn.en_gender(n) in (gender, None)), None)


def _last_character_in(text: str, cands: Candidates) -> str | None:
    return _last_named_in(text, cands, "Character")


def _last_named_in(text: str, cands: Candidates, kind: str | None = None) -> str | None:
    return next(reversed(_named_in(text, cands, kind)), None)


def _named_in(text: str, cands: Candidates, kind: str | None = None) -> list[str]:
    """Who or what the text names, in the order it last names them."""
    where: dict[str, int] = {}
    for form, name in cands.surface_forms():
        position = text.rfind(form)
        cand = cands.get(name)
        if position > where.get(name, -1) and cand is not None \
                and (kind is None or (cand.canon_kind or cand.best_hint[0]) == kind) \
                and not _inside_longer(text, form, position, cands):
            where[name] = position
    return sorted(where, key=where.__getitem__)


def _inside_longer(text: str, form: str, position: int, cands: Candidates) -> bool:
    """华九转 inside 《霜华九转》: a piece of a longer name is not the person the sentence is about."""
    for other in cands:
        if len(other) > len(form) and form in other:
            start = text.rfind(other, 0, position + len(other))
            if start >= 0 and start <= position < start + len(other):
                return True
    return False


_BRACKET = re.compile(r"\s*[（(]([^（）()]{1,30})[）)]")


def unbracket(text: str, forms: dict[str, list[str]]) -> str:
    """"秦川（老秦）是江屿的师父" reads as "秦川是江屿的师父": a bracket after a name that holds only its other
    names ("（阿棠／棠师姐）", "('Old Toby')") says nothing more, and would stand between the name and its verb."""
    own = {form: name for name, others in forms.items() for form in [name, *others]}

    def drop(match: re.Match) -> str:
        before = text[:match.start()]
        name = next((own[f] for f in sorted(own, key=len, reverse=True) if before.endswith(f)), None)
        if name is None:
            return match.group(0)
        parts = [p.strip(" '\"‘’“”「」") for p in re.split(r"[／/、，,;；]|\bor\b", match.group(1))]
        return "" if all(own.get(p) == name for p in parts if p) else match.group(0)

    return _BRACKET.sub(drop, text)


_GROUP_ENDS = tuple(sorted((s for s, k in lx.ZH_SUFFIX_KINDS.items() if k == "Faction"), key=len, reverse=True))


def other_forms(cands: Candidates, text: str, common: Callable[[str], bool],
                everyday: Callable[[str], bool] = lambda word: False) -> None:
    """城西静安寺, 水匪黑水寨 beside 静安寺, 黑水寨: everyday words before a name the talk also says alone describe
    it; the longer form is one more way to say the same name. And 夜枭 for 夜枭俱乐部, 雄风 for 雄风体育会: a group is
    called by its name without the words for what it is."""
    for name, cand in list(cands.items()):
        end = next((e for e in _GROUP_ENDS if name.endswith(e)), None) \
            if (cand.canon_kind or cand.best_hint[0]) == "Faction" else None
        # (… the shortest such name: 雄风 for 雄风体育会, 红山 for 红山基地)
        for cut in range(2, len(name) - len(end) + 1) if end and re.match(rf"[{CJK}]", name) else ():
            stem, rest = name[:cut], name[cut:]
            if stem not in cands and stem not in cands.alias_of and re.search(rf"{re.escape(stem)}(?!{re.escape(rest)})", text) \
                    and (rest == end or not everyday(stem)):  # (东西两府 is never 东西, the word for things)
                cands.alias_of[stem] = name
                break
    for name in [n for n, c in cands.items() if not c.canon_kind and len(n) >= 4 and re.match(rf"[{CJK}]", n)]:
        for cut in range(2, len(name) - 1):
            short = cands.get(name[cut:])
            if short is not None and not short.generic and common(name[:cut]) \
                    and text.count(name[cut:]) > text.count(name):
                del cands[name]
                cands.alias_of.setdefault(name, short.name)
                break
