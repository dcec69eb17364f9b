"""After Apply settles the active task: the chat offers the next open task and a new one instead of going blank,
the sidebar highlight follows, the context drawer forgets the other task's figures; full titles readable without a
tooltip; counts said with the right plural; an empty Hooks tab explains what hooks are."""

from __future__ import annotations

import dataclasses

from PySide6.QtCore import Qt

from desktop.contracts import Task
from desktop.ui.backups import BackupsDialog
from desktop.ui.chat_pane import ChatPane
from desktop.ui.graph_inspector import GraphInspector
from desktop.ui.task_sidebar import TaskSidebar
from tests.ui.fakes import CONTEXT, TASKS, snapshot

SETTLED = [dataclasses.replace(TASKS[0], status="closed"), *TASKS[1:]]  # task 1 was settled by Apply


def test_the_window_offers_the_next_task_and_a_new_one_when_apply_leaves_none_active(qtbot, window, fake_workbench,
                                                                                      english):
    window._show_tasks(SETTLED)
    chat = window.chat
    assert chat.empty.isVisible() and not chat.history.isVisible()
    assert chat.title.text() == "No active task" and "settled or closed" in chat.empty_text.text()
    assert chat.switch_next_button.text() == "Continue “设定人物：张三”"
    assert window.sidebar.selected_task_id() is None  # the highlight left the settled task
    chat.switch_next_button.click()
    qtbot.waitUntil(lambda: bool(fake_workbench.called("switch_task")))
    assert fake_workbench.called("switch_task")[0][0] == (2,)


def test_the_new_task_button_opens_the_new_task_dialog(qtbot, window, english):
    window._show_tasks(SETTLED)
    window.chat.new_task_button.click()
    qtbot.waitUntil(lambda: window.sidebar._dialog is not None and window.sidebar._dialog.isVisible())
    window.sidebar._dialog.reject()


def test_the_empty_state_in_chinese_and_without_any_open_task(qtbot, chinese):
    pane = ChatPane()
    qtbot.addWidget(pane)
    pane.show()
    pane.show_task(None, None)
    assert pane.title.text() == "没有进行中的任务" and not pane.switch_next_button.isVisible()
    assert pane.new_task_button.text() == "新建任务…" and "第一句话就会开启一个新任务" in pane.empty_text.text()
    assert "上一个已结算或关闭" in pane.empty_text.text()
    pane.show_task(None, None, first=True)  # a book with no task yet: nothing was settled
    assert pane.empty_text.text().startswith("还没有任务") and "结算" not in pane.empty_text.text()
    pane.begin_reply("你好")  # typing starts a task: the history comes back at once
    assert pane.history.isVisible() and not pane.empty.isVisible()


def test_the_context_drawer_forgets_the_figures_of_another_task(qtbot, english):
    pane = ChatPane()
    qtbot.addWidget(pane)
    pane.show()
    pane.show_task(TASKS[0])
    pane.context_button.setChecked(True)
    pane.show_context(CONTEXT)
    assert pane.drawer.section_names() != []
    with qtbot.waitSignal(pane.context_requested):
        pane.show_task(TASKS[1])
    assert pane.drawer.section_names() == [] and "Nothing sent yet" in pane.drawer.summary.text()
    pane.show_context(CONTEXT)
    pane.show_task(TASKS[1])  # the same task again: its figures stay
    assert pane.drawer.section_names() != []


def test_the_sidebar_highlight_follows_the_active_task(qtbot, english):
    bar = TaskSidebar()
    qtbot.addWidget(bar)
    bar.set_tasks(TASKS)
    assert bar.selected_task_id() == 1
    bar.set_tasks([dataclasses.replace(TASKS[0], status="open"), dataclasses.replace(TASKS[1], status="active"),
                   *TASKS[2:]])
    assert bar.selected_task_id() == 2
    bar.select_task(4)
    bar.set_tasks([dataclasses.replace(TASKS[0], status="open"), dataclasses.replace(TASKS[1], status="active"),
                   *TASKS[2:]])
    assert bar.selected_task_id() == 4  # the author's own choice stays while the active task is the same


def test_a_long_title_is_readable_in_full_below_the_list(qtbot, english):
    bar = TaskSidebar()
    qtbot.addWidget(bar)
    bar.resize(220, 400)
    bar.show()
    long = "第十三章草稿：宝玉初试云雨情，刘姥姥一进荣国府，贾雨村夤缘复旧职"
    bar.set_tasks([Task(7, long, "chapter", "active", 1, None, None)])
    assert bar.full_title.isVisible() and bar.full_title.text() == f"#7 {long}"
    assert bar.tree.textElideMode() == Qt.ElideMiddle


def test_counts_take_the_right_plural(qtbot, english):
    dialog = BackupsDialog()
    qtbot.addWidget(dialog)
    dialog.set_snapshots([{"name": "a", "created_at": None, "reason": "manual", "size_bytes": 10}])
    assert dialog.status.text() == "1 snapshot."
    dialog.set_snapshots([{"name": n, "created_at": None, "reason": "manual", "size_bytes": 10} for n in "ab"])
    assert dialog.status.text() == "2 snapshots."


def test_counts_in_chinese(qtbot, chinese):
    dialog = BackupsDialog()
    qtbot.addWidget(dialog)
    dialog.set_snapshots([{"name": "a", "created_at": None, "reason": "manual", "size_bytes": 10}])
    assert dialog.status.text() == "共 1 个快照。"


def test_an_empty_hooks_tab_explains_what_hooks_are_and_how_they_appear(qtbot, chinese):
    inspector = GraphInspector()
    qtbot.addWidget(inspector)
    inspector.show()
    inspector.tabs.setCurrentIndex(1)
    inspector.set_facts({"entities": [], "relations": [], "hooks": []})
    assert inspector.hooks_empty.isVisible() and not inspector.hooks.isVisible()
    assert "还没有伏笔" in inspector.hooks_empty.text() and "结算" in inspector.hooks_empty.text()
    inspector.set_facts(snapshot(6))
    assert inspector.hooks.isVisible() and not inspector.hooks_empty.isVisible()
    inspector.hook_filter.setCurrentIndex(2)  # overdue
    inspector.set_as_of(1)
    inspector.set_facts(snapshot(1))
    assert "没有符合此筛选的伏笔" in inspector.hooks_empty.text()
