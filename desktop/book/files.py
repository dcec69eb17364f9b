"""Writing files that must not be redirected: temp files created exclusively, never through a link, then renamed."""

from __future__ import annotations

import os
from pathlib import Path
from typing import BinaryIO

# A book folder may come from someone else. A link planted where we put a temp
# file (book.json.tmp → ~/.bashrc) would make an ordinary save overwrite a file
# outside the book; O_EXCL|O_NOFOLLOW makes the open fail instead of following it.
_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)


def open_new(path: Path, *, replace_stale: bool = True) -> BinaryIO:
    """Open `path` for writing as a file this call creates; a leftover there (file or link) is removed, not followed."""
    if replace_stale:
        try:
            os.unlink(path)  # removes a link itself, never what it points at
        except FileNotFoundError:
            pass
    return os.fdopen(os.open(path, _FLAGS, 0o644), "wb")


def write_new(path: Path, data: bytes) -> None:
    """Write `data` into a file created here, flushed to disk."""
    with open_new(path) as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())


def replace_file(path: Path, data: bytes | str) -> None:
    """Put `data` at `path` whole or not at all: a temp file beside it, then an atomic rename.

    The rename replaces a link at `path` with the file; it never writes where a link points.
    """
    if isinstance(data, str):
        data = data.encode("utf-8")
    tmp = path.with_name(path.name + ".tmp")
    write_new(tmp, data)
    try:
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
