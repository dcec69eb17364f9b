"""The chat model in process through llama-cpp-python: load in the background, stream, cancel, JSON by grammar."""

from __future__ import annotations

import asyncio
import codecs
import concurrent.futures
import random
import threading
from typing import Any

import numpy as np

from desktop.config import Settings
from desktop.engine import jsonout, models
from desktop.engine.constrained import constrained_tokens
from desktop.engine.errors import ModelError
from desktop.engine.llm import LLM, Message, estimate_tokens
from desktop.engine.streaming import (FINISH_CANCELLED, FINISH_LENGTH, FINISH_STOP, Channel, Completion,
                                      Generation, StopMatcher)
from desktop.progress import CancelToken

# llama-cpp-python's create_completion defaults, so the app samples exactly like a direct call.
SAMPLING = {"top_k": 40, "top_p": 0.95, "min_p": 0.05, "repeat_penalty": 1.0}


class LlamaCppBackend(LLM):
    """llama-cpp-python in process. Every blocking call runs on one worker thread that this backend owns,
    which also queues generations; the same Llama instance stays loaded so its KV cache keeps the longest
    common prompt prefix between calls."""

    def __init__(self, settings: Settings, choice: models.ModelChoice | None = None) -> None:
        self.settings = settings
        self.choice = choice or models.find_chat_model(settings)
        self.name = self.choice.path.stem
        self.n_ctx = settings.n_ctx
        self.llama = None  # llama_cpp.Llama once loaded
        self._executor = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="llama")
        self._load_lock = threading.Lock()
        self._loading: concurrent.futures.Future | None = None
        self._formatter = None
        self._vocab = None
        self._gpu_supported: bool | None = None
        self.gpu_layers: int | None = None
        self.n_threads = settings.n_threads or models.physical_cores()
        self.template = ""
        self._closed = False

    # -- loading

    async def load(self) -> None:
        await asyncio.wrap_future(self._ensure_loading())

    def _ensure_loading(self) -> concurrent.futures.Future:
        with self._load_lock:
            failed = self._loading is not None and self._loading.done() and self._loading.exception()
            if self._loading is None or failed:
                self._loading = self._executor.submit(self._load)
            return self._loading

    def _load(self) -> None:
        import llama_cpp  # deferred: loading llama.cpp's libraries takes a while, and only this backend needs them

        path = models.prepare_chat_model(self.choice)
        self._gpu_supported = models.gpu_offload_supported()
        layers = models.gpu_layers_for(self.settings.gpu_layers, self._gpu_supported)
        try:
            llama = llama_cpp.Llama(
                str(path), n_ctx=self.settings.n_ctx, n_batch=self.settings.n_batch,
                n_threads=self.n_threads, n_threads_batch=max(self.n_threads, models.logical_cpus()),
                n_gpu_layers=layers, verbose=False)
        except (ValueError, RuntimeError, OSError) as exc:
            raise ModelError(f"llama.cpp could not load {path}: {exc}") from None
        self._formatter, self.template = _chat_formatter(llama)
        self._vocab = llama_cpp.llama_model_get_vocab(llama.model)
        self.gpu_layers, self.n_ctx, self.llama = layers, llama.n_ctx(), llama

    @property
    def loaded(self) -> bool:
        return self.llama is not None

    # -- generation

    def stream(self, messages: list[Message], *, max_tokens: int = 512, temperature: float = 0.7,
               seed: int | None = None, stop: list[str] | None = None,
               cancel: CancelToken | None = None) -> Generation:
        return self._generation(messages, max_tokens=max_tokens, temperature=temperature, seed=seed, stop=stop,
                                cancel=cancel, grammar=None)

    def _generation(self, messages: list[Message], *, cancel: CancelToken | None, **options: Any) -> Generation:
        loading = self._ensure_loading()

        def start(channel: Channel) -> None:
            job = self._executor.submit(self._run, channel, loading, list(messages), options)
            job.add_done_callback(lambda done: _report_failure(done, channel))

        return Generation(start, cancel)

    def _run(self, channel: Channel, loading: concurrent.futures.Future, messages: list[Message],
             options: dict) -> None:
        loading.result()  # re-raises a failed load for this caller
        if self.llama is None:
            raise ModelError(f"the model {self.choice.path} was closed")
        if channel.should_stop():
            channel.finish(Completion("", 0, FINISH_CANCELLED))
            return
        tokens = self.prompt_tokens(messages)
        if len(tokens) >= self.n_ctx:
            raise ModelError(f"the prompt has {len(tokens)} tokens, more than the context of {self.n_ctx} "
                             f"of {self.choice.path}")
        if not self._prefill(tokens, channel):
            channel.finish(Completion("", 0, FINISH_CANCELLED))
            return
        channel.finish(self._decode(tokens, channel, **options))

    def prompt_tokens(self, messages: list[Message]) -> list[int]:
        """The prompt exactly as llama-cpp-python's chat completion would build it from the GGUF template."""
        rendered = self._formatter(messages=messages)
        return self.llama.tokenize(rendered.prompt.encode("utf-8"), add_bos=not rendered.added_special,
                                   special=True)

    def _prefill(self, tokens: list[int], channel: Channel) -> bool:
        """Evaluate only what the KV cache lacks, n_batch tokens at a time, so cancel is heard mid-prompt."""
        llama = self.llama
        cached = llama.input_ids[: min(llama.n_tokens, len(tokens))]
        mismatch = np.flatnonzero(cached != np.asarray(tokens[: len(cached)], dtype=cached.dtype))
        common = int(mismatch[0]) if mismatch.size else len(cached)
        # At least the last prompt token is evaluated again: its logits are what the first sample needs.
        start = min(common, len(tokens) - 1)
        llama.n_tokens = start  # eval() drops the cache cells from here on
        for i in range(start, len(tokens), llama.n_batch):
            if channel.should_stop():
                return False
            llama.eval(tokens[i: i + llama.n_batch])
        return True

    def _decode(self, tokens: list[int], channel: Channel, *, max_tokens: int, temperature: float,
                seed: int | None, stop: list[str] | None, grammar: str | None) -> Completion:
        import llama_cpp  # deferred as in _load (already loaded by then: this costs a dict lookup)

        llama = self.llama
        llama.set_seed(seed if seed is not None else random.randrange(2**31))
        budget = max(0, min(max_tokens, self.n_ctx - len(tokens)))
        decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        stopper = StopMatcher(stop)
        parts: list[str] = []
        count, finish = 0, FINISH_LENGTH
        for token in self._tokens(tokens, temperature, grammar, channel) if budget else ():
            if llama_cpp.llama_vocab_is_eog(self._vocab, token):
                finish = FINISH_STOP
                break
            count += 1
            piece, hit = stopper.feed(decoder.decode(llama.detokenize([token])))
            if piece:
                parts.append(piece)
                channel.put(piece)
            if hit:
                finish = FINISH_STOP
                break
            if count >= budget:
                break
            if channel.should_stop():
                finish = FINISH_CANCELLED
                break
        if finish != FINISH_STOP or not stop:
            tail = stopper.flush() + decoder.decode(b"", final=True)
            if tail:
                parts.append(tail)
                channel.put(tail)
        return Completion("".join(parts), count, finish)

    def _tokens(self, tokens: list[int], temperature: float, grammar: str | None, channel: Channel):
        """Sampled tokens; the prompt is already evaluated, so neither path evaluates it again."""
        if grammar is None:
            return self.llama.generate(tokens, temp=temperature, **SAMPLING)
        return constrained_tokens(self.llama, grammar, temperature=temperature, sampling=SAMPLING,
                                  should_stop=channel.should_stop)

    async def complete_json(self, messages: list[Message], schema: dict, *, max_tokens: int | None = None,
                            temperature: float = 0.2, seed: int | None = None,
                            cancel: CancelToken | None = None) -> Any:
        await self.load()

        async def generate(current: list[Message], budget: int, attempt_seed: int | None) -> Completion:
            return await self.complete_constrained(current, schema, max_tokens=budget, temperature=temperature,
                                                   seed=attempt_seed, cancel=cancel)

        return await jsonout.complete_json_with(generate, lambda m: len(self.prompt_tokens(m)), messages, schema,
                                                n_ctx=self.n_ctx, max_tokens=max_tokens, seed=seed)

    def stream_constrained(self, messages: list[Message], schema: dict, *, max_tokens: int,
                           temperature: float = 0.2, seed: int | None = None,
                           cancel: CancelToken | None = None) -> Generation:
        """One generation held to the schema's grammar, without validation or retry (complete_json adds those)."""
        return self._generation(messages, max_tokens=max_tokens, temperature=temperature, seed=seed, stop=None,
                                cancel=cancel, grammar=jsonout.grammar_for(schema))

    async def complete_constrained(self, messages: list[Message], schema: dict, **options: Any) -> Completion:
        generation = self.stream_constrained(messages, schema, **options)
        async for _ in generation:
            pass
        return generation.completion

    # -- the rest of the interface

    def count_tokens(self, text: str) -> int:
        """Exact once loaded; an estimate before, so a context can be planned while the model loads."""
        if self.llama is None:
            return estimate_tokens(text)
        return len(self.llama.tokenize(text.encode("utf-8"), add_bos=False, special=False))

    def info(self) -> dict:
        path = self.choice.path
        if self._gpu_supported is None:
            self._gpu_supported = models.gpu_offload_supported()
        return {
            "backend": "llama.cpp",
            "model": self.name,
            "path": str(path),
            "source": self.choice.source,
            "size_bytes": path.stat().st_size if path.is_file() else None,
            "n_ctx": self.n_ctx,
            "gpu_offload_supported": self._gpu_supported,
            "gpu_layers": self.gpu_layers if self.gpu_layers is not None
            else models.gpu_layers_for(self.settings.gpu_layers, self._gpu_supported),
            "n_threads": self.n_threads,
            "loaded": self.loaded,
            "chat_template": self.template,
        }

    async def aclose(self) -> None:
        if self._closed:
            return
        self._closed = True
        await asyncio.wrap_future(self._executor.submit(self._free))
        self._executor.shutdown(wait=False)

    def _free(self) -> None:
        if self.llama is not None:
            self.llama.close()
            self.llama = None


def _report_failure(job: concurrent.futures.Future, channel: Channel) -> None:
    if job.cancelled():
        channel.fail(ModelError("the model was closed before this generation ran"))
    elif job.exception() is not None:
        channel.fail(job.exception())


def _chat_formatter(llama: Any) -> tuple[Any, str]:
    """The GGUF's own chat template, as llama-cpp-python builds it; ChatML when the file has none."""
    from llama_cpp import llama_chat_format  # deferred as in _load

    template = llama.metadata.get("tokenizer.chat_template")
    if not template:
        return llama_chat_format.format_chatml, "chatml (fallback: the GGUF has no chat template)"
    eos, bos = llama.token_eos(), llama.token_bos()
    formatter = llama_chat_format.Jinja2ChatFormatter(
        template=template,
        eos_token=_token_text(llama, eos),
        bos_token=_token_text(llama, bos),
        stop_token_ids=[eos])
    return formatter, "gguf"


def _token_text(llama: Any, token: int) -> str:
    if token == -1:
        return ""
    return llama.detokenize([token], special=True).decode("utf-8", errors="replace")
