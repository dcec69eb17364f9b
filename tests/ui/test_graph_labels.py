"""Graph labels: readable at any zoom, clear of each other, relation types in the author's language, and a layout
that stays put — the same spot for an entity in every view of one book, after a restart too."""

from __future__ import annotations

import itertools

import pytest
from PySide6.QtGui import QFontInfo

from desktop.ui import graph_layouts
from desktop.ui.graph_view import MIN_LABEL_PX, Edge, ForceGraphView, Graph, Node
from desktop.ui.relation_words import relation_word

SIX = Graph(
    [Node("贾宝玉", "Character"), Node("林黛玉", "Character"), Node("薛宝钗", "Character"),
     Node("荣国府", "Location"), Node("通灵宝玉", "Item"), Node("贾母", "Character")],
    [Edge("贾宝玉", "荣国府", "LIVES_IN"), Edge("林黛玉", "荣国府", "LIVES_IN"), Edge("贾宝玉", "通灵宝玉", "OWNS"),
     Edge("贾母", "贾宝玉", "PARENT_OF"), Edge("贾宝玉", "林黛玉", "LOVES"), Edge("薛宝钗", "荣国府", "LIVES_IN"),
     Edge("贾宝玉", "林黛玉", "KNOWS")])


@pytest.fixture(autouse=True)
def book_layouts():
    graph_layouts.use_book("/books/红楼梦.inkstone")
    yield
    graph_layouts.use_book(None)


def make_view(qtbot, *, interactive=True, size=(480, 360)):
    view = ForceGraphView(interactive=interactive)
    qtbot.addWidget(view)
    view.resize(*size)
    view.show()
    view.set_graph(SIX)
    return view


def overlapping(rects):
    return [(a, b) for a, b in itertools.combinations(rects, 2) if a.adjusted(1, 1, -1, -1).intersects(b)]


def test_six_entities_in_a_small_review_preview_have_labels_of_readable_size_that_do_not_overlap(qtbot, chinese):
    view = make_view(qtbot, interactive=False, size=(360, 260))
    rects = view.label_screen_rects()
    assert len(rects) == 6 + 7
    assert min(r.height() for r in rects) >= MIN_LABEL_PX
    assert overlapping(rects) == []


def test_labels_keep_their_size_on_screen_when_the_author_zooms_out_and_in(qtbot, chinese):
    view = make_view(qtbot)
    before = [r.height() for r in view.label_screen_rects()]
    for _ in range(6):
        view.scale(1 / 1.15, 1 / 1.15)
    view.fit_labels()
    assert [r.height() for r in view.label_screen_rects()] == before
    for label in view.scene().items():
        if hasattr(label, "font") and callable(label.font):
            assert QFontInfo(label.font()).pixelSize() >= MIN_LABEL_PX
    for _ in range(10):
        view.scale(1.15, 1.15)
    view.fit_labels()
    assert [r.height() for r in view.label_screen_rects()] == before
    assert overlapping(view.label_screen_rects()) == []


def test_relation_names_are_drawn_in_chinese_not_as_raw_types(qtbot, chinese):
    view = make_view(qtbot)
    assert view.edge_label_texts() == sorted(["住在", "住在", "住在", "拥有", "父母", "爱慕", "认识"])
    assert ("贾宝玉", "LIVES_IN", "荣国府") in view.visible_edges()  # the data keeps its types


def test_relation_names_read_in_english_too(qtbot, english):
    assert [relation_word(t) for t in ("LIVES_IN", "OWNS", "持有", "SWORN_TO", "结拜")] == [
        "lives in", "owns", "owns", "sworn to", "结拜"]


def test_every_view_of_one_book_places_an_entity_in_the_same_spot(qtbot, english):
    first = make_view(qtbot)
    second = make_view(qtbot, interactive=False)  # a review preview opened later
    for node in SIX.nodes:
        assert second.node_position(node.name) == first.node_position(node.name)


def test_the_layout_is_remembered_per_book_across_a_restart(qtbot, english):
    first = make_view(qtbot)
    where = {n.name: first.node_position(n.name) for n in SIX.nodes}
    graph_layouts.use_book(None)
    graph_layouts.use_book("/books/红楼梦.inkstone")  # read back from disk
    assert graph_layouts.current().file.is_file()
    again = make_view(qtbot)
    assert all((again.node_position(name) - spot).manhattanLength() < 0.2 for name, spot in where.items())


def test_another_book_does_not_inherit_the_layout(qtbot, english):
    make_view(qtbot)
    other = graph_layouts.use_book("/books/另一本.inkstone")
    assert other.positions == {}


def test_a_picture_of_the_preview_and_a_zoomed_out_inspector_graph(qtbot, chinese):
    from pathlib import Path

    from PySide6.QtWidgets import QHBoxLayout, QWidget

    page = QWidget()
    qtbot.addWidget(page)
    row = QHBoxLayout(page)
    preview = ForceGraphView(interactive=False)
    zoomed = ForceGraphView()
    for view in (preview, zoomed):
        row.addWidget(view)
    page.resize(820, 320)
    page.show()
    for view in (preview, zoomed):
        view.set_graph(SIX)
    for _ in range(4):
        zoomed.scale(1 / 1.15, 1 / 1.15)
    zoomed.fit_labels()
    assert overlapping(preview.label_screen_rects()) == []
    shots = Path("/work/shots")
    if shots.is_dir():
        page.grab().save(str(shots / "graph_labels_zh.png"))
