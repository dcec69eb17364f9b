"""`inkstone bench ui`: drive a real window offscreen through an import and a generation, measuring GUI stalls."""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import os
import random
import tempfile
import time
from pathlib import Path

import qasync
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication

from desktop.app import prepare_runtime
from desktop.config import Settings
from desktop.ui.main_window import MainWindow
from desktop.workbench import Workbench

log = logging.getLogger(__name__)

HEARTBEAT_MS = 5
IDLE_SECONDS = 1.0
PROMPT = "请写一段三百字左右的场景：清晨的青阳镇，林动独自在后山修炼，描写他的动作和心情。"


class Heartbeat:
    """A 5 ms timer on the GUI thread; any gap longer than its period is time the window could not respond."""

    def __init__(self):
        self.timer = QTimer()
        self.timer.setTimerType(Qt.PreciseTimer)
        self.timer.setInterval(HEARTBEAT_MS)
        self.timer.timeout.connect(self._beat)
        self.stalls: list[float] = []
        self._last = 0.0

    def _beat(self) -> None:
        now = time.perf_counter()
        self.stalls.append(max(0.0, (now - self._last) * 1000 - HEARTBEAT_MS))
        self._last = now

    def start(self) -> None:
        self.stalls = []
        self._last = time.perf_counter()
        self.timer.start()

    def stop(self) -> list[float]:
        self.timer.stop()
        return list(self.stalls)


def synthetic_chapters(folder: Path, chapters: int = 20, chars: int = 2400) -> list[Path]:
    """A deterministic Chinese 'novel' in one GB18030 file, so the bench needs nothing outside the package."""
    rng = random.Random(7)
    names = ["林动", "青檀", "林琅天", "岩", "小貂", "青阳镇", "祖石", "林家"]
    words = ["修炼", "灵力", "山林", "夜色", "石符", "心中", "一震", "缓缓", "眼神", "族比", "长老", "天地"]
    parts = []
    for number in range(1, chapters + 1):
        body = []
        while sum(len(p) for p in body) < chars:
            sentence = "".join(rng.choice(words if rng.random() < 0.8 else names) for _ in range(rng.randint(4, 9)))
            body.append(sentence + rng.choice("，。！？") + ("\n" if rng.random() < 0.15 else ""))
        parts.append(f"第{number}章 {rng.choice(names)}与{rng.choice(words)}\n" + "".join(body) + "\n")
    path = folder / "bench-novel.txt"
    path.write_bytes("".join(parts).encode("gb18030"))
    return [path]


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def bench_ui(settings: Settings, *, files: list[Path] | None = None) -> dict:
    """{"max_stall_ms", "p99_stall_ms", "idle_max_stall_ms"}; call it outside any running asyncio loop."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    app = QApplication.instance() or QApplication(["inkstone-bench"])
    prepare_runtime()  # as the app does at start-up
    with tempfile.TemporaryDirectory(prefix="inkstone-bench-") as tmp:
        folder = Path(tmp)
        workbench = Workbench(dataclasses.replace(settings, recent_books=[]), settings_path=None)
        window = MainWindow(workbench)
        window.show()
        sources = files or synthetic_chapters(folder)
        with asyncio.Runner(loop_factory=lambda: qasync.QEventLoop(app)) as runner:
            figures = runner.run(_drive(window, workbench, folder, sources))
        window.hide()
        window.deleteLater()
    return figures


async def _drive(window, workbench, folder: Path, sources: list[Path]) -> dict:
    heartbeat = Heartbeat()
    try:
        await workbench.create_book(folder / "bench.inkstone", title="bench", language="zh")
        window.start()  # as at launch: no recent book to reopen, so it loads the model
        await window.model_op.task
        if window.model_op.error is not None:
            raise window.model_op.error
        await workbench.new_task("bench", kind="free")
        await _settle_down()

        heartbeat.start()
        await asyncio.sleep(IDLE_SECONDS)
        idle = heartbeat.stop()

        heartbeat.start()
        started = time.perf_counter()
        window.imports.run_import(sources)  # what a drop onto the window does once its preview is confirmed
        await window.background_op.task
        imported = time.perf_counter()
        window.chat.input.setPlainText(PROMPT)
        window.chat.send_button.click()
        await window.reply_op.task
        busy = heartbeat.stop()
        log.info("bench ui: import %.1f s, generation %.1f s, %d heartbeats, reply %d chars",
                 imported - started, time.perf_counter() - imported, len(busy), len(window.chat.streamed_text()))
        for op in (window.background_op, window.reply_op):
            if op.error is not None:
                raise op.error
    finally:
        heartbeat.stop()
        await workbench.shutdown()
    return {"max_stall_ms": round(max(busy, default=0.0), 1), "p99_stall_ms": round(_percentile(busy, 0.99), 1),
            "idle_max_stall_ms": round(max(idle, default=0.0), 1)}


async def _settle_down() -> None:
    # Let the refreshes that opening a book triggers finish before anything is measured.
    for _ in range(20):
        await asyncio.sleep(0.01)


def run(args) -> dict:
    # Qt wants the main thread and runs its own event loop: this bench returns figures, not an awaitable.
    return bench_ui(args.settings)
