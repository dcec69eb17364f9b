"""How the command line fails: one line on stderr, never a traceback (that goes to a log file, or to stderr
with --debug or INKSTONE_DEBUG=1)."""

from __future__ import annotations

import argparse
import os
import sys
import traceback
from datetime import datetime, timezone
from pathlib import Path
from typing import NoReturn

from desktop import paths
from desktop.book.errors import BookError
from desktop.engine.errors import ModelError

# Errors whose message is written for the author: shown as they are. Anything else is a bug or a store's
# own failure: shown with its type, its traceback kept in the log.
EXPECTED = (BookError, ModelError, OSError, ValueError)
LOG_NAME = "cli-errors.log"


class OneLineParser(argparse.ArgumentParser):
    """argparse, but a bad argument is one line (the usage is a --help away), exit status 2 as argparse's."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"inkstone: error: {self.prog}: {one_line(message)} (see {self.prog} --help)\n")


def debugging(flag: bool = False) -> bool:
    return flag or os.environ.get("INKSTONE_DEBUG", "") not in ("", "0")


def one_line(text: str) -> str:
    return " ".join(part.strip() for part in text.splitlines() if part.strip())


def report(exc: BaseException, *, debug: bool = False) -> int:
    """Say what went wrong on one line of stderr; the exit status."""
    if isinstance(exc, KeyboardInterrupt):
        print("inkstone: interrupted", file=sys.stderr)
        return 130
    if isinstance(exc, EXPECTED) and not debugging(debug):
        print(f"inkstone: error: {one_line(str(exc)) or type(exc).__name__}", file=sys.stderr)
        return 1
    details = "".join(traceback.format_exception(exc))
    if debugging(debug):
        sys.stderr.write(details)
        return 1
    where = _keep(details)
    text = one_line(str(exc))
    kept = f" (details in {where})" if where else ""
    print(f"inkstone: error: {type(exc).__name__}{': ' + text if text else ''}{kept}", file=sys.stderr)
    return 1


def _keep(details: str) -> Path | None:
    """Append the traceback to the user's log; None when even that cannot be written."""
    try:
        path = paths.user_data_dir() / LOG_NAME
        with path.open("a", encoding="utf-8") as log:
            log.write(f"--- {datetime.now(timezone.utc).isoformat()} inkstone {' '.join(sys.argv[1:])}\n{details}")
        return path
    except OSError:
        return None
