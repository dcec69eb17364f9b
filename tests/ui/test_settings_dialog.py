"""The settings dialog edits a copy of the settings and hands back the author's version on OK."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox

from desktop.config import Settings
from desktop.ui.settings_dialog import SettingsDialog


def make_dialog(qtbot, settings):
    dialog = SettingsDialog(settings)
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog


def press_ok(qtbot, dialog):
    ok = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.Ok)
    with qtbot.waitSignal(dialog.settings_accepted) as blocker:
        qtbot.mouseClick(ok, Qt.LeftButton)
    return blocker.args[0]


def test_it_shows_the_current_settings(qtbot, english):
    dialog = make_dialog(qtbot, Settings(model_path="/m/qwen.gguf", gpu_layers=20, n_ctx=4096, n_threads=0,
                                         language="zh_CN", theme="dark"))
    assert dialog.file_radio.isChecked() and dialog.model_path.isEnabled()
    assert dialog.gpu_mode.currentData() == "layers" and dialog.gpu_layers.value() == 20
    assert dialog.n_threads.text() == "Automatic"
    assert dialog.language.currentText() == "中文" and dialog.theme.currentData() == "dark"


def test_choosing_a_server_cpu_only_and_english_comes_back_on_ok(qtbot, english):
    original = Settings(model_path="/m/qwen.gguf", recent_books=["/books/a"])
    dialog = make_dialog(qtbot, original)
    dialog.server_radio.click()
    assert not dialog.model_path.isEnabled() and dialog.server_url.isEnabled()
    qtbot.keyClicks(dialog.server_url, "http://10.0.0.2:8080/v1")
    qtbot.keyClicks(dialog.server_model, "qwen3-8b")
    dialog.gpu_mode.setCurrentIndex(dialog.gpu_mode.findData("cpu"))
    dialog.n_ctx.setValue(16384)
    dialog.n_threads.setValue(6)
    dialog.language.setCurrentIndex(dialog.language.findData("en"))
    dialog.theme.setCurrentIndex(dialog.theme.findData("dark"))
    chosen = press_ok(qtbot, dialog)
    assert (chosen.server_url, chosen.server_model, chosen.model_path) == ("http://10.0.0.2:8080/v1", "qwen3-8b", "")
    assert (chosen.gpu_layers, chosen.n_ctx, chosen.n_threads) == (0, 16384, 6)
    assert (chosen.language, chosen.theme, chosen.recent_books) == ("en", "dark", ["/books/a"])
    assert original.server_url == ""  # the dialog edited a copy


def test_the_bundled_default_clears_the_model_file_and_auto_gpu_is_minus_one(qtbot, english):
    dialog = make_dialog(qtbot, Settings(model_path="/m/qwen.gguf", gpu_layers=0))
    dialog.bundled_radio.click()
    dialog.gpu_mode.setCurrentIndex(dialog.gpu_mode.findData("auto"))
    qtbot.keyClicks(dialog.embedder, "/models/bge-small-zh")
    chosen = press_ok(qtbot, dialog)
    assert (chosen.model_path, chosen.gpu_layers, chosen.embedder) == ("", -1, "/models/bge-small-zh")
