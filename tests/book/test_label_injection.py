"""Labels are schema, never data: a kind, level or column that is not the schema's is refused on every write path,
before any Cypher runs, and nothing reaches query text except through the whitelists."""

from __future__ import annotations

import ast
import string
from pathlib import Path

import pytest

from desktop.book import fact_queries, plan_queries
from desktop.book.book import Book
from desktop.book.errors import BookError, DocumentError
from desktop.book.facts import FactGraph
from desktop.book.plan import PlanGraph

BOOK_PACKAGE = Path(__file__).resolve().parents[2] / "desktop" / "book"
# What an attacker (or a confused model) might put where a label goes.
EVIL = ["Character) DETACH DELETE e //", "Character {id: 'x'}) MATCH (n) DETACH DELETE n //", "Character`", "",
        "character", "State", "Chapter", "Settlement"]
EVIL_LEVELS = ["Step) DETACH DELETE n //", "ShortOutline`", "", "step", "Settlement"]
# The placeholders the query constants may have, each filled only from a whitelist or fixed column names.
PLACEHOLDERS = {"label", "label_a", "label_b", "parent", "where", "sets", "extra", "assignments", "start", "link"}


@pytest.fixture
def facts(tmp_path):
    graph = FactGraph(tmp_path / "facts.kuzu")
    graph.apply_settlement(1, {"chapter": 1, "entities": [{"kind": "Character", "name": "张三"}]})
    yield graph
    graph.close()


@pytest.fixture
def plan(tmp_path):
    graph = PlanGraph(tmp_path / "plan.kuzu")
    yield graph
    graph.close()


@pytest.mark.parametrize("kind", EVIL)
def test_an_entity_of_an_unknown_kind_is_refused_before_anything_is_written(facts, kind):
    before = facts.counts()
    with pytest.raises(DocumentError, match="unknown entity kind"):
        facts.apply_settlement(2, {"chapter": 2, "entities": [{"kind": kind, "name": "李四"}]})
    assert facts.counts() == before


@pytest.mark.parametrize("kind", EVIL)
def test_every_fact_read_and_write_that_takes_a_kind_refuses_an_unknown_one(facts, kind):
    entity_id = facts.resolve("张三")[1]
    before = facts.counts()
    calls = [
        lambda: facts.attributes(kind, entity_id),
        lambda: facts.canonical_state_key(kind, entity_id, "realm"),
        lambda: facts.states_of(kind, entity_id),
        lambda: facts.entities_of(kind),
        lambda: facts.mentions(kind, entity_id),
        lambda: facts.record_mentions(3, "第三章", {(kind, entity_id): [1]}),
    ]
    for call in calls:
        with pytest.raises(DocumentError, match="unknown entity kind"):
            call()
    assert facts.counts() == before


def test_a_tampered_undo_record_cannot_smuggle_a_label_into_the_restore(facts):
    facts.apply_settlement(2, {"chapter": 2, "entities": [{"kind": "Character", "name": "张三", "summary": "新"}]})
    entity_id = facts.resolve("张三")[1]
    with pytest.raises(DocumentError, match="unknown entity kind"):
        facts._restore({"kind": EVIL[0], "id": entity_id, "prior": {"summary": None}})
    assert facts.entity("张三")["summary"] == "新"


@pytest.mark.parametrize("level", EVIL_LEVELS)
def test_a_plan_item_of_an_unknown_level_is_refused(plan, level):
    problems = plan.check([{"level": level, "title": "卷一"}])
    assert problems and "unknown level" in problems[0]
    with pytest.raises(DocumentError, match="unknown plan level"):
        plan_queries.label(level)
    assert plan.tree() == []


def test_a_plan_column_that_is_not_editable_never_reaches_the_query(plan):
    with pytest.raises(DocumentError, match="no editable field"):
        plan_queries.column("Step", "id = 'x', n.title")
    with pytest.raises(DocumentError, match="unknown plan level"):
        plan._restore({"level": EVIL_LEVELS[0], "id": "x", "prior": {}})


@pytest.mark.parametrize("kind", EVIL)
def test_the_journal_refuses_an_unknown_kind_and_both_graphs_stay_as_they_were(tmp_path, kind):
    with Book.create(tmp_path / "b.inkstone", title="注入") as book:
        before = (book.facts.counts(), book.plan.counts())
        with pytest.raises(BookError):  # a DocumentError, from the schema check or the whitelist
            book.journal.apply({"chapter": 1, "entities": [{"kind": kind, "name": "李四"}],
                                "plan": [{"level": "Step) DETACH DELETE n //", "title": "x"}]}, source="test")
        assert (book.facts.counts(), book.plan.counts()) == before


def test_the_whitelists_are_the_schema_and_nothing_else():
    assert fact_queries.ENTITY_KINDS == ("Character", "Location", "Item", "Faction", "Ability", "Hook")
    assert plan_queries.LEVELS == ("GeneralOutline", "LongOutline", "ShortOutline", "Step")
    for kind in fact_queries.ENTITY_KINDS:
        assert fact_queries.label(kind) == kind


@pytest.mark.parametrize("module", [fact_queries, plan_queries], ids=lambda m: m.__name__)
def test_query_constants_take_only_the_known_placeholders(module):
    for name, text in vars(module).items():
        if name.isupper() and isinstance(text, str) and text.lstrip().startswith(("MATCH", "CREATE", "MERGE")):
            # `{id: $id}` in a constant that is not a template parses as a field with a spec: a map, not a hole.
            fields = {field for _, field, spec, _ in string.Formatter().parse(text) if field is not None and not spec}
            assert fields <= PLACEHOLDERS, name


def test_no_cypher_in_the_book_is_built_with_an_f_string_at_the_call():
    offenders = []
    graph_modules = [p for p in sorted(BOOK_PACKAGE.glob("*.py")) if not p.stem.startswith("archive")]  # SQLite
    for path in graph_modules:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr in ("execute", "scalar") and node.args
                    and isinstance(node.args[0], ast.JoinedStr)):
                offenders.append(f"{path.name}:{node.lineno}")
    assert offenders == []
