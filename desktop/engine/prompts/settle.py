"""What settling a discussion asks of the model, and the one worked example it imitates."""

from __future__ import annotations

import json


def settle_instructions(zh: bool) -> str:
    """What extraction is asked to do (bilingual: the small default model follows Chinese best)."""
    return (
        "从作者与助手的讨论中提取已经决定的事实，输出一个 JSON 结算文档。\n"
        "Extract the facts the author decided in the discussion as one JSON settlement document.\n"
        "- entities: 人物/地点/物品/势力/能力 (kind: Character, Location, Item, Faction, Ability)，name 用讨论里的原名。\n"
        "- relations: type 用大写英文：OWNS 拥有, MEMBER_OF 属于, MASTER_OF 师父, KNOWS 认识, HATES 仇恨, LOCATED_IN 位于。\n"
        "- ends: 不再成立的旧关系。states: 会变化的状态（境界、生死、位置）。\n"
        "- hooks: 伏笔。settings: 设定条目。plan: 大纲。\n"
        "只写讨论里出现的名字和数值，不要编造，不要照抄示例；没有的部分给空数组。\n"
        "Only names and values that appear in the discussion; never copy the example; empty arrays for what is absent."
    )


# One worked example, sent as a prior exchange: a tiny model imitates a turn far more faithfully
# than a description, and its names are ones a discussion will not use (copies are then dropped).
SETTLE_EXAMPLE = (
    "作者: 第二章里，王铁匠把祖传的玄铁锤送给了徒弟阿牛。阿牛现在是炼体二层。\n助手: 明白：玄铁锤归阿牛了，阿牛炼体二层。",
    json.dumps({
        "chapter": 2,
        "entities": [{"kind": "Character", "name": "王铁匠"},
                     {"kind": "Character", "name": "阿牛", "summary": "王铁匠的徒弟"},
                     {"kind": "Item", "name": "玄铁锤", "summary": "王铁匠祖传的铁锤"}],
        "relations": [{"type": "OWNS", "from": "阿牛", "to": "玄铁锤"},
                      {"type": "MASTER_OF", "from": "王铁匠", "to": "阿牛"}],
        "ends": [{"type": "OWNS", "from": "王铁匠", "to": "玄铁锤"}],
        "states": [{"entity": "阿牛", "key": "境界", "value": "炼体二层"}],
    }, ensure_ascii=False),
)
