"""Real-stack: the plan tab over the real Workbench and a real book (real Kuzu). The author builds an outline in the
window, sets a step's status, puts the narrative pointer on the next step, and the plan view, the workbench's
plan and the journal all show it; an edit undone in the book is gone from the view."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QPainter

from desktop.config import Settings
from desktop.ui.main_window import MainWindow
from desktop.workbench import Workbench
from tests.ui.test_real_workbench import wait_for

SHOTS = Path("/work/shots")


@pytest.fixture
def workbench(tmp_path):
    """Asked for before qtbot, so the window is gone before the book closes under it."""
    workbench = Workbench(Settings(), settings_path=None)
    worker = threading.Thread(target=asyncio.run,
                              args=(workbench.create_book(tmp_path / "武动乾坤.inkstone", title="武动乾坤"),))
    worker.start()
    worker.join()
    yield workbench
    closer = threading.Thread(target=asyncio.run, args=(workbench.shutdown(),))
    closer.start()
    closer.join()


def test_an_outline_built_in_the_plan_tab_reaches_the_book_and_the_pointer_moves(workbench, qtbot, qasync_loop,
                                                                                  chinese):
    window = MainWindow(workbench)
    qtbot.addWidget(window)
    window.resize(1400, 860)
    window.show()
    plan = window.inspector.plan
    window.inspector.tabs.setCurrentWidget(plan)
    answers: list[tuple[str, bool]] = []
    plan.editor.ask_text = lambda *args: answers.pop(0)
    assert plan.editor.actions["add"].text() == "添加总纲…"

    def add(name: str, under: str | None, shows: str) -> None:
        if under is not None:
            assert plan.select(plan_id(under))
        answers.append((name, True))
        plan.editor.actions["add"].trigger()
        qtbot.waitUntil(lambda: any(row.strip().startswith(shows) for row in plan.row_texts()), timeout=15_000)

    def plan_id(title: str) -> str:
        return next(node["id"] for node in plan.nodes.values() if node["title"] == title)

    add("武动乾坤", None, "武动乾坤")
    add("卷一 青阳镇", "武动乾坤", "卷一 青阳镇")
    add("族比", "卷一 青阳镇", "族比")
    add("报名", "族比", "报名")
    add("决战", "族比", "决战")

    plan.select(plan_id("报名"))
    plan.editor.set_status("Completed")
    qtbot.waitUntil(lambda: "      报名 [已完成]" in plan.row_texts(), timeout=15_000)
    plan.select(plan_id("决战"))
    plan.editor.pointer_here()
    qtbot.waitUntil(lambda: plan.pointer_rows() == ["▶ 族比", "▶ 决战"], timeout=15_000)
    assert "      ▶ 决战 [进行中]" in plan.row_texts()

    book_plan = wait_for(qtbot, workbench.plan())
    assert book_plan["pointer"][0]["step_kind"] == "决战" and book_plan["pointer"][0]["outline"] == "族比"
    edits = [e for e in wait_for(qtbot, workbench.settlements()) if e["source"] == "outline"]
    assert len(edits) == 7  # five added, one status, one pointer: each in the history, each undoable

    # Ctrl+Up on 决战 puts it first; undone in the book, the view follows.
    plan.select(plan_id("决战"))
    plan.tree.setFocus()
    qtbot.keyClick(plan.tree, Qt.Key_Up, Qt.ControlModifier)
    qtbot.waitUntil(lambda: [r.strip() for r in plan.row_texts()][3:5] == ["▶ 决战 [进行中]", "报名 [已完成]"],
                    timeout=15_000)
    wait_for(qtbot, workbench.undo(plan.editor.last_op.result["settlement_id"]))
    qtbot.waitUntil(lambda: [r.strip() for r in plan.row_texts()][3:5] == ["报名 [已完成]", "▶ 决战 [进行中]"],
                    timeout=15_000)

    _shot_with_menu(qtbot, window, plan, plan_id("族比"))


def _shot_with_menu(qtbot, window, plan, node_id: str) -> None:
    """The window with the plan's context menu open over the selected row (a menu is its own top-level window,
    so it is painted onto the window's picture where it stands)."""
    plan.select(node_id)
    rect = plan.tree.visualItemRect(plan.tree.currentItem())
    menu = plan.editor.build_menu()
    at = plan.tree.viewport().mapToGlobal(rect.center())
    menu.popup(at)
    qtbot.waitUntil(menu.isVisible)
    status = next(a.menu() for a in menu.actions() if a.menu() is not None and a.text() == "设置状态")
    picture = window.grab()
    painter = QPainter(picture)
    # Where a screen-aware popup would stand: pulled left so the menu and its status submenu both fit.
    place = window.mapFromGlobal(at)
    place.setX(min(place.x(), picture.width() - menu.width() - status.sizeHint().width() - 8))
    painter.drawPixmap(place, menu.grab())
    row = menu.actionGeometry(status.menuAction()).top()
    status.popup(menu.mapToGlobal(QPoint(menu.width(), row)))
    qtbot.waitUntil(status.isVisible)
    painter.drawPixmap(place + QPoint(menu.width() - 2, row), status.grab())
    painter.end()
    SHOTS.mkdir(parents=True, exist_ok=True)
    picture.save(str(SHOTS / "outline_edit_zh.png"))
    menu.close()
