"""Wounds, marks and ages said as an author says them: a part lost or torn, an old wound come back, a gold
tooth, fingers missing, "今年81了", a collarbone broken in a clause that goes on from the one who crashed
(no model)."""

from __future__ import annotations

from desktop.tasks.pipeline.pipeline import Canon
from tests.tasks.test_pipeline import settle, states


def _people(*names: str, **others: str) -> Canon:
    return Canon(names={n: ("Character", []) for n in names} | {n: (k, []) for n, k in others.items()})


def test_a_part_lost_or_torn_and_an_old_wound_come_back_are_injuries_but_a_tie_broken_off_is_not():
    canon = _people("巴特尔", "苏和", "俞秉文", "白婧", "梁振海")
    found = states(settle(("user", "第6章白毛风，巴特尔出去找苏和，冻掉了两根脚趾。"),
                          ("user", "俞秉文第6章右手腕的旧伤复发，拿不稳錾子了。"),
                          ("user", "第21章：白婧练207C的时候拍水，视网膜脱落。"),
                          ("user", "梁振海腰上有旧伤，去年扭的。"), canon=canon))
    assert {("巴特尔", "injury", "冻掉了两根脚趾"), ("俞秉文", "injury", "右手腕的旧伤复发"),
            ("白婧", "injury", "视网膜脱落"), ("梁振海", "injury", "腰上有旧伤")} <= found
    assert not {s for s in found if s[0] == "苏和"}  # the one looked for is not the one frostbitten
    assert not states(settle(("user", "师徒关系呢？"), ("user", "断了。"), canon=_people("慕容昭")))


def test_marks_and_ages_said_in_passing():
    canon = _people("常胜利", "黑七", "沈济民")
    found = states(settle(("user", "常胜利嘴里镶着两颗金牙。"), ("user", "黑七这人左手少两根指头。"),
                          ("user", "沈济民今年81了，手还稳。"), canon=canon))
    assert {("常胜利", "appearance", "嘴里镶着两颗金牙"), ("黑七", "appearance", "左手少两根指头"),
            ("沈济民", "age", "81岁")} <= found


def test_a_wound_said_twice_in_nearly_the_same_words_is_one():
    canon = _people("巴特尔")
    found = states(settle(("user", "第6章巴特尔冻掉了两根脚趾。"), ("assistant", "记下了：第6章巴特尔冻掉两根脚趾。"),
                          canon=canon))
    assert len([s for s in found if s[1] == "injury"]) == 1


def test_english_wounds_in_a_clause_that_goes_on_from_its_subject():
    canon = _people("Luc Verbeke", "Josiah Cutter", "Hinrik Vöge", "Signy")
    found = states(settle(("user", "In chapter twelve Luc crashes on the descent, breaks his collarbone."),
                          ("user", "Cutter loses two fingers off his left hand trying to get to him."),
                          ("user", "28: Fire runs along the wharf; Hinrik burns his hands pulling Signy out."),
                          canon=canon, zh=False))
    assert {("Luc Verbeke", "injury", "broken collarbone"), ("Josiah Cutter", "injury", "lost two fingers"),
            ("Hinrik Vöge", "injury", "burned hands")} <= found


def test_one_named_anew_is_who_the_sentence_and_the_next_go_on_about():
    canon = _people("韩老", "沈伯庸")
    found = states(settle(("user", "韩老第15章进了鼎香楼。"), ("user", "别姓韩。他本名梁守拙，大家都叫他老庖。右手少了两根手指。"),
                          canon=canon))
    assert ("梁守拙", "appearance", "右手少了两根手指") in found


def test_fingers_are_a_mark_only_when_some_are_missing():
    canon = _people("凤姐")
    assert not states(settle(("user", "凤姐未免有那指头告了消乏等事。"), canon=canon))


def test_an_illness_is_an_injury_a_mark_a_look_and_nearly_dying_is_no_death():
    canon = Canon(names={n: ("Character", []) for n in ("Dale Pruett", "Jem Pike", "Bob")})
    found = states(settle(("user", "In 12 Dale Pruett has a stroke right there at the grill."), canon=canon, zh=False))
    assert ("Dale Pruett", "injury", "a stroke") in found
    assert ("Jem Pike", "appearance", "harelip") in states(settle(("user", "Jem Pike has a harelip."), canon=canon, zh=False))
    for said in ("Dale Pruett had a heart attack that nearly killed him.", "Bob nearly killed Dale Pruett.",
                 "Dale Pruett nearly died in 12."):
        assert not [s for s in states(settle(("user", said), canon=canon, zh=False)) if s[1] == "alive"], said


def test_a_post_taken_up_in_a_chapter_is_who_they_are():
    canon = Canon(names={n: ("Character", []) for n in ("杜衡", "高建华", "区浩然", "霍炳坤")})
    assert ("杜衡", "identity", "山长") in states(settle(("user", "杜衡第11章接任山长，左眼失明。"), canon=canon))
    assert ("高建华", "identity", "代理科长") in states(settle(("user", "第34章高建华当上了代理科长。"), canon=canon))
    found = states(settle(("user", "第8章霍炳坤中风倒下。第9章他在病床上把老金狮交给区浩然，让他当教头。"), canon=canon))
    assert ("区浩然", "identity", "教头") in found and ("霍炳坤", "identity", "教头") not in found


def test_everyday_english_for_wounds_and_posts():
    canon = Canon(names={n: ("Character", []) for n in ("Eilif", "Wick", "Casey", "Jory", "Leung", "Reuben", "Pru",
                                                          "Mei-ling", "Toby Krebs", "Orla", "Corwin")})
    for said, state in (("Eilif hauls the line in with his bare hands — rope burns across both palms, right down to the meat.",
                         ("Eilif", "injury", "rope burns across both palms")),
                        ("Wick's caught under a fall of slate and his left leg's broken.", ("Wick", "injury", "broken left leg")),
                        ("In 18 Casey comes off a horse and separates his shoulder.", ("Casey", "injury", "separated shoulder")),
                        ("Jory's thrown against a thwart and cracks two ribs.", ("Jory", "injury", "cracked ribs")),
                        ("Leung has a stroke in 34 — his right hand's paralysed.", ("Leung", "injury", "paralysed right hand")),
                        ("Reuben's voted coxswain in chapter nine.", ("Reuben", "identity", "coxswain")),
                        ("Pru runs the office as acting postmaster from chapter 16.", ("Pru", "identity", "acting postmaster")),
                        ("Mei-ling is head cutter from 35 on.", ("Mei-ling", "identity", "head cutter")),
                        ("- Toby Krebs: rodeo clown, the best bullfighter on the circuit", ("Toby Krebs", "identity", "rodeo clown"))):
        assert state in states(settle(("user", said), canon=canon, zh=False)), said
    assert not [s for s in states(settle(("user", "Corwin is Orla's senior apprentice of three years."), canon=canon, zh=False))
                if s[0] == "Orla"]


def test_chinese_floggings_lost_voices_and_a_corrected_wound():
    canon = Canon(names={n: ("Character", []) for n in ("程守拙", "柳云笙", "马大勇", "陶一鸣")})
    for said, state in (("三十二章骆大人打了程守拙二十板子，程守拙背上皮开肉绽。", ("程守拙", "injury", "背上皮开肉绽")),
                        ("柳云笙会书前一晚连说三场，第二天嗓子哑了，上不了台。", ("柳云笙", "injury", "嗓子哑")),
                        ("第26章马大勇是右臂骨折不是左臂。", ("马大勇", "injury", "右臂骨折")),
                        ("陶一鸣留过日本，左眼常年戴一只单片眼镜。", ("陶一鸣", "appearance", "左眼常年戴一只单片眼镜"))):
        assert state in states(settle(("user", said), canon=canon)), said


def test_a_disaster_s_death_is_a_death_and_the_kind_of_dead_one_is_none():
    canon = Canon(names={"谢长根": ("Character", []), "麻小五": ("Character", [])})
    found = settle(("user", "第10章透水，谢长根遇难。麻小五记住了规矩：病死的、雷劈的、上吊的不赶。"), canon=canon)
    assert {(s["entity"], s["key"], s["value"]) for s in found.document["states"]} == {("谢长根", "alive", "dead")}


def test_a_wound_the_author_scraps_by_name_goes_and_the_one_put_in_its_place_stays():
    canon = Canon(names={"Joaquim Cabral": ("Character", ["Joaquim"])})
    found = states(settle(("user", "In ch 16 Joaquim falls and breaks his leg."), ("assistant", "Noted."),
                          ("user", "Actually, scrap the broken leg. He lands on his hand — the right hand gets crushed "
                                   "between the ladder and the trunk."), canon=canon, zh=False))
    assert ("Joaquim Cabral", "injury", "crushed right hand") in found
    assert ("Joaquim Cabral", "injury", "broken leg") not in found
    found = states(settle(("user", "第16章温德厚摔断了腿。"), ("assistant", "好。"), ("user", "断腿不要了。"),
                          canon=Canon(names={"温德厚": ("Character", [])})))
    assert not any(key == "injury" for _, key, _ in found)


def test_an_age_in_words_after_is_belongs_to_the_one_it_is_said_of():
    canon = Canon(names={"Turi": ("Character", []), "Werner": ("Character", []), "Moussa": ("Character", []),
                         "Liam": ("Character", []), "Nora": ("Character", []), "Zoya": ("Character", [])})
    for said, state in (("Turi's eleven.", ("Turi", "age", "eleven")),
                        ("Werner's fifty-eight, an old naval airship man from the war.", ("Werner", "age", "fifty-eight")),
                        ("Moussa is sixteen and from then on he's the khabir.", ("Moussa", "age", "sixteen")),
                        ("Nora's kid brother Liam, sixteen, swings the cleaver.", ("Liam", "age", "sixteen"))):
        assert state in states(settle(("user", said), canon=canon, zh=False)), said
    found = states(settle(("user", "Zoya is 35, with a streak of grey she's had since she was twenty."), canon=canon,
                          zh=False))
    assert [s for s in found if s[1] == "age"] == [("Zoya", "age", "35")]
    assert not [s for s in states(settle(("user", "Turi is two minutes late."), canon=canon, zh=False)) if s[1] == "age"]


def test_a_beard_a_clouded_eye_or_a_sixth_finger_is_how_someone_looks():
    canon = Canon(names={"罗大成": ("Character", []), "汪守拙": ("Character", []), "卢阿三": ("Character", [])})
    assert ("罗大成", "appearance", "满脸络腮胡") in states(settle(("user", "罗大成的样子补一笔：满脸络腮胡，说话像打雷。"),
                                                           canon=canon))
    assert ("汪守拙", "appearance", "右眼长了层翳") in states(settle(("user", "汪守拙六十三了，右眼长了层翳。"), canon=canon))
    assert ("卢阿三", "appearance", "左手长了六个指头") in states(settle(("user", "卢阿三手快得吓人，左手长了六个指头。"),
                                                              canon=canon))
