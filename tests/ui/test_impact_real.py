"""Retcon impact and undo in the window over the real Workbench and a real book with imported chapters: the review's
Impact tab quotes the chapter a death would contradict, and Book ▸ Undo a settlement… shows what relied on the
settlement, then undoes it in the graphs only once confirmed."""

from __future__ import annotations

import asyncio
import threading

import pytest
from PySide6.QtCore import Qt

from desktop.config import Settings
from desktop.ui.main_window import MainWindow
from desktop.workbench import Workbench
from tests.ui.test_real_workbench import wait_for

CANON = {"chapter": 1, "entities": [{"kind": "Character", "name": "张三"}, {"kind": "Character", "name": "李四"},
                                    {"kind": "Item", "name": "青锋剑"}],
         "relations": [{"type": "OWNS", "from": "李四", "to": "青锋剑"}]}
MANUSCRIPT = ("第一章 入门\n张三拜入青云门。李四握着青锋剑站在山门前。\n\n"
              "第二章 下山\n夜里张三独自下山。\n\n"
              "第三章 大殿\n张三提剑走进大殿，众人大惊。众人在张三的墓前祭拜。\n")
DEATH = {"chapter": 2, "states": [{"entity": "张三", "key": "生死", "value": "死亡"}]}


@pytest.fixture(scope="module")
def workbench(tmp_path_factory):
    folder = tmp_path_factory.mktemp("impact")
    bench = Workbench(Settings(), settings_path=None)
    (folder / "青云.txt").write_text(MANUSCRIPT, encoding="utf-8")

    async def build() -> None:
        await bench.create_book(folder / "青云.inkstone", title="青云")
        await bench.apply(CANON)
        await bench.import_paths([folder / "青云.txt"], extract=False, embed=False)

    worker = threading.Thread(target=asyncio.run, args=(build(),))  # the GUI thread's loop counts as running
    worker.start()
    worker.join()
    yield bench
    closer = threading.Thread(target=asyncio.run, args=(bench.shutdown(),))
    closer.start()
    closer.join()


@pytest.fixture
def window(qtbot, qasync_loop, english, workbench):
    win = MainWindow(workbench)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitUntil(lambda: "张三" in win.inspector.graph.visible_nodes(), timeout=10_000)
    return win


def test_the_review_quotes_the_chapter_a_death_would_contradict(qtbot, window, workbench):
    review = {"task_id": None, "settlement_id": None, "document": DEATH,
              "items": [{"path": "states/0", "class": "new"}]}
    dialog = window.reviews.open_review(review, wait_for(qtbot, workbench.facts()))
    qtbot.waitUntil(lambda: dialog.impact_view.impact is not None, timeout=10_000)
    assert [(c["chapter"], [q["text"] for q in c["quotes"]]) for c in dialog.impact_view.chapters_shown()] == [
        (3, ["张三提剑走进大殿，众人大惊。"])]
    assert "acts after the death" in dialog.impact_view.body.toPlainText()
    dialog.reject()
    assert wait_for(qtbot, workbench.facts(entity="张三"))["entities"][0]["attributes"] == {}


def test_an_undo_confirmed_in_the_window_shows_what_relied_on_it_then_undoes_it(qtbot, window, workbench):
    sid = wait_for(qtbot, workbench.apply(DEATH))["settlement_id"]
    action = next(a for a in window.menuBar().actions()[0].menu().actions() if a.text() == "Undo a settlement…")
    action.trigger()
    listing = window._dialogs["undo_settlements"]
    qtbot.waitUntil(lambda: listing.selected_id() == sid, timeout=10_000)
    listing.undo_button.click()
    qtbot.waitUntil(lambda: window._dialogs.get("undo_confirm") is not None
                    and window._dialogs["undo_confirm"].isVisible(), timeout=10_000)
    confirm = window._dialogs["undo_confirm"]
    assert "State · 张三 · 生死 = 死亡 (from chapter 2)" in confirm.changes.toPlainText()
    assert [q["text"] for c in confirm.impact_view.chapters_shown() for q in c["quotes"]] == ["众人在张三的墓前祭拜。"]
    assert wait_for(qtbot, workbench.facts(entity="张三"))["entities"][0]["attributes"] == {"生死": "死亡"}

    confirm.undo_button.click()
    qtbot.waitUntil(lambda: not confirm.isVisible(), timeout=10_000)
    assert wait_for(qtbot, workbench.facts(entity="张三"))["entities"][0]["attributes"] == {}
    states = {e["id"]: e["state"] for e in wait_for(qtbot, workbench.settlements())}
    assert states[sid] == "undone"
    qtbot.waitUntil(lambda: sid not in [listing.table.topLevelItem(i).data(0, Qt.UserRole)
                                        for i in range(listing.table.topLevelItemCount())], timeout=10_000)
