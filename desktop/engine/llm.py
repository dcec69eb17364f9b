"""The chat model interface every backend implements (stream, cancel, JSON), and the stand-in for one that failed."""

from __future__ import annotations

import abc
import re
from typing import Any

from desktop.engine.errors import ModelError, ModelOutputError
from desktop.engine.streaming import Completion, Generation
from desktop.progress import CancelToken

__all__ = ["Message", "Completion", "Generation", "ModelError", "ModelOutputError", "LLM", "UnavailableLLM",
           "estimate_tokens"]

Message = dict  # {"role": "system" | "user" | "assistant" | "tool", "content": str}

_CJK = re.compile(r"[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]")


def estimate_tokens(text: str) -> int:
    """A tokenizer-free estimate: about one token per CJK character and per four other characters."""
    cjk = len(_CJK.findall(text))
    return cjk + (len(text) - cjk + 3) // 4


class LLM(abc.ABC):
    """A chat model. Generations run one at a time per model; callers beyond the first wait their turn."""

    name: str
    n_ctx: int

    @abc.abstractmethod
    async def load(self) -> None:
        """Make the model ready without blocking the event loop; calling it again is free."""

    @abc.abstractmethod
    def stream(self, messages: list[Message], *, max_tokens: int = 512, temperature: float = 0.7,
               seed: int | None = None, stop: list[str] | None = None,
               cancel: CancelToken | None = None) -> Generation:
        """Text pieces as they are generated; after the loop, `.completion` tells how it ended."""

    async def complete(self, messages: list[Message], **options: Any) -> Completion:
        generation = self.stream(messages, **options)
        async for _ in generation:
            pass
        assert generation.completion is not None
        return generation.completion

    @abc.abstractmethod
    async def complete_json(self, messages: list[Message], schema: dict, *, max_tokens: int | None = None,
                            temperature: float = 0.2, seed: int | None = None,
                            cancel: CancelToken | None = None) -> Any:
        """A document that parses and validates against `schema`, or ModelOutputError."""

    @abc.abstractmethod
    def count_tokens(self, text: str) -> int: ...

    @abc.abstractmethod
    def info(self) -> dict: ...

    async def aclose(self) -> None:
        """Free the model; the backend is unusable afterwards."""


class UnavailableLLM:
    """Stands in for a chat model that could not load: every call fails with the reason, nothing else breaks,
    so the author's input is still stored and the reply marked as an error."""

    name = "unavailable"

    def __init__(self, reason: str, n_ctx: int):
        self.reason, self.n_ctx = reason, n_ctx

    def count_tokens(self, text: str) -> int:
        return estimate_tokens(text)

    def __getattr__(self, name: str):
        def fail(*args: Any, **kwargs: Any):
            raise ModelError(self.reason)

        return fail
