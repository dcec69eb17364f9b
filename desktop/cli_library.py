"""`inkstone settings BOOK list|get KEY|search Q|scale KEY`: the settings library (设定库) on the command line."""

from __future__ import annotations

import argparse
import re
from typing import Any

from desktop.cli_registry import Adder, arguments, command
from desktop.workbench import Workbench

ACTIONS = ("list", "get", "search", "scale")


@command("settings")
async def _settings(wb: Workbench, args: argparse.Namespace) -> Any:
    result = await _run(wb, args)
    return result if args.json else _for_people(args.action, result)


async def _run(wb: Workbench, args: argparse.Namespace) -> Any:
    if args.action == "list":
        return await wb.setting_entries(category=args.category)
    if not args.key:
        raise ValueError(f"settings {args.action} needs {'a query' if args.action == 'search' else 'an entry title'}")
    if args.action == "get":
        return await wb.setting_entry(args.key)
    if args.action == "search":
        return await wb.search_settings(args.key, k=args.k, vectors=True if args.vectors else None)
    if args.clear:
        return await wb.clear_scale(args.key)
    if args.none:
        return await wb.use_as_scale(args.key, [])
    if args.use:
        return await wb.use_as_scale(args.key, [levels_of(text) for text in args.levels] if args.levels else None)
    return await wb.setting_entry(args.key)


def _for_people(action: str, result: Any) -> str:
    """Lines to read: an entry with its scale and where the scale comes from, a list, or hits best first."""
    if action == "list":
        return "\n".join(f"[{e['category'] or '-'}] {e['title']} — {e['preview']}" for e in result) or "(no entries)"
    if action == "search":
        hits = [f"{n}. {h['title']} [{h['category'] or '-'}] {' '.join(h['body'].split())[:80]}"
                for n, h in enumerate(result["hits"], 1)]
        head = f"({result['method']} search)"
        return "\n".join([head, *hits] if hits else [f"{head} nothing found"])
    lines = [f"{result['title']} [{result['category'] or '-'}]", result["body"], ""]
    origin = "confirmed" if result["scale_confirmed"] else "read from the text, not confirmed"
    lines += [f"scale ({origin}): " + " < ".join(levels) for levels in result["scales"]]
    if not result["scales"]:
        lines.append("no scale" + (" (confirmed)" if result["scale_confirmed"] else " read from the text"))
    for scale in result["guessed_scales"]:
        lines += [f"  {level}: {steps}" for level, steps in scale["sublevels"].items()]
    return "\n".join(lines)


def levels_of(text: str) -> list[str]:
    """'炼气 < 筑基 < 金丹' or 'Bronze, Silver, Gold' → the levels, lowest first."""
    return [level.strip() for level in re.split(r"<|＜|->|→|,|，|、", text) if level.strip()]


@arguments
def _library_arguments(add: Adder) -> None:
    p = add("settings", "the settings library (设定库): list entries, get one by exact title, search, or say "
                        "which entries define a scale (realms, ranks, grades)")
    p.add_argument("action", choices=ACTIONS)
    p.add_argument("key", nargs="?", help="get/scale: the entry's exact title; search: the words to look for")
    p.add_argument("--category", help="list: only this category")
    p.add_argument("-k", type=int, default=10, help="search: how many hits (default 10)")
    p.add_argument("--vectors", action="store_true", help="search: load the embedder and search by meaning too")
    which = p.add_mutually_exclusive_group()
    which.add_argument("--use", action="store_true", help="scale: confirm the scale read from the entry's text "
                                                         "(or the --levels given)")
    which.add_argument("--none", action="store_true", help="scale: the entry states no scale")
    which.add_argument("--clear", action="store_true",
                       help="scale: forget the confirmed scale; the one read from the text counts again")
    p.add_argument("--levels", action="append", metavar="A<B<C",
                   help="scale --use: the levels lowest first (repeat for several scales)")
