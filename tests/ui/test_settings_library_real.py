"""The settings library dialog over the real Workbench and a real book: the scale read from prose, edited and
confirmed in the dialog, is what the book keeps and what continuity ranks by; an edit reaches the archive."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

import pytest

from desktop.config import Settings
from desktop.ui.main_window import MainWindow
from desktop.workbench import Workbench
from tests.ui.test_real_workbench import wait_for

POWER = "武道境界从低到高依次为：淬体境（一至九重）、地元境、天元境、造化境。天元境分初期、中期、后期。"
SHOTS = Path("/work/shots")


@pytest.fixture
def workbench(tmp_path):
    """Asked for before qtbot, so the window is gone before the book closes under it."""
    workbench = Workbench(Settings(), settings_path=None)

    async def build() -> None:
        await workbench.create_book(tmp_path / "武动乾坤.inkstone", title="武动乾坤")
        await workbench.save_setting("武道境界", POWER, "力量体系")
        await workbench.save_setting("林家", "青阳镇林家，家主林震天。", "势力")
        await workbench.apply({"chapter": 3, "entities": [
            {"kind": "Character", "name": "林动", "attributes": {"境界": "天元境初期"}}]})

    # The GUI thread's qasync loop counts as running, so setup and teardown run on loops of their own.
    worker = threading.Thread(target=asyncio.run, args=(build(),))
    worker.start()
    worker.join()
    yield workbench
    closer = threading.Thread(target=asyncio.run, args=(workbench.shutdown(),))
    closer.start()
    closer.join()


def test_a_scale_confirmed_in_the_dialog_is_kept_and_ranks_realms(workbench, qtbot, qasync_loop, chinese):
    window = MainWindow(workbench)
    qtbot.addWidget(window)
    window.show()
    dialog = window.library.open()
    qtbot.waitUntil(lambda: dialog.titles() == ["武道境界", "林家"] and dialog.entry is not None, timeout=10_000)
    qtbot.waitUntil(lambda: dialog.title_edit.text() == "武道境界", timeout=10_000)
    assert dialog.scale_list.item(0).text() == "淬体境 < 地元境 < 天元境 < 造化境"
    assert "淬体境（一至九重）" in dialog.scale_state.text() and "天元境（初期、中期、后期）" in dialog.scale_state.text()
    SHOTS.mkdir(parents=True, exist_ok=True)
    dialog.grab().save(str(SHOTS / "settings_library_real_zh.png"))

    # Before: 地元 is below 天元 by the prose scale. The author inserts 灵元 above 天元 and confirms.
    said = wait_for(qtbot, workbench.check("林动不过地元境。", chapter=5))["issues"]
    assert [i["said"] for i in said] == ["地元境"]
    dialog.scale_list.item(0).setText("淬体境 < 地元境 < 天元境 < 灵元境 < 造化境")
    dialog.use_button.click()
    qtbot.waitUntil(lambda: dialog.entry is not None and dialog.entry["scale_confirmed"], timeout=10_000)
    assert workbench.book.archive.confirmed_scales() == {"武道境界": [["淬体境", "地元境", "天元境", "灵元境", "造化境"]]}
    assert "已由你确认" in dialog.scale_state.text()
    said = wait_for(qtbot, workbench.check("林动不过天元境，尚未踏入灵元境。", chapter=5))["issues"]
    assert said == []  # 天元境 is what he reached; 灵元境 is above, not a step back

    dialog.body_edit.setPlainText(POWER + "造化之上，传说另有生死境。")
    dialog.save_button.click()
    qtbot.waitUntil(lambda: "已保存" in dialog.status.text(), timeout=10_000)
    assert workbench.book.archive.setting("武道境界")["body"].endswith("生死境。")
    assert workbench.book.archive.confirmed_scales()["武道境界"][0][-1] == "造化境"  # the confirmed scale stays
