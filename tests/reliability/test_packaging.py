"""The packaged app: build.spec builds a one-folder app that starts, finds its resources and models, and opens a book.

Building takes many minutes and needs PyInstaller (the `build` extra), so it runs only when asked:
    INKSTONE_BUILD_TEST=1 python -m pytest tests/reliability/test_packaging.py
"""

from __future__ import annotations

import os

import pytest

from desktop import __version__

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(os.environ.get("INKSTONE_BUILD_TEST") != "1",
                       reason="builds the app with PyInstaller (minutes); set INKSTONE_BUILD_TEST=1 to run"),
]


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    pytest.importorskip("PyInstaller", reason="install the build extra: pip install -e '.[build]'")
    from tests.bench.packaging import build

    root = tmp_path_factory.mktemp("pyinstaller")
    return build(root / "dist", root / "work")


@pytest.fixture(scope="module")
def smoke_run(built, tmp_path_factory):
    from pathlib import Path

    from tests.bench.packaging import smoke

    return smoke(Path(built["app"]), tmp_path_factory.mktemp("smoke"))


def test_the_built_app_reports_its_version(smoke_run):
    assert smoke_run["version_rc"] == 0
    assert smoke_run["version"] == f"inkstone {__version__}"


def test_the_built_app_creates_and_opens_a_book_headless(smoke_run):
    assert smoke_run["new_rc"] == 0, smoke_run["new_error"]
    assert smoke_run["doctor_rc"] == 0, smoke_run["doctor_error"]
    book = smoke_run["doctor"]["book"]
    assert book["title"] == "smoke" and "error" not in book


def test_the_built_app_finds_its_storage_engines_resources_and_models(smoke_run, built):
    doctor = smoke_run["doctor"]
    storage = doctor["storage"]
    assert storage["kuzu_ok"] and storage["fts5"] and storage["sqlite_vec"], storage
    assert doctor["paths"]["app_root"].startswith(os.path.dirname(built["app"]))
    engine = doctor["engine"]
    assert engine["embedder"]["loads"], engine["embedder"]
    assert engine["chat_model"]["loads"], engine["chat_model"]
