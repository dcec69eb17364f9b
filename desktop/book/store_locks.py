"""Whether another process has a book's stores open, asked of the locks Kuzu and SQLite themselves hold.

The book's lock file can be deleted while Inkstone has the book open; a restore trusting it alone
would swap files under a running process. Kuzu locks its database file and every SQLite connection
in WAL mode holds a shared lock on the database for as long as it is open, so a lock of our own
on those files is refused while any other process uses them.
"""

from __future__ import annotations

import os
from pathlib import Path

from desktop.book.preflight import ARCHIVE_FILE, FACTS_FILE, PLAN_FILE

try:
    import fcntl
except ImportError:  # Windows: the stores' files cannot be replaced while open there anyway
    fcntl = None

_CHECKED = (FACTS_FILE, PLAN_FILE, ARCHIVE_FILE, ARCHIVE_FILE + "-shm")


def stores_in_use(folder: Path) -> list[str]:
    """The store files some other process holds a lock on."""
    if fcntl is None:
        return []
    return [name for name in _CHECKED if _locked_elsewhere(folder / name)]


def _locked_elsewhere(path: Path) -> bool:
    try:
        fd = os.open(path, os.O_RDWR | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return False  # missing (or not ours to open): nothing holds it
    try:
        fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # record locks, SQLite's kind
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # whole-file locks
    except OSError:
        return True
    finally:
        os.close(fd)  # and with it both locks
    return False
