"""`inkstone failed`: settlements set aside because applying them broke, listed, retried (edited) or discarded."""

from __future__ import annotations

import json

from desktop.book.fact_applier import Applier
from tests.cli_runner import run, run_json

DOC = {"chapter": 3, "entities": [{"kind": "Character", "name": "林动", "attributes": {"realm": "淬体三重"}}]}


def test_a_failed_settlement_is_listed_then_retried_edited_or_discarded(tmp_path, capsys, monkeypatch):
    book, doc, edited = tmp_path / "novel", tmp_path / "doc.json", tmp_path / "edited.json"
    doc.write_text(json.dumps(DOC, ensure_ascii=False), encoding="utf-8")
    run_json(capsys, "new", str(book), "--title", "武动乾坤")
    monkeypatch.setattr(Applier, "_state", lambda *a: 1 / 0)
    for _ in range(2):
        code, _, err = run(capsys, "apply", str(book), str(doc))
        assert code == 1 and "set aside as failed" in err and "ZeroDivisionError" in err

    listed = run_json(capsys, "failed", str(book))
    assert [(e["id"], e["chapter"]) for e in listed] == [(1, 3), (2, 3)] and "ZeroDivisionError" in listed[0]["error"]
    code, out, _ = run(capsys, "failed", str(book))
    assert code == 0 and "id=1" in out and "ZeroDivisionError" in out

    edited.write_text(json.dumps({"chapter": 3, "entities": [{"kind": "Character", "name": "林动"}]}), encoding="utf-8")
    assert run_json(capsys, "failed", str(book), "--retry", "1", "--document", str(edited))["applied"] == {"entities": 1}
    assert run_json(capsys, "failed", str(book), "--discard", "2")["state"] == "rejected"
    assert run_json(capsys, "failed", str(book)) == []
    code, _, err = run(capsys, "failed", str(book), "--retry", "2")
    assert code == 1 and "settlement 2 is rejected, not failed" in err
