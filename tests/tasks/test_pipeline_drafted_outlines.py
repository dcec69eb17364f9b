"""Outlines written out whole — a title line and labelled beats — and the author's later word on one beat."""

from __future__ import annotations

from desktop.tasks.pipeline.drafts import label, title_of
from tests.tasks.test_pipeline import settle


ASKED = ("user", "57到60章帮我排一下。")
# the assistant's outline for it, each beat labelled by its chapter and kind
DRAFTED = ("assistant", "短纲·烟雨渡口（第57–60章）\n57 起：柳絮在渡口遇上劫匪\n58 发展：船夫老周出手相救\n"
                        "59 高潮：劫匪头目竟是柳絮的表兄\n60 结局：柳絮放走表兄，独自进京")


def titled(extraction) -> dict[str, dict]:
    return {o["title"]: o for o in extraction.document["plan"]}


def summaries(outline: dict) -> list[str]:
    return [step["summary"] for step in outline["steps"]]


def test_a_beat_is_labelled_by_its_kind_its_chapter_or_both():
    assert label("57 起：柳絮进京赶考") == ({"kind": "Start", "chapter": 57}, "柳絮进京赶考")
    assert label("转折（58）考场走水") == ({"kind": "Twist", "chapter": 58}, "考场走水")
    assert label("Climax (ch 9): the bridge falls") == ({"kind": "Climax", "chapter": 9}, "the bridge falls")
    assert label("Ch 12: Tom rows out") == ({"chapter": 12}, "Tom rows out")
    assert label("end: the tide turns") == ({"kind": "Ending"}, "the tide turns")
    for sentence in ("Start with the storm.", "高潮是当众揭穿", "2 要伤，而且要重", "Open: who sent the letter"):
        assert label(sentence) is None, sentence


def test_a_title_line_names_the_block_unless_it_only_announces_one():
    assert title_of("短纲·烟雨渡口（第57–60章）") == "烟雨渡口"
    assert title_of("青石巷夜雨（第3—6章）") == "青石巷夜雨"
    assert title_of("Here it is; I've called it 'The Low Tide' for now:") == "The Low Tide"
    for header in ("Draft outline:", "Outline, chapters 8–11:", "建议四步", "下面几章的纲我先拟一个：", "草拟如下："):
        assert title_of(header) == "", header


def test_an_assistants_drafted_outline_under_a_title_line_is_the_outline():
    found = titled(settle(
        ("user", "57到60章帮我排一下，柳絮进京这段。"),
        ("assistant", "短纲·烟雨渡口（第57–60章）\n- 起：柳絮在渡口遇上劫匪\n- 发展：船夫老周出手相救\n"
                      "- 高潮：劫匪头目竟是柳絮的表兄\n- 结局：柳絮放走表兄，独自进京"),
        ("user", "可以。")))
    outline = found["烟雨渡口"]
    assert outline["chapters"] == [57, 60] and outline["level"] == "ShortOutline"
    assert summaries(outline) == ["柳絮在渡口遇上劫匪", "船夫老周出手相救", "劫匪头目竟是柳絮的表兄", "柳絮放走表兄，独自进京"]
    assert [step["kind"] for step in outline["steps"]] == ["Start", "Development", "Climax", "Ending"]


def test_a_block_takes_the_place_of_loose_steps_said_before_and_keeps_the_title_the_author_gave():
    found = titled(settle(
        ("user", "Let's do chapters 8 to 11, call it 'The Low Tide'. First Tom rows out, then the storm."),
        ("assistant", "Draft outline:\nStart (ch 8): Tom rows out past the reef\nDevelopment (ch 9): the storm hits\n"
                      "Climax (ch 10): Tom saves the drowning keeper\nEnding (ch 11): the keeper names Tom his heir"),
        ("user", "Good."), zh=False))
    assert list(found) == ["The Low Tide"]
    assert summaries(found["The Low Tide"])[2] == "Tom saves the drowning keeper"
    assert len(found["The Low Tide"]["steps"]) == 4


def test_the_authors_own_block_is_titled_by_what_they_call_it():
    found = titled(settle(
        ("assistant", "Want an outline for 12–15?"),
        ("user", "call it Ember Road.\nstart: Kit leaves the mill\ndev: she meets the tinker\nclimax: the mill burns\n"
                 "end: she never goes back"), zh=False))
    assert summaries(found["Ember Road"]) == ["Kit leaves the mill", "she meets the tinker", "the mill burns",
                                              "she never goes back"]


def test_a_recap_of_what_was_settled_is_no_outline_and_its_facts_stand():
    extraction = settle(
        ("user", "第12章周伯死了，第13章阿青被赶出门。"),
        ("assistant", "整理一下：\n12章：周伯死了\n13章：阿青被赶出门\n14章：阿青投奔舅舅"),
        ("user", "对。"), chapter=14)
    assert extraction.document["plan"] == []
    assert any(s["entity"] == "周伯" and s["key"] == "alive" for s in extraction.document["states"])


def test_the_author_rewrites_a_beat_by_its_kind_or_chapter_or_swaps_its_words():
    by_kind = titled(settle(ASKED, DRAFTED,
                            ("user", "发展那条改一下：不是老周救的，是柳絮自己拔簪伤了劫匪。其他可以。")))
    assert summaries(by_kind["烟雨渡口"])[1] == "柳絮自己拔簪伤了劫匪"
    by_chapter = titled(settle(ASKED, DRAFTED, ("user", "60章加一句：表兄留下一块玉佩。")))
    assert summaries(by_chapter["烟雨渡口"])[3] == "柳絮放走表兄，独自进京，表兄留下一块玉佩"
    swapped = titled(settle(ASKED, DRAFTED, ("user", "“独自进京”改成“随商队进京”。")))
    assert summaries(swapped["烟雨渡口"])[3] == "柳絮放走表兄，随商队进京"


def test_a_terse_rewrite_goes_on_in_the_sentences_after_it():
    found = titled(settle(
        ASKED,
        ("assistant", "短纲·烟雨渡口（第57–60章）\n开端：柳絮在渡口遇上劫匪\n发展：船夫老周出手相救\n"
                      "高潮：劫匪头目竟是柳絮的表兄\n结局：柳絮放走表兄，独自进京"),
        ("user", "结局改一下，不放走。柳絮把表兄押去了县衙，从此两家结仇。")))
    assert summaries(found["烟雨渡口"])[3] == "不放走，柳絮把表兄押去了县衙，从此两家结仇"


def test_the_assistants_revised_line_for_a_chapter_replaces_that_beat():
    found = titled(settle(
        ASKED, DRAFTED,
        ("user", "58章改成柳絮自己脱身。"),
        ("assistant", "好，修改后：\n58 发展：柳絮拔簪刺伤劫匪，自己脱身")))
    assert summaries(found["烟雨渡口"])[1] == "柳絮拔簪刺伤劫匪，自己脱身" and len(found["烟雨渡口"]["steps"]) == 4


def test_a_volumes_name_alone_opens_no_outline_that_would_swallow_the_next_one():
    found = titled(settle(
        ("user", "这卷叫“寒江”，先定规矩：江上不许动刀。"),
        ("user", "61到64章帮我排个纲，叫“寒江夜渡”。"),
        ("assistant", "寒江夜渡（第61—64章）\n- 开端：船队夜发\n- 发展：江心遇伏\n- 高潮：船帮内讧\n- 结局：天明靠岸")))
    assert list(found) == ["寒江夜渡"] and found["寒江夜渡"]["level"] == "ShortOutline"


def test_an_outline_the_author_goes_on_to_edit_is_one_they_took_up():
    found = titled(settle(
        ASKED, DRAFTED,
        ("user", "58章改一下，不是老周，是柳絮自己拔簪脱身。")))
    assert summaries(found["烟雨渡口"])[1] == "柳絮自己拔簪脱身"


def test_a_tree_of_outlines_under_a_volume_gives_each_branch_its_own_beats():
    found = titled(settle(
        ("user", "第三卷叫“寒江”，61到80章，帮我排两段大纲。"),
        ("assistant", "更新后：\n第三卷 寒江（61—80）\n├ 夜渡（61—70）\n  开端：船队夜发\n  发展：江心遇伏\n  高潮：船帮内讧\n"
                      "  结局：天明靠岸\n└ 归帆（71—80）\n  开端：回程起雾\n  发展：旧敌追来\n  高潮：火烧连船\n  结局：众人归港")))
    assert summaries(found["夜渡"]) == ["船队夜发", "江心遇伏", "船帮内讧", "天明靠岸"]
    assert summaries(found["归帆"])[0] == "回程起雾" and found["夜渡"]["level"] == "ShortOutline"


def test_a_title_renamed_renames_the_outline_rather_than_opening_another():
    found = titled(settle(("user", "Planning Book Four, chapters 96 to 130. I had it as 'Low Water' but I'm renaming it "
                                   "'The Drowned Year'."), zh=False))
    assert list(found) == ["The Drowned Year"]


EN_ASKED = ("user", "Give me a long outline for part two, chapters 11 to 14.")
EN_DRAFTED = ("assistant", "Part Two: The Thaw (ch. 11-14)\n- Start: The river ice breaks early\n"
                           "- Development: Hal sells the ferry to the mill owner\n- Climax: The mill dam bursts\n"
                           "- Ending: Hal leaves the valley")


def test_a_long_outline_asked_for_is_the_one_drafted_under_its_title():
    [outline] = settle(EN_ASKED, EN_DRAFTED, ("user", "Good."), zh=False).document["plan"]
    assert (outline["level"], outline["title"]) == ("LongOutline", "Part Two: The Thaw")


def test_a_list_of_fixes_rewrites_the_drafted_beats_it_names():
    found = settle(EN_ASKED, EN_DRAFTED, ("user", "Three fixes. Development: not the mill owner, it's his widow who buys "
                                                  "the ferry. Climax: the mill burns instead. "
                                                  "Ending: Hal doesn't leave. He stays and rebuilds the ferry. Start is fine."),
                   zh=False)
    [outline] = found.document["plan"]
    assert outline["title"] == "Part Two: The Thaw"
    assert summaries(outline) == ["The river ice breaks early", "his widow who buys the ferry",
                                  "the mill burns instead", "He stays and rebuilds the ferry"]


def test_a_beat_that_should_be_something_else_is_rewritten_and_a_move_is_not_its_words():
    found = settle(EN_ASKED, EN_DRAFTED, ("user", "The climax should be the flood itself, not the dam; move the dam "
                                                  "into the development."), zh=False)
    [outline] = found.document["plan"]
    assert summaries(outline)[2] == "the flood itself"
    assert len(outline["steps"]) == 4


def test_what_a_beat_is_not_goes_but_what_follows_the_dash_stays():
    found = settle(EN_ASKED, EN_DRAFTED, ("user", "Ending: a flood, not a fire — Hal rebuilds the ferry the same year."),
                   zh=False)
    [outline] = found.document["plan"]
    assert summaries(outline)[3] == "a flood — Hal rebuilds the ferry the same year"


GAP = ("assistant", "Short outline for 6–9?\nThe Gap (ch. 6–9)\n- Start: Okoye interviews LANTERN and finds the log gap\n"
                    "- Development: Priya confesses the affair\n- Climax: Okoye opens Reyes's locker\n"
                    "- Ending: Reyes is unmasked")


def test_a_dropped_beat_goes_and_the_rest_of_the_draft_stands():
    found = settle(("user", "Outline 6 to 9 for me."), GAP,
                   ("user", "Drop the Development beat — Priya already told us. Keep the other three as they are."),
                   zh=False)
    assert [s["kind"] for s in titled(found)["The Gap"]["steps"]] == ["Start", "Climax", "Ending"]
    found = settle(ASKED, DRAFTED, ("user", "发展那条删掉，别的照你的写。"))
    assert [s["kind"] for s in titled(found)["烟雨渡口"]["steps"]] == ["Start", "Climax", "Ending"]


def test_a_retitled_draft_takes_its_new_title_and_beat_is_colon_rewrites_it():
    found = settle(("user", "Outline 6 to 9 for me."), GAP,
                   ("user", "Retitle it 'The Locker'. Climax is: Okoye uses Ines's keycard on the locker."), zh=False)
    assert "The Gap" not in titled(found)
    assert summaries(titled(found)["The Locker"])[2] == "Okoye uses Ines's keycard on the locker"
    found = settle(ASKED, DRAFTED, ("user", "标题改成“渡口夜雨”。其他照你的。"))
    assert list(titled(found)) == ["渡口夜雨"]


def test_a_chinese_beat_rewritten_after_saying_what_is_wrong_with_it():
    found = settle(ASKED, DRAFTED, ("user", "发展别让老周出手，太巧了——改成柳絮自己跳河逃走。"
                                            "结局里加一句：表兄答应替她瞒着。高潮、结局其余照你的。"))
    beats = summaries(titled(found)["烟雨渡口"])
    assert beats[1] == "柳絮自己跳河逃走" and beats[3].endswith("表兄答应替她瞒着")
    found = settle(ASKED, DRAFTED, ("user", "高潮别是表兄，改成是表兄的师父。最后一条也改：柳絮留在渡口。"))
    beats = summaries(titled(found)["烟雨渡口"])
    assert "表兄的师父" in beats[2] and beats[3] == "柳絮留在渡口"


def test_a_hook_the_author_names_inside_a_beat_edit_is_kept():
    found = settle(ASKED, DRAFTED, ("user", "结局也改：柳絮没进京，她的包袱里多了一封没署名的信——这个也是个钩子。"))
    assert found.document["hooks"], found.document


def test_a_numbered_list_of_rules_is_a_setting_not_the_steps_of_an_outline():
    found = settle(("user", "Whoever presents the sword at the ceremony rules. Pay it off in the final arc, around "
                            "chapter 40.\nAnd write down the house code:\n1. a retainer who draws steel inside the "
                            "walls forfeits his stipend\n2. the regent may not sign a death warrant alone\n"
                            "3. the clan sword may never be sold"), zh=False)
    assert not found.document["plan"]


def test_the_outline_offered_is_the_one_drafted_two_messages_later():
    found = settle(("user", "辣椒怎么变现？"),
                   ("assistant", "我想了几个：1. 做辣酱 2. 卖种子 3. 开火锅铺子。顺便排个第6—15章的长纲。"),
                   ("user", "1和3要，2不要。你排吧。"),
                   ("assistant", "红火日子（第6—15章）\n- 开端：第6章辣椒种成\n- 发展：第8章辣酱卖进酒楼\n"
                                 "- 高潮：赵金宝偷拔辣椒苗\n- 结局：第15章小满开起火锅铺子"),
                   ("user", "行。"))
    assert list(titled(found)) == ["红火日子"] and titled(found)["红火日子"]["level"] == "LongOutline"


def test_an_outline_of_the_whole_book_is_a_general_outline():
    found = settle(("user", "我把全书的大纲先搭个架子：\n《火线》总纲\n1. 起：陈屿入职城南站\n2. 承：化工厂大火\n3. 合：陈屿成为站长"))
    assert {o["title"]: o["level"] for o in found.document["plan"]}.get("火线") == "GeneralOutline"
    found = settle(("assistant", "General outline — 'Apollo 20':\n1. Hank is grounded; Dale joins the prime crew\n"
                                 "2. Launch and translunar coast\n3. Splashdown in the Pacific"), ("user", "Good."), zh=False)
    assert [o["level"] for o in found.document["plan"]] == ["GeneralOutline"]


def test_drafted_steps_struck_or_rewritten_by_their_numbers():
    found = settle(("assistant", "给第18—22章排个短纲《首飞》：\n1. 第18章：天梭三号首飞，坠入戈壁\n2. 第19章：程远山引咎辞去总师\n"
                                 "3. 第20章：顾怀瑜到任，苏禾当众顶撞他\n4. 第21章：小黎深夜进机房的秘密揭开\n5. 第22章：苏禾与小黎在一起"),
                   ("user", "第3条“当众顶撞”太过了，改成苏禾拒绝向他交出遥测数据。第5条删掉，感情线别写进纲里。"))
    assert summaries(titled(found)["首飞"]) == ["天梭三号首飞，坠入戈壁", "程远山引咎辞去总师",
                                               "顾怀瑜到任，苏禾拒绝向他交出遥测数据", "小黎深夜进机房的秘密揭开"]
    found = settle(("assistant", "给第33—35章排个短纲《冬窗》：\n1. 第33章：小马把袖标交给阿坤\n2. 第34章：阎小北被卖到北岭\n"
                                 "3. 第35章：临江渔人主场输球，跌进降级区"),
                   ("user", "前两条行。第3条不对，第35章要赢，先写成“临江渔人主场险胜，爬出降级区”。"))
    assert summaries(titled(found)["冬窗"])[-1] == "临江渔人主场险胜，爬出降级区"
    found = settle(("assistant", "《火线》总纲\n1. 陈屿入职城南站\n2. 化工厂大火\n3. 陈屿成为班长，在一场地铁救援中独当一面"),
                   ("user", "第3条地铁改成高层住宅火灾。"))
    assert summaries(titled(found)["火线"])[-1] == "陈屿成为班长，在一场高层住宅火灾救援中独当一面"


def test_a_beat_s_line_goes_on_past_its_semicolons():
    found = settle(("assistant", "Short outline — 'Stove Boat' (ch. 15–19):\n1. Ch. 15: the chase of the lone bull\n"
                                 "2. Ch. 16: the boat is stoved; Coffin drowns; Pell takes command\n"
                                 "3. Ch. 17: Pell reads the sealed orders\n4. Ch. 19: repairs at Talcahuano; Quash deserts"),
                   ("user", "Good."), zh=False)
    assert summaries(titled(found)["Stove Boat"]) == ["the chase of the lone bull",
                                                      "the boat is stoved; Coffin drowns; Pell takes command",
                                                      "Pell reads the sealed orders", "repairs at Talcahuano; Quash deserts"]


def test_an_english_outline_of_eight_chapters_or_more_is_long_unless_called_short():
    found = settle(("user", "Outline for the arc — 'Paper Trail', ch. 8–16:\n- Start: Nora gets the first envelope\n"
                            "- Development: Lyle Becker is found dead\n- Ending: Nora gets Quinlan on tape"), zh=False)
    assert [o["level"] for o in found.document["plan"]] == ["LongOutline"]
    found = settle(("user", "Short outline for ch. 8–16, 'Paper Trail':\n- Start: Nora gets the first envelope\n"
                            "- Development: Lyle Becker is found dead\n- Ending: Nora gets Quinlan on tape"), zh=False)
    assert [o["level"] for o in found.document["plan"]] == ["ShortOutline"]


def test_a_step_left_as_it_is_by_its_number_stays():
    found = settle(("assistant", "短纲《冬窗》：\n1. 第33章：小马把袖标交给阿坤\n2. 第34章：阎小北被卖到北岭\n3. 第35章：临江渔人主场险胜"),
                   ("user", "第2条不要改，第3条删掉。"))
    assert summaries(titled(found)["冬窗"]) == ["小马把袖标交给阿坤", "阎小北被卖到北岭"]


def test_beats_whose_chapters_are_written_in_words_under_a_title_line_after_the_request():
    assert label("1. 第十二章：起龙") == ({"chapter": 12}, "起龙")
    assert label("第三个人：张三") is None
    found = titled(settle(("user", "给我排个短纲。"),
                          ("assistant", "记下了。我排个第十二到十六章的短纲：\n《起龙》\n1. 第十二章：起龙\n"
                                        "2. 第十三章：冯伯去西涌\n3. 第十六章：采青"), ("user", "可以。")))
    assert list(found) == ["起龙"]
    assert [s.get("chapter") for s in found["起龙"]["steps"]] == [12, 13, 16]


def test_an_english_header_with_chs_and_its_untitled_revision_are_one_outline():
    found = titled(settle(
        ("user", "Let's plan Part Three."),
        ("assistant", "Now Part Three — a draft outline, 'The Stockfish Winter', chs. 22–30:\n1. Ch. 22: Lambrecht sees "
                      "Hinrik leaving Signy's house.\n2. Ch. 24: The Kontor court fines Hinrik.\n3. Ch. 30: Hinrik and "
                      "Signy sail for Danzig."),
        ("user", "Good, but call the clerk Lambert Quast."),
        ("assistant", "Revised:\n1. Ch. 22: Lambert Quast sees Hinrik leaving Signy's house.\n2. Ch. 24: The Kontor "
                      "court fines Hinrik.\n3. Ch. 30: Hinrik and Signy leave Bryggen and sail for Danzig."),
        ("user", "Good, use that."), zh=False))
    assert list(found) == ["The Stockfish Winter"]
    assert summaries(found["The Stockfish Winter"])[0].startswith("Lambert Quast")


def test_an_outline_whose_revised_draft_the_author_accepts_stands_though_they_objected_to_the_first():
    found = titled(settle(
        ("user", "Outline the Pyrenees stages."),
        ("assistant", "Here's a short outline, 'The Pyrenees', chapters 12–15:\n1. Ch. 12: Luc crashes on the descent.\n"
                      "2. Ch. 13: Luc rides the Tourmalet.\n3. Ch. 14: Luc abandons.\n4. Ch. 15: Remi catches Pim."),
        ("user", "Hold on, I miscounted. Chapter 12 is the rest day in Pau. And Luc doesn't abandon — cut that step."),
        ("assistant", "Revised 'The Pyrenees':\n1. Ch. 12: rest day in Pau.\n2. Ch. 13: Luc crashes on the descent.\n"
                      "3. Ch. 14: Luc rides the Tourmalet.\n4. Ch. 15: Remi catches Pim."),
        ("user", "Yes, that's it."), zh=False))
    assert summaries(found["The Pyrenees"])[0] == "rest day in Pau"


def test_a_long_outline_the_same_message_announces_is_the_one_drafted_under_its_title():
    found = titled(settle(("user", "拉个长纲。"),
                          ("assistant", "明白。那我拉一个第9—30章的长纲：\n《回春》\n1. 第9—10章：开箱读日记\n"
                                        "2. 第11—15章：胡家告上法庭\n3. 第16—22章：沈砚救人\n4. 第23—30章：两家和解"),
                          ("user", "可以。")))
    assert list(found) == ["回春"] and found["回春"]["level"] == "LongOutline"


def test_an_outline_the_authors_reply_works_on_step_by_step_stands():
    found = titled(settle(
        ("user", "Plan chapters 6 to 11."),
        ("assistant", "Here's a short outline for chapters 6–11, call it 'The Yellow Death':\n1. Ch. 6 — Odo is found "
                      "dead.\n2. Ch. 7 — The Abbot names Anselm armarius.\n3. Ch. 8 — A papal legate arrives.\n"
                      "4. Ch. 11 — Anselm confronts Prior Eadric."),
        ("user", "Cut the legate completely. Add a step before the last one: ch. 10, Cuthbert finds the orpiment "
                 "gone. Title's fine."), zh=False))
    assert "The Yellow Death" in found


def test_a_general_outline_is_named_by_its_quoted_title_an_apostrophe_inside_it_included():
    found = titled(settle(("user", "Sketch the whole book."),
                          ("assistant", "Then here's a general outline for the whole book, 'The Angel's Share': "
                                        "Fergus's death and the will; Calum's challenge; Isla saves the distillery."),
                          ("user", "Title's good. But she doesn't sell the cask."), zh=False))
    assert "The Angel's Share" in found and found["The Angel's Share"]["level"] == "GeneralOutline"


def test_a_numbered_draft_of_a_trade_s_rules_is_no_outline():
    found = settle(("user", "老三弦的事你帮我想想。"),
                   ("assistant", "我再把说书这一行的规矩拟一下，后面拴柱一个人走村用得着：\n1. 说书人进村先在场院里弹一段“定场弦”\n"
                                 "2. 一个村说三天，管饭不给钱\n3. 盲人说书不说荤段子"),
                   ("user", "规矩1、2都好，3不要。"))
    assert not found.document["plan"]
