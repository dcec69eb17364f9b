"""`inkstone apply --dry-run`, `undo --dry-run` and `settle`: what would be written, and what it would contradict in
the chapters already imported, printed as JSON with nothing written."""

from __future__ import annotations

import json

import pytest

from desktop.workbench import Workbench
from tests.cli_runner import run, run_json

CANON = {
    "chapter": 1,
    "entities": [{"kind": "Character", "name": "张三"}, {"kind": "Character", "name": "李四"},
                 {"kind": "Item", "name": "青锋剑"}],
    "relations": [{"type": "OWNS", "from": "李四", "to": "青锋剑"}],
}
MANUSCRIPT = ("第一章 入门\n张三拜入青云门。李四握着青锋剑站在山门前。\n\n"
              "第二章 下山\n夜里张三独自下山。\n\n"
              "第三章 大殿\n张三提剑走进大殿，众人大惊。李四握紧青锋剑，冷冷看着他。\n")
DEATH = {"chapter": 2, "states": [{"entity": "张三", "key": "生死", "value": "死亡"}]}


def write(path, value) -> str:
    path.write_text(json.dumps(value, ensure_ascii=False), encoding="utf-8")
    return str(path)


@pytest.fixture
def book(tmp_path, capsys):
    path = tmp_path / "novel.inkstone"
    run_json(capsys, "new", path, "--title", "青云", "--language", "zh")
    run_json(capsys, "apply", path, write(tmp_path / "canon.json", CANON))
    (tmp_path / "book.txt").write_text(MANUSCRIPT, encoding="utf-8")
    run_json(capsys, "import", path, tmp_path / "book.txt", "--no-extract", "--no-embed")
    return path


def test_apply_dry_run_prints_the_items_and_the_impact_and_writes_nothing(book, tmp_path, capsys):
    doc = write(tmp_path / "death.json", DEATH)
    preview = run_json(capsys, "apply", book, doc, "--dry-run")
    assert preview["dry_run"] and preview["would_apply"] and preview["problems"] == []
    assert preview["counts"] == {"states": 1} and preview["items"][0]["path"] == "states/0"
    chapters = preview["impact"]["chapters"]
    assert [(c["chapter"], [q["text"] for q in c["quotes"]]) for c in chapters] == [(3, ["张三提剑走进大殿，众人大惊。"])]
    facts = run_json(capsys, "facts", book, "--entity", "张三")
    assert facts["entities"][0]["attributes"] == {}  # nothing was applied


def test_apply_dry_run_names_what_the_book_would_refuse(book, tmp_path, capsys):
    doc = write(tmp_path / "bad.json", {"relations": [{"type": "OWNS", "from": "无名氏", "to": "青锋剑"}]})
    preview = run_json(capsys, "apply", book, doc, "--dry-run")
    assert not preview["would_apply"] and any("无名氏" in p for p in preview["problems"])


def test_apply_dry_run_of_a_folder_is_refused_with_one_line(book, tmp_path, capsys):
    folder = tmp_path / "docs"
    folder.mkdir()
    code, _, err = run(capsys, "apply", book, folder, "--dry-run", "--json")
    assert code != 0 and "not a folder" in err and len(err.strip().splitlines()) == 1


def test_undo_dry_run_shows_what_goes_and_what_relied_on_it_then_undo_still_works(book, tmp_path, capsys):
    applied = run_json(capsys, "apply", book, write(tmp_path / "death.json", DEATH))
    sid = applied["settlement_id"]
    preview = run_json(capsys, "undo", book, sid, "--dry-run")
    assert preview["removes"] == [{"kind": "state", "label": "张三.生死 = 死亡", "entity": "张三", "key": "生死",
                                   "value": "死亡", "from_chapter": 2}]
    assert preview["blocked"] is None and preview["impact"]["changes"][0]["rule"] == "death_told"
    assert run_json(capsys, "undo", book, sid)["state"] == "undone"


def test_settle_json_carries_the_impact_of_its_review(book, capsys, monkeypatch):
    async def settle(self, task_id=None, *, progress=None, cancel=None):
        from desktop.tasks.settlement import propose_reviewed  # a review as the model would have proposed it
        return await self.run(lambda: propose_reviewed(self.book, DEATH, [], source="task:1"))

    monkeypatch.setattr(Workbench, "settle", settle)
    review = run_json(capsys, "settle", book)
    assert review["settlement_id"] is not None
    assert [c["chapter"] for c in review["impact"]["chapters"]] == [3]
