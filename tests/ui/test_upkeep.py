"""Work the book needs beside the author's: embedding what an import left, and facts proposed from imported chapters."""

from __future__ import annotations

import asyncio
import threading

import pytest

from desktop.config import Settings
from desktop.ui.main_window import MainWindow
from desktop.workbench import Workbench
from tests.ui.fakes import FakeWorkbench


def open_window(qtbot, workbench: FakeWorkbench) -> MainWindow:
    window = MainWindow(workbench)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: window.inspector.graph.visible_nodes() != [])
    return window


def book_menu_action(window, text: str):
    menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Book")
    return next(a for a in menu.actions() if a.text() == text)


def health(window, key: str) -> str:
    return window.inspector.health.value_text(key)


def let_steps_run(workbench: FakeWorkbench) -> None:
    gate, workbench.step_gate = workbench.step_gate, None
    gate.set()


def test_opening_a_book_embeds_what_an_interrupted_import_left_with_progress(qtbot, qasync_loop, english):
    workbench = FakeWorkbench()
    workbench.missing_vectors = 30
    workbench.step_gate = asyncio.Event()
    window = open_window(qtbot, workbench)
    qtbot.waitUntil(lambda: bool(workbench.called("embed_pending")))
    assert window.progress.isVisible() and window.progress.cancel_button.isEnabled()
    assert health(window, "unembedded_chapters") == "Not embedded 2"
    workbench.step_gate.set()
    qtbot.waitUntil(lambda: window.progress.bar.value() == 8)
    assert window.progress.bar.maximum() == 30 and window.progress.label.text() == "Embedding"
    let_steps_run(workbench)
    qtbot.waitUntil(lambda: window.background_op.done)
    assert window.background_op.result == 30
    assert "Embedded 30 passages" in window.statusBar().currentMessage()
    assert not window.progress.isVisible()
    qtbot.waitUntil(lambda: health(window, "unembedded_chapters") == "Not embedded 0")


def test_a_book_with_every_passage_embedded_does_not_load_the_embedder(qtbot, qasync_loop, english):
    workbench = FakeWorkbench()
    window = open_window(qtbot, workbench)
    qtbot.waitUntil(lambda: bool(workbench.called("counts")))
    assert workbench.called("embed_pending") == []
    assert window.background_op is None and not window.progress.isVisible()


def test_cancel_pauses_embedding_and_the_health_strip_starts_it_again(qtbot, qasync_loop, english):
    workbench = FakeWorkbench()
    workbench.missing_vectors = 30
    workbench.step_gate = asyncio.Event()
    window = open_window(qtbot, workbench)
    qtbot.waitUntil(lambda: window.progress.isVisible())
    window.progress.cancel_button.click()
    workbench.step_gate.set()
    qtbot.waitUntil(lambda: window.background_op.done)
    assert type(window.background_op.error).__name__ == "Cancelled"
    assert "Embedding paused" in window.statusBar().currentMessage()
    assert window._error_box is None  # a pause is no error
    assert workbench.missing_vectors == 30 and health(window, "unembedded_chapters") == "Not embedded 2"

    workbench.step_gate = None
    window.inspector.health.buttons["unembedded_chapters"].click()
    qtbot.waitUntil(lambda: len(workbench.called("embed_pending")) == 2 and window.background_op.done)
    qtbot.waitUntil(lambda: health(window, "unembedded_chapters") == "Not embedded 0")


def test_embedding_gives_way_to_an_import_which_starts_at_once(qtbot, qasync_loop, english, tmp_path):
    workbench = FakeWorkbench()
    workbench.missing_vectors = 30
    workbench.step_gate = asyncio.Event()
    window = open_window(qtbot, workbench)
    qtbot.waitUntil(lambda: bool(workbench.called("embed_pending")))
    embedding = window.background_op
    path = tmp_path / "a.txt"
    path.write_text("第一章 开始\n正文", encoding="utf-8")
    window.imports.run_import([path])  # as the preview's Import does
    assert window._error_box is None  # embedding never makes the author wait
    workbench.step_gate.set()  # the embedding's next step notices it was told to stop
    qtbot.waitUntil(lambda: bool(workbench.called("import_paths")))
    assert type(embedding.error).__name__ == "Cancelled" and workbench.missing_vectors == 30
    importing = window.background_op
    qtbot.waitUntil(lambda: importing.done)
    assert importing.error is None and importing.result["chapters"] == 3


def test_an_import_whose_embedding_was_postponed_embeds_again_afterwards(qtbot, qasync_loop, english, tmp_path):
    workbench = FakeWorkbench()
    window = open_window(qtbot, workbench)
    workbench.import_result.pop("embedded")
    workbench.import_result["warnings"] = ["embedding postponed: the embedder is still loading"]
    workbench.missing_vectors = 12
    path = tmp_path / "a.txt"
    path.write_text("第一章 开始\n正文", encoding="utf-8")
    window.imports.run_import([path])  # as the preview's Import does
    qtbot.waitUntil(lambda: bool(workbench.called("embed_pending")))
    qtbot.waitUntil(lambda: window.background_op.done and workbench.missing_vectors == 0)
    assert window.background_op.result == 12
    window._dialogs["import_summary"].close()


def test_building_the_story_bible_asks_for_chapters_then_runs_with_progress_an_eta_and_a_busy_model(
        qtbot, qasync_loop, english):
    workbench = FakeWorkbench()
    workbench.extract_waiting = 3
    workbench.step_gate = asyncio.Event()
    window = open_window(qtbot, workbench)
    qtbot.waitUntil(lambda: health(window, "extract_pending") == "To extract 3")
    book_menu_action(window, "Build the story bible from imported chapters…").trigger()
    qtbot.waitUntil(lambda: window.upkeep.extract_dialog is not None and window.upkeep.extract_dialog.isVisible())
    dialog = window.upkeep.extract_dialog
    assert dialog.chapter_range() == (1, 6)  # every imported chapter, queued or not
    assert "half a minute" not in dialog.intro.text() + dialog.estimate.text()
    assert "not been measured here yet" in dialog.estimate.text()
    dialog.first.setValue(2)
    dialog.last.setValue(4)
    dialog.start_button.click()
    assert not dialog.isVisible()
    qtbot.waitUntil(lambda: window.progress.isVisible() and window.progress.bar.format() == "0/3")
    assert window.progress.bar.value() == round(0.5 / 3 * 1000)  # moves within the first chapter
    assert window.progress.label.text() == "Extracting facts · 2 min left"
    assert window.model_label.text().startswith("Model busy: building the story bible")
    let_steps_run(workbench)
    qtbot.waitUntil(lambda: window.background_op.done)
    assert workbench.called("extract_chapters") == [(((2, 4),), {"limit": None})]
    assert "3 new proposals wait for review (Book ▸ Reviews waiting…)" in window.statusBar().currentMessage()
    assert window.model_label.text().startswith("Model ready")


def test_the_next_estimate_comes_from_the_speed_measured_on_the_last_run(qtbot, qasync_loop, english):
    from desktop.ui.extract_pace import Pace, Stopwatch
    from desktop.progress import Progress

    ticks = iter([100.0, 190.0])
    watch = Stopwatch(clock=lambda: next(ticks))
    report = watch.wrap(lambda progress: None)
    report(Progress("extract", 0, 4, fraction=0.0))
    report(Progress("extract", 1, 4, fraction=0.375))  # a chapter and a half read in 90 s
    assert watch.seconds_per_chapter() == 60.0
    Pace().measured(watch.seconds_per_chapter())

    window = open_window(qtbot, FakeWorkbench())
    book_menu_action(window, "Build the story bible from imported chapters…").trigger()
    qtbot.waitUntil(lambda: window.upkeep.extract_dialog is not None and window.upkeep.extract_dialog.isVisible())
    dialog = window.upkeep.extract_dialog
    assert dialog.estimate.text().startswith("At most about 6 min for these 6 chapters, at the 1 min a chapter")
    dialog.last.setValue(2)
    assert dialog.estimate.text().startswith("At most about 2 min for these 2 chapters")
    dialog.first.setValue(3)
    assert not dialog.start_button.isEnabled()
    dialog.reject()


def test_the_to_extract_item_shows_only_when_chapters_wait_and_opens_the_same_dialog(qtbot, qasync_loop, english):
    workbench = FakeWorkbench()
    window = open_window(qtbot, workbench)
    qtbot.waitUntil(lambda: bool(workbench.called("counts")))
    assert not window.inspector.health.buttons["extract_pending"].isVisible()
    workbench.extract_waiting = 5
    workbench.tell(archive=True)
    qtbot.waitUntil(lambda: window.inspector.health.buttons["extract_pending"].isVisible())
    window.inspector.health.buttons["extract_pending"].click()
    qtbot.waitUntil(lambda: window.upkeep.extract_dialog is not None and window.upkeep.extract_dialog.isVisible())
    assert window.upkeep.extract_dialog.waiting.text() == "5 chapters are queued already."
    window.upkeep.extract_dialog.reject()
    assert workbench.called("extract_chapters") == []


def test_cancel_stops_the_story_bible_and_the_model_is_no_longer_busy(qtbot, qasync_loop, english):
    workbench = FakeWorkbench()
    workbench.step_gate = asyncio.Event()
    window = open_window(qtbot, workbench)
    window.upkeep._on_extract_requested(1, 6)
    qtbot.waitUntil(lambda: window.upkeep.extracting and window.progress.isVisible())
    window.progress.cancel_button.click()
    workbench.step_gate.set()
    qtbot.waitUntil(lambda: window.background_op.done)
    assert type(window.background_op.error).__name__ == "Cancelled"
    assert not window.upkeep.extracting and window.model_label.text().startswith("Model ready")


def test_extraction_waits_for_an_import_the_author_started(qtbot, qasync_loop, english, tmp_path):
    workbench = FakeWorkbench()
    workbench.extract_waiting = 3
    workbench.import_gate = asyncio.Event()
    window = open_window(qtbot, workbench)
    path = tmp_path / "a.txt"
    path.write_text("第一章 开始\n正文", encoding="utf-8")
    window.imports.run_import([path])  # as the preview's Import does
    qtbot.waitUntil(lambda: bool(workbench.called("import_paths")))
    window.upkeep._on_extract_requested(1, 3)
    assert "Wait for the current background work" in window.statusBar().currentMessage()
    window.progress.cancel_button.click()
    workbench.import_gate.set()
    qtbot.waitUntil(lambda: window.background_op.done)
    assert workbench.called("extract_chapters") == []


# -- the real thing ----------------------------------------------------------------------------------

def in_a_thread(coroutine):
    # The GUI thread's qasync loop counts as running, so set-up and shutdown run on a loop of their own.
    result = []
    worker = threading.Thread(target=lambda: result.append(asyncio.run(coroutine)))
    worker.start()
    worker.join()
    return result[0] if result else None


@pytest.fixture
def book_imported_without_vectors(tmp_path, corpus_dir):
    """Three chapters of 红楼梦 imported as a crash would leave them: stored, queued for extraction, no vectors."""
    text = (corpus_dir / "zh" / "hongloumeng.txt").read_text(encoding="utf-8")
    source = tmp_path / "hongloumeng-1-3.txt"
    source.write_text(text[text.index("第一回"):text.index("第四回")], encoding="utf-8")
    workbench = Workbench(Settings(), settings_path=None)

    async def build() -> dict:
        await workbench.create_book(tmp_path / "红楼梦.inkstone", title="红楼梦")
        return await workbench.import_paths([source], embed=False)

    imported = in_a_thread(build())
    assert imported["chapters"] == 3 and imported["extract_jobs"] == 3
    yield workbench
    in_a_thread(workbench.shutdown())


def test_opening_a_real_book_embeds_its_waiting_chapters_and_counts_those_to_extract(
        qtbot, qasync_loop, english, book_imported_without_vectors):
    workbench = book_imported_without_vectors
    window = MainWindow(workbench)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: health(window, "extract_pending") == "To extract 3", timeout=10_000)
    qtbot.waitUntil(lambda: window.background_op is not None, timeout=10_000)
    assert health(window, "unembedded_chapters") == "Not embedded 3"
    qtbot.waitUntil(lambda: window.background_op.done, timeout=60_000)
    assert window.background_op.error is None and window.background_op.result > 0
    qtbot.waitUntil(lambda: health(window, "unembedded_chapters") == "Not embedded 0", timeout=10_000)
