"""A name read whole: a nickname quoted inside it ("Tommy 'Two Hats' Boyle") and a firm's trade inside it
(金泉贸易公司) are parts of one name, not breaks in a sentence (no model)."""

from __future__ import annotations

from tests.tasks.test_pipeline import entities, relations, settle


def test_a_nickname_quoted_inside_a_name_is_an_alias_of_the_whole_name():
    found = settle(("user", "Tommy 'Two Hats' Boyle is Scarlatti's right-hand man. Lyle \"Digger\" Henning takes "
                            "the council chair in chapter 12."), zh=False)
    aliases = {e["name"]: e.get("aliases", []) for e in found.document["entities"]}
    assert "Two Hats" in aliases["Tommy Boyle"] and "Digger" in aliases["Lyle Henning"]
    assert not any("'" in name for name in aliases)
    assert ("SERVES", "Tommy Boyle", "Scarlatti") in relations(found)


def test_a_firm_named_with_its_trade_is_one_name():
    found = settle(("assistant", "头目蔡金泉，四十五岁，明面上是金泉贸易公司的老板，做海产进出口。"),
                   ("user", "基本都行。货只做香烟。"))
    assert entities(found).get("金泉贸易公司") == "Faction"
    assert ("LEADS", "蔡金泉", "金泉贸易公司") in relations(found)  # ("基本都行" takes the proposal up)
