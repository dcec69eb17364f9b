"""`inkstone outline BOOK add|rename|move|status|pointer`: the outline edited on the command line, strict JSON,
nodes named by title or OUTLINE/KIND, each edit undone by `inkstone undo`."""

from __future__ import annotations

from tests.cli_runner import run, run_json


def new_book(tmp_path, capsys):
    path = tmp_path / "novel.inkstone"
    run_json(capsys, "new", str(path), "--title", "寒霜", "--language", "zh")
    return path


def test_an_outline_is_built_edited_and_undone_from_the_command_line(tmp_path, capsys):
    book = new_book(tmp_path, capsys)
    run_json(capsys, "outline", book, "add", "general", "天下")
    run_json(capsys, "outline", book, "add", "long", "卷一", "--parent", "天下")
    run_json(capsys, "outline", book, "add", "short", "苏晚下山", "--parent", "卷一", "--storyline", "主角",
             "--chapters", "1-5")
    for kind, chapter in (("开端", "1"), ("发展", "3")):
        added = run_json(capsys, "outline", book, "add", "step", kind, "--parent", "苏晚下山", "--chapters", chapter)
        assert added["settlement_id"] > 0 and added["id"]
    run_json(capsys, "outline", book, "status", "苏晚下山/开端", "done")
    pointed = run_json(capsys, "outline", book, "pointer", "苏晚下山/发展")
    shown = run_json(capsys, "outline", book, "show")
    assert shown["pointer"][0]["step_id"] == pointed["id"] and shown["pointer"][0]["chapter"] == 3
    moved = run_json(capsys, "outline", book, "move", "苏晚下山/发展", "--index", "0")
    steps = run_json(capsys, "outline", book)["outlines"][0]["children"][0]["children"][0]["steps"]
    assert [s["kind"] for s in steps] == ["发展", "开端"]
    run_json(capsys, "undo", book, str(moved["settlement_id"]))
    renamed = run_json(capsys, "outline", book, "rename", "苏晚下山", "苏晚离山")
    assert renamed["was"] == "苏晚下山"
    code, out, _ = run(capsys, "outline", book)
    assert code == 0 and "苏晚离山" in out and "▶ 发展" in out
    assert out.index("开端") < out.index("发展")


def test_bad_input_gets_one_clear_line_and_changes_nothing(tmp_path, capsys):
    book = new_book(tmp_path, capsys)
    run_json(capsys, "outline", book, "add", "general", "天下")
    run_json(capsys, "outline", book, "add", "long", "卷一", "--parent", "天下")
    before = run_json(capsys, "outline", book)
    for argv, message in [
        (("rename", "卷一", "  "), "empty"),
        (("move", "卷一", "--parent", "卷一"), "only go under a GeneralOutline"),
        (("status", "卷一", "dropped"), "a status is one of"),
        (("pointer", "无此节点"), "no outline or step called"),
        (("add", "step", "开端"), "needs --parent"),
        (("add", "long"), "wants LEVEL TITLE"),
    ]:
        code, out, err = run(capsys, "outline", book, *argv, "--json")
        assert code != 0 and out == "" and message in err, (argv, err)
        assert len(err.strip().splitlines()) == 1
    assert run_json(capsys, "outline", book) == before
