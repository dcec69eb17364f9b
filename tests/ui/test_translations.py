"""Translations: every dialog opens in Chinese and English, and no visible label is left in English in Chinese."""

from __future__ import annotations

import re
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import (
    QAbstractButton,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QMenu,
    QTabWidget,
    QTreeWidget,
)

from desktop import paths
from desktop.config import Settings
from desktop.ui import i18n
from desktop.ui.backups import BackupsDialog
from desktop.ui.book_dialog import NewBookDialog
from desktop.ui.extract_dialog import ExtractDialog
from desktop.ui.failed_settlements import DocumentEditor, FailedSettlementsDialog
from desktop.ui.import_drop import ImportSummary
from desktop.ui.main_window import MainWindow
from desktop.ui.settings_dialog import SettingsDialog
from desktop.ui.settlement_review import SettlementReview
from desktop.ui.task_sidebar import NewTaskDialog
from tests.ui.fakes import REVIEW, SNAPSHOTS, FakeWorkbench, snapshot

UI = Path(__file__).resolve().parents[2] / "desktop" / "ui"
# Latin words a Chinese window may show: product and format names, and the data of the canned book.
ALLOWED = {"Inkstone", "GPU", "CPU", "API", "GGUF", "gguf", "OpenAI", "sentence-transformers", "English", "txt",
           "md", "docx", "epub", "http", "jpg", "gb18030", "OWNS", "KNOWS", "LIVES_IN", "HATES", "Ctrl", "Shift",
           "PgDown", "PgUp", "Return", "protagonist", "antagonist", "Climax", "Start", "key", "value", "llama.cpp",
           "qwen2.5-0.5b", "v1", "books", "inkstone", "Inkstone", "Documents", "root", "tmp", "Ok"}


def visible_texts(widget) -> list[str]:
    """What the author reads: titles, labels, buttons, group boxes, tabs, headers, combo items, placeholders, menus."""
    texts = [widget.windowTitle()]
    for child in widget.findChildren(QLabel):
        if child.isVisibleTo(widget) and not child.text().startswith("<"):
            texts.append(child.text())
    texts += [b.text() for b in widget.findChildren(QAbstractButton) if b.isVisibleTo(widget)]
    texts += [g.title() for g in widget.findChildren(QGroupBox)]
    texts += [t.tabText(i) for t in widget.findChildren(QTabWidget) for i in range(t.count())]
    texts += [t.headerItem().text(i) for t in widget.findChildren(QTreeWidget) for i in range(t.columnCount())]
    texts += [c.itemText(i) for c in widget.findChildren(QComboBox) for i in range(c.count())]
    texts += [e.placeholderText() for e in widget.findChildren(QLineEdit)]
    texts += [a.text() for m in widget.findChildren(QMenu) for a in m.actions()]
    return [t for t in texts if t]


def untranslated(texts: list[str]) -> list[str]:
    def foreign(text: str) -> bool:
        words = re.findall(r"[A-Za-z][A-Za-z0-9_.\-]*[A-Za-z0-9]|[A-Za-z]", text.replace("&", ""))
        return any(w not in ALLOWED and len(w) > 1 for w in words)

    return [t for t in texts if foreign(t)]


def dialogs(parent):
    yield NewTaskDialog(parent)
    yield NewBookDialog(parent)
    yield SettingsDialog(Settings(), parent)
    review = SettlementReview(REVIEW, snapshot(), parent)
    for card in review.all_cards():
        card.edit_button.setChecked(True)  # every field label on show
    yield review
    yield ImportSummary({"chapters": 3, "chunks": 9, "characters": 8000,
                         "files": [{"path": "a.txt", "chapters": 3, "encoding": "gb18030"}], "errors": []}, parent)
    yield ExtractDialog(12, parent)
    failed = FailedSettlementsDialog(parent)
    failed.set_entries([{"id": 4, "error": "未知实体“无名”", "document": {"chapter": 9}}])
    yield failed
    yield DocumentEditor({"id": 4, "error": "", "document": {"chapter": 9}}, parent)
    backups = BackupsDialog(parent)
    backups.set_snapshots(SNAPSHOTS)
    yield backups
    backups.open()
    backups.select(SNAPSHOTS[0]["name"])
    backups.restore_button.click()
    yield backups.confirm_box  # the confirmation before a restore


@pytest.mark.parametrize("language", ["zh_CN", "en"])
def test_every_dialog_opens_in_both_languages(qtbot, qasync_loop, qapp, language):
    assert i18n.install_translators(qapp, language) == language
    try:
        window = MainWindow(FakeWorkbench())
        qtbot.addWidget(window)
        window.show()
        qtbot.waitUntil(lambda: window.inspector.graph.visible_nodes() != [])
        for dialog in dialogs(window):
            qtbot.addWidget(dialog)
            dialog.open()
            assert dialog.isVisible()
            texts = visible_texts(dialog)
            assert texts
            if language == "zh_CN":
                assert untranslated(texts) == [], f"{type(dialog).__name__} shows English in Chinese"
            dialog.close()
        if language == "zh_CN":
            assert untranslated(visible_texts(window)) == []
            assert window.menuBar().actions()[0].text() == "书(&B)"
        else:
            assert window.menuBar().actions()[0].text() == "&Book"
    finally:
        i18n.install_translators(qapp, "en")


def test_chinese_is_the_default_on_a_chinese_system_and_english_elsewhere(monkeypatch):
    from PySide6.QtCore import QLocale

    monkeypatch.setattr(QLocale, "system", staticmethod(lambda: QLocale("zh_CN")))
    assert i18n.resolve_language("") == "zh_CN"
    monkeypatch.setattr(QLocale, "system", staticmethod(lambda: QLocale("de_DE")))
    assert i18n.resolve_language("") == "en"
    assert i18n.resolve_language("zh_CN") == "zh_CN"


def test_missing_catalogues_are_compiled_where_they_can_be_written(qapp, tmp_path):
    built = i18n.compile_translations(out_dir=tmp_path)
    assert sorted(p.name for p in built) == ["inkstone_en.qm", "inkstone_zh_CN.qm"]
    assert all(p.stat().st_size > 0 for p in built)
    try:
        i18n.install_translators(qapp, "zh_CN")
        assert QCoreApplication.translate("SettingsDialog", "Settings") == "设置"
    finally:
        i18n.install_translators(qapp, "en")
    assert QCoreApplication.translate("SettingsDialog", "Settings") == "Settings"


def test_the_chinese_catalogue_covers_every_string_in_the_window(tmp_path):
    """lupdate over desktop/ui finds nothing the shipped .ts lacks, and every entry is translated."""
    fresh = tmp_path / "fresh.ts"
    lupdate = Path(i18n.lrelease_executable()).with_name("lupdate")
    subprocess.run([str(lupdate), *map(str, sorted(UI.glob("*.py"))), "-ts", str(fresh), "-locations", "none"],
                   check=True, capture_output=True)
    wanted = {(c.findtext("name"), m.findtext("source"))
              for c in ET.parse(fresh).getroot().iter("context") for m in c.iter("message")}
    shipped = ET.parse(paths.translations_dir() / "inkstone_zh_CN.ts").getroot()
    have = {(c.findtext("name"), m.findtext("source")): m.find("translation")
            for c in shipped.iter("context") for m in c.iter("message")}
    assert wanted - set(have) == set()
    unfinished = [key for key, tr in have.items() if tr.get("type") in ("unfinished", "vanished") or not tr.text]
    assert unfinished == []
