"""Scales (realms, bloodline ranks, item grades) are read from settings prose the way authors write them, zh and
en; lists that are not scales stay lists; a scale the author confirmed wins over the guess."""

from __future__ import annotations

import itertools

import pytest

from desktop.tasks.realms import RealmScales, entry_scales, guessed_scales, parse_scale
from desktop.tasks.scale_parser import parse_scales

ZH_LEVELS = {
    "境界": ("炼气", "筑基", "金丹", "元婴"),
    "血脉等级": ("凡血", "灵血", "圣血", "神血"),
    "武者等级": ("三流", "二流", "一流", "宗师"),
    "丹药品阶": ("凡品", "灵品", "宝品", "仙品"),
}
# {n}: the scale's name; {0}…{3}: its levels low to high.
ZH_TEMPLATES = (
    "{n}从低到高依次为：{0}、{1}、{2}、{3}。",
    "{n}由低到高分为{0}、{1}、{2}、{3}四个大境界。",
    "{n}：{0} → {1} → {2} → {3}",
    "从低到高：{0}>{1}>{2}>{3}",
    "{n}：{0} -> {1} -> {2} -> {3}",
    "{n}从低到高依次为{0}，{1}，{2}，{3}。",
    "{n}分为{0}、{1}、{2}和{3}，每个境界又分九层。",
    "天下修士，{n}由弱到强分别是{0}、{1}、{2}、{3}。",
    "{0} < {1} < {2} < {3}",
    "{n}从高到低：{3}、{2}、{1}、{0}。",
)
EN_LEVELS = {
    "ranks": ("Bronze", "Silver", "Gold", "Platinum"),
    "grades": ("Novice", "Adept", "Master", "Grand Master"),
    "titles": ("Squire", "Knight", "Baron", "Count"),
}
EN_TEMPLATES = (
    "The {n}, lowest first: {0}, {1}, {2}, {3}.",
    "From lowest to highest: {0}, {1}, {2}, {3}.",
    "The {n}, from low to high, are {0}, {1}, {2} and {3}.",
    "{0} < {1} < {2} < {3}",
    "Its {n} in ascending order: {0}, {1}, {2}, and {3}.",
    "The {n}, highest first: {3}, {2}, {1}, {0}.",
    "{0} -> {1} -> {2} -> {3}, from weakest to strongest.",
)

POSITIVE = [pytest.param(t.format(*levels, n=name), levels, id=f"zh{i}-{name}")
            for (i, t), (name, levels) in itertools.product(enumerate(ZH_TEMPLATES), ZH_LEVELS.items())] + \
           [pytest.param(t.format(*levels, n=name), levels, id=f"en{i}-{name}")
            for (i, t), (name, levels) in itertools.product(enumerate(EN_TEMPLATES), EN_LEVELS.items())]

NEGATIVE = [
    "主要人物：张三、李四、王五。",
    "大陆分为东域、西域、南域、北域四大区域。",
    "商队的路线：长安→洛阳→汴梁。",
    "他依次拜访了张家、李家、王家。",
    "桌上摆着茶、酒、点心、瓜果。",
    "门派等级森严，弟子有张三、李四、王五。",
    "筑基分初期、中期、后期。",
    "张三、李四、王五三人结伴而行，一路向西。",
    "他们分为张三、李四、王五三个小组。",
    "The party included Anna, Bren and Cole.",
    "Cities from north to south: York, Lincoln, London.",
    "She packed bread, cheese, and wine.",
    "The levels of the tower hold a library, an armoury, and a vault.",
    "Ingredients, in order: flour, eggs, milk.",
    "He walked past the mill, the church and the old inn before dawn.",
]


@pytest.mark.parametrize("text, levels", POSITIVE)
def test_a_scale_written_in_prose_is_read_low_to_high(text, levels):
    scales = parse_scales(text)
    assert [s.levels for s in scales] == [levels]


@pytest.mark.parametrize("text", NEGATIVE)
def test_prose_that_lists_things_is_not_a_scale(text):
    assert parse_scales(text) == []


def test_the_generated_set_is_varied():
    assert len(POSITIVE) >= 25 and len(NEGATIVE) >= 10
    assert len({p.values[0] for p in POSITIVE}) == len(POSITIVE)


def test_sub_levels_in_brackets_or_a_following_clause_belong_to_their_level():
    text = "修炼境界从低到高为：练气境（一至九重）、筑基境（初期、中期、后期）、金丹境、元婴境。"
    [scale] = parse_scales(text)
    assert scale.levels == ("练气境", "筑基境", "金丹境", "元婴境")
    assert scale.sublevels == {"练气境": "一至九重", "筑基境": "初期、中期、后期"}
    text = "境界由低到高依次为炼气期、筑基期、金丹期、元婴期。炼气期分十三层，筑基分初期、中期、后期。"
    [scale] = parse_scales(text)
    assert scale.levels == ("炼气期", "筑基期", "金丹期", "元婴期")
    assert scale.sublevels == {"炼气期": "十三层", "筑基期": "初期、中期、后期"}


def test_several_scales_in_one_entry_are_each_read():
    text = ("修炼境界从低到高：炼气、筑基、金丹、元婴。\n血脉由弱到强分为凡血、灵血、圣血。\n"
            "法宝分凡品、灵品、宝品、仙品，另有传说中的道器。")
    assert [s.levels for s in parse_scales(text)] == [
        ("炼气", "筑基", "金丹", "元婴"), ("凡血", "灵血", "圣血"), ("凡品", "灵品", "宝品", "仙品")]


def test_an_entry_about_a_scale_may_list_bare_levels():
    assert parse_scales("炼气、筑基、金丹") == []
    assert [s.levels for s in parse_scales("炼气、筑基、金丹", about_scales=True)] == [("炼气", "筑基", "金丹")]
    assert parse_scale("凡境 < 灵境 < 玄境 < 圣境\n每境分九重。") == ("凡境", "灵境", "玄境", "圣境")
    row = {"title": "境界体系", "category": "设定", "body": "炼气、筑基、金丹"}
    assert [s.levels for s in guessed_scales(row)] == [("炼气", "筑基", "金丹")]


def test_a_level_written_with_or_without_its_suffix_is_the_same_level():
    scales = RealmScales([("凝脉境", "聚元境", "化海境")])
    assert scales.rank("凝脉三重").below(scales.rank("聚元境"))
    assert scales.rank("化海").level == 2
    scales = RealmScales([("凝脉", "聚元", "化海")])
    assert scales.rank("凝脉期").below(scales.rank("聚元境一重"))


def test_a_confirmed_scale_wins_over_the_guess():
    row = {"title": "宗门", "category": "势力", "body": "弟子由低到高分为杂役、外门、内门、真传。"}
    assert entry_scales(row, {}) == [("杂役", "外门", "内门", "真传")]
    assert entry_scales(row, {"宗门": [["外门", "内门", "真传", "长老"]]}) == [("外门", "内门", "真传", "长老")]
    assert entry_scales(row, {"宗门": []}) == []  # the author said: no scale here


def test_the_book_ranks_with_its_prose_scale_and_the_confirmed_one_after_an_edit(book):
    book.archive.put_setting("修炼体系", "本书境界从低到高依次为：凝脉境（一至九重）、聚元境、化海境、通玄境。", "设定")
    book.archive.put_setting("血脉", "血脉由弱到强：凡血、灵血、圣血。", "设定")
    scales = RealmScales.for_book(book.archive)
    assert scales.rank("凝脉九重").below(scales.rank("聚元"))
    assert scales.rank("灵血").below(scales.rank("圣血"))
    book.archive.put_setting_scales("血脉", [["凡血", "玄血", "灵血", "圣血"]])
    scales = RealmScales.for_book(book.archive)
    assert scales.rank("玄血").below(scales.rank("灵血"))
    assert book.archive.clear_setting_scales("血脉") is True
    assert scales.rank("玄血") is not None and RealmScales.for_book(book.archive).rank("玄血") is None


@pytest.mark.parametrize("text, levels", [
    ("斗气大陆的等级：斗之气、斗者、斗师、大斗师、斗灵、斗王。", ("斗之气", "斗者", "斗师", "大斗师", "斗灵", "斗王")),
    ("武道境界共分九重天：淬体、炼骨、通脉、凝元。", ("淬体", "炼骨", "通脉", "凝元")),
    ("灵根由劣到优分为杂灵根、双灵根、天灵根。", ("杂灵根", "双灵根", "天灵根")),
    ("猎人等级（由低到高）：一星猎人、二星猎人、三星猎人。", ("一星猎人", "二星猎人", "三星猎人")),
    ("修炼分为炼气、筑基、金丹、元婴四个大境界。", ("炼气", "筑基", "金丹", "元婴")),  # named after the list
    ("The Guild recognises four ranks: Copper, Iron, Steel and Mithril.", ("Copper", "Iron", "Steel", "Mithril")),
    ("Tiers of magic, lowest first — Cantrip, Lesser, Greater, Arch.", ("Cantrip", "Lesser", "Greater", "Arch")),
])
def test_phrasings_beyond_the_templates(text, levels):
    assert [s.levels for s in parse_scales(text)] == [levels]


def test_a_whole_novel_of_prose_yields_no_scale(corpus_dir):
    # 红楼梦 (37k sentences, lists of names, gifts and dishes everywhere) and Pride and Prejudice (17k).
    for path in (corpus_dir / "zh" / "hongloumeng.txt", corpus_dir / "en" / "pride-and-prejudice.txt"):
        paragraphs = [p for p in path.read_text(encoding="utf-8").splitlines() if p.strip()]
        assert [s.levels for p in paragraphs for s in parse_scales(p)] == []


def test_english_levels_are_whole_words_in_any_case():
    scales = RealmScales([("Bronze", "Silver", "Gold")])
    assert scales.rank("a mere bronze").below(scales.rank("Gold"))
    assert scales.rank("the Golden Hall") is None and scales.rank("Silverton") is None


def test_an_english_book_finds_a_rank_going_back_from_its_prose_scale(book):
    from desktop.tasks.continuity import REALM_LOWER, check_text
    from tests.tasks.conftest import apply_doc

    book.meta.language = "en"
    book.archive.put_setting("Guild", "The Guild recognises four ranks, lowest first: Copper, Iron, Steel, Mithril.",
                             "world")
    apply_doc(book, {"chapter": 2, "entities": [{"kind": "Character", "name": "Mara",
                                                  "attributes": {"rank": "Steel"}}]}, source="file:ch2.json")
    issues = check_text(book, "Mara was only Iron, and everyone knew it.", 5)["issues"]
    assert [(i["kind"], i["said"]) for i in issues] == [(REALM_LOWER, "Iron")]
    assert check_text(book, "Mara was Steel now. The iron gate creaked.", 5)["issues"] == []
