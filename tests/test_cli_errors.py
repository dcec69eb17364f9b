"""Issue 16: no command ever shows the author a traceback — every failure is one line on stderr and a non-zero exit.

The commands are read from the parser itself, so a command added later is driven here too."""

from __future__ import annotations

import argparse
import json

import pytest

from desktop import cli
from desktop.cli import build_parser, main


def subcommands() -> dict[str, argparse.ArgumentParser]:
    [sub] = [a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction)]
    return dict(sub.choices)


COMMANDS = sorted(subcommands())


def argv_for(name: str, book: str, placeholder: str) -> tuple[list[str], bool]:
    """An invocation of `name` with every positional filled: the book with `book`, the rest with plausible
    values (a file for free text, so a command that reads a document reads `placeholder`); and whether it
    takes a book."""
    parser = subcommands()[name]
    argv, has_book = [name], False
    for action in parser._actions:
        if action.option_strings:
            if action.required:
                argv += [action.option_strings[0], "x"]
            continue
        if action.dest == "book":
            argv.append(book)
            has_book = True
        elif action.nargs == argparse.REMAINDER:
            continue
        elif action.choices:
            argv.append(sorted(action.choices)[0])
        elif action.type is int:
            argv.append("1")
        else:
            argv.append(placeholder)
    return argv, has_book


@pytest.fixture
def world(tmp_path, monkeypatch):
    """A user's machine: empty settings and data folders, a folder that is no book, files of garbage."""
    monkeypatch.setenv("INKSTONE_CONFIG", str(tmp_path / "settings.toml"))
    monkeypatch.setenv("INKSTONE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv("INKSTONE_DEBUG", raising=False)
    folder = tmp_path / "holiday-photos"
    folder.mkdir()
    (folder / "beach.jpg").write_bytes(b"\xff\xd8\xff\xe0 not really")
    garbage = tmp_path / "garbage.json"
    garbage.write_bytes(bytes(range(256)) * 4)
    return {"tmp": tmp_path, "folder": folder, "garbage": garbage}


def assert_one_line_refusal(capsys, argv: list[str]) -> str:
    code = main(argv)
    out, err = capsys.readouterr()
    assert code != 0, f"{argv} succeeded: {out[:200]}"
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].strip(), f"{argv} printed {err!r}"
    assert "Traceback" not in err and lines[0].startswith("inkstone: error: ")
    return lines[0]


BOOK_CASES = ("missing", "not-a-book", "garbage-file")
BOOK_COMMANDS = [name for name in COMMANDS if argv_for(name, "BOOK", "FILE")[1]]


@pytest.mark.parametrize("name", BOOK_COMMANDS)
@pytest.mark.parametrize("case", BOOK_CASES)
def test_every_command_refuses_a_bad_book_on_one_line(world, capsys, name, case):
    book = {"missing": world["tmp"] / "nowhere" / "b.inkstone", "not-a-book": world["folder"],
            "garbage-file": world["garbage"]}[case]
    if name == "new" and case == "missing":
        book = world["garbage"] / "b.inkstone"  # a book cannot be made inside a file
    assert_one_line_refusal(capsys, argv_for(name, str(book), str(world["garbage"]))[0])


@pytest.mark.parametrize("name", COMMANDS)
def test_every_command_refuses_an_unknown_option_on_one_line_without_the_usage(world, capsys, name):
    argv, _ = argv_for(name, str(world["tmp"] / "b.inkstone"), str(world["garbage"]))
    assert "no-such-option" in assert_one_line_refusal(capsys, argv + ["--no-such-option"])


@pytest.fixture
def book(world, capsys):
    path = world["tmp"] / "novel.inkstone"
    assert main(["new", str(path), "--title", "武动"]) == 0
    doc = world["tmp"] / "doc.json"
    doc.write_text(json.dumps({"chapter": 1, "entities": [{"kind": "Character", "name": "林动"}]}), encoding="utf-8")
    assert main(["apply", str(path), str(doc)]) == 0
    capsys.readouterr()
    return path


def test_bad_arguments_to_a_real_book_are_one_line_each(book, world, capsys):
    nan_doc = world["tmp"] / "nan.json"
    nan_doc.write_text('{"entities": [{"name": "林动", "attributes": {"力": NaN}}]}', encoding="utf-8")
    deep = world["tmp"] / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    a_file = world["tmp"] / "taken.txt"
    a_file.write_text("the author's own file", encoding="utf-8")
    assert "not a readable JSON document" in assert_one_line_refusal(capsys, ["apply", str(book), str(deep)])
    for argv in (["apply", book, world["garbage"]], ["apply", book, nan_doc],
                 ["apply", book, world["folder"]], ["undo", book, "abc"], ["undo", book, "999"],
                 ["undo", book, "-1"], ["facts", book, "--as-of", "x"], ["facts", book, "--entity", "无名"],
                 ["search", book, "剑", "--chapters", "x-y"], ["check", book, world["garbage"]],
                 ["check", book, "--chapter", "99"], ["restore", book, "no-such-snapshot"],
                 ["persona", book, "林动", "--revert", "7"],
                 ["task", book, "switch", "999"],
                 ["bench", "no-such-bench"]):
        assert_one_line_refusal(capsys, [str(a) for a in argv])
    assert main(["facts", str(book), "--json"]) == 0  # and the book is fine
    assert [e["name"] for e in json.loads(capsys.readouterr().out)["entities"]] == ["林动"]


def test_an_unexpected_error_is_its_type_and_message_with_the_traceback_kept_in_a_log(book, world, capsys,
                                                                                       monkeypatch):
    async def broken(wb, args):
        raise RuntimeError("Unable to cast Python instance\nto C++ type '?'")

    monkeypatch.setitem(cli.COMMANDS, "plan", (broken, True))
    line = assert_one_line_refusal(capsys, ["plan", str(book)])
    assert line.startswith("inkstone: error: RuntimeError: Unable to cast Python instance to C++ type '?' (details in")
    log = world["tmp"] / "data" / "cli-errors.log"
    assert "Traceback" in log.read_text(encoding="utf-8") and str(log) in line

    assert main(["--debug", "plan", str(book)]) == 1
    assert "Traceback" in capsys.readouterr().err  # the one way to see it: asking for it
    monkeypatch.setenv("INKSTONE_DEBUG", "1")
    assert main(["plan", str(book)]) == 1
    assert "Traceback" in capsys.readouterr().err
