"""Notes: the author's words (typed, pasted or read from a text file) kept in a task without asking for a reply."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from desktop.importing.decode import ImportFileError, decode_bytes
from desktop.tasks import commands

if TYPE_CHECKING:
    from desktop.book.book import Book
    from desktop.tasks.queues import TaskQueues

NOTE_SUFFIXES = (".txt", ".md", ".markdown", ".text")


class NoteError(ValueError):
    """A note that cannot be kept: no words, or a file that is not text."""


def store_note(book: "Book", queues: "TaskQueues", text: str) -> dict:
    """Keep `text` as a user message of the active task (a task is started when none is active). Store thread.

    Returns {"task", "event" ("created" or None), "message"}. The message is marked as a note in its
    meta, so the window can show it as one; settlement reads it like any other words of the author.
    """
    text = text.strip()
    if not text:
        raise NoteError("a note needs some text")
    task, event = queues.active(), None
    if task is None:
        task, event = queues.new(commands.auto_title(text), commands.DEFAULT_KIND), "created"
    message = book.archive.add_message(task["id"], "user", text, meta={"note": True})
    return {"task": queues.get(task["id"]), "event": event, "message": message}


def read_note_file(path: Path | str) -> str:
    """A .txt or .md file's text, decoded as imports are (UTF-8, GB18030, UTF-16 with BOM, Big5)."""
    path = Path(path)
    if path.suffix.lower() not in NOTE_SUFFIXES:
        raise NoteError(f"{path.name}: a note is read from a .txt or .md file")
    try:
        text, _encoding = decode_bytes(path.read_bytes(), path)
    except ImportFileError as exc:
        raise NoteError(str(exc)) from exc
    return text
