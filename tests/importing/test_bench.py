"""The import benchmark's generated corpus, and one real run when the engine's embedder is installed."""

from __future__ import annotations

import importlib

import pytest

from desktop.importing.split import split_chapters
from tests.bench.manuscript import generate_manuscript


def test_the_generated_manuscript_is_deterministic_chinese_with_numbered_chapters():
    text = generate_manuscript(300_000)
    assert text == generate_manuscript(300_000)
    chinese = sum(1 for ch in text if "\u4e00" <= ch <= "\u9fff")
    assert chinese >= 300_000
    chapters = split_chapters(text, default_title="bench").chapters
    assert [c.number for c in chapters] == list(range(1, len(chapters) + 1))
    assert "\n第一零零章 " in generate_manuscript(400_000)  # chapter 100 written positionally, as 红楼梦 does


@pytest.mark.slow
def test_bench_import_reports_its_figures_with_the_real_default_embedder():
    embed = pytest.importorskip("desktop.engine.embed")
    from desktop.config import Settings
    bench_import = importlib.import_module("tests.bench.import").bench_import  # `import` is a keyword

    figures = bench_import(lambda: embed.open_embedder(Settings()), chars=6_000)
    assert set(figures) == {"chars", "seconds", "chars_per_second", "embed_only_seconds", "ratio"}
    assert figures["chars"] >= 6_000 and figures["seconds"] > 0 and figures["ratio"] > 0
