"""The reading tools over the real Workbench and a real book (no model): the search dialog finds a two-character
Chinese name in a small imported text, within the chapter range asked for, and opens its chapter at the passage;
the story bible is exported beside the author's files; a base persona is set and kept."""

from __future__ import annotations

import pytest

from desktop.config import Settings
from desktop.ui.main_window import MainWindow
from desktop.workbench import Workbench
from tests.ui.test_import_real import in_a_thread
from tests.ui.test_real_workbench import wait_for

TEXT = """第一回　雨夜
夜雨连绵，镇上的铺子早早关了门。老掌柜坐在灯下算账，一言不发。

第二回　来客
天亮时，晴雯提着食盒进了院子，说是奉了太太之命。老掌柜只点了点头。

第三回　旧事
多年以后，人们还记得那个雨夜。晴雯在廊下站了许久，终于把信交了出去。
"""


@pytest.fixture
def workbench(tmp_path):
    bench = Workbench(Settings(), settings_path=None)
    manuscript = tmp_path / "雨夜.txt"
    manuscript.write_text(TEXT, encoding="utf-8")

    async def build() -> dict:
        await bench.create_book(tmp_path / "雨夜.inkstone", title="雨夜")
        return await bench.import_paths([manuscript], extract=False, embed=False)

    assert in_a_thread(build())["chapters"] == 3
    yield bench
    in_a_thread(bench.shutdown())


def test_a_two_character_name_is_found_in_its_chapters_and_opens_there(qtbot, qasync_loop, english, workbench):
    window = MainWindow(workbench)
    qtbot.addWidget(window)
    window.show()
    dialog = window.search.open()
    qtbot.waitUntil(lambda: dialog.last.maximum() == 3, timeout=10_000)
    dialog.query.setText("晴雯")
    dialog.preset.setCurrentIndex(dialog.preset.findData("keyword"))  # no embedder: keyword ranking only
    dialog.search()
    qtbot.waitUntil(lambda: dialog.search_button.isEnabled() and dialog.status.text() != "Searching…",
                    timeout=20_000)
    assert sorted(hit.chapter_number for hit in dialog.hits) == [2, 3], dialog.status.text()
    assert all("晴雯" in snippet for snippet in dialog.snippets())
    assert {dialog.results.topLevelItem(i).text(0) for i in range(2)} == {"Chapter 2 · 来客", "Chapter 3 · 旧事"}

    dialog.first.setValue(3)  # from chapter 3 to the last: chapter 2's passage drops out
    dialog.search()
    qtbot.waitUntil(lambda: dialog.search_button.isEnabled() and len(dialog.hits) == 1, timeout=20_000)
    assert dialog.hits[0].chapter_number == 3

    dialog.open_chapter()
    qtbot.waitUntil(lambda: dialog.chapter_dialog is not None and dialog.chapter_dialog.isVisible(), timeout=10_000)
    assert dialog.chapter_dialog.windowTitle() == "Chapter 3 · 旧事"
    assert "终于把信交了出去" in dialog.chapter_dialog.text.toPlainText()
    dialog.chapter_dialog.close()
    window.close()


def test_the_story_bible_is_exported_for_real_into_a_folder_of_its_own(qtbot, qasync_loop, english, workbench,
                                                                       tmp_path):
    window = MainWindow(workbench)
    qtbot.addWidget(window)
    window.show()
    (tmp_path / "mine.txt").write_text("the author's own file", encoding="utf-8")
    window.exporter.export_into(str(tmp_path))
    qtbot.waitUntil(lambda: "export_done" in window._dialogs, timeout=20_000)
    folder = tmp_path / "雨夜 story bible"
    assert (folder / "bible.md").read_text(encoding="utf-8").startswith("#")
    assert (tmp_path / "mine.txt").read_text(encoding="utf-8") == "the author's own file"
    window._dialogs["export_done"].close()
    window.exporter.export_into(str(tmp_path))  # again: the earlier export is replaced, not refused
    qtbot.waitUntil(lambda: window.background_op.done, timeout=20_000)
    assert window.background_op.error is None, window.background_op.error
    window.close()


def test_a_base_persona_is_set_once_and_kept_for_real(qtbot, qasync_loop, english, workbench):
    window = MainWindow(workbench)
    qtbot.addWidget(window)
    window.show()
    dialog = window.personas.open("晴雯")
    qtbot.waitUntil(lambda: dialog.persona is not None, timeout=10_000)
    assert "no persona yet" in dialog.status.text()
    dialog.base.setPlainText("心直口快，针线极好。")
    dialog.base_button.click()
    qtbot.waitUntil(lambda: dialog.status.text() == "Base persona of 晴雯 set.", timeout=10_000)
    assert dialog.base.isReadOnly() and not dialog.base_button.isEnabled(), dialog.status.text()
    assert wait_for(qtbot, workbench.persona("晴雯"))["base"] == "心直口快，针线极好。"
    window.close()
