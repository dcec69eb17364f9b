"""Commands over what waits for the author: proposals to review, the book's health, overdue hooks, and background
jobs that failed."""

from __future__ import annotations

import argparse
from dataclasses import asdict
from typing import Any

from desktop.cli_registry import Adder, arguments, command
from desktop.workbench import Workbench


@command("reviews")
async def _reviews(wb: Workbench, args: argparse.Namespace) -> Any:
    waiting = await wb.reviews()
    if args.json:
        return waiting
    # For people: one line per proposal, one per item; the evidence's first quote, cut short.
    lines = []
    for review in waiting:
        where = f"chapter {review['chapter']}" if review["chapter"] is not None else review["source"]
        lines.append(f"#{review['id']} {review['kind']} ({where}): {len(review['items'])} items")
        for item in review["items"]:
            quote = f"  «{item['evidence'][0][:60]}»" if item["evidence"] else ""
            lines.append(f"    {item['class']:<9} {item['kind']:<9} {item['name']}{quote}")
    return "\n".join(lines) or "no proposals wait for review"


@command("health")
async def _health(wb: Workbench, args: argparse.Namespace) -> Any:
    return asdict(await wb.health())


@command("hooks")
async def _hooks(wb: Workbench, args: argparse.Namespace) -> Any:
    hooks = await wb.hooks(overdue=args.overdue)
    if hooks or args.json:
        return hooks
    return "no overdue hooks" if args.overdue else "no unresolved hooks"


@command("jobs")
async def _jobs(wb: Workbench, args: argparse.Namespace) -> Any:
    if args.retry is not None:
        result = await wb.retry_job(args.retry)
        if result["kind"] != "extract":  # relinking is quick and needs no model: done before the command ends
            await wb.refresh_mentions()
        return result
    if args.discard is not None:
        return await wb.discard_job(args.discard)
    jobs = await wb.failed_jobs()
    return jobs if jobs or args.json else "no failed jobs"


async def apply_review(wb: Workbench, args: argparse.Namespace) -> Any:
    """`inkstone apply BOOK --review ID [--accept …]` (cli.py's apply hands over here)."""
    result = await wb.apply_review(args.review, args.accept)
    await wb.refresh_mentions()
    return result


@arguments
def _review_arguments(add: Adder) -> None:
    add("reviews", "proposals waiting for review (from extract, settle and plan progress) with their items; apply one "
                   "with `inkstone apply BOOK --review ID`")
    add("health", "counts, overdue hooks, conflicts, reviews waiting, failed settlements and failed jobs")
    p = add("hooks", "unresolved hooks as of the narrative pointer, with the chapter each is due by")
    p.add_argument("--overdue", action="store_true", help="only hooks past the chapter they were due by")
    p = add("jobs", "background jobs (extraction, relinking mentions) that failed: list with the error, "
                    "--retry or --discard one")
    action = p.add_mutually_exclusive_group()
    action.add_argument("--retry", type=int, metavar="ID", help="queue it again (the answer says when it runs: "
                                                                 "`inkstone extract` runs extraction)")
    action.add_argument("--discard", type=int, metavar="ID", help="give it up (what it was about stays as it is)")
