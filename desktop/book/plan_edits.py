"""The author's own structural edits of the plan: rename a node, move an outline under another parent, move a step
within or between short outlines. Settlement documents cannot say these (they address nodes by title and only
add or re-status), so each edit is written here under a settlement id with its own undo entries: the journal
then keeps it in history and `PlanGraph.undo_settlement` takes it back like any settlement. With sid None an edit
is only checked (BookError for bad input) and nothing is written, so a refused edit leaves no journal entry."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from desktop.book.errors import BookError
from desktop.book.graphstore import utcnow
from desktop.book.plan_queries import LEVELS, PARENT_LEVEL
from desktop.book.plan_queries import label as _label

if TYPE_CHECKING:
    from desktop.book.plan import PlanGraph

MAX_TITLE = 200  # the settlement schema's bound on a title; a step's kind is a label of at most 64
MAX_KIND = 64

_NODE = "MATCH (n:{label} {{id: $id}}) RETURN n"
_SET_TITLE = "MATCH (n:{label} {{id: $id}}) SET n.title = $title, n.updated_at = $now"
_SET_STEP_NAME = "MATCH (n:Step {id: $id}) SET n.title = $title, n.kind = $title, n.updated_at = $now"
_UNLINK_PARENT = "MATCH (:{parent})-[r:CONTAINS]->(:{label} {{id: $id}}) DELETE r"
_LINK_PARENT = "MATCH (p:{parent} {{id: $p}}), (c:{label} {{id: $c}}) CREATE (p)-[:CONTAINS]->(c)"
_UNLINK_FIRST = "MATCH (:ShortOutline {id: $id})-[r:FIRST_STEP]->(:Step) DELETE r"
_UNLINK_NEXT = "MATCH (:Step {id: $id})-[r:NEXT]->(:Step) DELETE r"
_LINK_FIRST = "MATCH (o:ShortOutline {id: $a}), (s:Step {id: $b}) CREATE (o)-[:FIRST_STEP]->(s)"
_LINK_NEXT = "MATCH (a:Step {id: $a}), (s:Step {id: $b}) CREATE (a)-[:NEXT]->(s)"


def find(graph: "PlanGraph", node_id: str) -> tuple[str, dict[str, Any]]:
    """(level, node) for a plan node id, or BookError."""
    for level in LEVELS:
        rows = graph.execute(_NODE.format(label=_label(level)), {"id": node_id})
        if rows:
            return level, {k: v for k, v in rows[0]["n"].items() if not k.startswith("_")}
    raise BookError(f"no plan node with id {node_id!r} in this book")


def clean_title(title: Any, level: str) -> str:
    """The title as it will be stored, or BookError: not empty, within the schema's bounds."""
    text = title.strip() if isinstance(title, str) else ""
    if not text:
        raise BookError("a plan node needs a name: the name given is empty")
    bound = MAX_KIND if level == "Step" else MAX_TITLE
    if len(text) > bound:
        raise BookError(f"a {level} name is at most {bound} characters ({len(text)} given)")
    return text


def step_owner(graph: "PlanGraph", step_id: str) -> str:
    """The id of the ShortOutline whose chain holds this step."""
    for outline_id, chain in graph._step_chains().items():
        if any(step["id"] == step_id for step in chain):
            return outline_id
    raise BookError(f"step {step_id!r} belongs to no short outline")


def rename(graph: "PlanGraph", sid: int | None, node_id: str, title: str) -> dict:
    with graph.transaction():
        level, node = find(graph, node_id)
        title = clean_title(title, level)
        if level == "Step":
            siblings = graph._steps_of(step_owner(graph, node_id))
            if any(s["kind"] == title and s["id"] != node_id for s in siblings):
                raise BookError(f"this short outline already has a step called {title!r}")
            if sid is None:
                return {"level": level, "id": node_id, "title": title, "was": node["title"]}
            graph.execute(_SET_STEP_NAME, {"id": node_id, "title": title, "now": utcnow()})
        else:
            other = graph._node_by_title(level, title)
            if other is not None and other["id"] != node_id:
                raise BookError(f"there is already a {level} called {title!r}; outline names must differ")
            if sid is None:
                return {"level": level, "id": node_id, "title": title, "was": node["title"]}
            graph.execute(_SET_TITLE.format(label=_label(level)), {"id": node_id, "title": title, "now": utcnow()})
        graph.mark_settlement(sid, [{"edit": "title", "level": level, "id": node_id, "title": node["title"]}])
    return {"level": level, "id": node_id, "title": title, "was": node["title"]}


def move_outline(graph: "PlanGraph", sid: int | None, node_id: str, parent_id: str) -> dict:
    """Re-parent an outline: a LongOutline under another GeneralOutline, a ShortOutline under another LongOutline."""
    with graph.transaction():
        level, node = find(graph, node_id)
        if level not in PARENT_LEVEL or level == "Step":
            raise BookError(f"a {level} has no parent to move it under" if level != "Step"
                            else "use move_step to move a step")
        parent_level, parent = find(graph, parent_id)
        if parent_level != PARENT_LEVEL[level]:
            raise BookError(f"a {level} can only go under a {PARENT_LEVEL[level]}, not under a {parent_level} "
                            f"({parent['title']!r})")
        before = graph._parent_of(level, node_id)
        if before is not None and before["id"] == parent_id:
            raise BookError(f"{node['title']!r} is already under {parent['title']!r}")
        if sid is not None:
            _set_parent(graph, level, node_id, parent_id)
            graph.mark_settlement(sid, [{"edit": "parent", "level": level, "id": node_id,
                                         "parent": before["id"] if before else None}])
    return {"level": level, "id": node_id, "parent": parent["title"],
            "was": before["title"] if before else None}


def move_step(graph: "PlanGraph", sid: int | None, step_id: str, index: int, outline_id: str | None = None) -> dict:
    """Put a step at `index` (0 = first; past the end = last) in its own or another short outline's chain."""
    with graph.transaction():
        level, step = find(graph, step_id)
        if level != "Step":
            raise BookError(f"{step['title']!r} is a {level}, not a step")
        source = step_owner(graph, step_id)
        target = outline_id or source
        target_level, outline = find(graph, target)
        if target_level != "ShortOutline":
            raise BookError(f"a step can only go in a ShortOutline, not in a {target_level} ({outline['title']!r})")
        chains = {source: [s["id"] for s in graph._steps_of(source)]}
        chains.setdefault(target, [s["id"] for s in graph._steps_of(target)])
        if target != source and any(s["kind"] == step["kind"] for s in graph._steps_of(target)):
            raise BookError(f"{outline['title']!r} already has a step called {step['kind']!r}")
        after = {key: list(ids) for key, ids in chains.items()}
        after[source].remove(step_id)
        if not isinstance(index, int) or isinstance(index, bool) or index < 0:
            raise BookError(f"a step's place is a number from 0, not {index!r}")
        after[target].insert(min(index, len(after[target])), step_id)
        if after == chains:
            raise BookError(f"step {step['kind']!r} is already there")
        if sid is not None:
            relink(graph, after)
            graph.mark_settlement(sid, [{"edit": "chain", "level": "Step", "id": step_id, "chains": chains}])
    return {"id": step_id, "outline": outline["title"], "index": after[target].index(step_id)}


def relink(graph: "PlanGraph", chains: dict[str, list[str]]) -> None:
    """Make each short outline's chain exactly these steps in this order."""
    for outline_id, ids in chains.items():
        graph.execute(_UNLINK_FIRST, {"id": outline_id})
        for old in graph._steps_of(outline_id) + [{"id": i} for i in ids]:
            graph.execute(_UNLINK_NEXT, {"id": old["id"]})
    for outline_id, ids in chains.items():
        for before, step_id in zip([None, *ids], ids):
            if before is None:
                graph.execute(_LINK_FIRST, {"a": outline_id, "b": step_id})
            else:
                graph.execute(_LINK_NEXT, {"a": before, "b": step_id})


def _set_parent(graph: "PlanGraph", level: str, node_id: str, parent_id: str | None) -> None:
    parent_level = PARENT_LEVEL[level]
    graph.execute(_UNLINK_PARENT.format(parent=_label(parent_level), label=_label(level)), {"id": node_id})
    if parent_id is not None:
        graph.execute(_LINK_PARENT.format(parent=_label(parent_level), label=_label(level)),
                      {"p": parent_id, "c": node_id})


def restore(graph: "PlanGraph", entry: dict[str, Any]) -> None:
    """Take one edit back (called inside undo_settlement's transaction)."""
    if entry["edit"] == "title":
        query = _SET_STEP_NAME if entry["level"] == "Step" else _SET_TITLE.format(label=_label(entry["level"]))
        graph.execute(query, {"id": entry["id"], "title": entry["title"], "now": utcnow()})
    elif entry["edit"] == "parent":
        _set_parent(graph, entry["level"], entry["id"], entry["parent"])
    elif entry["edit"] == "chain":
        existing = {s["id"] for s in graph._nodes("Step")}
        recorded = {i for ids in entry["chains"].values() for i in ids}
        chains = {}
        for outline_id, ids in entry["chains"].items():
            # Steps added to the outline since the edit stay, after the ones the edit moved about.
            later = [s["id"] for s in graph._steps_of(outline_id) if s["id"] not in recorded]
            chains[outline_id] = [i for i in ids if i in existing] + later
        relink(graph, chains)
