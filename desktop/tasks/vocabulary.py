"""The closed vocabulary settlement extracts into: relation types and state keys, with their synonyms.

A small model cannot be trusted to invent consistent relation names, so extraction picks from these
(grammar enums), and everything that compares relations — review, scoring, merging — canonicalises
through the same tables.
"""

from __future__ import annotations

# type: (meaning for the prompt, the endpoint kinds it expects, synonyms an author or older document may use)
RELATIONS: dict[str, tuple[str, tuple[str, str], frozenset[str]]] = {
    "OWNS": ("A owns / holds / wields item B", ("Character", "Item"),
             frozenset({"HOLDS", "WIELDS", "POSSESSES", "USES", "拥有", "持有", "佩戴"})),
    "MEMBER_OF": ("A belongs to faction/sect B", ("Character", "Faction"),
                  frozenset({"BELONGS_TO", "JOINED", "加入", "属于", "所属"})),
    "LEADS": ("A leads / heads faction B", ("Character", "Faction"),
              frozenset({"HEAD_OF", "RULES", "FOUNDED", "掌门", "宗主", "领导"})),
    "MASTER_OF": ("A is the master / teacher of B", ("Character", "Character"),
                  frozenset({"TEACHER_OF", "MENTOR_OF", "师父", "师傅"})),
    "SENIOR_OF": ("A is the senior fellow disciple (师兄/师姐) of B", ("Character", "Character"),
                  frozenset({"SENIOR_BROTHER_OF", "SENIOR_SISTER_OF", "师兄", "师姐"})),
    "PARENT_OF": ("A is the father or mother of B", ("Character", "Character"),
                  frozenset({"FATHER_OF", "MOTHER_OF", "父亲", "母亲"})),
    "SIBLING_OF": ("A is the brother or sister of B", ("Character", "Character"),
                   frozenset({"BROTHER_OF", "SISTER_OF", "兄弟", "姐妹"})),
    "MARRIED_TO": ("A is married to B", ("Character", "Character"), frozenset({"SPOUSE_OF", "夫妻"})),
    "LOVES": ("A loves B", ("Character", "Character"), frozenset({"LIKES", "爱慕", "喜欢"})),
    "HATES": ("A hates / is the enemy of B", ("Character", "Character"),
              frozenset({"ENEMY_OF", "RIVAL_OF", "仇恨", "敌对"})),
    "ALLY_OF": ("A is a friend or ally of B", ("Character", "Character"),
                frozenset({"FRIEND_OF", "KNOWS", "朋友", "盟友"})),
    "SERVES": ("A serves / is the subordinate or servant of B", ("Character", "Character"),
               frozenset({"SERVANT_OF", "SUBORDINATE_OF", "侍奉", "效忠"})),
    "KILLED": ("A killed B", ("Character", "Character"), frozenset({"MURDERED", "杀死", "杀了"})),
    "LOCATED_IN": ("A is in / lives in / is based at place B", ("Character", "Location"),
                   frozenset({"LIVES_IN", "IS_AT", "FOUND_IN", "位于", "住在"})),
    "FROM": ("A comes from / was born in place B", ("Character", "Location"),
             frozenset({"BORN_IN", "ORIGIN", "出身", "来自"})),
    "HAS_ABILITY": ("A has learned / masters ability or technique B", ("Character", "Ability"),
                    frozenset({"LEARNED", "MASTERS", "KNOWS_TECHNIQUE", "修炼", "掌握", "会"})),
}

# key: (meaning, synonyms). Values are free text quoted from the discussion.
STATES: dict[str, tuple[str, frozenset[str]]] = {
    "realm": ("cultivation realm / power level", frozenset({"境界", "修为", "等级", "level", "cultivation", "rank"})),
    "alive": ("alive or dead", frozenset({"生死", "存活", "死活", "status", "life", "dead", "death"})),
    "injury": ("a wound or injury", frozenset({"伤势", "伤情", "受伤", "wound"})),
    "location": ("where the entity is now", frozenset({"位置", "所在", "所在地", "住处"})),
    "appearance": ("a lasting bodily feature: scar, eyes, hair", frozenset({"外貌", "相貌", "特征", "疤", "scar"})),
    "age": ("age", frozenset({"年龄", "岁数"})),
    "identity": ("title, role or identity", frozenset({"身份", "title", "role", "职位"})),
}

DEAD, ALIVE = "dead", "alive"

_RELATION_INDEX = {name: name for name in RELATIONS} | {
    synonym.upper() if synonym.isascii() else synonym: name
    for name, (_, _, synonyms) in RELATIONS.items() for synonym in synonyms
}
_STATE_INDEX = {name: name for name in STATES} | {
    synonym.lower(): name for name, (_, synonyms) in STATES.items() for synonym in synonyms
}


def relation_type(name: str) -> str:
    """The vocabulary's type for `name` (OWNS for 持有), or `name` upper-cased when it has none."""
    key = name.strip()
    key = key.upper() if key.isascii() else key
    return _RELATION_INDEX.get(key, key)


def state_key(name: str) -> str:
    """The vocabulary's key for `name` (realm for 境界), or `name` lower-cased when it has none."""
    key = name.strip().lower()
    return _STATE_INDEX.get(key, key)
