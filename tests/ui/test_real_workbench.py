"""The window over the real Workbench and a real book: the graph as of a chapter, and a review applied for real."""

from __future__ import annotations

import asyncio
import threading

import pytest

from desktop.book.errors import BookError
from desktop.book.fact_applier import Applier
from desktop.config import Settings
from desktop.ui.bridge import run_op
from desktop.ui.main_window import MainWindow
from desktop.workbench import Workbench


BEGINNING = {
    "chapter": 1,
    "entities": [
        {"kind": "Character", "name": "林动", "aliases": ["小动"], "summary": "林家少年"},
        {"kind": "Character", "name": "林琅天", "summary": "林家天才"},
        {"kind": "Location", "name": "青阳镇"},
        {"kind": "Item", "name": "祖石", "aliases": ["石符"], "first_chapter": 2},
    ],
    "relations": [
        {"type": "LIVES_IN", "from": "林动", "to": "青阳镇", "valid_from": 1},
        {"type": "HATES", "from": "林琅天", "to": "林动", "valid_from": 1, "properties": {"reason": "族比"}},
        {"type": "OWNS", "from": "林动", "to": "祖石", "valid_from": 2},
    ],
    "states": [{"entity": "林动", "key": "境界", "value": "淬体", "valid_from": 1}],
    "plan": [
        {"level": "GeneralOutline", "title": "武动乾坤"},
        {"level": "LongOutline", "title": "青阳镇篇", "parent": "武动乾坤", "chapters": [1, 20]},
        {"level": "ShortOutline", "title": "族比", "parent": "青阳镇篇", "storyline": "protagonist",
         "status": "InProgress", "chapters": [1, 10],
         "steps": [{"kind": "Start", "status": "Completed", "chapter": 1},
                   {"kind": "Climax", "status": "InProgress", "chapter": 8}]},
    ],
}
RECONCILED = {"chapter": 5, "ends": [{"type": "HATES", "from": "林琅天", "to": "林动", "valid_to": 5}]}


def wait_for(qtbot, awaitable, timeout=20_000):
    op = run_op(None, awaitable)
    qtbot.waitUntil(lambda: op.done, timeout=timeout)
    if op.error is not None:
        raise op.error
    return op.result


@pytest.fixture(scope="module")
def book(tmp_path_factory):
    """One real book for the module (creating Kuzu databases takes seconds); the tests only add to it."""
    workbench = Workbench(Settings(), settings_path=None)
    folder = tmp_path_factory.mktemp("real") / "武动乾坤.inkstone"

    async def build() -> None:
        await workbench.create_book(folder, title="武动乾坤")
        await workbench.apply(BEGINNING)
        await workbench.apply(RECONCILED)

    # The GUI thread's qasync loop counts as running, so the setup runs on a loop of its own.
    worker = threading.Thread(target=asyncio.run, args=(build(),))
    worker.start()
    worker.join()
    yield workbench
    closer = threading.Thread(target=asyncio.run, args=(workbench.shutdown(),))
    closer.start()
    closer.join()


def test_the_inspector_renders_the_books_graph_and_the_slider_hides_an_ended_relation(qtbot, qasync_loop, english,
                                                                                        book):
    workbench = book
    window = MainWindow(workbench)
    qtbot.addWidget(window)
    window.show()
    graph = window.inspector.graph
    qtbot.waitUntil(lambda: graph.visible_nodes() == ["林动", "林琅天", "祖石", "青阳镇"], timeout=10_000)
    assert window.pointer_label.text() == "protagonist · Chapter 8 · Climax"
    assert window.inspector.slider.value() == 8
    assert ("林琅天", "HATES", "林动") not in graph.visible_edges()
    assert ("林动", "OWNS", "祖石") in graph.visible_edges()

    window.inspector.set_as_of(3)
    qtbot.waitUntil(lambda: ("林琅天", "HATES", "林动") in graph.visible_edges(), timeout=10_000)
    window.inspector.set_as_of(1)
    qtbot.waitUntil(lambda: "祖石" not in graph.visible_nodes(), timeout=10_000)
    window.inspector.set_as_of(5)
    qtbot.waitUntil(lambda: ("林琅天", "HATES", "林动") not in graph.visible_edges()
                    and "祖石" in graph.visible_nodes(), timeout=10_000)

    window.inspector.search.setText("小动")
    window.inspector.search.returnPressed.emit()
    qtbot.waitUntil(lambda: "境界" in window.inspector.details_text(), timeout=10_000)
    details = window.inspector.details_text()
    assert "淬体" in details and "lives in" in details and "since chapter 1" in details  # relations in words


def test_a_review_applied_in_the_dialog_reaches_the_real_graph_only_on_apply(qtbot, qasync_loop, english, book):
    workbench = book
    window = MainWindow(workbench)
    qtbot.addWidget(window)
    window.show()
    graph = window.inspector.graph
    qtbot.waitUntil(lambda: "林动" in graph.visible_nodes(), timeout=10_000)
    review = {"task_id": None, "settlement_id": None, "document": {
        "chapter": 8,
        "entities": [{"kind": "Character", "name": "张三", "summary": "铁匠"}],
        "relations": [{"type": "KNOWS", "from": "张三", "to": "林动"},
                      {"type": "MASTER_OF", "from": "张三", "to": "林琅天"}],
    }, "items": [{"path": "entities/0", "class": "new"}, {"path": "relations/0", "class": "new"},
                 {"path": "relations/1", "class": "new"}]}
    dialog = window.open_review(review, wait_for(qtbot, workbench.facts()))
    dialog.cards["relations"][1].accept_box.click()  # the author rejects one item
    before_apply = wait_for(qtbot, workbench.facts())
    assert "张三" not in [e["name"] for e in before_apply["entities"]]  # nothing written until Apply
    dialog.apply_button.click()
    qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=10_000)
    qtbot.waitUntil(lambda: "张三" in graph.visible_nodes(), timeout=10_000)
    assert ("张三", "KNOWS", "林动") in graph.visible_edges()
    assert not any(label == "MASTER_OF" for _, label, _ in graph.visible_edges())
    applied = wait_for(qtbot, workbench.settlements(states=("applied",)))
    assert len(applied) == 3


def test_a_settlement_that_broke_is_retried_from_the_failed_settlements_dialog(qtbot, qasync_loop, english, book,
                                                                                monkeypatch):
    workbench = book
    monkeypatch.setattr(Applier, "_state", lambda *a: 1 / 0)  # the fact graph breaks mid-apply
    with pytest.raises(BookError, match="set aside as failed"):
        wait_for(qtbot, workbench.apply({"chapter": 9, "states": [
            {"entity": "林动", "key": "境界", "value": "地元"}]}))
    monkeypatch.undo()
    window = MainWindow(workbench)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: window.failed.notice_box is not None and window.failed.notice_box.isVisible(),
                    timeout=10_000)
    dialog = window.failed.open()
    qtbot.waitUntil(lambda: len(dialog.entry_ids()) == 1, timeout=10_000)
    assert "ZeroDivisionError" in dialog.error_label.text()
    dialog.retry_button.click()
    editor = window._dialogs["failed_settlement_editor"]
    editor.retry_button.click()  # the document as it was: the cause is gone
    qtbot.waitUntil(lambda: not editor.isVisible() and dialog.entry_ids() == [], timeout=10_000)
    entity = wait_for(qtbot, workbench.facts(entity="林动", as_of=9))["entities"][0]
    assert entity["attributes"]["境界"] == "地元"
