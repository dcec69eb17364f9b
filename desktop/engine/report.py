"""The engine's part of `inkstone doctor`: which chat model and embedder would be used, and whether each loads."""

from __future__ import annotations

import asyncio
import concurrent.futures
from typing import Any, Awaitable

from desktop.config import Settings
from desktop.engine.embed import open_embedder
from desktop.engine.errors import ModelError
from desktop.engine.factory import open_llm

CHAT_KEYS = ("backend", "model", "path", "size_bytes", "n_ctx", "gpu_offload_supported", "gpu_layers", "n_threads")


def engine_report(settings: Settings) -> dict:
    """{"chat_model": {path, size_bytes, backend, gpu_offload_supported, gpu_layers, n_ctx, loads, error, …},
    "embedder": {name, dim, loads, error}}. Both are really loaded; a failure is reported, never raised."""
    return {"chat_model": run_sync(_chat_report(settings)), "embedder": _embedder_report(settings)}


async def _chat_report(settings: Settings) -> dict:
    report: dict[str, Any] = dict.fromkeys(CHAT_KEYS)
    report.update(loads=False, error=None)
    llm = None
    try:
        llm = open_llm(settings)
        report.update(_pick(llm.info()))
        await llm.load()
        report.update(_pick(llm.info()), loads=True)
    except Exception as exc:  # the doctor reports every failure, whatever raised it
        report["error"] = _describe(exc)
    finally:
        if llm is not None:
            await llm.aclose()
    return report


def _embedder_report(settings: Settings) -> dict:
    report: dict[str, Any] = {"name": None, "dim": None, "loads": False, "error": None}
    try:
        embedder = open_embedder(settings)
        report["name"] = embedder.name
        vectors = embedder.embed(["墨池试笔", "inkstone"])
        report.update(dim=int(vectors.shape[1]), loads=True)
    except Exception as exc:  # as above: reported, not raised
        report["error"] = _describe(exc)
    return report


def _pick(info: dict) -> dict:
    return {key: info.get(key) for key in CHAT_KEYS}


def _describe(exc: Exception) -> str:
    return str(exc) if isinstance(exc, ModelError) else f"{type(exc).__name__}: {exc}"


def run_sync(awaitable: Awaitable) -> Any:
    """Run a coroutine from synchronous code, even when the caller's thread already runs an event loop."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(awaitable)
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, awaitable).result()
