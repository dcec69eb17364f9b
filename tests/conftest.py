"""Shared fixtures: the real corpus beside the repository, and a fresh book per test."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def corpus_dir() -> Path:
    path = REPO.parent / "shared" / "corpus"
    if not path.is_dir():
        pytest.skip(f"corpus not found at {path}")
    return path
