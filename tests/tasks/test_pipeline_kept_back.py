"""Mysteries said as authors say them without the word "hook": a reveal put off to a chapter, an old thread
closed by pointing at it, a secret kept from the reader, a beat whose payoff is named after it (no model)."""

from __future__ import annotations

from desktop.tasks.pipeline.pipeline import Canon
from tests.tasks.test_pipeline import entities, hooks, settle


def _people(*names: str) -> Canon:
    return Canon(names={n: ("Character", []) for n in names})


def _one(found) -> dict:
    [hook] = hooks(found)
    return hook


def test_a_reveal_put_off_to_a_chapter_plants_a_hook_due_then():
    hook = _one(settle(("user", "第41章沈曼进了基地。她右手腕上有个刺青，一直用布条缠着——第41章只写布条，刺青第48章才露出来。"),
                       canon=_people("沈曼")))
    assert (hook["status"], hook.get("planted_in"), hook.get("due_by")) == ("Unresolved", 41, 48)
    hook = _one(settle(("user", "第18章写完了。读者在这一章只看到一颗断掉的螺栓，是谁换的，到第24章才揭开。")))
    assert (hook["status"], hook.get("due_by")) == ("Unresolved", 24)


def test_an_old_thread_closed_by_pointing_at_it_is_resolved_where_the_author_says():
    hook = _one(settle(("assistant", "另外，第3章埋的那条——贺振东为什么十年不碰方向盘——你打算什么时候交代？"),
                       ("user", "贺振东那条第16章就收：十年前他在赤沙翻过车，领航员死在车里。"), canon=_people("贺振东")))
    assert (hook["name"], hook["status"], hook.get("planted_in"), hook.get("resolved_in")) == \
        ("贺振东为什么十年不碰方向盘", "Resolved", 3, 16)
    hook = _one(settle(("assistant", "第8章杨小山作业本上的煤灰，你打算什么时候解释？"),
                       ("user", "煤灰那条第13章就解释：杨小山每天夜里偷偷跟他爹下窑背煤。"), canon=_people("杨小山")))
    assert (hook["name"], hook["status"], hook.get("planted_in"), hook.get("resolved_in")) == ("煤灰", "Resolved", 8, 13)
    hook = _one(settle(("user", "第5章埋的“藏书阁半夜亮灯”，我想第9章收掉：其实是程伯言自己睡不着。"), canon=_people("程伯言")))
    assert (hook["status"], hook.get("planted_in"), hook.get("resolved_in")) == ("Resolved", 5, 9)


def test_a_mystery_planted_and_answered_in_chapters_written_is_told_in_many_words():
    for said in ("第28章那批罚没香烟半路失踪的事，第31章揭出来：就是高建华偷偷运回去了。",
                 "第28章我写过那批罚没香烟总少一箱，第31章一并交代——是高建华偷偷运走的。"):
        hook = _one(settle(("user", said), canon=_people("高建华")))
        assert (hook["status"], hook.get("planted_in"), hook.get("resolved_in")) == ("Resolved", 28, 31), said


def test_an_assistant_s_mystery_the_author_keeps_stands():
    hook = _one(settle(("assistant", "第1章你写过方静带着一封火漆封口的信下来，没人知道信里写了什么。"),
                       ("user", "那封信留着，第30章以前揭。"), canon=_people("方静")))
    assert (hook["status"], hook.get("due_by")) == ("Unresolved", 30)


def test_english_secrets_kept_from_the_reader_and_payoffs_named_after_the_beat():
    canon = _people("Lyle Henning", "Earl Stadler", "Sven", "June", "Arvid")
    hook = _one(settle(("user", "And here's the thing I don't want the reader to know yet: Lyle Henning has been on "
                                "Earl Stadler's payroll for years. I'll drop little hints along the way."),
                       canon=canon, zh=False))
    assert {"Lyle Henning", "Earl Stadler"} <= set(hook["involves"])
    found = settle(("user", "Arvid goes north in 18. Letters come every week, and then after ch. 20 they stop."),
                   ("assistant", "Noted."),
                   ("user", "Also the night before the storm, Sven buried something in a coffee can behind the chicken "
                            "house. June saw him from the window. That pays off at ch. 25."), canon=canon, zh=False)
    [can] = [h for h in hooks(found) if "coffee can" in h["description"]]
    assert can.get("due_by") == 25 and "Sven" in can["involves"]
    hook = _one(settle(("user", "Ch. 14 is the night somebody puts a brick through the window of the store. I don't know "
                                "yet who threw it — leave that open, I'll pay it off around ch. 22."), zh=False))
    assert (hook["name"], hook.get("due_by")) == ("Who threw it", 22)


def test_a_mystery_written_earlier_and_paid_off_here_is_resolved_now():
    found = settle(("user", "第32章写驿站被围。"),
                   ("user", "老韩出手拦了一下——第5章我写过他瘸腿，一直没交代，这里揭开：他年轻时在边军当过斥候。"),
                   canon=_people("韩大柱"))
    [hook] = [h for h in hooks(found) if h["status"] == "Resolved"]
    assert (hook.get("planted_in"), hook.get("resolved_in")) == (5, 32)
    hook = _one(settle(("user", "第27章要顺带交代一件事：唐可欣为什么一听见水声就发抖（第3章埋的）——她爸在一次隧道突水里没出来。"),
                       canon=_people("唐可欣")))
    assert (hook["name"], hook["status"], hook.get("planted_in"), hook.get("resolved_in")) == \
        ("唐可欣为什么一听见水声就发抖", "Resolved", 3, 27)


def test_a_recap_line_and_a_reveal_we_do_not_get_until_later():
    hook = _one(settle(("user", "• The resealed envelopes (ch. 4) — resolved in ch. 14. Pru catches McQuarrie steaming letters."),
                       canon=_people("Pru", "McQuarrie"), zh=False))
    assert (hook["name"], hook["status"], hook.get("planted_in"), hook.get("resolved_in")) == \
        ("The resealed envelopes", "Resolved", 4, 14)
    hook = _one(settle(("user", "Hoss owes a bookmaker in Texas. We don't find out about the bookmaker until 24 though."),
                       canon=_people("Hoss"), zh=False))
    assert (hook["status"], hook.get("due_by")) == ("Unresolved", 24)


def test_a_mystery_is_about_the_people_and_things_in_it_not_where_it_happens():
    canon = Canon(names={"贺兰": ("Character", []), "周岳": ("Character", []), "青崖镇": ("Location", [])})
    hook = _one(settle(("user", "第20章埋个伏笔：贺兰在青崖镇见过周岳，两人到底什么关系，第25章揭开。"), canon=canon))
    assert set(hook["involves"]) == {"贺兰", "周岳"}


def test_a_hook_planted_with_the_chapter_that_pays_it_off_is_open_until_then():
    canon = Canon(names={"贺兰": ("Character", []), "周岳": ("Character", [])})
    hook = _one(settle(("user", "第20章埋个伏笔：贺兰在青崖镇见过周岳，第25章揭开。"), canon=canon))
    assert (hook["name"], hook["status"], hook.get("planted_in"), hook.get("due_by")) == \
        ("贺兰在青崖镇见过周岳", "Unresolved", 20, 25)
    canon = Canon(names={"Hester": ("Character", []), "Colm": ("Character", [])})
    hook = _one(settle(("user", "Plant this in ch. 20: Hester saw Colm at the quay, revealed in ch. 25."), canon=canon,
                       zh=False))
    assert (hook["name"], hook["status"], hook.get("planted_in"), hook.get("due_by")) == \
        ("Hester saw Colm at the quay", "Unresolved", 20, 25)
    hook = _one(settle(("user", "Hook for ch. 20: Hester saw Colm at the quay."), canon=canon, zh=False))
    assert hook["name"].startswith("Hester saw Colm")


def test_a_mystery_told_with_the_chapter_that_tells_it_is_a_hook():
    canon = Canon(names={"何晓棠": ("Character", []), "杜小川": ("Character", ["小川"]), "和铁山": ("Character", []),
                         "桑吉": ("Character", [])})
    found = settle(("user", "第5章夹在片盒里的那封信是何晓棠写的，第15章小川查明。"), canon=canon, chapter=12)
    [hook] = found.document["hooks"]
    assert (hook["status"], hook["planted_in"], hook["resolved_in"]) == ("Resolved", 5, 15)
    found = settle(("user", "第24章和铁山临死前对桑吉说货里有鬼：有人在茶砖里夹了烟土。谁夹的后面再定，反正第30章之前要揭开。"),
                   canon=canon, chapter=24)
    [hook] = found.document["hooks"]
    assert (hook["status"], hook["planted_in"], hook["due_by"]) == ("Unresolved", 24, 30)
    assert {"和铁山", "桑吉"} <= set(hook["involves"])
    assert not settle(("user", "第14章小川当上队长，第15章交代清楚账目。"), canon=canon, chapter=12).document["hooks"]


def test_an_english_mystery_begun_in_one_clause_and_told_in_the_next_is_a_hook():
    canon = Canon(names={n: ("Character", []) for n in ("Maggie", "Stan", "Nora")})
    found = settle(("user", "The safety report on Press 9 went missing in ch 5; it surfaces by ch 20."), canon=canon,
                   chapter=10, zh=False)
    [hook] = found.document["hooks"]
    assert (hook["status"], hook["planted_in"], hook["due_by"]) == ("Unresolved", 5, 20)
    found = settle(("user", "Big Stan's tires were slashed in ch 8; in ch 15 the reader learns Maggie did it."),
                   canon=canon, chapter=10, zh=False)
    [hook] = found.document["hooks"]
    assert (hook["status"], hook["planted_in"], hook["resolved_in"]) == ("Resolved", 8, 15)
    assert not settle(("user", "Nora moves to Windsor in ch 3 and in ch 9 she learns to drive."), canon=canon,
                      chapter=10, zh=False).document["hooks"]


def test_not_being_interested_in_someone_drops_no_one():
    found = settle(("user", "对面街的黄氏药行，东家叫黄绍基，他有个弟弟叫黄绍棠，大家叫他棠少，对阿娥有意思。"),
                   ("user", "阿娥对棠少没意思，她心里是阿添。"))
    assert "黄绍棠" in entities(found)
