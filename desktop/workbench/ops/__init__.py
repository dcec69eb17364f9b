"""Operations, one module per domain: each write returns its result and the Changes the stores reported."""

from __future__ import annotations

from typing import TypeVar

from desktop.contracts import Changes

T = TypeVar("T")
Outcome = tuple[T, Changes]  # (what the operation returns, what its writes changed)
