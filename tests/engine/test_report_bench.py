"""`inkstone doctor` and `inkstone bench` figures: the exact keys the CLI prints, measured for real."""

from __future__ import annotations

import asyncio

import pytest

from desktop.config import Settings
from desktop.engine.report import engine_report
from tests.bench.embed import bench_embed
from tests.bench.llm import bench_llm

BENCH_LLM_KEYS = {"model", "n_threads", "gpu_layers", "raw_tokens_per_s", "app_tokens_per_s", "ratio",
                  "ttft_cold_ms", "ttft_warm_ms", "json_tokens_per_s", "cancel_ms"}


@pytest.mark.model
def test_the_doctor_loads_the_default_chat_model_and_embedder(chat_llm):
    report = engine_report(Settings(n_ctx=2048, gpu_layers=0, model_path=str(chat_llm.choice.path)))
    chat, embedder = report["chat_model"], report["embedder"]
    assert chat["loads"] and chat["error"] is None
    assert chat["backend"] == "llama.cpp" and chat["size_bytes"] == 491_400_064 and chat["n_ctx"] == 2048
    assert chat["gpu_layers"] == 0 and isinstance(chat["gpu_offload_supported"], bool)
    assert embedder == {"name": "use-multilingual-v3", "dim": 512, "loads": True, "error": None}


def test_the_doctor_reports_what_does_not_load_instead_of_raising(tmp_path):
    (tmp_path / "bad.gguf").write_bytes(b"not a model")
    report = engine_report(Settings(model_path=str(tmp_path / "bad.gguf"), embedder=str(tmp_path / "none")))
    assert not report["chat_model"]["loads"] and "not a GGUF file" in report["chat_model"]["error"]
    assert not report["embedder"]["loads"] and "embedder folder not found" in report["embedder"]["error"]


def test_bench_embed_reports_its_figures():
    figures = bench_embed(Settings())
    assert figures["model"] == "use-multilingual-v3"
    assert figures["texts_per_s"] > 0 and figures["chinese_chars_per_s"] > figures["texts_per_s"]


@pytest.mark.slow
@pytest.mark.model
def test_bench_llm_reports_every_figure(chat_llm):
    figures = asyncio.run(bench_llm(Settings(n_ctx=2048, gpu_layers=0, model_path=str(chat_llm.choice.path))))
    assert set(figures) == BENCH_LLM_KEYS
    assert figures["raw_tokens_per_s"] > 0 and figures["app_tokens_per_s"] > 0 and figures["ratio"] > 0
    assert figures["ttft_warm_ms"] < figures["ttft_cold_ms"]
    assert figures["json_tokens_per_s"] > 0 and 0 < figures["cancel_ms"] < 1000
