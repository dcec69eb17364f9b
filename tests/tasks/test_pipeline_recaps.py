"""Recaps and offers as assistants write them: names listed as options, brackets of other names, posts and
kin said beside a name, passive English, groups named by their head word (no model; invented names)."""

from __future__ import annotations

from desktop.tasks.pipeline.pipeline import Canon
from tests.tasks.test_pipeline import entities, relations, settle


def test_names_listed_in_one_sentence_as_an_offer_are_passed_over_when_the_author_takes_one():
    found = settle(("assistant", "名字给你几个备选：柳含烟、苏晚岚、沈清辞。她可以是内门弟子。"),
                   ("user", "柳含烟太烂大街了哈哈，就苏晚岚吧。"))
    named = entities(found)
    assert named.get("苏晚岚") == "Character" and not {"柳含烟", "沈清辞"} & set(named)


def test_an_english_offer_without_a_question_and_a_hard_no():
    found = settle(("assistant", "Some names: Ashby Crane, Tobin Lisle, Danny Okoro. He transfers mid-year."),
                   ("user", "Tobin Lisle! Ashby is a hard no. Transfer student, yes."), zh=False)
    named = entities(found)
    assert named.get("Tobin Lisle") == "Character" and not {"Ashby Crane", "Danny Okoro"} & set(named)


def test_after_a_name_is_turned_down_a_pronoun_does_not_bring_it_back():
    found = settle(("assistant", "小翠、青禾、绿萝？我倾向「青禾」。"),
                   ("user", "小翠绝对不行。青禾可以，婉宁叫她阿禾。"))
    assert "小翠" not in entities(found)


def test_a_bracket_of_other_names_does_not_stand_between_a_name_and_what_is_said_of_it():
    canon = Canon(names={"江屿": ("Character", []), "秦川": ("Character", ["老秦"]),
                         "夜枭俱乐部": ("Faction", [])})
    found = settle(("assistant", "秦川（老秦）是江屿的师父，执掌夜枭俱乐部。"), ("user", "对。"), canon=canon)
    assert {("MASTER_OF", "秦川", "江屿"), ("LEADS", "秦川", "夜枭俱乐部")} <= relations(found)


def test_serving_heading_and_moving_are_read_from_the_common_verbs():
    canon = Canon(names={name: ("Character", []) for name in ("曹安", "拓跋烈", "钱福", "许怀山", "婉宁")}
                  | {"狼骑营": ("Faction", []), "静安寺": ("Location", []), "青玉印": ("Item", [])})
    found = settle(("user", "曹安暗中效力拓跋烈。拓跋烈为北狄狼骑营统领。"),
                   ("user", "钱福，许家管家，为许怀山做事，盗走青玉印。"),
                   ("user", "此后婉宁移居静安寺。"), canon=canon)
    rels = relations(found)
    assert {("SERVES", "曹安", "拓跋烈"), ("LEADS", "拓跋烈", "狼骑营"), ("SERVES", "钱福", "许怀山"),
            ("OWNS", "钱福", "青玉印"), ("LOCATED_IN", "婉宁", "静安寺")} <= rels
    assert ("OWNS", "许怀山", "青玉印") not in rels  # the one worked for is not who steals


def test_two_people_joined_by_he_both_work_where_the_sentence_says():
    canon = Canon(names={"温知夏": ("Character", []), "周砚": ("Character", []), "盛景集团": ("Faction", [])})
    found = settle(("user", "温知夏和周砚都在盛景集团任职。"), canon=canon)
    assert {("MEMBER_OF", "温知夏", "盛景集团"), ("MEMBER_OF", "周砚", "盛景集团")} <= relations(found)


def test_english_passives_name_the_doer_and_a_kin_word_after_a_comma_says_who_someone_is():
    canon = Canon(names={name: ("Character", []) for name in ("Pavel Sorin", "Owen Gray", "Caleb Ruiz", "June",
                                                               "Maren", "Tobias Vell")})
    found = settle(("assistant", "Logged: Pavel Sorin killed by Owen Gray in ch 25."),
                   ("assistant", "Caleb Ruiz, June's older brother, 19, at college."),
                   ("assistant", "Maren was born at sea and was taught by Tobias Vell."),
                   ("user", "Yes, all of that."), canon=canon, zh=False)
    rels = relations(found)
    assert {("KILLED", "Owen Gray", "Pavel Sorin"), ("SIBLING_OF", "Caleb Ruiz", "June"),
            ("MASTER_OF", "Tobias Vell", "Maren")} <= rels
    assert ("KILLED", "Pavel Sorin", "Owen Gray") not in rels


def test_a_number_two_of_a_gang_is_a_member_not_its_head():
    canon = Canon(names={"屠七": ("Character", []), "黑风寨": ("Faction", [])})
    found = settle(("user", "屠七是黑风寨二当家。"), canon=canon)
    assert ("MEMBER_OF", "屠七", "黑风寨") in relations(found)
    assert ("LEADS", "屠七", "黑风寨") not in relations(found)


def test_a_suffix_that_starts_another_word_makes_no_name():
    found = settle(("user", "转会原因是：江屿查出腱鞘炎。贴身宫女青禾只忠于她。"))
    assert not {"转会原", "贴身宫"} & set(entities(found))


def test_the_summary_the_author_asked_for_stands_however_it_opens():
    canon = Canon(names={"沈刀": ("Character", ["老沈"]), "铁衣帮": ("Faction", []), "韩烈": ("Character", [])})
    found = settle(("user", "就这些，你帮我理一下。"),
                   ("assistant", "第二十二回：沈刀（老沈）当众杀死韩七（韩烈亲弟），叛出铁衣帮，投奔黑水寨。"),
                   canon=canon)
    rels = relations(found)
    assert {("KILLED", "沈刀", "韩七"), ("MEMBER_OF", "沈刀", "黑水寨")} <= rels
    assert ("MEMBER_OF", "韩烈", "黑水寨") not in rels  # the sentence's own subject goes on, not the one talked about
    assert ("MEMBER_OF", "沈刀", "铁衣帮") in {(e["type"], e["from"], e["to"]) for e in found.document["ends"]}


def test_a_group_is_called_by_its_name_without_the_word_for_what_it_is_and_a_description_before_a_name_is_no_name():
    canon = Canon(names={"江屿": ("Character", [])})
    found = settle(("user", "江屿加入夜枭俱乐部。后来夜枭拿了冠军。"),
                   ("user", "老沈投奔运河水匪黑水寨。黑水寨在运河上劫漕船。"), canon=canon)
    named = entities(found)
    assert named.get("夜枭俱乐部") == "Faction" and "夜枭" not in named
    assert named.get("黑水寨") == "Faction" and "水匪黑水寨" not in named


def test_what_everyone_calls_someone_is_their_alias():
    found = settle(("user", "他青训时期的教练，叫秦川，圈里都叫老秦。"))
    assert {"name": "秦川", "kind": "Character", "aliases": ["老秦"]} in found.document["entities"]


def test_a_bureau_a_camp_and_a_belt_of_stars_are_named_by_their_ending():
    canon = Canon(names={"程墨": ("Character", [])})
    found = settle(("user", "程墨，赫拉星带出身，现在是舰务局的人。"), canon=canon)
    assert entities(found).get("赫拉星带") == "Location" and entities(found).get("舰务局") == "Faction"
    assert {("FROM", "程墨", "赫拉星带"), ("MEMBER_OF", "程墨", "舰务局")} <= relations(found)


def test_injuries_said_as_nouns_and_as_everyday_verbs():
    canon = Canon(names={name: ("Character", []) for name in ("Theo", "Rosalind", "顾青")})
    found = settle(("user", "Theo sprains his wrist in ch 6. Rosalind ends up with a concussion."), canon=canon, zh=False)
    states = {(s["entity"], s["key"], s["value"]) for s in found.document["states"]}
    assert {("Theo", "injury", "sprained wrist"), ("Rosalind", "injury", "concussion")} <= states
    found = settle(("user", "顾青第二十三章追贼时左肩中刀。"), canon=canon)
    assert any(s["entity"] == "顾青" and s["key"] == "injury" and "左肩中刀" in s["value"]
               for s in found.document["states"])


def test_a_nickname_is_the_one_person_it_can_only_be_and_a_religious_name_given_to_a_master_is_a_new_person():
    canon = Canon(names={"林照": ("Character", [])})
    found = settle(("user", "师姐就叫苏晚棠。林照私下叫她阿棠。阿棠比林照早入门十年。"),
                   ("user", "她的师父是个闭关多年的长老，道号「玄衡真人」。"), canon=canon)
    named = entities(found)
    assert named.get("苏晚棠") == "Character" and "阿棠" not in named
    assert named.get("玄衡真人") == "Character"
    assert all(e.get("aliases") != ["玄衡真人"] for e in found.document["entities"])


def test_someone_named_in_brackets_or_as_the_one_learned_from_does_not_take_over_the_sentence():
    canon = Canon(names={"苏晚棠": ("Character", []), "林照": ("Character", []), "玄衡真人": ("Character", []),
                         "霜河剑": ("Item", [])})
    found = settle(("user", "苏晚棠，师从玄衡真人（林照不拜入其门下），佩剑霜河剑。"), canon=canon)
    assert ("OWNS", "苏晚棠", "霜河剑") in relations(found)
    assert ("MASTER_OF", "玄衡真人", "苏晚棠") in relations(found)


def test_web_novel_words_for_a_hook_plant_one_and_its_payoff_chapter_is_when_it_is_due():
    found = settle(("user", "锚点失效那个坑第六章埋，二十章前收。"))
    [hook] = found.document["hooks"]
    assert (hook["name"], hook.get("planted_in"), hook.get("due_by")) == ("锚点失效", 6, 20)
    canon = Canon(names={"江屿": ("Character", [])})
    found = settle(("user", "还有，转会合同里有一条秘密条款，江屿签的时候没细看，后面会炸。"), canon=canon)
    assert [h["name"] for h in found.document["hooks"]] == ["转会合同里有一条秘密条款"]


def test_a_classical_kin_word_after_a_comma_and_sworn_enmity_said_the_common_ways():
    canon = Canon(names={name: ("Character", []) for name in ("许承泽", "许怀山", "韩烈", "沈刀")})
    found = settle(("user", "许承泽，许怀山之子，作为误导嫌疑人。"), ("user", "韩烈自此与沈刀为死仇。"),
                   ("user", "那韩烈这边，从这一回起就把沈刀当头号仇人。"), canon=canon)
    assert {("PARENT_OF", "许怀山", "许承泽"), ("HATES", "韩烈", "沈刀")} <= relations(found)


def test_a_payoff_in_the_chapter_the_talk_is_at_resolves_while_one_promised_for_later_does_not():
    canon = Canon(hooks=[{"name": "黑衣人的身份", "description": "夜袭藏经阁的黑衣人是谁", "involves": []}])
    found = settle(("user", "第88章揭晓黑衣人的身份。"), canon=canon)
    assert [h["status"] for h in found.document["hooks"]] == ["Resolved"]
    found = settle(("user", "黑衣人的身份约第九十章揭晓。"), canon=canon)
    assert all(h["status"] != "Resolved" for h in found.document["hooks"])


def test_a_recap_line_s_chapter_written_ch_dates_what_follows_and_a_participle_kills():
    canon = Canon(names={"Nico Hart": ("Character", []), "Bram Ives": ("Character", []), "Lena Vos": ("Character", [])})
    found = settle(("user", "Log it."),
                   ("assistant", "Recap:\n- Ch 19: Nico killed on the wire; Bram wounded (shrapnel)\n"
                                 "- Lena shot dead by Bram in ch 25"), canon=canon, zh=False)
    states = {(s["entity"], s["key"], s.get("valid_from")) for s in found.document["states"]}
    assert {("Nico Hart", "alive", 19), ("Bram Ives", "injury", 19), ("Lena Vos", "alive", 25)} <= states


def test_a_hook_s_pay_off_said_with_ch_is_when_it_is_due():
    canon = Canon(names={"Nico Hart": ("Character", [])})
    found = settle(("user", "Hook for ch 10: Nico finds a key that opens nothing. Pay-off around ch 40."),
                   canon=canon, zh=False)
    assert [h.get("due_by") for h in found.document["hooks"]] == [40]


def test_a_promise_of_when_a_mystery_pays_off_is_about_what_was_just_described():
    canon = Canon(names={"Nico Hart": ("Character", [])})
    found = settle(("user", "An unsigned note about Nico's debts goes round in ch 12. Who wrote it stays a mystery "
                            "until around chapter thirty."), canon=canon, zh=False)
    [hook] = found.document["hooks"]
    assert "unsigned note" in hook["name"] and hook.get("due_by") == 30 and hook.get("planted_in") == 12


def test_a_payoff_that_only_points_at_its_hook_closes_the_one_just_talked_about():
    canon = Canon(names={"Amos Pell": ("Character", []), "Elias Coffin": ("Character", [])},
                  hooks=[{"name": "Coffin's sealed orders", "description": "orders he has shown no one",
                          "involves": ["Elias Coffin"]}])
    found = settle(("assistant", "What happens to Coffin's sealed orders from chapter 3 — do they stay closed?"),
                   ("user", "No, close that thread in ch. 17. Pell breaks open the sea chest and reads them. "
                            "So that one's resolved."), canon=canon, zh=False)
    assert [(h["name"], h["status"], h.get("resolved_in")) for h in found.document["hooks"]] == \
        [("Coffin's sealed orders", "Resolved", 17)]


def test_a_hook_the_book_planted_and_this_talk_pays_off_keeps_the_name_it_was_quoted_by():
    canon = Canon(names={"小黎": ("Character", []), "程远山": ("Character", [])})
    found = settle(("assistant", "另外，第9章埋的“小黎为什么总在半夜进机房”，这次要不要收？"),
                   ("user", "收。第21章揭开：小黎半夜进机房，是在偷偷帮程远山复核轨道计算。这条伏笔就算结了。"
                            "还有，小黎第22章升了组长。"), canon=canon)
    assert [(h["name"], h["status"], h.get("planted_in"), h.get("resolved_in"))
            for h in found.document["hooks"]] == [("小黎为什么总在半夜进机房", "Resolved", 9, 21)]
    found = settle(("user", "第56章要翻案。死者是曹家的账房。第50章埋的那个“扳指下面没有戒痕”的伏笔，就在这一章收掉。"))
    assert [(h["name"], h["status"], h.get("planted_in"), h.get("resolved_in"))
            for h in found.document["hooks"]] == [("扳指下面没有戒痕", "Resolved", 50, 56)]


def test_a_payoff_due_at_the_latest_by_a_chapter_closes_nothing():
    found = settle(("assistant", "那“幕后指使”可以做成中期的大钩子。"), ("user", "钩子可以，指使者是谁最迟第60章揭开。"))
    assert all(h["status"] != "Resolved" for h in found.document["hooks"])


def test_that_s_a_thread_points_back_at_what_was_just_said():
    canon = Canon(names={"Edmund Rye": ("Character", ["Rye"])})
    found = settle(("user", "Nobody understands why: Rye has been drowning in debt for years and suddenly somebody has "
                            "paid off every penny. That's a thread I want open; answer it by chapter 16."),
                   canon=canon, zh=False)
    [hook] = found.document["hooks"]
    assert "paid off every penny" in hook["description"] and hook["involves"] == ["Edmund Rye"]
    assert hook.get("due_by") == 16


def test_a_place_gone_to_or_named_like_a_place_is_a_place_without_asking_the_model():
    found = settle(("user", "In 16 Zuane sails for Lisbon. Grand Coulee Dam is where Arvid works."),
                   canon=Canon(names={"Zuane": ("Character", [])}), zh=False)
    assert {"Lisbon": "Location", "Grand Coulee Dam": "Location"}.items() <= entities(found).items()


def test_a_hook_planted_and_then_paid_off_in_the_same_talk_is_settled_paid_off_where_it_was_planted():
    found = settle(("assistant", "还有个伏笔：第20章小曼在报馆阁楼找到的那本旧账簿，一直没用上。"),
                   ("user", "账簿你提醒得好：第36章小曼拿账簿上的记录把寿康的假药账对上了，这个坑就在36章填。"))
    hooks = found.document["hooks"]
    assert len(hooks) == 1
    assert hooks[0]["status"] == "Resolved" and hooks[0]["planted_in"] == 20 and hooks[0]["resolved_in"] == 36
    assert "due_by" not in hooks[0]
    found = settle(("user", "第6章老岳在屏上故意空着一只鸟没编，这个坑留到第30章以前填。"))
    assert [(h["status"], h.get("due_by")) for h in found.document["hooks"]] == [("Unresolved", 30)]


def test_a_kouzi_is_a_hook_planted_and_due_when_said():
    found = settle(("user", "第15章小叶返城前跟拉姆说一定回来，这个扣子第25章前收。"))
    hooks = found.document["hooks"]
    assert len(hooks) == 1 and hooks[0]["status"] == "Unresolved" and hooks[0].get("due_by") == 25
