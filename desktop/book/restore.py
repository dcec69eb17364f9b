"""Putting a snapshot back: every store staged, an intent recorded, then the swaps; an open finishes a cut-off one.

A restore replaces three stores and book.json, and no file system renames four files at once. So the
snapshot is unpacked whole into a staging folder beside the book, an intent file says which files
come from it, and only then are the files renamed into place, store by store. A restore killed
between two renames leaves the intent behind; the next open (or restore) finishes the swaps, so the
book never mixes facts from the snapshot with the journal it replaced.
"""

from __future__ import annotations

import gzip
import json
import logging
import os
import shutil
import zlib
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from filelock import FileLock, Timeout

from desktop.book.backup import (DEFAULT_KEEP, PACKED, fsync_dir, pack_closed_book, prune, snapshot_folder,
                                 snapshot_problems, unpack)
from desktop.book.errors import BookError, BookLockedError
from desktop.book.files import replace_file
from desktop.book.preflight import (BOOK_FILE, LOCK_FILE, RESTORE_INTENT, RESTORE_STAGING, SIDECARS, STORE_FILES,
                                    refuse_links)
from desktop.book.store_locks import stores_in_use

log = logging.getLogger(__name__)

_REPLACED = "replaced"  # inside the staging folder: the logs of the stores a restore replaced
_OLD_STAGED = ".restoring-"  # files an earlier Inkstone staged beside the book


def restore(book_path: Path | str, name: str, *, keep: int = DEFAULT_KEEP, force: bool = False) -> dict:
    """Put snapshot `name` back as the book; the book must be closed. The state replaced is snapshotted first.

    A snapshot of another book is refused unless `force`.
    Returns {"restored": name, "pre_restore": the snapshot holding what was there before}.
    """
    book_path = Path(book_path)
    source = snapshot_folder(book_path, name)
    problems = snapshot_problems(source)
    if problems:
        raise BookError(f"snapshot {name} cannot be restored: {'; '.join(problems)}")
    with _closed_book(book_path, "close it before restoring a snapshot"):
        _finish(book_path)
        if not force:
            _refuse_other_book(book_path, source, name)
        pre_restore = pack_closed_book(book_path, reason="pre-restore")
        files = _stage(book_path, source, name)
        replace_file(book_path / RESTORE_INTENT, json.dumps({"snapshot": name, "files": files}))
        _swap(book_path, files)
    prune(book_path, keep, protect={pre_restore.name})
    return {"restored": name, "pre_restore": pre_restore.name}


def finish_interrupted_restore(book_path: Path | str) -> str | None:
    """Complete a restore cut off between its swaps, and clear what a cut-off restore left; the snapshot's name."""
    book_path = Path(book_path)
    leftovers = list(book_path.glob(_OLD_STAGED + "*"))
    if not leftovers and not (book_path / RESTORE_STAGING).exists() and not (book_path / RESTORE_INTENT).exists():
        return None
    with _closed_book(book_path, "it is open in another Inkstone window or process"):
        for leftover in leftovers:
            leftover.unlink(missing_ok=True)
        finished = _finish(book_path)
    if finished:
        log.warning("finished restoring snapshot %s, which an earlier restore was cut off in", finished)
    return finished


# -- the steps ---------------------------------------------------------------------------


@contextmanager
def _closed_book(book_path: Path, busy: str) -> Iterator[None]:
    if not (book_path / BOOK_FILE).exists():
        raise BookError(f"{book_path} is not an Inkstone book (no {BOOK_FILE})")
    refuse_links(book_path)  # the lock file and every file swapped below must be the book's own
    lock = FileLock(book_path / LOCK_FILE, timeout=0, thread_local=False)
    try:
        lock.acquire()
    except Timeout:
        raise BookLockedError(f"{book_path} is open in Inkstone; {busy}") from None
    try:
        # The lock file can be deleted while a process has the book open; the stores' own locks cannot.
        busy_stores = stores_in_use(book_path)
        if busy_stores:
            raise BookLockedError(f"{book_path} is open in Inkstone ({', '.join(busy_stores)} in use); {busy}")
        yield
    finally:
        lock.release()


def _refuse_other_book(book_path: Path, source: Path, name: str) -> None:
    ours, theirs = _identity(book_path), _identity(source)
    if ours[0] and theirs[0] and ours[0] != theirs[0]:
        raise BookError(f"snapshot {name} is of another book («{theirs[1]}», not «{ours[1]}»); "
                        "nothing was changed (restore it with --force if that is what you want)")


def _identity(folder: Path) -> tuple[str, str]:
    """(book id, title) from a book.json; empty where a book from before ids has none."""
    try:
        meta = json.loads((folder / BOOK_FILE).read_text(encoding="utf-8"))
        return str(meta.get("book_id") or ""), str(meta.get("title") or "")
    except (OSError, ValueError, AttributeError):
        return "", ""


def _restorable(source: Path) -> list[str]:
    """The store files and any logs the snapshot holds (a copy of a crashed book keeps its logs)."""
    names = [*STORE_FILES] + [f + s for f in STORE_FILES for s in SIDECARS[f]]
    return [n for n in names if (source / (n + PACKED)).is_file()]


def _stage(book_path: Path, source: Path, name: str) -> list[str]:
    """Unpack the whole snapshot into the staging folder; a damaged copy fails here, the book untouched."""
    staging = book_path / RESTORE_STAGING
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir()
    try:
        files = _restorable(source)
        for file_name in files:
            try:
                unpack(source / (file_name + PACKED), staging / file_name)
            except (EOFError, zlib.error, gzip.BadGzipFile) as exc:
                raise BookError(f"snapshot {name} is damaged ({file_name}: {exc}); the book was not changed") from exc
        shutil.copyfile(source / BOOK_FILE, staging / BOOK_FILE)
        fsync_dir(staging)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return [*files, BOOK_FILE]


def _finish(book_path: Path) -> str | None:
    """Redo the swaps a recorded intent names (each step can run twice); else drop a staging never swapped."""
    staging = book_path / RESTORE_STAGING
    try:
        intent = json.loads((book_path / RESTORE_INTENT).read_text(encoding="utf-8"))
    except FileNotFoundError:
        shutil.rmtree(staging, ignore_errors=True)  # cut off while staging: the book was never touched
        return None
    except (OSError, ValueError) as exc:
        raise BookError(f"{book_path / RESTORE_INTENT} is unreadable ({exc}); "
                        "restore the snapshot again (inkstone restore)") from exc
    _swap(book_path, intent["files"])
    return intent["snapshot"]


def _swap(book_path: Path, files: list[str]) -> None:
    staging = book_path / RESTORE_STAGING
    (staging / _REPLACED).mkdir(exist_ok=True)
    for store in STORE_FILES:
        _install(book_path, store, files)
    _move_in(book_path, BOOK_FILE)
    fsync_dir(book_path)
    (book_path / RESTORE_INTENT).unlink()
    fsync_dir(book_path)
    shutil.rmtree(staging, ignore_errors=True)


def _install(book_path: Path, store: str, files: list[str]) -> None:
    """One store from the staging folder: its logs first (a log left from the old store would be replayed into the
    new one, so it is moved aside), its main file last; a store already installed is left alone."""
    staging = book_path / RESTORE_STAGING
    if store in files and not (staging / store).exists():
        return
    for suffix in SIDECARS[store]:
        log_name = store + suffix
        if log_name in files:
            _move_in(book_path, log_name)
        elif (book_path / log_name).exists():
            os.replace(book_path / log_name, staging / _REPLACED / log_name)
    _move_in(book_path, store)


def _move_in(book_path: Path, file_name: str) -> None:
    staged = book_path / RESTORE_STAGING / file_name
    if staged.exists():
        os.replace(staged, book_path / file_name)
