"""Retcon impact in the window: the review's Impact tab lists the chapters already written that rely on what the
settlement changes (following the author's accept/reject), and Book ▸ Undo a settlement… confirms before undoing,
showing what will be removed and reopened and what relied on it."""

from __future__ import annotations

import copy

import pytest

from desktop.book.errors import BookError
from tests.ui.fakes import REVIEW
from tests.ui.fakes_impact import APPLIED, NO_IMPACT, UNDO_PREVIEW


def open_review(qtbot, window):
    dialog = window.reviews.open_review(copy.deepcopy(REVIEW))
    qtbot.waitUntil(lambda: dialog.impact_view.impact is not None)
    return dialog


def tab_text(dialog) -> str:
    return dialog.side.tabText(dialog.side.indexOf(dialog.impact_view))


def test_the_review_shows_the_chapters_that_rely_on_what_it_changes(qtbot, window, fake_workbench):
    dialog = open_review(qtbot, window)
    assert fake_workbench.called("settlement_impact")[0][0][0]["settlement_id"] == 7
    view = dialog.impact_view
    body = view.body.toPlainText()
    # The rival owner (relations/0) is a conflict and starts rejected: what only it causes is not shown yet.
    assert [c["chapter"] for c in view.chapters_shown()] == [9] and tab_text(dialog) == "Impact (3)"
    assert "林动回到青阳镇的家中，推门而入。" in body and "names the old relation" in body
    assert "林动握紧祖石" not in body and "… and 2 more chapters" in body
    assert "族比 / 林动以祖石之力决战林琅天" in body and "祖石的来历" in body
    assert view.summary.text().startswith("3 chapters already written rely on facts this changes")

    dialog.cards["relations"][0].set_accepted(True)
    assert [c["chapter"] for c in view.chapters_shown()] == [7, 9] and tab_text(dialog) == "Impact (4)"
    assert "林动握紧祖石，掌心一阵温热。" in view.body.toPlainText()
    assert "the old owner still holds it" in view.body.toPlainText()
    dialog.reject()


def test_a_settlement_that_only_adds_facts_says_it_touches_nothing(qtbot, window, fake_workbench):
    fake_workbench.impact = NO_IMPACT
    dialog = open_review(qtbot, window)
    assert "only adds to canon" in dialog.impact_view.summary.text() and tab_text(dialog) == "Impact"
    assert dialog.impact_view.chapters_shown() == []
    dialog.reject()


def test_an_impact_that_cannot_be_worked_out_is_said_in_its_tab(qtbot, window, fake_workbench, monkeypatch):
    async def refuse(review):
        raise BookError("the book is closed")

    monkeypatch.setattr(fake_workbench, "settlement_impact", refuse)
    dialog = window.reviews.open_review(copy.deepcopy(REVIEW))
    qtbot.waitUntil(lambda: "could not be worked out" in dialog.impact_view.summary.text())
    assert "the book is closed" in dialog.impact_view.summary.text() and dialog.isVisible()
    dialog.reject()


@pytest.fixture
def applied(fake_workbench):
    fake_workbench.waiting = copy.deepcopy(APPLIED)
    return fake_workbench


def open_undo(qtbot, window):
    action = next(a for a in window.menuBar().actions()[0].menu().actions() if a.text() == "Undo a settlement…")
    assert action.shortcut().toString() == "Ctrl+Shift+U"
    action.trigger()
    dialog = window._dialogs["undo_settlements"]
    qtbot.waitUntil(lambda: dialog.table.topLevelItemCount() == len(APPLIED))
    return dialog


def confirm_for(qtbot, window, dialog):
    dialog.undo_button.click()
    qtbot.waitUntil(lambda: window._dialogs.get("undo_confirm") is not None
                    and window._dialogs["undo_confirm"].isVisible())
    return window._dialogs["undo_confirm"]


def test_applied_settlements_are_listed_newest_first_with_source_time_and_items(qtbot, window, applied):
    dialog = open_undo(qtbot, window)
    rows = [[dialog.table.topLevelItem(i).text(c) for c in (0, 1, 3)] for i in range(2)]
    assert rows == [["#5", "Task #2", "3"], ["#3", "Imported chapter 2 · 祖石", "1"]]
    assert dialog.table.topLevelItem(0).text(2).startswith("2024-05-01")
    assert applied.called("settlements")[-1] == (((("applied",)),), {})


def test_undo_asks_first_showing_what_goes_what_reopens_and_what_relied_on_it(qtbot, window, applied):
    confirm = confirm_for(qtbot, window, open_undo(qtbot, window))
    assert applied.called("undo_preview") == [((5,), {})] and applied.called("undo") == []
    assert confirm.windowTitle() == "Undo settlement #5?"
    text = confirm.changes.toPlainText()
    assert "Will be removed" in text and "Relation · 张三 —owns→ 祖石 (from chapter 6)" in text
    assert "Entity · 张三（Character）" in text and "State · 林动 · 生死 = 死亡" in text
    assert "Will be reopened" in text and "Task · 设定人物：张三" in text
    assert "林动握紧祖石，掌心一阵温热。" in confirm.impact_view.body.toPlainText()
    assert confirm.cancel_button.isDefault() and confirm.undo_button.isEnabled()

    confirm.undo_button.click()
    qtbot.waitUntil(lambda: not confirm.isVisible())
    assert applied.called("undo") == [((5,), {})]
    assert window.statusBar().currentMessage() == "Settlement #5 undone"


def test_cancel_undoes_nothing(qtbot, window, applied):
    confirm = confirm_for(qtbot, window, open_undo(qtbot, window))
    confirm.cancel_button.click()
    assert not confirm.isVisible() and applied.called("undo") == []


def test_an_undo_later_settlements_build_on_cannot_be_confirmed(qtbot, window, applied):
    applied.undo_previews = {5: {**copy.deepcopy(UNDO_PREVIEW), "blocked": "settlement 5 cannot be undone: undo #6 first"}}
    confirm = confirm_for(qtbot, window, open_undo(qtbot, window))
    assert not confirm.undo_button.isEnabled() and "undo #6 first" in confirm.problem.text()


def test_a_refused_undo_is_shown_in_the_confirmation_which_stays_open(qtbot, window, applied, monkeypatch):
    async def refuse(settlement_id):
        raise BookError("settlement 5 is undone; only an applied one can be undone")

    monkeypatch.setattr(applied, "undo", refuse)
    confirm = confirm_for(qtbot, window, open_undo(qtbot, window))
    confirm.undo_button.click()
    qtbot.waitUntil(lambda: "only an applied one" in confirm.problem.text())
    assert confirm.isVisible() and confirm.undo_button.isEnabled()


def test_the_impact_and_the_undo_are_chinese_in_a_chinese_window(qtbot, qasync_loop, chinese, applied):
    from desktop.ui.main_window import MainWindow

    window = MainWindow(applied)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: window.sidebar.task_titles() != [])
    dialog = open_review(qtbot, window)
    assert tab_text(dialog) == "影响 (3)" and "已写章节" in dialog.impact_view.summary.text()
    dialog.reject()
    action = next(a for a in window.menuBar().actions()[0].menu().actions() if a.text() == "撤销结算…")
    action.trigger()
    undo = window._dialogs["undo_settlements"]
    qtbot.waitUntil(lambda: undo.table.topLevelItemCount() == 2)
    assert undo.table.topLevelItem(0).text(1) == "任务 #2"
    confirm = confirm_for(qtbot, window, undo)
    assert confirm.windowTitle() == "撤销结算 #5？" and "将被移除" in confirm.changes.toPlainText()
    confirm.reject()


def test_no_english_is_left_in_the_chinese_impact_and_undo_dialogs(qtbot, qasync_loop, chinese):
    from desktop.ui.undo_dialog import AppliedSettlementsDialog, UndoConfirmDialog
    from tests.ui.test_translations import untranslated, visible_texts

    listing = AppliedSettlementsDialog()
    listing.set_entries(copy.deepcopy(APPLIED))
    confirm = UndoConfirmDialog({**copy.deepcopy(UNDO_PREVIEW), "blocked": "后面的结算依赖它"})
    for dialog in (listing, confirm):
        qtbot.addWidget(dialog)
        dialog.open()
        assert untranslated(visible_texts(dialog)) == [], type(dialog).__name__
    body = confirm.changes.toPlainText() + confirm.impact_view.body.toPlainText()
    assert "将被移除" in body and "依赖旧事实的章节" in body and "撤销后不再成立的持有者仍持有它" in body
    assert "张三 —拥有→ 祖石" in body and "张三（人物）" in body
