"""`inkstone` on the command line: JSON out, one clear line on stderr and a non-zero exit on error."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from desktop import __version__
from tests.cli_runner import run, run_json

DOC = {
    "chapter": 3,
    "entities": [{"kind": "Character", "name": "林动", "aliases": ["小动"], "attributes": {"realm": "淬体三重"}},
                 {"kind": "Item", "name": "青锋剑"}],
    "relations": [{"type": "OWNS", "from": "林动", "to": "青锋剑"}],
    "hooks": [{"name": "玉佩的秘密", "involves": ["林动"]}],
}


@pytest.fixture
def book(tmp_path, capsys):
    path = tmp_path / "novel.inkstone"
    run_json(capsys, "new", str(path), "--title", "武动乾坤", "--language", "zh")
    return path


def test_version_from_the_console_script():
    out = subprocess.run([sys.executable, "-m", "desktop.cli", "--version"], capture_output=True, text=True)
    assert out.stdout.strip() == f"inkstone {__version__}"


def test_new_apply_facts_plan_undo(book, tmp_path, capsys):
    doc = tmp_path / "doc.json"
    doc.write_text(json.dumps(DOC, ensure_ascii=False), encoding="utf-8")
    applied = run_json(capsys, "apply", str(book), str(doc))
    assert applied["applied"]["entities"] == 2 and applied["applied"]["relations"] == 1

    facts = run_json(capsys, "facts", str(book), "--as-of", "3")
    assert facts["as_of"] == 3
    assert {e["name"]: e["attributes"] for e in facts["entities"]}["林动"] == {"realm": "淬体三重"}
    assert [(r["type"], r["from"], r["to"], r["valid_from"], r["valid_to"]) for r in facts["relations"]] == [
        ("OWNS", "林动", "青锋剑", 3, None)]
    assert [(h["name"], h["status"], h["planted_in"]) for h in facts["hooks"]] == [("玉佩的秘密", "Unresolved", 3)]
    assert run_json(capsys, "facts", str(book), "--as-of", "2")["relations"] == []
    assert run_json(capsys, "facts", str(book), "--entity", "小动")["entities"][0]["name"] == "林动"

    assert run_json(capsys, "plan", str(book)) == {"outlines": [], "pointer": []}
    assert run_json(capsys, "undo", str(book), str(applied["settlement_id"]))["state"] == "undone"
    assert run_json(capsys, "facts", str(book))["entities"] == []


@pytest.mark.parametrize("argv, message", [
    (["facts", "{book}", "--entity", "无名氏"], "no entity called '无名氏'"),
    (["apply", "{book}", "{tmp}/missing.json"], "missing.json: no such file"),
    (["undo", "{book}", "42"], "no settlement 42"),
    (["facts", "{tmp}/nowhere"], "not an Inkstone book"),
    (["new", "{book}", "--title", "again"], "already exists"),
])
def test_errors_are_one_clear_line_and_a_non_zero_exit(book, tmp_path, capsys, argv, message):
    code, out, err = run(capsys, *[a.format(book=book, tmp=tmp_path) for a in argv])
    assert code != 0 and out == ""
    assert len(err.strip().splitlines()) == 1 and message in err


def test_a_malformed_document_names_what_is_wrong(book, tmp_path, capsys):
    doc = tmp_path / "bad.json"
    doc.write_text('{"entities": [{"kind": "Character"}]}', encoding="utf-8")
    code, _, err = run(capsys, "apply", str(book), str(doc))
    assert code == 1 and "entities/0: 'name' is a required property" in err


def test_tasks_are_created_listed_switched_and_named_unambiguously(book, capsys):
    first = run_json(capsys, "task", str(book), "new", "设定人物：张三", "--kind", "character")
    assert (first["title"], first["kind"], first["status"]) == ("设定人物：张三", "character", "active")
    run_json(capsys, "task", str(book), "new", "设定人物：李四")
    assert run_json(capsys, "task", str(book), "switch", "1")["status"] == "active"
    listed = run_json(capsys, "task", str(book), "list")
    assert [(t["id"], t["status"], t["messages"]) for t in listed] == [(1, "active", 0), (2, "open", 0)]
    code, _, err = run(capsys, "task", str(book), "switch", "设定人物")
    assert code == 1 and "could be several tasks" in err


def test_context_of_a_new_task_shows_its_sections_with_token_counts(book, capsys):
    run_json(capsys, "task", str(book), "new", "第一卷大纲")
    context = run_json(capsys, "context", str(book), "--mode", "new")
    assert context["mode"] == "new" and context["task_id"] == 1 and context["budget_tokens"] > 0
    assert all({"name", "tokens", "text"} <= set(section) for section in context["sections"])
    assert context["messages"] == []


def test_doctor_reports_the_storage_stack_and_paths(book, capsys):
    report = run_json(capsys, "doctor", "--book", str(book))
    storage = report["storage"]
    assert storage["kuzu"] == "0.11.3" and storage["kuzu_ok"] is True
    assert storage["fts5"] is True and storage["sqlite_vec"].startswith("v")
    assert report["book"]["title"] == "武动乾坤"
    assert {"user_data", "model_dirs", "resources"} <= set(report["paths"])
    assert "chat_model" in report["engine"] and "embedder" in report["engine"]


def test_backup_restore_export_and_rebuild_from_the_exported_settlements(book, tmp_path, capsys):
    doc = tmp_path / "doc.json"
    doc.write_text(json.dumps(DOC, ensure_ascii=False), encoding="utf-8")
    run_json(capsys, "apply", str(book), str(doc))
    manual = run_json(capsys, "backup", str(book))
    later = {"chapter": 9, "entities": [{"kind": "Location", "name": "天玄城"}]}
    doc.write_text(json.dumps(later, ensure_ascii=False), encoding="utf-8")
    run_json(capsys, "apply", str(book), str(doc))
    names = {s["name"] for s in run_json(capsys, "backup", str(book), "--list")}
    assert manual["name"] in names and len(names) >= 3  # one before each apply, and the manual one

    run_json(capsys, "restore", str(book), manual["name"])
    assert "天玄城" not in [e["name"] for e in run_json(capsys, "facts", str(book))["entities"]]

    out = tmp_path / "export"
    run_json(capsys, "export", str(book), str(out))
    assert "林动" in (out / "bible.md").read_text(encoding="utf-8")
    rebuilt = tmp_path / "rebuilt"
    run_json(capsys, "new", str(rebuilt), "--title", "copy")
    run_json(capsys, "apply", str(rebuilt), str(out / "settlements"))
    for chapter in ("2", "3"):
        original = run_json(capsys, "facts", str(book), "--as-of", chapter)
        copy = run_json(capsys, "facts", str(rebuilt), "--as-of", chapter)
        strip = lambda snap: [{k: v for k, v in r.items() if k != "settlement"} for r in snap["relations"]]
        assert (copy["entities"], strip(copy), copy["hooks"]) == (original["entities"], strip(original), original["hooks"])
