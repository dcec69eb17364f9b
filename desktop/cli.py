"""`inkstone` on the command line: the same Workbench as the window, with --json for machines."""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import math
import sys
from dataclasses import fields, is_dataclass
from enum import Enum
from pathlib import Path
from typing import Any, Mapping

from desktop import __version__, checkout, cli_library, cli_memory, cli_plan, cli_reviews, doctor, paths  # noqa: F401  (they register commands)
from desktop.book.restore import restore
from desktop.cli_errors import OneLineParser, report
from desktop.cli_registry import ARGUMENTS, COMMANDS, chapter_range, command
from desktop.config import Settings
from desktop.contracts import Review, Turn
from desktop.workbench import Workbench

# Field names the JSON keeps although Python cannot (a review item's "class").
JSON_NAMES = {"cls": "class"}


def plain(value: Any) -> Any:
    """The contracts' records and enums as JSON-ready data: the one place the CLI decides how they look."""
    if is_dataclass(value) and not isinstance(value, type):
        omit = getattr(value, "omit_when_none", ())
        return {JSON_NAMES.get(f.name, f.name): plain(getattr(value, f.name)) for f in fields(value)
                if not (f.name in omit and getattr(value, f.name) is None)}
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Mapping):
        return {key: plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(item) for item in value]
    if isinstance(value, Path):
        return str(value)
    if isinstance(value, float) and not math.isfinite(value):
        return None  # JSON has no NaN or Infinity; a reader would choke on them (see to_json)
    return value


def to_json(value: Any) -> str:
    """The one serializer of --json output: strict JSON any parser reads (allow_nan=False as a last guard)."""
    return json.dumps(plain(value), ensure_ascii=False, indent=2, default=str, allow_nan=False)


def _print_text(value: Any, indent: int = 0) -> None:
    value = plain(value)
    pad = "  " * indent
    if isinstance(value, dict):
        for key, item in value.items():
            if isinstance(item, (dict, list)) and item:
                print(f"{pad}{key}:")
                _print_text(item, indent + 1)
            else:
                print(f"{pad}{key}: {item}")
    elif isinstance(value, list):
        for item in value:
            if isinstance(item, dict):
                print(f"{pad}- " + ", ".join(f"{k}={v}" for k, v in item.items() if not isinstance(v, (dict, list))))
            else:
                print(f"{pad}- {item}")
    elif value is not None:
        print(f"{pad}{value}")


# -- commands -------------------------------------------------------------------------


@command("new", book=False)
async def _new(wb: Workbench, args: argparse.Namespace) -> Any:
    return await wb.create_book(args.book, title=args.title, language=args.language)


@command("apply")
async def _apply(wb: Workbench, args: argparse.Namespace) -> Any:
    if (args.review is None) == (args.document is None):
        raise ValueError("apply needs a DOCUMENT, or --review ID for a proposal waiting for review (not both)")
    if args.review is not None:
        if args.dry_run:
            raise ValueError("--dry-run goes with a DOCUMENT; `inkstone reviews BOOK` shows what a review holds")
        return await cli_reviews.apply_review(wb, args)
    if args.dry_run:  # what would be applied and the chapters it would contradict; nothing is written
        return await wb.apply_preview(Path(args.document))
    result = await wb.apply(Path(args.document), source=f"file:{Path(args.document).name}")
    await wb.refresh_mentions()  # the window relinks in the background; a command finishes it before exiting
    return result


@command("undo")
async def _undo(wb: Workbench, args: argparse.Namespace) -> Any:
    if args.dry_run:
        return await wb.undo_preview(args.settlement_id)
    result = await wb.undo(args.settlement_id)
    await wb.refresh_mentions()
    return result


@command("failed")
async def _failed(wb: Workbench, args: argparse.Namespace) -> Any:
    if args.discard is not None:
        return await wb.discard_settlement(args.discard)
    if args.retry is not None:
        return await wb.retry_settlement(args.retry, args.document)
    if args.document is not None:
        raise ValueError("--document goes with --retry ID")
    return [{"id": e["id"], "source": e["source"], "chapter": (e["document"] or {}).get("chapter"),
             "updated_at": e["updated_at"], "error": e["error"]} for e in await wb.failed_settlements()]


@command("facts")
async def _facts(wb: Workbench, args: argparse.Namespace) -> Any:
    snap = await wb.facts(entity=args.entity, as_of=args.as_of)
    out = {
        "as_of": snap["as_of"],
        "entities": [{k: e[k] for k in ("kind", "name", "aliases", "summary", "first_chapter", "attributes")}
                     for e in snap["entities"]],
        "relations": [{k: r[k] for k in ("type", "from", "to", "properties", "valid_from", "valid_to", "settlement")}
                      for r in snap["relations"]],
        "hooks": [{k: h.get(k) for k in ("name", "status", "planted_in", "resolved_in", "due_by", "involves")}
                  for h in snap["hooks"]],
    }
    if "mentions" in snap:
        out["mentions"] = snap["mentions"]
    return out


@command("task")
async def _task(wb: Workbench, args: argparse.Namespace) -> Any:
    if args.action == "list":
        return await wb.tasks()
    if not args.ref:
        raise ValueError(f"task {args.action} needs a {'title' if args.action == 'new' else 'task id or title'}")
    ref = " ".join(args.ref)
    if args.action == "new":
        task = await wb.new_task(ref, args.kind)
    elif args.action == "switch":
        task = await wb.switch_task(ref)
    else:
        task = await wb.restart_task(ref)
    return task


@command("say")
async def _say(wb: Workbench, args: argparse.Namespace) -> Any:
    streamed = not args.json and sys.stdout.isatty()
    on_token = (lambda piece: (sys.stdout.write(piece), sys.stdout.flush())) if streamed else None
    if args.no_reply:
        kept = await wb.note(args.text)
        return {k: kept[k] for k in ("task_id", "message_id", "event", "characters")}
    turn = await wb.say(args.text, on_token=on_token)
    if args.json:
        return Turn.from_row(turn)
    if streamed:
        print()
        return turn.get("error") or turn.get("notice") if not turn.get("reply") else None
    return turn.get("reply") or turn.get("notice") or turn.get("error")


@command("context")
async def _context(wb: Workbench, args: argparse.Namespace) -> Any:
    return await wb.context(args.task, args.mode)


@command("settle")
async def _settle(wb: Workbench, args: argparse.Namespace) -> Any:
    review = await wb.settle(args.task, progress=_stderr_progress(args))
    return {**review, "impact": await wb.settlement_impact(review)}


@command("plan")
async def _plan(wb: Workbench, args: argparse.Namespace) -> Any:
    return await wb.plan()


def _stderr_progress(args: argparse.Namespace):
    """Progress on stderr for people; nothing for --json consumers reading stdout."""
    if getattr(args, "json", False) or not sys.stderr.isatty():
        return None

    def show(progress) -> None:
        total = f"/{progress.total}" if progress.total else ""
        sys.stderr.write(f"\r{progress.label}: {progress.done}{total}   ")
        sys.stderr.flush()

    return show


@command("import")
async def _import(wb: Workbench, args: argparse.Namespace) -> Any:
    rules = {"heading_pattern": args.heading_pattern, "heading_lines": tuple(args.heading_lines or ())}
    if args.dry_run:
        return await wb.preview_import(args.paths, **rules)
    on_conflict = "replace" if args.replace else "append" if args.append else "refuse"
    return await wb.import_paths(args.paths, extract=not args.no_extract, embed=not args.no_embed,
                                 on_conflict=on_conflict, progress=_stderr_progress(args), **rules)


@command("extract")
async def _extract(wb: Workbench, args: argparse.Namespace) -> Any:
    show = _extract_progress(args)
    reviews = await wb.extract_chapters(chapter_range(args.chapters), limit=args.limit, progress=show)
    if show is not None:
        sys.stderr.write("\n")
    return [{"settlement_id": r.settlement_id, "chapter": r.chapter, "items": len(r.items),
             "conflicts": sum(1 for i in r.items if i.cls == "conflict")} for r in map(Review.from_row, reviews)]


def _extract_progress(args: argparse.Namespace):
    """Chapters done of total, the step inside the chapter, and the time left once it can be told."""
    if getattr(args, "json", False) or not sys.stderr.isatty():
        return None

    def show(progress) -> None:
        eta = f", about {progress.eta_seconds:.0f} s left" if progress.eta_seconds else ""
        detail = f" ({progress.detail})" if progress.detail else ""
        sys.stderr.write(f"\rextract: {progress.done}/{progress.total}{detail}{eta}   ")
        sys.stderr.flush()

    return show


@command("accept-clean")
async def _accept_clean(wb: Workbench, args: argparse.Namespace) -> Any:
    result = await wb.accept_clean(args.settlement_id)
    await wb.refresh_mentions()
    return result


@command("search")
async def _search(wb: Workbench, args: argparse.Namespace) -> Any:
    # Keyword and graph only unless --vectors: loading the embedder takes longer than the search itself.
    return await wb.search(args.query, k=args.k, preset=args.preset, chapters=chapter_range(args.chapters),
                           with_entities=tuple(args.with_entities or ()), vectors=args.vectors)


@command("backup")
async def _backup(wb: Workbench, args: argparse.Namespace) -> Any:
    return await wb.snapshots() if args.list else await wb.backup()


@command("restore", book=False)
async def _restore(wb: Workbench, args: argparse.Namespace) -> Any:
    # The book must be closed to be restored, so this one command does not open it.
    return await asyncio.to_thread(restore, args.book, args.snapshot, force=args.force)


@command("export")
async def _export(wb: Workbench, args: argparse.Namespace) -> Any:
    return await wb.export(args.out)


@command("doctor", book=False)
async def _doctor(wb: Workbench, args: argparse.Namespace) -> Any:
    return await asyncio.to_thread(doctor.report, wb.settings, args.book)


# -- parsing --------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(prog="inkstone", description="A local-first writing partner for long fiction.")
    parser.add_argument("--version", action="version", version=f"inkstone {__version__}")
    parser.add_argument("--settings", type=Path, help="settings TOML (default: the user's settings file)")
    parser.add_argument("-v", "--verbose", action="store_true", help="log what happens on stderr")
    parser.add_argument("--debug", action="store_true",
                        help="on an error, print the whole traceback (also INKSTONE_DEBUG=1)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    def add(name: str, help_text: str, *, book: bool = True) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help_text)
        if book:
            p.add_argument("book", type=Path, help="the book folder")
        p.add_argument("--json", action="store_true", help="print one JSON document")
        return p

    p = add("new", "create a book")
    p.add_argument("--title", required=True)
    p.add_argument("--language", choices=("zh", "en"), default="zh")

    p = add("apply", "confirm and apply a settlement document, a reviewed settlement, or a folder of them")
    p.add_argument("document", nargs="?", help="a JSON file, or a folder of them (applied in name order)")
    p.add_argument("--review", type=int, metavar="ID", help="a proposal waiting for review (see `inkstone reviews`)")
    p.add_argument("--accept", default="all", metavar="CLASSES", help="with --review: all (default), clean, or "
                   "classes joined by commas (new,unchanged,changes,closes,conflict); the rest keeps waiting")
    p.add_argument("--dry-run", action="store_true", dest="dry_run",
                   help="show what would be applied and its impact on the chapters written; write nothing")

    p = add("undo", "undo an applied settlement")
    p.add_argument("settlement_id", type=int)
    p.add_argument("--dry-run", action="store_true", dest="dry_run",
                   help="show what the undo would remove and reopen, and what relied on it; write nothing")

    p = add("failed", "settlements set aside because applying them failed: list, --discard or --retry them")
    action = p.add_mutually_exclusive_group()
    action.add_argument("--discard", type=int, metavar="ID", help="give it up (its document stays in the journal)")
    action.add_argument("--retry", type=int, metavar="ID", help="apply it again")
    p.add_argument("--document", type=Path, metavar="FILE", help="with --retry: an edited settlement document")

    p = add("facts", "the fact graph as of a chapter (default: the narrative pointer)")
    p.add_argument("--entity", help="one entity, by name or alias")
    p.add_argument("--as-of", type=int, dest="as_of", help="chapter number")

    add("plan", "the plan graph and the narrative pointer")

    p = add("task", "list, create, switch or restart discussion tasks")
    p.add_argument("action", choices=("list", "new", "switch", "restart"))
    p.add_argument("ref", nargs="*", help="a title (new), or a task id or unambiguous title prefix")
    p.add_argument("--kind", default="free", choices=("free", "character", "setting", "outline", "chapter"))

    p = add("say", "say something to the active task (slash commands work: /new /switch /restart /settle /draft "
               "/mainplot /check /note)")
    p.add_argument("text")
    p.add_argument("--no-reply", action="store_true", dest="no_reply",
                   help="keep the words in the active task as a note; the model is not called")

    p = add("context", "the exact context the next turn would send to the model")
    p.add_argument("--task", type=int)
    p.add_argument("--mode", choices=("continue", "switch", "new", "restart", "settle"), default="continue")

    p = add("settle", "extract a task's discussion into a settlement review (apply it with `inkstone apply`)")
    p.add_argument("--task", type=int)

    p = add("import", "import chapter files or folders (.txt .md .docx .epub); chapters holding other text are "
               "refused unless --replace or --append")
    p.add_argument("paths", nargs="+", type=Path)
    p.add_argument("--no-extract", action="store_true", help="do not queue fact extraction for review")
    p.add_argument("--no-embed", action="store_true", help="leave embedding to the window's background worker")
    clash = p.add_mutually_exclusive_group()
    clash.add_argument("--replace", action="store_true",
                       help="replace chapters that hold other text (a snapshot is taken first)")
    clash.add_argument("--append", action="store_true",
                       help="number a clashing file's chapters after the book's last chapter instead")
    p.add_argument("--dry-run", action="store_true", dest="dry_run",
                   help="show what would be imported (chapters, status, dropped text, clashes); write nothing")
    p.add_argument("--heading-pattern", dest="heading_pattern", metavar="REGEX",
                   help="a regular expression matching the file's chapter heading lines")
    p.add_argument("--heading-line", dest="heading_lines", action="append", metavar="TEXT",
                   help="this line is a chapter heading (repeat for more)")

    p = add("extract", "propose facts from imported chapters for review, queueing those not yet read")
    p.add_argument("--chapters", help="only chapters A-B (e.g. 1-20)")
    p.add_argument("--limit", type=int, help="at most this many chapters")

    p = add("accept-clean", "apply a waiting proposal's new and unchanged items; the rest waits for review")
    p.add_argument("settlement_id", type=int)

    p = add("search", "search the archive: keyword + graph (add --vectors for the full hybrid with vectors)")
    p.add_argument("query")
    p.add_argument("--vectors", action="store_true",
                   help="also rank by meaning (loads the embedder: a few seconds more from a cold start)")
    p.add_argument("--k", type=int, default=10)
    p.add_argument("--preset", default="hybrid")
    p.add_argument("--chapters", help="a chapter range, A-B")
    p.add_argument("--with", dest="with_entities", nargs="+", metavar="NAME", help="chunks mentioning all of these")

    p = add("backup", "snapshot the book (both graphs and the archive, consistently)")
    p.add_argument("--list", action="store_true", help="list the snapshots instead")

    p = add("restore", "put a snapshot back (the current state is snapshotted first)")
    p.add_argument("snapshot", help="a snapshot name from `inkstone backup BOOK --list`")
    p.add_argument("--force", action="store_true", help="restore it even though it is a snapshot of another book")

    p = add("export", "write DIR/bible.md and DIR/settlements/ (apply that folder to rebuild the graphs)")
    p.add_argument("out", type=Path)

    p = add("bench", "measure and print figures as JSON (benches live in a source checkout's tests/bench/)",
            book=False)
    p.add_argument("name", metavar="NAME", choices=checkout.bench_names() or None,
                   help=", ".join(checkout.bench_names()) or "none here: benches need a source checkout")
    p.add_argument("options", nargs=argparse.REMAINDER, help="the bench's own options: inkstone bench NAME --help")

    p = add("doctor", "versions, paths and whether the models load", book=False)
    p.add_argument("--book", type=Path, help="also check this book")
    for add_commands in ARGUMENTS:
        add_commands(add)
    return parser


async def _dispatch(args: argparse.Namespace, settings: Settings, settings_path: Path) -> Any:
    handler, needs_book = COMMANDS[args.command]
    wb = Workbench(settings, settings_path=None)
    try:
        if needs_book:
            await wb.open_book(args.book)
        return await handler(wb, args)
    finally:
        await wb.shutdown()


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help, --version, or a bad argument already said on one line
        return _status(exc)
    if not args.command:  # plain `inkstone` opens the window
        from desktop.app import main as run_app  # deferred: Qt loads only for the window, never for a command

        return run_app([sys.argv[0]])
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING, stream=sys.stderr,
                        format="%(levelname)s %(name)s: %(message)s")
    try:
        settings_path = args.settings or paths.user_config_file()
        settings = Settings.load(settings_path)
        if args.command == "bench":  # outside any event loop: a bench may run its own (Qt's, asyncio's)
            result = checkout.run_bench(args.name, args.options, settings)
        else:
            result = asyncio.run(_dispatch(args, settings, settings_path))
        text = to_json(result) if getattr(args, "json", False) or args.command == "bench" else None
    except SystemExit as exc:  # a bench's own options, refused on one line by its parser
        return _status(exc)
    except (Exception, KeyboardInterrupt) as exc:  # the author sees one line, never a traceback
        return report(exc, debug=args.debug)
    if text is not None:
        sys.stdout.write(text + "\n")
    else:
        _print_text(result)
    return 0


def _status(exc: SystemExit) -> int:
    if isinstance(exc.code, str):  # raise SystemExit("message"), as a bench may
        print(f"inkstone: error: {exc.code}", file=sys.stderr)
        return 1
    return exc.code or 0


if __name__ == "__main__":
    raise SystemExit(main())
