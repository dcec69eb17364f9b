"""The fact graph's Cypher as named constants. Values are always parameters; the only names formatted into
query text are labels, and those pass label(), which admits the schema's entity kinds and nothing else."""

from __future__ import annotations

import json
from typing import Any

from desktop.book.errors import DocumentError

ENTITY_KINDS = ("Character", "Location", "Item", "Faction", "Ability", "Hook")
ANY_ENTITY = ":" + ":".join(ENTITY_KINDS)  # a node pattern label matching every entity table


def label(kind: str) -> str:
    """Labels are schema, never data: only the whitelisted kinds reach query text."""
    if kind not in ENTITY_KINDS:
        raise DocumentError(f"unknown entity kind {kind!r} (expected one of {', '.join(ENTITY_KINDS)})")
    return kind


def encode(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def decode(raw: str | None) -> Any:
    if raw is None:
        return None
    try:
        return json.loads(raw)
    except ValueError:
        return raw


# Templates with {label} (and {label_a}/{label_b}) are formatted with label(kind) only; {where} and {sets}
# are built by FactGraph from fixed column names; {extra} is a fixed Hook column list.
RESOLVE = (
    f'MATCH (e{ANY_ENTITY}) WHERE e.name = $n OR '
    'list_contains(e.aliases, $n) RETURN label(e) AS kind, e.id AS id, e.name = $n AS exact'
)
ENTITY_ROW = (
    'MATCH (e:{label} {{id: $id}}) RETURN e.id AS id, e.name AS name, e.aliases AS aliases, e.summary AS '
    'summary, e.first_chapter AS first_chapter, e.settlement AS settlement'
)
LATER_EDGES_ON_ADDED_ENTITIES = (
    f'MATCH (e{ANY_ENTITY})-[r:RELATES|INVOLVES]-(other) WHERE '
    'e.settlement = $sid AND r.settlement <> $sid RETURN DISTINCT e.name AS name, r.settlement AS later'
)
LATER_STATES_ON_ADDED_ENTITIES = (
    f'MATCH (e{ANY_ENTITY})-[:HAS_STATE]->(s:State) WHERE e.settlement = '
    '$sid AND s.settlement <> $sid RETURN DISTINCT e.name AS name, s.settlement AS later'
)
RESTORE_ENTITY = 'MATCH (e:{label} {{id: $id}}) SET {sets}'
OPEN_EDGES = (
    'MATCH (a:{label_a} {{id: $a}})-[r:RELATES]->(b:{label_b} {{id: $b}}) WHERE r.type = $t AND '
    'r.valid_to IS NULL RETURN count(r)'
)
STATES_AS_OF = (
    'MATCH (e:{label} {{id: $id}})-[:HAS_STATE]->(s:State) WHERE s.valid_from <= $as_of AND (s.valid_to '
    'IS NULL OR s.valid_to > $as_of) RETURN s.key AS key, s.value AS value ORDER BY s.valid_from'
)
STATE_KEY_AMONG = (
    'MATCH (e:{label} {{id: $id}})-[:HAS_STATE]->(s:State) WHERE lower(s.key) IN $keys RETURN s.key '
    'ORDER BY s.valid_from LIMIT 1'
)
STATE_HISTORY = (
    'MATCH (e:{label} {{id: $id}})-[:HAS_STATE]->(s:State) RETURN s.key AS key, s.value AS value, '
    's.valid_from AS valid_from, s.valid_to AS valid_to, s.settlement AS settlement ORDER BY s.key, '
    's.valid_from'
)
RELATIONS_WHERE = (
    'MATCH (a)-[r:RELATES]->(b) WHERE {where} RETURN r.type AS type, a.name AS `from`, b.name AS `to`, '
    'r.properties AS properties, r.valid_from AS valid_from, r.valid_to AS valid_to, r.settlement AS '
    'settlement, r.chunks AS chunks ORDER BY r.valid_from, r.type, a.name, b.name'
)
HOOKS_AS_OF = (
    'MATCH (h:Hook) WHERE h.planted_in IS NULL OR h.planted_in <= $as_of OPTIONAL MATCH '
    '(h)-[:INVOLVES]->(e) RETURN h.id AS id, h.name AS name, h.summary AS description, h.status AS '
    'status, h.planted_in AS planted_in, h.resolved_in AS resolved_in, h.due_by AS due_by, h.settlement '
    'AS settlement, collect(e.name) AS involves ORDER BY planted_in, name'
)
ENTITIES_OF_KIND = (
    'MATCH (e:{label}) RETURN e.id AS id, e.name AS name, e.aliases AS aliases, e.summary AS summary, '
    'e.first_chapter AS first_chapter, e.settlement AS settlement ORDER BY e.first_chapter, e.name'
)
ENTITIES_BY_IDS = (
    f'MATCH (e{ANY_ENTITY}) WHERE e.id IN $ids RETURN label(e) AS kind, '
    'e.id AS id, e.name AS name'
)
DELETE_CHAPTER = 'MATCH (c:Chapter {number: $n}) DETACH DELETE c'
MENTIONS_OF = (
    'MATCH (c:Chapter)-[m:MENTIONS]->(e:{label} {{id: $id}}) RETURN c.number AS chapter, c.title AS '
    'title, m.chunks AS chunks ORDER BY c.number'
)
UPDATE_ENTITY = (
    'MATCH (e:{label} {{id: $id}}) SET e.summary = $summary, e.aliases = $aliases, e.first_chapter = '
    '$first'
)
UPDATE_HOOK = (
    'MATCH (h:Hook {id: $id}) SET h.status = $status, h.resolved_in = $resolved_in, h.due_by = $due_by, '
    'h.summary = $summary, h.planted_in = $planted_in'
)
END_RELATION = (
    'MATCH (a:{label_a} {{id: $a}})-[r:RELATES]->(b:{label_b} {{id: $b}}) WHERE r.type = $t AND '
    'r.valid_to IS NULL SET r.valid_to = $vt, r.closed_by = $sid RETURN count(r)'
)
CREATE_RELATION = (
    'MATCH (a:{label_a} {{id: $a}}), (b:{label_b} {{id: $b}}) CREATE (a)-[:RELATES {{type: $t, '
    'properties: $p, valid_from: $vf, valid_to: NULL, settlement: $sid, closed_by: NULL, recorded_at: '
    '$at, chunks: $chunks}}]->(b)'
)
OPEN_STATE = (
    'MATCH (e:{label} {{id: $id}})-[:HAS_STATE]->(s:State) WHERE s.key = $key AND s.valid_to IS NULL '
    'RETURN s.id AS id, s.value AS value, s.valid_from AS valid_from'
)
CREATE_STATE = (
    'CREATE (:State {id: $id, key: $key, value: $value, valid_from: $vf, valid_to: $vt, settlement: '
    '$sid, closed_by: NULL, recorded_at: $at, chunks: $chunks})'
)
LINK_STATE = 'MATCH (e:{label} {{id: $e}}), (s:State {{id: $s}}) CREATE (e)-[:HAS_STATE]->(s)'
NAMES_OF_KIND = 'MATCH (e:{label}) RETURN e.id AS id, e.name AS name, e.aliases AS aliases, e.summary AS summary ORDER BY e.name'
DELETE_RELATIONS_OF = 'MATCH ()-[r:RELATES]->() WHERE r.settlement = $sid DELETE r'
DELETE_INVOLVES_OF = 'MATCH ()-[r:INVOLVES]->() WHERE r.settlement = $sid DELETE r'
REOPEN_RELATIONS_CLOSED_BY = 'MATCH ()-[r:RELATES]->() WHERE r.closed_by = $sid SET r.valid_to = NULL, r.closed_by = NULL'
DELETE_STATES_OF = 'MATCH (s:State) WHERE s.settlement = $sid DETACH DELETE s'
REOPEN_STATES_CLOSED_BY = 'MATCH (s:State) WHERE s.closed_by = $sid SET s.valid_to = NULL, s.closed_by = NULL'
RELATIONS_TOUCHING = (
    'MATCH (a)-[r:RELATES]->(b) WHERE (a.id IN $ids OR b.id IN $ids) AND r.valid_from <= $as_of AND '
    '(r.valid_to IS NULL OR r.valid_to > $as_of) RETURN a.id AS a, b.id AS b, a.name AS `from`, b.name '
    'AS `to`, r.type AS type, r.valid_from AS valid_from, r.valid_to AS valid_to'
)
MERGE_CHAPTER = 'MERGE (c:Chapter {number: $n}) SET c.title = $t'
DELETE_MENTIONS_OF_CHAPTER = 'MATCH (c:Chapter {number: $n})-[m:MENTIONS]->() DELETE m'
COUNT_ENTITIES = 'MATCH (e:{label}) RETURN count(e)'
COUNT_RELATIONS = 'MATCH ()-[r:RELATES]->() RETURN count(r)'
COUNT_OPEN_RELATIONS = 'MATCH ()-[r:RELATES]->() WHERE r.valid_to IS NULL RETURN count(r)'
COUNT_STATES = 'MATCH (s:State) RETURN count(s)'
COUNT_UNRESOLVED_HOOKS = "MATCH (h:Hook) WHERE h.status <> 'Resolved' RETURN count(h)"
COUNT_CHAPTERS = 'MATCH (c:Chapter) RETURN count(c)'
CREATE_ENTITY = (
    'CREATE (:{label} {{id: $id, name: $name, aliases: $aliases, summary: $summary, first_chapter: '
    '$first, settlement: $sid, recorded_at: $at, chunks: $chunks{extra}}})'
)
COUNT_INVOLVES = 'MATCH (h:Hook {{id: $h}})-[r:INVOLVES]->(e:{label} {{id: $e}}) RETURN count(r)'
DELETE_ENTITIES_OF = 'MATCH (e:{label}) WHERE e.settlement = $sid DETACH DELETE e'
CREATE_MENTION = (
    'MATCH (c:Chapter {{number: $n}}), (e:{label} {{id: $id}}) CREATE (c)-[:MENTIONS {{chunks: '
    '$chunks}}]->(e)'
)
LATEST_FIRST_CHAPTER = f'MATCH (e{ANY_ENTITY}) RETURN max(e.first_chapter)'
LATEST_RELATION_CHAPTER = 'MATCH ()-[r:RELATES]->() RETURN max(coalesce(r.valid_to, r.valid_from))'
LATEST_STATE_CHAPTER = 'MATCH (s:State) RETURN max(coalesce(s.valid_to, s.valid_from))'
LATEST_CHAPTER_NODE = 'MATCH (c:Chapter) RETURN max(c.number)'
HOOK_ROW = (
    'MATCH (h:Hook {id: $id}) RETURN h.status AS status, h.resolved_in AS resolved_in, h.due_by AS '
    'due_by, h.summary AS summary, h.planted_in AS planted_in'
)
CREATE_INVOLVES = 'MATCH (h:Hook {{id: $h}}), (e:{label} {{id: $e}}) CREATE (h)-[:INVOLVES {{settlement: $sid}}]->(e)'
CLOSE_STATE = 'MATCH (s:State {id: $id}) SET s.valid_to = $vt, s.closed_by = $sid'
