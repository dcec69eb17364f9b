"""Progress reports and cancel tokens shared by every long operation, from import to generation."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Callable


@dataclass(frozen=True)
class Progress:
    label: str
    done: int
    total: int  # 0 when unknown
    # Optional finer detail, for long jobs whose steps are uneven (whole-book extraction):
    fraction: float | None = None     # how far the whole job is, 0..1, moving within a step too
    eta_seconds: float | None = None  # time left, from the speed measured so far; None until it can be told
    detail: str = ""                  # what is happening inside the current step ("第12回: facts")


ProgressCallback = Callable[[Progress], None]


def no_progress(_: Progress) -> None:
    pass


class Cancelled(Exception):
    """Raised by a worker that noticed its cancel token between steps."""


class CancelToken:
    """Set from any thread; long work checks it between tokens, batches or chapters."""

    def __init__(self) -> None:
        self._event = threading.Event()

    def cancel(self) -> None:
        self._event.set()

    @property
    def cancelled(self) -> bool:
        return self._event.is_set()

    def raise_if_cancelled(self) -> None:
        if self._event.is_set():
            raise Cancelled()
