"""Pass 2: the kind of every candidate — canon first, then the wording's strong signals, the model for the rest.

The model answers one tiny question per undecided name (an enum of six words, shown the sentence the
name is in), which a 0.5B model does far better than labelling a list at once.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from desktop.engine.prompts.extraction import kind_messages
from desktop.tasks.pipeline.candidates import Candidates
from desktop.tasks.pipeline.statements import Statement

if TYPE_CHECKING:
    from desktop.engine.llm import LLM
    from desktop.progress import CancelToken

KINDS = ("Character", "Location", "Item", "Faction", "Ability")
NONE = "none"
_SCHEMA = {"type": "object", "additionalProperties": False, "required": ["kind"],
           "properties": {"kind": {"enum": [*KINDS, NONE]}}}
CONFIDENT = 1.0  # a hint this strong (a suffix, a title, an introduction, a person tag) needs no model
MAX_MODEL_CALLS = 16


async def decide(cands: Candidates, statements: list[Statement], llm: "LLM | None", *, zh: bool,
                 cancel: "CancelToken | None" = None, seed: int = 0, confident_only: bool = False) -> dict[str, str]:
    """name → kind for every candidate that is a thing of the story; names judged 'none' are left out.
    `confident_only`: names the wording leaves open are dropped instead of asked about."""
    kinds: dict[str, str] = {}
    undecided: list[str] = []
    for name, cand in cands.items():
        if cand.canon_kind:
            kinds[name] = cand.canon_kind
            continue
        kind, weight = cand.best_hint
        if kind and weight >= CONFIDENT:
            kinds[name] = kind
        elif not confident_only:
            undecided.append(name)
    for name in undecided[:MAX_MODEL_CALLS]:
        cand = cands[name]
        sentence = next((s.quote for s in statements if s.index in cand.mentions), name)
        kind = await _ask(llm, name, sentence, zh, cancel, seed) if llm is not None else NONE
        hinted, weight = cand.best_hint
        if zh and weight < 1.0 and kind != hinted:
            continue  # a word segmentation guessed was a name (冷笑, 爱慕): kept only if the model agrees
        if kind == NONE and hinted and (llm is None or weight >= 0.5 and not zh):
            kind = hinted  # no model to ask; or an English capitalised word the model misread
        if kind != NONE:
            kinds[name] = kind
    return kinds


async def _ask(llm: "LLM", name: str, sentence: str, zh: bool, cancel, seed: int) -> str:
    answer = await llm.complete_json(kind_messages(name, sentence, zh), _SCHEMA, max_tokens=24,
                                     temperature=0.0, seed=seed, cancel=cancel)
    kind = answer.get("kind") if isinstance(answer, dict) else None
    return kind if kind in (*KINDS, NONE) else NONE


def describe(kinds: dict[str, str]) -> str:
    return json.dumps(kinds, ensure_ascii=False)
