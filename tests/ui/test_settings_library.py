"""The settings library dialog: browse by category, look up an exact title, edit, search, and confirm or clear
the scale read from an entry's prose — all through the workbench (the fake here)."""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QLabel

from desktop.ui.settings_library import levels_of

SHOTS = Path("/work/shots")


def open_library(qtbot, window):
    action = next(a for a in window.menuBar().actions()[0].menu().actions() if a.text() == "Settings library…")
    assert action.shortcut().toString() == "Ctrl+Shift+L"
    action.trigger()
    dialog = window._dialogs["settings_library"]
    qtbot.waitUntil(lambda: dialog.titles() == ["武道境界", "林家", "祖石"])
    qtbot.waitUntil(lambda: dialog.entry is not None)
    return dialog


def test_entries_are_listed_under_their_categories_and_the_first_is_opened(qtbot, window):
    dialog = open_library(qtbot, window)
    assert [dialog.tree.topLevelItem(i).text(0) for i in range(3)] == ["力量体系", "势力", "物品"]
    assert dialog.title_edit.text() == "武道境界" and dialog.category_edit.currentText() == "力量体系"
    assert dialog.body_edit.toPlainText().startswith("武道境界从低到高")


def test_the_scale_read_from_the_prose_is_shown_with_its_sub_levels_then_confirmed_edited(qtbot, window):
    dialog = open_library(qtbot, window)
    assert [dialog.scale_list.item(i).text() for i in range(dialog.scale_list.count())] == [
        "淬体境 < 地元境 < 天元境 < 造化境"]
    assert "not confirmed" in dialog.scale_state.text() and "淬体境（一至九重）" in dialog.scale_state.text()
    assert not dialog.clear_button.isEnabled()
    dialog.scale_list.item(0).setText("淬体境 < 地元境 < 天元境 < 生玄境 < 造化境")
    dialog.use_button.click()
    qtbot.waitUntil(lambda: dialog.entry["scale_confirmed"])
    assert window.workbench.called("use_as_scale")[-1] == (
        ("武道境界", [["淬体境", "地元境", "天元境", "生玄境", "造化境"]]), {})
    assert "Confirmed by you" in dialog.scale_state.text() and dialog.clear_button.isEnabled()
    dialog.clear_button.click()
    qtbot.waitUntil(lambda: not dialog.entry["scale_confirmed"])
    assert dialog.scale_list.item(0).text() == "淬体境 < 地元境 < 天元境 < 造化境"


def test_an_exact_look_up_opens_the_entry_and_a_miss_says_so_in_the_dialog(qtbot, window):
    dialog = open_library(qtbot, window)
    dialog.query.setText("林家")
    dialog.lookup_button.click()
    qtbot.waitUntil(lambda: dialog.title_edit.text() == "林家")
    dialog.query.setText("林")
    dialog.lookup_button.click()
    qtbot.waitUntil(lambda: "no settings entry titled '林'" in dialog.status.text())
    assert dialog.title_edit.text() == "林家"  # the open entry stays


def test_search_lists_hits_and_says_it_was_by_keyword(qtbot, window):
    dialog = open_library(qtbot, window)
    dialog.query.setText("石符")
    qtbot.keyClick(dialog.query, Qt.Key_Return)
    qtbot.waitUntil(lambda: dialog.tree.topLevelItem(0).text(0) == "Search results")
    assert "祖石" in dialog.titles()
    assert "Keyword search" in dialog.method.text()


def test_an_edit_is_saved_through_the_workbench_and_a_bad_one_loses_nothing(qtbot, window):
    dialog = open_library(qtbot, window)
    dialog.tree.setCurrentItem(dialog.tree.topLevelItem(2).child(0))
    qtbot.waitUntil(lambda: dialog.title_edit.text() == "祖石")
    dialog.body_edit.setPlainText("")
    dialog.save_button.click()
    qtbot.waitUntil(lambda: "needs some text" in dialog.status.text())
    assert dialog.title_edit.text() == "祖石"
    dialog.title_edit.setText("祖符")
    dialog.body_edit.setPlainText("祖石的真名。")
    dialog.save_button.click()
    qtbot.waitUntil(lambda: "祖符" in dialog.titles())
    assert window.workbench.called("save_setting")[-1] == (("祖符", "祖石的真名。", "物品"), {"old_title": "祖石"})


def test_levels_typed_in_a_row_split_on_the_usual_separators():
    assert levels_of("炼气 < 筑基 → 金丹、元婴") == ["炼气", "筑基", "金丹", "元婴"]
    assert levels_of("Bronze, Silver -> Gold") == ["Bronze", "Silver", "Gold"]


def test_the_dialog_in_chinese(qtbot, window, chinese):
    dialog = open_library(qtbot, window)
    assert dialog.windowTitle() == "设定库"
    assert dialog.use_button.text() == "确认等级体系" and dialog.scale_box.title() == "用作等级体系"
    words = [w.text() for w in dialog.findChildren(QAbstractButton) + dialog.findChildren(QLabel)]
    assert [w for w in words if re.search(r"[A-Za-z]{3,}", w) and not re.search(r"[\u4e00-\u9fff]", w)] == []
    SHOTS.mkdir(parents=True, exist_ok=True)
    dialog.grab().save(str(SHOTS / "settings_library_zh.png"))


def answer(qtbot, dialog, which):
    qtbot.waitUntil(lambda: dialog.leave_box is not None and dialog.leave_box.isVisible())
    dialog.leave_box.button(which).click()


def test_unsaved_edits_are_never_dropped_by_opening_another_entry(qtbot, window):
    from PySide6.QtWidgets import QMessageBox

    dialog = open_library(qtbot, window)
    dialog.body_edit.setPlainText("武道境界：淬体、地元、天元。")
    dialog.tree.setCurrentItem(dialog.tree.topLevelItem(1).child(0))  # 林家
    answer(qtbot, dialog, QMessageBox.Cancel)
    assert dialog.body_edit.toPlainText() == "武道境界：淬体、地元、天元。"
    assert dialog.tree.currentItem().text(0) == "武道境界"  # the tree shows what the editor holds
    dialog.tree.setCurrentItem(dialog.tree.topLevelItem(1).child(0))
    answer(qtbot, dialog, QMessageBox.Save)
    qtbot.waitUntil(lambda: dialog.title_edit.text() == "林家")
    assert window.workbench.called("save_setting")[-1][0][:2] == ("武道境界", "武道境界：淬体、地元、天元。")
    dialog.body_edit.setPlainText("改过的林家")
    dialog.new_button.click()
    answer(qtbot, dialog, QMessageBox.Discard)
    assert dialog.entry is None and dialog.body_edit.toPlainText() == ""
    assert len(window.workbench.called("save_setting")) == 1
