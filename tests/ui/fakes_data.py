"""The fake workbench's canned book (林动, 祖石, 青阳镇): tasks, messages, facts, plan, a review, snapshots."""

from __future__ import annotations

from dataclasses import asdict

from desktop.contracts import Message, Task

TASKS = [
    Task(1, "主线大纲", "outline", "active", 4, None, "2024-05-01T10:00:00+00:00"),
    Task(2, "设定人物：张三", "character", "open", 2, None, "2024-05-01T09:00:00+00:00"),
    Task(3, "第十二章草稿", "chapter", "closed", 9, "2024-05-02T09:00:00+00:00", "2024-05-01T08:00:00+00:00"),
    Task(4, "旧设定", "setting", "archived", 3, None, "2024-04-01T08:00:00+00:00"),
]

MESSAGES = [
    Message(1, "user", "林动的师父是谁？"),
    Message(2, "assistant", "林动的师父是**岩**，住在*青阳镇*。"),
]

ENTITIES = [
    {"kind": "Character", "id": "c1", "name": "林动", "aliases": ["小动"], "summary": "主角", "first_chapter": 1,
     "attributes": {"境界": "淬体"}, "settlement": 1},
    {"kind": "Character", "id": "c2", "name": "林琅天", "aliases": [], "summary": "堂兄", "first_chapter": 1,
     "attributes": {}, "settlement": 1},
    {"kind": "Location", "id": "l1", "name": "青阳镇", "aliases": [], "summary": "", "first_chapter": 1,
     "attributes": {}, "settlement": 1},
    {"kind": "Item", "id": "i1", "name": "祖石", "aliases": ["石符"], "summary": "神秘石符", "first_chapter": 2,
     "attributes": {}, "settlement": 1},
]
RELATIONS = [
    {"type": "LIVES_IN", "from": "林动", "to": "青阳镇", "properties": {}, "valid_from": 1, "valid_to": None,
     "settlement": 1},
    {"type": "OWNS", "from": "林动", "to": "祖石", "properties": {}, "valid_from": 2, "valid_to": None,
     "settlement": 1},
    {"type": "HATES", "from": "林琅天", "to": "林动", "properties": {"reason": "族比"}, "valid_from": 1,
     "valid_to": 5, "settlement": 1},
]
HOOKS = [
    {"name": "祖石的来历", "status": "Unresolved", "planted_in": 2, "resolved_in": None, "due_by": 4,
     "involves": ["林动", "祖石"]},
    {"name": "族比之约", "status": "Resolved", "planted_in": 1, "resolved_in": 3, "due_by": None,
     "involves": ["林琅天"]},
]
PLAN = {
    "outlines": [{
        "level": "GeneralOutline", "id": "g1", "title": "武动乾坤", "summary": "", "status": "InProgress",
        "chapters": [1, None], "children": [{
            "level": "LongOutline", "id": "L1", "title": "青阳镇篇", "summary": "", "status": "InProgress",
            "chapters": [1, 20], "steps": [], "children": [
                {"level": "ShortOutline", "id": "s1", "title": "族比", "summary": "", "status": "InProgress",
                 "chapters": [3, 8], "storyline": "protagonist", "children": [], "steps": [
                     {"id": "st1", "kind": "Start", "summary": "报名", "status": "Completed", "chapter": 3},
                     {"id": "st2", "kind": "Climax", "summary": "决战", "status": "InProgress", "chapter": 6}]},
                {"level": "ShortOutline", "id": "s2", "title": "林琅天的阴谋", "summary": "", "status": "Pending",
                 "chapters": [4, 9], "storyline": "antagonist", "children": [], "steps": []},
            ]}],
        "steps": []}],
    "pointer": [{"storyline": "protagonist", "outline": "族比", "outline_id": "s1", "step": "决战",
                 "step_kind": "Climax", "step_id": "st2", "chapter": 6}],
}
HEALTH = {"entities": 4, "relations": 3, "hooks": 2, "unresolved_hooks": 1, "overdue_hooks": 1,
          "reviews_waiting": 1, "conflicts": 1, "unembedded_chapters": 2, "chapters": 6}

REVIEW = {
    "task_id": 2, "settlement_id": 7,
    "document": {
        "chapter": 6,
        "entities": [{"kind": "Character", "name": "张三", "summary": "青阳镇铁匠", "aliases": ["张铁匠"]}],
        "relations": [{"type": "OWNS", "from": "张三", "to": "祖石", "valid_from": 6},
                      {"type": "KNOWS", "from": "张三", "to": "林动"}],
        "ends": [{"type": "LIVES_IN", "from": "林动", "to": "青阳镇", "valid_to": 6}],
        "states": [{"entity": "林动", "key": "境界", "value": "地元境"}],
        "hooks": [{"name": "张三的秘密", "status": "Unresolved", "planted_in": 6, "involves": ["张三"]}],
    },
    "items": [
        {"path": "entities/0", "class": "new", "existing": None, "source": None},
        {"path": "relations/0", "class": "conflict",
         "existing": {"type": "OWNS", "from": "林动", "to": "祖石", "valid_from": 2, "valid_to": None},
         "source": {"settlement_id": 1, "from": "task:1", "task_id": 1, "chapter": 2},
         "reason": "林动 OWNS 祖石 is still open"},
        {"path": "relations/1", "class": "new", "existing": None, "source": None},
        {"path": "ends/0", "class": "closes",
         "existing": {"type": "LIVES_IN", "from": "林动", "to": "青阳镇", "valid_from": 1, "valid_to": None},
         "source": {"settlement_id": 1, "from": "task:1", "task_id": 1}, "reason": ""},
        {"path": "states/0", "class": "changes", "existing": {"key": "境界", "value": "淬体", "valid_from": 1},
         "source": {"settlement_id": 1, "from": "import", "task_id": None, "chapter": 1}, "reason": "境界"},
        {"path": "hooks/0", "class": "new", "existing": None, "source": None},
    ],
}

SNAPSHOTS = [
    {"name": "20240501T100000.000000Z-scheduled", "created_at": "2024-05-01T10:00:00+00:00", "reason": "scheduled",
     "size_bytes": 52_400},
    {"name": "20240501T090000.000000Z-before-apply", "created_at": "2024-05-01T09:00:00+00:00",
     "reason": "before-apply", "size_bytes": 1_310_720},
]

CONTEXT = {"mode": "continue", "task_id": 1, "budget_tokens": 6000,
           "sections": [{"name": "instructions", "tokens": 120, "text": "你是写作助手"},
                        {"name": "facts", "tokens": 300, "text": "林动 OWNS 祖石"},
                        {"name": "summary", "tokens": 80, "text": "前情提要"}],
           "messages": [asdict(m) for m in MESSAGES]}


def snapshot(as_of: int | None = None, entity: str | None = None) -> dict:
    n = 10**9 if as_of is None else as_of
    entities = [e for e in ENTITIES if (e["first_chapter"] or 0) <= n]
    relations = [r for r in RELATIONS if r["valid_from"] <= n and (r["valid_to"] is None or r["valid_to"] > n)]
    hooks = [h for h in HOOKS if h["planted_in"] <= n]
    if entity is not None:
        entities = [e for e in entities if entity in [e["name"], *e["aliases"]]]
        name = entities[0]["name"] if entities else entity
        relations = [r for r in relations if name in (r["from"], r["to"])]
        hooks = [h for h in hooks if name in h["involves"]]
        return {"as_of": as_of, "entities": entities, "relations": relations, "hooks": hooks,
                "mentions": [{"chapter": 1, "title": "第一章", "chunks": [1]}]}
    return {"as_of": as_of, "entities": entities, "relations": relations, "hooks": hooks}
