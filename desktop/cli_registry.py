"""Where command modules register their handlers and arguments, so `cli.py` stays the one entry point and each
topic's commands live in a module of their own (`cli_memory.py`, …) without importing the entry point."""

from __future__ import annotations

import argparse
from typing import Any, Awaitable, Callable

from desktop.workbench import Workbench

Handler = Callable[[Workbench, argparse.Namespace], Awaitable[Any]]
Adder = Callable[..., argparse.ArgumentParser]  # add(name, help, *, book=True) → the command's parser

COMMANDS: dict[str, tuple[Handler, bool]] = {}  # name → (handler, needs an open book)
ARGUMENTS: list[Callable[[Adder], None]] = []  # each adds its module's commands to the parser, in import order


def command(name: str, *, book: bool = True):
    def register(fn: Handler) -> Handler:
        COMMANDS[name] = (fn, book)
        return fn

    return register


def arguments(fn: Callable[[Adder], None]) -> Callable[[Adder], None]:
    """Registers a module's parser builder: it gets `add` and declares its commands' arguments."""
    ARGUMENTS.append(fn)
    return fn


def chapter_range(text: str | None) -> tuple[int, int] | None:
    """--chapters A-B (or one number) as a pair; a clear message for anything else."""
    if not text:
        return None
    first, _, last = text.partition("-")
    try:
        return int(first), int(last or first)
    except ValueError:
        raise ValueError(f"--chapters wants A-B (e.g. 10-20), not {text!r}") from None
