"""`inkstone settings BOOK list|get|search|scale`: the settings library on the command line, strict JSON."""

from __future__ import annotations

import asyncio

import pytest

from desktop.cli import main
from desktop.workbench import Workbench
from tests.cli_runner import run, run_json

POWER = "境界从低到高依次为：炼气期、筑基期、金丹期、元婴期。炼气期分十三层，筑基分初期、中期、后期。"


@pytest.fixture
def book(tmp_path, capsys):
    path = tmp_path / "novel.inkstone"
    run_json(capsys, "new", str(path), "--title", "寒霜", "--language", "zh")

    async def write():
        wb = Workbench()
        await wb.open_book(path)
        await wb.save_setting("修炼体系", POWER, "力量体系")
        await wb.save_setting("寒霜剑", "苏晚的佩剑，剑身如霜。", "物品")
        await wb.shutdown()

    asyncio.run(write())
    return path


def test_list_and_get_by_exact_title(book, capsys):
    listed = run_json(capsys, "settings", book, "list")
    assert [(e["category"], e["title"]) for e in listed] == [("力量体系", "修炼体系"), ("物品", "寒霜剑")]
    assert [e["title"] for e in run_json(capsys, "settings", book, "list", "--category", "物品")] == ["寒霜剑"]
    entry = run_json(capsys, "settings", book, "get", "修炼体系")
    assert entry["scales"] == [["炼气期", "筑基期", "金丹期", "元婴期"]] and entry["scale_confirmed"] is False
    assert entry["guessed_scales"][0]["sublevels"] == {"炼气期": "十三层", "筑基期": "初期、中期、后期"}


def test_search_without_vectors_is_keyword_and_says_so(book, capsys):
    found = run_json(capsys, "settings", book, "search", "佩剑")
    assert found["method"] == "keyword" and [h["title"] for h in found["hits"]] == ["寒霜剑"]


def test_scale_use_with_levels_then_clear(book, capsys):
    used = run_json(capsys, "settings", book, "scale", "修炼体系", "--use", "--levels", "炼气 < 筑基 < 结丹 < 元婴")
    assert used["scale_confirmed"] and used["scales"] == [["炼气", "筑基", "结丹", "元婴"]]
    assert run_json(capsys, "settings", book, "get", "修炼体系")["scales"] == [["炼气", "筑基", "结丹", "元婴"]]
    cleared = run_json(capsys, "settings", book, "scale", "修炼体系", "--clear")
    assert not cleared["scale_confirmed"] and cleared["scales"] == [["炼气期", "筑基期", "金丹期", "元婴期"]]
    assert run_json(capsys, "settings", book, "scale", "寒霜剑", "--none")["scales"] == []


def test_bad_input_gets_one_clear_message(book, capsys):
    code, _, err = run(capsys, "settings", book, "get", "修炼")
    assert code == 1 and "no settings entry titled '修炼'" in err
    code, _, err = run(capsys, "settings", book, "get")
    assert code == 1 and "needs an entry title" in err
    code, _, err = run(capsys, "settings", book, "scale", "寒霜剑", "--use")
    assert code == 1 and "no scale could be read" in err
    assert main(["settings", str(book), "frobnicate"]) == 2


def test_without_json_an_entry_reads_with_its_scale_and_where_it_comes_from(book, capsys):
    code, out, _ = run(capsys, "settings", book, "get", "修炼体系")
    assert code == 0
    assert "scale (read from the text, not confirmed): 炼气期 < 筑基期 < 金丹期 < 元婴期" in out
    assert "  炼气期: 十三层" in out
    code, out, _ = run(capsys, "settings", book, "search", "佩剑")
    assert out.splitlines()[:2] == ["(keyword search)", "1. 寒霜剑 [物品] 苏晚的佩剑，剑身如霜。"]
