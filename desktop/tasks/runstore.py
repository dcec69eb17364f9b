"""How task code reaches the book's stores: through a runner (the session's single-writer executor, or inline)."""

from __future__ import annotations

from typing import Any, Awaitable, Callable

RunStore = Callable[..., Awaitable[Any]]


async def run_inline(fn: Callable[..., Any], *args: Any) -> Any:
    """The store runner for callers without a single-writer executor (scripts, tests): call it right here."""
    return fn(*args)
