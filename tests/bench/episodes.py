"""`inkstone bench episodes`: famous episodes of the corpus novels asked for by their common names; how often
each way of searching puts the episode's chapter first (keyword only, the old plain-RRF hybrid, the hybrid)."""

from __future__ import annotations

import argparse
import time
from dataclasses import replace
from pathlib import Path
from typing import Callable, Sequence

from desktop.book.archive import Archive
from desktop.book.book import Book
from desktop.book.retrieval import PRESETS, Retriever, _keyword_query, rrf
from desktop.engine.embed import embed_pending, open_embedder
from desktop.importing.pipeline import import_paths

CORPUS = Path(__file__).resolve().parents[3] / "shared" / "corpus"
NOVELS = {"zh": CORPUS / "zh" / "hongloumeng.txt", "en": CORPUS / "en" / "pride-and-prejudice.txt"}

# (query as an author would type it, the chapter it means). Each was checked against the corpus text with
# grep: the words occur in that chapter (in its title or its text); editions number chapters differently.
EPISODES: dict[str, list[tuple[str, int]]] = {
    "zh": [
        ("刘姥姥 一进荣国府", 6),  # title of 第六回
        ("撕扇", 31),  # 撕扇子作千金一笑
        ("晴雯 撕扇", 31),
        ("抄检大观园", 74),  # title of 第七十四回 (79 mentions it once)
        ("凤姐泼醋", 44),
        ("黛玉焚稿", 97),  # 林黛玉焚稿断痴情
        ("醉眠芍药", 62),  # 湘云醉卧
        ("葫芦案", 4),
        ("协理宁国府", 13),
        ("鸳鸯 誓绝", 46),
        ("尤三姐 鸳鸯剑", 66),
        ("晴雯 雀金裘", 52),  # 晴雯补裘
        ("海棠社", 37),
        ("贾瑞 风月宝鉴", 12),
        ("宝玉 笞挞", 33),  # 宝玉挨打: 不肖种种大承笞挞
        ("元妃 归省", 18),  # 元妃省亲: 贾元春归省庆元宵
        ("滴翠亭 扑蝶", 27),  # 宝钗扑蝶 / 黛玉葬花, 滴翠亭杨妃戏彩蝶 埋香冢飞燕泣残红
    ],
    "en": [
        ("Netherfield ball", 18),
        ("ardently admire and love you", 34),  # Darcy's first proposal, at Hunsford
        ("Gretna Green", 47),  # Lydia's elopement letter to Mrs. Forster
        ("Lady Catherine Longbourn", 56),
        ("Mr. Collins proposal", 19),
        ("be not alarmed", 35),  # Darcy's letter
        ("Pemberley housekeeper", 43),
    ],
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--workdir", type=Path, default=Path("/tmp/inkstone-episodes"),
                        help="books are imported here once (with embedding) and reused")
    parser.add_argument("--zh-book", type=Path, help="an existing book holding 红楼梦 (imported with embedding)")
    parser.add_argument("--en-book", type=Path, help="an existing book holding Pride and Prejudice")


def ensure_book(path: Path, language: str, source: Path, make_embedder: Callable[[], object]) -> Path:
    """The book at `path`, created and filled from `source` (imported and embedded) when it is not there yet."""
    if not path.exists():
        book = Book.create(path, title=source.stem, language=language)
        try:
            import_paths(book.archive, None, [source])
            embed_pending(book.archive, make_embedder())
        finally:
            book.close()
    return path


def old_hybrid(archive: Archive, query: str, vector: Sequence[float], k: int = 10) -> list[int]:
    """The hybrid as it was before exact hits came first: plain RRF of the keyword and vector rankings."""
    depth = max(k * 3, 30)
    keyword = [i for i, _ in archive.keyword_search(_keyword_query(query), depth)]
    vector_ids = [i for i, _ in archive.vector_search(vector, depth)]
    return [i for i, _ in rrf([r for r in (keyword, vector_ids) if r])][:k]


def score_book(path: Path, episodes: list[tuple[str, int]], embedder) -> dict:
    """Right-chapter-first counts per way of searching, and each query's first chapter for each way."""
    book = Book.open(path)
    try:
        vectors = {query: embedder.embed([query])[0] for query, _ in episodes}
        retriever = Retriever(book.archive, book.facts, lambda text: vectors[text])
        keyword_only = Retriever(book.archive, book.facts, None)
        rows, right = [], {"keyword": 0, "old_hybrid": 0, "hybrid": 0}
        chapter_of = {}
        timings = []
        for query, expected in episodes:
            started = time.perf_counter()
            hybrid = retriever.search(query, PRESETS["hybrid"])
            timings.append(time.perf_counter() - started)
            keyword = keyword_only.search(query, replace(PRESETS["keyword"]))
            old_ids = old_hybrid(book.archive, query, vectors[query])
            windows = book.archive.chunk_windows(old_ids[:1])
            for chunk_id, window in windows.items():
                chapter_of[chunk_id] = next(c["chapter_number"] for c in window if c["id"] == chunk_id)
            firsts = {
                "keyword": keyword[0]["chapter_number"] if keyword else None,
                "old_hybrid": chapter_of.get(old_ids[0]) if old_ids else None,
                "hybrid": hybrid[0]["chapter_number"] if hybrid else None,
            }
            for way, chapter in firsts.items():
                right[way] += chapter == expected
            rows.append({"query": query, "expected": expected, **firsts})
        return {"queries": len(episodes), "right_first": right, "rows": rows,
                "hybrid_ms_max": round(max(timings) * 1000, 1)}
    finally:
        book.close()


def run(args) -> dict:
    embedder = open_embedder(args.settings)
    embedder.load()
    books = {"zh": args.zh_book, "en": args.en_book}
    result = {"embedder": embedder.name}
    for language, episodes in EPISODES.items():
        path = books[language] or ensure_book(args.workdir / language, language, NOVELS[language], lambda: embedder)
        result[language] = score_book(path, episodes, embedder)
    return result
