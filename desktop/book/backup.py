"""Snapshots of a book: consistent, compressed copies of both graphs and the archive, kept with a limit; restore."""

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
from filelock import FileLock, Timeout

from desktop import __version__
from desktop.book.errors import BookError, BookLockedError
from desktop.book.preflight import (ARCHIVE_FILE, BOOK_FILE, FACTS_FILE, PLAN_FILE, SIDECARS, STORE_FILES,
                                    header_problem, magic_length)

if TYPE_CHECKING:
    from desktop.book.book import Book

BACKUPS_DIR = "backups"
MANIFEST = "snapshot.json"
DEFAULT_KEEP = 20
LOCK_FILE = ".inkstone.lock"  # the same lock Book holds while a book is open
PACKED = ".gz"
# A fresh Kuzu file is megabytes of mostly empty pages; level 1 packs it to
# kilobytes at several hundred MB/s, so twenty kept snapshots stay small.
_LEVEL = 1
_BUFFER = 1 << 20
_PARTIAL = ".partial-"
_STAGED = ".restoring-"
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


def restore(book_path: Path | str, name: str, *, keep: int = DEFAULT_KEEP) -> dict:
    """Put snapshot `name` back as the book; the book must be closed. The state replaced is snapshotted first.

    Returns {"restored": name, "pre_restore": the snapshot holding what was there before}.
    """
    book_path = Path(book_path)
    source = _snapshot_folder(book_path, name)
    problems = snapshot_problems(source)
    if problems:
        raise BookError(f"snapshot {name} cannot be restored: {'; '.join(problems)}")
    with _closed_book(book_path):
        pre_restore = _pack_closed_book(book_path, reason="pre-restore")
        _replace_stores(book_path, source, name)
    prune(book_path, keep, protect={pre_restore.name})
    return {"restored": name, "pre_restore": pre_restore.name}


def prune(book_path: Path | str, keep: int = DEFAULT_KEEP, *, protect: set[str] = frozenset()) -> list[str]:
    """Delete all but the newest `keep` snapshots (and copies a crash left half-made); the names deleted."""
    root = Path(book_path) / BACKUPS_DIR
    if not root.is_dir():
        return []
    for leftover in root.glob(_PARTIAL + "*"):
        shutil.rmtree(leftover, ignore_errors=True)
    names = [s["name"] for s in list_snapshots(book_path)]
    doomed = [n for n in names[max(keep, 0):] if n not in protect]
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
    with source.open("rb") as src, target.open("wb") as raw:
        with gzip.GzipFile(filename=source.name, mode="wb", fileobj=raw, compresslevel=_LEVEL, mtime=0) as out:
            shutil.copyfileobj(src, out, _BUFFER)
        raw.flush()
        os.fsync(raw.fileno())


def _unpack(source: Path, target: Path) -> None:
    with gzip.open(source, "rb") as src, target.open("wb") as out:
        shutil.copyfileobj(src, out, _BUFFER)
        out.flush()
        os.fsync(out.fileno())


def _pack_closed_book(book_path: Path, *, reason: str) -> Path:
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
    (partial / MANIFEST).write_text(json.dumps(manifest, ensure_ascii=False, indent=2), encoding="utf-8")
    _fsync(partial / MANIFEST)
    partial.rename(final)
    _fsync_dir(final.parent)


# -- putting one back ---------------------------------------------------------------


@contextmanager
def _closed_book(book_path: Path) -> Iterator[None]:
    if not (book_path / BOOK_FILE).exists():
        raise BookError(f"{book_path} is not an Inkstone book (no {BOOK_FILE})")
    lock = FileLock(book_path / LOCK_FILE, timeout=0, thread_local=False)
    try:
        lock.acquire()
    except Timeout:
        raise BookLockedError(f"{book_path} is open in Inkstone; close it before restoring a snapshot") from None
    try:
        yield
    finally:
        lock.release()


def _restorable_files(source: Path) -> list[str]:
    """The store files and any logs the snapshot holds (a copy of a crashed book keeps its logs)."""
    names = [*STORE_FILES] + [f + s for f in STORE_FILES for s in SIDECARS[f]]
    return [n for n in names if (source / (n + PACKED)).is_file()]


def _replace_stores(book_path: Path, source: Path, name: str) -> None:
    """Unpack every file beside the book first, then swap: a failed or damaged copy leaves the book as it was."""
    staged = []
    try:
        for file_name in _restorable_files(source):
            target = book_path / (_STAGED + file_name)
            try:
                _unpack(source / (file_name + PACKED), target)
            except (EOFError, zlib.error, gzip.BadGzipFile) as exc:
                raise BookError(f"snapshot {name} is damaged ({file_name}: {exc}); the book was not changed") from exc
            staged.append((target, book_path / file_name))
        shutil.copyfile(source / BOOK_FILE, book_path / (_STAGED + BOOK_FILE))
        staged.append((book_path / (_STAGED + BOOK_FILE), book_path / BOOK_FILE))
        for file_name in STORE_FILES:
            # A log left beside a restored database would be replayed into it.
            for suffix in SIDECARS[file_name]:
                (book_path / (file_name + suffix)).unlink(missing_ok=True)
        for target, final in staged:
            target.replace(final)
        _fsync_dir(book_path)
    finally:
        for target, _ in staged:
            target.unlink(missing_ok=True)


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


def _snapshot_folder(book_path: Path, name: str) -> Path:
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


def _fsync(path: Path) -> None:
    with path.open("rb") as f:
        os.fsync(f.fileno())


def _fsync_dir(path: Path) -> None:
    if os.name == "nt":  # directories cannot be opened for fsync there; renames are durable already
        return
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
