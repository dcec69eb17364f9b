"""The window and failed settlements: a notice at open, a dialog listing each with its error, discard, and an
edited retry whose document is checked before it is sent and whose refusal is shown where it was edited."""

from __future__ import annotations

import json

import pytest

from desktop.book.errors import DocumentError
from tests.ui.fakes import FakeWorkbench

FAILED = [
    {"id": 4, "state": "failed", "source": "task:2", "error": "RuntimeError: Kuzu: buffer manager exception",
     "document": {"chapter": 9, "entities": [{"kind": "Character", "name": "林动"}]}},
    {"id": 6, "state": "failed", "source": "file:x.json", "error": "ends: no open OWNS from '林动' to '祖石'",
     "document": {"chapter": 11, "ends": [{"type": "OWNS", "from": "林动", "to": "祖石"}]}},
]


@pytest.fixture
def fake_workbench():
    fake = FakeWorkbench()
    fake.failed = json.loads(json.dumps(FAILED))
    return fake


def open_dialog(qtbot, window):
    action = next(a for a in window.menuBar().actions()[0].menu().actions() if a.text() == "Failed settlements…")
    action.trigger()
    dialog = window._dialogs["failed_settlements"]
    qtbot.waitUntil(lambda: dialog.entry_ids() == [e["id"] for e in window.workbench.failed])
    return dialog


def test_opening_a_book_with_failed_settlements_says_so_and_leads_to_them(qtbot, window):
    qtbot.waitUntil(lambda: window.failed.notice_box is not None and window.failed.notice_box.isVisible())
    assert "2 settlements could not be applied" in window.failed.notice_box.text()
    assert window.inspector.health.value_text("failed_settlements") == "Failed 2"
    next(b for b in window.failed.notice_box.buttons() if b.text() == "Review them…").click()
    dialog = window._dialogs["failed_settlements"]
    qtbot.waitUntil(lambda: dialog.isVisible() and dialog.entry_ids() == [4, 6])


def test_the_dialog_shows_each_error_and_discards_the_chosen_one(qtbot, window):
    dialog = open_dialog(qtbot, window)
    assert [dialog.table.topLevelItem(i).text(0) for i in range(2)] == ["#4", "#6"]
    assert dialog.error_label.text() == FAILED[0]["error"]
    dialog.table.setCurrentItem(dialog.table.topLevelItem(1))
    assert "no open OWNS" in dialog.error_label.text()
    dialog.discard_button.click()
    qtbot.waitUntil(lambda: dialog.entry_ids() == [4])
    assert window.workbench.called("discard_settlement") == [((6,), {})]


def test_edit_and_retry_checks_the_json_then_shows_the_books_objection_or_closes(qtbot, window):
    dialog = open_dialog(qtbot, window)
    dialog.retry_button.click()
    editor = window._dialogs["failed_settlement_editor"]
    assert json.loads(editor.editor.toPlainText()) == FAILED[0]["document"]
    editor.editor.setPlainText('{"chapter": 9,')
    editor.retry_button.click()
    assert editor.problem.text().startswith("Not valid JSON") and window.workbench.called("retry_settlement") == []

    window.workbench.retry_error = DocumentError("unknown entity '无名'")
    editor.editor.setPlainText(json.dumps({"chapter": 9, "relations": [{"type": "OWNS", "from": "无名", "to": "剑"}]}))
    editor.retry_button.click()
    qtbot.waitUntil(lambda: editor.problem.text() == "unknown entity '无名'")
    assert editor.isVisible() and editor.retry_button.isEnabled()

    window.workbench.retry_error = None
    edited = {"chapter": 9, "entities": [{"kind": "Character", "name": "林动", "summary": "少年"}]}
    editor.editor.setPlainText(json.dumps(edited, ensure_ascii=False))
    editor.retry_button.click()
    qtbot.waitUntil(lambda: not editor.isVisible() and dialog.entry_ids() == [6])
    assert window.workbench.called("retry_settlement")[-1] == ((4, edited), {})
