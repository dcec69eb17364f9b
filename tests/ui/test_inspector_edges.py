"""The inspector's edge details: where a relation came from (the task by its title, or the imported chapter), when
it was settled and the words quoted for it; relation types in the author's language. Zh and en."""

from __future__ import annotations

import copy

from PySide6.QtCore import QUrl

from desktop.ui.graph_inspector import GraphInspector
from tests.ui.fakes import snapshot


def make_inspector(qtbot):
    inspector = GraphInspector()
    qtbot.addWidget(inspector)
    inspector.resize(640, 720)
    inspector.show()
    inspector.set_chapter_range(6, 6)
    inspector.set_facts(snapshot(6))
    return inspector


def details_of_lin_dong(origins):
    snap = copy.deepcopy(snapshot(6, "林动"))  # the fake's rows are shared between calls
    for rel in snap["relations"]:
        rel["origin"] = origins[rel["type"]]
    return snap


ORIGINS = {
    "LIVES_IN": {"origin": "imported_chapter", "from_chapter": 1, "chapter_heading": "第一章 青阳镇",
                 "settlement_id": 1, "settled_at": "2026-11-20T08:30:00+00:00",
                 "quote": "林动自小在青阳镇长大。"},
    "OWNS": {"origin": "task", "task_id": 3, "task_title": "讨论：祖石的来历", "settlement_id": 4,
             "settled_at": "2026-11-22T10:05:00+00:00", "quote": "林动握紧了那块祖石。"},
}


def test_edge_details_name_the_task_the_chapter_the_time_and_the_quote_in_chinese(qtbot, chinese):
    inspector = make_inspector(qtbot)
    inspector.set_entity_details(details_of_lin_dong(ORIGINS))
    text = inspector.details_text()
    assert "林动 —住在→ 青阳镇" in text and "林动 —拥有→ 祖石" in text
    assert "来自任务“讨论：祖石的来历”" in text and "来自导入的第1章 第一章 青阳镇" in text
    assert "「林动握紧了那块祖石。」" in text and "「林动自小在青阳镇长大。」" in text
    assert "结算于 2026-11-2" in text and "结算 #4" in text


def test_edge_details_in_english(qtbot, english):
    inspector = make_inspector(qtbot)
    inspector.set_entity_details(details_of_lin_dong(ORIGINS))
    text = inspector.details_text()
    assert "林动 —owns→ 祖石" in text and "from the task “讨论：祖石的来历”" in text
    assert "from imported chapter 1" in text and "settled 2026-11-2" in text


def test_an_edge_without_a_known_origin_still_names_its_settlement(qtbot, english):
    inspector = make_inspector(qtbot)
    inspector.set_entity_details(snapshot(6, "林动"))
    assert "settlement #1" in inspector.details_text()


def test_a_characters_details_link_to_its_persona(qtbot, window, fake_workbench):
    window.inspector._select("林动")
    qtbot.waitUntil(lambda: "Persona…" in window.inspector.details_text(), timeout=5000)
    with qtbot.waitSignal(window.inspector.persona_requested) as asked:
        window.inspector._on_details_link(QUrl("persona:%E6%9E%97%E5%8A%A8"))
    assert asked.args == ["林动"]
    qtbot.waitUntil(lambda: window.personas.dialog is not None and window.personas.dialog.isVisible(), timeout=5000)
