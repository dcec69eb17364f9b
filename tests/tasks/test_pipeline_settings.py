"""World settings: one entry per subject the talk defines, titled by the name it gives, and the author's
answers to the assistant's questions about it (no model)."""

from __future__ import annotations

from tests.tasks.test_pipeline import settle


def settings(extraction) -> dict[str, dict]:
    return {s["title"]: s for s in extraction.document["settings"]}


def test_a_place_added_and_its_rules_asked_for_make_a_place_entry_and_a_rule_entry():
    found = settings(settle(("user", "加个秘境，落霞谷，在南岭深处。"), ("assistant", "落霞谷有什么规矩？"),
                            ("user", "每五十年开一次，只有筑基以下能进，进去的人一半出不来。")))
    assert found["落霞谷"]["category"] == "geography"
    assert found["落霞谷的规矩"]["category"] == "rule" and "每五十年" in found["落霞谷的规矩"]["body"]


def test_the_answer_to_what_a_named_place_is_is_that_places_entry():
    found = settings(settle(("user", "新人物：顾岚，三十岁，常驻青潮站。"), ("assistant", "青潮站是什么地方？"),
                            ("user", "土星轨道上的一座科研空间站，住的全是学者。")))
    assert list(found) == ["青潮站"]
    assert "土星轨道" in found["青潮站"]["body"] and found["青潮站"]["category"] == "geography"


def test_a_cost_asked_about_a_noun_is_titled_by_both():
    found = settings(settle(("user", "星门这本，人类靠折跃门出行。"), ("assistant", "折跃有没有代价？"),
                            ("user", "有。每次折跃，乘客都会老上一岁，谁也躲不掉。")))
    assert "每次折跃" in found["折跃的代价"]["body"] and found["折跃的代价"]["category"] == "rule"


def test_the_magic_the_author_names_takes_the_answers_about_it_and_not_the_no_to_ranks():
    found = settings(settle(
        ("user", "Let's pin down the magic. I'm calling it Emberwork."),
        ("assistant", "Where does the power come from?"),
        ("user", "Coal and grief. Every working burns a little of the caster's warmth, and old casters are always cold."),
        ("assistant", "Are there ranks?"),
        ("user", "Not formal ones. Skip ranks."), zh=False))
    assert list(found) == ["Emberwork"]
    body = found["Emberwork"]["body"]
    assert "Every working burns" in body and "Skip" not in body and "Not formal" not in body


def test_a_power_system_named_later_in_its_message_is_graded_under_that_name():
    found = settings(settle(("user", "力量体系定一下。这本是都市异能，能力者统称御灵师。"), ("assistant", "分等级吗？"),
                            ("user", "分三阶：初醒、通灵、化神。化神级全国只有三人。")))
    assert list(found) == ["御灵师等级"] and "初醒" in found["御灵师等级"]["body"]


def test_a_rule_with_its_own_header_is_its_own_entry_even_inside_an_answer():
    found = settings(settle(
        ("user", "Under the harbour there's the Sunken Market - a flooded bazaar the old guild sealed off years ago."),
        ("assistant", "Who trades there?"),
        ("user", "Smugglers, mostly. And one rule everyone knows: a price agreed in the Sunken Market can never "
                 "be broken, even by the guild."), zh=False))
    assert "Smugglers" in found["Sunken Market"]["body"] and found["Sunken Market"]["category"] == "geography"
    assert found["Sunken Market rule"]["category"] == "rule" and "price agreed" in found["Sunken Market rule"]["body"]


def test_answers_about_people_or_about_the_writing_are_no_settings():
    found = settings(settle(("user", "第9章钱老板把当铺盘给了侄子。"), ("assistant", "钱老板是什么来头？"),
                            ("user", "就是城南的一个老掌柜，为人吝啬。"), ("assistant", "这一章节奏怎么样？"),
                            ("user", "其实我也不确定，可能是我自己累了哈哈。")))
    assert found == {}


def test_a_rule_asked_for_and_named_in_the_answer_is_its_own_entry_and_no_one_in_the_story():
    extraction = settle(
        ("user", "今天把修炼体系定一下。境界我想用“星”：修炼就是点星，一星到七星。七星叫星满。"),
        ("assistant", "犯了门规的弟子，要不要有个跟星对应的惩罚？"),
        ("user", "好，就叫摘星之罚。犯大罪的弟子被摘掉一颗星，跌落一境。"),
        ("assistant", "地图呢？"),
        ("user", "地图是这样：大陆叫苍澜大陆，北边沧洲，南边炎洲。"))
    found = settings(extraction)
    assert found["摘星之罚"]["category"] == "rule" and "跌落一境" in found["摘星之罚"]["body"]
    assert "修炼" in found and "地图" in found
    names = {e["name"] for e in extraction.document["entities"]}
    assert "摘星之罚" not in names and "星满" not in names and "北边沧洲" not in names


def test_an_answer_that_names_its_mechanic_or_its_cost_or_law_titles_its_own_entry():
    found = settings(settle(
        ("user", "I need to formalise the magic before chapter 12."),
        ("assistant", "What's the core mechanic?"),
        ("user", "Windcall. Mages whistle into shells and the wind answers."),
        ("assistant", "Is there a cost? And any law?"),
        ("user", "Cost is the salt fever. Every working dries the caster out. And the law is the Law of Stillness: "
                 "no whistling at sea after dark."), zh=False))
    assert "shells" in found["Windcall"]["body"]
    assert found["the salt fever"]["category"] == "rule" and "dries" in found["the salt fever"]["body"]
    assert "after dark" in found["the Law of Stillness"]["body"]


def settings_of(extraction) -> dict[str, str]:
    return {s["title"]: s["body"] for s in extraction.document["settings"]}


def test_a_list_under_a_rules_header_is_one_setting():
    found = settle(("user", "Yes, and put the ship's rules in the setting:\n- one ounce of lime juice per man per day\n"
                            "- no man eats alone\n- the rum ration is halved after the first death\n"
                            "The first death is the cabin boy, in chapter eleven."), zh=False)
    body = settings_of(found)["ship's rules"]
    assert "lime juice" in body and "eats alone" in body and "rum ration" in body and "cabin boy" not in body


def test_the_answer_to_an_offer_to_write_a_setting_is_that_setting():
    found = settle(("assistant", "要不要把市一院急诊的格局写进设定？"),
                   ("user", "写：急诊分红黄绿三区，红区抢救，黄区留观；夜班一个主治带两个住院医。\n另外把贺屿改个名。"))
    body = settings_of(found)["市一院急诊的格局"]
    assert "红黄绿三区" in body and "住院医" in body and "贺屿" not in body
    found = settle(("user", "Ines's keycard stays with Okoye.\nAnd pin down the station layout: three rings — A is "
                            "habitation, B is command. A and B spin for gravity."), zh=False)
    assert "three rings" in settings_of(found)["station layout"]


def test_a_setting_the_assistant_offers_and_the_author_answers_with_is_that_entry():
    found = settings(settle(("assistant", "Do you want Paragon's contract terms as a setting?"),
                            ("user", "Yes. Morality clause: any scandal and the studio can tear up the contract. "
                                     "Seven-year term; the studio can drop you every six months."), zh=False))
    assert "Paragon's contract terms" in found and "Seven-year term" in found["Paragon's contract terms"]["body"]
    found = settings(settle(("assistant", "明白。春和班有没有班规？下药的戏可以借规矩做文章。"),
                            ("user", "有，你记一下：\n1. 学戏七年，出师前包银全归师父\n2. 旦角登台前只喝自己师父沏的茶\n"
                                     "3. 后台不许外人进")))
    [entry] = [e for t, e in found.items() if "班规" in t]
    assert "学戏七年" in entry["body"] and "后台不许外人进" in entry["body"]


def test_a_setting_the_assistant_drafts_is_the_draft_as_the_author_amends_it():
    found = settle(("assistant", "沈青棠复验的方法要不要做成设定？比如本书的验尸规矩。"), ("user", "要。你先拟，我来改。"),
                   ("assistant", "验尸规矩：\n- 初检、复检须由不同仵作担任\n- 验尸须当众唱报\n- 女仵作不得验男尸"),
                   ("user", "最后一条删掉，不然沈青棠没法干活了。其他留着，再加一条：尸格一式三份，县衙、府衙、苦主各存一份。"))
    assert [(s["title"], s["body"]) for s in found.document["settings"]] == [
        ("验尸规矩", "初检、复检须由不同仵作担任；验尸须当众唱报；尸格一式三份，县衙、府衙、苦主各存一份")]


def test_a_listed_setting_after_an_outline_s_edits_is_kept():
    found = settle(("assistant", "短纲：\n1. 第5章：陈屿入职\n2. 第6章：化工厂大火\n3. 第8章：最后的大救援"),
                   ("user", "第3条改成高层住宅火灾。\n再记一条设定，站里的铁规：\n- 接警后一分钟内出车\n"
                            "- 进火场两人一组，谁也不许单独行动"))
    assert [s["body"] for s in found.document["settings"]] == ["接警后一分钟内出车；进火场两人一组，谁也不许单独行动"]


def test_a_setting_named_after_it_is_described_takes_that_name():
    found = settle(("user", "I've been reading about the truck system, so a setting first. Wages come once a month, in "
                            "tickets good only at the company shop. That's the tommy-shop system; call it that."), zh=False)
    assert [s["title"] for s in found.document["settings"]] == ["the tommy-shop system"]


def test_a_setting_pinned_with_its_subject_first_or_offered_as_a_draft_the_author_amends():
    found = settle(("assistant", "另外番摊的规矩要不要记一下？"),
                   ("user", "规矩记一下：摊官用摊盅扣住一把铜钱，开盅后四个一数；押中一赔三；馆里见了血，当天不开赌。"))
    [entry] = found.document["settings"]
    assert entry["title"] == "番摊规矩" and "押中一赔三" in entry["body"] and "当天不开赌" in entry["body"]
    found = settle(("user", "另外把关外的地理也记上：落驼客栈在嘉峪关西边四十里的戈壁上，往西走三天是黑水城废墟。"))
    [entry] = found.document["settings"]
    assert (entry["title"], entry["category"]) == ("关外的地理", "geography")
    found = settle(("user", "伪学之禁你写成：朝廷诏禁道学，凡书院聚众讲学，以结党论处。"))
    assert [e["title"] for e in found.document["settings"]] == ["伪学之禁"]
    found = settle(("assistant", "基地的规矩要不要整理成设定？我理了一版：\n1. 工分制：十个工分换一斤粮\n2. 天黑封门，任何人不得进出\n"
                                 "3. 被咬的人隔离四十八小时"),
                   ("user", "可以，第三条后面加上“隔离期间由基地长决定生死”。"))
    [entry] = found.document["settings"]
    assert entry["title"] == "基地规矩" and entry["body"].endswith("被咬的人隔离四十八小时，隔离期间由基地长决定生死")


def test_a_hook_to_note_is_no_setting():
    found = settle(("user", "这个伏笔要记一下：寒蝉剑的剑柄里藏着半张地图，我打算第三卷再揭开。"))
    assert not found.document["settings"]


def test_notes_the_assistant_drafts_under_their_own_titles_are_settings_as_the_author_leaves_them():
    found = settings_of(settle(
        ("user", "唐卡的事帮我理一理。"),
        ("assistant", "那我整理两段设定：\n【颜料】唐卡用矿物颜料：金、朱砂、石青，研磨七天七夜才能入画，画成后几百年不褪色。\n"
                      "【度量经】佛像的比例按《造像度量经》，以指为单位，画师不得擅改一分。\n【行会】画师都入行会，每年交一次会钱。"),
        ("user", "颜料那段把“七天七夜”去掉，我没考证过。度量经那段照用。行会那段不要。")))
    assert set(found) == {"颜料", "度量经"}
    assert "七天七夜" not in found["颜料"] and "矿物颜料" in found["颜料"]
    found = settings_of(settle(
        ("user", "What do we need for the island?"),
        ("assistant", "Here's a draft, two notes:\n\nOrb stamp: tweed may carry the Orb mark only if it is handwoven by "
                      "islanders in their own homes. An inspector checks each web at the mill.\n\nWaulking: before the "
                      "mills took over the finishing, the women of a township waulked new tweed by hand.\n\n"
                      "Shall I also sketch who buys the cloth?"),
        ("user", "Orb stamp is right. And call the waulking note \"Waulking the tweed\"."), zh=False))
    assert set(found) == {"Orb stamp", "Waulking the tweed"} and "inspector" in found["Orb stamp"]


def test_a_drafted_note_turned_down_or_a_draft_refused_is_no_setting():
    draft = ("assistant", "Two draft notes:\n\nSalt of Taoudenni: the miners cut salt in slabs from pits dug through the "
                          "desert crust, each slab about thirty kilos.\n\nQuestions: who is the scout, and who pays him?")
    assert set(settings_of(settle(("user", "Salt?"), draft, ("user", "Yes, use it."), zh=False))) == {"Salt of Taoudenni"}
    assert not settings_of(settle(("user", "Salt?"), draft, ("user", "No, I'll write those myself."), zh=False))


def test_a_listed_draft_of_a_trade_s_rules_taken_up_is_titled_by_whose_rules_they_are():
    found = settings_of(settle(
        ("user", "报馆的事。"),
        ("assistant", "好。另外我给小报的行规写了一段：\n- 小报四开一张，每天下午三点截稿\n- 报贩在弄堂口批报，卖不掉的可以退回一半"),
        ("user", "行规两条都要。")))
    assert "小报行规" in found and "报贩" in found["小报行规"]
    found = settings_of(settle(
        ("user", "闸上的事你帮我理理。"),
        ("assistant", "我把船闸的过闸规矩理一下，后面写抢道用得上：\n1. 按到闸先后排队，领了闸票才能进闸\n2. 客轮优先"),
        ("user", "规矩都要。")))
    assert "船闸过闸规矩" in found
