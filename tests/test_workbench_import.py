"""Importing a manuscript through the workbench: chapters in, searchable by keyword and meaning, tied to facts."""

from __future__ import annotations

import asyncio
import json
import re

import pytest

from desktop.cli import main
from desktop.workbench import Workbench

MENTOR = "第五章 雨夜\n\n　　那一夜大雨倾盆，林风在破庙里拔出了那柄青色的长剑，剑光映亮了他的脸。\n\n　　老者叹道：“此剑认主，你好自为之。”\n"
MARKET = "第六章 集市\n\n　　清晨的集市上人声鼎沸，卖菜的小贩吆喝着，孩子们追着一只黄狗跑过石板路。\n"


def first_chapters(corpus_dir, n: int) -> str:
    text = (corpus_dir / "zh" / "hongloumeng.txt").read_text(encoding="utf-8")
    starts = [m.start() for m in re.finditer(r"^第[一二三四五六七八九十百零〇]+回 ", text, re.M)]
    return text[starts[0]:starts[n]]


@pytest.fixture
def workbench(tmp_path):
    wb = Workbench()
    asyncio.run(wb.create_book(tmp_path / "book", title="红楼梦"))
    yield wb
    asyncio.run(wb.shutdown())


def test_imported_chapters_are_linked_to_known_characters_and_searchable(workbench, tmp_path, corpus_dir, capsys):
    async def scenario():
        await workbench.apply({"chapter": 1, "entities": [
            {"kind": "Character", "name": "林黛玉", "aliases": ["黛玉", "林姑娘"]},
            {"kind": "Character", "name": "贾宝玉", "aliases": ["宝玉"]}]})
        source = tmp_path / "hlm.txt"
        source.write_text(first_chapters(corpus_dir, 4), encoding="utf-8")
        (tmp_path / "more.txt").write_text(MENTOR + "\n" + MARKET, encoding="utf-8")
        report = await workbench.import_paths([source], extract=False)
        extra = await workbench.import_paths([tmp_path / "more.txt"], extract=False)
        again = await workbench.import_paths([source], extract=False)
        name_hits = await workbench.search("黛玉", k=5, preset="keyword")
        meaning_hits = await workbench.search("下雨的晚上他抽出一把青剑", k=3, preset="hybrid")
        mentions = (await workbench.facts(entity="黛玉"))["mentions"]
        return report, extra, again, name_hits, meaning_hits, mentions

    report, extra, again, name_hits, meaning_hits, mentions = asyncio.run(scenario())
    assert report["chapters"] == 4 and report["errors"] == [] and report["embedded"] == report["chunks"]
    assert again["unchanged"] == 4 and again.get("written", []) == []
    assert name_hits and all("黛玉" in hit.text for hit in name_hits)
    assert "青色的长剑" in meaning_hits[0].text
    assert [m["chapter"] for m in mentions][:2] == [2, 3]  # 黛玉 first appears in 第二回


def test_cli_import_reports_files_and_refuses_bad_ones(tmp_path, capsys):
    book = tmp_path / "b"
    assert main(["new", str(book), "--title", "t"]) == 0
    good = tmp_path / "good.txt"
    good.write_text(MENTOR + "\n" + MARKET, encoding="gb18030")
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    capsys.readouterr()
    assert main(["import", str(book), str(good), str(empty), "--no-embed", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert (report["chapters"], report["files"][0]["encoding"]) == (2, "gb18030")
    assert [e["path"] for e in report["errors"]] == [str(empty)]
    assert report["extract_jobs"] == 2


def test_health_counts_what_waits_for_the_author(workbench):
    async def scenario():
        await workbench.apply({"chapter": 9, "entities": [{"kind": "Character", "name": "林动"}],
                               "hooks": [{"name": "玉佩", "planted_in": 1, "due_by": 5, "involves": ["林动"]},
                                         {"name": "古碑", "planted_in": 2}]})
        return await workbench.health(), await workbench.chapter_count()

    health, last = asyncio.run(scenario())
    assert (health.entities, health.hooks, health.unresolved_hooks, health.overdue_hooks) == (1, 2, 2, 1)
    assert (health.reviews_waiting, health.conflicts, last) == (0, 0, 9)


class SlowEmbedder:
    """A transport double: the embedding worker's pace, without a model."""

    name, dim = "slow", 8

    def __init__(self):
        import threading

        self.started = threading.Event()

    def embed(self, texts):
        import time

        import numpy as np

        self.started.set()
        time.sleep(0.02)
        return np.ones((len(texts), self.dim), dtype=np.float32) / np.sqrt(self.dim)


def test_closing_the_book_stops_background_embedding_first(workbench, tmp_path):
    from desktop.progress import Cancelled

    text = "\n\n".join(f"第{n}章 章{n}\n\n" + "林风御剑而行。" * 200 for n in range(1, 41))
    (tmp_path / "long.txt").write_text(text, encoding="utf-8")

    async def scenario():
        await workbench.import_paths([tmp_path / "long.txt"], extract=False, embed=False)
        workbench._embedder = SlowEmbedder()
        embedding = asyncio.ensure_future(workbench.embed_pending())
        await asyncio.to_thread(workbench._embedder.started.wait, 10)
        await workbench.close_book()
        with pytest.raises(Cancelled):
            await embedding

    asyncio.run(scenario())
    assert not workbench.has_book
