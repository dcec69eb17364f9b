"""The settlement extraction pipeline: statements → candidates → kinds → findings → decisions → a document with evidence.

Used for a task's discussion and for an imported chapter alike. The model is asked only narrow,
grammar-constrained questions; every proposed item carries the quoted words it came from.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from desktop.progress import CancelToken, Progress, ProgressCallback, no_progress
from desktop.tasks.pipeline import (answers, appositions, bonds, choices, coref, corrections, families, grades,
                                    introductions, killers, outlines, prose_names, renames, sections, settings)
from desktop.tasks.pipeline import kinds as kinding
from desktop.tasks.pipeline import lexicon as lx
from desktop.tasks.pipeline.aliases import (call_names, called_in_summary, given_names, kin_called, names_alone,
                                            unbracket, unquote_nicknames)
from desktop.tasks.pipeline.english_names import post_title
from desktop.tasks.pipeline.candidates import collect, locate
from desktop.tasks.pipeline.decisions import SLOTS, Decisions, changes_mind, dropped_in
from desktop.tasks.pipeline.names import has_cjk
from desktop.tasks.pipeline.rules import Finding, Reader
from desktop.tasks.pipeline.segmenter import reads_as_clause
from desktop.tasks.pipeline.statements import Statement, split
from desktop.tasks.vocabulary import relation_type

if TYPE_CHECKING:
    from desktop.book.book import Book
    from desktop.engine.llm import LLM

# (… or leaves a question open in so many words: "I don't know yet who threw it — leave that open")
_CALLED_A_HOOK = re.compile(r"伏笔|钩子|悬念|先不揭|还没想好|\bhook\b|\bforeshadow|\bleave (?:that|it|this) open\b|"
                            r"\bopen question\b|\b(?:don't|do not) know yet\b|\bhaven't decided\b", re.I)
_CALLED_A_SETTING = re.compile(r"设定|\bsetting\b", re.I)
_PLAN_TALK = re.compile(r"大纲|细纲|短纲|长纲|\boutline\b|\bshort outline\b|\blong outline\b", re.I)
SECTION_ORDER = ("relations", "ends", "states", "hooks", "settings", "plan")


@dataclass
class Canon:
    """What the book already knows that extraction needs: names and kinds, who owns what, open hooks."""

    names: dict[str, tuple[str, list[str]]] = field(default_factory=dict)
    owners: dict[str, str] = field(default_factory=dict)
    relations: set[tuple[str, str, str]] = field(default_factory=set)
    hooks: list[dict] = field(default_factory=list)


def canon_of(book: "Book", as_of: int | None = None) -> Canon:
    """Read the canon the pipeline compares against. Runs on the store thread."""
    canon = Canon()
    rows = [row for row in book.facts.known_names() if row["kind"] != "Hook"]
    kin = kin_called({row["name"]: row.get("summary") or "" for row in rows})
    for row in rows:  # (and what its summary says it is called: "江野的发小，外号胖子", "陶然的爷爷")
        aliases = list(row.get("aliases") or [])
        aliases += [a for a in called_in_summary(row.get("summary") or "") if a not in aliases and a != row["name"]]
        aliases += [kin[row["name"]]] if row["name"] in kin and kin[row["name"]] not in aliases else []
        canon.names[row["name"]] = (row["kind"], aliases)
    for rel in book.facts.relations(as_of):
        canon.relations.add((relation_type(rel["type"]), rel["from"], rel["to"]))
        if relation_type(rel["type"]) == "OWNS":
            canon.owners[rel["to"]] = rel["from"]
    canon.hooks = [{"name": h["name"], "description": h.get("description") or "", "involves": h.get("involves") or []}
                   for h in book.facts.unresolved_hooks(as_of)]
    return canon


@dataclass
class Extraction:
    """A settlement document, the evidence for each of its items by path ("relations/0"), and notes."""

    document: dict
    evidence: dict[str, list[dict]]
    notes: list[str] = field(default_factory=list)


async def extract(messages: list[dict], canon: Canon, llm: "LLM | None", *, zh: bool, chapter: int | None,
                  focus: str | None = None, prose: bool = False, progress: ProgressCallback = no_progress,
                  cancel: CancelToken | None = None, seed: int = 0) -> Extraction:
    """`messages`: [{"id", "role", "content", "chunk_id"?}] in order. The model is optional (rules alone run).

    `prose`: the messages are a chapter's text, not a discussion. A chapter tells what happened: it
    plans nothing and defines no settings, and in narration a name is a name when it recurs.
    """
    statements = split(messages)
    corrections.resaid(statements)
    if not zh:
        unquote_nicknames(statements)
    progress(Progress("candidates", 0, 4))
    cands = collect(statements, canon.names, zh, prose=prose)
    if zh and not prose:
        introductions.add(statements, cands)
    renamed = {} if prose else renames.apply(statements, cands)
    rungs = frozenset() if prose else grades.ladder(statements)
    for name in [n for n in cands if (n in rungs or n.endswith("s") and n[:-1] in rungs) and not cands[n].canon_kind]:
        del cands[name]  # 通玄, Precentor: a rung of the talk's ladder, no one in the story
    progress(Progress("kinds", 1, 4))
    if cancel is not None:
        cancel.raise_if_cancelled()
    if prose:
        whole = "\n".join(m.get("content") or "" for m in messages)
        for name in [n for n, c in cands.items() if not c.canon_kind and _said(n, cands, whole) < 2]:
            del cands[name]
    kinds = await kinding.decide(cands, statements, None if prose else llm, zh=zh, cancel=cancel, seed=seed,
                                 confident_only=prose)
    if prose:
        prose_names.screen_characters(cands, kinds, whole)
    given_names(cands, kinds)
    names_alone(cands, kinds, prose=prose)
    if zh and not prose and call_names(cands, kinds, "\n".join(st.quote for st in statements), canon.names):
        locate(statements, cands)
    for name in [n for n in cands if n not in kinds]:
        del cands[name]
    cands.alias_of = {a: n for a, n in cands.alias_of.items() if n in cands}
    said_as = {n: [*c.aliases, *(a for a, m in cands.alias_of.items() if m == n)] for n, c in cands.items()}
    passed = {} if prose else choices.passed_over(statements, kinds, frozenset(n for n, c in cands.items() if c.canon_kind),
                                                  said_as)
    coref.resolve(statements, cands, kinds, focus if focus in kinds else _focus_from_title(focus, kinds), prose=prose,
                  passed_over=passed)
    if not prose and answers.fill_elided(statements, kinds):
        locate(statements, cands)
    progress(Progress("facts", 2, 4))
    forms = {n: [*c.aliases, *(a for a, m in cands.alias_of.items() if m == n)] for n, c in cands.items()}
    for st in statements:
        st.text = unbracket(st.text, forms)
    reader = Reader(kinds, canon.owners, chapter, forms, rungs)
    findings: list[Finding] = [f for st in statements for f in reader.read(st)]
    if prose:
        findings = [f for f in findings if (f.section != "states" or _said_of(f)) and _named_in(f, forms)]
    if not prose:
        findings += answers.where_answers(statements, kinds, chapter)
        findings += bonds.ended(statements, kinds, canon.relations, chapter)
        findings += appositions.read(statements, kinds, forms)
        findings += appositions.members(findings, kinds, forms)
        findings += killers.named(statements, findings, kinds, forms)
    if not zh:
        findings += _titled(statements, cands, kinds)
    findings += _replacements(statements, findings, kinds)
    if not prose:
        form_tuples = {n: tuple(f) for n, f in forms.items()}
        corrections.redate(statements, findings, form_tuples)
        corrections.moved(statements, findings, form_tuples)
    _full_names_in_identities(findings, kinds, forms)
    findings += _successions(findings, canon)
    findings += _switches(findings, canon)
    findings += _deaths_end_holdings(findings, canon)
    # a statement that gave facts is no setting — except where a place lies, which is geography as well
    busy = {f.statement.index for f in findings if not (f.section == "relations" and f.item["type"] == "LOCATED_IN"
                                                        and kinds.get(f.item["from"]) != "Character")}
    if not prose:
        findings += sections.hooks(statements, kinds, canon.hooks, chapter,
                                   frozenset(n for n, c in cands.items() if c.generic))
        findings += settings.settings(statements, kinds, busy | {f.statement.index for f in findings
                                                                 if f.section == "hooks"})
        findings += outlines.plan(statements, kinds)
        for title in {f.item["title"] for f in findings if f.section == "plan"}:
            # (满香楼 of "满香楼开张" is a place all the same when the talk names it on its own)
            titled = {st.index for st in statements if title.lower() in st.quote.lower()}
            whole = re.sub(r"(?i)^the\s+", "", title)
            for name in [n for n in cands if not cands[n].canon_kind and n in title and len(n) > len(title) / 2
                         and (len(n) >= len(whole) or not cands[n].mentions - titled)]:
                del cands[name]  # "call it the Lisbon Endgame": the outline's title, no one in the story
    progress(Progress("decisions", 3, 4))
    decisions = Decisions(statements, prose=prose, forms=forms)
    decisions.rejected_names.update(passed)
    decisions.rejected_names.update(renamed)
    # a fact read off an outline's own lines is what will happen: it must not replace what has ("开端改一下：他…留在
    # 清风道场" does not end his place in the national team); the outline's survival decides below what stays
    drafted = {x.index for f in findings if f.section == "plan" and len(f.item["steps"]) >= 2
               for x in [f.statement, *f.extra]}
    off_draft = [f.section not in ("plan", "hooks", "settings") and f.statement.index in drafted for f in findings]
    kept = {id(f) for f in decisions.settle([f for f, off in zip(findings, off_draft) if not off])} | \
        {id(f) for f in decisions.settle([f for f, off in zip(findings, off_draft) if off])}
    survivors = [f for f in findings if id(f) in kept]  # (in the talk's order; by identity, not a deep compare)
    survivors += families.complete(survivors, statements)
    # names whose every finding the talk dropped (rejected, replaced) are abandoned ideas; what merely went
    # unconfirmed (an assistant's aside) abandons nothing
    # … and a place someone was before moving on ("住在同福客栈…后来到天都城") stays a place of the story
    last_change = max((st.index for st in statements if changes_mind(st)), default=-1)
    moved = {f.item["value"] for f in findings if f.section == "states" and f.item["key"] == "location"
             and f not in survivors and f.item["value"] not in decisions.rejected_names
             and f.statement.index >= last_change}
    # (a fact dropped with a rejected name drops that name only: "他跟灵枢局签协议" goes with 灵枢局, not with him)
    dropped = {n for f in findings if f not in survivors and f not in decisions.misread
               and f.statement.index in decisions.standing
               for n in (set(f.entities) & set(decisions.rejected_names) or f.entities)} - moved
    used = {n for f in survivors for n in f.entities}
    # An outline speaks of the future: names only its steps mention are plans, not facts yet.
    planned = {st.index for f in survivors if f.section == "plan" for st in [f.statement, *f.extra]}
    # its steps are what will happen: "20: Ada finds the keeper dead" kills nobody yet
    steps = planned - {f.statement.index for f in survivors if f.section == "plan"}
    # (… unless the author calls it a hook there: "结局也改：唐棠没醒，…——这个也是个钩子")
    survivors = [f for f in survivors if f.section == "plan" or f.statement.index not in steps
                 or f.section == "hooks" and _CALLED_A_HOOK.search(f.statement.quote)
                 # (… or a setting: "再记一条设定，站里的铁规：" after the outline's edits is no step of it)
                 or f.section == "settings" and not f.statement.listed and _CALLED_A_SETTING.search(f.statement.quote)]
    # an outline's line ("顺带查他娘的身世") is a plot to write, not a hook planted in the story
    outlined = {f.statement.index for f in survivors if f.section == "plan"}
    survivors = [f for f in survivors if f.section != "hooks" or f.statement.index not in outlined]
    planned |= {st.index for st in statements if _PLAN_TALK.search(st.quote)}
    for cand in cands.values():
        cand.mentions -= planned
    if prose:  # in narration a passing noun is not a character: keep names the facts use or that keep coming back
        for name in [n for n, c in cands.items() if n not in used and not c.canon_kind
                     and sum(1 for m in messages if any(f in (m.get("content") or "") for f in [n, *forms[n]])) < 3]:
            del cands[name]
    document, evidence = _assemble(survivors, cands, kinds, canon, decisions, (dropped | set(passed) | set(renamed)) - used, chapter,
                                   statements, prose=prose)
    progress(Progress("decisions", 4, 4))
    notes = [f"{len(cands)} names found, {len(findings)} statements of fact, {len(survivors)} still stand "
             "after later messages"]
    return Extraction(document, evidence, notes)


def _replacements(statements: list[Statement], findings: list[Finding], kinds: dict[str, str]) -> list[Finding]:
    """"算了，改成双刀" / "make it the Frost Blade instead": a new name in a change of mind takes the place of
    the earlier choice of the same kind (the weapon, the sect), with the same holder."""
    out: list[Finding] = []
    for st in statements:
        if not changes_mind(st):
            continue
        own = {n for f in findings if f.statement is st for n in f.entities}
        for name in st.names:
            if name in own or kinds.get(name) in (None, "Character") or dropped_in(st, name):
                continue
            earlier = [f for f in findings if f.section == "relations" and f.statement.index < st.index
                       and f.item["type"] in SLOTS and kinds.get(f.item["to"]) == kinds[name]]
            if earlier:
                item = {**earlier[-1].item, "to": name}
                out.append(Finding("relations", item, st, replaces=True, entities=[item["from"], name]))
    return out


def _titled(statements: list[Statement], cands, kinds: dict[str, str]) -> list[Finding]:
    """"Duke Roderic Varrow", "District Attorney Graham Whitlock": the rank or office a name is said with is who
    they are, from the sentence that first says it."""
    out: list[Finding] = []
    for name, cand in cands.items():
        if kinds.get(name) != "Character" or cand.canon_kind:
            continue
        if post_title(name):
            continue  # "Director Vance", "Captain Inkwell": the title is how the talk names them, no more is known
        form, title = next(((f, t) for f in cand.aliases if (t := post_title(f)) and f.endswith(name)), (None, None))
        said = next((st for st in statements if form and form in st.quote), None)
        if title and said is not None:
            out.append(Finding("states", {"entity": name, "key": "identity", "value": title}, said, entities=[name]))
    return out


def _successions(findings: list[Finding], canon: Canon) -> list[Finding]:
    """A faction has one head: a new head named for it ends the one canon knows (顾清接任掌门 after 彭远山)."""
    out: list[Finding] = []
    heads = {to: source for rel, source, to in canon.relations if rel == "LEADS"}
    for f in findings:
        item = f.item
        if f.section == "relations" and item["type"] == "LEADS" and heads.get(item["to"]) not in (None, item["from"]):
            out.append(_ended_by(f, "LEADS", heads[item["to"]], item["to"]))
    return out


def _ended_by(f: Finding, kind: str, source: str, to: str) -> Finding:
    """What canon held that the relation `f` found ends, from the chapter the new one starts."""
    end = {"type": kind, "from": source, "to": to}
    if f.item.get("valid_from") is not None:
        end["valid_to"] = f.item["valid_from"]
    return Finding("ends", end, f.statement, entities=[source, to])


# going over to another side: "Rye goes over to Stourton's Men", "Otto defects to Halloway", "阎小北被卖去北岭"
_SWITCH = re.compile(r"(?i)\b(?:goes|went|gone|going|crosses|crossed) over to\b|\bdefect(?:s|ed|ing)? to\b|"
                     r"\bjump(?:s|ed)? ship to\b|\btransfer(?:s|red)? to\b|\bswitch(?:es|ed)? to\b|"
                     r"转会|跳槽|改投|转投|叛投|投奔|被卖(?:给|到|去)|卖给了?|卖到|转去|跑去了?|投到")


def _switches(findings: list[Finding], canon: Canon) -> list[Finding]:
    """One who goes over to another group leaves the one canon has them in (when canon has them in one)."""
    out: list[Finding] = []
    for f in findings:
        item = f.item
        if f.section != "relations" or item["type"] != "MEMBER_OF" or not _SWITCH.search(f.statement.text):
            continue
        left = [to for rel, source, to in canon.relations if rel == "MEMBER_OF" and source == item["from"]]
        if len(left) == 1 and left[0] != item["to"]:
            out.append(_ended_by(f, "MEMBER_OF", item["from"], left[0]))
    return out


def _full_names_in_identities(findings: list[Finding], kinds: dict[str, str], forms: dict[str, list[str]]) -> None:
    """"天穹董事长" of 天穹集团: a post is held in the company by its whole name, as the book files it."""
    short = {alias: name for name, aliases in forms.items() if kinds.get(name) == "Faction" and name.endswith(lx.ZH_FIRM_ENDS)
             for alias in aliases if len(alias) >= 2 and name.startswith(alias) and alias != name}
    for f in findings:
        if f.section == "states" and f.item["key"] == "identity" and isinstance(f.item["value"], str):
            value = f.item["value"]
            for alias in sorted(short, key=len, reverse=True):
                if alias in value and short[alias] not in value:
                    value = value.replace(alias, short[alias], 1)
            f.item["value"] = value


def _deaths_end_holdings(findings: list[Finding], canon: Canon) -> list[Finding]:
    """The dead head nothing and hold nothing: a death ends what canon says they led or owned, from its chapter."""
    out: list[Finding] = []
    ended = {(f.item["type"], f.item["from"], f.item["to"]) for f in findings if f.section == "ends"}
    for f in findings:
        if f.section != "states" or (f.item["key"], f.item["value"]) != ("alive", "dead"):
            continue
        for rel, source, target in sorted(canon.relations - ended):  # (the sword he handed on as he died)
            if rel in ("LEADS", "OWNS") and source == f.item["entity"]:
                end = {"type": rel, "from": source, "to": target}
                if f.item.get("valid_from") is not None:
                    end["valid_to"] = f.item["valid_from"]
                out.append(Finding("ends", end, f.statement, entities=[source, target]))
    return out


def _said(name: str, cands, whole: str) -> int:
    """How often the text says a name — an English one by any of its forms ("Miss Jane Bennet" once, then "Jane")."""
    forms = {name, *(a for a, m in cands.alias_of.items() if m == name)} if " " in name else {name}
    return sum(whole.count(form) for form in forms)


def _named_in(finding: Finding, forms: dict[str, list[str]]) -> bool:
    """In narration, a relation holds between people the sentence names: "他父亲秦业" with 他 guessed from
    the sentences before ties 秦业 to whoever was last named — among a novel's many people, often wrong."""
    if finding.section != "relations":  # an end may close what canon holds (the sword's old owner)
        return True
    quote = finding.statement.quote
    return all(any(form in quote for form in [name, *forms.get(name, [])]) for name in finding.entities)


def _said_of(finding: Finding) -> bool:
    """In narration a state counts when the sentence says it of its subject right there ("林如海病逝"), not
    somewhere in a long sentence of dialogue about someone else."""
    item, text = finding.item, finding.statement.text
    at = text.find(item["entity"])
    if at < 0:
        return False
    after = text[at + len(item["entity"]):at + len(item["entity"]) + 6]
    cue = str(item["value"]) if item["key"] not in ("alive",) else ""
    if cue and re.search(r"[“「『\"]", after[:max(0, after.find(cue[:2]))] + cue[:1]):
        return False  # 林黛玉叹道：“回来伤了风…: what she says, not what befell her
    return bool(cue and cue[:2] in after) or (item["key"] == "alive" and re.match(
        r"(?:已|便|就|竟|也)?(?:死|病逝|身亡|去世|过世|亡故|殁)", after) is not None)


def _focus_from_title(title: str | None, kinds: dict[str, str]) -> str | None:
    if not title:
        return None
    named = [n for n in kinds if n in title and kinds[n] == "Character"]
    return max(named, key=len) if named else None


_HOUSEHOLD = re.compile(r"[\u4e00-\u9fff]{1,2}家")


def _assemble(findings: list[Finding], cands, kinds: dict[str, str], canon: Canon, decisions: Decisions,
              abandoned: set[str], chapter: int | None, statements: list[Statement], *,
              prose: bool = False) -> tuple[dict, dict]:
    doc: dict = {"chapter": chapter, "entities": [], **{s: [] for s in SECTION_ORDER}}
    evidence: dict[str, list[dict]] = {}
    # a common noun a setting merely mentions (禁地, 空间站) is no entity; one a fact is about is
    used = {n for f in findings if f.section != "settings" for n in f.entities}
    mentioned = {n for f in findings for n in f.entities}
    by_index = {st.index: st for st in statements}
    for name, cand in cands.items():
        kind = kinds.get(name)
        if cand.canon_kind:
            new_aliases = [a for a in cand.aliases if a not in canon.names.get(name, ("", []))[1]]
            if new_aliases:
                path = f"entities/{len(doc['entities'])}"
                doc["entities"].append({"name": name, "aliases": new_aliases})
                evidence[path] = _quotes([by_index[i] for i in sorted(cand.mentions)][:1])
            continue
        if not kind or name in abandoned or not cand.mentions or not decisions.entity_stands(name, cand.mentions):
            continue
        # … and so is a household (程家, 萧家) in a talk: a family is a faction where a fact makes it one (苏远山执掌
        # 苏家), elsewhere it is where they live ("去程家问话"); a novel's great houses (薛家, 王家) are kept
        if (cand.generic or _HOUSEHOLD.fullmatch(name) and not prose) and name not in used:
            continue
        # … and a name only the assistant said, that nothing settled is about, is an idea the author let pass
        if not prose and name not in mentioned and not any(by_index[i].by_author for i in cand.mentions):
            continue
        # … and so is a piece of a sentence that nothing settled is about ("公司进川江"; a person's name may read
        # as words: 常胜利)
        if not prose and name not in mentioned and kind != "Character" and has_cjk(name) and reads_as_clause(name):
            continue
        entity = {"kind": kind, "name": name}
        # … and the shorter forms the talk called them by ("Silas Penhallow", "Mr. Penhallow" for Mr. Silas Penhallow)
        aliases = [*cand.aliases, *(a for a, n in cands.alias_of.items() if n == name and not has_cjk(a) and a != name
                                   and a not in cand.aliases and kind == "Character")]
        if aliases:
            entity["aliases"] = aliases
        if chapter is not None:
            entity["first_chapter"] = chapter
        first = next((by_index[i] for i in sorted(cand.mentions) if i in decisions.standing), None)
        evidence[f"entities/{len(doc['entities'])}"] = _quotes([first] if first else [])
        doc["entities"].append(entity)
    seen: dict[tuple, str] = {}
    for finding in findings:
        if finding.section == "relations" and (finding.item["type"], finding.item["from"], finding.item["to"]) \
                in canon.relations:
            continue  # already canon: nothing to settle
        key = finding.key()
        quotes = _quotes([finding.statement, *finding.extra])
        if key in seen:
            path = seen[key]
            evidence[path] += [q for q in quotes if q not in evidence[path]]
            held = doc["hooks"][int(path.rsplit("/", 1)[1])] if finding.section == "hooks" else None
            paid, planted = finding.item.get("resolved_in"), held.get("planted_in") if held is not None else None
            if held is not None and finding.item.get("status") == "Resolved" and held.get("status") != "Resolved" \
                    and finding.statement.by_author \
                    and (paid is None or planted is None or paid >= planted):
                # a hook planted and then paid off in the same talk is settled as paid off, where it was planted
                held.pop("due_by", None)
                held.update({k: v for k, v in finding.item.items() if k in ("status", "resolved_in")})
            continue
        section = finding.section
        path = f"{section}/{len(doc[section])}"
        doc[section].append(finding.item)
        seen[key] = path
        evidence[path] = quotes
    return doc, evidence


def _quotes(statements: list[Statement]) -> list[dict]:
    return [{"message_id": st.message_id, "chunk_id": st.chunk_id, "quote": st.quote} for st in statements]
