"""Settling a discussion in the window over the real stack: the real default model, a real book, the real review
dialog — the author's notes become proposals with their quoted words, an edit and a rejection are honoured, and
Apply puts exactly that into the graph the inspector shows."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

import pytest

from desktop.config import Settings
from desktop.ui.main_window import MainWindow
from desktop.workbench import Workbench
from tests.ui.test_real_workbench import wait_for

pytestmark = [pytest.mark.model, pytest.mark.slow]

NOTES = ("新角色叫林风，拜入了青云宗，是外门弟子。", "林风用一把寒铁剑。", "他的师父是青云宗长老玄机子。")
SHOTS = Path("/work/shots")


def run_in_thread(coroutine) -> None:
    """The GUI thread's qasync loop counts as running, so setup and teardown run on a loop of their own."""
    worker = threading.Thread(target=asyncio.run, args=(coroutine,))
    worker.start()
    worker.join()


@pytest.fixture
def workbench(tmp_path):
    workbench = Workbench(Settings(), settings_path=None)

    async def build() -> None:
        await workbench.create_book(tmp_path / "青云.inkstone", title="青云")
        await workbench.new_task("设定人物：林风", kind="character")
        for note in NOTES:
            await workbench.note(note)

    run_in_thread(build())
    yield workbench
    run_in_thread(workbench.shutdown())


def test_a_discussion_settled_in_the_window_is_reviewed_against_its_words_edited_and_applied(
        qtbot, qasync_loop, chinese, workbench):
    window = MainWindow(workbench)
    qtbot.addWidget(window)
    window.show()
    wait_for(qtbot, workbench.load_model(), timeout=120_000)
    [task] = wait_for(qtbot, workbench.tasks())

    window.sidebar.settle_requested.emit(task.id)
    qtbot.waitUntil(lambda: window._dialogs.get("review") is not None and window._dialogs["review"].isVisible(),
                    timeout=120_000)
    dialog = window._dialogs["review"]
    names = {card.original.get("name"): card for card in dialog.cards.get("entities", [])}
    assert {"林风", "青云宗", "寒铁剑"} <= set(names)
    assert all(card.evidence() for card in dialog.all_cards())  # every item shows the words it came from
    assert any("寒铁剑" in quote["quote"] for quote in names["寒铁剑"].evidence())
    SHOTS.mkdir(parents=True, exist_ok=True)
    dialog.grab().save(str(SHOTS / "review_evidence_zh.png"))  # each item with its quoted words, Chinese UI

    names["林风"].edit_button.setChecked(True)
    names["林风"].editors["summary"].setPlainText("青云宗外门弟子，用寒铁剑")  # the author's own summary
    names["寒铁剑"].accept_box.setChecked(False)  # and one thing left out
    dialog.apply_button.click()
    qtbot.waitUntil(lambda: not dialog.isVisible() or dialog.error.isVisible(), timeout=30_000)
    assert not dialog.error.isVisible(), dialog.error.text()

    graph = window.inspector.graph
    qtbot.waitUntil(lambda: {"林风", "青云宗"} <= set(graph.visible_nodes()), timeout=30_000)
    assert "寒铁剑" not in graph.visible_nodes()
    facts = wait_for(qtbot, workbench.facts(entity="林风"))
    [hero] = [e for e in facts["entities"] if e["name"] == "林风"]
    assert hero["summary"] == "青云宗外门弟子，用寒铁剑"
    assert ("MEMBER_OF", "青云宗") in {(r["type"], r["to"]) for r in facts["relations"] if r["from"] == "林风"}
