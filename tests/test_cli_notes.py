"""`inkstone say --no-reply` keeps a note without the model; `inkstone settle --json` prints each item's evidence."""

from __future__ import annotations

import pytest

from desktop.cli import main
from desktop.workbench import Workbench
from tests.cli_runner import run_json
from tests.tasks.conftest import ScriptedLLM

SETTING = "苏晚出身江南苏家，后来改用寒霜剑。"


@pytest.fixture
def book(tmp_path, capsys):
    path = tmp_path / "novel.inkstone"
    run_json(capsys, "new", str(path), "--title", "寒霜", "--language", "zh")
    return path


def test_say_no_reply_keeps_the_words_as_a_note_without_loading_a_model(book, capsys, monkeypatch):
    async def no_model(self):
        pytest.fail("a note loaded the model")

    monkeypatch.setattr(Workbench, "load_model", no_model)
    kept = run_json(capsys, "say", str(book), "--no-reply", SETTING)
    assert kept["event"] == "created" and kept["characters"] == len(SETTING)
    again = run_json(capsys, "say", str(book), "--no-reply", "她左颊有一道旧疤。")
    assert again["task_id"] == kept["task_id"] and again["event"] is None


def test_an_empty_note_is_one_clear_error(book, capsys):
    assert main(["say", str(book), "--no-reply", "  "]) == 1
    assert "a note needs some text" in capsys.readouterr().err


def test_settle_json_prints_evidence_for_every_item(book, capsys, monkeypatch):
    llm = ScriptedLLM(documents=[{"entities": [{"kind": "Character", "name": "苏晚"},
                                               {"kind": "Item", "name": "寒霜剑"}],
                                  "relations": [{"type": "OWNS", "from": "苏晚", "to": "寒霜剑"}]}])

    async def scripted(self):
        return llm

    monkeypatch.setattr(Workbench, "load_model", scripted)
    run_json(capsys, "say", str(book), "--no-reply", SETTING)
    review = run_json(capsys, "settle", str(book))
    assert review["items"]  # what the extractor makes of it is its own tests' business; the JSON carries evidence
    assert all(isinstance(item["evidence"], list) for item in review["items"])


def test_the_workbench_keeps_a_gb18030_file_as_a_note(book, tmp_path):
    import asyncio

    path = tmp_path / "苏晚.txt"
    path.write_bytes(SETTING.encode("gb18030"))

    async def keep() -> list[dict]:
        wb = Workbench(settings_path=None)
        await wb.open_book(book)
        try:
            kept = await wb.note(path=path)
            return [kept, await wb.messages(kept["task_id"])]
        finally:
            await wb.shutdown()

    kept, messages = asyncio.run(keep())
    assert kept["characters"] == len(SETTING)
    assert [(m.role, m.content, dict(m.meta)) for m in messages] == [("user", SETTING, {"note": True})]
