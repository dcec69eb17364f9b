"""`inkstone bench import`: import + background embedding of a generated Chinese manuscript, against embedding alone."""

from __future__ import annotations

import tempfile
import time
from pathlib import Path
from typing import Callable

from desktop.book.archive import Archive
from desktop.engine.embed import embed_pending, open_embedder
from desktop.importing.chunk import chunk_text
from desktop.importing.pipeline import import_paths
from desktop.importing.split import split_chapters
from tests.bench.manuscript import BENCH_CHARS, generate_manuscript

NOVEL_CHARS = 5_000_000


def bench_import(make_embedder: Callable[[], object], *, chars: int = BENCH_CHARS, chunk_chars: int = 600,
                 batch: int = 32) -> dict:
    """{"chars", "seconds", "chars_per_second", "embed_only_seconds", "ratio"}; ratio = seconds / embed-only."""
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


def add_arguments(parser) -> None:
    parser.add_argument("--novel", action="store_true",
                        help="import 红楼梦 repeated as one web novel (第1章…第N章) and time hybrid search after it")
    parser.add_argument("--chars", type=int, default=None,
                        help=f"characters to import (default {BENCH_CHARS:,}; with --novel 5,000,000)")
    parser.add_argument("--workdir", type=Path, default=None, help="where the temporary book goes (--novel)")


def run(args) -> dict:
    if getattr(args, "novel", False):
        from tests.bench.import_scale import bench_novel  # deferred: the corpus novel is needed only here

        return bench_novel(lambda: open_embedder(args.settings), chars=args.chars or NOVEL_CHARS,
                           folder=args.workdir)
    return bench_import(lambda: open_embedder(args.settings), chars=getattr(args, "chars", None) or BENCH_CHARS)
