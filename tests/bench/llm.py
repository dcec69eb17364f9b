"""`inkstone bench llm`: measured speed of the app's chat model path against llama-cpp-python called directly."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from desktop.book.documents import settlement_schema
from desktop.config import Settings
from desktop.engine.factory import open_llm
from desktop.engine.llama_backend import LlamaCppBackend
from desktop.engine.llm import LLM
from desktop.progress import CancelToken

SEED = 1234
DECODE_TOKENS = 128
ROUNDS = 5  # raw and app alternate; the best of each is kept, so a noisy neighbour hurts neither side alone
CANCEL_AFTER_S = 0.25

THROUGHPUT_PROMPT = [{"role": "user", "content": "用中文写一份详细的修仙小说大纲，包括十个章节，每章三句话。"}]
PASSAGE = (
    "青云山下的小镇上住着一个名叫林风的少年。他自幼父母双亡，靠给镇上的药铺采药为生。"
    "这一年深秋，林风在后山的寒潭边发现了一柄通体紫色的古剑，剑身上刻着“紫电”二字。"
    "当夜，青云门的长老玄机子路过小镇，看出林风根骨奇佳，便将他收为关门弟子。"
    "三年后，林风突破到筑基期，却因为在门派大比中击败了师兄赵无极，与他结下了仇怨。"
    "赵无极暗中投靠了魔道的血煞宗，发誓要夺走林风的紫电剑。"
    "与此同时，玄机子在闭关时发现，紫电剑中封印着上古剑仙的一缕残魂，而这缕残魂正在慢慢苏醒。"
)
COLD_TURN = [
    {"role": "system", "content": "你是一位经验丰富的网络小说编辑，帮助作者保持长篇故事的前后一致。"},
    {"role": "user", "content": f"以下是小说第一章的内容：\n{PASSAGE}\n请用一句话概括林风与赵无极的关系。"},
]
WARM_FOLLOW_UP = "那么紫电剑里封印着什么？"
COUNTING_PROMPT = [{"role": "user", "content": "Count from 1 to 500, one number per line."}]
EXTRACTION_PROMPT = ('从段落中提取所有人物、地点、物品及其关系，输出 JSON，例如：'
                     '{"entities": [{"kind": "Character", "name": "张三", "summary": "一句话介绍"}], '
                     '"relations": [{"type": "MASTER_OF", "from": "李四", "to": "张三"}]}')


async def bench_llm(settings: Settings) -> dict:
    """{"model", "n_threads", "gpu_layers", "raw_tokens_per_s", "app_tokens_per_s", "ratio",
    "ttft_cold_ms", "ttft_warm_ms", "json_tokens_per_s", "cancel_ms"}; raw figures are None over HTTP."""
    llm = open_llm(settings)
    try:
        await llm.load()
        await llm.complete([{"role": "user", "content": "你好"}], max_tokens=2, temperature=0.0)  # warm-up
        cold_ms, reply = await _ttft_ms(llm, COLD_TURN)
        warm_turn = COLD_TURN + [{"role": "assistant", "content": reply},
                                 {"role": "user", "content": WARM_FOLLOW_UP}]
        warm_ms, _ = await _ttft_ms(llm, warm_turn)
        raw, app = await _throughput(llm)
        info = llm.info()
        return {
            "model": info["model"],
            "n_threads": info["n_threads"],
            "gpu_layers": info["gpu_layers"],
            "raw_tokens_per_s": _round(raw),
            "app_tokens_per_s": _round(app),
            "ratio": round(app / raw, 3) if raw else None,
            "ttft_cold_ms": round(cold_ms, 1),
            "ttft_warm_ms": round(warm_ms, 1),
            "json_tokens_per_s": _round(await _json_rate(llm)),
            "cancel_ms": round(await _cancel_ms(llm), 1),
        }
    finally:
        await llm.aclose()


async def _ttft_ms(llm: LLM, messages: list[dict]) -> tuple[float, str]:
    started = time.perf_counter()
    first = None
    generation = llm.stream(messages, max_tokens=48, temperature=0.0, seed=SEED)
    async for _ in generation:
        if first is None:
            first = time.perf_counter() - started
    return (first if first is not None else time.perf_counter() - started) * 1000, generation.completion.text


async def _throughput(llm: LLM) -> tuple[float | None, float]:
    """Decode speed of the app path and of a direct create_chat_completion: same model, prompt, greedy."""
    options = {"max_tokens": DECODE_TOKENS, "temperature": 0.0, "seed": SEED}
    await llm.complete(THROUGHPUT_PROMPT, **options)  # both sides then start from the same cached prompt
    raw_best = app_best = 0.0
    for _ in range(ROUNDS):
        if isinstance(llm, LlamaCppBackend):
            # Between the app's generations nothing else touches the loaded Llama, so a direct call may use it.
            raw_best = max(raw_best, await asyncio.to_thread(_raw_rate, llm.llama, options))
        started = time.perf_counter()
        completion = await llm.complete(THROUGHPUT_PROMPT, **options)
        app_best = max(app_best, completion.tokens / (time.perf_counter() - started))
    return (raw_best or None), app_best


def _raw_rate(llama: Any, options: dict) -> float:
    started = time.perf_counter()
    result = llama.create_chat_completion(THROUGHPUT_PROMPT, **options)
    return result["usage"]["completion_tokens"] / (time.perf_counter() - started)


async def _json_rate(llm: LLM) -> float | None:
    """Decode speed under the settlement schema's grammar (after the first token, so the prompt's
    evaluation is not counted): the price of output that always parses, next to app_tokens_per_s."""
    if not isinstance(llm, LlamaCppBackend):
        return None
    messages = [{"role": "system", "content": EXTRACTION_PROMPT}, {"role": "user", "content": PASSAGE}]
    generation = llm.stream_constrained(messages, settlement_schema(), max_tokens=DECODE_TOKENS, temperature=0.0,
                                        seed=SEED)
    first = None
    async for _ in generation:
        first = first or time.perf_counter()
    tokens = generation.completion.tokens
    return (tokens - 1) / (time.perf_counter() - first) if first and tokens > 1 else None


async def _cancel_ms(llm: LLM) -> float:
    """From cancel() to the end of the stream, the cancel arriving mid-decode at a moment unrelated to
    token boundaries, as a click on Stop does."""
    cancel = CancelToken()
    cancelled_at: list[float] = []

    def press_stop() -> None:
        cancelled_at.append(time.perf_counter())
        cancel.cancel()

    generation = llm.stream(COUNTING_PROMPT, max_tokens=512, temperature=0.0, seed=SEED, cancel=cancel)
    await generation.__anext__()  # decoding has begun
    asyncio.get_running_loop().call_later(CANCEL_AFTER_S, press_stop)
    async for _ in generation:
        pass
    return (time.perf_counter() - cancelled_at[0]) * 1000 if cancelled_at else 0.0


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 1)


def run(args) -> Any:
    return bench_llm(args.settings)
