"""Editing the outline in the plan view, over the fake workbench: the context menu, buttons and keys call the
workbench's outline operations with the selected node; an empty name is refused with the workbench's message."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from desktop.ui.plan_view import PlanView
from tests.ui.fakes import PLAN


@pytest.fixture
def view(qtbot, qasync_loop, fake_workbench, english):
    plan = PlanView()
    plan.attach(fake_workbench)
    qtbot.addWidget(plan)
    plan.resize(520, 600)
    plan.show()
    plan.set_plan(PLAN)
    plan.answers = []
    plan.editor.ask_text = lambda *args: plan.answers.pop(0)
    return plan


def finish(qtbot, view):
    qtbot.waitUntil(lambda: view.editor.last_op is not None and view.editor.last_op.done)


def test_insert_adds_a_step_to_the_selected_short_outline_and_a_child_outline_elsewhere(qtbot, view,
                                                                                          fake_workbench):
    view.select("s1")
    view.answers = [("对决", True)]
    qtbot.keyClick(view.tree, Qt.Key_Insert)
    finish(qtbot, view)
    assert fake_workbench.called("add_plan_step") == [(("s1", "对决"), {"summary": "", "chapter": None})]
    view.select("L1")
    view.answers = [("林动出走", True)]
    view.editor.actions["add"].trigger()
    finish(qtbot, view)
    args, kwargs = fake_workbench.called("add_outline")[0]
    assert args == ("ShortOutline", "林动出走") and kwargs["parent"] == "L1"


def test_f2_renames_and_a_cancelled_name_calls_nothing(qtbot, view, fake_workbench):
    view.select("st1")
    view.answers = [("报名", False)]
    qtbot.keyClick(view.tree, Qt.Key_F2)
    assert fake_workbench.called("rename_plan_node") == []
    view.answers = [("报名参赛", True)]
    qtbot.keyClick(view.tree, Qt.Key_F2)
    finish(qtbot, view)
    assert fake_workbench.called("rename_plan_node") == [(("st1", "报名参赛"), {})]


def test_ctrl_down_moves_a_step_and_the_selection_stays_on_it(qtbot, view, fake_workbench):
    view.select("st1")
    qtbot.keyClick(view.tree, Qt.Key_Down, Qt.ControlModifier)
    finish(qtbot, view)
    assert fake_workbench.called("move_plan_node") == [(("st1",), {"parent": None, "index": 1})]
    view.set_plan(PLAN)
    assert view.tree.currentItem().data(0, Qt.UserRole) == "st1"
    qtbot.keyClick(view.tree, Qt.Key_Down, Qt.ControlModifier)  # already last: nothing to do
    assert len(fake_workbench.called("move_plan_node")) == 1


def test_the_context_menu_sets_a_status_moves_under_another_parent_and_puts_the_pointer_here(qtbot, view,
                                                                                               fake_workbench):
    view.select("s2")
    menu = view.editor.build_menu()
    texts = [a.text() for a in menu.actions() if a.text()]
    assert texts == ["Add step…", "New general outline…", "Rename…", "Move up", "Move down", "Move under",
                     "Set status", "Put the pointer here"]
    status = next(a.menu() for a in menu.actions() if a.text() == "Set status")
    assert [(a.text(), a.isChecked()) for a in status.actions()] == [
        ("Pending", True), ("In progress", False), ("Completed", False)]
    next(a for a in status.actions() if a.text() == "Completed").trigger()
    finish(qtbot, view)
    assert fake_workbench.called("set_plan_status") == [(("s2", "Completed"), {})]
    move_under = next(a.menu() for a in menu.actions() if a.text() == "Move under")
    assert not move_under.isEnabled()  # the fake book has one long outline: nowhere else to go
    view.editor.actions["pointer"].trigger()
    finish(qtbot, view)
    assert fake_workbench.called("move_pointer") == [(("s2",), {})]


def test_the_pointer_is_only_for_short_outlines_and_steps(qtbot, view):
    view.select("L1")
    assert not view.editor.actions["pointer"].isEnabled()
    view.select("st2")
    assert view.editor.actions["pointer"].isEnabled()


def test_an_empty_plan_offers_a_general_outline(qtbot, view, fake_workbench):
    view.set_plan({"outlines": [], "pointer": []})
    assert view.editor.actions["add"].text() == "Add general outline…"
    view.answers = [("  ", True)]
    view.editor.actions["add"].trigger()
    finish(qtbot, view)
    assert isinstance(view.editor.last_op.error, Exception) and "empty" in str(view.editor.last_op.error)


def test_dropping_a_row_moves_it_through_the_workbench(qtbot, view, fake_workbench):
    assert view.editor.drop_on("st1", "st2", below=True)  # 报名 after 决战: index 1 once it left index 0
    finish(qtbot, view)
    assert view.editor.drop_on("st2", "st1")  # 决战 above 报名
    finish(qtbot, view)
    assert not view.editor.drop_on("st1", "st1")
    assert not view.editor.drop_on("st2", "st2", below=True)
    assert view.editor.drop_on("st2", "s2")  # onto another short outline: last there
    finish(qtbot, view)
    assert not view.editor.drop_on("s1", "st1")  # an outline cannot go under a step
    assert not view.editor.drop_on("s2", "L1")  # already there
    assert [call[1] for call in fake_workbench.called("move_plan_node")] == [
        {"parent": None, "index": 1}, {"parent": None, "index": 0}, {"parent": "s2", "index": None}]


def test_a_drop_on_the_tree_becomes_the_move_and_the_rows_stay_as_the_book_has_them(qtbot, view, fake_workbench):
    from PySide6.QtCore import QMimeData, QPointF
    from PySide6.QtGui import QDropEvent

    view.select("st1")
    target = next(i for i in view.tree.findItems("", Qt.MatchContains | Qt.MatchRecursive)
                  if i.data(0, Qt.UserRole) == "st1")
    view.select("st2")
    at = QPointF(view.tree.visualItemRect(target).center())
    drop = QDropEvent(at, Qt.MoveAction, QMimeData(), Qt.LeftButton, Qt.NoModifier)
    rows = view.row_texts()
    # Qt hands a Drop only to the widget that took the drag's DragEnter, which a test cannot start offscreen:
    # the drop goes straight to the filter the viewport has.
    assert view.editor.eventFilter(view.tree.viewport(), drop) is True
    finish(qtbot, view)
    assert fake_workbench.called("move_plan_node") == [(("st2",), {"parent": None, "index": 0})]
    assert view.row_texts() == rows  # the tree did not move the row itself
