"""Opening the book's Kuzu graphs in a child process first: a damaged file then crashes the child, not Inkstone.

Kuzu trusts its file: a few flipped bytes in the middle can make it segfault, which takes the
whole program down with no message. A child process that opens each graph read-only and reads
every table turns that crash into an exit status we can explain.
"""

from __future__ import annotations

import json
import logging
import subprocess
import sys
from pathlib import Path

from desktop.book.errors import BookCorruptError
from desktop.book.files import replace_file, write_new
from desktop.book.preflight import CLOSED_PRINT, FACTS_FILE, OPEN_MARKER, PLAN_FILE

log = logging.getLogger(__name__)

PROBE_TIMEOUT_S = 60.0
_GRAPHS = {FACTS_FILE: "facts graph", PLAN_FILE: "plan graph"}
# Prints each graph's name once it opened and every table in it was read to the end.
# A kill in the middle of a checkpoint leaves shadow pages that only a read-write open replays: that is
# Kuzu's own recovery, not damage, so the child replays them (the open the app would do next anyway).
_PROBE = """
import sys, kuzu
for path in sys.argv[1:]:
    try:
        db = kuzu.Database(path, read_only=True)
    except RuntimeError as exc:
        if "read-write mode" not in str(exc):
            raise
        db = kuzu.Database(path)
    conn = kuzu.Connection(db)
    for row in conn.execute("CALL show_tables() RETURN name, type").get_all():
        if row[1] == "NODE":
            conn.execute(f"MATCH (n:`{row[0]}`) RETURN n").get_all()
        elif row[1] == "REL":
            conn.execute(f"MATCH ()-[r:`{row[0]}`]->() RETURN r").get_all()
    conn.close()
    db.close()
    print(path, flush=True)
"""


def graph_damage(folder: Path, *, timeout: float = PROBE_TIMEOUT_S) -> list[str]:
    """What is wrong with the book's graphs as a child process found it; [] when both open and read whole."""
    if getattr(sys, "frozen", False):  # a packaged app has no interpreter to run `-c` with
        return []
    paths = [str(folder / name) for name in _GRAPHS]
    try:
        proc = subprocess.run([sys.executable, "-c", _PROBE, *paths], capture_output=True, text=True,
                              timeout=timeout)
    except subprocess.TimeoutExpired:  # slow is not damaged: a big graph on a busy machine is let through
        log.warning("probing the graphs of %s took over %.0f s; not checked", folder, timeout)
        return []
    if proc.returncode == 0:
        return []
    done = set(proc.stdout.split("\n"))
    name = next(name for name, path in zip(_GRAPHS, paths) if path not in done)
    how = f"crashed Kuzu (signal {-proc.returncode})" if proc.returncode < 0 else _last_line(proc.stderr)
    return [f"the {_GRAPHS[name]} ({folder / name}) is damaged: opening it {how}"]


def refuse_damaged_graphs(folder: Path) -> None:
    """Probe the graphs, and refuse the book with a clear message where a child process found them damaged."""
    damage = graph_damage(folder)
    if damage:
        raise BookCorruptError(f"{'; '.join(damage)}. Restore a backup: inkstone restore {folder} SNAPSHOT "
                               f"(inkstone backup {folder} --list shows them); nothing was changed")


def probe_unless_as_left(folder: Path) -> None:
    """The probe (~0.4 s), unless the graphs are exactly as Inkstone's last clean close left them: it runs after a
    crash, a kill or a graph that crashed Kuzu, for a book someone sent, and when anything else touched the files."""
    if (folder / OPEN_MARKER).exists() or _recorded(folder) != _fingerprint(folder):
        refuse_damaged_graphs(folder)


def mark_open(folder: Path) -> None:
    (folder / CLOSED_PRINT).unlink(missing_ok=True)
    write_new(folder / OPEN_MARKER, b"")


def mark_closed(folder: Path) -> None:
    """Called once the stores are closed, so the recorded files are final."""
    replace_file(folder / CLOSED_PRINT, json.dumps(_fingerprint(folder)))
    (folder / OPEN_MARKER).unlink(missing_ok=True)


def _fingerprint(folder: Path) -> dict[str, list[int]]:
    out = {}
    for name in (*_GRAPHS, *(g + ".wal" for g in _GRAPHS)):
        try:
            stat = (folder / name).stat()
        except FileNotFoundError:
            continue
        out[name] = [stat.st_size, stat.st_mtime_ns]
    return out


def _recorded(folder: Path) -> dict | None:
    try:
        return json.loads((folder / CLOSED_PRINT).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None  # never closed by this version, or unreadable: not trusted


def _last_line(text: str) -> str:
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return f"failed: {lines[-1][:300]}" if lines else "failed"
