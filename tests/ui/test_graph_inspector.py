"""The graph inspector: facts as of a chapter, kind filters, search, details, hooks, the plan, the health strip."""

from __future__ import annotations

from PySide6.QtCore import Qt

from desktop.ui.graph_inspector import GraphInspector
from desktop.ui.graph_view import force_layout
from tests.ui.fakes import HEALTH, PLAN, snapshot


def make_inspector(qtbot, as_of=6):
    inspector = GraphInspector()
    qtbot.addWidget(inspector)
    inspector.resize(640, 720)
    inspector.show()
    inspector.set_chapter_range(6, as_of)
    inspector.set_facts(snapshot(as_of))
    inspector.set_plan(PLAN)
    inspector.set_health(HEALTH)
    return inspector


def test_every_entity_is_a_node_and_every_valid_relation_an_edge(qtbot, english):
    inspector = make_inspector(qtbot)
    assert inspector.graph.visible_nodes() == ["林动", "林琅天", "祖石", "青阳镇"]
    assert inspector.graph.visible_edges() == [("林动", "LIVES_IN", "青阳镇"), ("林动", "OWNS", "祖石")]


def test_moving_the_chapter_slider_asks_for_the_graph_as_of_that_chapter(qtbot, english):
    inspector = make_inspector(qtbot)
    with qtbot.waitSignal(inspector.as_of_changed) as blocker:
        inspector.slider.setValue(3)
    assert blocker.args == [3] and inspector.slider_label.text() == "Chapter 3"
    inspector.set_facts(snapshot(3))
    assert ("林琅天", "HATES", "林动") in inspector.graph.visible_edges()


def test_nodes_keep_their_place_when_the_chapter_changes(qtbot, english):
    inspector = make_inspector(qtbot)
    before = inspector.graph.node_position("林动")
    inspector.set_facts(snapshot(3))
    after = inspector.graph.node_position("林动")
    assert abs(before.x() - after.x()) < 60 and abs(before.y() - after.y()) < 60


def test_kind_filters_hide_nodes_and_their_edges(qtbot, english):
    inspector = make_inspector(qtbot)
    inspector.kind_boxes["Location"].click()
    assert "青阳镇" not in inspector.graph.visible_nodes()
    assert inspector.graph.visible_edges() == [("林动", "OWNS", "祖石")]
    inspector.kind_boxes["Location"].click()
    assert "青阳镇" in inspector.graph.visible_nodes()


def test_search_by_alias_selects_the_entity_and_asks_for_its_details(qtbot, english):
    inspector = make_inspector(qtbot)
    qtbot.keyClicks(inspector.search, "")
    inspector.search.setText("石符")
    with qtbot.waitSignal(inspector.entity_selected) as blocker:
        qtbot.keyClick(inspector.search, Qt.Key_Return)
    assert blocker.args == ["祖石"]
    inspector.set_entity_details(snapshot(6, "祖石"))
    text = inspector.details_text()
    assert "祖石" in text and "石符" in text and "owns" in text and "since chapter 2" in text


def test_clicking_a_node_selects_it(qtbot, english):
    inspector = make_inspector(qtbot)
    view = inspector.graph
    point = view.mapFromScene(view.node_rect("林动").center())
    with qtbot.waitSignal(inspector.entity_selected) as blocker:
        qtbot.mouseClick(view.viewport(), Qt.LeftButton, pos=point)
    assert blocker.args == ["林动"]


def test_details_show_attributes_as_of_the_chapter_relations_with_validity_and_mentions(qtbot, english):
    inspector = make_inspector(qtbot, as_of=3)
    inspector.set_entity_details(snapshot(3, "林动"))
    text = inspector.details_text()
    assert "State as of chapter 3" in text and "境界" in text and "淬体" in text
    assert "chapters 1–5" in text and "settlement #1" in text
    assert "Mentioned in" in text and "ch. 1" in text


def test_overdue_hooks_are_marked(qtbot, english):
    inspector = make_inspector(qtbot)
    assert inspector.hook_rows() == [("祖石的来历", "⚠ Overdue"), ("族比之约", "Resolved")]
    inspector.hook_filter.setCurrentIndex(2)
    assert inspector.hook_rows() == [("祖石的来历", "⚠ Overdue")]


def test_the_plan_marks_the_narrative_pointer_and_lays_storylines_side_by_side(qtbot, english):
    inspector = make_inspector(qtbot)
    assert inspector.plan.pointer_rows() == ["▶ 族比", "▶ Climax: 决战"]
    assert inspector.plan.storylines() == ["protagonist", "antagonist"]


def test_health_counts_open_the_list_behind_them(qtbot, english):
    inspector = make_inspector(qtbot)
    assert inspector.health.value_text("overdue_hooks") == "Overdue 1"
    inspector.health.buttons["overdue_hooks"].click()
    assert inspector.tabs.currentIndex() == 1 and inspector.hook_filter.currentData() == "overdue"
    inspector.health.buttons["relations"].click()
    assert inspector.tabs.currentIndex() == 0 and "lives in" in inspector.details_text()
    with qtbot.waitSignal(inspector.health_item_clicked) as blocker:
        inspector.health.buttons["reviews_waiting"].click()
    assert blocker.args == ["reviews_waiting"]


def test_the_layout_separates_linked_nodes_and_is_deterministic():
    names = [f"n{i}" for i in range(40)]
    links = [(i, (i + 1) % 40) for i in range(40)]
    first, second = force_layout(names, links, {}), force_layout(names, links, {})
    assert (first == second).all()
    gaps = ((first[:, None, :] - first[None, :, :]) ** 2).sum(-1) ** 0.5
    assert gaps[~__import__("numpy").eye(40, dtype=bool)].min() > 5
