"""Prompts for settlement extraction's narrow model calls, in Chinese and English, with their worked examples."""

from __future__ import annotations

import json

_KIND_SYSTEM = {
    True: "判断名字在句子里指什么。Character=人物 Location=地点 Item=物品/兵器 Faction=门派/势力/家族 "
          "Ability=功法/技能 none=不是专有名称（普通词、特征、描述）。",
    False: "Say what the name refers to in the sentence. Character=person, Location=place, Item=object or weapon, "
           "Faction=group, order, family or organisation, Ability=technique or skill, none=not a proper name.",
}
_KIND_SHOTS = {
    True: [("王铁匠把玄铁锤送给了阿牛。", "阿牛", "Character"), ("阿牛拜入了天剑门。", "天剑门", "Faction"),
           ("他们在落霞镇住下。", "落霞镇", "Location"), ("王铁匠把玄铁锤送给了阿牛。", "玄铁锤", "Item"),
           ("阿牛学会了裂石拳。", "裂石拳", "Ability"), ("阿牛擅长打铁，性格憨厚。", "性格憨厚", "none")],
    False: [("The smith gave the Ember Hammer to Tom.", "Tom", "Character"),
            ("Tom joined the Order of Ash.", "Order of Ash", "Faction"),
            ("They settled in Greywater.", "Greywater", "Location"),
            ("The smith gave the Ember Hammer to Tom.", "Ember Hammer", "Item"),
            ("Tom learned Stonefist from the monks.", "Stonefist", "Ability"),
            ("Tom is Quiet and Stubborn.", "Quiet", "none")],
}


def _kind_question(sentence: str, name: str, zh: bool) -> str:
    return f"句子：{sentence}\n名字：{name}" if zh else f"Sentence: {sentence}\nName: {name}"


def kind_messages(name: str, sentence: str, zh: bool) -> list[dict]:
    """System, the worked examples as prior exchanges (a stable prefix the model caches), then the question."""
    messages = [{"role": "system", "content": _KIND_SYSTEM[zh]}]
    for shot_sentence, shot_name, kind in _KIND_SHOTS[zh]:
        messages += [{"role": "user", "content": _kind_question(shot_sentence, shot_name, zh)},
                     {"role": "assistant", "content": json.dumps({"kind": kind})}]
    messages.append({"role": "user", "content": _kind_question(sentence, name, zh)})
    return messages
