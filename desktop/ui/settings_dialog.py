"""The settings dialog: chat model or server, GPU layers, context and threads, embedder, language and theme."""

from __future__ import annotations

import dataclasses

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
)

from desktop.config import GPU_AUTO, GPU_NONE, Settings
from desktop.ui.i18n import LANGUAGES

MODEL_BUNDLED, MODEL_FILE, MODEL_SERVER = "bundled", "file", "server"


class SettingsDialog(QDialog):
    """Edits a copy; settings_accepted(Settings) carries the author's version when OK is pressed."""

    settings_accepted = Signal(object)

    def __init__(self, settings: Settings, parent=None):
        super().__init__(parent)
        self.setWindowTitle(self.tr("Settings"))
        self.original = settings
        self._file_dialog: QFileDialog | None = None

        layout = QVBoxLayout(self)
        layout.addWidget(self._model_group(settings))
        layout.addWidget(self._engine_group(settings))
        layout.addWidget(self._window_group(settings))
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.button(QDialogButtonBox.Ok).setText(self.tr("OK"))
        buttons.button(QDialogButtonBox.Cancel).setText(self.tr("Cancel"))
        buttons.accepted.connect(self._on_accepted)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(620, self.sizeHint().height())

    # -- groups -----------------------------------------------------------------------

    def _model_group(self, settings: Settings) -> QGroupBox:
        group = QGroupBox(self.tr("Chat model"))
        self.model_choice = QButtonGroup(self)
        self.bundled_radio = QRadioButton(self.tr("Bundled default model"))
        self.file_radio = QRadioButton(self.tr("A GGUF model file"))
        self.server_radio = QRadioButton(self.tr("An OpenAI-compatible server"))
        for radio in (self.bundled_radio, self.file_radio, self.server_radio):
            self.model_choice.addButton(radio)
            radio.toggled.connect(self._update_enabled)
        self.model_path = QLineEdit(settings.model_path)
        self.model_path.setPlaceholderText(self.tr("Path to a .gguf file"))
        self.browse_model = QPushButton(self.tr("Browse…"))
        self.browse_model.clicked.connect(self._on_browse_model_clicked)
        self.server_url = QLineEdit(settings.server_url)
        self.server_url.setPlaceholderText("http://127.0.0.1:8080/v1")
        self.server_model = QLineEdit(settings.server_model)
        self.server_key = QLineEdit(settings.server_api_key)
        self.server_key.setEchoMode(QLineEdit.Password)

        file_row = QHBoxLayout()
        file_row.addWidget(self.model_path, 1)
        file_row.addWidget(self.browse_model)
        server_form = QFormLayout()
        server_form.addRow(self.tr("Server address"), self.server_url)
        server_form.addRow(self.tr("Model name"), self.server_model)
        server_form.addRow(self.tr("API key"), self.server_key)
        box = QVBoxLayout(group)
        box.addWidget(self.bundled_radio)
        box.addWidget(self.file_radio)
        box.addLayout(_indented(file_row))
        box.addWidget(self.server_radio)
        box.addLayout(_indented(server_form))
        if settings.server_url:
            self.server_radio.setChecked(True)
        elif settings.model_path:
            self.file_radio.setChecked(True)
        else:
            self.bundled_radio.setChecked(True)
        return group

    def _engine_group(self, settings: Settings) -> QGroupBox:
        group = QGroupBox(self.tr("Engine"))
        self.gpu_mode = QComboBox()
        self.gpu_mode.addItem(self.tr("Automatic (all layers when a GPU is usable)"), "auto")
        self.gpu_mode.addItem(self.tr("CPU only"), "cpu")
        self.gpu_mode.addItem(self.tr("A number of layers"), "layers")
        self.gpu_layers = QSpinBox()
        self.gpu_layers.setRange(1, 999)
        self.gpu_layers.setValue(settings.gpu_layers if settings.gpu_layers > 0 else 32)
        mode = "auto" if settings.gpu_layers == GPU_AUTO else "cpu" if settings.gpu_layers == GPU_NONE else "layers"
        self.gpu_mode.setCurrentIndex(self.gpu_mode.findData(mode))
        self.gpu_mode.currentIndexChanged.connect(self._update_enabled)
        gpu_row = QHBoxLayout()
        gpu_row.addWidget(self.gpu_mode, 1)
        gpu_row.addWidget(self.gpu_layers)

        self.n_ctx = QSpinBox()
        self.n_ctx.setRange(512, 262_144)
        self.n_ctx.setSingleStep(1024)
        self.n_ctx.setValue(settings.n_ctx)
        self.n_ctx.setSuffix(self.tr(" tokens"))
        self.n_threads = QSpinBox()
        self.n_threads.setRange(0, 256)
        self.n_threads.setSpecialValueText(self.tr("Automatic"))
        self.n_threads.setValue(settings.n_threads)
        self.embedder = QLineEdit(settings.embedder)
        self.embedder.setPlaceholderText(self.tr("Bundled multilingual default"))
        self.browse_embedder = QPushButton(self.tr("Browse…"))
        self.browse_embedder.clicked.connect(self._on_browse_embedder_clicked)
        embedder_row = QHBoxLayout()
        embedder_row.addWidget(self.embedder, 1)
        embedder_row.addWidget(self.browse_embedder)

        form = QFormLayout(group)
        form.addRow(self.tr("GPU layers"), gpu_row)
        form.addRow(self.tr("Context size"), self.n_ctx)
        form.addRow(self.tr("Threads"), self.n_threads)
        form.addRow(self.tr("Embedding model"), embedder_row)
        return group

    def _window_group(self, settings: Settings) -> QGroupBox:
        group = QGroupBox(self.tr("Window"))
        self.language = QComboBox()
        self.language.addItem(self.tr("Follow the system"), "")
        for code, name in LANGUAGES.items():
            self.language.addItem(name, code)
        self.language.setCurrentIndex(max(0, self.language.findData(settings.language)))
        self.theme = QComboBox()
        self.theme.addItem(self.tr("Light"), "light")
        self.theme.addItem(self.tr("Dark"), "dark")
        self.theme.setCurrentIndex(max(0, self.theme.findData(settings.theme)))
        note = QLabel(self.tr("A new language shows after Inkstone restarts."))
        note.setWordWrap(True)
        form = QFormLayout(group)
        form.addRow(self.tr("Language"), self.language)
        form.addRow(self.tr("Theme"), self.theme)
        form.addRow("", note)
        return group

    # -- behaviour -----------------------------------------------------------------------

    def _update_enabled(self, *_args) -> None:
        for widget in (self.model_path, self.browse_model):
            widget.setEnabled(self.file_radio.isChecked())
        for widget in (self.server_url, self.server_model, self.server_key):
            widget.setEnabled(self.server_radio.isChecked())
        if hasattr(self, "gpu_layers"):
            self.gpu_layers.setEnabled(self.gpu_mode.currentData() == "layers")

    def showEvent(self, event) -> None:  # noqa: N802 — Qt override
        self._update_enabled()
        super().showEvent(event)

    def _on_browse_model_clicked(self) -> None:
        self._pick(self.tr("Choose a GGUF model"), self.tr("GGUF models (*.gguf)"), self.model_path, folder=False)

    def _on_browse_embedder_clicked(self) -> None:
        self._pick(self.tr("Choose a sentence-transformers model folder"), "", self.embedder, folder=True)

    def _pick(self, title: str, name_filter: str, target: QLineEdit, *, folder: bool) -> None:
        dialog = QFileDialog(self, title)
        dialog.setFileMode(QFileDialog.Directory if folder else QFileDialog.ExistingFile)
        if name_filter:
            dialog.setNameFilter(name_filter)
        dialog.fileSelected.connect(target.setText)
        self._file_dialog = dialog
        dialog.open()

    def settings(self) -> Settings:
        model_path = self.model_path.text().strip() if self.file_radio.isChecked() else ""
        server_url = self.server_url.text().strip() if self.server_radio.isChecked() else ""
        mode = self.gpu_mode.currentData()
        gpu_layers = GPU_AUTO if mode == "auto" else GPU_NONE if mode == "cpu" else self.gpu_layers.value()
        return dataclasses.replace(
            self.original, model_path=model_path, server_url=server_url,
            server_model=self.server_model.text().strip(), server_api_key=self.server_key.text(),
            gpu_layers=gpu_layers, n_ctx=self.n_ctx.value(), n_threads=self.n_threads.value(),
            embedder=self.embedder.text().strip(), language=self.language.currentData(),
            theme=self.theme.currentData(), recent_books=list(self.original.recent_books),
        )

    def _on_accepted(self) -> None:
        self.settings_accepted.emit(self.settings())
        self.accept()


def _indented(inner) -> QHBoxLayout:
    row = QHBoxLayout()
    row.addSpacing(24)
    row.addLayout(inner)
    return row
