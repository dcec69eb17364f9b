"""Structured output: schema to grammar, max_tokens sized from schema and input, cut detection, validate and repair."""

from __future__ import annotations

import json
import logging
import re
from typing import Any, Awaitable, Callable

import jsonschema

from desktop.engine.errors import ModelOutputError
from desktop.engine.streaming import FINISH_CANCELLED, FINISH_LENGTH, Completion
from desktop.progress import Cancelled

log = logging.getLogger(__name__)

# A tiny model can loop inside one string or list forever; the grammar caps what the schema leaves open.
# (Output valid under the capped schema is valid under the original one.)
GRAMMAR_MAX_STRING_CHARS = 160
GRAMMAR_MAX_ITEMS = 24
# Room the output may need per input token: an extraction restates names and facts of its input.
OUTPUT_PER_INPUT_TOKEN = 1.0
MIN_JSON_TOKENS = 96
CONTEXT_MARGIN = 8

_grammars: dict[str, str] = {}
_validators: dict[str, jsonschema.protocols.Validator] = {}

Generate = Callable[[list[dict], int, int | None], Awaitable[Completion]]  # messages, max_tokens, seed
CountPrompt = Callable[[list[dict]], int]


def schema_key(schema: dict) -> str:
    return json.dumps(schema, sort_keys=True, ensure_ascii=False)


def grammar_for(schema: dict) -> str:
    """The llama.cpp grammar (GBNF text) that only admits JSON valid for the schema, built once per schema."""
    key = schema_key(schema)
    grammar = _grammars.get(key)
    if grammar is None:
        from llama_cpp.llama_grammar import json_schema_to_gbnf  # deferred: loading llama.cpp's libraries takes a while, and only the in-process backend needs them

        grammar = json_schema_to_gbnf(json.dumps(bounded(schema)))
        _grammars[key] = grammar
    return grammar


def bounded(schema: Any) -> Any:
    """A copy of the schema whose strings and arrays are no longer than a grammar can afford."""
    if not isinstance(schema, dict):
        return schema
    copy = dict(schema)
    for keyword in ("properties", "patternProperties", "$defs", "definitions"):
        if isinstance(schema.get(keyword), dict):
            copy[keyword] = {name: bounded(sub) for name, sub in schema[keyword].items()}
    for keyword in ("items", "additionalProperties", "not", "contains"):
        if isinstance(schema.get(keyword), dict):
            copy[keyword] = bounded(schema[keyword])
    for keyword in ("anyOf", "oneOf", "allOf", "prefixItems"):
        if isinstance(schema.get(keyword), list):
            copy[keyword] = [bounded(sub) for sub in schema[keyword]]
    types = schema.get("type") if isinstance(schema.get("type"), list) else [schema.get("type")]
    # The schema's own limits are for what a book can store (a settings body of 100,000 characters, 20,000
    # items); the grammar keeps the tighter of the two, so a model cannot spend its whole budget in one string.
    if "string" in types and "enum" not in schema:
        copy["maxLength"] = max(min(schema.get("maxLength", GRAMMAR_MAX_STRING_CHARS), GRAMMAR_MAX_STRING_CHARS),
                                schema.get("minLength", 0))
    if "array" in types:
        copy["maxItems"] = max(min(schema.get("maxItems", GRAMMAR_MAX_ITEMS), GRAMMAR_MAX_ITEMS),
                               schema.get("minItems", 0))
    return copy


def validator_for(schema: dict) -> jsonschema.protocols.Validator:
    key = schema_key(schema)
    validator = _validators.get(key)
    if validator is None:
        cls = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
        cls.check_schema(schema)
        validator = cls(schema)
        _validators[key] = validator
    return validator


def skeleton_tokens(schema: Any) -> int:
    """Tokens the bare structure of one instance may take: every property name, brace and quote."""
    if not isinstance(schema, dict):
        return 0
    total = 2
    for name, sub in (schema.get("properties") or {}).items():
        total += len(name) // 3 + 4 + skeleton_tokens(sub)
    if isinstance(schema.get("items"), dict):
        total += skeleton_tokens(schema["items"])
    return min(total, 4096)


def room_for_output(prompt_tokens: int, n_ctx: int) -> int:
    return max(0, n_ctx - prompt_tokens - CONTEXT_MARGIN)


def size_max_tokens(schema: dict, prompt_tokens: int, n_ctx: int) -> int:
    """A budget big enough for the schema's structure plus what the input could yield, within the context."""
    want = skeleton_tokens(schema) + int(prompt_tokens * OUTPUT_PER_INPUT_TOKEN) + MIN_JSON_TOKENS
    return max(1, min(want, room_for_output(prompt_tokens, n_ctx)))


def extract_json_text(text: str) -> str:
    """The JSON in a reply that may wrap it in a code fence or a sentence (servers without a grammar)."""
    fenced = re.search(r"```(?:json)?\s*(.*?)```", text, re.DOTALL)
    if fenced:
        return fenced.group(1).strip()
    stripped = text.strip()
    starts = [i for i in (stripped.find("{"), stripped.find("[")) if i >= 0]
    if not starts:
        return stripped
    start = min(starts)
    end = max(stripped.rfind("}"), stripped.rfind("]"))
    return stripped[start: end + 1] if end > start else stripped[start:]


def parse_and_validate(text: str, schema: dict) -> tuple[Any, str | None]:
    """(document, None) when the text is JSON valid for the schema, else (None, the reason)."""
    try:
        doc = json.loads(extract_json_text(text))
    except ValueError as exc:
        return None, f"not valid JSON ({exc})"
    error = jsonschema.exceptions.best_match(validator_for(schema).iter_errors(doc))
    if error is not None:
        where = "/".join(str(p) for p in error.absolute_path) or "the top level"
        return None, f"at {where}: {error.message}"
    return doc, None


def schema_instruction(schema: dict) -> str:
    return ("Answer with JSON only, no prose and no code fence. It must validate against this JSON Schema:\n"
            + json.dumps(schema, ensure_ascii=False))


def repair_messages(messages: list[dict], bad_output: str, error: str) -> list[dict]:
    return list(messages) + [
        {"role": "assistant", "content": bad_output},
        {"role": "user", "content": f"Your output was not valid JSON for this schema: {error}. Answer again."},
    ]


async def complete_json_with(generate: Generate, count_prompt: CountPrompt, messages: list[dict],
                             schema: dict, *, n_ctx: int, max_tokens: int | None, seed: int | None) -> Any:
    """Generate; on a cut retry once with twice the room, then keep the complete part before the cut;
    on invalid output ask once for a repair; else ModelOutputError."""
    validator_for(schema)  # a broken schema is the caller's bug; say so before spending tokens
    current = list(messages)
    budget = max_tokens or size_max_tokens(schema, count_prompt(current), n_ctx)
    enlarged = repaired = False
    while True:
        completion = await generate(current, budget, seed)
        if completion.finish_reason == FINISH_CANCELLED:
            raise Cancelled()
        doc, error = parse_and_validate(completion.text, schema)
        if error is None:
            return doc
        if completion.finish_reason == FINISH_LENGTH:
            room = room_for_output(count_prompt(current), n_ctx)
            if not enlarged and room > budget:
                enlarged, budget = True, min(budget * 2, room)
                seed = None if seed is None else seed + 1  # the same seed would walk into the same loop
                continue
            salvaged = salvage(completion.text, schema)
            if salvaged is None:
                raise ModelOutputError(f"model output was cut at {completion.tokens} tokens "
                                       f"(context {n_ctx}) before the JSON was complete")
            log.warning("model output cut at %d tokens; kept the complete part before the cut", completion.tokens)
            return salvaged
        if repaired:
            raise ModelOutputError(f"model output did not validate after a repair attempt: {error}")
        repaired = True
        current = repair_messages(messages, completion.text, error)
        prompt_tokens = count_prompt(current)
        budget = min(max(budget, size_max_tokens(schema, prompt_tokens, n_ctx)),
                     room_for_output(prompt_tokens, n_ctx))


def salvage(text: str, schema: dict) -> Any:
    """The longest prefix of cut-off JSON that, closed, is valid for the schema; None if there is none.

    Cut points are the ends of complete values (before a comma, after a closing bracket); an item the
    cut left incomplete is dropped, never guessed at.
    """
    starts = [i for i in (text.find("{"), text.find("[")) if i >= 0]
    text = text[min(starts):] if starts else text
    points: list[tuple[int, tuple[str, ...]]] = []
    stack: list[str] = []
    in_string = escaped = False
    for i, char in enumerate(text):
        if in_string:
            escaped, in_string = (False, True) if escaped else (char == "\\", char != '"')
        elif char == '"':
            in_string = True
        elif char in "{[":
            stack.append("}" if char == "{" else "]")
        elif char in "}]" and stack:
            stack.pop()
            points.append((i + 1, tuple(stack)))
        elif char == ",":
            points.append((i, tuple(stack)))
    for end, open_containers in reversed(points):
        candidate = text[:end] + "".join(reversed(open_containers))
        try:
            doc = json.loads(candidate)
        except ValueError:
            continue
        if not any(True for _ in validator_for(schema).iter_errors(doc)):
            return doc
    return None
