"""Stateless agents over a chat model: the bounded memory-tool loop, candidate drafts, critiques, and the cheap prefetch."""

from __future__ import annotations

import inspect
import logging
from typing import TYPE_CHECKING, Any, Awaitable, Callable

from desktop.book.retrieval import Retriever, SearchConfig
from desktop.engine.errors import ModelOutputError
from desktop.engine.tools import ANSWER, describe_call, parse_call, tool_call_schema, tool_instructions
from desktop.progress import Cancelled, CancelToken

if TYPE_CHECKING:
    from desktop.book.book import Book
    from desktop.engine.llm import LLM

log = logging.getLogger(__name__)

ToolsRunner = Callable[[dict], Awaitable[str]]
OnToken = Callable[[str], Any]
CALL_TOKENS = 64          # one tool call is a short JSON object
CRITIQUE_TOKENS = 160
CRITIQUE_CHARS = 120
CANDIDATE_CHARS = 1500    # of a candidate, shown to the critic
SCORES = list(range(1, 11))
PREFETCH_ENTITIES = 2
PREFETCH_FACTS = 2        # per entity
PERSONA_TOKENS = 220


# -- the bounded tool loop -------------------------------------------------------------------


async def agentic_turn(llm: "LLM", messages: list[dict], tools_runner: ToolsRunner, *, max_steps: int = 3,
                       zh: bool = True, instructions: str | None = None, seed: int = 0,
                       cancel: CancelToken | None = None) -> tuple[list[dict], list[dict]]:
    """Let the model look things up, at most `max_steps` calls, before it answers.

    Returns (trace, final messages): trace items are {"call", "result"}; the final messages are
    `messages` with the lookups added to the last user message (roles every chat template accepts).
    The loop ends at the bound, at {"tool": "answer"}, at a call that does not parse, or at a
    repeated call (a small model that repeats itself will not learn more by a third try).
    """
    trace: list[dict] = []
    for step in range(max(0, max_steps)):
        if cancel is not None:
            cancel.raise_if_cancelled()
        guide = instructions or tool_instructions(zh, max_steps)
        decision = with_note(messages, _lookups_text(trace, zh) + "\n\n" + guide if trace else guide)
        try:
            raw = await llm.complete_json(decision, tool_call_schema(), max_tokens=CALL_TOKENS, temperature=0.2,
                                          seed=seed + step, cancel=cancel)
        except ModelOutputError as exc:
            log.info("tool call %d did not parse (%s); answering with what is known", step + 1, exc)
            break
        call = parse_call(raw)
        if call is None or call["tool"] == ANSWER or any(done["call"] == call for done in trace):
            break
        trace.append({"call": call, "result": await tools_runner(call)})
    return trace, with_lookups(messages, trace, zh)


def with_lookups(messages: list[dict], trace: list[dict], zh: bool) -> list[dict]:
    """The messages with the lookups' results after the author's latest words; unchanged without lookups."""
    return with_note(messages, _lookups_text(trace, zh)) if trace else list(messages)


def _lookups_text(trace: list[dict], zh: bool) -> str:
    head = "## 记忆查询结果 Memory lookups" if zh else "## Memory lookups"
    return "\n".join([head, *(f"{describe_call(item['call'])} →\n{item['result']}" for item in trace)])


def with_note(messages: list[dict], note: str) -> list[dict]:
    """`note` appended to the last user message; a trailing message of another role gets a user message after it."""
    out = [dict(m) for m in messages]
    if out and out[-1]["role"] == "user":
        out[-1]["content"] = f"{out[-1]['content']}\n\n{note}"
    else:
        out.append({"role": "user", "content": note})
    return out


# -- generators and evaluators ------------------------------------------------------------------


async def generate_candidates(llm: "LLM", messages: list[dict], n: int = 2, seeds: list[int] | None = None, *,
                              max_tokens: int = 768, temperature: float = 0.8, cancel: CancelToken | None = None,
                              on_token: OnToken | None = None) -> list[str]:
    """`n` replies to the same messages, each with its own seed, one after another (one model, one queue).

    Only the first streams through `on_token`, so the author sees progress at once; a cancel keeps
    the candidates finished so far (and the cut one, if it has any text).
    """
    seeds = list(seeds) if seeds is not None else [1000 + i for i in range(n)]
    if len(seeds) < n:
        raise ValueError(f"{n} candidates need {n} seeds, got {len(seeds)}")
    texts: list[str] = []
    for index in range(n):
        generation = llm.stream(messages, max_tokens=max_tokens, temperature=temperature, seed=seeds[index],
                                cancel=cancel)
        pieces: list[str] = []
        try:
            async for piece in generation:
                pieces.append(piece)
                if index == 0 and on_token is not None:
                    result = on_token(piece)
                    if inspect.isawaitable(result):
                        await result
        except Cancelled:
            pass
        text = "".join(pieces).strip()
        if text:
            texts.append(text)
        if cancel is not None and cancel.cancelled:
            break
    return texts


def critique_schema() -> dict:
    return {"type": "object", "properties": {
        "critique": {"type": "string", "minLength": 1, "maxLength": CRITIQUE_CHARS},
        "score": {"type": "integer", "enum": SCORES}},
        "required": ["critique", "score"], "additionalProperties": False}


async def critique(llm: "LLM", candidate: str, plan_goal: str, canon_facts: list[str], *, zh: bool = True,
                   seed: int = 0, cancel: CancelToken | None = None) -> dict:
    """{"critique", "score" 1–10} of one candidate against the plan goal and the canon facts (JSON-constrained)."""
    text = candidate if len(candidate) <= CANDIDATE_CHARS else candidate[: CANDIDATE_CHARS - 1] + "…"
    facts = "\n".join(f"- {fact}" for fact in canon_facts) or ("（无）" if zh else "(none)")
    if zh:
        system = ("你是严格的小说编辑。对照大纲目标和已定事实评价候选稿：是否推进了目标，有没有与事实矛盾，文笔如何。"
                  "critique 用一两句话，score 为 1 到 10 的整数（矛盾或跑题给低分）。只输出 JSON。")
        user = f"大纲目标：{plan_goal or '（未指定）'}\n已定事实：\n{facts}\n\n候选稿：\n{text}"
    else:
        system = ("You are a strict fiction editor. Judge the candidate against the plan goal and the settled facts: "
                  "does it advance the goal, does it contradict a fact, how is the prose. critique: one or two "
                  "sentences; score: an integer 1-10 (low for contradictions or drifting off goal). JSON only.")
        user = f"Plan goal: {plan_goal or '(none given)'}\nSettled facts:\n{facts}\n\nCandidate:\n{text}"
    try:
        doc = await llm.complete_json([{"role": "system", "content": system}, {"role": "user", "content": user}],
                                      critique_schema(), max_tokens=CRITIQUE_TOKENS, temperature=0.2, seed=seed,
                                      cancel=cancel)
    except ModelOutputError as exc:
        return {"critique": f"({exc})", "score": None}
    return {"critique": str(doc["critique"]).strip(), "score": int(doc["score"])}


async def rank_candidates(llm: "LLM", texts: list[str], plan_goal: str, canon_facts: list[str], *,
                          zh: bool = True, cancel: CancelToken | None = None) -> list[dict]:
    """Each text with its critique, best first (equal scores keep generation order; unscored go last)."""
    ranked = []
    for index, text in enumerate(texts):
        verdict = await critique(llm, text, plan_goal, canon_facts, zh=zh, seed=index, cancel=cancel)
        ranked.append({"text": text, **verdict})
    return best_first(ranked)


def best_first(candidates: list[dict]) -> list[dict]:
    return sorted(candidates, key=lambda c: -(c["score"] if isinstance(c.get("score"), (int, float)) else -1))


# -- cheap context: prefetch and personas -------------------------------------------------------


def prefetch(book: "Book", retriever: Retriever, text: str, as_of: int | None, *,
             entities: int = PREFETCH_ENTITIES, per_entity: int = PREFETCH_FACTS) -> list[str]:
    """One or two settled facts about each of the first entities `text` names: no model call, a few graph reads."""
    lines = []
    for named in retriever.named_entities(text)[:entities]:
        found: list[str] = []
        row = book.facts.entity(named.name) or {}
        if row.get("summary"):
            found.append(f"{named.name}: {row['summary']}")
        config = SearchConfig(methods=("graph",), scopes=("facts",), k=per_entity, as_of=as_of, hops=1)
        found += [hit["text"] for hit in retriever.search(named.name, config)]
        lines += [f"- {line}" for line in found[:per_entity]]
    return lines


async def evolve_persona(llm: "LLM", name: str, base: str, evolved: str | None, facts: list[str], *,
                         zh: bool = True, cancel: CancelToken | None = None) -> str:
    """A new evolved persona: the old one updated by what the recent settled facts changed; the base stays as is."""
    listed = "\n".join(f"- {fact}" for fact in facts)
    if zh:
        system = ("你为小说人物维护“演变人设”。基础人设是不变的核心，不要改写它；"
                  "根据最近确认的事实，写出更新后的演变人设：性格、处境、心态、说话方式的变化。100字以内，只输出人设正文。")
        user = (f"人物：{name}\n基础人设：{base or '（无）'}\n当前演变人设：{evolved or '（无）'}\n"
                f"最近确认的事实：\n{listed or '（无）'}")
    else:
        system = ("You keep a fiction character's evolved persona. The base persona is the fixed core: do not rewrite "
                  "it. From the recent settled facts, write the updated evolved persona: how temperament, situation, "
                  "outlook and voice have changed. At most 80 words; output only the persona.")
        user = (f"Character: {name}\nBase persona: {base or '(none)'}\nCurrent evolved persona: {evolved or '(none)'}"
                f"\nRecent settled facts:\n{listed or '(none)'}")
    completion = await llm.complete([{"role": "system", "content": system}, {"role": "user", "content": user}],
                                    max_tokens=PERSONA_TOKENS, temperature=0.3, cancel=cancel)
    return completion.text.strip()
