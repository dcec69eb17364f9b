"""Drag-and-drop import: real file URLs dropped on the window reach the workbench, with progress, Cancel, summary."""

from __future__ import annotations

import asyncio

from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent

from desktop.ui.import_drop import ImportSummary
from desktop.ui.import_preview import ImportPreviewDialog


def mime_for(paths) -> QMimeData:
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(p)) for p in paths])
    return mime


def drop_on(widget, paths) -> QDropEvent:
    mime = mime_for(paths)
    enter = QDragEnterEvent(QPointF(200, 200), Qt.CopyAction, mime, Qt.LeftButton, Qt.NoModifier)
    widget.dragEnterEvent(enter)
    assert enter.isAccepted()
    event = QDropEvent(QPointF(200, 200), Qt.CopyAction, mime, Qt.LeftButton, Qt.NoModifier)
    widget.dropEvent(event)
    return event


def confirm_preview(qtbot, window) -> ImportPreviewDialog:
    """What the author does after a drop: read the preview, press Import."""
    qtbot.waitUntil(lambda: window.imports.preview_dialog is not None
                    and window.imports.preview_dialog.import_button.isEnabled())
    dialog = window.imports.preview_dialog
    dialog.import_button.click()
    return dialog


def chapter_files(corpus_dir, folder):
    """Three real chapters of 红楼梦 as separate files, and a picture that is no chapter at all."""
    text = (corpus_dir / "zh" / "hongloumeng.txt").read_text(encoding="utf-8")
    starts = [text.index(h) for h in ("第一回", "第二回", "第三回", "第四回")]
    folder.mkdir()
    files = []
    for n in range(3):
        path = folder / f"chapter-{n + 1}.txt"
        path.write_text(text[starts[n]:starts[n + 1]], encoding="gb18030")
        files.append(path)
    picture = folder / "cover.jpg"
    picture.write_bytes(b"\xff\xd8\xff\xe0 not text")
    return files, picture


def test_dropping_files_and_a_folder_imports_them_all(qtbot, window, fake_workbench, corpus_dir, tmp_path):
    files, picture = chapter_files(corpus_dir, tmp_path / "chapters")
    event = drop_on(window, [files[0], tmp_path / "chapters"])
    assert event.isAccepted()
    qtbot.waitUntil(lambda: bool(fake_workbench.called("preview_import")))
    assert fake_workbench.called("import_paths") == []  # nothing is written before the author saw the preview
    confirm_preview(qtbot, window)
    qtbot.waitUntil(lambda: bool(fake_workbench.called("import_paths")))
    (sent,), _ = fake_workbench.called("import_paths")[0]
    assert sent == [files[0], tmp_path / "chapters"]
    assert all(p.exists() for p in sent)


def test_a_drop_with_no_local_files_is_refused(qtbot, window, fake_workbench):
    mime = QMimeData()
    mime.setText("just text")
    enter = QDragEnterEvent(QPointF(10, 10), Qt.CopyAction, mime, Qt.LeftButton, Qt.NoModifier)
    window.dragEnterEvent(enter)
    assert not enter.isAccepted()
    assert not window.drop.hint.isVisible()


def test_dragging_over_the_window_shows_where_to_drop(qtbot, window, tmp_path):
    path = tmp_path / "a.txt"
    path.write_text("第一章 开始\n正文", encoding="utf-8")
    mime = mime_for([path])  # the event holds only a pointer: keep the data alive
    enter = QDragEnterEvent(QPointF(10, 10), Qt.CopyAction, mime, Qt.LeftButton, Qt.NoModifier)
    window.dragEnterEvent(enter)
    assert window.drop.hint.isVisible()
    window.dragLeaveEvent(None)
    assert not window.drop.hint.isVisible()


def test_progress_is_shown_and_cancel_stops_the_import(qtbot, window, fake_workbench, tmp_path):
    fake_workbench.import_gate = asyncio.Event()
    path = tmp_path / "a.txt"
    path.write_text("第一章 开始\n正文", encoding="utf-8")
    drop_on(window, [path])
    confirm_preview(qtbot, window)
    qtbot.waitUntil(lambda: window.progress.isVisible())
    fake_workbench.import_gate.set()
    qtbot.waitUntil(lambda: window.progress.bar.value() == 1)
    assert window.progress.bar.maximum() == 3 and window.progress.label.text() == "Importing"
    qtbot.mouseClick(window.progress.cancel_button, Qt.LeftButton)
    fake_workbench.import_gate.set()
    qtbot.waitUntil(lambda: window.background_op.done)
    assert type(window.background_op.error).__name__ == "Cancelled"
    assert not window.progress.isVisible()
    assert "Cancelled" in window.statusBar().currentMessage()


def test_the_summary_lists_chapters_found_and_files_refused_with_reasons(qtbot, window, fake_workbench, tmp_path):
    path = tmp_path / "a.txt"
    path.write_text("第一章 开始\n正文", encoding="utf-8")
    drop_on(window, [path])
    confirm_preview(qtbot, window)
    qtbot.waitUntil(lambda: any(isinstance(w, ImportSummary) and w.isVisible() for w in window.children()))
    summary = next(w for w in window.children() if isinstance(w, ImportSummary))
    text = summary.text()
    assert "3 chapters imported from 1 files" in text
    assert "a.txt — 3 chapters, gb18030" in text
    assert "cover.jpg: not a text, Markdown, Word or EPUB file" in text
    summary.close()


def test_importing_without_a_book_says_what_to_do(qtbot, window, fake_workbench, tmp_path):
    fake_workbench.has_book = False
    path = tmp_path / "a.txt"
    path.write_text("x", encoding="utf-8")
    drop_on(window, [path])
    assert fake_workbench.called("preview_import") == [] and fake_workbench.called("import_paths") == []
    assert "Open or create a book first" in window.statusBar().currentMessage()
