"""Notes in the window: a text file dropped on the input box, chosen from the Task menu, or the clipboard pasted,
is kept in the active task without a reply; other files dropped there are still an import."""

from __future__ import annotations

from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication

SETTING = "苏晚出身江南苏家，后来改用寒霜剑。"


def drop_on_input(window, paths) -> tuple[QDragEnterEvent, QDropEvent]:
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(p)) for p in paths])
    enter = QDragEnterEvent(QPointF(10, 10), Qt.CopyAction, mime, Qt.LeftButton, Qt.NoModifier)
    window.chat.input.dragEnterEvent(enter)
    drop = QDropEvent(QPointF(10, 10), Qt.CopyAction, mime, Qt.LeftButton, Qt.NoModifier)
    if enter.isAccepted():
        window.chat.input.dropEvent(drop)
    return enter, drop


def test_a_text_file_dropped_on_the_input_box_is_kept_as_a_note(qtbot, window, fake_workbench, tmp_path):
    path = tmp_path / "苏晚设定.md"
    path.write_text(SETTING, encoding="utf-8")
    enter, _ = drop_on_input(window, [path])
    assert enter.isAccepted()
    qtbot.waitUntil(lambda: fake_workbench.called("note") != [])
    assert fake_workbench.called("note") == [(("",), {"path": str(path)})]
    qtbot.waitUntil(lambda: SETTING in window.chat.history_text())
    assert "Kept 1 notes" in window.statusBar().currentMessage()
    assert fake_workbench.called("say") == [] and fake_workbench.called("import_paths") == []


def test_a_chapter_file_that_is_not_a_note_dropped_on_the_input_box_is_left_to_the_window(qtbot, window, tmp_path):
    book = tmp_path / "第一卷.epub"
    book.write_bytes(b"PK\x03\x04")
    enter, _ = drop_on_input(window, [book, tmp_path])
    assert not enter.isAccepted()


def test_pasting_the_clipboard_as_a_note(qtbot, window, fake_workbench):
    QApplication.clipboard().setText("  " + SETTING + "\n")
    paste = next(a for a in window.menuBar().actions()[1].menu().actions() if a.text() == "Paste as a note")
    paste.trigger()
    qtbot.waitUntil(lambda: fake_workbench.called("note") != [])
    assert fake_workbench.called("note") == [((SETTING,), {"path": None})]


def test_an_empty_clipboard_keeps_nothing_and_says_so(qtbot, window, fake_workbench):
    QApplication.clipboard().setText("")
    window.notes.paste()
    assert fake_workbench.called("note") == []
    assert "no text" in window.statusBar().currentMessage()


def test_the_note_button_opens_a_chooser_for_text_files(qtbot, window, fake_workbench, tmp_path):
    window.chat.note_button.click()
    chooser = window._dialogs["note_file"]
    assert chooser.isVisible() and "*.txt *.md" in chooser.nameFilters()[0]
    path = tmp_path / "notes.txt"
    path.write_text(SETTING, encoding="utf-8")
    chooser.filesSelected.emit([str(path)])
    chooser.reject()
    qtbot.waitUntil(lambda: fake_workbench.called("note") != [])
    assert fake_workbench.called("note")[0][1] == {"path": str(path)}
