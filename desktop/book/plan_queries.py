"""The plan graph's Cypher as named constants. Values are always parameters; the only names formatted into
query text are the levels (labels), which pass label(), and column names from the fixed editable sets."""

from __future__ import annotations

from desktop.book.errors import DocumentError

LEVELS = ("GeneralOutline", "LongOutline", "ShortOutline", "Step")
OUTLINE_LEVELS = LEVELS[:3]
PARENT_LEVEL = {"LongOutline": "GeneralOutline", "ShortOutline": "LongOutline", "Step": "ShortOutline"}
STATUSES = ("Pending", "InProgress", "Completed")
DEFAULT_STATUS = "Pending"
DEFAULT_STORYLINE = "main"

# The columns a settlement may change, per level; labels and column names are
# only ever formatted into Cypher from these fixed tables, never from data.
_EDITABLE = {
    "GeneralOutline": ("summary", "status", "chapter_from", "chapter_to", "entities"),
    "LongOutline": ("summary", "status", "chapter_from", "chapter_to", "entities"),
    "ShortOutline": ("summary", "status", "chapter_from", "chapter_to", "entities", "storyline"),
    "Step": ("summary", "status", "chapter_from", "chapter_to", "entities", "chapter"),
}


def label(level: str) -> str:
    """Labels are schema, never data: only the four plan levels reach query text."""
    if level not in LEVELS:
        raise DocumentError(f"unknown plan level {level!r}")
    return level


def column(level: str, column: str) -> str:
    """Column names are schema too: only a level's editable columns (and updated_at) reach query text."""
    if column not in _EDITABLE[level] and column != "updated_at":
        raise DocumentError(f"{level} has no editable field {column!r}")
    return column


# {label} and {parent}: label(level); {assignments}: built from the fixed editable columns; LINK_STEP's {start}
# and {link} are one of two fixed pairs (ShortOutline FIRST_STEP, Step NEXT).
NODE_BY_TITLE = 'MATCH (n:{label} {{title: $title}}) RETURN n LIMIT 1'
FIRST_STEP_OF = 'MATCH (:ShortOutline {id: $id})-[:FIRST_STEP]->(s:Step) RETURN s'
FIRST_STEPS = 'MATCH (o:ShortOutline)-[:FIRST_STEP]->(s:Step) RETURN o.id AS o, s.id AS s'
PARENT_OF = 'MATCH (p)-[:CONTAINS]->(:{label} {{id: $id}}) RETURN p LIMIT 1'
NODES_CREATED_BY = 'MATCH (n:{label}) WHERE n.settlement = $sid RETURN n'
FOREIGN_CHILDREN = (
    'MATCH (p)-[:CONTAINS]->(c) WHERE p.settlement = $sid AND c.settlement <> $sid RETURN DISTINCT '
    'c.settlement AS sid'
)
RESTORE_NODE = 'MATCH (n:{label} {{id: $id}}) SET {assignments}'
STEP_PREDECESSOR = 'MATCH (p)-[:FIRST_STEP|NEXT]->(:Step {id: $id}) RETURN p.id AS id, label(p) AS label'
STEP_SUCCESSOR = 'MATCH (:Step {id: $id})-[:NEXT]->(n:Step) RETURN n.id AS id'
DELETE_STEP = 'MATCH (s:Step {id: $id}) DETACH DELETE s'
CONTAINS_LINKS = 'MATCH (p)-[:CONTAINS]->(c) RETURN p.id AS p, c.id AS c'
CREATE_NODE = 'CREATE (:{label} {{{assignments}}})'
UPDATE_NODE = 'MATCH (n:{label} {{id: $id}}) SET {assignments}'
NEXT_STEP = 'MATCH (:Step {id: $id})-[:NEXT]->(s:Step) RETURN s'
LINK_STEP = 'MATCH (p:{start} {{id: $p}}), (n:Step {{id: $n}}) CREATE (p)-[:{link}]->(n)'
COUNT_BY_STATUS = 'MATCH (n:{label}) RETURN n.status AS status, count(n) AS n'
LINK_CHILD = 'MATCH (p:{parent} {{id: $p}}), (c:{label} {{id: $c}}) CREATE (p)-[:CONTAINS]->(c)'
NODES_OF_LEVEL = 'MATCH (n:{label}) RETURN n'
NEXT_LINKS = 'MATCH (a:Step)-[:NEXT]->(b:Step) RETURN a.id AS a, b.id AS b'
DELETE_NODES_OF = 'MATCH (n:{label}) WHERE n.settlement = $sid DETACH DELETE n'
