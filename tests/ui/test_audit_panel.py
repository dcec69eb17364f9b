"""Book ▸ Audit the manuscript…: the audit runs in the background lane with progress and Stop, its issues are
listed by chapter with kind, sentence and source, choosing one shows its sentence marked in the chapter, and
"This is intended" is sent to the book and shown."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

from PySide6.QtWidgets import QAbstractButton, QLabel

from tests.ui.fakes_audit import AUDIT_CHAPTERS

SHOTS = Path("/work/shots")


def open_panel(qtbot, window):
    action = next(a for a in window.menuBar().actions()[0].menu().actions() if a.text() == "Audit the manuscript…")
    action.trigger()
    qtbot.waitUntil(lambda: "audit" in window._dialogs and window._dialogs["audit"].isVisible())
    return window._dialogs["audit"]


def run_audit(qtbot, dialog):
    dialog.run_button.click()
    qtbot.waitUntil(lambda: dialog.report is not None and dialog.run_button.isEnabled())


def issue_rows(dialog) -> dict[str, list[str]]:
    tree = dialog.tree
    return {tree.topLevelItem(i).text(0): [tree.topLevelItem(i).child(j).text(0)
                                           for j in range(tree.topLevelItem(i).childCount())]
            for i in range(tree.topLevelItemCount())}


def test_the_audit_lists_issues_by_chapter_and_shows_the_sentence_in_its_chapter(qtbot, window):
    dialog = open_panel(qtbot, window)
    run_audit(qtbot, dialog)
    assert window.workbench.called("audit")[0][0] == ((1, dialog.last.value()),)
    assert issue_rows(dialog) == {"Chapter 7 祖石之秘": ["Item in other hands", "Realm goes back"],
                                  "Chapter 9 夜归青阳镇": ["Solved mystery reopened"]}
    assert "3 issues in 2 chapters audited of 2." in dialog.summary.text()
    first = dialog.tree.topLevelItem(0).child(0)
    assert dialog.tree.currentItem() is first
    qtbot.waitUntil(lambda: dialog.text_view.toPlainText() == AUDIT_CHAPTERS[7]["text"])
    assert dialog.marked_text() == "林琅天握紧祖石，掌心一阵温热。"
    assert "settlement #3" in dialog.detail.text() and "read from chapter 2" in dialog.detail.text()
    assert "passages 14" in dialog.detail.text()
    dialog.tree.setCurrentItem(dialog.tree.topLevelItem(1).child(0))
    qtbot.waitUntil(lambda: dialog.text_view.toPlainText() == AUDIT_CHAPTERS[9]["text"])
    assert dialog.marked_text() == "族比之约至今无人知晓。"
    assert "file ch3.json" in dialog.detail.text()


def test_this_is_intended_is_remembered_and_can_be_taken_back(qtbot, window):
    dialog = open_panel(qtbot, window)
    run_audit(qtbot, dialog)
    dialog.intended_button.click()
    qtbot.waitUntil(lambda: window.workbench.called("dismiss_issue") == [(("a1",), {"intended": True})])
    qtbot.waitUntil(lambda: issue_rows(dialog)["Chapter 7 祖石之秘"] == ["Realm goes back"])
    run_audit(qtbot, dialog)  # audited again: the book remembers it
    assert "1 dismissed as intended" in dialog.summary.text()
    dialog.show_dismissed.setChecked(True)
    assert issue_rows(dialog)["Chapter 7 祖石之秘"] == ["Item in other hands", "Realm goes back"]
    dialog.tree.setCurrentItem(dialog.tree.topLevelItem(0).child(0))
    assert dialog.intended_button.text() == "Not intended after all"
    dialog.intended_button.click()
    qtbot.waitUntil(lambda: window.workbench.called("dismiss_issue")[-1] == (("a1",), {"intended": False}))


def test_stop_ends_the_audit_between_chapters_keeping_what_was_found(qtbot, window):
    window.workbench.audit_gate = asyncio.Event()
    dialog = open_panel(qtbot, window)
    dialog.run_button.click()
    qtbot.waitUntil(lambda: dialog.cancel_button.isEnabled() and dialog.progress.isVisible())
    qtbot.waitUntil(lambda: "Auditing chapter 7 (1 of 2)" in dialog.summary.text())
    dialog.cancel_button.click()  # chapter 7 is finished; chapter 9 is not begun
    window.workbench.audit_gate.set()
    qtbot.waitUntil(lambda: dialog.report is not None and dialog.run_button.isEnabled())
    assert not dialog.progress.isVisible()
    assert "Stopped early" in dialog.summary.text() and list(issue_rows(dialog)) == ["Chapter 7 祖石之秘"]


def test_the_panel_in_chinese(qtbot, window, chinese):
    dialog = open_panel(qtbot, window)
    run_audit(qtbot, dialog)
    qtbot.waitUntil(lambda: dialog.text_view.toPlainText() == AUDIT_CHAPTERS[7]["text"])
    assert dialog.windowTitle() == "审读全书"
    assert dialog.intended_button.text() == "这是有意为之"
    words = [w.text() for w in dialog.findChildren(QAbstractButton) + dialog.findChildren(QLabel)]
    words += [dialog.tree.headerItem().text(c) for c in range(3)] + [dialog.tree.topLevelItem(0).child(0).text(0)]
    assert [w for w in words if re.search(r"[A-Za-z]{3,}", w) and not re.search(r"OWNS|[\u4e00-\u9fff]", w)] == []
    SHOTS.mkdir(parents=True, exist_ok=True)
    dialog.grab().save(str(SHOTS / "audit_panel_zh.png"))
