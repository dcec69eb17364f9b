"""The llama.cpp backend with the real default model: streaming, JSON that validates, cancel, prefix cache, queueing."""

from __future__ import annotations

import asyncio
import re
import time

import jsonschema
import pytest

from desktop.book.documents import settlement_schema
from desktop.config import Settings
from desktop.engine import models
from desktop.engine.errors import ModelError, ModelOutputError
from desktop.engine.llama_backend import LlamaCppBackend
from desktop.progress import CancelToken
from tests.bench.llm import EXTRACTION_PROMPT

pytestmark = pytest.mark.model

CJK = re.compile(r"[\u4e00-\u9fff]")
LONG_REQUEST = [{"role": "user", "content": "Count from 1 to 500, one number per line."}]


async def collect(generation) -> list[str]:
    return [piece async for piece in generation]


def chinese_paragraph(corpus_dir) -> str:
    text = (corpus_dir / "zh" / "hongloumeng.txt").read_text(encoding="utf-8")
    paragraph = next(p.strip() for p in text.splitlines() if "甄士隐" in p and len(p.strip()) > 120
                     and not p.startswith("第"))
    return paragraph[:260]


def test_a_chinese_reply_streams_piece_by_piece(chat_llm):
    generation = chat_llm.stream([{"role": "user", "content": "用一句话介绍长城。"}], max_tokens=40, seed=1)
    pieces = asyncio.run(collect(generation))
    assert len(pieces) > 3
    assert CJK.search("".join(pieces))
    assert generation.completion.text == "".join(pieces)
    assert generation.completion.tokens >= len(pieces) // 2


def test_an_english_reply_streams_and_is_not_empty(chat_llm):
    completion = asyncio.run(chat_llm.complete([{"role": "user", "content": "Say hello to a novelist."}],
                                               max_tokens=24, temperature=0.0))
    assert completion.text.strip()
    assert re.search(r"[A-Za-z]{3}", completion.text)


@pytest.mark.slow
def test_settlement_json_from_a_chinese_paragraph_validates_for_every_seed(chat_llm, corpus_dir):
    messages = [{"role": "system", "content": EXTRACTION_PROMPT},
                {"role": "user", "content": chinese_paragraph(corpus_dir)}]
    for seed in (1, 2, 3):
        document = asyncio.run(chat_llm.complete_json(messages, settlement_schema(), seed=seed))
        jsonschema.validate(document, settlement_schema())


def test_json_that_cannot_fit_max_tokens_is_a_model_output_error(chat_llm):
    schema = {"type": "object", "required": ["story"], "additionalProperties": False,
              "properties": {"story": {"type": "string", "minLength": 400}}}
    with pytest.raises(ModelOutputError, match="cut at"):
        asyncio.run(chat_llm.complete_json([{"role": "user", "content": "Write a story as JSON."}], schema,
                                           max_tokens=6))


def test_cancel_stops_a_long_generation_within_a_token_or_two(chat_llm):
    cancel = CancelToken()

    async def run():
        generation = chat_llm.stream(LONG_REQUEST, max_tokens=400, temperature=0.0, cancel=cancel)
        pieces = 0
        async for _ in generation:
            pieces += 1
            if pieces == 5:
                cancel.cancel()
                cancelled_at = time.perf_counter()
        return generation.completion, time.perf_counter() - cancelled_at, pieces

    completion, stop_seconds, pieces = asyncio.run(run())
    assert completion.finish_reason == "cancelled" and completion.cut
    assert pieces <= 7
    assert stop_seconds < 1.0


def test_cancel_during_a_long_prompt_stops_between_batches(chat_llm, monkeypatch):
    cancel = CancelToken()
    long_prompt = [{"role": "user", "content": "记住这些数字：" + "，".join(str(i) for i in range(400))}]
    n_prompt = len(chat_llm.prompt_tokens(long_prompt))
    assert n_prompt > 2 * chat_llm.llama.n_batch
    evaluated = []
    real_eval = chat_llm.llama.eval

    def eval_then_cancel(batch):  # the author presses stop while the first batch is being evaluated
        real_eval(batch)
        evaluated.append(len(batch))
        cancel.cancel()

    monkeypatch.setattr(chat_llm.llama, "eval", eval_then_cancel)

    async def run():
        generation = chat_llm.stream(long_prompt, max_tokens=8, cancel=cancel)
        return await collect(generation), generation.completion

    pieces, completion = asyncio.run(run())
    assert pieces == [] and completion.finish_reason == "cancelled"
    assert len(evaluated) == 1 and chat_llm.llama.n_tokens < n_prompt


def test_a_cancel_before_the_turn_starts_evaluates_nothing(chat_llm):
    cancel = CancelToken()
    cancel.cancel()
    before = chat_llm.llama.n_tokens
    completion = asyncio.run(chat_llm.complete([{"role": "user", "content": "新的问题"}], cancel=cancel))
    assert completion.finish_reason == "cancelled" and completion.tokens == 0
    assert chat_llm.llama.n_tokens == before


def test_loading_keeps_the_event_loop_free():
    choice = models.ModelChoice(models.default_model_path(), models.SOURCE_DEFAULT)
    llm = LlamaCppBackend(Settings(n_ctx=512, gpu_layers=0), choice)
    ticks = 0

    async def ticker(done: asyncio.Event):
        nonlocal ticks
        while not done.is_set():
            ticks += 1
            await asyncio.sleep(0)  # yields to the loop; it does not wait

    async def run():
        done = asyncio.Event()
        task = asyncio.create_task(ticker(done))
        await llm.load()
        await llm.load()  # a second call is free
        done.set()
        await task
        await llm.aclose()

    asyncio.run(run())
    assert ticks > 100


def test_a_turn_sharing_the_previous_prompt_has_a_lower_time_to_first_token(chat_llm, corpus_dir):
    context = (corpus_dir / "zh" / "hongloumeng.txt").read_text(encoding="utf-8")[40:640]
    first_turn = [{"role": "system", "content": "你是小说编辑。以下是第一回的开头：\n" + context},
                  {"role": "user", "content": "这段讲了什么？"}]

    async def ttft(messages) -> tuple[float, str]:
        started = time.perf_counter()
        generation = chat_llm.stream(messages, max_tokens=12, temperature=0.0)
        first = None
        async for _ in generation:
            first = first or time.perf_counter() - started
        return first, generation.completion.text

    cold, reply = asyncio.run(ttft(first_turn))
    cached_before = chat_llm.llama.n_tokens
    second_turn = first_turn + [{"role": "assistant", "content": reply}, {"role": "user", "content": "主角是谁？"}]
    warm, _ = asyncio.run(ttft(second_turn))
    assert cached_before > 400
    assert warm < cold / 2


def test_generations_queue_one_after_another(chat_llm):
    events = []

    async def one(tag: str):
        async for _ in chat_llm.stream([{"role": "user", "content": f"Say {tag}."}], max_tokens=6, temperature=0.0):
            events.append(tag)

    async def both():
        await asyncio.gather(one("a"), one("b"))

    asyncio.run(both())
    assert events == sorted(events) and set(events) == {"a", "b"}


def test_a_stop_string_ends_the_reply_before_it(chat_llm):
    completion = asyncio.run(chat_llm.complete(
        [{"role": "user", "content": "Count from 1 to 10 separated by commas."}],
        max_tokens=40, temperature=0.0, stop=["5"]))
    assert completion.finish_reason == "stop"
    assert "4" in completion.text and "5" not in completion.text


def test_a_reply_cut_at_max_tokens_says_so(chat_llm):
    completion = asyncio.run(chat_llm.complete(LONG_REQUEST, max_tokens=5, temperature=0.0))
    assert completion.tokens == 5 and completion.finish_reason == "length" and completion.cut


def test_a_prompt_longer_than_the_context_is_a_clear_error(chat_llm):
    huge = [{"role": "user", "content": "字" * (chat_llm.n_ctx * 2)}]
    with pytest.raises(ModelError, match="more than the context"):
        asyncio.run(chat_llm.complete(huge, max_tokens=4))


def test_tokens_are_counted_with_the_model_vocabulary(chat_llm):
    assert chat_llm.count_tokens("") == 0
    assert 0 < chat_llm.count_tokens("林风御剑而行") <= 6
    assert chat_llm.count_tokens("hello world") == 2


def test_info_describes_the_loaded_model(chat_llm):
    info = chat_llm.info()
    assert info["backend"] == "llama.cpp" and info["loaded"]
    assert info["size_bytes"] == 491_400_064 and info["n_ctx"] == 2048
    assert info["gpu_layers"] == 0 and info["n_threads"] >= 1
    assert set(info) >= {"backend", "model", "path", "size_bytes", "n_ctx", "gpu_offload_supported", "gpu_layers",
                         "n_threads"}
