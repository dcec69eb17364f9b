"""The import preview and the review queue over the real Workbench and a real book: a real file dropped, its
chapters previewed then imported; a second novel's clashing chapters appended after the author was asked;
imported-chapter proposals grouped by chapter and their clean items accepted for real."""

from __future__ import annotations

import asyncio
import threading

import pytest

from desktop.config import Settings
from desktop.tasks.settlement import propose_reviewed
from desktop.ui.main_window import MainWindow
from desktop.workbench import Workbench
from tests.ui.test_import_drop import drop_on
from tests.ui.test_real_workbench import wait_for

CANON = {"chapter": 1, "entities": [{"kind": "Character", "name": "甄士隐"}, {"kind": "Location", "name": "姑苏"},
                                    {"kind": "Location", "name": "长安"}],
         "relations": [{"type": "LIVES_IN", "from": "甄士隐", "to": "姑苏", "valid_from": 1}]}


def in_a_thread(coroutine):
    # The GUI thread's qasync loop counts as running, so set-up and shutdown run on a loop of their own.
    result = []
    worker = threading.Thread(target=lambda: result.append(asyncio.run(coroutine)))
    worker.start()
    worker.join()
    return result[0] if result else None


@pytest.fixture
def book(tmp_path):
    workbench = Workbench(Settings(), settings_path=None)

    async def build() -> None:
        await workbench.create_book(tmp_path / "红楼梦.inkstone", title="红楼梦")
        await workbench.apply(CANON)

    in_a_thread(build())
    yield workbench
    in_a_thread(workbench.shutdown())


def chapters_of(corpus_dir, first: int, last: int, renumber_from: int | None = None) -> str:
    """Chapters first..last of 红楼梦, headings renumbered from `renumber_from` (another novel's same numbers)."""
    text = (corpus_dir / "zh" / "hongloumeng.txt").read_text(encoding="utf-8")
    numerals = "一二三四五六七八九十"
    starts = [text.index(f"第{numerals[n - 1]}回") for n in range(first, last + 2)]
    parts = []
    for index, n in enumerate(range(first, last + 1)):
        part = text[starts[index]:starts[index + 1]]
        if renumber_from is not None:
            part = part.replace(f"第{numerals[n - 1]}回", f"第{numerals[renumber_from + index - 1]}回", 1)
        parts.append(part)
    return "".join(parts)


def preview_after_drop(qtbot, window, path):
    drop_on(window, [path])
    qtbot.waitUntil(lambda: window.imports.preview_dialog is not None
                    and bool(window.imports.preview_dialog.preview), timeout=20_000)
    return window.imports.preview_dialog


def test_a_dropped_file_is_previewed_imported_and_a_clashing_one_appended_after_asking(
        qtbot, qasync_loop, english, book, corpus_dir, tmp_path):
    workbench = book
    window = MainWindow(workbench)
    qtbot.addWidget(window)
    window.show()
    first = tmp_path / "红楼梦-1-3.txt"
    first.write_text(chapters_of(corpus_dir, 1, 3), encoding="gb18030")

    dialog = preview_after_drop(qtbot, window, first)
    rows = dialog.chapter_rows()
    assert [(number, status) for number, _, _, status in rows] == [("1", "new"), ("2", "new"), ("3", "new")]
    assert rows[0][1].startswith("甄士隐梦幻识通灵")
    assert dialog.chapters.topLevelItem(0).text(1).startswith("gb18030")
    assert wait_for(qtbot, workbench.chapter_count()) == 1  # nothing written by the preview (canon's chapter 1)
    dialog.import_button.click()
    qtbot.waitUntil(lambda: window.background_op is not None and window.background_op.done, timeout=120_000)
    assert window.background_op.error is None, window.background_op.error
    assert window.background_op.result["chapters"] == 3
    assert wait_for(qtbot, workbench.chapter_count()) == 3
    window._dialogs["import_summary"].close()

    second = tmp_path / "续书.txt"  # chapters 4–5 numbered 第一回/第二回: they clash with the book's 1 and 2
    second.write_text(chapters_of(corpus_dir, 4, 5, renumber_from=1), encoding="utf-8")
    dialog = preview_after_drop(qtbot, window, second)
    assert [row[3] for row in dialog.chapter_rows()] == ["conflict", "conflict"]
    assert [c["number"] for c in dialog.preview["conflicts"]] == [1, 2]
    dialog.import_button.click()
    qtbot.waitUntil(lambda: dialog.question is not None and dialog.question.isVisible())
    next(b for b in dialog.question.buttons() if b.text() == "&Append after the last chapter").click()
    qtbot.waitUntil(lambda: window.background_op.done and window.background_op.result is not None, timeout=120_000)
    assert window.background_op.error is None, window.background_op.error
    assert wait_for(qtbot, workbench.chapter_count()) == 5
    hits = wait_for(qtbot, workbench.search("护官符", k=3, preset="keyword"))
    assert hits and hits[0].chapter_number == 4  # 第四回 (葫芦僧乱判葫芦案), appended as chapter 4
    window._dialogs["import_summary"].close()


def test_imported_chapter_proposals_are_grouped_and_a_chapters_clean_items_accepted_for_real(
        qtbot, qasync_loop, english, book):
    workbench = book
    chapter_two = {"chapter": 2, "entities": [{"kind": "Character", "name": "贾雨村"},
                                              {"kind": "Character", "name": "冷子兴"}],
                   "relations": [{"type": "LIVES_IN", "from": "甄士隐", "to": "长安", "valid_from": 2},
                                 {"type": "KNOWS", "from": "冷子兴", "to": "贾雨村", "valid_from": 2}]}
    for number, doc in ((2, chapter_two), (3, {"chapter": 3, "entities": [{"kind": "Character", "name": "林黛玉"}]})):
        wait_for(qtbot, workbench.run(lambda d=doc, n=number: propose_reviewed(
            workbench.book, d, [], source=f"import:chapter {n}", chapter=n)))
    window = MainWindow(workbench)
    qtbot.addWidget(window)
    window.show()
    window.inspector.health.buttons["reviews_waiting"].click()
    qtbot.waitUntil(lambda: window.queue.dialog is not None and window.queue.dialog.isVisible(), timeout=10_000)
    queue = window.queue.dialog
    qtbot.waitUntil(lambda: len(queue.chapter_rows()) == 2)
    assert [row[0] for row in queue.chapter_rows()] == ["Chapter 2", "Chapter 3"]
    assert queue.chapter_rows() == [["Chapter 2", "3", "0", "0", "1"], ["Chapter 3", "1", "0", "0", "0"]]
    queue.select_chapter(2)
    queue.accept_button.click()
    qtbot.waitUntil(lambda: "items accepted" in queue.status.text(), timeout=20_000)
    facts = wait_for(qtbot, workbench.facts())
    assert {"贾雨村", "冷子兴"} <= {e["name"] for e in facts["entities"]}
    waiting = wait_for(qtbot, workbench.settlements(("proposed",)))
    kept = [e for e in waiting if e["chapter"] == 2]
    assert len(kept) == 1  # what contradicts canon (甄士隐 lives in 姑苏) still waits for the author
    assert {item["path"].split("/")[0] for item in kept[0]["review"]["items"]} == {"relations"}
    qtbot.waitUntil(lambda: queue.chapter_rows()[0] == ["Chapter 2", "0", "0", "0", "1"])
