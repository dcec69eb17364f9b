"""The stateless agents: a bounded tool loop whose calls all parse, candidates with critiques best first, prefetch."""

from __future__ import annotations

import asyncio

import pytest

from desktop.book.book import Book
from desktop.book.retrieval import Retriever
from desktop.engine.agents import (agentic_turn, best_first, critique, generate_candidates, prefetch,
                                   rank_candidates, with_lookups)
from desktop.engine.errors import ModelOutputError
from desktop.engine.streaming import Completion
from desktop.engine.tools import parse_call, tool_instructions

QUESTION = [{"role": "system", "content": "你是小说作者的写作搭档。"},
            {"role": "user", "content": "林动的祖石是从哪里来的？第二章里发生了什么？"}]


class PlannedModel:
    """A stand-in that answers JSON requests from a list and streams numbered replies; records what it saw."""

    def __init__(self, documents=(), replies=("甲稿", "乙稿", "丙稿")):
        self.documents = list(documents)
        self.replies = list(replies)
        self.json_calls: list[list[dict]] = []
        self.stream_seeds: list[int | None] = []

    async def complete_json(self, messages, schema, **options):
        self.json_calls.append(messages)
        document = self.documents.pop(0)
        if isinstance(document, Exception):
            raise document
        return document

    def stream(self, messages, *, max_tokens=512, temperature=0.7, seed=None, stop=None, cancel=None):
        self.stream_seeds.append(seed)
        text = self.replies[len(self.stream_seeds) - 1]

        async def pieces():
            for ch in text:
                yield ch

        return pieces()

    async def complete(self, messages, **options):
        return Completion("".join([p async for p in self.stream(messages, **options)]), 1, "stop")


def run_loop(model, max_steps=3):
    seen: list[dict] = []

    async def runner(call):
        seen.append(call)
        return f"结果{len(seen)}"

    trace, final = asyncio.run(agentic_turn(model, QUESTION, runner, max_steps=max_steps))
    return trace, final, seen


def test_the_loop_stops_at_its_bound():
    calls = [{"tool": "facts_as_of", "entity": "林动", "chapter": n} for n in range(1, 6)]
    trace, final, seen = run_loop(PlannedModel(calls), max_steps=3)
    assert len(trace) == len(seen) == 3
    assert "facts_as_of(林动, 3) →\n结果3" in final[-1]["content"]
    assert final[-1]["content"].startswith(QUESTION[-1]["content"])
    assert final[:-1] == QUESTION[:-1]


def test_the_loop_stops_when_the_model_answers():
    model = PlannedModel([{"tool": "plan_pointer"}, {"tool": "answer"}, {"tool": "plan_pointer"}])
    trace, _, _ = run_loop(model)
    assert [t["call"]["tool"] for t in trace] == ["plan_pointer"]
    assert len(model.json_calls) == 2
    assert "plan_pointer() →\n结果1" in model.json_calls[1][-1]["content"]  # the model sees what it found


def test_a_repeated_or_unparsable_call_ends_the_loop():
    again = {"tool": "setting", "title": "林家"}
    assert len(run_loop(PlannedModel([again, dict(again)]))[0]) == 1
    assert run_loop(PlannedModel([{"tool": "nonsense"}]))[0] == []
    assert run_loop(PlannedModel([ModelOutputError("cut")]))[0] == []


def test_without_lookups_the_messages_are_unchanged():
    assert with_lookups(QUESTION, [], True) == QUESTION
    trace, final, _ = run_loop(PlannedModel([{"tool": "answer"}]))
    assert trace == [] and final == QUESTION


def test_candidates_use_their_own_seeds_and_only_the_first_streams():
    model = PlannedModel()
    streamed: list[str] = []
    texts = asyncio.run(generate_candidates(model, QUESTION, 3, seeds=[7, 8, 9], on_token=streamed.append))
    assert texts == ["甲稿", "乙稿", "丙稿"]
    assert model.stream_seeds == [7, 8, 9]
    assert "".join(streamed) == "甲稿"


def test_candidates_come_back_best_first_with_their_critiques():
    model = PlannedModel([{"critique": "跑题", "score": 3}, {"critique": "紧扣目标", "score": 8}])
    ranked = asyncio.run(rank_candidates(model, ["甲稿", "乙稿"], "林动报名族比", ["林动 OWNS 祖石"]))
    assert [(c["text"], c["score"]) for c in ranked] == [("乙稿", 8), ("甲稿", 3)]
    assert ranked[0]["critique"] == "紧扣目标"
    asked = model.json_calls[0][-1]["content"]
    assert "林动报名族比" in asked and "林动 OWNS 祖石" in asked and "甲稿" in asked


def test_an_unscored_candidate_goes_last_and_equal_scores_keep_their_order():
    assert [c["text"] for c in best_first([{"text": "a", "score": None}, {"text": "b", "score": 5},
                                           {"text": "c", "score": 5}])] == ["b", "c", "a"]
    verdict = asyncio.run(critique(PlannedModel([ModelOutputError("bad")]), "稿", "", []))
    assert verdict["score"] is None


def test_prefetch_gives_one_or_two_facts_about_the_entities_named(tmp_path):
    book = Book.create(tmp_path / "b.inkstone", title="武动", language="zh")
    try:
        book.journal.apply({"chapter": 2, "entities": [
            {"kind": "Character", "name": "林动", "summary": "林家少年", "attributes": {"境界": "淬体三重"}},
            {"kind": "Item", "name": "祖石"}, {"kind": "Character", "name": "萧炎"}],
            "relations": [{"type": "OWNS", "from": "林动", "to": "祖石"}]}, source="file:x.json")
        lines = prefetch(book, Retriever(book.archive, book.facts, None), "林动今天去哪了？", 5)
        assert lines == ["- 林动: 林家少年", "- 林动 · 境界: 淬体三重 (since ch 2)"]
        assert prefetch(book, Retriever(book.archive, book.facts, None), "今天天气很好。", 5) == []
    finally:
        book.close()


# -- the real default model (small, on the CPU) ------------------------------------------------------


@pytest.mark.slow
@pytest.mark.model
def test_the_real_small_model_runs_a_bounded_loop_of_valid_calls(chat_llm, monkeypatch):
    raw: list = []
    decide = chat_llm.complete_json

    async def recording(messages, schema, **options):
        raw.append(await decide(messages, schema, **options))
        return raw[-1]

    monkeypatch.setattr(chat_llm, "complete_json", recording)
    seen: list[dict] = []

    async def runner(call):
        seen.append(call)
        return "- 林动 OWNS 祖石 (from ch 2)\n- 林动 · 境界: 淬体三重 (since ch 2)"

    guide = tool_instructions(True, 2, entity="林动", chapter=2)
    trace, final = asyncio.run(agentic_turn(chat_llm, QUESTION, runner, max_steps=2, instructions=guide))
    assert 1 <= len(raw) <= 2 and len(trace) <= 2
    assert all(parse_call(doc) is not None for doc in raw)  # the grammar holds even a 0.5B model to the schema
    assert [item["call"] for item in trace] == seen
    assert final[-1]["role"] == "user"


@pytest.mark.slow
@pytest.mark.model
def test_the_real_small_model_drafts_two_candidates_and_critiques_them(chat_llm):
    async def run():
        texts = await generate_candidates(chat_llm, QUESTION, 2, max_tokens=40)
        return texts, await rank_candidates(chat_llm, texts, "林动报名族比", ["林动 OWNS 祖石"])

    texts, ranked = asyncio.run(run())
    assert len(texts) == 2 and all(texts)
    assert sorted(c["text"] for c in ranked) == sorted(texts)
    assert all(isinstance(c["score"], int) and 1 <= c["score"] <= 10 and c["critique"] for c in ranked)
    assert [c["score"] for c in ranked] == sorted((c["score"] for c in ranked), reverse=True)
