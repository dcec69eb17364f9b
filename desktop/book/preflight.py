"""Checks on a book folder before any database in it is opened: damaged store files and folders we cannot write."""

from __future__ import annotations

import os
from pathlib import Path

from desktop.book.errors import BookCorruptError, BookError

FACTS_FILE = "facts.kuzu"
PLAN_FILE = "plan.kuzu"
ARCHIVE_FILE = "archive.sqlite"
BOOK_FILE = "book.json"
STORE_FILES = (FACTS_FILE, PLAN_FILE, ARCHIVE_FILE)
LOCK_FILE = ".inkstone.lock"  # Book holds it while the book is open
BACKUPS_DIR = "backups"
RESTORE_INTENT = ".restore-intent.json"  # a restore between its swaps; the next open finishes it
RESTORE_STAGING = ".restoring"  # the snapshot's files, unpacked beside the book before any swap
OPEN_MARKER = ".inkstone.open"  # present while the book is open; found at open, the last one did not close cleanly
CLOSED_PRINT = ".inkstone.closed"  # size and mtime of each graph file as the last clean close left them

# Each store's first bytes. Kuzu and SQLite both take a zero-length file for a
# new, empty database and would quietly open a book whose facts are gone, so a
# file that does not start like one of theirs is refused before they see it.
_MAGIC = {FACTS_FILE: b"KUZU", PLAN_FILE: b"KUZU", ARCHIVE_FILE: b"SQLite format 3\x00"}
_KIND = {FACTS_FILE: "Kuzu graph database", PLAN_FILE: "Kuzu graph database", ARCHIVE_FILE: "SQLite database"}
# Files the stores keep beside their main file while open or after a crash.
# Kuzu keeps pages it is checkpointing in a .shadow file, replayed at open after a crash.
SIDECARS = {FACTS_FILE: (".wal", ".shadow"), PLAN_FILE: (".wal", ".shadow"), ARCHIVE_FILE: ("-wal", "-shm", "-journal")}


def store_problems(folder: Path) -> list[str]:
    """What is wrong with the store files in `folder` (a book or a snapshot), as messages; [] when they look whole."""
    problems = []
    for name in STORE_FILES:
        path = folder / name
        try:
            with path.open("rb") as f:
                head = f.read(len(_MAGIC[name]))
        except FileNotFoundError:
            problems.append(f"{path} is missing")
            continue
        except OSError as exc:
            problems.append(f"{path} cannot be read: {exc.strerror or exc}")
            continue
        if not head and name == ARCHIVE_FILE and _has_wal(path):
            continue  # SQLite in WAL mode may not have written its first page yet; the log holds the data
        problem = header_problem(name, head)
        if problem:
            problems.append(f"{path} {problem}")
    return problems


def header_problem(name: str, head: bytes) -> str | None:
    """Whether a store file's first bytes are its database's; None when they are, else what is wrong."""
    if not head:
        return f"is empty (0 bytes), not a {_KIND[name]}"
    if head[:len(_MAGIC[name])] != _MAGIC[name]:
        return f"is not a {_KIND[name]} (damaged or overwritten)"
    return None


def magic_length(name: str) -> int:
    return len(_MAGIC[name])


def unwritable(folder: Path) -> list[Path]:
    """The book folder and the files in it that this process may not write."""
    paths = [folder] + [folder / name for name in (BOOK_FILE, *STORE_FILES)]
    paths += [folder / (name + suffix) for name, suffixes in SIDECARS.items() for suffix in suffixes]
    return [path for path in paths if path.exists() and not os.access(path, os.W_OK)]


def linked(folder: Path) -> list[str]:
    """The book's own files and folders that are symbolic links (a book someone sent may carry them)."""
    names = [BOOK_FILE, LOCK_FILE, BACKUPS_DIR, RESTORE_INTENT, RESTORE_STAGING, OPEN_MARKER, CLOSED_PRINT,
             *STORE_FILES]
    names += [name + suffix for name, suffixes in SIDECARS.items() for suffix in suffixes]
    return [name for name in names if (folder / name).is_symlink()]


def refuse_links(folder: Path) -> None:
    """Refuse a book whose own files are links: every write to them (a log, the lock) would land where they point."""
    links = linked(folder)
    if links:
        raise BookError(
            f"{folder} is not opened: {', '.join(links)} {'is a link' if len(links) == 1 else 'are links'} "
            "to somewhere else, and Inkstone would write through them into files outside the book. "
            "Replace each link with the real file (or delete it) and open the book again; nothing was changed"
        )


def check_book_folder(folder: Path) -> None:
    """Refuse, with one message, a book whose store files are damaged or links, or whose folder cannot be written.

    Runs before Kuzu or SQLite touch anything, so a refused book is left exactly as it was.
    """
    refuse_links(folder)
    problems = store_problems(folder)
    if problems:
        raise BookCorruptError(
            f"{'; '.join(problems)} — restore the book from a snapshot (inkstone restore); nothing was changed"
        )
    blocked = unwritable(folder)
    if blocked:
        names = ", ".join("the folder" if p == folder else p.name for p in blocked[:4])
        raise BookError(
            f"{folder} is read-only ({names}); Inkstone writes to a book as you work — "
            "copy the book to a writable folder or change its permissions"
        )


def _has_wal(path: Path) -> bool:
    wal = path.with_name(path.name + "-wal")
    return wal.exists() and wal.stat().st_size > 0
