"""`inkstone check` and `inkstone persona`: continuity reports and personas from the command line, as JSON."""

from __future__ import annotations

import json

import pytest

from desktop.cli import main
from tests.cli_runner import run_json
from tests.tasks.test_continuity import CANON, CONSISTENT, PLANTED


@pytest.fixture
def book(tmp_path, capsys):
    path = tmp_path / "novel.inkstone"
    run_json(capsys, "new", str(path), "--title", "试笔")
    for doc in CANON:
        file = tmp_path / f"ch{doc['chapter']}.json"
        file.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
        run_json(capsys, "apply", str(path), str(file))
    return path


def test_check_a_draft_file_as_of_a_chapter(book, tmp_path, capsys):
    draft = tmp_path / "draft.txt"
    draft.write_text(PLANTED, encoding="utf-8")
    report = run_json(capsys, "check", str(book), str(draft), "--chapter", "8")
    assert report["chapter"] == 8 and len(report["issues"]) == 4
    assert all(set(issue) >= {"kind", "text", "span", "fact", "source"} for issue in report["issues"])


def test_check_an_imported_chapter_by_number(book, tmp_path, capsys):
    source = tmp_path / "chapters.txt"
    source.write_text(f"第八章 夜宴\n{PLANTED}\n第九章 晨光\n{CONSISTENT}\n", encoding="utf-8")
    run_json(capsys, "import", str(book), str(source), "--no-embed", "--no-extract")
    assert len(run_json(capsys, "check", str(book), "--chapter", "8")["issues"]) == 4
    assert run_json(capsys, "check", str(book), "--chapter", "9")["issues"] == []


def test_check_without_a_file_or_chapter_is_an_error(book, capsys):
    assert main(["check", str(book)]) == 1
    assert "needs a FILE" in capsys.readouterr().err


def test_persona_base_then_show_and_revert_errors(book, capsys):
    shown = run_json(capsys, "persona", str(book), "张三", "--base", "沉默寡言。")
    assert shown["base"] == "沉默寡言。" and shown["evolved"] is None and shown["history"] == []
    assert main(["persona", str(book), "张三", "--revert", "1"]) == 1
    assert "no evolved persona" in capsys.readouterr().err
