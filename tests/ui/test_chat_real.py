"""Chat in the window over the real stack: the real default model, a real book with canon — a question about the
book shows its memory look-ups as they run, the reply streams token by token, Stop cuts it, and the cut reply is
what the book keeps."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from desktop.config import Settings
from desktop.ui.main_window import MainWindow
from desktop.workbench import Workbench
from tests.ui.fakes import type_text
from tests.ui.test_real_workbench import BEGINNING, wait_for
from tests.ui.test_settle_real import run_in_thread

pytestmark = [pytest.mark.model, pytest.mark.slow]
SHOTS = Path("/work/shots")


@pytest.fixture
def workbench(tmp_path):
    workbench = Workbench(Settings(candidates=1), settings_path=None)

    async def build() -> None:
        await workbench.create_book(tmp_path / "武动乾坤.inkstone", title="武动乾坤")
        await workbench.apply(BEGINNING)
        await workbench.new_task("闲聊：林动", kind="free")

    run_in_thread(build())
    yield workbench
    run_in_thread(workbench.shutdown())


def test_type_see_the_lookups_as_they_run_stream_and_stop(qtbot, qasync_loop, chinese, workbench):
    window = MainWindow(workbench)
    qtbot.addWidget(window)
    window.resize(1280, 780)
    window.show()
    wait_for(qtbot, workbench.load_model(), timeout=120_000)
    chat = window.chat
    steps_at_first_token: list[list[str]] = []
    original = chat.append_token
    chat.append_token = lambda piece: (steps_at_first_token.append(chat.steps_text()) if not steps_at_first_token
                                       else None, original(piece))
    started = time.monotonic()
    type_text(qtbot, chat.input, "林动之前住在哪里？他有什么宝物？")
    qtbot.keyClick(chat.input, Qt.Key_Return)
    qtbot.waitUntil(lambda: any(s.startswith("已查阅") for s in chat.steps_text()), timeout=90_000)
    qtbot.waitUntil(lambda: len(chat.streamed_text()) >= 6, timeout=90_000)
    assert steps_at_first_token and any(s.startswith("已查阅") for s in steps_at_first_token[0])
    assert chat.stop_button.isVisible()
    if SHOTS.is_dir():
        window.grab().save(str(SHOTS / "chat_steps_zh.png"))
    qtbot.mouseClick(chat.stop_button, Qt.LeftButton)
    qtbot.waitUntil(lambda: not chat.is_streaming(), timeout=30_000)
    elapsed = time.monotonic() - started
    messages = wait_for(qtbot, workbench.messages())
    reply = messages[-1]
    assert reply.role == "assistant" and reply.state == "cut" and reply.content.strip()
    shown = re.sub(r"^[#>*\-\s]+", "", reply.content.strip())[:4]  # the pane renders markdown: "### 记忆" shows "记忆"
    assert shown in chat.history_text()
    assert [m.role for m in messages].count("tool") >= 1  # the look-ups are kept in the task's history
    print(f"type → look-ups → stream → stop on the real model: {elapsed:.1f} s")
