"""Text crosses from a worker thread to the event loop in order, coalesced, and stops when nobody listens."""

from __future__ import annotations

import asyncio
import threading

from desktop.engine.streaming import FINISH_STOP, Channel, Completion, Generation, StopMatcher
from desktop.progress import CancelToken


def threaded(pieces: list[str], gate: threading.Event | None = None):
    """A producer on its own thread, like the llama.cpp worker."""
    seen: dict = {"done": threading.Event()}

    def start(channel: Channel) -> None:
        def work() -> None:
            for i, piece in enumerate(pieces):
                if channel.should_stop():
                    seen["stopped_at"] = i
                    channel.finish(Completion("", i, "cancelled"))
                    seen["done"].set()
                    return
                channel.put(piece)
                if gate is not None and i == 0:
                    gate.wait(5)
            channel.finish(Completion("".join(pieces), len(pieces), FINISH_STOP))
            seen["done"].set()

        threading.Thread(target=work).start()

    return start, seen


def test_pieces_from_a_thread_arrive_in_order_and_complete():
    pieces = [f"{i}," for i in range(2000)]
    start, _ = threaded(pieces)

    async def consume():
        generation = Generation(start)
        received = [piece async for piece in generation]
        return received, generation.completion

    received, completion = asyncio.run(consume())
    assert received == pieces
    assert completion.text == "".join(pieces) and completion.finish_reason == FINISH_STOP


def test_a_failing_producer_raises_in_the_consumer():
    def start(channel: Channel) -> None:
        threading.Thread(target=lambda: (channel.put("a"), channel.fail(ValueError("boom")))).start()

    async def consume():
        return [piece async for piece in Generation(start)]

    try:
        asyncio.run(consume())
    except ValueError as exc:
        assert str(exc) == "boom"
    else:
        raise AssertionError("the failure was lost")


def test_leaving_the_loop_early_tells_the_producer_to_stop():
    gate = threading.Event()
    start, seen = threaded(["a", "b", "c", "d"], gate)

    async def consume():
        async for _ in Generation(start):
            break  # the Generation is dropped here

    asyncio.run(consume())
    gate.set()
    assert seen["done"].wait(5)
    assert seen["stopped_at"] == 1


def test_a_cancel_token_is_visible_to_the_producer():
    token = CancelToken()
    channel = Channel(token)
    assert not channel.should_stop()
    token.cancel()
    assert channel.should_stop()


def test_stop_strings_cut_the_text_even_when_split_across_pieces():
    matcher = StopMatcher(["<END>"])
    out = []
    for piece in ["Hello <", "EN", "D> ignored"]:
        text, hit = matcher.feed(piece)
        out.append(text)
        if hit:
            break
    assert "".join(out) == "Hello " and hit


def test_text_that_only_looks_like_a_stop_start_is_released():
    matcher = StopMatcher(["<END>"])
    first, _ = matcher.feed("a <E")
    second, hit = matcher.feed("ND? no")
    assert first == "a " and not hit
    assert first + second + matcher.flush() == "a <END? no"
