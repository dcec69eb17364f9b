"""Grammar-constrained decoding that checks the grammar against the sampled token first.

llama-cpp-python puts the grammar in front of the sampler chain, so every token pays for matching the
grammar against the whole vocabulary (~150k entries for Qwen): on 2 cores that cut decoding roughly in
half. llama.cpp's own server samples first and checks only the chosen token, falling back to the full
grammar pass when that token is rejected; the result is the same token, at nearly unconstrained speed.
"""

from __future__ import annotations

import ctypes
from typing import Any, Callable, Iterator

import numpy as np

from desktop.engine.errors import ModelError

# A block of tokens generated this many times in a row is a loop (a tiny model listing one item forever).
LOOP_REPEATS = 3
LOOP_BLOCK = range(6, 65)
TOKEN_DATA = np.dtype([("id", np.intc), ("logit", np.single), ("p", np.single)], align=True)


class _Candidates:
    """A llama_token_data_array over numpy storage that samplers can reorder and shrink in place."""

    def __init__(self, size: int) -> None:
        import llama_cpp  # deferred: loading llama.cpp's libraries takes a while, and only the in-process backend needs them

        self.data = np.zeros(size, dtype=TOKEN_DATA)
        self.ids = np.arange(size, dtype=np.intc)
        self.array = llama_cpp.llama_token_data_array(
            data=self.data.ctypes.data_as(llama_cpp.llama_token_data_p), size=size, selected=-1, sorted=False)
        self.ref = ctypes.byref(self.array)

    def fill(self, logits: np.ndarray, ids: np.ndarray | None = None) -> None:
        self.data["id"] = self.ids if ids is None else ids
        self.data["logit"] = logits
        self.data["p"] = 0.0
        self.array.size = len(self.data)
        self.array.selected = -1
        self.array.sorted = False

    def selected_token(self) -> int:
        return int(self.data["id"][self.array.selected])


def constrained_tokens(llama: Any, grammar_text: str, *, temperature: float, sampling: dict,
                       should_stop: Callable[[], bool]) -> Iterator[int]:
    """Tokens the grammar allows, sampled like Llama.generate would; the prompt must already be evaluated.

    Each yielded token is evaluated before the next is sampled; the caller stops by leaving the loop.
    The tokens end early, as if cut at max_tokens, when the model starts repeating itself.
    """
    import llama_cpp  # deferred, as above

    vocab = llama_cpp.llama_model_get_vocab(llama.model)
    n_vocab = llama.n_vocab()
    grammar = llama_cpp.llama_sampler_init_grammar(vocab, grammar_text.encode("utf-8"), b"root")
    if not grammar:
        raise ModelError("llama.cpp could not parse the grammar made from the JSON schema")
    chain = llama._init_sampler(temp=temperature, **sampling)  # the chain Llama.generate builds, minus grammar
    full, single = _Candidates(n_vocab), _Candidates(1)
    produced: list[int] = []
    try:
        while True:
            logits = np.ctypeslib.as_array(llama_cpp.llama_get_logits_ith(llama.ctx, -1), shape=(n_vocab,))
            full.fill(logits)
            llama_cpp.llama_sampler_apply(chain.sampler, full.ref)
            token = full.selected_token()
            single.fill(logits[token: token + 1], np.array([token], dtype=np.intc))
            llama_cpp.llama_sampler_apply(grammar, single.ref)
            if not np.isfinite(single.data["logit"][0]):
                # Rejected: constrain the whole vocabulary, then sample from what the grammar allows.
                full.fill(logits)
                llama_cpp.llama_sampler_apply(grammar, full.ref)
                llama_cpp.llama_sampler_apply(chain.sampler, full.ref)
                token = full.selected_token()
                if not np.isfinite(full.data["logit"][full.array.selected]):
                    return  # the grammar allows nothing more; accepting a token now would abort llama.cpp
            llama_cpp.llama_sampler_accept(grammar, token)
            chain.accept(token)
            yield token
            produced.append(token)
            if should_stop() or is_looping(produced):
                return
            llama.eval([token])
    finally:
        llama_cpp.llama_sampler_free(grammar)
        chain.close()


def is_looping(tokens: list[int]) -> bool:
    """True when the output ends with the same block of tokens LOOP_REPEATS times over."""
    for size in LOOP_BLOCK:
        if len(tokens) < size * LOOP_REPEATS:
            return False
        block = tokens[-size:]
        if all(tokens[-size * (k + 1): len(tokens) - size * k] == block for k in range(1, LOOP_REPEATS)):
            return True
    return False
