"""What a name is, read from the company it keeps in the talk and the words that introduce it; whom a
pronoun means when the speakers talk about the story; answers and questions that settle nothing (no model)."""

from __future__ import annotations

from desktop.tasks.pipeline.pipeline import Canon
from tests.tasks.test_pipeline import entities, hooks, relations, settle


def test_a_name_that_ends_like_a_building_is_a_faction_when_people_join_it_and_are_its_men():
    canon = Canon(names={"贺孤鸿": ("Character", [])})
    found = settle(("user", "贺孤鸿早就暗中投了听雨楼，楼主是谁先不写。"),
                   ("user", "从这一章起他就明着是听雨楼的人了。"), canon=canon)
    assert entities(found).get("听雨楼") == "Faction"
    assert ("MEMBER_OF", "贺孤鸿", "听雨楼") in relations(found)


def test_a_building_people_only_go_to_stays_a_place():
    canon = Canon(names={"贺孤鸿": ("Character", [])})
    found = settle(("user", "贺孤鸿去了听雨楼喝酒，听雨楼里人很多。"), canon=canon)
    assert entities(found).get("听雨楼") == "Location"


def test_a_lone_english_word_the_talk_comes_from_is_a_place():
    canon = Canon(names={"Tamsin Rook": ("Character", ["Tamsin"])})
    found = settle(("user", "Tamsin is from Saltcombe, the fishing village on the cape."),
                   ("user", "She got out of Saltcombe at sixteen."), canon=canon, zh=False)
    assert entities(found).get("Saltcombe") == "Location"
    assert ("FROM", "Tamsin Rook", "Saltcombe") in relations(found)


def test_the_noun_before_its_name_says_what_a_named_thing_is_and_who_holds_it_after_it_is_handed_over():
    canon = Canon(names={"齐远山": ("Character", []), "陆小川": ("Character", [])})
    found = settle(("user", "掌门信物叫玄铁令，齐远山咽气前把玄铁令塞进陆小川手里。"), canon=canon)
    assert entities(found).get("玄铁令") == "Item"
    assert ("OWNS", "陆小川", "玄铁令") in relations(found)
    assert {"type": "OWNS", "from": "齐远山", "to": "玄铁令"} in [
        {k: e[k] for k in ("type", "from", "to")} for e in found.document["ends"]]


def test_working_somewhere_as_something_is_membership_and_common_kinds_of_group_are_factions():
    found = settle(("user", "苏映雪在江城日报当记者。"), ("user", "她哥哥苏映川是烈焰战队的队长。"))
    assert entities(found).get("江城日报") == "Faction" and entities(found).get("烈焰战队") == "Faction"
    assert ("MEMBER_OF", "苏映雪", "江城日报") in relations(found)
    assert ("LEADS", "苏映川", "烈焰战队") in relations(found)


def test_a_suffix_that_begins_the_next_word_or_follows_a_verb_makes_no_name():
    found = entities(settle(("user", "方嬷嬷原先在太后身边伺候。"), ("user", "每个城市设分局，没灯牌的按私修论处。")))
    assert found.get("方嬷嬷") == "Character"
    assert not {"方嬷嬷原", "城市设分局", "没灯牌"} & set(found)


def test_english_titles_peoples_and_named_things_are_read_as_such():
    found = settle(("user", "New POV: Ser Aldwin Marsh, an Italian-trained duellist. Ser Aldwin is thirty."),
                   ("assistant", "Signature weapon?"),
                   ("user", "A longsword called Morrow's Edge. Aldwin Marsh never draws it in anger."), zh=False)
    named = entities(found)
    assert named.get("Aldwin Marsh") == "Character" and "Ser Aldwin Marsh" not in named  # one man, not two
    [aldwin] = [e for e in found.document["entities"] if e["name"] == "Aldwin Marsh"]
    assert "Ser Aldwin Marsh" in aldwin.get("aliases", [])  # the titled form is how he is called
    assert named.get("Morrow's Edge") == "Item" and "Italian" not in named
    assert not any("Morrow's Edge" in (e.get("aliases") or []) for e in found.document["entities"])


def test_him_in_a_question_about_the_story_is_the_man_just_named_and_the_answer_is_about_him():
    canon = Canon(names={"韦长风": ("Character", []), "杜若衡": ("Character", [])})
    found = settle(("user", "第十二章韦长风得死。"),
                   ("assistant", "死在谁手里？你前面埋过杜若衡几次半夜出门，要不要就用他？"),
                   ("user", "就是他。当晚他就投了听雨楼。"), canon=canon)
    assert ("MEMBER_OF", "杜若衡", "听雨楼") in relations(found)
    assert ("MEMBER_OF", "韦长风", "听雨楼") not in relations(found)
    assert hooks(found) == []  # "就是他。" answers; "你前面埋过" asked for no new hook


def test_a_question_that_asks_rejects_nothing():
    canon = Canon(names={"韦长风": ("Character", [])})
    found = settle(("assistant", "要不要给韦长风一把剑？"), ("user", "好，给他一把秋水剑。"), canon=canon)
    assert ("OWNS", "韦长风", "秋水剑") in relations(found)


def test_the_assistants_questions_examples_and_talk_about_the_writing_are_no_settings():
    found = settle(("user", "今天想把能力体系定死，前面十一章一直在糊弄，读者已经在评论区问了。"),
                   ("assistant", "外貌上要不要有记号？比如疤、痣、发色之类。"),
                   ("assistant", "While we're here, should we fix the geography of the valley?"))
    assert found.document["settings"] == []


def test_a_kin_word_before_a_name_ties_it_to_whom_the_talk_is_about_and_a_service_post_to_whom_it_serves():
    canon = Canon(names={"Ser Aldwin Marsh": ("Character", ["Aldwin"]), "Queen Maud": ("Character", ["Maud"])})
    found = settle(("user", "Aldwin needs family."), ("user", "An older sister, Tessaly."),
                   ("assistant", "Got it: Ser Aldwin Marsh, thirty, from Coldharbour; "
                                 "older sister Tessaly Vane, lady-in-waiting to Queen Maud."), canon=canon, zh=False)
    assert ("SIBLING_OF", "Tessaly Vane", "Ser Aldwin Marsh") in relations(found)
    assert ("SERVES", "Tessaly Vane", "Queen Maud") in relations(found)


def test_a_post_that_names_a_faction_makes_its_bearer_a_member():
    canon = Canon(names={"Ser Aldwin Marsh": ("Character", ["Aldwin"]), "the Ashguard": ("Faction", [])})
    found = settle(("user", "Aldwin is a sworn Ashguard knight."), canon=canon, zh=False)
    assert ("MEMBER_OF", "Ser Aldwin Marsh", "the Ashguard") in relations(found)


def test_taught_by_entered_and_handed_an_art_in_chinese_recaps():
    canon = Canon(names={"云崖真人": ("Character", []), "玄冰宗": ("Faction", [])})
    found = settle(("user", "新角色叫林晚照，十六岁。"),
                   ("assistant", "整理一下：林晚照，十六岁，46章拜进玄冰宗，师从云崖真人；48章得传寒星指。"), canon=canon)
    assert {("MEMBER_OF", "林晚照", "玄冰宗"), ("MASTER_OF", "云崖真人", "林晚照"),
            ("HAS_ABILITY", "林晚照", "寒星指")} <= relations(found)
    assert not {"章拜进", "上山", "章上山"} & set(entities(found))


def test_what_the_author_said_before_an_earlier_draft_still_stands():
    canon = Canon(names={"林晚照": ("Character", [])})
    found = settle(("user", "林晚照的事再定一下。"),
                   ("user", "她用一把剑，叫霜落剑——本来想说是她爹打的，后来改成她娘留下的遗物。"), canon=canon)
    assert ("OWNS", "林晚照", "霜落剑") in relations(found)


def test_a_described_kind_of_place_and_a_role_word_are_no_names():
    found = entities(settle(("user", "女二出身青石镇，北边一个穷得叮当响的边陲小镇，46章上山。")))
    assert found.get("青石镇") == "Location"
    assert not {"边陲小镇", "女二出身", "上山"} & set(found)


def test_the_one_fought_is_not_the_one_hurt():
    canon = Canon(names={"萧云起": ("Character", []), "贺孤鸿": ("Character", [])})
    found = settle(("user", "萧云起赶到时已经晚了。"), ("user", "跟贺孤鸿硬拼了几招，被一掌震伤了右臂经脉。"), canon=canon)
    assert [s["entity"] for s in found.document["states"] if s["key"] == "injury"] == ["萧云起"]


def test_yes_this_one_plants_the_proposal_it_takes_up():
    canon = Canon(names={"雾巷": ("Location", [])})
    found = settle(("assistant", "雾巷里每逢月圆就会少一个人，没人知道去了哪里。要不要当个伏笔？"),
                   ("user", "行，就这个。"), canon=canon)
    [hook] = hooks(found)
    assert "月圆" in hook["description"] and hook["involves"] == ["雾巷"]


def test_a_word_left_unexplained_for_later_is_one_hook_about_who_said_it():
    canon = Canon(names={"齐远山": ("Character", [])})
    found = settle(("user", "齐远山临死前只说了两个字「断桥」，人就没了。「断桥」是什么先不解释，后面再揭。"),
                   ("assistant", "记下了：齐远山死了；齐远山遗言「断桥」作为伏笔。"), canon=canon)
    [hook] = hooks(found)  # one secret, said twice
    assert "断桥" in hook["name"] + hook["description"] and hook["involves"] == ["齐远山"]


def test_list_labels_chapter_marks_and_leading_words_are_no_part_of_any_name():
    found = settle(("user", "Sword: a plain soldier's sword, nothing named. Scar: a scar across the left eyebrow."),
                   ("user", "What's Colm Hegarty hiding? Not Blackmoor, that's for sure. See ch. 14."), zh=False)
    named = entities(found)
    assert not {"Sword", "Scar", "What's Colm Hegarty", "Not Blackmoor", "Ch"} & set(named)


def test_the_forms_the_talk_calls_someone_by_are_listed_as_their_aliases():
    found = settle(("user", "New character: Mr. Silas Penhallow, the land agent. Everyone calls him Penhallow."),
                   ("user", "Silas Penhallow is loyal to the family."), zh=False)
    [entity] = [e for e in found.document["entities"] if e["name"] == "Silas Penhallow"]
    assert {"Mr. Silas Penhallow", "Mr. Penhallow", "Penhallow"} <= set(entity.get("aliases", []))


def test_talk_about_drafting_is_no_setting():
    found = settle(("user", "Before I draft 9 through 12 I want to pin the fold rules down, I keep contradicting myself."),
                   zh=False)
    assert found.document["settings"] == []


def test_names_offered_as_options_and_passed_over_are_no_one_and_she_is_the_one_picked():
    canon = Canon(names={"沈砚": ("Character", [])})
    found = settle(("user", "我想给沈砚加个师姐，你帮我想想名字？"),
                   ("assistant", "名字给你几个方向：\n1. 苏晚晴——偏柔一点；\n2. 温照影——清冷；\n3. 江折霜——锋利。"),
                   ("user", "温照影好，就她了。苏晚晴太网文了哈哈。出身就用小镇吧，叫栖霞镇。"), canon=canon)
    named = entities(found)
    assert named.get("温照影") == "Character" and not {"苏晚晴", "江折霜"} & set(named)
    assert ("FROM", "温照影", "栖霞镇") in relations(found)


def test_a_city_with_a_lord_stays_a_place():
    found = settle(("user", "司徒鸢是寒沙城城主的女儿。"), ("user", "寒沙城城主叫司徒敬，寒沙城的人都怕他。"))
    assert entities(found).get("寒沙城") == "Location"
