"""`inkstone import` refuses to replace other text without --replace or --append, shows a dry run as JSON,
`inkstone extract --chapters` reads imported chapters once, and `accept-clean` takes a proposal's clean part."""

from __future__ import annotations

import json

import pytest

from desktop.contracts import ModelPhase, ModelState
from desktop.workbench.session import Session
from tests.cli_runner import run, run_json
from tests.tasks.conftest import ScriptedLLM

BODY = "　　林动在后山遇见了张三。张三手里握着青锋剑，冷笑着不肯让路。\n\n　　两人交手三十回合，林动夺下了青锋剑。"


@pytest.fixture
def book(tmp_path, capsys):
    path = tmp_path / "book"
    assert run(capsys, "new", path, "--title", "测试")[0] == 0
    old = tmp_path / "旧稿.txt"
    old.write_text("".join(f"第{n}章 旧{n}\n{BODY}\n" for n in (1, 2)), encoding="utf-8")
    assert run(capsys, "import", path, old, "--no-embed", "--no-extract")[0] == 0
    return path


@pytest.fixture
def new_file(tmp_path):
    path = tmp_path / "新稿.txt"
    path.write_text(f"第1章 新\n{BODY}\n", encoding="utf-8")
    return path


def test_a_clash_is_refused_on_one_line_and_nothing_is_written(book, new_file, capsys):
    code, out, err = run(capsys, "import", book, new_file, "--no-embed")
    assert code == 1 and out == ""
    assert err == ("inkstone: error: chapter 1 already holds other text (from 旧稿.txt); "
                   "use --replace or --append\n")
    [clash] = run_json(capsys, "import", book, new_file, "--dry-run")["conflicts"]
    assert (clash["existing_title"], clash["new_title"]) == ("旧1", "新")  # chapter 1 still holds the old text


def test_the_dry_run_prints_the_preview_as_json(book, new_file, capsys):
    preview = run_json(capsys, "import", book, new_file, "--dry-run")
    assert set(preview) == {"files", "conflicts", "totals"}
    [file] = preview["files"]
    assert [(c["number"], c["status"]) for c in file["chapters"]] == [(1, "conflict")]
    assert preview["conflicts"][0]["existing_title"] == "旧1"
    assert preview["totals"]["conflict"] == 1


def test_append_and_replace_say_what_they_did(book, new_file, capsys):
    appended = run_json(capsys, "import", book, new_file, "--no-embed", "--append")
    assert appended["written"] == [3] and appended["replaced"] == []
    other = new_file.with_name("再稿.txt")
    other.write_text(f"第2章 再\n{BODY}\n", encoding="utf-8")
    replaced = run_json(capsys, "import", book, other, "--no-embed", "--replace")
    assert [(r["number"], r["old_title"], r["new_title"]) for r in replaced["replaced"]] == [(2, "旧2", "再")]
    snapshots = run_json(capsys, "backup", book, "--list")
    assert replaced["snapshot"] == snapshots[0]["name"] and snapshots[0]["reason"] == "before-import"
    code, _, err = run(capsys, "import", book, new_file, "--replace", "--append")
    assert code == 2 and "not allowed with argument" in err


@pytest.fixture
def scripted_model(monkeypatch):
    class Closable(ScriptedLLM):
        async def aclose(self) -> None:
            pass

    async def load_model(self):
        self._llm, self._model = Closable(), ModelState(ModelPhase.READY)
        return self._llm

    monkeypatch.setattr(Session, "load_model", load_model)


def test_extract_reads_a_range_of_imported_chapters_once_and_accept_clean_applies_the_clean_part(
        tmp_path, capsys, scripted_model):
    path = tmp_path / "book"
    run(capsys, "new", path, "--title", "测试")
    canon = tmp_path / "canon.json"
    canon.write_text(json.dumps({"chapter": 1, "entities": [{"kind": "Character", "name": "张三"},
                                                            {"kind": "Item", "name": "青锋剑"}]}), encoding="utf-8")
    assert run(capsys, "apply", path, canon)[0] == 0
    source = tmp_path / "稿.txt"
    source.write_text("".join(f"第{n}章 夺剑{n}\n{BODY}\n" for n in range(1, 5)), encoding="utf-8")
    run(capsys, "import", path, source, "--no-embed", "--no-extract")
    first = run_json(capsys, "extract", path, "--chapters", "2-3")
    assert [r["chapter"] for r in first] == [2, 3] and all(r["items"] for r in first)
    assert run_json(capsys, "extract", path, "--chapters", "2-3") == []
    accepted = run_json(capsys, "accept-clean", path, str(first[0]["settlement_id"]))
    assert accepted["applied"] == first[0]["settlement_id"] and accepted["items_applied"] >= 1
    names = {e["name"] for e in run_json(capsys, "facts", path)["entities"]}
    assert "林动" in names
    code, _, err = run(capsys, "extract", path, "--chapters", "x-y")
    assert code == 1 and "--chapters wants A-B" in err


def test_entities_applied_after_the_import_are_found_by_search_with(tmp_path, capsys):
    path = tmp_path / "book"
    run(capsys, "new", path, "--title", "测试")
    source = tmp_path / "稿.txt"
    source.write_text(f"第1章 相遇\n{BODY}\n第2章 独行\n　　林动独自下山。\n", encoding="utf-8")
    run(capsys, "import", path, source, "--no-embed", "--no-extract")
    people = tmp_path / "people.json"
    people.write_text(json.dumps({"chapter": 1, "entities": [{"kind": "Character", "name": "林动"},
                                                             {"kind": "Character", "name": "张三"}]}),
                      encoding="utf-8")
    assert run(capsys, "apply", path, people)[0] == 0
    hits = run_json(capsys, "search", path, "青锋剑", "--preset", "keyword", "--with", "林动", "张三")
    assert hits and {hit["chapter_number"] for hit in hits} == {1}
