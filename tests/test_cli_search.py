"""`inkstone search` answers from keyword and graph without loading the embedder (unless --vectors)."""

from __future__ import annotations

from desktop.workbench import session as session_module
from tests.cli_runner import run, run_json


def test_a_hybrid_search_from_the_command_line_never_loads_the_embedder(tmp_path, capsys, monkeypatch):
    path = tmp_path / "book"
    run(capsys, "new", path, "--title", "测试")
    source = tmp_path / "稿.txt"
    source.write_text("第1章 相遇\n　　林动在山门前遇见了张三。\n第2章 抄检大观园\n　　夜里众人各自回房。\n",
                      encoding="utf-8")
    assert run(capsys, "import", path, source, "--no-embed", "--no-extract")[0] == 0
    loads = []

    def no_embedder(settings):
        loads.append(settings)
        raise AssertionError("a keyword search loaded the embedder")

    monkeypatch.setattr(session_module, "open_embedder", no_embedder)
    hits = run_json(capsys, "search", path, "张三")
    assert [hit["chapter_number"] for hit in hits] == [1]
    assert run_json(capsys, "search", path, "抄检大观园")[0]["chapter_number"] == 2  # by its title
    assert loads == []
