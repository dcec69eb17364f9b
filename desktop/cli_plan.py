"""`inkstone outline BOOK [show|add|rename|move|status|pointer]`: the author edits the outline on the command line,
through the same workbench operations the window uses. A node is named by its id, by an outline's title, or a step
as `OUTLINE/KIND` (the short outline's title, a slash, the step's kind)."""

from __future__ import annotations

import argparse
from typing import Any

from desktop.cli_registry import Adder, arguments, chapter_range, command
from desktop.workbench import Workbench

ACTIONS = ("show", "add", "rename", "move", "status", "pointer")
LEVEL_NAMES = {"general": "GeneralOutline", "long": "LongOutline", "short": "ShortOutline", "step": "Step"}
STATUS_NAMES = {"pending": "Pending", "in-progress": "InProgress", "inprogress": "InProgress",
                "completed": "Completed", "done": "Completed"}


@command("outline")
async def _outline(wb: Workbench, args: argparse.Namespace) -> Any:
    plan = await wb.plan()
    words = list(args.words)
    if args.action == "show":
        return plan if args.json else _for_people(plan)
    result = await _edit(wb, args, words, _Nodes(plan))
    if args.json:
        return result
    return f"done (settlement #{result['settlement_id']}; `inkstone undo BOOK {result['settlement_id']}` takes it back)"


async def _edit(wb: Workbench, args: argparse.Namespace, words: list[str], nodes: "_Nodes") -> Any:
    action = args.action
    wanted = {"add": 2, "rename": 2, "move": 1, "status": 2, "pointer": 1}[action]
    if len(words) != wanted:
        usage = {"add": "LEVEL TITLE", "rename": "NODE NEW-TITLE", "move": "NODE [--parent NODE] [--index N]",
                 "status": "NODE STATUS", "pointer": "NODE"}[action]
        raise ValueError(f"outline {action} wants {usage}")
    if action == "add":
        level = LEVEL_NAMES.get(words[0].lower(), words[0])
        parent = nodes.find(args.parent) if args.parent else None
        if level == "Step":
            if parent is None:
                raise ValueError("outline add step needs --parent SHORT-OUTLINE")
            chapters = chapter_range(args.chapters)
            return await wb.add_plan_step(parent, words[1], summary=args.summary or "",
                                          chapter=chapters[0] if chapters else None)
        return await wb.add_outline(level, words[1], parent=parent, storyline=args.storyline,
                                    summary=args.summary or "", chapters=chapter_range(args.chapters))
    node = nodes.find(words[0])
    if action == "rename":
        return await wb.rename_plan_node(node, words[1])
    if action == "move":
        if args.parent is None and args.index is None:
            raise ValueError("outline move needs --parent NODE, --index N or both")
        return await wb.move_plan_node(node, parent=nodes.find(args.parent) if args.parent else None, index=args.index)
    if action == "status":
        return await wb.set_plan_status(node, STATUS_NAMES.get(words[1].lower(), words[1]))
    return await wb.move_pointer(node)


class _Nodes:
    """Ids by the names an author types: the id itself, an outline's title, or OUTLINE/KIND for a step."""

    def __init__(self, plan: dict):
        self.ids: set[str] = set()
        self.titles: dict[str, list[str]] = {}
        self.steps: dict[tuple[str, str], str] = {}

        def walk(node: dict) -> None:
            self.ids.add(node["id"])
            self.titles.setdefault(node["title"], []).append(node["id"])
            for step in node.get("steps") or []:
                self.ids.add(step["id"])
                self.steps[(node["title"], step["kind"])] = step["id"]
            for child in node.get("children") or []:
                walk(child)

        for outline in plan["outlines"]:
            walk(outline)

    def find(self, name: str) -> str:
        if name in self.ids:
            return name
        found = self.titles.get(name, [])
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            raise ValueError(f"several outlines are called {name!r}: name one by its id (outline BOOK show --json)")
        outline, slash, kind = name.rpartition("/")
        if slash and (outline, kind) in self.steps:
            return self.steps[(outline, kind)]
        raise ValueError(f"no outline or step called {name!r} (a step is named OUTLINE/KIND)")


def _for_people(plan: dict) -> str:
    pointed = {p.get(key) for p in plan["pointer"] for key in ("outline_id", "step_id")}
    lines: list[str] = []

    def walk(node: dict, depth: int) -> None:
        mark = "▶ " if node["id"] in pointed else ""
        lines.append(f"{'  ' * depth}{mark}{node['title']} [{node['status']}]")
        for step in node.get("steps") or []:
            mark = "▶ " if step["id"] in pointed else ""
            lines.append(f"{'  ' * (depth + 1)}{mark}{step['kind']}: {step['summary']} [{step['status']}]")
        for child in node.get("children") or []:
            walk(child, depth + 1)

    for outline in plan["outlines"]:
        walk(outline, 0)
    return "\n".join(lines) or "(no outline yet)"


@arguments
def _plan_arguments(add: Adder) -> None:
    p = add("outline", "edit the outline: show, add an outline or step, rename, move, set a status, move the pointer;"
                       " each edit is a settlement that `undo` takes back")
    p.add_argument("action", nargs="?", default="show", choices=ACTIONS)
    p.add_argument("words", nargs="*", help="add: LEVEL (general|long|short|step) TITLE; rename: NODE NEW-TITLE; "
                                            "move: NODE; status: NODE pending|in-progress|completed; pointer: NODE")
    p.add_argument("--parent", help="the outline to add under or move to (id, title)")
    p.add_argument("--index", type=int, help="move: the step's place in its short outline, 0 first")
    p.add_argument("--storyline", help="add short: its storyline (default main)")
    p.add_argument("--summary", help="add: what happens")
    p.add_argument("--chapters", help="add: planned chapters A-B (a step: its chapter)")
