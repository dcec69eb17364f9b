"""Issue 16: a settlement document is bounded, so nothing it holds can break a store (and brick the book)."""

from __future__ import annotations

import json
import math

import pytest

from desktop.book import documents
from desktop.book.documents import settlement_schema, validate
from desktop.book.errors import DocumentError
from desktop.cli import main


def schema_nodes(node, where="#"):
    """Every sub-schema of the shipped schema, with where it is."""
    if isinstance(node, dict):
        yield where, node
        for key, value in node.items():
            yield from schema_nodes(value, f"{where}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from schema_nodes(value, f"{where}/{i}")


def types_of(node) -> list:
    return node["type"] if isinstance(node.get("type"), list) else [node.get("type")]


def test_every_integer_string_and_list_of_the_schema_has_an_upper_bound():
    nodes = [(where, node) for where, node in schema_nodes(settlement_schema()) if "type" in node]
    unbounded = [where for where, node in nodes
                 if ("integer" in types_of(node) and "maximum" not in node)
                 or ("string" in types_of(node) and "maxLength" not in node)
                 or ("array" in types_of(node) and "maxItems" not in node)
                 or ("object" in types_of(node) and "additionalProperties" in node
                     and node["additionalProperties"] is not False and "maxProperties" not in node)]
    assert unbounded == []


def test_chapters_go_up_to_a_million_and_no_further():
    shared = settlement_schema()["$defs"]
    assert (shared["chapter"]["minimum"], shared["chapter"]["maximum"]) == (0, 1_000_000)
    assert validate({"chapter": 1_000_000})["chapter"] == 1_000_000
    with pytest.raises(DocumentError, match="chapter: 1000001 is greater than the maximum of 1000000"):
        validate({"chapter": 1_000_001})


@pytest.mark.parametrize("doc, where", [
    ({"chapter": 99999999999999999999}, "chapter: an integer of 67 bits is too large"),
    ({"entities": [{"name": "甲", "attributes": {"年龄": 2**64}}]}, "entities/0/attributes/年龄: an integer of 65 bits"),
    ({"entities": [{"name": "甲", "chunks": [-(2**70)]}]}, "entities/0/chunks/0: an integer of 71 bits"),
    ({"entities": [{"name": "甲", "attributes": {"力量": math.nan}}]}, "entities/0/attributes/力量: nan is not a finite"),
    ({"states": [{"entity": "甲", "key": "k", "value": math.inf}]}, "states/0/value: inf is not a finite number"),
    ({"relations": [{"type": "T", "from": "甲", "to": "乙", "properties": {"w": -math.inf}}]},
     "relations/0/properties/w: -inf is not a finite number"),
    ({"hooks": [{"name": "钩\ud800"}]}, "hooks/0/name: text with an unpaired surrogate"),
    ({"entities": [[[[[[[[[[]]]]]]]]]]}, "nested deeper than 8 levels"),
    ({"entities": [{"name": "名" * 201}]}, "entities/0/name: .* is too long"),
    ({"settings": [{"title": "t", "body": "字" * 100_001}]}, "settings/0/body: .* is too long"),
    ({"entities": [{"name": "甲", "aliases": [f"别名{i}" for i in range(201)]}]}, "entities/0/aliases: .* is too long"),
])
def test_what_no_store_can_hold_is_refused_on_one_line_naming_where(doc, where):
    with pytest.raises(DocumentError, match=where) as refused:
        validate(doc)
    assert "\n" not in str(refused.value) and len(str(refused.value)) < 2000


def test_a_ten_thousand_digit_number_is_refused_without_printing_it():
    with pytest.raises(DocumentError) as refused:
        validate({"chapter": 10**10_000})
    assert "an integer of 33220 bits" in str(refused.value)


def test_the_largest_values_a_store_holds_are_accepted():
    doc = validate({"chapter": 0, "entities": [
        {"kind": "Item", "name": "甲", "chunks": [2**31 - 1],
         "attributes": {"max": 2**63 - 1, "min": -(2**63), "big": 1.7976931348623157e308, "tiny": -5e-324}}]})
    assert doc["entities"][0]["attributes"]["max"] == 2**63 - 1
    assert documents.MAX_DEPTH >= 5  # the deepest real path: plan/0/steps/0/summary


# -- the reproduction of issue 16, on the command line ------------------------------------------------------

REPRODUCTIONS = {
    "huge-chapter": '{"chapter": 99999999999999999999, "entities": [{"kind": "Character", "name": "甲"}]}',
    "nan-attribute": '{"chapter": 1, "entities": [{"kind": "Character", "name": "甲", "attributes": {"力": NaN}}]}',
    "1e400-state": '{"chapter": 1, "states": [{"entity": "乙", "key": "力", "value": 1e400}]}',
    "infinity-property": '{"relations": [{"type": "识", "from": "乙", "to": "乙", "properties": {"w": -Infinity}}]}',
    "huge-chunk": '{"entities": [{"kind": "Item", "name": "丙", "chunks": [18446744073709551616]}]}',
}


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def cli_book(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("INKSTONE_CONFIG", str(tmp_path / "settings.toml"))
    monkeypatch.setenv("INKSTONE_DATA_DIR", str(tmp_path / "data"))
    book = tmp_path / "b.inkstone"
    assert run(capsys, "new", book, "--title", "x")[0] == 0
    seed = tmp_path / "seed.json"
    seed.write_text('{"chapter": 1, "entities": [{"kind": "Character", "name": "乙"}]}', encoding="utf-8")
    assert run(capsys, "apply", book, seed)[0] == 0
    return book


def test_the_issue_16_reproduction_is_refused_on_one_line_and_the_book_stays_usable(cli_book, tmp_path, capsys):
    before = run(capsys, "facts", cli_book, "--json")[1]
    for name, text in REPRODUCTIONS.items():
        document = tmp_path / f"{name}.json"
        document.write_text(text, encoding="utf-8")
        code, out, err = run(capsys, "apply", cli_book, document)
        assert code != 0 and out == "", name
        assert len(err.splitlines()) == 1 and err.startswith("inkstone: error: ") and "Traceback" not in err, err
        code, after, err = run(capsys, "facts", cli_book, "--json")
        assert code == 0 and err == "" and after == before, name
    journal = json.loads(run(capsys, "apply", cli_book, tmp_path / "seed.json", "--json")[1])
    assert journal["settlement_id"] == 2  # none of the refused documents was journaled
