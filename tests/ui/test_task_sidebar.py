"""The task sidebar: groups, the active task, and the commands as buttons, menu, double-click and shortcuts."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from desktop.ui.task_sidebar import NewTaskDialog, TaskSidebar
from tests.ui.fakes import TASKS, type_text


def make_sidebar(qtbot):
    sidebar = TaskSidebar()
    qtbot.addWidget(sidebar)
    sidebar.set_tasks(TASKS)
    sidebar.show()
    return sidebar


def row_of(sidebar, task_id):
    for i in range(sidebar.tree.topLevelItemCount()):
        item = sidebar.tree.topLevelItem(i)
        if item.data(0, Qt.UserRole) == task_id:
            return item
    raise AssertionError(f"no row for task {task_id}")


def test_tasks_are_grouped_open_retained_archived_with_kind_count_and_time(qtbot, english):
    sidebar = make_sidebar(qtbot)
    assert sidebar.task_titles() == [
        "Open (2)", "● 主线大纲  · outline", "设定人物：张三  · character",
        "Closed (retained) (1)", "第十二章草稿  · chapter", "Archived (1)", "旧设定  · setting",
    ]
    row = row_of(sidebar, 3)
    assert row.text(1) == "9" and row.text(2)
    assert "kept until" in row.toolTip(0)


def test_the_active_task_is_highlighted_and_selected(qtbot, english):
    sidebar = make_sidebar(qtbot)
    active = row_of(sidebar, 1)
    assert active.font(0).bold() and active.background(0).color().alpha() > 0
    assert sidebar.selected_task_id() == 1 and sidebar.active_task_id() == 1


def test_double_clicking_an_open_task_requests_a_switch(qtbot, english):
    sidebar = make_sidebar(qtbot)
    with qtbot.waitSignal(sidebar.switch_requested) as blocker:
        sidebar.tree.itemDoubleClicked.emit(row_of(sidebar, 2), 0)
    assert blocker.args == [2]


def test_double_clicking_a_closed_task_requests_a_restart(qtbot, english):
    sidebar = make_sidebar(qtbot)
    with qtbot.waitSignal(sidebar.restart_requested) as blocker:
        sidebar.tree.itemDoubleClicked.emit(row_of(sidebar, 3), 0)
    assert blocker.args == [3]


def test_buttons_follow_the_selected_task(qtbot, english):
    sidebar = make_sidebar(qtbot)
    sidebar.tree.setCurrentItem(row_of(sidebar, 2))
    assert sidebar.switch_action.isEnabled() and not sidebar.restart_action.isEnabled()
    sidebar.tree.setCurrentItem(row_of(sidebar, 3))
    assert sidebar.restart_action.isEnabled() and not sidebar.switch_action.isEnabled()
    assert not sidebar.settle_action.isEnabled()
    with qtbot.waitSignal(sidebar.restart_requested) as blocker:
        sidebar.restart_action.trigger()
    assert blocker.args == [3]


def test_settle_acts_on_the_selected_open_task(qtbot, english):
    sidebar = make_sidebar(qtbot)
    sidebar.tree.setCurrentItem(row_of(sidebar, 2))
    with qtbot.waitSignal(sidebar.settle_requested) as blocker:
        sidebar.settle_action.trigger()
    assert blocker.args == [2]


def test_the_keyboard_steps_through_open_tasks(qtbot, english):
    sidebar = make_sidebar(qtbot)
    sidebar.activateWindow()
    qtbot.waitUntil(sidebar.isActiveWindow)
    with qtbot.waitSignal(sidebar.switch_requested) as blocker:
        qtbot.keyClick(sidebar.tree, Qt.Key_PageDown, Qt.ControlModifier)
    assert blocker.args == [2]


def test_new_task_asks_for_title_and_kind_then_requests_it(qtbot, english):
    sidebar = make_sidebar(qtbot)
    sidebar.new_action.trigger()
    dialog = next(w for w in QApplication.topLevelWidgets() if isinstance(w, NewTaskDialog) and w.isVisible())
    assert not dialog.ok_button.isEnabled()
    type_text(qtbot, dialog.title, "设定人物：张三")
    dialog.kind.setCurrentIndex(dialog.kind.findData("character"))
    with qtbot.waitSignal(sidebar.new_requested) as blocker:
        qtbot.mouseClick(dialog.ok_button, Qt.LeftButton)
    assert blocker.args == ["设定人物：张三", "character"]
