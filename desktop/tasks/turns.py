"""What one conversation turn adds to its context: prefetched facts, personas, hints, the drafting brief; and what
follows a drafting turn (the plan-progress proposal, picking another candidate)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable

import sqlalchemy as sa

from desktop.book import archive_tables as tables
from desktop.book import documents
from desktop.book.errors import BookError
from desktop.engine.agents import prefetch
from desktop.engine.llm import estimate_tokens
from desktop.engine.prompts.personas import persona_note
from desktop.tasks import complexity
from desktop.tasks import draft_coverage as coverage
from desktop.tasks import style_context
from desktop.tasks.personas import personas_named
from desktop.tasks.review import classify

if TYPE_CHECKING:
    from desktop.book.book import Book
    from desktop.book.retrieval import Retriever

MAIN_STORYLINES = ("main", "protagonist", "主线")
STYLE_TOKENS = 300         # the previous chapters' text for a draft when the caller gives no notes budget
CANON_FACTS = 8            # facts the critic checks a candidate against
PLAN_SOURCE = "plan:step:{}"
# Words that say the author is asking about what is in the book, not only chatting.
_MEMORY_CUES = re.compile(r"之前|以前|上次|前面|当初|还记得|记得|回顾|伏笔|设定|原文|第[0-9一二三四五六七八九十百零两]+[章回]|"
                          r"\b(?:earlier|before|previous\w*|remember\w*|recall\w*|chapter\s+\d+|what happened)\b",
                          re.IGNORECASE)
_QUESTION = re.compile(r"？|\?|吗|什么|谁|哪|怎么|为何|为什么|多少|几|\b(?:how|what|who|where|why|when|which)\b",
                       re.IGNORECASE)


@dataclass
class TurnPlan:
    """What the gateway needs for one turn beyond the task's context."""

    notes: list[tuple[str, str]] = field(default_factory=list)  # (name, text), this turn only
    needs_memory: bool = False
    drafting: bool = False
    chapter: int | None = None        # the chapter the turn is about (the pointer's)
    plan_goal: str = ""
    canon: list[str] = field(default_factory=list)
    entity: str | None = None         # the first entity the input names (for the tool examples)


def plan_turn(book: "Book", retriever: "Retriever", task: dict, text: str, *, drafting: bool,
              count_tokens: Callable[[str], int] = estimate_tokens, notes_cap: int | None = None) -> TurnPlan:
    """The turn's notes and needs, from the input and the book; no model call. Runs on the store thread.
    A draft also gets the previous chapters' text, within half the room `notes_cap` leaves after the other notes
    (counted with `count_tokens`, the context's counter); the other half stays for the turn's look-ups."""
    zh = book.meta.language == "zh"
    entry = main_pointer(book)
    chapter = entry["chapter"] if entry else book.plan.current_chapter()
    named = retriever.named_entities(text)
    plan = TurnPlan(drafting=drafting, chapter=chapter, entity=named[0].name if named else None,
                    plan_goal=_goal(entry, zh) if entry else "")
    plan.needs_memory = needs_memory(text, bool(named), drafting=drafting)
    entry_facts = _entry_facts(book, retriever, entry, chapter) if drafting and entry else []
    if drafting:
        plan.notes.append(("draft", draft_brief(book, entry, zh, entry_facts)))
    # A character task speaks for the character its title names, whether or not the message names them.
    voiced = f"{text}\n{task['title']}" if task.get("kind") == "character" else text
    for found in personas_named(book, voiced):
        plan.notes.append((f"persona:{found['name']}", persona_note(found, zh)))
    facts = prefetch(book, retriever, text, chapter)
    if facts:
        heading = "## 记忆提示 From the book's memory" if zh else "## From the book's memory"
        plan.notes.append(("prefetch", "\n".join([heading, *facts])))
    plan.canon = list(dict.fromkeys(facts + entry_facts))[:CANON_FACTS]
    hint = complexity.complexity_hint(text, zh)
    if hint:
        plan.notes.append(("hint", ("## 提示 Hint\n" if zh else "## Hint\n") + hint))
    if drafting:
        used = sum(count_tokens(note) for _, note in plan.notes)
        budget = STYLE_TOKENS if notes_cap is None else max(0, notes_cap - used) // 2
        before = chapter if chapter else (book.archive.chapters()[-1:] or [{"number": 0}])[0]["number"] + 1
        style = style_context.style_note(book.archive, before, count_tokens, budget, zh)
        if style:
            plan.notes.insert(1, ("style", style))  # beside the brief it serves
    return plan


def needs_memory(text: str, names_entity: bool, *, drafting: bool) -> bool:
    """Whether the tool loop runs: drafting always; otherwise only for a question about the book's memory
    (a memory word, a chapter reference, or a question naming a known entity). Cheap by default."""
    return drafting or bool(_MEMORY_CUES.search(text)) or (names_entity and bool(_QUESTION.search(text)))


def main_pointer(book: "Book") -> dict | None:
    """The pointer entry of the main storyline (or the first storyline when none is called main)."""
    entries = book.plan.pointer()
    for storyline in MAIN_STORYLINES:
        for entry in entries:
            if entry["storyline"] == storyline:
                return entry
    return entries[0] if entries else None


def _goal(entry: dict, zh: bool) -> str:
    outline = entry["outline"]
    step = f"{entry['step_kind']}: {entry['step'] or ''}" if entry["step_kind"] else ""
    if zh:
        return f"「{outline}」" + (f"的步骤 {step}" if step else "") + (f"（第{entry['chapter']}章）" if entry["chapter"] else "")
    return f"{outline!r}" + (f", step {step}" if step else "") + (f" (chapter {entry['chapter']})" if entry["chapter"] else "")


def _entry_facts(book: "Book", retriever: "Retriever", entry: dict, chapter: int | None) -> list[str]:
    """Facts about the entities the current outline and step name, as of the chapter being written."""
    names: list[str] = []
    for node in book.plan.parents_of(entry["outline"])[:1]:
        names += node.get("entities") or []
    text = " ".join([*names, entry["outline"], entry["step"] or ""])
    return prefetch(book, retriever, text, chapter, entities=3)


def draft_brief(book: "Book", entry: dict | None, zh: bool, facts: list[str]) -> str:
    """What a chapter draft follows: the pointer's outline and step, `facts` as of the chapter (the previous
    chapters' text is a note of its own: see style_context)."""
    lines = ["## 本章写作要求 Drafting brief" if zh else "## Drafting brief"]
    if entry is None:
        lines.append("大纲里还没有进行中的部分：按讨论来写。" if zh else "No part of the plan is in progress: follow the discussion.")
    else:
        chain = book.plan.parents_of(entry["outline"])
        summary = chain[0]["summary"] if chain and chain[0].get("summary") else ""
        lines.append(("当前大纲：" if zh else "Outline: ") + _goal(entry, zh) + (f" — {summary}" if summary else ""))
        if facts:
            lines += [("截至本章的事实：" if zh else "Facts as of this chapter:"), *facts]
    lines.append("写出正文，不要解释。" if zh else "Write the prose itself, no commentary.")
    return "\n".join(lines)


def main_plot_request(book: "Book", extra: str = "") -> str:
    """The author's words for "back to the main plot": steer the discussion to the pointer's current step."""
    zh = book.meta.language == "zh"
    entry = main_pointer(book)
    if entry is None:
        raise BookError("the plan has no outline in progress, so there is no main plot to go back to; "
                        "mark a ShortOutline InProgress first")
    chain = book.plan.parents_of(entry["outline"])
    where = " < ".join(f"「{node['title']}」" for node in chain) or f"「{entry['outline']}」"
    if zh:
        text = (f"回到主线。故事现在在 {where}，当前{_goal(entry, zh)}。"
                "请把讨论拉回这一步：先说清这一步要达成什么，再给出接下来两三个具体的推进。")
    else:
        text = (f"Back to the main plot. The story is at {where}; current {_goal(entry, zh)}. Steer the discussion "
                "back to this step: say what it must achieve, then give the next two or three concrete moves.")
    return f"{text}\n{extra.strip()}" if extra.strip() else text


def draft_request(book: "Book") -> str:
    """The author's words for a bare /draft: draft the pointer's current step."""
    zh = book.meta.language == "zh"
    entry = main_pointer(book)
    if entry is None:
        return "按目前的讨论起草正文。" if zh else "Draft the prose from the discussion so far."
    return f"起草正文：{_goal(entry, zh)}。" if zh else f"Draft the prose for {_goal(entry, zh)}."


# -- after a drafting turn --------------------------------------------------------------------------


def propose_plan_progress(book: "Book", task_id: int | None, message_id: int | None) -> dict | None:
    """Propose, for review, that the steps the draft covered are done and the next one begins; None when the reply
    is no draft (chit-chat, a question), covers no step, or the same proposal already waits. Never applied here:
    it goes to the review queue."""
    entry = main_pointer(book)
    if entry is None or entry["step_id"] is None or message_id is None:
        return None
    source = PLAN_SOURCE.format(entry["step_id"])
    if any(e["source"] == source for e in book.journal.entries(("proposed",))):
        return None
    steps = [step for step in _steps_of(book, entry["outline_id"])
             if step["status"] != "Completed" or step["id"] == entry["step_id"]]
    index = next((i for i, step in enumerate(steps) if step["id"] == entry["step_id"]), None)
    if index is None:
        return None
    done = coverage.covered_steps(steps, index, _message(book, message_id)["content"] or "", book.facts.known_names())
    if not done:
        return None
    zh = book.meta.language == "zh"
    finished = steps[index:index + done]
    items = [{"level": "Step", "title": step["kind"], "parent": entry["outline"], "status": "Completed"}
             for step in finished]
    kinds = "、".join(step["kind"] for step in finished) if zh else ", ".join(step["kind"] for step in finished)
    following = steps[index + done] if index + done < len(steps) else None
    if following is not None:
        items.append({"level": "Step", "title": following["kind"], "parent": entry["outline"], "status": "InProgress"})
        note = (f"草稿写完了步骤 {kinds}：标为完成，下一步 {following['kind']} 开始？" if zh else
                f"The draft finished step {kinds}: mark it done and begin {following['kind']}?")
    else:
        items.append({"level": "ShortOutline", "title": entry["outline"], "status": "Completed"})
        note = (f"草稿写完了「{entry['outline']}」剩下的步骤 {kinds}：整段标为完成？" if zh else
                f"The draft finished the last steps of {entry['outline']!r} ({kinds}): mark the outline done?")
    doc = documents.validate({"chapter": entry["chapter"], "plan": items})
    review = {"task_id": None, "origin_task_id": task_id, "settlement_id": None, "kind": "plan_progress",
              "document": doc, "items": classify(book, doc), "notes": [note], "problems": [],
              "messages": [message_id]}
    sid = book.journal.propose(doc, source=source, review=review)
    review["settlement_id"] = sid
    book.archive.journal_update(sid, review=review)
    return review


def _steps_of(book: "Book", outline_id: str) -> list[dict]:
    def walk(nodes: list[dict]) -> list[dict] | None:
        for node in nodes:
            if node["id"] == outline_id:
                return node.get("steps", [])
            found = walk(node.get("children", []))
            if found is not None:
                return found
        return None

    return walk(book.plan.tree()) or []


def pick_candidate(book: "Book", message_id: int, index: int, edited_text: str | None = None) -> dict:
    """Make candidate `index` of a drafting reply (as the author edited it, if given) the reply that is kept."""
    message = _message(book, message_id)
    meta = dict(message.get("meta") or {})
    candidates = meta.get("candidates") or []
    if not 0 <= index < len(candidates):
        raise BookError(f"message {message_id} has {len(candidates)} candidates; there is no candidate {index}")
    text = edited_text if edited_text is not None and edited_text.strip() else candidates[index]["text"]
    meta.update(picked=index, edited=text != candidates[index]["text"])
    book.archive.update_message(message_id, content=text, meta=meta)
    return {**message, "content": text, "meta": meta}


def _message(book: "Book", message_id: int) -> dict:
    with book.archive.engine.connect() as conn:
        row = conn.execute(sa.select(tables.messages).where(tables.messages.c.id == message_id)).first()
    if row is None:
        raise BookError(f"no message {message_id} in this book")
    return dict(row._mapping)
