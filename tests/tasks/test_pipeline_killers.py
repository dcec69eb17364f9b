"""Who did it: a mystery names its killer apart from the death, and the victim is the one the talk has
dying (no model)."""

from __future__ import annotations

from desktop.tasks.pipeline.decisions import unspoken
from desktop.tasks.pipeline.pipeline import Canon
from tests.tasks.test_pipeline import relations, settle, states


def test_the_killer_named_on_its_own_killed_the_one_the_talk_has_dying():
    canon = Canon(names={"罗秋白": ("Character", []), "唐莺": ("Character", [])})
    found = settle(("user", "第九章罗秋白在画室遇害。"), ("user", "凶手就是唐莺，但要到三十章才揭。"), canon=canon)
    assert ("KILLED", "唐莺", "罗秋白") in relations(found)


def test_the_english_killer_may_come_after_an_aside_or_before_the_word():
    canon = Canon(names={"Miles Arden": ("Character", []), "Rhea Cole": ("Character", []),
                         "Jonas Pike": ("Character", [])})
    found = settle(("user", "Miles Arden is murdered in chapter 6."),
                   ("user", "The real killer, and keep this quiet, is Rhea Cole."), canon=canon, zh=False)
    assert ("KILLED", "Rhea Cole", "Miles Arden") in relations(found)
    found = settle(("user", "Miles Arden is murdered in chapter 6."), ("user", "Jonas Pike is the killer."),
                   canon=canon, zh=False)
    assert ("KILLED", "Jonas Pike", "Miles Arden") in relations(found)


def test_the_killer_of_a_murder_is_not_the_killer_of_an_old_illness():
    canon = Canon(names={"纪沉舟": ("Character", []), "纪小满": ("Character", []), "苏禾": ("Character", [])})
    found = settle(("user", "凶手定了：纪沉舟。"), ("user", "他妹妹纪小满十年前病死了，他一直记恨。"),
                   ("user", "第二个死者叫苏禾，12章遇害。"), canon=canon)
    assert ("KILLED", "纪沉舟", "苏禾") in relations(found)
    assert ("KILLED", "纪沉舟", "纪小满") not in relations(found)
    assert ("苏禾", "alive", "dead") in states(found)


def test_a_guess_an_old_idea_or_a_question_names_no_killer():
    canon = Canon(names={"罗秋白": ("Character", []), "唐莺": ("Character", []), "老许": ("Character", [])})
    for said in ("凶手我原来定的是老许。", "凶手会不会是唐莺？", "大家都怀疑凶手是老许。"):
        found = settle(("user", "第九章罗秋白在画室遇害。"), ("user", said), canon=canon)
        assert not any(rel == "KILLED" for rel, _, _ in relations(found)), said
    canon = Canon(names={"Miles Arden": ("Character", []), "Rhea Cole": ("Character", [])})
    found = settle(("user", "Miles Arden is murdered in chapter 6."), ("user", "Could the killer be Rhea Cole?"),
                   canon=canon, zh=False)
    assert not any(rel == "KILLED" for rel, _, _ in relations(found))


def test_shooting_someone_kills_them_unless_it_is_a_wound():
    canon = Canon(names={"Cal Dorsey": ("Character", []), "Eli Ward": ("Character", [])})
    found = settle(("user", "In chapter 19 Cal Dorsey shoots Eli Ward at the river crossing."), canon=canon, zh=False)
    assert ("KILLED", "Cal Dorsey", "Eli Ward") in relations(found)
    found = settle(("user", "In chapter 19 Cal Dorsey shoots Eli Ward in the shoulder."), canon=canon, zh=False)
    assert ("KILLED", "Cal Dorsey", "Eli Ward") not in relations(found)


def test_a_line_a_character_says_drops_no_one():
    assert unspoken("20章审讯室，梁慕白最后一句：“我不是第一个钟表匠。”") == "20章审讯室，梁慕白最后一句：“"
    assert unspoken("外号叫“钟表匠”。") == "外号叫“钟表匠”。"  # a quoted name stays
    found = settle(("user", "新角色叫纪沉舟，钟表匠，住在老城区。"), ("user", "结尾纪沉舟只说一句：“我不要你们原谅。”"))
    assert "纪沉舟" in {e["name"] for e in found.document["entities"]}
