"""A web novel of millions of characters (红楼梦 repeated, renumbered 第N章) imported with embedding, then searched:
speed, peak memory, database size and hybrid search latency. Used by `inkstone bench import --novel`."""

from __future__ import annotations

import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

from desktop.book.archive import Archive
from desktop.book.retrieval import PRESETS, Retriever
from desktop.engine.embed import embed_pending
from desktop.importing.pipeline import import_paths
from desktop.progress import Progress
from tests.bench.episodes import EPISODES
from tests.bench.manuscript import web_novel

# Names and places an author looks up, beside the famous episodes: at least 50 queries in all.
_NAMES = ("贾宝玉 林黛玉 薛宝钗 王熙凤 贾母 刘姥姥 晴雯 袭人 探春 史湘云 妙玉 香菱 平儿 鸳鸯 紫鹃 贾政 王夫人 薛蟠 "
          "贾琏 尤二姐 秦可卿 贾瑞 柳湘莲 大观园 怡红院 潇湘馆 蘅芜苑 稻香村 栊翠庵 荣国府 宁国府 通灵宝玉 金陵十二钗 "
          "黛玉葬花 宝玉挨打 元妃省亲 晴雯补裘 湘云醉卧 风月宝鉴 太虚幻境").split()
QUERIES = [query for query, _ in EPISODES["zh"]] + list(_NAMES)


def peak_rss_mb() -> float:
    """This process's peak resident memory so far (Linux reports kilobytes)."""
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)


def _reporter(stream=sys.stderr) -> Callable[[Progress], None]:
    last = [0.0]

    def report(progress: Progress) -> None:
        now = time.monotonic()
        if now - last[0] >= 5 or progress.done == progress.total:
            last[0] = now
            print(f"{progress.label} {progress.done}/{progress.total} rss {peak_rss_mb()} MB", file=stream, flush=True)
    return report


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


def bench_novel(make_embedder: Callable[[], object], *, chars: int, batch: int = 32, folder: Path | None = None) -> dict:
    """{"chars", "chapters", "chunks", "seconds", "import_seconds", "embed_seconds", "chars_per_second",
    "peak_rss_mb", "db_mb", "queries", "search_p50_ms", "search_p95_ms", "embed_query_p50_ms"}."""
    embedder = make_embedder()
    embedder.embed(["预热一下模型"])
    with tempfile.TemporaryDirectory(prefix="inkstone-novel-", dir=folder) as work:
        source = Path(work) / "novel.txt"
        with source.open("w", encoding="utf-8") as out:  # written piece by piece: never the whole novel at once
            for piece in web_novel(chars):
                out.write(piece)
        archive = Archive(Path(work) / "archive.sqlite", embedder.dim)
        try:
            started = time.perf_counter()
            report = import_paths(archive, None, [source], progress=_reporter())
            imported = time.perf_counter()
            embed_pending(archive, embedder, batch=batch, progress=_reporter())
            seconds = time.perf_counter() - started
            embed_seconds = time.perf_counter() - imported
            figures = _search_figures(archive, embedder)
            counts = archive.embedding_counts()
        finally:
            archive.close()
        db_bytes = sum(path.stat().st_size for path in Path(work).glob("archive.sqlite*"))
    return {
        "chars": report.characters, "chapters": report.chapters, "chunks": counts["chunks"],
        "seconds": round(seconds, 1), "import_seconds": round(seconds - embed_seconds, 1),
        "embed_seconds": round(embed_seconds, 1),
        "chars_per_second": round(report.characters / seconds, 1) if seconds else 0.0,
        "peak_rss_mb": peak_rss_mb(), "db_mb": round(db_bytes / 2**20, 1), **figures,
    }


def _search_figures(archive: Archive, embedder) -> dict:
    """Hybrid search latency per query (the query's vector made beforehand, timed apart), each query run twice
    and the second run timed: a window searches a warm book."""
    embed_ms, vectors = [], {}
    for query in QUERIES:
        started = time.perf_counter()
        vectors[query] = embedder.embed([query])[0]
        embed_ms.append((time.perf_counter() - started) * 1000)
    retriever = Retriever(archive, None, lambda text: vectors[text])
    search_ms = []
    for query in QUERIES:
        retriever.search(query, PRESETS["hybrid"])
        started = time.perf_counter()
        retriever.search(query, PRESETS["hybrid"])
        search_ms.append((time.perf_counter() - started) * 1000)
    return {"queries": len(QUERIES), "search_p50_ms": round(statistics.median(search_ms), 1),
            "search_p95_ms": round(_percentile(search_ms, 0.95), 1),
            "search_max_ms": round(max(search_ms), 1),
            "embed_query_p50_ms": round(statistics.median(embed_ms), 1)}
