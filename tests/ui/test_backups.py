"""Backups: the dialog lists, takes and restores snapshots; a scheduled snapshot follows changes; a real round trip."""

from __future__ import annotations

import asyncio
import threading

import pytest
from PySide6.QtCore import Qt

from desktop.book.errors import BookError
from desktop.config import Settings
from desktop.ui.backups import BACKUP_INTERVAL_MS, BackupsDialog, local_time
from desktop.ui.bridge import run_op
from desktop.ui.main_window import MainWindow
from desktop.workbench import Workbench
from tests.ui.fakes import SNAPSHOTS


def open_backups(qtbot, window) -> BackupsDialog:
    menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Book")
    next(a for a in menu.actions() if a.text() == "Backups…").trigger()
    dialog = window.upkeep.backups_dialog
    assert dialog is not None and dialog.isVisible()
    qtbot.waitUntil(lambda: dialog.table.topLevelItemCount() > 0, timeout=10_000)
    return dialog


def rows(dialog: BackupsDialog) -> list[list[str]]:
    table = dialog.table
    return [[table.topLevelItem(i).text(c) for c in range(3)] for i in range(table.topLevelItemCount())]


def test_the_dialog_lists_snapshots_newest_first_with_local_time_reason_and_size(qtbot, window, fake_workbench):
    dialog = open_backups(qtbot, window)
    assert rows(dialog) == [[local_time(SNAPSHOTS[0]["created_at"]), "Scheduled", "51.2 kB"],
                            [local_time(SNAPSHOTS[1]["created_at"]), "Before a settlement", "1.3 MB"]]
    assert dialog.snapshot_names() == [s["name"] for s in SNAPSHOTS]
    assert dialog.status.text() == "2 snapshots."
    assert not dialog.restore_button.isEnabled()  # nothing chosen yet


def test_back_up_now_takes_a_manual_snapshot_and_lists_it_first(qtbot, window, fake_workbench):
    dialog = open_backups(qtbot, window)
    qtbot.mouseClick(dialog.backup_button, Qt.LeftButton)
    qtbot.waitUntil(lambda: dialog.table.topLevelItemCount() == 3)
    assert fake_workbench.called("backup") == [((), {"reason": "manual"})]
    assert rows(dialog)[0][1] == "By hand" and dialog.backup_button.isEnabled()
    assert window.statusBar().currentMessage() == "Snapshot taken."


def test_restore_asks_first_and_saying_no_restores_nothing(qtbot, window, fake_workbench):
    dialog = open_backups(qtbot, window)
    dialog.select(SNAPSHOTS[1]["name"])
    qtbot.mouseClick(dialog.restore_button, Qt.LeftButton)
    box = dialog.confirm_box
    assert box.isVisible() and local_time(SNAPSHOTS[1]["created_at"]) in box.text()
    assert "current state is kept as a snapshot first" in box.informativeText()
    cancel = next(b for b in box.buttons() if b is not dialog.confirm_restore_button)
    cancel.click()
    assert fake_workbench.called("restore") == []


def test_a_confirmed_restore_puts_the_snapshot_back_and_refreshes_panes_and_list(qtbot, window, fake_workbench):
    dialog = open_backups(qtbot, window)
    dialog.select(SNAPSHOTS[1]["name"])
    qtbot.mouseClick(dialog.restore_button, Qt.LeftButton)
    fake_workbench.calls.clear()
    dialog.confirm_restore_button.click()
    qtbot.waitUntil(lambda: dialog.table.topLevelItemCount() == 3)
    assert fake_workbench.called("restore") == [((SNAPSHOTS[1]["name"],), {})]
    assert rows(dialog)[0][1] == "Before a restore"
    assert "Snapshot restored" in window.statusBar().currentMessage()
    qtbot.waitUntil(lambda: bool(fake_workbench.called("tasks")) and bool(fake_workbench.called("plan")))
    assert window.book_label.text() == "武动乾坤" and dialog.restore_button.isEnabled()


def test_a_restore_is_refused_while_an_import_runs(qtbot, window, fake_workbench, tmp_path):
    fake_workbench.import_gate = asyncio.Event()
    path = tmp_path / "a.txt"
    path.write_text("第一章 开始\n正文", encoding="utf-8")
    window.imports.run_import([path])  # as the preview's Import does
    qtbot.waitUntil(lambda: bool(fake_workbench.called("import_paths")))
    dialog = open_backups(qtbot, window)
    dialog.select(SNAPSHOTS[0]["name"])
    dialog.restore_requested.emit(SNAPSHOTS[0]["name"])
    assert "Wait for the current background work" in window.statusBar().currentMessage()
    window.progress.cancel_button.click()
    fake_workbench.import_gate.set()
    qtbot.waitUntil(lambda: window.background_op.done)
    assert fake_workbench.called("restore") == []


def test_a_scheduled_snapshot_is_taken_only_after_the_story_changed(qtbot, window, fake_workbench):
    schedule = window.upkeep.schedule
    assert schedule.timer.isActive() and schedule.timer.interval() == BACKUP_INTERVAL_MS == 30 * 60 * 1000
    schedule._on_timeout()
    fake_workbench.tell(tasks=True, messages=True)  # chatting is not a change to the story
    schedule._on_timeout()
    assert fake_workbench.called("backup") == []
    fake_workbench.tell(facts=True)
    schedule._on_timeout()
    qtbot.waitUntil(lambda: window.statusBar().currentMessage() == "Scheduled snapshot taken.")
    assert fake_workbench.called("backup") == [((), {"reason": "scheduled"})]
    schedule._on_timeout()
    assert len(fake_workbench.called("backup")) == 1


def test_a_failed_scheduled_snapshot_is_reported_quietly_and_tried_at_the_next_tick(qtbot, window, fake_workbench):
    fake_workbench.backup_error = BookError("could not snapshot /books/武动乾坤.inkstone: disk full")
    fake_workbench.tell(archive=True)
    window.upkeep.schedule._on_timeout()
    qtbot.waitUntil(lambda: "Scheduled snapshot failed" in window.statusBar().currentMessage())
    assert "disk full" in window.statusBar().currentMessage() and window._error_box is None
    fake_workbench.backup_error = None
    window.upkeep.schedule._on_timeout()
    qtbot.waitUntil(lambda: window.statusBar().currentMessage() == "Scheduled snapshot taken.")
    assert len(fake_workbench.called("backup")) == 2


def test_the_schedule_stops_with_the_book_and_a_manual_backup_counts_as_one(qtbot, window, fake_workbench):
    fake_workbench.tell(plan=True)
    dialog = open_backups(qtbot, window)
    dialog.backup_button.click()
    qtbot.waitUntil(lambda: dialog.table.topLevelItemCount() == 3)
    window.upkeep.schedule._on_timeout()
    assert len(fake_workbench.called("backup")) == 1
    dialog.close()
    window.opener.close_book()
    qtbot.waitUntil(lambda: window.book_label.text() == "No book open")
    assert not window.upkeep.schedule.timer.isActive()


# -- the real thing ----------------------------------------------------------------------------------

FIRST = {"chapter": 1, "entities": [{"kind": "Character", "name": "林动", "summary": "林家少年"},
                                     {"kind": "Location", "name": "青阳镇"}],
         "relations": [{"type": "LIVES_IN", "from": "林动", "to": "青阳镇", "valid_from": 1}]}
LATER = {"chapter": 2, "entities": [{"kind": "Character", "name": "张三", "summary": "铁匠"}],
         "relations": [{"type": "KNOWS", "from": "张三", "to": "林动", "valid_from": 2}]}


def in_a_thread(coroutine) -> None:
    # The GUI thread's qasync loop counts as running, so set-up and shutdown run on a loop of their own.
    worker = threading.Thread(target=asyncio.run, args=(coroutine,))
    worker.start()
    worker.join()


def wait_for(qtbot, awaitable):
    op = run_op(None, awaitable)
    qtbot.waitUntil(lambda: op.done, timeout=20_000)
    if op.error is not None:
        raise op.error
    return op.result


@pytest.fixture
def real_book(tmp_path):
    workbench = Workbench(Settings(), settings_path=None)

    async def build() -> None:
        await workbench.create_book(tmp_path / "武动乾坤.inkstone", title="武动乾坤")
        await workbench.apply(FIRST)

    in_a_thread(build())
    yield workbench
    in_a_thread(workbench.shutdown())


def test_a_restore_in_the_dialog_puts_a_real_book_back_and_the_graph_follows(qtbot, qasync_loop, english, real_book):
    workbench = real_book
    window = MainWindow(workbench)
    qtbot.addWidget(window)
    window.show()
    graph = window.inspector.graph
    qtbot.waitUntil(lambda: graph.visible_nodes() == ["林动", "青阳镇"], timeout=10_000)

    dialog = open_backups(qtbot, window)
    before = dialog.table.topLevelItemCount()
    dialog.backup_button.click()
    qtbot.waitUntil(lambda: dialog.table.topLevelItemCount() == before + 1, timeout=10_000)
    manual = dialog.snapshot_names()[0]
    assert rows(dialog)[0][1] == "By hand"

    wait_for(qtbot, workbench.apply(LATER))
    qtbot.waitUntil(lambda: "张三" in graph.visible_nodes(), timeout=10_000)

    dialog.select(manual)
    dialog.restore_button.click()
    dialog.confirm_restore_button.click()
    qtbot.waitUntil(lambda: window.background_op.done, timeout=20_000)
    assert window.background_op.error is None
    qtbot.waitUntil(lambda: graph.visible_nodes() == ["林动", "青阳镇"], timeout=10_000)
    assert "张三" not in [e["name"] for e in wait_for(qtbot, workbench.facts())["entities"]]
    qtbot.waitUntil(lambda: rows(dialog)[0][1] == "Before a restore", timeout=10_000)
    assert manual in dialog.snapshot_names()
    assert window.book_label.text() == "武动乾坤" and workbench.has_book
