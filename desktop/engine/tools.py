"""The memory tools as data: a grammar-constrained JSON call schema, and running a call against one book."""

from __future__ import annotations

import json
from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from desktop.book.retrieval import PRESETS, Retriever, SearchConfig
from desktop.engine import jsonout

if TYPE_CHECKING:
    from desktop.book.book import Book

QUERY_MEMORY, FACTS_AS_OF, SETTING, EXCERPTS, PLAN_POINTER, ANSWER = (
    "query_memory", "facts_as_of", "setting", "excerpts", "plan_pointer", "answer")
TOOLS = (QUERY_MEMORY, FACTS_AS_OF, SETTING, EXCERPTS, PLAN_POINTER, ANSWER)
MODES = ("semantic", "graph", "hybrid")
RESULT_CHARS = 600     # one tool result, as the model and the chat pane see it
LINE_CHARS = 140       # one line of a result
HITS_PER_SCOPE = 3
MAX_EXCERPT_CHAPTERS = 3
# Short strings keep a small model from rambling inside a call; the grammar enforces them.
_QUERY_CHARS, _NAME_CHARS, _TITLE_CHARS = 40, 24, 32


def _variant(tool: str, properties: dict, required: list[str]) -> dict:
    return {"type": "object", "properties": {"tool": {"const": tool}, **properties},
            "required": ["tool", *required], "additionalProperties": False}


@lru_cache(maxsize=1)
def tool_call_schema() -> dict:
    """One tool call: each alternative names its tool first, so the grammar commits to a tool before its arguments."""
    name = {"type": "string", "minLength": 1, "maxLength": _NAME_CHARS}
    chapter = {"type": "integer", "minimum": 0}
    return {"anyOf": [
        _variant(QUERY_MEMORY, {"query": {"type": "string", "minLength": 1, "maxLength": _QUERY_CHARS},
                                "mode": {"enum": list(MODES)}}, ["query", "mode"]),
        _variant(FACTS_AS_OF, {"entity": name, "chapter": chapter}, ["entity", "chapter"]),
        _variant(SETTING, {"title": {"type": "string", "minLength": 1, "maxLength": _TITLE_CHARS}}, ["title"]),
        _variant(SETTING, {"category": {"type": "string", "minLength": 1, "maxLength": _TITLE_CHARS}}, ["category"]),
        _variant(EXCERPTS, {"chapters": {"type": "array", "items": chapter, "minItems": 2, "maxItems": 2}},
                 ["chapters"]),
        _variant(EXCERPTS, {"entities": {"type": "array", "items": name, "minItems": 1, "maxItems": 3}},
                 ["entities"]),
        _variant(PLAN_POINTER, {}, []),
        _variant(ANSWER, {}, []),
    ]}


def parse_call(doc: Any) -> dict | None:
    """The call if `doc` is a valid one (whitespace trimmed), else None."""
    if not isinstance(doc, dict):
        return None
    if any(True for _ in jsonout.validator_for(tool_call_schema()).iter_errors(doc)):
        return None
    call = {key: value.strip() if isinstance(value, str) else value for key, value in doc.items()}
    if "entities" in call:
        call["entities"] = [name.strip() for name in call["entities"] if name.strip()]
    if any(value in ("", []) for value in call.values()):
        return None
    return call


def describe_call(call: dict) -> str:
    """A call as a person reads it: query_memory(林动 祖石, hybrid)."""
    arguments = [json.dumps(value, ensure_ascii=False) if isinstance(value, list) else str(value)
                 for key, value in call.items() if key != "tool"]
    return f"{call['tool']}({', '.join(arguments)})"


def tool_instructions(zh: bool, steps: int, *, entity: str | None = None, chapter: int | None = None) -> str:
    """How to call the tools, with examples using a name and chapter of this book (a small model copies examples)."""
    who = entity or ("张三" if zh else "Elizabeth")
    n = chapter if chapter is not None else 1
    examples = [
        (f'{{"tool":"query_memory","query":"{who}","mode":"hybrid"}}',
         "检索原文、设定和事实（semantic 语义 / graph 关系 / hybrid 混合）",
         "search the manuscript, settings and facts (semantic / graph / hybrid)"),
        (f'{{"tool":"facts_as_of","entity":"{who}","chapter":{n}}}', "某个人物在第N章时的状态与关系",
         "an entity's states and relations as of chapter N"),
        ('{"tool":"setting","title":"…"} / {"tool":"setting","category":"…"}', "设定库条目",
         "settings library entries"),
        (f'{{"tool":"excerpts","chapters":[{max(1, n - 1)},{n}]}} / {{"tool":"excerpts","entities":["{who}"]}}',
         "原文摘录", "excerpts from the manuscript"),
        ('{"tool":"plan_pointer"}', "大纲当前进度", "where the plan says the story is now"),
        ('{"tool":"answer"}', "信息已经足够，开始回答", "enough is known: answer now"),
    ]
    lines = [f"{call}  —  {zh_text if zh else en_text}" for call, zh_text, en_text in examples]
    if zh:
        head = f"—— 记忆工具 ——\n回答之前可以查询这本书的记忆（最多 {steps} 次）。每次只输出一个 JSON 工具调用："
        tail = "已经查过的不要重复；不需要查询时输出 {\"tool\":\"answer\"}。"
    else:
        head = (f"-- Memory tools --\nBefore answering you may look things up in this book's memory (at most "
                f"{steps} times). Output exactly one JSON tool call:")
        tail = "Do not repeat a lookup; when nothing needs looking up, output {\"tool\":\"answer\"}."
    return "\n".join([head, *lines, tail])


# -- running a call ------------------------------------------------------------------------


def run_tool(book: "Book", retriever: Retriever, call: dict, *, as_of: int | None = None,
             max_chars: int = RESULT_CHARS) -> str:
    """What the call finds, as short text; an empty find says so. Reads only; runs on the store thread."""
    zh = book.meta.language == "zh"
    if as_of is None:
        as_of = book.plan.current_chapter()
    tool = call.get("tool")
    if tool == QUERY_MEMORY:
        lines = _query_memory(retriever, call["query"], call.get("mode", "hybrid"), as_of, zh)
    elif tool == FACTS_AS_OF:
        lines = _facts_as_of(book, call["entity"], call["chapter"], zh)
    elif tool == SETTING:
        lines = _setting(book, call.get("title"), call.get("category"), zh)
    elif tool == EXCERPTS:
        lines = _excerpts(book, call.get("chapters"), call.get("entities"), zh)
    elif tool == PLAN_POINTER:
        lines = _plan_pointer(book, zh)
    elif tool == ANSWER:
        return ""
    else:
        raise ValueError(f"unknown memory tool {tool!r} (tools: {', '.join(TOOLS)})")
    if not lines:
        lines = ["（没有找到）" if zh else "(nothing found)"]
    return _fit(lines, max_chars)


def _fit(lines: list[str], max_chars: int) -> str:
    out: list[str] = []
    used = 0
    for line in lines:
        line = _clip(line, LINE_CHARS)
        if out and used + len(line) + 1 > max_chars:
            out.append("…")
            break
        out.append(line)
        used += len(line) + 1
    return "\n".join(out)[: max_chars + 2]


def _clip(text: str, chars: int) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= chars else text[: chars - 1] + "…"


def _query_memory(retriever: Retriever, query: str, mode: str, as_of: int | None, zh: bool) -> list[str]:
    vectors = ("vector",) if retriever.embed_query is not None else ("keyword",)
    if mode == "graph":
        config = replace(PRESETS["graph"], k=HITS_PER_SCOPE * 2, as_of=as_of)
    elif mode == "semantic":
        config = SearchConfig(methods=vectors, scopes=("settings", "chunks"), k=HITS_PER_SCOPE)
    else:
        methods = tuple(dict.fromkeys(("keyword", *vectors, "graph")))
        config = SearchConfig(methods=methods, scopes=("facts", "settings", "chunks"), k=HITS_PER_SCOPE, as_of=as_of)
    lines = [_hit_line(hit, zh) for hit in retriever.search(query, config)]
    if not lines and mode == "graph":
        return ["查询里没有这本书已知的人物或事物。" if zh else "The query names no entity this book knows."]
    return lines


def _hit_line(hit: dict, zh: bool) -> str:
    if hit["kind"] == "fact":
        return f"- {hit['text']}"
    if hit["kind"] == "setting":
        body = hit["text"].partition("\n")[2]
        return f"- 【{hit['title']}】{body}"
    where = f"第{hit['chapter_number']}章" if zh else f"ch. {hit['chapter_number']}"
    return f"- {where}「{hit['chapter_title']}」: {hit['text']}"


def _facts_as_of(book: "Book", entity: str, chapter: int, zh: bool) -> list[str]:
    snap = book.facts.snapshot(as_of=chapter, entity=entity)
    if not snap["entities"]:
        if book.facts.resolve(entity) is None:
            return [f"这本书里没有叫「{entity}」的人物或事物。" if zh else f"This book has no entity called {entity!r}."]
        return [f"第{chapter}章时「{entity}」还没有出场。" if zh else f"{entity} has not appeared by chapter {chapter}."]
    row = snap["entities"][0]
    head = f"{row['name']}（{row['kind']}）" if zh else f"{row['name']} ({row['kind']})"
    if row["aliases"]:
        head += (" 别名 " if zh else " aka ") + "/".join(row["aliases"])
    if row["summary"]:
        head += f": {row['summary']}"
    lines = [head]
    lines += [f"- {key}: {value}" for key, value in row["attributes"].items()]
    lines += [f"- {rel['from']} {rel['type']} {rel['to']}" + (f" (ch {rel['valid_from']}–)" if rel["valid_from"] else "")
              for rel in snap["relations"]]
    lines += [f"- {'伏笔' if zh else 'hook'} {hook['name']}: {hook['status']}" for hook in snap["hooks"]]
    return lines


def _setting(book: "Book", title: str | None, category: str | None, zh: bool) -> list[str]:
    archive = book.archive
    if category:
        rows = archive.settings(category)
        return [f"- 【{row['title']}】{row['body']}" for row in rows[:6]]
    row = archive.setting(title)
    if row is not None:
        return [f"【{row['title']}】" + (f"({row['category']}) " if row["category"] else "") + row["body"]]
    found = [archive.setting_by_id(i) for i, _ in archive.settings_keyword_search(title, k=HITS_PER_SCOPE)]
    return [f"- 【{r['title']}】{r['body']}" for r in found if r]


def _excerpts(book: "Book", chapters: list[int] | None, entities: list[str] | None, zh: bool) -> list[str]:
    archive = book.archive
    if chapters:
        first, last = sorted(chapters)
        lines = []
        for number in range(first, min(last, first + MAX_EXCERPT_CHAPTERS - 1) + 1):
            chapter = archive.chapter_by_number(number)
            if chapter is None:
                continue
            text = " ".join(chapter["text"].split())
            body = text if len(text) <= 200 else f"{text[:120]} … {text[-70:]}"
            where = f"第{number}章" if zh else f"ch. {number}"
            lines.append(f"- {where}「{chapter['title']}」: {body}")
        return lines
    names = []
    for name in entities or []:
        found = book.facts.entity(name)
        names.append(found["name"] if found else name)
    rows = archive.chunks_mentioning(list(dict.fromkeys(names)), limit=HITS_PER_SCOPE)
    return [_hit_line({"kind": "chunk", **row}, zh) for row in rows]


def _plan_pointer(book: "Book", zh: bool) -> list[str]:
    lines = []
    for entry in book.plan.pointer():
        where = " < ".join(f"{node['title']}" for node in book.plan.parents_of(entry["outline"])) or entry["outline"]
        line = f"- {entry['storyline']}: {where}"
        if entry["chapter"] is not None:
            line += f"; 第{entry['chapter']}章" if zh else f"; chapter {entry['chapter']}"
        if entry["step_kind"]:
            line += f"; {'当前步骤' if zh else 'step'} {entry['step_kind']}: {entry['step'] or ''}"
        lines.append(line)
    if not lines:
        return ["大纲里还没有进行中的部分。" if zh else "No part of the plan is in progress yet."]
    return lines
