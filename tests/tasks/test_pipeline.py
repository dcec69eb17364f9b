"""The settlement extraction pipeline on the wording alone (no model): what a careful editor would take from a talk."""

from __future__ import annotations

import asyncio

from desktop.tasks.pipeline.candidates import collect
from desktop.tasks.pipeline.pipeline import Canon, extract
from desktop.tasks.pipeline.statements import split


def settle(*turns: tuple[str, str], canon: Canon | None = None, chapter: int | None = None, zh: bool = True):
    messages = [{"id": i + 1, "role": role, "content": text} for i, (role, text) in enumerate(turns)]
    return asyncio.run(extract(messages, canon or Canon(), None, zh=zh, chapter=chapter))


def relations(extraction) -> set[tuple[str, str, str]]:
    return {(r["type"], r["from"], r["to"]) for r in extraction.document["relations"]}


def entities(extraction) -> dict[str, str]:
    return {e["name"]: e.get("kind") for e in extraction.document["entities"]}


def test_statements_keep_the_authors_exact_words_and_where_they_came_from():
    [first, second] = split([{"id": 7, "role": "user", "content": "林风拜入青云宗。他用一把寒铁剑！"}])
    assert (first.quote, second.quote) == ("林风拜入青云宗。", "他用一把寒铁剑！")
    assert (first.message_id, first.start, second.start) == (7, 0, 8)


def test_a_numbered_list_on_one_line_is_one_statement_per_item():
    quotes = [s.quote for s in split([{"id": 1, "role": "user", "content": "大纲：1. 下山 2. 遇险 3. 大比"}])]
    assert quotes == ["大纲：1.", "下山", "2. 遇险", "3. 大比"] or quotes == ["大纲：1. 下山", "2. 遇险", "3. 大比"]


def test_traits_and_phrases_never_become_names():
    statements = split([{"id": 1, "role": "user", "content": "女主叫苏晴，出身寒门，擅长炼丹，左脸有一道疤。"}])
    names = set(collect(statements, {}, True))
    assert "苏晴" in names
    assert not names & {"擅长炼丹", "出身寒门", "寒门", "左脸", "炼丹"}


def test_kinds_come_from_how_names_are_written():
    found = settle(("user", "林风拜入青云宗，住在落霞镇，用一把寒铁剑，修炼《太虚剑诀》。"))
    assert entities(found) == {"林风": "Character", "青云宗": "Faction", "落霞镇": "Location", "寒铁剑": "Item",
                               "太虚剑诀": "Ability"}


def test_pronouns_and_missing_subjects_mean_the_character_being_discussed():
    found = settle(("user", "新人物叫苏晴。她是青云宗弟子，林风的师姐。擅长《百草丹经》，左眉有一道疤。"))
    assert relations(found) >= {("MEMBER_OF", "苏晴", "青云宗"), ("SENIOR_OF", "苏晴", "林风"),
                                ("HAS_ABILITY", "苏晴", "百草丹经")}
    assert ("苏晴", "appearance") in {(s["entity"], s["key"]) for s in found.document["states"]}


def test_a_change_of_mind_keeps_only_the_final_choice():
    found = settle(("user", "苏晴的兵器是一把寒铁剑。"), ("user", "算了，兵器改成双刀吧。"))
    assert ("OWNS", "苏晴", "双刀") in relations(found)
    assert ("OWNS", "苏晴", "寒铁剑") not in relations(found)
    assert "寒铁剑" not in entities(found)


def test_an_idea_the_author_drops_is_not_proposed():
    found = settle(("user", "林风有个妹妹叫林雪。"), ("user", "不要林雪了，这条线删掉。"))
    assert "林雪" not in entities(found) and not relations(found)


def test_an_assistant_suggestion_counts_only_once_the_author_accepts_it():
    accepted = settle(("user", "给苏晴一个师父？"), ("assistant", "云鹤真人是苏晴的师父。"), ("user", "好，就这样。"))
    rejected = settle(("user", "给苏晴一个师父？"), ("assistant", "云鹤真人是苏晴的师父。"), ("user", "不行，太俗了。"))
    assert ("MASTER_OF", "云鹤真人", "苏晴") in relations(accepted)
    assert not relations(rejected) and "云鹤真人" not in entities(rejected)


def test_a_theft_ends_the_old_ownership_in_the_chapter_it_happens():
    canon = Canon(names={"林风": ("Character", []), "青锋剑": ("Item", [])}, owners={"青锋剑": "林风"},
                  relations={("OWNS", "林风", "青锋剑")})
    found = settle(("user", "第23章，王虎把青锋剑偷走了。"), canon=canon)
    assert {"type": "OWNS", "from": "王虎", "to": "青锋剑", "valid_from": 23} in found.document["relations"]
    assert {"type": "OWNS", "from": "林风", "to": "青锋剑", "valid_to": 23} in found.document["ends"]


def test_a_death_is_a_state_from_its_chapter_and_a_killing_a_relation():
    found = settle(("user", "第45章赵烈杀了周伯。"))
    assert ("KILLED", "赵烈", "周伯") in relations(found)
    assert {"entity": "周伯", "key": "alive", "value": "dead", "valid_from": 45} in found.document["states"]


def test_a_breakthrough_is_the_latest_realm():
    found = settle(("user", "第60章林风从练气九层冲到筑基初期。"))
    assert [(s["key"], s["value"], s.get("valid_from")) for s in found.document["states"]] == [("realm", "筑基初期", 60)]


def test_a_hook_is_planted_and_a_known_hook_paid_off():
    planted = settle(("user", "埋个伏笔：玉佩的来历。"))
    assert [(h["name"], h["status"]) for h in planted.document["hooks"]] == [("玉佩的来历", "Unresolved")]
    canon = Canon(hooks=[{"name": "黑衣人的身份", "description": "", "involves": []}])
    paid = settle(("user", "第88章揭晓黑衣人的身份。"), canon=canon)
    assert [(h["name"], h["status"]) for h in paid.document["hooks"]] == [("黑衣人的身份", "Resolved")]


def test_a_power_system_is_one_settings_entry_and_its_realms_are_not_characters():
    found = settle(("user", "修炼境界从低到高分为：炼气、筑基、金丹、元婴。每个大境界分九层。"))
    [entry] = found.document["settings"]
    assert entry["title"] == "修炼境界" and "九层" in entry["body"] and entry["category"] == "power"
    assert found.document["entities"] == []


def test_an_outline_with_numbered_steps_and_names_that_are_only_planned():
    found = settle(("user", "下一卷大纲：1. 林风下山历练 2. 在落霞镇遇到苏晴 3. 青云宗大比夺魁"))
    [outline] = found.document["plan"]
    assert [s["summary"] for s in outline["steps"]] == ["林风下山历练", "在落霞镇遇到苏晴", "青云宗大比夺魁"]
    assert [s["kind"] for s in outline["steps"]] == ["Start", "Development", "Climax"]
    assert found.document["entities"] == []  # an outline plans; it settles no facts


def test_english_names_roles_and_a_replacement():
    found = settle(("user", "Let's add Kael Storm. He comes from the Iron Vale and joined the Order of Ash."),
                   ("user", "Kael Storm wields the Ember Blade. Actually, make it the Frost Blade instead."),
                   ("user", "In chapter 9 Lord Varen dies."), zh=False)
    assert relations(found) >= {("FROM", "Kael Storm", "Iron Vale"), ("MEMBER_OF", "Kael Storm", "Order of Ash"),
                                ("OWNS", "Kael Storm", "Frost Blade")}
    assert ("OWNS", "Kael Storm", "Ember Blade") not in relations(found)
    assert {"entity": "Lord Varen", "key": "alive", "value": "dead", "valid_from": 9} in found.document["states"]


def test_every_item_carries_the_quoted_words_it_came_from():
    found = settle(("user", "林风拜入青云宗。"), ("user", "第3章林风突破到筑基。"))
    doc = found.document
    paths = [f"{s}/{i}" for s in ("entities", "relations", "states") for i in range(len(doc[s]))]
    assert paths and all(found.evidence[p] for p in paths)
    assert found.evidence["states/0"] == [{"message_id": 2, "chunk_id": None, "quote": "第3章林风突破到筑基。"}]


def test_a_verb_the_segmenter_glued_onto_a_name_is_not_a_second_name():
    statements = split([{"id": 1, "role": "user", "content": "王虎摸进屋子偷走了青霜剑。"},
                        {"id": 2, "role": "assistant", "content": "好，那从第23章起青霜剑归王虎。"}])
    names = set(collect(statements, {}, True))
    assert "王虎" in names and "归王虎" not in names


def test_a_surname_and_jia_spoken_of_as_a_household_is_a_family_not_a_person():
    found = settle(("user", "薛蟠是薛家的人，薛家富贵，管家却很节省。"))
    assert entities(found).get("薛家") == "Faction"
    assert ("MEMBER_OF", "薛蟠", "薛家") in relations(found)
    assert "管家" not in entities(found)


def test_a_household_no_fact_makes_a_group_is_only_where_people_live():
    found = settle(("user", "那甄家丫鬟撷了花，回头看了一眼。甄家的人都说她伶俐。"), ("user", "第24章周砚去程家问话。"))
    assert "甄家" not in entities(found) and "程家" not in entities(found)


def test_a_heads_title_names_the_faction_it_heads():
    found = settle(("user", "他拜入了天机阁，阁主公孙迟收他做关门弟子。"),
                   ("user", "铁剑门遭了大难。第58章让大弟子顾清接任掌门。"))
    assert {("LEADS", "公孙迟", "天机阁"), ("LEADS", "顾清", "铁剑门")} <= relations(found)


def test_children_named_by_rank_belong_to_the_parent_being_discussed_and_are_siblings():
    found = settle(("user", "说说慕容烈。"), ("assistant", "他有几个孩子？"),
                   ("user", "两个：长子慕容承，次女慕容雪。"))
    assert {("PARENT_OF", "慕容烈", "慕容承"), ("PARENT_OF", "慕容烈", "慕容雪")} <= relations(found)
    assert {("SIBLING_OF", "慕容承", "慕容雪")} <= relations(found) | {("SIBLING_OF", "慕容雪", "慕容承")}
    assert "慕容" not in entities(found)  # a two-character surname alone is no one


def test_english_parents_named_together_share_the_surname_and_the_tie():
    found = settle(("user", "June Hollis is Walter and Maggie Hollis's daughter. Walter and Maggie have been married "
                            "thirty years. Sable Quill works for the Lanternmen."), zh=False)
    assert {("PARENT_OF", "Walter Hollis", "June Hollis"), ("PARENT_OF", "Maggie Hollis", "June Hollis"),
            ("MARRIED_TO", "Walter Hollis", "Maggie Hollis")} <= relations(found)


def test_a_new_head_ends_the_head_canon_knows():
    canon = Canon(names={"彭远山": ("Character", []), "青崖派": ("Faction", [])},
                  relations={("LEADS", "彭远山", "青崖派")})
    found = settle(("user", "第58章让大弟子顾清接任青崖派掌门。"), canon=canon)
    assert ("LEADS", "顾清", "青崖派") in relations(found)
    assert [(e["type"], e["from"], e["to"], e.get("valid_to")) for e in found.document["ends"]] == [
        ("LEADS", "彭远山", "青崖派", 58)]


def test_an_arc_named_in_passing_titles_the_outline():
    found = settle(("user", "Let's outline the heist arc. Chapters 14 to 18."),
                   ("assistant", "Suggestion: 1. Jack recruits Mara. 2. They case the bank. 3. The vault break goes wrong."),
                   zh=False)
    [outline] = found.document["plan"]
    assert outline["title"].lower() == "heist" and len(outline["steps"]) == 3


def test_a_courtesy_name_belongs_to_the_person_it_follows_and_a_relatives_to_nobody_named():
    cands = collect(split([{"id": 1, "role": "user", "content":
                            "薛蟠表字文龙，性情奢侈。秦业年近七十，只剩女儿，小名唤可儿。你又叫让她吃饭。"}]), {}, True)
    assert cands.alias_of.get("文龙") == "薛蟠"
    assert "可儿" not in cands.alias_of and "唤可儿" not in cands.alias_of
    assert not any("她" in alias for alias in cands.alias_of)


def test_an_age_is_the_subjects_own_not_a_difference_or_someone_elses():
    def ages(text: str) -> dict[str, str]:
        return {s["entity"]: s["value"] for s in settle(("user", text)).document["states"] if s["key"] == "age"}

    assert ages("女主叫苏晴，今年十六岁。") == {"苏晴": "十六岁"}
    assert ages("苏晴比林风小两岁。林风今年十八岁。") == {"林风": "十八岁"}  # 小两岁 is how much younger
    assert ages("林风身边带着一个十岁的小丫头。林风是青云宗弟子。") == {}  # the girl is ten, not 林风


def test_a_name_given_a_persons_role_is_a_person_whatever_its_last_character_says():
    found = settle(("user", "再加个人，陆沧海，天剑阁阁主，常年闭关。"))
    assert entities(found).get("陆沧海") == "Character"  # 海 ends places too; 阁主 says who he is
    assert ("LEADS", "陆沧海", "天剑阁") in relations(found)


def test_a_role_opening_a_clause_names_someone_of_the_subject_carried_from_before():
    found = settle(("user", "韩烈出身北荒，后来拜入玄冥宗，师父是冥老。"))
    assert entities(found).get("冥老") == "Character"
    assert {("MEMBER_OF", "韩烈", "玄冥宗"), ("MASTER_OF", "冥老", "韩烈")} <= relations(found)


def test_wording_that_names_what_a_person_carries_learns_and_is_called():
    found = settle(("user", "再加个人，陆沧海，常年背着一柄裂天刀。江湖上都喊他刀皇。"))
    assert entities(found) == {"陆沧海": "Character", "裂天刀": "Item"}
    assert ("OWNS", "陆沧海", "裂天刀") in relations(found)
    assert found.document["entities"][0].get("aliases") == ["刀皇"]
    found = settle(("user", "新角色叫岳青衣，紫霄宫这一辈的亲传弟子。她手里一把流云扇，主修的心法叫《太清引》。"))
    assert entities(found) == {"岳青衣": "Character", "紫霄宫": "Faction", "流云扇": "Item", "太清引": "Ability"}
    assert {("MEMBER_OF", "岳青衣", "紫霄宫"), ("OWNS", "岳青衣", "流云扇"),
            ("HAS_ABILITY", "岳青衣", "太清引")} <= relations(found)


def test_a_question_is_never_an_alias_and_a_piece_of_a_longer_name_owns_none():
    found = settle(("user", "白芷修的是《青木长生诀》。"), ("assistant", "外人叫她什么吗？"),
                   ("user", "江湖上都叫她药仙子。"))
    [white] = [e for e in found.document["entities"] if e["name"] == "白芷"]
    assert white.get("aliases") == ["药仙子"]


def test_english_places_after_in_and_from_and_a_things_name_is_not_its_owners_alias():
    found = settle(("user", "Rowan Pike joined the Ember Guard. His sister Lys Pike is a healer in Greyhaven."), zh=False)
    assert entities(found).get("Greyhaven") == "Location"
    found = settle(("user", "Mira Quell is Teodor's apprentice. She wields a silver dagger called Whisper."), zh=False)
    assert entities(found) == {"Mira Quell": "Character", "Teodor": "Character", "Whisper": "Item"}
    assert {("MASTER_OF", "Teodor", "Mira Quell"), ("OWNS", "Mira Quell", "Whisper")} <= relations(found)


def test_a_common_word_the_dictionary_tags_as_a_name_is_not_an_invented_person():
    found = entities(settle(("user", "林风的兵器先定马刀，后面再换。"), ("user", "丫鬟青萝侍奉林风多年，侍奉得很用心。")))
    assert "马刀" not in found or found["马刀"] != "Character"
    assert "侍奉" not in found and found.get("林风") == "Character"


def test_english_friendship_and_marriage_wording():
    found = settle(("user", "Kit Ashby is best friends with Mara Vell, which her parents hate."), zh=False)
    assert ("ALLY_OF", "Kit Ashby", "Mara Vell") in relations(found)
    found = settle(("user", "Jonas Reed married Ilsa Varn last spring."), zh=False)
    assert ("MARRIED_TO", "Jonas Reed", "Ilsa Varn") in relations(found)


def states(extraction) -> set[tuple[str, str, str]]:
    return {(s["entity"], s["key"], s["value"]) for s in extraction.document["states"]}


def test_an_office_or_trade_is_who_someone_is_before_the_name_after_is_or_on_its_own():
    found = settle(("user", "朝中来了个新人物：兵部尚书韩仲谋。"), ("user", "他女儿韩青青在城里是回春堂掌柜。"))
    assert {("韩仲谋", "identity", "兵部尚书"), ("韩青青", "identity", "回春堂掌柜")} <= states(found)
    found = settle(("user", "新角色叫顾长歌，十九岁，天机阁的首席弟子。"))
    assert ("顾长歌", "identity", "天机阁首席弟子") in states(found)  # the post as written, 首席 kept
    assert ("MEMBER_OF", "顾长歌", "天机阁") in relations(found)


def test_heading_a_faction_is_its_relation_not_a_second_fact_about_the_head():
    found = settle(("user", "天剑门门主叫沈千秋。"))
    assert not [s for s in states(found) if s[1] == "identity"]


def test_an_english_post_after_a_comma_or_is_and_a_clause_that_is_only_the_post():
    found = settle(("user", "Meet Corra Hale, the harbour's pilot."),
                   ("user", "Her cousin Wren Hale is a clerk of the Tide Court."), zh=False)
    assert {("Corra Hale", "identity", "pilot"), ("Wren Hale", "identity", "clerk of the Tide Court")} <= states(found)
    found = settle(("user", "Last one: Pell Dunmore, sixteen, smuggler of the Low Docks."), zh=False)
    assert {("Pell Dunmore", "age", "sixteen"), ("Pell Dunmore", "identity", "smuggler of the Low Docks")} <= \
        states(found)


def test_a_former_post_and_a_numbered_beat_are_not_who_someone_is():
    found = settle(("user", "Add Brother Cael, the chapel's bell-ringer, an ex-soldier."),
                   ("user", "Beats. 12: Cael rings the bell. 13: the town wakes."), zh=False)
    ids = {s for s in states(found) if s[1] in ("identity", "age")}
    assert ("Brother Cael", "identity", "bell-ringer") in ids
    assert not [s for s in ids if s[2] in ("ex-soldier", "12", "13")]


def test_a_rank_alone_and_the_writers_shorthand_are_not_names():
    found = settle(("user", "New POV character: Captain Ysolde Varn."),
                   ("user", "Scrap Ysolde's brother entirely. Later the Lodge makes her a full Warden."), zh=False)
    names = entities(found)
    assert "New POV" not in names and "Warden" not in names and "Scrap Ysolde" not in names


def hooks(extraction) -> list[dict]:
    return extraction.document["hooks"]


def test_a_detail_called_a_hook_is_the_hook_and_a_payoff_promised_for_later_plants_it():
    found = settle(("user", "第8章，楚歌在井边捡到一枚缺角的铜钱。"), ("assistant", "他会留着吗？"),
                   ("user", "缺角的铜钱是伏笔，我打算第40章前后揭开。"))
    [hook] = hooks(found)
    assert hook["name"] == "缺角的铜钱" and hook["status"] == "Unresolved" and hook["due_by"] == 40
    assert "井边" in hook["description"] and "楚歌" in hook["involves"]


def test_a_remark_that_points_at_a_hook_takes_the_sentence_before_and_a_quoted_name_titles_it():
    found = settle(("user", "第3章顾北在旧书里发现一张褪色的船票，背面写着一个地址。"),
                   ("assistant", "这是个好伏笔。"), ("user", "对，就记这个伏笔，第25章要揭开。"),
                   ("assistant", "好：伏笔“褪色的船票”，第3章埋下，第25章前回收。"))
    [hook] = hooks(found)
    assert hook["name"] == "褪色的船票" and hook["due_by"] == 25 and "旧书" in hook["description"]


def test_this_one_kept_back_is_the_hook_just_described_not_a_hook_called_this():
    found = settle(("user", "第16章沈砚秋家宴做他娘生前常做的阳春面，做法就是《鼎香食谱》失传的最后一页，老庖一尝就能认出。"),
                   ("user", "这个先埋着，到决赛那章再揭。"))
    [hook] = hooks(found)
    assert "阳春面" in hook["name"] + hook["description"] and "这个" not in hook["name"]


def test_an_english_hook_said_after_a_question_and_followed_by_its_deadline_is_one_hook():
    found = settle(("user", "Chapter 5 closes the lighthouse riddle: the keeper was the smuggler all along."),
                   ("assistant", "So the riddle is closed?"),
                   ("user", "Closed. New thread: the keeper's logbook has a week of entries in someone else's hand."),
                   ("user", "I want that answered by chapter 30."),
                   canon=Canon(hooks=[{"name": "the lighthouse riddle", "description": "the lamp goes dark",
                                       "involves": []}]), zh=False)
    resolved = [h for h in hooks(found) if h["status"] == "Resolved"]
    planted = [h for h in hooks(found) if h["status"] == "Unresolved"]
    assert [h["name"] for h in resolved] == ["the lighthouse riddle"]
    assert len(planted) == 1 and planted[0]["due_by"] == 30 and "logbook" in planted[0]["description"]
    assert not planted[0]["description"].startswith("Closed")


def test_a_masters_religious_name_after_their_post_is_a_person_and_the_master():
    found = settle(("user", "新角色叫林风，拜入了青云宗。"), ("user", "他的师父是青云宗长老清虚真人。"))
    assert entities(found).get("清虚真人") == "Character"
    assert {("MASTER_OF", "清虚真人", "林风"), ("MEMBER_OF", "清虚真人", "青云宗")} <= relations(found)
    assert ("清虚真人", "identity", "青云宗长老") in states(found)
    assert "外门弟子" not in entities(found) and "大弟子" not in entities(settle(("user", "掌门大弟子叫秦川。")))


def test_keeping_someone_out_of_a_plot_keeps_them():
    found = settle(("user", "转学生叫江述，第7章转进许知夏他们班，坐她同桌。"),
                   ("assistant", "钢琴声也可以是江述放的？"), ("user", "不要，别让江述沾这个。"))
    assert "江述" in entities(found)
