"""Issue 16: what `--json` prints is strict JSON — no NaN or Infinity, which no JSON parser has to accept."""

from __future__ import annotations

import json
import math

import pytest

from desktop.cli import main, to_json

EXTREME = {
    "chapter": 1_000_000,
    "entities": [
        {"kind": "Character", "name": "名" * 200, "aliases": ["别" * 200], "summary": "长" * 20_000,
         "first_chapter": 0, "chunks": [0, 2**31 - 1],
         "attributes": {"max": 2**63 - 1, "min": -(2**63), "huge": 1.7976931348623157e308, "tiny": 5e-324,
                        "negative": -1.7976931348623157e308, "flag": False, "k" * 64: "v" * 2000}},
        {"kind": "Item", "name": "剑"},
    ],
    "relations": [{"type": "T" * 64, "from": "名" * 200, "to": "剑", "valid_from": 999_999,
                   "properties": {"weight": -1e308, "ratio": 1e-300}}],
    "states": [{"entity": "剑", "key": "锋利", "value": 1.7976931348623157e308, "valid_from": 1_000_000}],
    "hooks": [{"name": "钩", "description": "述" * 20_000, "planted_in": 0, "due_by": 1_000_000,
               "involves": ["剑"]}],
    "settings": [{"title": "题" * 200, "category": "c" * 64, "body": "体" * 100_000}],
    "plan": [{"level": "ShortOutline", "title": "短纲", "summary": "概" * 20_000, "chapters": [0, 1_000_000],
              "status": "InProgress", "steps": [{"kind": "Start", "chapter": 1_000_000, "status": "InProgress"}]}],
}


def strict(text: str):
    def refuse(constant):
        raise ValueError(f"{constant} is not JSON")

    return json.loads(text, parse_constant=refuse)


def run_json(capsys, *argv):
    code = main([str(a) for a in argv] + ["--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    return strict(out)


@pytest.fixture
def extreme_book(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("INKSTONE_CONFIG", str(tmp_path / "settings.toml"))
    monkeypatch.setenv("INKSTONE_DATA_DIR", str(tmp_path / "data"))
    book = tmp_path / "extreme.inkstone"
    run_json(capsys, "new", book, "--title", "极值")
    doc = tmp_path / "extreme.json"
    doc.write_text(json.dumps(EXTREME, ensure_ascii=False, allow_nan=False), encoding="utf-8")
    run_json(capsys, "apply", book, doc)
    return book


def test_extreme_but_valid_values_come_back_as_strict_json(extreme_book, capsys):
    for as_of in ("0", "999999", "1000000"):
        facts = run_json(capsys, "facts", extreme_book, "--as-of", as_of)
        assert facts["as_of"] == int(as_of)
    facts = run_json(capsys, "facts", extreme_book, "--entity", "别" * 200)
    [hero] = facts["entities"]
    assert hero["attributes"]["max"] == 2**63 - 1 and hero["attributes"]["huge"] == 1.7976931348623157e308
    assert hero["attributes"]["min"] == -(2**63) and len(hero["summary"]) == 20_000
    plan = run_json(capsys, "plan", extreme_book)
    assert plan["outlines"] and plan["pointer"]
    assert run_json(capsys, "task", extreme_book, "list") == []
    assert len(run_json(capsys, "backup", extreme_book, "--list")) >= 1


def test_the_serializer_turns_what_json_cannot_say_into_null():
    text = to_json({"nan": math.nan, "inf": [math.inf, -math.inf], "fine": 1.5, "big": 10**30})
    assert strict(text) == {"nan": None, "inf": [None, None], "fine": 1.5, "big": 10**30}
