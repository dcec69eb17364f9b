"""Families said in parts, people named by their post, and what the author drops in the same breath (no model)."""

from __future__ import annotations

import asyncio

from desktop.tasks.pipeline.pipeline import Canon, extract
from tests.tasks.test_pipeline import entities, relations, settle


def test_a_sisters_father_is_her_sisters_father_too():
    found = relations(settle(("user", "韦青的家世：她爹韦长河其实是落魄的镖师。她还有个妹妹韦蓉，九岁。")))
    assert {("PARENT_OF", "韦长河", "韦青"), ("SIBLING_OF", "韦蓉", "韦青"), ("PARENT_OF", "韦长河", "韦蓉")} <= found


def test_children_named_by_rank_belong_to_the_person_the_sentence_opens_with():
    found = relations(settle(("user", "程员外有一儿一女，长子程远，次女程瑶。")))
    assert {("PARENT_OF", "程员外", "程远"), ("PARENT_OF", "程员外", "程瑶"), ("SIBLING_OF", "程远", "程瑶")} <= found


def test_the_childrens_mother_and_the_fathers_wife_are_one_person():
    found = relations(settle(
        ("user", "家主是钟离岳。两个孩子：长子钟离恒，幼女钟离霜。"),
        ("user", "孩子的娘是白素心，钟离岳的原配，早年病故。")))
    assert {("PARENT_OF", "白素心", "钟离恒"), ("PARENT_OF", "白素心", "钟离霜")} <= found
    assert ("MARRIED_TO", "白素心", "钟离岳") in found


def test_a_role_after_a_list_holds_towards_everyone_listed_and_a_pair_can_be_named_together():
    found = relations(settle(("user", "韩太师为韩烈、韩婷之父，韩烈与韩婷是兄妹。")))
    assert {("PARENT_OF", "韩太师", "韩烈"), ("PARENT_OF", "韩太师", "韩婷"), ("SIBLING_OF", "韩烈", "韩婷")} <= found


def test_a_step_parent_in_the_talk_keeps_parents_to_what_was_said():
    found = relations(settle(("user", "宁远侯的原配早逝，续弦是柳氏。宁远侯的儿子宁珏，宁珏的妹妹宁瑶。")))
    assert not any(r[0] == "PARENT_OF" and r[1] == "柳氏" for r in found)


def test_an_english_couple_and_their_kids():
    found = relations(settle(
        ("user", "The Marlowes. Sir Owen Marlowe, married to Lady Constance. Two kids: Fen, the elder, and Pell, 9."),
        zh=False))
    assert ("MARRIED_TO", "Owen Marlowe", "Lady Constance") in found
    assert {("PARENT_OF", parent, child) for parent in ("Owen Marlowe", "Lady Constance")
            for child in ("Fen", "Pell")} <= found
    assert ("SIBLING_OF", "Fen", "Pell") in found


def test_a_post_before_a_few_characters_names_its_holder():
    found = settle(("user", "反派方案：血河宗宗主夜千殇，修《血神经》。"))
    assert entities(found).get("夜千殇") == "Character"
    assert {("LEADS", "夜千殇", "血河宗"), ("HAS_ABILITY", "夜千殇", "血神经")} <= relations(found)


def test_a_name_dropped_in_the_clause_that_names_it_is_dropped_even_after_a_change():
    found = settle(
        ("user", "给秦岳配一把刀，叫断岳刀。"),
        ("user", "不对，他是骑兵，改成马槊，叫破阵槊，断岳刀不要了。"),
        ("assistant", "那就：秦岳持破阵槊，断岳刀作废。"),
        ("user", "嗯。"))
    assert ("OWNS", "秦岳", "破阵槊") in relations(found)
    assert "断岳刀" not in entities(found) and not any("断岳刀" in r for r in relations(found))


def test_a_name_with_an_epithet_is_called_by_the_name_alone():
    canon = Canon(names={"Old Brannock": ("Character", [])})
    found = settle(("user", "Quill Harrow used to be Old Brannock's partner, and he hates Brannock now."),
                   canon=canon, zh=False)
    assert ("HATES", "Quill Harrow", "Old Brannock") in relations(found)
    assert "Brannock" not in entities(found)


def test_a_pronoun_with_a_verb_glued_on_is_not_part_of_a_name():
    found = settle(("user", "Widow Pell runs the inn. She's Corwin's aunt, and she loathes Ada."),
                   canon=Canon(names={"Ada Fenn": ("Character", []), "Corwin Hale": ("Character", [])}), zh=False)
    assert not any(name.startswith("She") for name in entities(found))


def test_the_assistants_summary_stands_when_the_author_goes_on_from_it():
    found = settle(
        ("user", "The Brotherhood of the Ash needs a leader: Varo Quint."),
        ("assistant", "Noted - Varo Quint heads the Brotherhood of the Ash."),
        ("user", "and he hates Ada, obviously"),
        canon=Canon(names={"Ada Fenn": ("Character", [])}), zh=False)
    assert {("LEADS", "Varo Quint", "Brotherhood of the Ash"), ("HATES", "Varo Quint", "Ada Fenn")} <= relations(found)


def test_a_given_name_alone_in_a_chapter_is_the_surnamed_person():
    found = settle(("user", "第三回 薛宝琴来了。宝琴笑道：“姐姐好。”薛宝琴又说了几句，宝琴便去了。"))
    names = entities(found)
    assert "薛宝琴" in names and "宝琴" not in names


def test_two_people_named_together_and_what_they_are_to_each_other():
    canon = Canon(names={"Ada Fenn": ("Character", []), "Roric Vale": ("Character", [])})
    found = relations(settle(("user", "After the duel, Ada and Roric are enemies for good."), canon=canon, zh=False))
    assert ("HATES", "Ada Fenn", "Roric Vale") in found


def test_a_post_in_a_faction_after_a_comma_or_before_the_noun_makes_a_leader_or_a_member():
    found = relations(settle(
        ("user", "Noted: Brenna Colt, captain of the Ember Company, carries the Red Axe."),
        ("user", "Wat Ashby is a clerk of the Tide Syndicate. Jory Finch, Ember Company scout, stays."), zh=False))
    assert {("LEADS", "Brenna Colt", "Ember Company"), ("MEMBER_OF", "Wat Ashby", "Tide Syndicate"),
            ("MEMBER_OF", "Jory Finch", "Ember Company")} <= found


def test_he_and_she_follow_the_person_of_that_gender():
    found = settle(("user", "Lady Maud Rellen runs the foundling house. Brother Cass taught her, he's the abbey's bellringer."),
                   zh=False)
    assert ("MASTER_OF", "Brother Cass", "Maud Rellen") in relations(found)
    identities = {(s["entity"], s["value"]) for s in found.document["states"] if s["key"] == "identity"}
    assert ("Brother Cass", "bellringer") in identities and not any(e == "Maud Rellen" for e, _ in identities)


def test_names_in_brackets_after_a_person_are_what_they_are_also_called():
    found = settle(("user", "New character: Odile Varga (Odi, the Grey Fox), a smuggler."), zh=False)
    assert entities(found) == {"Odile Varga": "Character"}
    [odile] = found.document["entities"]
    assert set(odile["aliases"]) >= {"Odi", "Grey Fox"}


def test_what_the_author_was_going_to_do_is_not_settled_by_a_later_yes():
    canon = Canon(names={"Pell Ward": ("Character", [])})
    found = settle(
        ("user", "I was going to make Pell a member of the Crimson League. Actually no, too obvious."),
        ("assistant", "So Pell stays independent?"),
        ("user", "Right."), canon=canon, zh=False)
    assert not any(r[0] == "MEMBER_OF" for r in relations(found))


def test_narration_is_not_undone_by_what_its_characters_say():
    messages = [{"id": 1, "role": "user", "content": "可巧王熙凤的丫鬟林小红走来，王熙凤问她：“谁叫你来的？”"},
                {"id": 2, "role": "user", "content": "林小红道：“不要问。”林小红便去了，王熙凤笑了。"}]
    chapter = asyncio.run(extract(messages, Canon(), None, zh=True, chapter=5, prose=True))
    assert ("SERVES", "林小红", "王熙凤") in relations(chapter)


def outlines(extraction) -> list[dict]:
    return extraction.document["plan"]


def test_an_outline_takes_the_title_the_talk_gives_it_later():
    found = settle(
        ("user", "Let's plan chapters 20 to 22, the lighthouse arc. Call it 'Dark Lamp'."),
        ("user", "20: Ada finds the keeper dead. 21: Ada climbs the tower at night. 22: the lamp lights itself."), zh=False)
    [outline] = outlines(found)
    assert outline["title"] == "Dark Lamp" and outline["chapters"] == [20, 22]
    assert [s.get("chapter") for s in outline["steps"]] == [20, 21, 22]


def test_chapter_marked_beats_are_steps_and_an_assistants_titled_restatement_names_the_outline():
    found = settle(
        ("user", "帮我理一下41到43章的细纲。"),
        ("user", "第41章沈默回到老宅；第42章他在阁楼发现一封旧信；第43章信里写着父亲的真正死因。"),
        ("assistant", "我把这三步整理成细纲，标题就叫“老宅旧信”，可以吗？"),
        ("user", "可以。"))
    [outline] = outlines(found)
    assert outline["title"] == "老宅旧信" and outline["chapters"] == [41, 43]
    assert [s["chapter"] for s in outline["steps"]] == [41, 42, 43]
    assert outline["steps"][0]["summary"].startswith("沈默回到老宅")


def test_the_assistants_list_stands_in_for_steps_the_author_left_loose():
    found = settle(
        ("user", "Can you outline chapters 3 to 6? The masked ball."),
        ("user", "Ada arrives late. She loses her mask. Then Roric recognises her. Ends with the chase."),
        ("assistant", "Outline 'The Masked Ball' (ch. 3-6): Ada arrives late; her mask falls; Roric knows her; "
                      "a chase through the gardens."), zh=False)
    [outline] = outlines(found)
    assert outline["title"] == "The Masked Ball" and len(outline["steps"]) == 4


def test_a_setting_is_titled_by_the_place_it_defines_and_notes_about_the_notes_are_no_settings():
    found = settle(("user", "世界观补一个地方：落雁谷，在西荒最深处，终年大雾，进去的人会迷失方向。"),
                   ("user", "她爱笑这种性格我写进人物小传里就行，不单独当设定。"))
    titles = [s["title"] for s in found.document["settings"]]
    assert titles == ["落雁谷"]


def test_a_word_the_segmenter_glued_on_comes_off_and_a_group_is_a_faction_whatever_its_last_character():
    found = entities(settle(("user", "新人物韩松，籍贯云州，寒门出身。"),
                            ("user", "他后来投了落霞楼。落霞楼是个刺客组织，专接朝廷的暗活。")))
    assert found.get("云州") == "Location" and "籍贯云州" not in found
    assert found.get("落霞楼") == "Faction"


def test_a_thing_named_after_its_noun_is_the_thing():
    found = settle(("user", "Tessa keeps her late father's ship, the Heron, and sails it alone."), zh=False)
    assert entities(found).get("Heron") == "Item"


def test_a_person_dropped_by_first_name_is_dropped_by_full_name():
    found = settle(
        ("user", "The fence is Corbin Ashe, a retired smuggler."),
        ("user", "Actually no. Scrap Corbin entirely. The fence is a woman, Meg Tallow."), zh=False)
    names = entities(found)
    assert "Meg Tallow" in names and "Corbin Ashe" not in names


def test_leaving_a_faction_ends_the_membership_and_where_someone_is_from_a_chapter_is_a_state():
    canon = Canon(names={"韩冬": ("Character", []), "天刀门": ("Faction", [])},
                  relations={("MEMBER_OF", "韩冬", "天刀门")})
    found = settle(("user", "第52章起：韩冬叛出天刀门、加入血衣楼。血衣楼是个杀手组织。"),
                   ("user", "第53章起韩冬住在临江城。"), canon=canon)
    doc = found.document
    assert {"type": "MEMBER_OF", "from": "韩冬", "to": "天刀门", "valid_to": 52} in doc["ends"]
    assert not any(e["to"] == "血衣楼" for e in doc["ends"])
    assert {"entity": "韩冬", "key": "location", "value": "临江城", "valid_from": 53} in doc["states"]
    assert entities(found).get("临江城") == "Location"


def test_an_answered_where_places_what_was_asked_about():
    canon = Canon(names={"the Ember Company": ("Faction", [])})
    found = relations(settle(("assistant", "Where's the Ember Company based?"),
                             ("user", "Gullhaven, in the old customs house."), canon=canon, zh=False))
    assert ("LOCATED_IN", "the Ember Company", "Gullhaven") in found


def test_a_place_and_a_clause_of_where_it_is():
    found = relations(settle(("user", "加个秘境，落星谷，在东荒深处，百年一开。")))
    assert ("LOCATED_IN", "落星谷", "东荒") in found


def test_a_yes_alone_before_the_words_it_confirms_accepts_the_suggestion():
    found = relations(settle(
        ("user", "第37章岳千山把龙吟刀传给了程小舟。"),
        ("assistant", "程小舟是他的关门弟子对吧？"),
        ("user", "对，关门弟子，岳千山一手带大的。")))
    assert ("MASTER_OF", "岳千山", "程小舟") in found


def test_two_named_together_as_allies():
    found = relations(settle(("user", "好，秦岳与韩青是盟友关系，一起守北关。")))
    assert ("ALLY_OF", "秦岳", "韩青") in found


def test_places_the_segmenter_splits_or_glues_to_a_verb_are_found_whole():
    found = entities(settle(("user", "第12章起柯远住在城南的同福客栈，常驻青潮站，籍贯沧州。"),
                            ("user", "后来他到天都城，在鸿运赌坊输光了钱。")))
    places = ("同福客栈", "青潮站", "沧州", "天都城", "鸿运赌坊")
    assert all(found.get(n) == "Location" for n in places), found
    assert "城南" not in found and "客栈" not in found


def titled(extraction) -> dict[str, dict]:
    return {o["title"]: o for o in outlines(extraction)}


def test_a_volume_named_as_a_time_is_no_outline():
    assert titled(settle(("user", "第40章写到程远回乡了，这一卷他就住在老宅。"))) == {}
    assert titled(settle(("user", "Wren keeps the key until the flood at the end of book one. Maybe chapter 30."),
                           zh=False)) == {}


def test_the_answer_to_an_offer_of_an_arc_opens_it_by_its_quoted_title():
    found = titled(settle(
        ("user", "Book Two: The Glass Desert, chapters 31-60. Wren hunts for the lost city."),
        ("assistant", "Should I break out the middle arc?"),
        ("user", "yes: 'Ashfall' - Wren buys a map, they cross the dunes, find the city already empty."), zh=False))
    assert "Ashfall" in found and len(found["Ashfall"]["steps"]) == 3
    assert not any(title.startswith("Should") for title in found)


def test_an_outline_is_named_by_the_fuller_title_given_later_and_its_plot_line_is_its_summary_not_a_hook():
    extraction = settle(
        ("user", "第三卷叫「北境烽火」，第201章到第300章。主线是程远守住雪城，顺带查他爹的下落。"),
        ("user", "雪城那条：先是入关，然后守城，最后突围。寻亲那条先不细化，标题就叫「寻找生父」。"),
        ("assistant", "好：短纲「雪城之围」三步，短纲「寻找生父」待细化。"))
    found = titled(extraction)
    assert {"北境烽火", "雪城之围", "寻找生父"} <= set(found) and "寻亲" not in found
    assert found["北境烽火"]["summary"].startswith("程远守住雪城") and extraction.document["hooks"] == []
    assert [s["summary"] for s in found["雪城之围"]["steps"]] == ["入关", "守城", "突围"]


def test_a_thread_kept_for_later_in_answer_to_a_question_is_a_hook_about_what_was_asked():
    [hook] = settle(("user", "第12章打完了。"), ("assistant", "铁狼帮帮主呢？"),
                    ("user", "帮主跑了，这个留着以后用。"), chapter=12).document["hooks"]
    assert hook["involves"] == ["铁狼帮"] and hook["planted_in"] == 12


def ends(extraction) -> set[tuple[str, str, str]]:
    return {(r["type"], r["from"], r["to"]) for r in extraction.document["ends"]}


def test_the_dagger_is_the_talks_one_named_dagger_and_goes_to_the_owner_named_with_his_post():
    found = settle(("user", "第41章罗七把乌蛇匕押上赌桌，输了，匕首归了酒楼掌柜孙有财。"),
                   canon=Canon(names={"罗七": ("Character", []), "乌蛇匕": ("Item", [])}, owners={"乌蛇匕": "罗七"}))
    assert ("OWNS", "孙有财", "乌蛇匕") in relations(found) and ("OWNS", "罗七", "乌蛇匕") in ends(found)


def test_an_answer_that_leaves_out_what_was_asked_about_is_about_it():
    canon = Canon(names={"罗七": ("Character", []), "韦猛": ("Character", []), "玄铁刀": ("Item", [])},
                  owners={"玄铁刀": "韦猛"})
    found = settle(("user", "第20章韦猛死了。"), ("assistant", "玄铁刀呢？"), ("user", "罗七从韦猛尸体上拿回来了。"),
                   canon=canon)
    assert ("OWNS", "罗七", "玄铁刀") in relations(found) and ("OWNS", "韦猛", "玄铁刀") in ends(found)
    canon = Canon(names={"Captain Reed": ("Character", []), "the brass compass": ("Item", [])},
                  owners={"the brass compass": "Captain Reed"})
    found = settle(("user", "Captain Reed drowns in chapter 9."), ("assistant", "What happens to the brass compass?"),
                   ("user", "His will leaves it to his nephew, Tobias Reed."), canon=canon, zh=False)
    assert ("OWNS", "Tobias Reed", "the brass compass") in relations(found)
    assert ("OWNS", "Captain Reed", "the brass compass") in ends(found)
    assert ("OWNS", "Captain Reed", "the brass compass") not in relations(found)
    found = settle(("user", "Captain Reed drowns in chapter 9."), ("assistant", "And the brass compass?"),
                   ("user", "It goes to his nephew, Tobias Reed. It is raining that night."), canon=canon, zh=False)
    assert ("OWNS", "Tobias Reed", "the brass compass") in relations(found)
    assert ("OWNS", "Captain Reed", "the brass compass") in ends(found)


def test_a_breakup_ends_the_couples_love_from_its_chapter():
    canon = Canon(names={"陆川": ("Character", []), "林晚": ("Character", [])},
                  relations={("LOVES", "陆川", "林晚")})
    found = settle(("user", "陆川和林晚那段，我决定第30章让他们分手。"), canon=canon)
    [end] = found.document["ends"]
    assert (end["type"], end["from"], end["to"], end["valid_to"]) == ("LOVES", "陆川", "林晚", 30)
    assert settle(("user", "陆川和林晚不分手了，继续写。"), canon=canon).document["ends"] == []


def test_a_feeling_said_big_is_no_death():
    found = settle(("user", "第9章韦猛在门口等了一夜，说：我已急死了。"), ("user", "第10章韦猛死了。"))
    assert [s["valid_from"] for s in found.document["states"] if s["key"] == "alive"] == [10]


def states(extraction) -> set[tuple[str, str, str]]:
    return {(s["entity"], s["key"], s["value"]) for s in extraction.document["states"]}


def test_english_injuries_marks_and_posts_are_states_in_the_authors_words():
    canon = Canon(names={"Wren Alder": ("Character", []), "Pell": ("Character", [])})
    found = states(settle(
        ("user", "Chapter 14: Pell snaps his right wrist in the fall, and Wren loses her left eye to the hawk."),
        ("user", "Pell heals, but he limps after. Wren's got a burn scar too. The Circle makes her a full Magister."),
        canon=canon, zh=False))
    assert {("Pell", "injury", "broken right wrist"), ("Wren Alder", "injury", "lost her left eye"),
            ("Pell", "appearance", "limps"), ("Wren Alder", "appearance", "burn scar"),
            ("Wren Alder", "identity", "Magister")} <= found


def test_a_new_characters_sect_master_and_art_said_without_her_name():
    found = settle(("user", "新角色叫柳照雪，白鹭渡渔家的女儿。"),
                   ("user", "她用一把油纸伞，八根伞骨都能当暗器。门派是寒江剑派，拜在苗三娘门下。轻功学的是本门的踏雪步。"))
    assert {("MEMBER_OF", "柳照雪", "寒江剑派"), ("MASTER_OF", "苗三娘", "柳照雪"),
            ("HAS_ABILITY", "柳照雪", "踏雪步")} <= relations(found)
    assert entities(found).get("白鹭渡") == "Location" and not any(n.startswith("八根") for n in entities(found))


def test_a_post_handed_on_and_a_mother_who_died_long_ago():
    canon = Canon(names={"卫天河": ("Character", []), "听涛山庄": ("Faction", [])},
                  relations={("LEADS", "卫天河", "听涛山庄")})
    found = settle(("user", "第80章听涛山庄换庄主，卫天河把庄主的位子传给了长子卫明川。"),
                   ("user", "两个孩子的娘是柳夫人，卫天河的结发妻子，生下小女儿那年就病故了。"), canon=canon)
    assert ("LEADS", "卫明川", "听涛山庄") in relations(found) and ("LEADS", "卫天河", "听涛山庄") in ends(found)
    assert ("MARRIED_TO", "柳夫人", "卫天河") in relations(found)
    assert {(s["entity"], s["value"]) for s in found.document["states"] if s["key"] == "alive"} == {("柳夫人", "dead")}


def test_someone_of_a_group_is_a_member_and_a_ford_is_a_place():
    found = settle(("user", "At Harrow Ford in chapter 12, Mabel Crane of the Grey Tithe is shot by the sheriff."), zh=False)
    assert entities(found).get("Harrow Ford") == "Location" and entities(found).get("Mabel Crane") == "Character"
    assert ("MEMBER_OF", "Mabel Crane", "Grey Tithe") in relations(found)
    assert "Sons" not in entities(settle(("user", "The Sons of Albion meet at the inn."), zh=False))


def test_an_outline_asked_for_by_chapters_with_its_beats_named_by_stage_and_titled_at_the_end():
    [outline] = outlines(settle(
        ("user", "接下来要写夺嫡那一段，大概第40到46章，帮我捋一捋。"), ("assistant", "好。起、承、转、收各是什么？"),
        ("user", "开头就是老皇帝病倒。中间的转折是三皇子在药里发现了毒。"), ("assistant", "高潮是当众对质？"),
        ("user", "对。收尾是太子被废。标题就叫「东宫之变」。")))
    assert outline["title"] == "东宫之变" and outline["chapters"] == [40, 46]
    assert [s["summary"] for s in outline["steps"]] == ["老皇帝病倒", "三皇子在药里发现了毒", "太子被废"]


def test_a_volume_named_by_its_working_title_and_a_sequence_named_without_quotes():
    found = titled(settle(
        ("user", "Planning book three. Working title The Salt Crown, chapters 80 to 120."),
        ("assistant", "Want to break out the first big sequence?"),
        ("user", "Yes. Call it The Long Tide, roughly chapters 82 to 90. It opens with Nell stealing the charts. "
                 "Then the twist: the charts are forged. The climax is the wreck at Gull Rock. "
                 "It ends with Nell swimming ashore alone."), zh=False))
    assert found["The Salt Crown"]["level"] == "LongOutline" and "Planning book three." not in found
    assert [s["summary"] for s in found["The Long Tide"]["steps"]] == [
        "Nell stealing the charts", "the charts are forged", "the wreck at Gull Rock", "Nell swimming ashore alone"]


def test_who_died_is_who_the_sentence_is_about_not_whose_blow_was_taken():
    found = settle(("user", "61章写完了。霍长风为了护住阿萝，硬吃了铁面一刀，没撑到天亮就断气了。"),
                   canon=Canon(names={"霍长风": ("Character", []), "阿萝": ("Character", [])}))
    assert [(s["entity"], s["valid_from"]) for s in found.document["states"] if s["key"] == "alive"] == [("霍长风", 61)]
    names = entities(settle(("user", "第95章他扛了三道天雷，突破筑基。"), ("user", "Honestly I think Julian is fine."), zh=True))
    assert "道天雷" not in names and "Honestly I" not in names


def test_a_part_of_the_book_names_its_outline_and_a_beats_chapter_is_no_part_of_its_summary():
    found = settle(
        ("user", "Let's outline Part Two before I lose it. First, the flood takes the mill in 14. "
                 "Then Edda sells the farm. Finally she leaves for the city."), zh=False)
    [outline] = outlines(found)
    assert outline["title"] == "Part Two"
    found = settle(("user", "接下来三章的细纲：1. 88章尸潮围城；2. 89章陈野突破三级；3. 90章陈野北上。"))
    [outline] = outlines(found)
    assert [step["summary"] for step in outline["steps"]] == ["尸潮围城", "陈野突破三级", "陈野北上"]
