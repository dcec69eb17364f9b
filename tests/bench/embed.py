"""`inkstone bench embed`: the configured embedder's speed on Chinese passages, batches of 32."""

from __future__ import annotations

import re
import time

from desktop.config import Settings
from desktop.engine.embed import open_embedder
from tests.bench.llm import PASSAGE

CJK = re.compile(r"[\u4e00-\u9fff]")


def bench_embed(settings: Settings) -> dict:
    """{"model", "texts_per_s", "chinese_chars_per_s"} for the configured embedder, batches of 32."""
    embedder = open_embedder(settings)
    embedder.load()
    sentences = [s + "。" for s in PASSAGE.split("。") if s]
    texts = [sentences[i % len(sentences)] + f"（第{i}段）" for i in range(256)]
    embedder.embed(texts[:32])  # warm caches and thread pools outside the measurement
    started = time.perf_counter()
    for i in range(0, len(texts), 32):
        embedder.embed(texts[i: i + 32])
    elapsed = time.perf_counter() - started
    chinese_chars = sum(len(CJK.findall(text)) for text in texts)
    return {"model": embedder.name, "texts_per_s": round(len(texts) / elapsed, 1),
            "chinese_chars_per_s": round(chinese_chars / elapsed, 1)}


def run(args) -> dict:
    return bench_embed(args.settings)
