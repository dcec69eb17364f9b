"""The hand-off of generated text from a worker (thread or task) to the event loop, plus stop strings."""

from __future__ import annotations

import asyncio
import collections
import threading
from dataclasses import dataclass
from typing import Callable

from desktop.progress import CancelToken

FINISH_STOP = "stop"
FINISH_LENGTH = "length"
FINISH_CANCELLED = "cancelled"


@dataclass
class Completion:
    text: str
    tokens: int
    finish_reason: str  # "stop" | "length" | "cancelled"

    @property
    def cut(self) -> bool:
        """True when the model did not finish on its own: stopped at max_tokens or cancelled."""
        return self.finish_reason != FINISH_STOP


_END = object()


class Channel:
    """What a producer writes to; safe from any thread. Wake-ups are coalesced, so a fast producer
    costs the event loop one callback per burst of pieces, not one per token."""

    def __init__(self, cancel: CancelToken | None) -> None:
        self.cancel = cancel
        self._lock = threading.Lock()
        self._items: collections.deque = collections.deque()
        self._wake_pending = False
        self._abandoned = threading.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._waiter: asyncio.Future | None = None
        self.completion: Completion | None = None

    # -- producer side
    def should_stop(self) -> bool:
        return self._abandoned.is_set() or (self.cancel is not None and self.cancel.cancelled)

    def put(self, piece: str) -> None:
        self._deliver(piece)

    def finish(self, completion: Completion) -> None:
        self.completion = completion
        self._deliver(_END)

    def fail(self, exc: BaseException) -> None:
        self._deliver(exc)

    def _deliver(self, item: object) -> None:
        with self._lock:
            self._items.append(item)
            if self._wake_pending or self._loop is None:
                return
            self._wake_pending = True
        try:
            self._loop.call_soon_threadsafe(self._wake)
        except RuntimeError:  # the consumer's loop is gone; nobody is listening
            self._abandoned.set()

    # -- consumer side (event loop thread)
    def attach(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop

    def abandon(self) -> None:
        self._abandoned.set()

    def _wake(self) -> None:
        with self._lock:
            self._wake_pending = False
        waiter = self._waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    async def next_item(self) -> object:
        while True:
            with self._lock:
                if self._items:
                    item = self._items[0]
                    if item is not _END and not isinstance(item, BaseException):
                        self._items.popleft()  # the end, or a failure, stays for any later call
                    return item
            self._waiter = self._loop.create_future()
            try:
                await self._waiter
            finally:
                self._waiter = None


class Generation:
    """One generation as an async iterator of text pieces; `completion` is set once it is exhausted.

    Dropping it (or leaving an `async for` early) tells the producer to stop at the next token.
    """

    def __init__(self, start: Callable[[Channel], None], cancel: CancelToken | None = None) -> None:
        self._start = start
        self._channel = Channel(cancel)
        self._started = False

    @property
    def completion(self) -> Completion | None:
        return self._channel.completion

    def __aiter__(self) -> "Generation":
        return self

    async def __anext__(self) -> str:
        if not self._started:
            self._started = True
            self._channel.attach(asyncio.get_running_loop())
            self._start(self._channel)
        item = await self._channel.next_item()
        if item is _END:
            raise StopAsyncIteration
        if isinstance(item, BaseException):
            raise item
        return item  # type: ignore[return-value]

    async def aclose(self) -> None:
        self._channel.abandon()

    def __del__(self) -> None:
        self._channel.abandon()


class StopMatcher:
    """Cuts streamed text at the first stop string, holding back text that might start one."""

    def __init__(self, stops: list[str] | None) -> None:
        self.stops = [s for s in (stops or []) if s]
        self._pending = ""

    def feed(self, piece: str) -> tuple[str, bool]:
        """The text safe to emit now, and whether a stop string was reached."""
        if not self.stops:
            return piece, False
        text = self._pending + piece
        hits = [i for i in (text.find(s) for s in self.stops) if i >= 0]
        if hits:
            self._pending = ""
            return text[: min(hits)], True
        hold = max((n for s in self.stops for n in range(min(len(s) - 1, len(text)), 0, -1)
                    if text.endswith(s[:n])), default=0)
        self._pending = text[len(text) - hold:] if hold else ""
        return text[: len(text) - hold], False

    def flush(self) -> str:
        rest, self._pending = self._pending, ""
        return rest
