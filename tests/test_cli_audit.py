"""`inkstone audit`: the manuscript audit from the command line, as JSON; a rerun reuses what did not change;
--dismiss remembers an intended issue; `check` without --chapter takes the draft's own heading."""

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
    source = tmp_path / "chapters.txt"
    source.write_text(f"第八章 夜宴\n{PLANTED}\n第九章 晨光\n{CONSISTENT}\n", encoding="utf-8")
    run_json(capsys, "import", str(path), str(source), "--no-embed", "--no-extract")
    return path


def test_audit_lists_each_chapters_issues_with_sources_and_reuses_them(book, capsys):
    report = run_json(capsys, "audit", str(book), "--chapters", "8-9")
    assert report["complete"] and report["chapters_audited"] == 2 and report["reused"] == 0
    assert {issue["chapter"] for issue in report["issues"]} == {8}
    assert sum(report["counts"].values()) == len(report["issues"]) == 4
    issue = report["issues"][0]
    assert set(issue) >= {"chapter", "kind", "text", "span", "fact", "source", "fingerprint", "dismissed"}
    assert issue["source"]["origin"] == "file" and issue["source"]["settlement_id"] is not None
    assert run_json(capsys, "audit", str(book))["reused"] == 2


def test_a_dismissed_issue_stays_dismissed(book, capsys):
    issue = run_json(capsys, "audit", str(book))["issues"][0]
    assert run_json(capsys, "audit", str(book), "--dismiss", issue["fingerprint"])["dismissed"] is True
    report = run_json(capsys, "audit", str(book))
    assert report["dismissed"] == 1 and sum(report["counts"].values()) == 3
    run_json(capsys, "audit", str(book), "--undismiss", issue["fingerprint"])
    assert run_json(capsys, "audit", str(book))["dismissed"] == 0


def test_bad_ranges_and_unknown_issues_are_clear_errors(book, capsys):
    assert main(["audit", str(book), "--chapters", "9-8"]) == 1
    assert "comes after" in capsys.readouterr().err
    assert main(["audit", str(book), "--dismiss", "nope"]) == 1
    assert "run the audit first" in capsys.readouterr().err


def test_check_takes_the_chapter_from_the_drafts_heading(book, tmp_path, capsys):
    draft = tmp_path / "draft.txt"
    draft.write_text("第八章 夜宴\n" + PLANTED, encoding="utf-8")
    report = run_json(capsys, "check", str(book), str(draft))
    assert report["chapter"] == 8 and report["chapter_from"] == "heading" and len(report["issues"]) == 4
