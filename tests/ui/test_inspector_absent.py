"""Moving "As of chapter" before an entity's first chapter while it is selected: the details say when it comes into
the story — an empty state, never an error box."""

from __future__ import annotations

import copy

from tests.ui.fakes import snapshot


def with_absent(fake):
    """The workbench's answer for an entity in the book but not yet in the story (the fake knows no such state)."""
    async def facts(*, entity=None, as_of=None):
        fake._record("facts", entity=entity, as_of=as_of)
        snap = copy.deepcopy(snapshot(as_of, entity))
        if entity == "祖石" and not snap["entities"]:
            snap["absent"] = {"name": "祖石", "kind": "Item", "first_chapter": 2}
        return snap
    fake.facts = facts


def select_then_go_back(qtbot, window, fake_workbench):
    errors = []
    window.show_error = lambda text, **_: errors.append(text)
    with_absent(fake_workbench)
    inspector = window.inspector
    inspector._select("祖石")
    qtbot.waitUntil(lambda: "神秘石符" in inspector.details_text())
    inspector.set_as_of(1)
    return inspector, errors


def test_an_entity_not_yet_in_the_story_gets_an_empty_state_in_chinese(qtbot, window, fake_workbench, chinese):
    inspector, errors = select_then_go_back(qtbot, window, fake_workbench)
    qtbot.waitUntil(lambda: "要到第2章才出场" in inspector.details_text())
    assert errors == [] and "祖石 要到第2章才出场。" in inspector.details_text()
    assert "祖石" not in inspector.graph.visible_nodes()


def test_moving_forward_again_shows_the_entity_again(qtbot, window, fake_workbench, english):
    inspector, errors = select_then_go_back(qtbot, window, fake_workbench)
    qtbot.waitUntil(lambda: "does not appear until chapter 2" in inspector.details_text())
    inspector.set_as_of(4)
    qtbot.waitUntil(lambda: "神秘石符" in inspector.details_text())
    assert errors == []


def test_a_late_answer_for_a_chapter_the_slider_left_is_ignored(qtbot, window, fake_workbench, english):
    inspector = window.inspector
    inspector.set_as_of(5)
    qtbot.waitUntil(lambda: any(kw.get("as_of") == 5 for _, kw in fake_workbench.called("facts")))
    shown = inspector.details_text()
    inspector.set_entity_details(snapshot(3, "林动"))
    assert inspector.details_text() == shown
