"""Structured output: budgets from schema and input, cut detection with one retry, validation with one repair."""

from __future__ import annotations

import asyncio
import json

import pytest

from desktop.book.documents import settlement_schema
from desktop.engine import jsonout
from desktop.engine.constrained import is_looping
from desktop.engine.errors import ModelOutputError
from desktop.engine.streaming import Completion
from desktop.progress import Cancelled

PERSON = {"type": "object", "additionalProperties": False, "required": ["name"],
          "properties": {"name": {"type": "string", "minLength": 1}, "age": {"type": "integer", "minimum": 0}}}


def scripted(*replies: Completion):
    """Stands in for a model: returns the given completions in order and records each call."""
    calls = []

    async def generate(messages, budget, seed):
        calls.append((messages, budget, seed))
        return replies[len(calls) - 1]

    return generate, calls


def run(generate, *, max_tokens=None, n_ctx=2048, schema=PERSON, seed=7):
    messages = [{"role": "user", "content": "who?"}]
    return asyncio.run(jsonout.complete_json_with(generate, lambda m: 20 * len(m), messages, schema,
                                                  n_ctx=n_ctx, max_tokens=max_tokens, seed=seed))


def test_the_budget_grows_with_the_input_and_stays_inside_the_context():
    small = jsonout.size_max_tokens(settlement_schema(), 100, 8192)
    large = jsonout.size_max_tokens(settlement_schema(), 2000, 8192)
    assert 100 < small < large
    assert jsonout.size_max_tokens(settlement_schema(), 2000, 2048) <= 2048 - 2000


def test_valid_output_is_returned_at_once():
    generate, calls = scripted(Completion('{"name": "林风"}', 6, "stop"))
    assert run(generate) == {"name": "林风"}
    assert len(calls) == 1


def test_output_cut_at_max_tokens_is_retried_once_with_twice_the_room_and_a_new_seed():
    generate, calls = scripted(Completion('{"name": "林', 8, "length"), Completion('{"name": "林风"}', 9, "stop"))
    assert run(generate, max_tokens=8) == {"name": "林风"}
    assert [(budget, seed) for _, budget, seed in calls] == [(8, 7), (16, 8)]


def test_output_cut_twice_keeps_the_complete_items_before_the_cut():
    people = {"type": "array", "items": PERSON}
    cut = '[{"name": "林风", "age": 18}, {"name": "赵无极"}, {"name": "玄'
    generate, _ = scripted(Completion(cut[:20], 8, "length"), Completion(cut, 16, "length"))
    assert run(generate, max_tokens=8, schema=people) == [{"name": "林风", "age": 18}, {"name": "赵无极"}]


def test_output_cut_twice_with_nothing_complete_is_a_model_output_error():
    generate, _ = scripted(Completion('{"name": "', 8, "length"), Completion('{"name": "林', 16, "length"))
    with pytest.raises(ModelOutputError, match="cut at 16 tokens"):
        run(generate, max_tokens=8)


def test_invalid_output_gets_one_repair_turn_naming_the_error():
    generate, calls = scripted(Completion('{"age": -1}', 5, "stop"), Completion('{"name": "A", "age": 3}', 8, "stop"))
    assert run(generate) == {"name": "A", "age": 3}
    repair = calls[1][0]
    assert repair[-2] == {"role": "assistant", "content": '{"age": -1}'}
    assert "not valid JSON for this schema" in repair[-1]["content"]


def test_invalid_output_after_the_repair_is_a_model_output_error():
    generate, _ = scripted(Completion("sure!", 2, "stop"), Completion('{"name": ""}', 4, "stop"))
    with pytest.raises(ModelOutputError, match="name"):
        run(generate)


def test_a_cancelled_generation_raises_cancelled():
    generate, _ = scripted(Completion("{", 1, "cancelled"))
    with pytest.raises(Cancelled):
        run(generate)


@pytest.mark.parametrize("text", ['{"name": "x"}', '```json\n{"name": "x"}\n```', 'Here you go: {"name": "x"} done'])
def test_json_is_found_inside_fences_and_sentences(text):
    assert jsonout.parse_and_validate(text, PERSON) == ({"name": "x"}, None)


def test_validation_errors_say_where():
    _, error = jsonout.parse_and_validate(json.dumps({"entities": [{"kind": "Character"}]}), settlement_schema())
    assert "entities/0" in error and "name" in error


def test_a_model_repeating_itself_is_cut_short():
    item = [11, 12, 13, 14, 15, 16, 17]
    assert is_looping([1, 2] + item * 3)
    assert not is_looping([1, 2] + item * 2 + [11, 12])


def test_the_settlement_schema_becomes_a_grammar_once():
    assert jsonout.grammar_for(settlement_schema()) is jsonout.grammar_for(json.loads(json.dumps(settlement_schema())))


@pytest.mark.parametrize("cut, kept", [
    ('{"entities": [{"name": "林风"}, {"name": "赵', {"entities": [{"name": "林风"}]}),
    ('{"entities": [{"name": "林风"}], "relations": [{"type": "OWNS", "from": "林风"',
     {"entities": [{"name": "林风"}]}),
    ('{"entities": [{"name": "a,b]}"}, {"na', {"entities": [{"name": "a,b]}"}]}),
])
def test_salvage_closes_cut_json_at_the_last_complete_value(cut, kept):
    assert jsonout.salvage(cut, settlement_schema()) == kept


def test_the_grammar_keeps_the_tighter_of_its_own_bounds_and_the_schemas():
    capped = jsonout.bounded(settlement_schema())
    shared = capped["$defs"]
    assert shared["text"]["maxLength"] == jsonout.GRAMMAR_MAX_STRING_CHARS  # the schema allows 20,000
    assert shared["label"]["maxLength"] == 64  # the schema's own bound, tighter, stays
    assert capped["properties"]["entities"]["maxItems"] == jsonout.GRAMMAR_MAX_ITEMS
    assert capped["properties"]["plan"]["items"]["properties"]["chapters"]["maxItems"] == 2
    assert settlement_schema()["properties"]["entities"]["maxItems"] == 20_000  # the schema itself is untouched


def test_the_bounded_settlement_schema_still_becomes_a_small_grammar():
    # 20,000 items or 100,000 characters spelled out as nested optional rules would be megabytes of grammar.
    grammar = jsonout.grammar_for(settlement_schema())
    assert "chapter ::=" in grammar and len(grammar) < 100_000


def test_salvage_ignores_prose_before_the_json():
    assert jsonout.salvage('Here: {"entities": [{"name": "林风"}], "hooks": [{"na', settlement_schema()) == {
        "entities": [{"name": "林风"}]}


def test_grammar_bounds_never_contradict_the_schema():
    capped = jsonout.bounded({"type": "string", "minLength": 400})
    assert capped["maxLength"] >= 400
