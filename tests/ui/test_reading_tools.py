"""The window's reading tools over the fake workbench: searching the manuscript with filters, a character's
personas, exporting the story bible, and "Back to the main plot"."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from desktop.contracts import BookInfo, Hit
from desktop.ui.bible_export import export_folder
from desktop.ui.search_dialog import highlighted, words_of
from tests.ui.fakes import FakeWorkbench

SHOTS = Path("/work/shots")

HITS = [Hit(11, 7, "祖石之秘", "chunk", "夜色深沉。林琅天握紧祖石，掌心一阵温热。众人大惊。", 0.9),
        Hit(12, 9, "夜归青阳镇", "chunk", "天亮了。族比之约至今无人知晓。祖石<b>不见</b>了。", 0.5)]
HISTORY = [
    {"version": 1, "id": 31, "body": "沉默寡言，心怀血仇。", "created_at": "2024-05-01T10:00:00", "current": False},
    {"version": 2, "id": 32, "body": "得祖石后渐有自信，护短。", "created_at": "2024-05-02T11:00:00",
     "current": True},
]


class ReadingBench(FakeWorkbench):
    """The fake with hits to find and a character with a persona history."""

    def __init__(self):
        super().__init__()
        self.personas = {"林动": {"name": "林动", "base": "坚韧，重情义。", "evolved": HISTORY[1]["body"],
                                 "history": copy.deepcopy(HISTORY)}}

    async def search(self, query, *, k=10, preset="hybrid", chapters=None, with_entities=(), vectors=True):
        self._record("search", query, k=k, preset=preset, chapters=chapters, with_entities=with_entities)
        return [h for h in HITS if chapters is None or chapters[0] <= h.chapter_number <= chapters[1]]

    async def chapter_count(self):
        return 9

    async def persona(self, name):
        self._record("persona", name)
        return copy.deepcopy(self.personas.get(name, {"name": name, "base": None, "evolved": None, "history": []}))

    async def set_base_persona(self, name, text):
        self._record("set_base_persona", name, text)
        self.personas[name] = {"name": name, "base": text, "evolved": None, "history": []}
        return await self.persona(name)

    async def revert_persona(self, name, version):
        self._record("revert_persona", name, version)
        history = self.personas[name]["history"]
        body = history[version - 1]["body"]
        for v in history:
            v["current"] = False
        history.append({"version": len(history) + 1, "id": 40, "body": body, "created_at": "2024-05-03T09:00:00",
                        "current": True})
        self.personas[name]["evolved"] = body
        return await self.persona(name)


@pytest.fixture
def fake_workbench():
    return ReadingBench()


def menu_action(window, menu: int, text: str):
    return next(a for a in window.menuBar().actions()[menu].menu().actions() if a.text() == text)


# -- search --------------------------------------------------------------------------------------------


def test_words_and_names_are_split_as_an_author_types_them():
    assert words_of("贾宝玉、林黛玉 晴雯") == ["贾宝玉", "林黛玉", "晴雯"]
    assert words_of(" Darcy, Bennet ") == ["Darcy", "Bennet"]


def test_a_snippet_marks_each_word_found_and_escapes_the_passage():
    page = highlighted("天亮了。祖石<b>不见</b>了。", ["祖石"])
    assert "<b style='background:" in page and ">祖石</b>" in page
    assert "&lt;b&gt;不见&lt;/b&gt;" in page  # the passage's own angle brackets are text, never markup
    long = "甲" * 200 + "祖石" + "乙" * 200
    assert highlighted(long, ["祖石"]).startswith("…") and len(highlighted(long, [])) < 200


def open_search(qtbot, window):
    action = menu_action(window, 0, "Search the manuscript…")
    assert action.shortcut().toString() == "Ctrl+F"
    action.trigger()
    dialog = window._dialogs["search"]
    qtbot.waitUntil(lambda: dialog.last.maximum() == 9)
    return dialog


def test_search_sends_the_filters_and_lists_each_hit_with_its_chapter(qtbot, window, fake_workbench):
    dialog = open_search(qtbot, window)
    assert dialog.query.hasFocus()
    dialog.query.setText("祖石")
    dialog.first.setValue(7)  # to "any": the book's last chapter
    dialog.names.setText("林琅天、林动")
    dialog.preset.setCurrentIndex(dialog.preset.findData("keyword"))
    qtbot.keyClick(dialog.query, Qt.Key_Return)
    qtbot.waitUntil(lambda: dialog.results.topLevelItemCount() == 2)
    (args, kwargs), = fake_workbench.called("search")
    assert args == ("祖石",)
    assert kwargs["chapters"] == (7, 9) and kwargs["with_entities"] == ("林琅天", "林动")
    assert kwargs["preset"] == "keyword"
    assert dialog.results.topLevelItem(0).text(0) == "Chapter 7 · 祖石之秘"
    assert dialog.status.text() == "2 passages found"
    assert "掌心一阵温热" in dialog.snippets()[0]
    assert "祖石" in dialog.preview.toPlainText()


def test_an_empty_range_and_an_empty_form_are_told_not_searched(qtbot, window, fake_workbench):
    dialog = open_search(qtbot, window)
    dialog.search()
    assert "Type words" in dialog.status.text()
    dialog.query.setText("祖石")
    dialog.first.setValue(5)
    dialog.last.setValue(2)
    dialog.search()
    assert "comes after" in dialog.status.text()
    assert fake_workbench.called("search") == []


def test_a_double_click_opens_the_hits_chapter_at_the_passage(qtbot, window, fake_workbench):
    dialog = open_search(qtbot, window)
    dialog.query.setText("祖石")
    dialog.search()
    qtbot.waitUntil(lambda: dialog.results.topLevelItemCount() == 2)
    item = dialog.results.topLevelItem(0)
    rect = dialog.results.visualItemRect(item)
    qtbot.mouseClick(dialog.results.viewport(), Qt.LeftButton, pos=rect.center())  # a double-click's first press
    qtbot.mouseDClick(dialog.results.viewport(), Qt.LeftButton, pos=rect.center())
    qtbot.waitUntil(lambda: dialog.chapter_dialog is not None and dialog.chapter_dialog.isVisible())
    assert fake_workbench.called("chapter_text")[0][0] == (7,)
    assert dialog.chapter_dialog.windowTitle() == "Chapter 7 · 祖石之秘"
    assert "林动不过淬体三重" in dialog.chapter_dialog.text.toPlainText()
    dialog.chapter_dialog.close()
    dialog.results.setCurrentItem(dialog.results.topLevelItem(1))
    qtbot.keyClick(dialog.results, Qt.Key_Return)  # Enter opens it too
    qtbot.waitUntil(lambda: dialog.chapter_dialog.windowTitle() == "Chapter 9 · 夜归青阳镇")


# -- personas ------------------------------------------------------------------------------------------


def open_personas(qtbot, window, name="林动"):
    window.inspector.entity_selected.emit(name)
    action = menu_action(window, 0, "Personas…")
    assert action.shortcut().toString() == "Ctrl+Shift+C"
    action.trigger()
    dialog = window._dialogs["personas"]
    qtbot.waitUntil(lambda: dialog.persona is not None and dialog.persona["name"] == name)
    return dialog


def test_personas_open_on_the_character_selected_in_the_inspector(qtbot, window):
    dialog = open_personas(qtbot, window)
    assert [dialog.character.itemText(i) for i in range(dialog.character.count())] == ["林动", "林琅天"]
    assert dialog.base.toPlainText() == "坚韧，重情义。" and dialog.base.isReadOnly()
    assert not dialog.base_button.isEnabled()  # the base is set once
    assert dialog.versions.topLevelItemCount() == 2
    assert dialog.versions.currentItem().text(0) == "v2 ✓"
    assert dialog.evolved.toPlainText() == "得祖石后渐有自信，护短。"
    assert not dialog.revert_button.isEnabled()  # the current version needs no revert


def test_reverting_makes_an_earlier_version_current_as_a_new_one(qtbot, window, fake_workbench):
    dialog = open_personas(qtbot, window)
    dialog.versions.setCurrentItem(dialog.versions.topLevelItem(0))
    assert dialog.evolved.toPlainText() == "沉默寡言，心怀血仇。"
    dialog.revert_button.click()
    qtbot.waitUntil(lambda: dialog.versions.topLevelItemCount() == 3)
    assert fake_workbench.called("revert_persona")[0][0] == ("林动", 1)
    assert dialog.versions.currentItem().text(0) == "v3 ✓"
    assert "Version 1 is current again" in dialog.status.text()


def test_a_character_without_persona_gets_a_base_once(qtbot, window, fake_workbench):
    dialog = open_personas(qtbot, window, "林琅天")
    assert "no persona yet" in dialog.status.text()
    assert not dialog.base.isReadOnly() and dialog.base_button.isEnabled()
    dialog.base_button.click()
    assert "Write the base persona first" in dialog.status.text()
    dialog.base.setPlainText("骄横，嫉妒林动。")
    dialog.base_button.click()
    qtbot.waitUntil(lambda: dialog.base.isReadOnly())
    assert fake_workbench.called("set_base_persona")[0][0] == ("林琅天", "骄横，嫉妒林动。")
    assert not dialog.base_button.isEnabled()


def test_update_runs_in_the_background_lane_and_shows_the_new_version(qtbot, window, fake_workbench):
    dialog = open_personas(qtbot, window)
    dialog.update_button.click()
    assert window.background.busy and not dialog.update_button.isEnabled()
    qtbot.waitUntil(lambda: not window.background.busy)
    assert fake_workbench.called("update_persona")[0][0] == ("林动",)
    qtbot.waitUntil(lambda: "new version" in dialog.status.text())
    assert dialog.update_button.isEnabled()


# -- export and the main plot --------------------------------------------------------------------------


def test_the_bible_goes_into_a_folder_of_its_own_and_can_be_shown(qtbot, window, fake_workbench, tmp_path,
                                                                   monkeypatch):
    assert menu_action(window, 0, "Export story bible…").shortcut().toString() == "Ctrl+Shift+X"
    assert export_folder(tmp_path, "红楼梦: 设定集") == tmp_path / "红楼梦_ 设定集"
    opened = []
    monkeypatch.setattr("desktop.ui.bible_export.QDesktopServices.openUrl", lambda url: opened.append(url))
    window.exporter.export_into(str(tmp_path))
    qtbot.waitUntil(lambda: "export_done" in window._dialogs)
    assert fake_workbench.called("export")[0][0] == (tmp_path / "武动乾坤 story bible",)
    box = window._dialogs["export_done"]
    assert "武动乾坤 story bible" in box.text() and "with 1 settlement as JSON" in box.text()
    window.exporter.show_button.click()
    assert opened[0].toLocalFile() == str(tmp_path / "武动乾坤 story bible")


def test_back_to_the_main_plot_is_a_streamed_turn_from_the_button_and_the_menu(qtbot, window, fake_workbench):
    assert menu_action(window, 1, "Back to the main plot").shortcut().toString() == "Ctrl+Shift+M"
    window.chat.main_plot_button.click()
    qtbot.waitUntil(lambda: bool(fake_workbench.called("say")) and not window.chat.is_streaming())
    assert fake_workbench.called("say")[0][0] == ("/mainplot",)
    assert "林动握紧祖石" in window.chat.history_text()
    assert window.chat.main_plot_button.isEnabled()


def test_while_a_reply_streams_the_main_plot_button_waits(qtbot, window, fake_workbench):
    fake_workbench.endless = True
    window.chat.say_requested.emit("继续")
    qtbot.waitUntil(window.chat.is_streaming)
    assert not window.chat.main_plot_button.isEnabled()
    window.back_to_main_plot()  # the menu's shortcut while streaming: nothing new starts
    window.chat.stop_requested.emit()
    qtbot.waitUntil(lambda: not window.chat.is_streaming())
    assert [a for a, _ in fake_workbench.called("say")] == [("继续",)]
    QApplication.processEvents()


def test_another_books_search_starts_empty(qtbot, window, fake_workbench, monkeypatch):
    dialog = open_search(qtbot, window)
    dialog.query.setText("祖石")
    dialog.search()
    qtbot.waitUntil(lambda: dialog.results.topLevelItemCount() == 2)
    dialog.close()
    window.search.open()
    assert dialog.results.topLevelItemCount() == 2  # the same book: the last search is still there
    dialog.close()
    monkeypatch.setattr(fake_workbench, "book_info", lambda: BookInfo("/books/红楼梦.inkstone", "红楼梦", "zh"))
    window.search.open()
    assert dialog.results.topLevelItemCount() == 0 and dialog.hits == [] and dialog.preview.toPlainText() == ""
