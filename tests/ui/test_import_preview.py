"""The import preview: a drop shows what would be imported before anything is written; the author fixes the
heading rule and previews again; a clash with the book's chapters is asked about, never settled silently."""

from __future__ import annotations

import copy

from PySide6.QtWidgets import QMessageBox

from tests.ui.fakes_extract import CONFLICTS
from tests.ui.test_import_drop import drop_on
from tests.ui.test_translations import untranslated, visible_texts


def preview_of(qtbot, window, tmp_path):
    path = tmp_path / "红楼梦.txt"
    path.write_text("第一回 开始\n正文", encoding="utf-8")
    drop_on(window, [path])
    qtbot.waitUntil(lambda: window.imports.preview_dialog is not None
                    and window.imports.preview_dialog.import_button.isEnabled())
    return window.imports.preview_dialog, path


def tab_titles(dialog) -> list[str]:
    return [dialog.tabs.tabText(i) for i in range(dialog.tabs.count())]


def test_the_preview_lists_chapters_encoding_drops_suspects_and_the_rejoined_lines(qtbot, window, fake_workbench,
                                                                                   tmp_path):
    dialog, path = preview_of(qtbot, window, tmp_path)
    assert fake_workbench.called("preview_import") == [(([path],), {"heading_pattern": None, "heading_lines": ()})]
    assert dialog.isVisible() and fake_workbench.called("import_paths") == []
    assert dialog.chapter_rows() == [("1", "甄士隐梦幻识通灵 贾雨村风尘怀闺秀", "13,716", "new"),
                                     ("2", "贾夫人仙逝扬州城 冷子兴演说荣国府", "10,398", "unchanged")]
    file_row = dialog.chapters.topLevelItem(0)
    assert (file_row.text(0), file_row.text(1)) == ("红楼梦.txt", "gb18030 · hard-wrapped lines re-joined")
    assert dialog.headline.text().startswith("2 chapters (24,114 characters) in 1 files: 1 new, 1 unchanged")
    assert tab_titles(dialog) == ["&Chapters (2)", "&Suspect headings (1)", "&Dropped (1)", "&Warnings (1)"]
    dropped = dialog.dropped.topLevelItem(0)
    assert [dropped.text(c) for c in range(4)] == ["红楼梦.txt", "advert", "before the first heading (line 1)",
                                                   "本书来自某某小说网 www.example.com"]
    assert dialog.suspects.topLevelItem(0).text(2) == "目录 第三回 金陵城起复贾雨村 荣国府收养林黛玉"
    assert dialog.warnings.topLevelItem(0).text(1) == "line 138: chapter 3 missing"
    assert dialog.import_button.isDefault()
    dialog.reject()
    assert fake_workbench.called("import_paths") == []


def test_marking_a_suspect_line_as_a_heading_and_a_pattern_reads_the_files_again_with_that_rule(
        qtbot, window, fake_workbench, tmp_path):
    dialog, path = preview_of(qtbot, window, tmp_path)
    dialog.tabs.setCurrentIndex(1)
    dialog.suspects.setCurrentItem(dialog.suspects.topLevelItem(0))
    dialog.mark_button.click()
    assert dialog.rule() == ("", ["目录 第三回 金陵城起复贾雨村 荣国府收养林黛玉"])
    dialog.pattern.setText(r"^(目录\s*)?第.+回")
    fake_workbench.preview_result["files"][0]["chapters"].append(
        {"number": 3, "title": "金陵城起复贾雨村 荣国府收养林黛玉", "heading": "目录 第三回 金陵城起复贾雨村 荣国府收养林黛玉",
         "volume": None, "chars": 9000, "status": "new"})
    fake_workbench.preview_result["files"][0]["suspects"] = []
    dialog.again_button.click()
    qtbot.waitUntil(lambda: len(dialog.chapter_rows()) == 3)
    assert fake_workbench.called("preview_import")[-1] == (([path],), {
        "heading_pattern": r"^(目录\s*)?第.+回", "heading_lines": ("目录 第三回 金陵城起复贾雨村 荣国府收养林黛玉",)})
    dialog.import_button.click()
    qtbot.waitUntil(lambda: bool(fake_workbench.called("import_paths")))
    assert fake_workbench.called("import_paths")[0] == (([path],), {
        "on_conflict": "refuse", "heading_pattern": r"^(目录\s*)?第.+回",
        "heading_lines": ("目录 第三回 金陵城起复贾雨村 荣国府收养林黛玉",)})


def test_a_broken_pattern_is_said_beside_the_field_and_the_files_are_not_read_again(qtbot, window, fake_workbench,
                                                                                    tmp_path):
    dialog, _ = preview_of(qtbot, window, tmp_path)
    dialog.pattern.setText("第(")
    dialog.again_button.click()
    assert dialog.pattern_error.isVisible()
    assert dialog.pattern_error.text().startswith("The heading pattern is not a valid regular expression")
    assert len(fake_workbench.called("preview_import")) == 1
    dialog.reject()


def answer(qtbot, dialog, button_text: str) -> None:
    dialog.import_button.click()
    qtbot.waitUntil(lambda: dialog.question is not None and dialog.question.isVisible())
    assert "1 chapters of this import already hold other text" in dialog.question.text()
    assert "Chapter 2: “林动出世” (武动乾坤.txt) would become" in dialog.question.detailedText()
    button = next(b for b in dialog.question.buttons() if b.text() == button_text)
    button.click()


def test_a_clash_asks_replace_append_or_cancel_and_passes_the_answer_on(qtbot, window, fake_workbench, tmp_path):
    fake_workbench.preview_result["conflicts"] = copy.deepcopy(CONFLICTS)
    fake_workbench.preview_result["files"][0]["chapters"][1]["status"] = "conflict"
    dialog, path = preview_of(qtbot, window, tmp_path)
    assert dialog.chapter_rows()[1][3] == "conflict"
    assert "importing asks what to do" in dialog.headline.text()

    answer(qtbot, dialog, "Cancel")
    assert dialog.isVisible() and fake_workbench.called("import_paths") == []
    assert dialog.question.escapeButton().text() == "Cancel"
    assert dialog.question.defaultButton().text() == "&Append after the last chapter"

    answer(qtbot, dialog, "&Replace")
    qtbot.waitUntil(lambda: bool(fake_workbench.called("import_paths")))
    assert fake_workbench.called("import_paths")[0][1]["on_conflict"] == "replace"
    assert not dialog.isVisible()
    qtbot.waitUntil(lambda: window.background_op.done)


def test_append_is_passed_on_too(qtbot, window, fake_workbench, tmp_path):
    fake_workbench.preview_result["conflicts"] = copy.deepcopy(CONFLICTS)
    dialog, _ = preview_of(qtbot, window, tmp_path)
    answer(qtbot, dialog, "&Append after the last chapter")
    qtbot.waitUntil(lambda: bool(fake_workbench.called("import_paths")))
    assert fake_workbench.called("import_paths")[0][1]["on_conflict"] == "append"
    qtbot.waitUntil(lambda: window.background_op.done)


def test_a_file_that_cannot_be_read_is_shown_and_nothing_can_be_imported(qtbot, window, fake_workbench, tmp_path):
    fake_workbench.preview_result = {
        "files": [{"path": "/x/cover.jpg", "encoding": None, "chapters": [], "dropped": [], "suspects": [],
                   "unwrapped": False, "warnings": [], "error": "not a text, Markdown, Word or EPUB file"}],
        "conflicts": [], "totals": dict.fromkeys(("chapters", "chars", "new", "unchanged", "updated", "conflict"), 0)}
    path = tmp_path / "cover.jpg"
    path.write_bytes(b"\xff\xd8")
    drop_on(window, [path])
    qtbot.waitUntil(lambda: window.imports.preview_dialog is not None and bool(window.imports.preview_dialog.preview))
    dialog = window.imports.preview_dialog
    assert not dialog.import_button.isEnabled()
    assert dialog.chapters.topLevelItem(0).text(1) == "not imported: not a text, Markdown, Word or EPUB file"
    dialog.reject()


def test_the_preview_and_its_question_are_all_chinese_in_a_chinese_window(qtbot, qasync_loop, chinese, tmp_path):
    from desktop.ui.main_window import MainWindow
    from tests.ui.fakes import FakeWorkbench

    workbench = FakeWorkbench()
    workbench.preview_result["conflicts"] = copy.deepcopy(CONFLICTS)
    window = MainWindow(workbench)
    qtbot.addWidget(window)
    window.show()
    dialog, _ = preview_of(qtbot, window, tmp_path)
    assert untranslated(visible_texts(dialog)) == []
    assert dialog.chapter_rows()[0][3] == "新章节"
    dialog.import_button.click()
    qtbot.waitUntil(lambda: dialog.question is not None and dialog.question.isVisible())
    assert untranslated(visible_texts(dialog.question)) == []
    dialog.question.escapeButton().click()
    assert isinstance(dialog.question, QMessageBox) and workbench.called("import_paths") == []
    dialog.reject()


def test_after_the_rule_is_edited_enter_previews_again_and_import_waits_for_that_preview(qtbot, window, fake_workbench,
                                                                                       tmp_path):
    dialog, _ = preview_of(qtbot, window, tmp_path)
    dialog.pattern.setText("^第.+回")
    assert not dialog.import_button.isEnabled() and dialog.again_button.isDefault()
    assert dialog.import_button.toolTip() == "Preview again first: the heading rule was changed"
    qtbot.keyClick(dialog.pattern, "\r")
    qtbot.waitUntil(lambda: len(fake_workbench.called("preview_import")) == 2)
    qtbot.waitUntil(dialog.import_button.isEnabled)
    assert dialog.import_button.isDefault() and fake_workbench.called("import_paths") == []
    dialog.reject()
