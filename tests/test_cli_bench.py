"""`inkstone bench NAME`: benches are found in the checkout's tests/bench/, take their own options, print JSON."""

from __future__ import annotations

import json

import pytest

from desktop import checkout, cli, paths

TOY = '''"""A toy bench."""


def add_arguments(parser):
    parser.add_argument("--n", type=int, default=1)


async def run(args):
    return {"n": args.n, "settings": type(args.settings).__name__}
'''


def test_the_benches_of_this_checkout_are_the_files_with_a_run_function():
    names = checkout.bench_names()
    assert {"crash", "embed", "import", "llm", "retrieval", "ui"} <= set(names)
    assert "manuscript" not in names and "packaging" not in names  # helpers beside the benches


@pytest.fixture
def toy_checkout(tmp_path, monkeypatch):
    (tmp_path / "tests" / "bench").mkdir(parents=True)
    (tmp_path / "tests" / "bench" / "toy.py").write_text(TOY, encoding="utf-8")
    (tmp_path / "tests" / "bench" / "helper.py").write_text('"""Not a bench."""\n', encoding="utf-8")
    monkeypatch.setattr(paths, "source_root", lambda: tmp_path)
    monkeypatch.setenv("INKSTONE_CONFIG", str(tmp_path / "settings.toml"))
    return tmp_path


def test_a_bench_gets_its_own_options_and_its_figures_print_as_json(toy_checkout, capsys):
    assert checkout.bench_names() == ["toy"]
    assert cli.main(["bench", "toy", "--n", "3"]) == 0
    assert json.loads(capsys.readouterr().out) == {"n": 3, "settings": "Settings"}


def test_an_unknown_bench_is_refused_with_the_ones_there_are(toy_checkout, capsys):
    assert cli.main(["bench", "helper"]) == 2
    err = capsys.readouterr().err
    assert "toy" in err and len(err.splitlines()) == 1


def test_the_packaged_app_says_benches_need_a_source_checkout(monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(paths, "source_root", lambda: None)
    monkeypatch.setenv("INKSTONE_CONFIG", str(tmp_path / "settings.toml"))
    assert cli.main(["bench", "llm"]) == 1
    err = capsys.readouterr().err.strip()
    assert err == f"inkstone: error: {checkout.NO_CHECKOUT}"
