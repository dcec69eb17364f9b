"""Broad retrieval for a task's first turn: settings entries, facts as of the pointer, plan position, archive excerpts."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

from desktop.book.fact_reads import reads
from desktop.book.retrieval import Retriever as HybridRetriever, SearchConfig

if TYPE_CHECKING:
    from desktop.book.book import Book

SMALL_LIBRARY = 12       # a settings library this small is given whole
MAX_ENTITIES = 8
MAX_SETTINGS = 8
MAX_EXCERPTS = 3
ENTRY_CHARS = 240        # one settings entry or excerpt, before the builder's token clip
_SPLIT = re.compile(r"[\s,.;:!?()\[\]{}<>\"'，。；：！？、（）【】《》「」『』“”‘’…—\-/／]+")


@dataclass(frozen=True)
class Retrieved:
    """One retrieval section before token accounting: a stable name, a heading, and body lines."""

    name: str
    heading: str
    lines: list[str]

    @property
    def text(self) -> str:
        return self.heading + "\n" + "\n".join(self.lines)


# What a retriever is: the context builder calls it and never looks inside (issue 7 swaps in hybrid search).
Retriever = Callable[["Book", str, "int | None"], list[Retrieved]]


def broad_retrieval(book: "Book", query: str, as_of: int | None) -> list[Retrieved]:
    """Everything a fresh discussion about `query` should see, from each memory layer, in a fixed order."""
    zh = book.meta.language == "zh"
    entities = entities_named(book, query)
    names = [e["name"] for e in entities]
    terms = names or query_terms(query)
    sections = [
        Retrieved("settings", "## 设定库 Settings" if zh else "## Settings library",
                  _settings_lines(book, terms, names)),
        Retrieved("facts", _facts_heading(zh, as_of), _fact_lines(book, entities, as_of, zh)),
        Retrieved("plan", "## 大纲进度 Plan" if zh else "## Plan: where the story is", _plan_lines(book, zh)),
        Retrieved("excerpts", "## 原文摘录 Excerpts" if zh else "## Excerpts from the manuscript",
                  _excerpt_lines(book, terms, as_of, zh)),
    ]
    return [s for s in sections if s.lines]


def entities_named(book: "Book", text: str) -> list[dict]:
    """Known entities whose name or an alias occurs in `text`, by first occurrence; one-character names are skipped."""
    found = []
    for entity in reads(book.facts).known_names():  # kept in memory until a settlement changes the graph
        positions = [text.find(n) for n in [entity["name"], *entity["aliases"]] if _matchable(n) and n in text]
        if positions:
            found.append((min(positions), entity))
    found.sort(key=lambda pair: pair[0])
    return [entity for _, entity in found[:MAX_ENTITIES]]


def query_terms(text: str, limit: int = 6) -> list[str]:
    """Search terms from free text: its segments between punctuation, two characters or more."""
    seen: list[str] = []
    for part in _SPLIT.split(text):
        if len(part) >= 2 and part not in seen:
            seen.append(part)
    return seen[:limit]


def _matchable(name: str) -> bool:
    # One CJK character ("林") or a two-letter word matches inside unrelated words.
    return len(name) >= 2 if not name.isascii() else len(name) >= 3


def _clip(text: str, chars: int = ENTRY_CHARS) -> str:
    text = " ".join(text.split())
    return text if len(text) <= chars else text[: chars - 1] + "…"


def _settings_lines(book: "Book", terms: list[str], names: list[str]) -> list[str]:
    archive = book.archive
    library = archive.settings()
    if len(library) > SMALL_LIBRARY:
        ids: list[int] = []
        for term in terms:
            ids += [i for i, _ in archive.settings_keyword_search(term, k=4) if i not in ids]
        wanted = set(ids)
        chosen = [s for s in library if s["id"] in wanted or set(s["entities"] or []) & set(names)]
        library = sorted(chosen, key=lambda s: ids.index(s["id"]) if s["id"] in wanted else len(ids))
    return [
        f"- 【{s['title']}】" + (f"({s['category']}) " if s["category"] else " ") + _clip(s["body"])
        for s in library[: SMALL_LIBRARY if len(library) <= SMALL_LIBRARY else MAX_SETTINGS]
    ]


def _facts_heading(zh: bool, as_of: int | None) -> str:
    if zh:
        return "## 已定事实 Facts" + (f"（截至第{as_of}章）" if as_of is not None else "（当前）")
    return "## Settled facts" + (f" (as of chapter {as_of})" if as_of is not None else " (now)")


def _fact_lines(book: "Book", entities: list[dict], as_of: int | None, zh: bool) -> list[str]:
    lines = []
    for entity in entities:
        snap = reads(book.facts).snapshot(as_of, entity["name"])  # per (chapter, graph generation)
        if not snap["entities"]:
            continue  # not yet introduced by that chapter
        row = snap["entities"][0]
        parts = [f"- {row['name']}（{row['kind']}）" if zh else f"- {row['name']} ({row['kind']})"]
        if row["aliases"]:
            parts.append(("别名 " if zh else "aka ") + "/".join(row["aliases"]))
        if row["summary"]:
            parts.append(_clip(row["summary"], 160))
        if row["attributes"]:
            parts.append(", ".join(f"{k}={v}" for k, v in row["attributes"].items()))
        for rel in snap["relations"]:
            since = (f"自第{rel['valid_from']}章" if zh else f"since ch. {rel['valid_from']}") if rel["valid_from"] else ""
            parts.append(f"{rel['from']} {rel['type']} {rel['to']}" + (f" ({since})" if since else ""))
        for hook in snap["hooks"]:
            parts.append(("伏笔" if zh else "hook") + f" {hook['name']}: {hook['status']}")
        lines.append("; ".join(parts))
    return lines


def _plan_lines(book: "Book", zh: bool) -> list[str]:
    lines = []
    for entry in book.plan.pointer():
        chain = book.plan.parents_of(entry["outline"])
        where = " < ".join(f"{n['level']}「{n['title']}」" for n in chain) or entry["outline"]
        line = f"- {entry['storyline']}: {where}"
        if entry["chapter"] is not None:
            line += f"; 第{entry['chapter']}章" if zh else f"; chapter {entry['chapter']}"
        if entry["step_kind"]:
            line += f"; {'当前步骤' if zh else 'step'} {entry['step_kind']}: {_clip(entry['step'] or '', 120)}"
        summaries = [f"{n['title']}: {_clip(n['summary'], 120)}" for n in chain if n.get("summary")]
        lines.append(line + ("".join(f"\n  {s}" for s in summaries)))
    return lines


def _excerpt_lines(book: "Book", terms: list[str], as_of: int | None, zh: bool) -> list[str]:
    """Chunks by hybrid search: for all the terms together, keyword ranking fused (RRF) with the chunks where
    the named entities meet; then, while there is room, the best chunk for each term on its own.

    Up to the narrative pointer when there is one (the manuscript may run ahead of the plan: then anywhere).
    Vectors are left out: the query is not embedded on the store thread; the memory tools use them.
    """
    retriever = HybridRetriever(book.archive, book.facts, None)
    hits: dict[int, dict] = {}
    for chapters in ([(0, as_of)] if as_of is not None else []) + [None]:
        for query in [" ".join(terms), *terms]:
            config = SearchConfig(methods=("keyword", "graph"), k=MAX_EXCERPTS, chapters=chapters)
            for hit in retriever.search(query, config)[:2]:
                hits.setdefault(hit["id"], hit)
            if len(hits) >= MAX_EXCERPTS:
                break
        if hits:
            break
    lines = []
    for hit in list(hits.values())[:MAX_EXCERPTS]:
        where = f"第{hit['chapter_number']}章" if zh else f"Ch. {hit['chapter_number']}"
        lines.append(f"- {where}「{hit['chapter_title']}」: {_clip(hit['text'])}")
    return lines
