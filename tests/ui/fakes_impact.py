"""The fake workbench's retcon impact and undo preview: canned answers over the fake book (林动, 祖石, 青阳镇)."""

from __future__ import annotations

import copy

IMPACT = {
    "touches": True, "quotes": 5,
    "changes": [
        {"path": "relations/0", "rule": "old_owner_holds", "fact": "林动 OWNS 祖石", "entities": ["林动", "祖石"],
         "from_chapter": 7},
        {"path": "ends/0", "rule": "old_relation_named", "fact": "林动 LIVES_IN 青阳镇", "entities": ["林动", "青阳镇"],
         "from_chapter": 7},
    ],
    "chapters": [
        {"chapter": 7, "title": "祖石之秘", "more": 1, "quotes": [
            {"text": "林动握紧祖石，掌心一阵温热。", "span": [12, 26], "rule": "old_owner_holds", "path": "relations/0",
             "score": 3}]},
        {"chapter": 9, "title": "夜归青阳镇", "more": 0, "quotes": [
            {"text": "林动回到青阳镇的家中，推门而入。", "span": [0, 16], "rule": "old_relation_named",
             "path": "ends/0", "score": 2},
            {"text": "林动的祖石又亮了起来。", "span": [40, 51], "rule": "old_owner_holds", "path": "relations/0",
             "score": 2}]},
    ],
    "more_chapters": 2,
    "plan": [{"level": "Step", "title": "Climax", "outline": "族比", "summary": "林动以祖石之力决战林琅天",
              "status": "InProgress", "chapter": 6, "names": ["林动", "祖石"]}],
    "more_plan": 0,
    "hooks": [{"name": "祖石的来历", "status": "Unresolved", "description": "", "planted_in": 2, "resolved_in": None,
               "names": ["林动", "祖石"]}],
    "more_hooks": 0,
}

NO_IMPACT = {"touches": False, "quotes": 0, "changes": [], "chapters": [], "more_chapters": 0, "plan": [],
             "more_plan": 0, "hooks": [], "more_hooks": 0}

APPLIED = [
    {"id": 3, "source": "import:chapter 2", "task_id": None, "state": "applied", "chapter": 2, "chapter_title": "祖石",
     "updated_at": "2024-05-01T08:30:00+00:00",
     "document": {"chapter": 2, "entities": [{"name": "祖石", "kind": "Item"}], "relations": [], "ends": [],
                  "states": [], "hooks": [], "settings": [], "plan": []}},
    {"id": 5, "source": "task:2", "task_id": 2, "state": "applied", "chapter": None, "chapter_title": None,
     "updated_at": "2024-05-01T09:15:00+00:00",
     "document": {"chapter": 6, "entities": [{"name": "张三", "kind": "Character"}],
                  "relations": [{"type": "OWNS", "from": "张三", "to": "祖石"}], "ends": [],
                  "states": [{"entity": "林动", "key": "生死", "value": "死亡"}], "hooks": [], "settings": [],
                  "plan": []}},
]

UNDO_PREVIEW = {
    "settlement_id": 5, "source": "task:2", "state": "applied", "chapter": 6, "items": 3,
    "recorded_at": "2024-05-01T09:15:00+00:00",
    "removes": [{"kind": "entity", "label": "张三 (Character)", "name": "张三", "entity_kind": "Character"},
                {"kind": "relation", "label": "张三 OWNS 祖石", "from": "张三", "type": "OWNS", "to": "祖石",
                 "from_chapter": 6},
                {"kind": "state", "label": "林动.生死 = 死亡", "entity": "林动", "key": "生死", "value": "死亡",
                 "from_chapter": 6}],
    "reopens": [{"kind": "relation", "label": "林动 OWNS 祖石", "from": "林动", "type": "OWNS", "to": "祖石",
                 "from_chapter": 2},
                {"kind": "task", "label": "设定人物：张三"}],
    "restores": [], "plan_restored": 0, "task": {"id": 2, "title": "设定人物：张三"}, "blocked": None,
    "impact": {**copy.deepcopy(IMPACT), "changes": [
        {"path": "relations/+0", "rule": "old_owner_holds", "fact": "张三 OWNS 祖石", "entities": ["张三", "祖石"],
         "from_chapter": 6}]},
}


class ImpactFake:
    """settlement_impact, apply_preview and undo_preview as the workbench offers them; `impact` is what a review's
    impact answers, `undo_previews` what each settlement's undo preview answers (a BookError to refuse one)."""

    impact = IMPACT
    undo_previews: dict = {5: UNDO_PREVIEW}

    async def settlement_impact(self, review):
        self._record("settlement_impact", copy.deepcopy(review))
        return copy.deepcopy(self.impact)

    async def apply_preview(self, document):
        self._record("apply_preview", document)
        return {"dry_run": True, "would_apply": True, "settlement_id": None, "counts": {}, "document": document,
                "items": [], "problems": [], "impact": copy.deepcopy(self.impact)}

    async def undo_preview(self, settlement_id):
        self._record("undo_preview", settlement_id)
        answer = self.undo_previews.get(settlement_id)
        if isinstance(answer, Exception):
            raise answer
        if answer is None:
            return {**copy.deepcopy(UNDO_PREVIEW), "settlement_id": settlement_id, "impact": copy.deepcopy(NO_IMPACT),
                    "removes": [], "reopens": [], "task": None}
        return copy.deepcopy(answer)
