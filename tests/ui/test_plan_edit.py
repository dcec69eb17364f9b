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
