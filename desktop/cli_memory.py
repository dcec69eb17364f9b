"""Commands over the book's memory: continuity checks of drafts and chapters, the manuscript audit, and
characters' personas."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from desktop.cli_registry import Adder, arguments, chapter_range, command
from desktop.workbench import Workbench


@command("check")
async def _check(wb: Workbench, args: argparse.Namespace) -> Any:
    if args.file is None and args.chapter is None:
        raise ValueError("check needs a FILE, or --chapter N for a chapter of the book")
    text = None
    if args.file is not None:
        try:
            text = Path(args.file).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise ValueError(f"{args.file}: cannot read it as UTF-8 text ({exc})") from None
    return await wb.check(text, chapter=args.chapter, use_model=args.model)


@command("audit")
async def _audit(wb: Workbench, args: argparse.Namespace) -> Any:
    if args.dismiss or args.undismiss:
        return await wb.dismiss_issue(args.dismiss or args.undismiss, intended=bool(args.dismiss))
    show = None if args.json or not sys.stderr.isatty() else _show_audit_progress
    report = await wb.audit(chapter_range(args.chapters), progress=show)
    if show is not None:
        sys.stderr.write("\n")
    return report


def _show_audit_progress(progress) -> None:
    eta = f", about {progress.eta_seconds:.0f} s left" if progress.eta_seconds else ""
    sys.stderr.write(f"\raudit: {progress.done}/{progress.total} ({progress.detail}){eta}   ")
    sys.stderr.flush()


@command("persona")
async def _persona(wb: Workbench, args: argparse.Namespace) -> Any:
    if args.base:
        return await wb.set_base_persona(args.name, args.base)
    if args.update:
        return await wb.update_persona(args.name)
    if args.revert is not None:
        return await wb.revert_persona(args.name, args.revert)
    return await wb.persona(args.name)


@arguments
def _memory_arguments(add: Adder) -> None:
    p = add("check", "continuity check of a draft or a chapter against canon settled before it")
    p.add_argument("file", nargs="?", type=Path, help="a UTF-8 text file (default: --chapter N of the book)")
    p.add_argument("--chapter", type=int, help="the chapter the text is (default for a file: the narrative pointer's)")
    p.add_argument("--model", action="store_true", help="also ask the model about sentences the rules cannot decide")

    p = add("audit", "check every imported chapter against canon as of that chapter; a rerun redoes only chapters "
                     "whose text or canon changed")
    p.add_argument("--chapters", help="only chapters A-B (e.g. 1-20)")
    which = p.add_mutually_exclusive_group()
    which.add_argument("--dismiss", metavar="FINGERPRINT", help="this issue is intended: show it as dismissed from now on")
    which.add_argument("--undismiss", metavar="FINGERPRINT", help="take a dismissal back")

    p = add("persona", "a character's base and evolved persona: show, set the base, update or revert the evolved")
    p.add_argument("name")
    action = p.add_mutually_exclusive_group()
    action.add_argument("--base", metavar="TEXT", help="set the base persona (once: it is the fixed core)")
    action.add_argument("--update", action="store_true", help="summarise recent settled facts into a new evolved persona")
    action.add_argument("--revert", type=int, metavar="VERSION", help="make an earlier evolved version current again")
