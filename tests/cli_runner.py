"""Drives `inkstone` in-process the way a shell would: argv in, exit code and the two streams out."""

from __future__ import annotations

import json

from desktop.cli import main


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys, *argv: str):
    """The command's --json output, parsed; the command must succeed."""
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err
    return json.loads(out)
