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


def test_a_surname_with_its_particle_and_a_name_behind_a_post_or_a_route_word():
    found = settle(("user", "The buyer is Joost van Ravesteyn, a silk merchant. Van Ravesteyn pays in cash. Maerten "
                            "Schaep is a notary. Notary Schaep draws the deed."), zh=False)
    aliases = {e["name"]: e.get("aliases", []) for e in found.document["entities"]}
    assert "Van Ravesteyn" in aliases["Joost van Ravesteyn"] and "Notary Schaep" in aliases["Maerten Schaep"]
    found = entities(settle(("user", "批脚过河到东兴，再经钦州一路回到潮汕。村主任岩班收了他的钱。")))
    assert "经钦州" not in found and "村主任岩班" not in found


def test_a_name_earned_by_a_look_is_an_alias():
    found = settle(("user", "And I want a rival: Chrissie Nicolson, Chrissie Ruadh for her red hair, nineteen, who spins "
                            "for Lennie's Mill."), zh=False)
    names = {e["name"]: e.get("aliases", []) for e in found.document["entities"]}
    assert "Chrissie Ruadh" not in names and "Chrissie Ruadh" in names.get("Chrissie Nicolson", [])
