"""Snapshots of a book: consistent, compressed copies of both graphs and the archive, kept with a limit.

Putting one back is restore.py's."""

from __future__ import annotations

import errno
import gzip
import json
import os
import re
import shutil
import zlib
from contextlib import ExitStack, contextmanager
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Iterator

import sqlean

from desktop import __version__
from desktop.book.archive_tables import integrity_problems
from desktop.book.errors import BookCorruptError, BookError
from desktop.book.files import open_new, write_new
from desktop.book.preflight import (ARCHIVE_FILE, BACKUPS_DIR, BOOK_FILE, FACTS_FILE, PLAN_FILE, SIDECARS,
                                    STORE_FILES, header_problem, magic_length)

if TYPE_CHECKING:
    from desktop.book.book import Book

MANIFEST = "snapshot.json"
DEFAULT_KEEP = 20
PACKED = ".gz"
# A fresh Kuzu file is megabytes of mostly empty pages; level 1 packs it to
# kilobytes at several hundred MB/s, so twenty kept snapshots stay small.
_LEVEL = 1
_BUFFER = 1 << 20
_PARTIAL = ".partial-"
# Reasons of the snapshots Inkstone takes by itself; they rotate among themselves.
AUTOMATIC = frozenset({"before-apply", "pre-restore", "scheduled"})
_REASON = re.compile(r"[^a-z0-9]+")
_STAMP = "%Y%m%dT%H%M%S.%fZ"


def snapshot(book: "Book", *, reason: str, keep: int = DEFAULT_KEEP) -> Path:
    """Copy the open book's graphs, archive and book.json into backups/<UTC time>-<reason>/; prune to `keep`.

    No store is written while the copy is made, so the three files show one moment;
    a settlement caught between stores is finished by the journal when the copy is opened.
    """
    root = _backups(book.path)
    name = _new_name(root, reason)
    partial = root / (_PARTIAL + name)
    partial.mkdir(parents=True)
    try:
        with _stores_quiet(book):
            for graph, file_name in ((book.facts, FACTS_FILE), (book.plan, PLAN_FILE)):
                graph.execute("CHECKPOINT;")  # fold the graph's write-ahead log into its one file
                _pack_with_sidecars(book.path, partial, file_name)
            last_settlement = _backup_archive(book, partial)
            shutil.copyfile(book.path / BOOK_FILE, partial / BOOK_FILE)
        _finish(partial, root / name, reason, book.meta.title, last_settlement=last_settlement)
    except (OSError, RuntimeError, zlib.error, _sqlite_error()) as exc:
        shutil.rmtree(partial, ignore_errors=True)
        raise BookError(f"could not snapshot {book.path}: {_why(exc)}; the book itself is unchanged") from exc
    except BaseException:
        shutil.rmtree(partial, ignore_errors=True)
        raise
    prune(book.path, keep)
    return root / name


def snapshot_before_apply(book: "Book", *, keep: int = DEFAULT_KEEP) -> Path:
    """The automatic snapshot taken just before a settlement is applied."""
    return snapshot(book, reason="before-apply", keep=keep)


def list_snapshots(book_path: Path | str) -> list[dict]:
    """The book's snapshots, newest first: name, created_at (UTC ISO), reason, size_bytes (on disk)."""
    root = Path(book_path) / BACKUPS_DIR
    if not root.is_dir():
        return []
    found = []
    for folder in root.iterdir():
        manifest = _manifest(folder)
        if manifest is not None:
            found.append({"name": folder.name, "created_at": manifest.get("created_at"),
                          "reason": manifest.get("reason", ""), "size_bytes": _size(folder)})
    return sorted(found, key=lambda s: s["name"], reverse=True)


def prune(book_path: Path | str, keep: int = DEFAULT_KEEP, *, protect: set[str] = frozenset()) -> list[str]:
    """Keep the newest `keep` automatic snapshots and, apart from them, the newest `keep` taken by hand; delete the
    rest (and copies a crash left half-made); the names deleted. Automatic ones never push out a manual one."""
    root = Path(book_path) / BACKUPS_DIR
    if not root.is_dir():
        return []
    for leftover in root.glob(_PARTIAL + "*"):
        shutil.rmtree(leftover, ignore_errors=True)
    listed = list_snapshots(book_path)
    doomed = []
    for automatic in (True, False):
        names = [s["name"] for s in listed if (s["reason"] in AUTOMATIC) == automatic]
        doomed += [n for n in names[max(keep, 0):] if n not in protect]
    for n in doomed:
        shutil.rmtree(root / n, ignore_errors=True)
    return doomed


def snapshot_problems(folder: Path) -> list[str]:
    """What keeps a snapshot folder from being restored (missing or damaged files), as messages."""
    problems = [] if (folder / BOOK_FILE).is_file() else [f"{folder / BOOK_FILE} is missing"]
    for file_name in STORE_FILES:
        packed = folder / (file_name + PACKED)
        try:
            with gzip.open(packed, "rb") as f:
                head = f.read(magic_length(file_name))
        except FileNotFoundError:
            problems.append(f"{packed} is missing")
            continue
        except (OSError, EOFError, zlib.error) as exc:
            problems.append(f"{packed} is damaged ({exc})")
            continue
        problem = header_problem(file_name, head)
        if problem:
            problems.append(f"{packed} {problem}")
    return problems


# -- making a copy ----------------------------------------------------------------


@contextmanager
def _stores_quiet(book: "Book") -> Iterator[None]:
    # Every store serialises its own writes with one lock; holding all three
    # (always in this order) means no write of this process lands mid-copy.
    # Another process cannot write: the book's file lock keeps it out.
    with ExitStack() as stack:
        for lock in (book.facts._lock, book.plan._lock, book.archive._write_lock):
            stack.enter_context(lock)
        yield


def _backup_archive(book: "Book", partial: Path) -> int | None:
    """SQLite's online backup (page-consistent whatever the log holds), packed; the last settlement id in it."""
    plain = partial / ARCHIVE_FILE
    source = book.archive.engine.raw_connection()
    try:
        copy = sqlean.connect(str(plain))
        try:
            source.driver_connection.backup(copy)
            damage = integrity_problems(copy)
            if damage:
                raise BookCorruptError(
                    f"{book.path / ARCHIVE_FILE} is damaged ({'; '.join(damage)}); no snapshot was made, so the "
                    "good ones are kept — restore the newest good one (inkstone restore) or see inkstone doctor")
            last_settlement = copy.execute("SELECT max(id) FROM journal").fetchone()[0]
        finally:
            copy.close()
    finally:
        source.close()
    _pack(plain, partial / (ARCHIVE_FILE + PACKED))
    plain.unlink()
    return last_settlement


def _pack_with_sidecars(source_dir: Path, target_dir: Path, file_name: str) -> None:
    for suffix in ("", *SIDECARS[file_name]):
        source = source_dir / (file_name + suffix)
        if source.exists():
            _pack(source, target_dir / (source.name + PACKED))


def _pack(source: Path, target: Path) -> None:
    with source.open("rb") as src, open_new(target) as raw:
        with gzip.GzipFile(filename=source.name, mode="wb", fileobj=raw, compresslevel=_LEVEL, mtime=0) as out:
            shutil.copyfileobj(src, out, _BUFFER)
        raw.flush()
        os.fsync(raw.fileno())


def unpack(source: Path, target: Path) -> None:
    with gzip.open(source, "rb") as src, open_new(target) as out:
        shutil.copyfileobj(src, out, _BUFFER)
        out.flush()
        os.fsync(out.fileno())


def pack_closed_book(book_path: Path, *, reason: str) -> Path:
    """A copy of a closed book's files as they lie (logs included), even when some are damaged or missing."""
    root = _backups(book_path)
    name = _new_name(root, reason)
    partial = root / (_PARTIAL + name)
    partial.mkdir(parents=True)
    try:
        for file_name in STORE_FILES:
            _pack_with_sidecars(book_path, partial, file_name)
        if (book_path / BOOK_FILE).exists():
            shutil.copyfile(book_path / BOOK_FILE, partial / BOOK_FILE)
        missing = [f for f in STORE_FILES if not (partial / (f + PACKED)).exists()]
        _finish(partial, root / name, reason, _title(book_path), missing=missing)
    except BaseException:
        shutil.rmtree(partial, ignore_errors=True)
        raise
    return root / name


def _finish(partial: Path, final: Path, reason: str, title: str, **extra) -> None:
    """Write the manifest last and rename the folder into place: a listed snapshot is always a whole one."""
    manifest = {"name": final.name, "created_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
                "reason": reason, "title": title, "inkstone": __version__,
                "files": {p.name: p.stat().st_size for p in sorted(partial.iterdir())}, **extra}
    write_new(partial / MANIFEST, json.dumps(manifest, ensure_ascii=False, indent=2).encode("utf-8"))
    partial.rename(final)
    fsync_dir(final.parent)


# -- names, manifests, files ----------------------------------------------------------


def _backups(book_path: Path) -> Path:
    root = book_path / BACKUPS_DIR
    root.mkdir(exist_ok=True)
    return root


def _new_name(root: Path, reason: str) -> str:
    """<UTC time to the microsecond>-<reason>: sorting names sorts snapshots by age."""
    label = _REASON.sub("-", reason.lower()).strip("-")[:40] or "snapshot"
    stamp = datetime.now(timezone.utc).strftime(_STAMP)
    name, n = f"{stamp}-{label}", 2
    while (root / name).exists() or (root / (_PARTIAL + name)).exists():
        name, n = f"{stamp}-{label}-{n}", n + 1
    return name


def snapshot_folder(book_path: Path, name: str) -> Path:
    folder = book_path / BACKUPS_DIR / name
    if Path(name).name != name or name.startswith(".") or _manifest(folder) is None:
        known = ", ".join(s["name"] for s in list_snapshots(book_path)[:5]) or "none"
        raise BookError(f"no snapshot {name!r} in {book_path} (newest: {known})")
    return folder


def _manifest(folder: Path) -> dict | None:
    if folder.name.startswith(".") or not folder.is_dir():
        return None
    try:
        manifest = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return manifest if isinstance(manifest, dict) else None


def _title(book_path: Path) -> str:
    try:
        return json.loads((book_path / BOOK_FILE).read_text(encoding="utf-8")).get("title", "")
    except (OSError, ValueError, AttributeError):
        return ""


def _size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.iterdir() if p.is_file())


def _sqlite_error() -> type[Exception]:
    return sqlean.Error


def _why(exc: BaseException) -> str:
    """One line for the author: a full disk said plainly, anything else as the store put it."""
    text = " ".join(str(exc).split())
    if getattr(exc, "errno", None) in (errno.ENOSPC, errno.EFBIG, errno.EDQUOT) or any(
            hint in text for hint in ("No space left", "File too large", "disk is full", "Disk quota")):
        return "the disk is full (or the file size limit was reached)"
    return text[:300]


def fsync_dir(path: Path) -> None:
    if os.name == "nt":  # directories cannot be opened for fsync there; renames are durable already
        return
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
