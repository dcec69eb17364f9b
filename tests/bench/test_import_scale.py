"""The web-novel import bench at a small size: every figure is there and search answers fast."""

from __future__ import annotations

import pytest

from tests.bench.import_scale import QUERIES, bench_novel
from tests.bench.manuscript import web_novel


def test_the_web_novel_renumbers_hongloumeng_chapters_across_repeats(corpus_dir):
    pieces = list(web_novel(1_000_000))
    assert sum(map(len, pieces)) >= 1_000_000
    assert pieces[0].startswith("第1章 甄士隐梦幻识通灵 贾雨村风尘怀闺秀\n")
    assert pieces[120].startswith("第121章 甄士隐梦幻识通灵")  # the second time round goes on counting


def test_the_novel_bench_reports_speed_memory_size_and_search_latency(corpus_dir, tmp_path):
    embed = pytest.importorskip("desktop.engine.embed")
    from desktop.config import Settings
    from desktop.engine.errors import ModelError

    embedder = embed.open_embedder(Settings())
    try:
        embedder.load()
    except ModelError as exc:
        pytest.skip(f"no default embedder here: {exc}")
    figures = bench_novel(lambda: embedder, chars=40_000, folder=tmp_path)
    assert figures["chars"] >= 40_000 and figures["chunks"] > 0 and figures["queries"] == len(QUERIES) >= 50
    assert figures["peak_rss_mb"] > 0 and figures["db_mb"] > 0 and figures["chars_per_second"] > 0
    assert 0 < figures["search_p50_ms"] <= figures["search_p95_ms"]
