"""`inkstone bench import`: import + background embedding of a generated Chinese manuscript, against embedding alone."""

from __future__ import annotations

import random
import tempfile
import time
from pathlib import Path
from typing import Callable

from desktop.importing.chunk import chunk_text
from desktop.importing.decode import COMMON_SIMPLIFIED
from desktop.importing.pipeline import import_paths
from desktop.importing.split import split_chapters

BENCH_CHARS = 320_000
_ENDINGS = "。。。。！？"
_CN_NUMBERS = "零一二三四五六七八九"


def generate_manuscript(chars: int = BENCH_CHARS, *, seed: int = 6) -> str:
    """Deterministic pseudo-Chinese chapters headed 第N章, with at least `chars` Chinese characters of prose."""
    rng = random.Random(seed)
    pool = COMMON_SIMPLIFIED
    chapters: list[str] = []
    written = 0
    while written < chars:
        number = len(chapters) + 1
        title = "".join(rng.choice(pool) for _ in range(rng.randint(2, 6)))
        paragraphs = []
        chapter_chars = 0
        while chapter_chars < 3000:
            sentences = [_sentence(rng, pool) for _ in range(rng.randint(2, 6))]
            paragraphs.append("\u3000\u3000" + "".join(sentences))
            chapter_chars += sum(len(sentence) - sentence.count("，") - 1 for sentence in sentences)
        chapters.append(f"第{_chinese_number(number)}章 {title}\n\n" + "\n\n".join(paragraphs))
        written += chapter_chars
    return "\n\n".join(chapters) + "\n"


def _sentence(rng: random.Random, pool: str) -> str:
    """Clauses of pool characters joined by ， and closed by one sentence mark."""
    clauses = ["".join(rng.choice(pool) for _ in range(rng.randint(4, 12))) for _ in range(rng.randint(1, 3))]
    return "，".join(clauses) + rng.choice(_ENDINGS)


def _chinese_number(number: int) -> str:
    if number < 10:
        return _CN_NUMBERS[number]
    tens, ones = divmod(number, 10)
    if number < 100:
        return ("" if tens == 1 else _CN_NUMBERS[tens]) + "十" + (_CN_NUMBERS[ones] if ones else "")
    return "".join(_CN_NUMBERS[int(d)] for d in str(number))  # 一零五: positional, as 红楼梦 writes it


def bench_import(make_embedder: Callable[[], object], *, chars: int = BENCH_CHARS, chunk_chars: int = 600,
                 batch: int = 32) -> dict:
    """{"chars", "seconds", "chars_per_second", "embed_only_seconds", "ratio"}; ratio = seconds / embed-only."""
    from desktop.book.archive import Archive
    from desktop.engine.embed import embed_pending

    embedder = make_embedder()
    embedder.embed(["预热一下模型"])  # loading and first-call setup are not what is measured
    manuscript = generate_manuscript(chars)
    texts = [chunk.text for chapter in split_chapters(manuscript, default_title="bench").chapters
             for chunk in chunk_text(chapter.text, size=chunk_chars)]
    with tempfile.TemporaryDirectory(prefix="inkstone-bench-") as folder:
        source = Path(folder) / "manuscript.txt"
        source.write_text(manuscript, encoding="utf-8")
        archive = Archive(Path(folder) / "archive.sqlite", embedder.dim)
        try:
            started = time.perf_counter()
            report = import_paths(archive, None, [source], chunk_chars=chunk_chars)
            embed_pending(archive, embedder, batch=batch)
            seconds = time.perf_counter() - started
        finally:
            archive.close()
    started = time.perf_counter()
    for index in range(0, len(texts), batch):
        embedder.embed(texts[index:index + batch])
    embed_only = time.perf_counter() - started
    return {
        "chars": report.characters,
        "seconds": round(seconds, 3),
        "chars_per_second": round(report.characters / seconds, 1) if seconds else 0.0,
        "embed_only_seconds": round(embed_only, 3),
        "ratio": round(seconds / embed_only, 3) if embed_only else 0.0,
    }
