"""A character's persona in the window: the base (the fixed core, set once) and the evolved persona with every
version; update runs the model over recent settled facts (in the background lane: progress and Cancel), and an
earlier version can be made current again."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop.ui.bridge import describe_error, run_op
from desktop.ui.window_part import WindowPart

_VERSION = Qt.UserRole


class PersonasDialog(QDialog):
    """Shows one character's persona as the workbench returns it ({"name", "base", "evolved", "history"}) and asks
    for changes through signals; the controller runs them and hands back the persona that results."""

    character_chosen = Signal(str)
    set_base_requested = Signal(str, str)  # name, text
    update_requested = Signal(str)
    revert_requested = Signal(str, int)  # name, version

    def __init__(self, parent=None):
        super().__init__(parent)
        self.persona: dict | None = None
        self.setWindowTitle(self.tr("Personas"))
        self.character = QComboBox()
        self.character.setEditable(True)
        self.character.setInsertPolicy(QComboBox.NoInsert)
        self.character.lineEdit().setPlaceholderText(self.tr("A character's name"))
        self.character.activated.connect(lambda _i: self._choose())
        self.character.lineEdit().returnPressed.connect(self._choose)
        self.status = QLabel()
        self.status.setTextFormat(Qt.PlainText)
        self.status.setWordWrap(True)
        top = QHBoxLayout()
        top.addWidget(QLabel(self.tr("&Character")), 0)
        top.itemAt(0).widget().setBuddy(self.character)
        top.addWidget(self.character, 1)

        self.base = QPlainTextEdit()
        self.base.setPlaceholderText(self.tr("Who this character is at heart: temperament, values, how they speak. "
                                             "Set once; it never changes afterwards."))
        self.base_button = QPushButton(self.tr("Set &base persona"))
        self.base_button.clicked.connect(self._set_base)
        self.base_note = QLabel()
        self.base_note.setWordWrap(True)
        base_box = QGroupBox(self.tr("Base persona (fixed core)"))
        base_layout = QVBoxLayout(base_box)
        base_layout.addWidget(self.base, 1)
        base_row = QHBoxLayout()
        base_row.addWidget(self.base_note, 1)
        base_row.addWidget(self.base_button)
        base_layout.addLayout(base_row)

        self.versions = QTreeWidget()
        self.versions.setColumnCount(3)
        self.versions.setHeaderLabels([self.tr("Version"), self.tr("Written"), self.tr("Beginning")])
        self.versions.setRootIsDecorated(False)
        self.versions.setSelectionMode(QAbstractItemView.SingleSelection)
        self.versions.header().setSectionResizeMode(2, QHeaderView.Stretch)
        self.versions.itemSelectionChanged.connect(self._show_version)
        self.versions.itemActivated.connect(lambda *_: self._revert())
        self.evolved = QPlainTextEdit()
        self.evolved.setReadOnly(True)
        self.update_button = QPushButton(self.tr("&Update from settled facts"))
        self.update_button.setToolTip(self.tr("The model summarises what recent settled facts changed into a new "
                                              "version; the base persona is untouched"))
        self.update_button.clicked.connect(self._update)
        self.revert_button = QPushButton(self.tr("&Revert to this version"))
        self.revert_button.clicked.connect(self._revert)
        evolved_box = QGroupBox(self.tr("Evolved persona (versions, newest last)"))
        evolved_layout = QVBoxLayout(evolved_box)
        split = QSplitter(Qt.Vertical)
        split.addWidget(self.versions)
        split.addWidget(self.evolved)
        evolved_layout.addWidget(split, 1)
        evolved_row = QHBoxLayout()
        evolved_row.addStretch(1)
        evolved_row.addWidget(self.revert_button)
        evolved_row.addWidget(self.update_button)
        evolved_layout.addLayout(evolved_row)

        body = QSplitter(Qt.Horizontal)
        body.addWidget(base_box)
        body.addWidget(evolved_box)
        body.setSizes([360, 460])
        buttons = QDialogButtonBox()
        buttons.addButton(QPushButton(self.tr("Close")), QDialogButtonBox.RejectRole)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.status)
        layout.addWidget(body, 1)
        layout.addWidget(buttons)
        for a, b in ((self.character, self.base), (self.base, self.base_button), (self.base_button, self.versions),
                     (self.versions, self.evolved), (self.evolved, self.revert_button),
                     (self.revert_button, self.update_button)):
            QWidget.setTabOrder(a, b)
        self.resize(880, 560)
        self.set_persona(None)

    # -- what is shown ------------------------------------------------------------------------

    def set_characters(self, names: list[str], current: str | None = None) -> None:
        typed = current or self.character.currentText()
        self.character.blockSignals(True)
        self.character.clear()
        self.character.addItems(names)
        self.character.setEditText(typed or (names[0] if names else ""))
        self.character.blockSignals(False)

    def name(self) -> str:
        return self.character.currentText().strip()

    def set_persona(self, persona: dict | None) -> None:
        self.persona = persona
        has_name = persona is not None
        base = (persona or {}).get("base")
        self.base.setPlainText(base or "")
        self.base.setReadOnly(bool(base) or not has_name)
        self.base_button.setEnabled(has_name and not base)
        self.base_note.setText(self.tr("Set once: the base never changes; the evolved persona grows from it.")
                               if base else "")
        self.versions.clear()
        history = (persona or {}).get("history") or []
        for version in history:
            first_line = (version.get("body") or "").strip().splitlines()[:1]
            label = f"v{version['version']}" + (" ✓" if version.get("current") else "")
            item = QTreeWidgetItem([label, _when(version.get("created_at")), first_line[0] if first_line else ""])
            item.setData(0, _VERSION, version["version"])
            if version.get("current"):
                item.setToolTip(0, self.tr("The current version"))
            self.versions.addTopLevelItem(item)
        self.versions.resizeColumnToContents(0)
        self.versions.resizeColumnToContents(1)
        self.update_button.setEnabled(has_name)
        if history:
            current = next((i for i, v in enumerate(history) if v.get("current")), len(history) - 1)
            self.versions.setCurrentItem(self.versions.topLevelItem(current))
        self._show_version()
        if has_name and not base and not history:
            self.say(self.tr("%1 has no persona yet: write the base persona, or update to have the model draft an "
                             "evolved one from settled facts.").replace("%1", persona["name"]))

    def say(self, text: str) -> None:
        self.status.setText(text)

    def set_busy(self, busy: bool) -> None:
        for button in (self.update_button, self.revert_button):
            button.setEnabled(not busy and self.persona is not None)
        if not busy:
            self._show_version()

    def selected_version(self) -> dict | None:
        items = self.versions.selectedItems()
        if not items or self.persona is None:
            return None
        number = items[0].data(0, _VERSION)
        return next((v for v in self.persona.get("history") or [] if v["version"] == number), None)

    # -- slots --------------------------------------------------------------------------------

    def _choose(self) -> None:
        # An editable combo box also reports activation when focus leaves it: only another name is news.
        if self.name() and self.name() != (self.persona or {}).get("name"):
            self.character_chosen.emit(self.name())

    def _show_version(self) -> None:
        version = self.selected_version()
        self.evolved.setPlainText((version or {}).get("body") or (self.persona or {}).get("evolved") or "")
        self.revert_button.setEnabled(version is not None and not version.get("current"))

    def _set_base(self) -> None:
        text = self.base.toPlainText().strip()
        if not text:
            self.say(self.tr("Write the base persona first."))
            self.base.setFocus()
            return
        self.set_base_requested.emit(self.persona["name"], text)

    def _update(self) -> None:
        if self.persona is not None:
            self.update_requested.emit(self.persona["name"])

    def _revert(self) -> None:
        version = self.selected_version()
        if version is not None and not version.get("current"):
            self.revert_requested.emit(self.persona["name"], version["version"])


def _when(stamp) -> str:
    return str(stamp or "").replace("T", " ")[:16]


class Personas(WindowPart):
    """The window's side: opens the dialog on the character last selected in the inspector, and runs its requests
    (reads and quick writes directly, the model's update in the background lane)."""

    def __init__(self, window, workbench, lane, dialogs: dict, needs_book):
        super().__init__(window, workbench, dialogs, needs_book)
        self.lane = lane
        self.selected: str | None = None
        self.dialog: PersonasDialog | None = None
        window.inspector.entity_selected.connect(self._remember)

    def _remember(self, name: str) -> None:
        self.selected = name

    def open(self, name: str | None = None) -> PersonasDialog | None:
        if not self.needs_book():
            return None
        if self.dialog is None:
            dialog = self.dialog = self.dialogs["personas"] = PersonasDialog(self.window)
            dialog.character_chosen.connect(self.show)
            dialog.set_base_requested.connect(self._set_base)
            dialog.update_requested.connect(self._update)
            dialog.revert_requested.connect(self._revert)
        self.dialog.open()
        run_op(self.dialog, self.workbench.facts()).success(lambda snap: self._characters(snap, name))
        return self.dialog

    def _characters(self, snapshot: dict, name: str | None) -> None:
        names = [e["name"] for e in snapshot.get("entities", []) if e.get("kind") == "Character"]
        wanted = name or (self.selected if self.selected in names else None) or (names[0] if names else None)
        self.dialog.set_characters(names, wanted)
        if wanted:
            self.show(wanted)

    def show(self, name: str) -> None:
        self.dialog.say("")
        run_op(self.dialog, self.workbench.persona(name)).success(self.dialog.set_persona).failure(self._failed)

    def _set_base(self, name: str, text: str) -> None:
        run_op(self.dialog, self.workbench.set_base_persona(name, text)).success(
            lambda p: self._changed(p, self.tr("Base persona of %1 set.").replace("%1", name))).failure(self._failed)

    def _revert(self, name: str, version: int) -> None:
        run_op(self.dialog, self.workbench.revert_persona(name, version)).success(
            lambda p: self._changed(p, self.tr("Version %1 is current again (kept as a new version).")
                                    .replace("%1", str(version)))).failure(self._failed)

    def _update(self, name: str) -> None:
        op = self.lane.run(self.tr("Updating the persona of %1…").replace("%1", name),
                           lambda _progress, cancel: self.workbench.update_persona(name, cancel=cancel))
        if op is None:
            return
        self.dialog.set_busy(True)
        self.dialog.say(self.tr("The model is writing a new version from settled facts…"))
        op.success(lambda _result: self._updated(name)).failure(self._failed)
        op.finally_(lambda: self.dialog.set_busy(False))

    def _updated(self, name: str) -> None:
        # update_persona's answer is the persona with its history; read it again so both paths show the same.
        run_op(self.dialog, self.workbench.persona(name)).success(
            lambda p: self._changed(p, self.tr("A new version of %1's evolved persona is current.").replace("%1", name)))

    def _changed(self, persona: dict, text: str) -> None:
        self.dialog.set_persona(persona)
        self.dialog.say(text)

    def _failed(self, error: BaseException) -> None:
        self.dialog.say(describe_error(error))
