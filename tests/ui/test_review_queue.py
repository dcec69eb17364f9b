"""The review queue: waiting proposals grouped by the chapter they were read from, task settlements apart; one
opens in the review dialog; a chapter's new and unchanged items are accepted at once, its conflicts stay."""

from __future__ import annotations

from desktop.ui.review_queue import group_by_chapter, item_counts
from desktop.ui.settlement_review import SettlementReview
from tests.ui.fakes import REVIEW
from tests.ui.fakes_extract import chapter_proposal, task_proposal
from tests.ui.test_translations import untranslated, visible_texts


def a_book_after_extraction(workbench) -> None:
    workbench.waiting = [
        chapter_proposal(21, 3, ["new", "new", "conflict"], title="金陵城起复贾雨村"),
        task_proposal(REVIEW),
        chapter_proposal(11, 1, ["new", "unchanged", "changes", "closes"], title="甄士隐梦幻识通灵"),
        chapter_proposal(12, 1, ["conflict"]),  # what an earlier bulk accept kept of chapter 1
        chapter_proposal(15, 2, ["new", "unchanged"]),
    ]


def open_queue(qtbot, window):
    window.inspector.health.buttons["reviews_waiting"].click()
    qtbot.waitUntil(lambda: window.queue.dialog is not None and window.queue.dialog.isVisible())
    return window.queue.dialog


def test_proposals_are_grouped_by_chapter_in_order_with_task_settlements_last(qtbot, window, fake_workbench):
    a_book_after_extraction(fake_workbench)
    dialog = open_queue(qtbot, window)
    assert dialog.chapter_rows() == [
        ["Chapter 1 甄士隐梦幻识通灵", "1", "1", "2", "1"],
        ["Chapter 2", "1", "1", "0", "0"],
        ["Chapter 3 金陵城起复贾雨村", "2", "0", "0", "1"],
        ["Task settlements", "3", "0", "2", "1"],
    ]
    first = dialog.tree.topLevelItem(0)
    assert [first.child(i).text(0) for i in range(first.childCount())] == ["Proposal #11", "Proposal #12"]
    assert dialog.tree.topLevelItem(3).child(0).text(0) == "Settlement #7 (task:2)"
    assert dialog.open_button.isDefault()
    dialog.reject()


def test_accepting_a_chapter_applies_its_clean_items_and_keeps_its_conflicts_in_the_queue(qtbot, window,
                                                                                         fake_workbench):
    a_book_after_extraction(fake_workbench)
    dialog = open_queue(qtbot, window)
    dialog.select_chapter(1)
    assert dialog.accept_button.isEnabled()
    dialog.accept_button.click()
    qtbot.waitUntil(lambda: "items accepted" in dialog.status.text())
    assert [args for args, _ in fake_workbench.called("accept_clean")] == [(11,)]  # #12 has nothing clean
    assert dialog.status.text() == "Chapter 1: 2 items accepted; 2 wait for you."
    qtbot.waitUntil(lambda: dialog.chapter_rows()[0] == ["Chapter 1 甄士隐梦幻识通灵", "0", "0", "2", "1"])
    dialog.select_chapter(1)
    assert not dialog.accept_button.isEnabled()  # only changes and conflicts are left: the author decides


def test_a_chapter_whose_items_are_all_clean_leaves_the_queue(qtbot, window, fake_workbench):
    a_book_after_extraction(fake_workbench)
    dialog = open_queue(qtbot, window)
    dialog.select_chapter(2)
    dialog.accept_button.click()
    qtbot.waitUntil(lambda: [row[0] for row in dialog.chapter_rows()] == [
        "Chapter 1 甄士隐梦幻识通灵", "Chapter 3 金陵城起复贾雨村", "Task settlements"])
    assert [args for args, _ in fake_workbench.called("accept_clean")] == [(15,)]


def test_task_settlements_have_no_bulk_accept(qtbot, window, fake_workbench):
    a_book_after_extraction(fake_workbench)
    dialog = open_queue(qtbot, window)
    dialog.tree.setCurrentItem(dialog.tree.topLevelItem(3))
    assert dialog.open_button.isEnabled() and not dialog.accept_button.isEnabled()
    dialog.reject()


def test_opening_a_proposal_shows_the_review_dialog(qtbot, window, fake_workbench):
    a_book_after_extraction(fake_workbench)
    dialog = open_queue(qtbot, window)
    chapter_three = dialog.tree.topLevelItem(2)
    dialog.tree.setCurrentItem(chapter_three)
    dialog.open_button.click()
    qtbot.waitUntil(lambda: isinstance(window._dialogs.get("review"), SettlementReview)
                    and window._dialogs["review"].isVisible())
    assert window._dialogs["review"].windowTitle() == "Review settlement #21"
    window._dialogs["review"].reject()


def test_a_lone_task_settlement_opens_straight_in_its_review(qtbot, window, fake_workbench):
    window.inspector.health.buttons["reviews_waiting"].click()
    qtbot.waitUntil(lambda: isinstance(window._dialogs.get("review"), SettlementReview))
    assert window.queue.dialog is None
    window._dialogs["review"].reject()


def test_an_empty_queue_is_said_in_the_status_bar(qtbot, window, fake_workbench):
    fake_workbench.waiting = []
    window.inspector.health.buttons["reviews_waiting"].click()
    qtbot.waitUntil(lambda: "No settlement is waiting" in window.statusBar().currentMessage())
    assert window.queue.dialog is None


def test_counts_treat_ends_as_changes_and_skip_rejected_items():
    entry = chapter_proposal(1, 1, ["new", "closes", "conflict"])
    entry["review"]["items"][0]["decision"] = "reject"
    assert item_counts(entry) == {"new": 0, "unchanged": 0, "changes": 1, "conflict": 1}
    assert [chapter for chapter, _ in group_by_chapter([task_proposal(REVIEW), chapter_proposal(2, 9, [])])] == [9, -1]


def test_the_queue_is_chinese_in_a_chinese_window(qtbot, qasync_loop, chinese):
    from desktop.ui.main_window import MainWindow
    from tests.ui.fakes import FakeWorkbench

    workbench = FakeWorkbench()
    a_book_after_extraction(workbench)
    window = MainWindow(workbench)
    qtbot.addWidget(window)
    window.show()
    dialog = open_queue(qtbot, window)
    assert dialog.chapter_rows()[0][0] == "第1章 甄士隐梦幻识通灵"
    assert untranslated(visible_texts(dialog)) == []
    dialog.reject()


def test_a_chapter_is_named_by_its_own_heading_when_the_book_has_one(qtbot, window, fake_workbench):
    fake_workbench.waiting = [chapter_proposal(4, 1, ["new"], title="甄士隐梦幻识通灵",
                                               heading="第一回 甄士隐梦幻识通灵")]
    dialog = open_queue(qtbot, window)
    assert dialog.chapter_rows()[0][0] == "第一回 甄士隐梦幻识通灵"  # a 回 book is not shown as 第1章
    dialog.reject()
