"""The settings library (设定库) in the window: entries by category, exact look-up, editing, search by meaning, and
"use as scale" — the levels read from an entry's prose, shown as an editable list the author confirms or clears."""

from __future__ import annotations

import re

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop.ui.bridge import Op, describe_error, run_op
from desktop.ui.window_part import WindowPart

_TITLE = Qt.UserRole  # an entry item's title; category items hold none
_LEVEL_SEPARATORS = r"<|＜|->|→|、|,|，"


def levels_of(text: str) -> list[str]:
    """One scale as the author types it in the list: '炼气 < 筑基 < 金丹' → its levels, lowest first."""
    return [level.strip() for level in re.split(_LEVEL_SEPARATORS, text) if level.strip()]


class SettingsLibraryDialog(QDialog):
    """Browses, looks up, edits and searches the settings library through the workbench; keeps no state of its
    own beyond what is on screen, so what it shows is what the book holds."""

    def __init__(self, workbench, parent=None):
        super().__init__(parent)
        self.workbench = workbench
        self.entry: dict | None = None  # the entry in the editor, as last read or saved
        self.leave_box: QMessageBox | None = None  # asks what to do with unsaved edits before showing another
        self.setWindowTitle(self.tr("Settings library"))
        self.query = QLineEdit()
        self.query.setPlaceholderText(self.tr("An exact title, or words to search for…"))
        self.query.returnPressed.connect(self.search)
        self.lookup_button = QPushButton(self.tr("Look up title"))
        self.lookup_button.clicked.connect(self.look_up)
        self.search_button = QPushButton(self.tr("Search"))
        self.search_button.clicked.connect(self.search)
        self.all_button = QPushButton(self.tr("All entries"))
        self.all_button.clicked.connect(lambda: self._leave(self.refresh))
        self.method = QLabel()
        self.tree = QTreeWidget()
        self.tree.setHeaderHidden(True)
        self.tree.setSelectionMode(QAbstractItemView.SingleSelection)
        self.tree.itemSelectionChanged.connect(self._on_selected)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setTextFormat(Qt.PlainText)

        top = QHBoxLayout()
        top.addWidget(self.query, 1)
        for button in (self.lookup_button, self.search_button, self.all_button):
            top.addWidget(button)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(self.method)
        left_layout.addWidget(self.tree, 1)
        splitter = QSplitter()
        splitter.addWidget(left)
        splitter.addWidget(self._editor())
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([240, 560])
        buttons = QDialogButtonBox(QDialogButtonBox.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(splitter, 1)
        layout.addWidget(self.status)
        layout.addWidget(buttons)
        QShortcut(QKeySequence.Save, self, self.save)
        QShortcut(QKeySequence.Find, self, self.query.setFocus)
        self.resize(900, 620)
        self._show_entry(None)

    def _editor(self) -> QWidget:
        self.title_edit = QLineEdit()
        self.category_edit = QComboBox()
        self.category_edit.setEditable(True)
        self.body_edit = QPlainTextEdit()
        self.new_button = QPushButton(self.tr("New entry"))
        self.new_button.clicked.connect(self.new_entry)
        self.save_button = QPushButton(self.tr("Save"))
        self.save_button.clicked.connect(self.save)
        form = QFormLayout()
        form.addRow(self.tr("Title"), self.title_edit)
        form.addRow(self.tr("Category"), self.category_edit)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(self.new_button)
        row.addWidget(self.save_button)

        self.scale_box = QGroupBox(self.tr("Use as scale"))
        self.scale_state = QLabel()
        self.scale_state.setWordWrap(True)
        self.scale_state.setTextFormat(Qt.PlainText)
        self.scale_state.setMinimumHeight(self.fontMetrics().lineSpacing() * 3)  # state and sub-levels, never cut
        self.scale_list = QListWidget()  # one scale a row, its levels lowest first: "炼气 < 筑基 < 金丹"
        self.scale_list.setMaximumHeight(self.fontMetrics().lineSpacing() * 5)
        self.scale_list.setToolTip(self.tr("One scale a row, lowest level first: 炼气 < 筑基 < 金丹"))
        self.scale_list.setEditTriggers(QAbstractItemView.DoubleClicked | QAbstractItemView.EditKeyPressed
                                        | QAbstractItemView.SelectedClicked)
        self.add_scale_button = QPushButton(self.tr("Add a scale"))
        self.add_scale_button.clicked.connect(self._add_scale_row)
        self.remove_scale_button = QPushButton(self.tr("Remove row"))
        self.remove_scale_button.clicked.connect(self._remove_scale_row)
        self.use_button = QPushButton(self.tr("Confirm scale"))
        self.use_button.clicked.connect(self.use_as_scale)
        self.clear_button = QPushButton(self.tr("Clear"))
        self.clear_button.clicked.connect(self.clear_scale)
        scale_buttons = QHBoxLayout()
        for button in (self.add_scale_button, self.remove_scale_button):
            scale_buttons.addWidget(button)
        scale_buttons.addStretch(1)
        scale_buttons.addWidget(self.clear_button)
        scale_buttons.addWidget(self.use_button)
        scale_layout = QVBoxLayout(self.scale_box)
        scale_layout.addWidget(self.scale_state)
        scale_layout.addWidget(self.scale_list)
        scale_layout.addLayout(scale_buttons)

        editor = QWidget()
        layout = QVBoxLayout(editor)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(form)
        layout.addWidget(self.body_edit, 1)
        layout.addLayout(row)
        layout.addWidget(self.scale_box)
        return editor

    # -- browsing ---------------------------------------------------------------------

    def refresh(self, select: str | None = None) -> Op:
        return run_op(self, self.workbench.setting_entries()).success(lambda rows: self.set_entries(rows, select))

    def set_entries(self, rows: list[dict], select: str | None = None) -> None:
        """Entries under their categories; `select` (a title) is chosen, else the first entry."""
        self.method.setText(self.tr("%1 entries").replace("%1", str(len(rows))))
        categories = sorted({row["category"] for row in rows})
        typed = self.category_edit.currentText()
        self.category_edit.clear()
        self.category_edit.addItems(categories)
        self.category_edit.setCurrentText(typed)
        self._fill({category or self.tr("(no category)"): [r for r in rows if r["category"] == category]
                    for category in categories}, select)

    def set_hits(self, result: dict) -> None:
        semantic = result["method"] == "semantic"
        self.method.setText(self.tr("Search by meaning") if semantic
                            else self.tr("Keyword search (the embedder is not loaded)"))
        self._fill({self.tr("Search results"): result["hits"]}, None)
        if not result["hits"]:
            self._say(self.tr("Nothing found for “%1”.").replace("%1", self.query.text().strip()))

    def _fill(self, groups: dict[str, list[dict]], select: str | None) -> None:
        self.tree.clear()
        chosen = None
        for name, rows in groups.items():
            group = QTreeWidgetItem([name])
            group.setFlags(Qt.ItemIsEnabled)
            self.tree.addTopLevelItem(group)
            for row in rows:
                item = QTreeWidgetItem([row["title"]])
                item.setData(0, _TITLE, row["title"])
                item.setToolTip(0, row.get("preview") or row.get("body", "")[:200])
                group.addChild(item)
                if chosen is None and (select is None or row["title"] == select):
                    chosen = item
            group.setExpanded(True)
        if chosen is not None:
            self.tree.setCurrentItem(chosen)
        else:
            self._show_entry(None)

    def titles(self) -> list[str]:
        """The titles listed, top to bottom (for tests and the shot)."""
        return [group.child(i).text(0) for group in map(self.tree.topLevelItem, range(self.tree.topLevelItemCount()))
                for i in range(group.childCount())]

    def _on_selected(self) -> None:
        if not self.isVisible():
            return  # a tree emptied as the dialog goes away is no choice of the author's
        items = self.tree.selectedItems()
        title = items[0].data(0, _TITLE) if items else None
        # the entry already shown is not read again: a refresh after Save re-selects it, and re-reading it then
        # raced the dialog's close (an operation started after the loop had stopped)
        if title and (self.entry is None or title != self.entry["title"]):
            self._leave(lambda: self.open_entry(title))

    def open_entry(self, title: str) -> None:
        run_op(self, self.workbench.setting_entry(title)).success(
            lambda entry: (self._show_entry(entry), self._say(""))).failure(self._fail)

    def look_up(self) -> None:
        title = self.query.text().strip()
        if title:
            self._leave(lambda: self.open_entry(title))

    def search(self) -> None:
        words = self.query.text().strip()
        if words:
            self._say(self.tr("Searching…"))
            run_op(self, self.workbench.search_settings(words)).success(
                lambda result: (self._say(""), self.set_hits(result))).failure(self._fail)

    # -- editing ----------------------------------------------------------------------

    def _show_entry(self, entry: dict | None) -> None:
        self.entry = entry
        self._select_in_tree(entry["title"] if entry else None)
        self.title_edit.setText(entry["title"] if entry else "")
        self.category_edit.setCurrentText(entry["category"] if entry else "")
        self.body_edit.setPlainText(entry["body"] if entry else "")
        self.scale_box.setEnabled(entry is not None)
        self._show_scales(entry)

    def new_entry(self) -> None:
        def blank() -> None:
            self._show_entry(None)
            self.title_edit.setFocus()

        self._leave(blank)

    def save(self, then=None) -> None:
        """Saves what the editor shows; `then` runs once it is saved and listed (not when the book refused it)."""
        old = self.entry["title"] if self.entry else None
        title = self.title_edit.text().strip()

        def saved(entry: dict) -> None:
            self._show_entry(entry)
            self._say(self.tr("Saved “%1”.").replace("%1", entry["title"]))
            self.refresh(entry["title"]).success(lambda _: then() if then else None)

        run_op(self, self.workbench.save_setting(title, self.body_edit.toPlainText(), self.category_edit.currentText(),
                                                 old_title=old)).success(saved).failure(self._fail)

    def reject(self) -> None:
        self._leave(super().reject)

    def _dirty(self) -> bool:
        """Whether the editor holds words the book does not have."""
        shown = (self.title_edit.text().strip(), self.category_edit.currentText().strip(),
                 self.body_edit.toPlainText().strip())
        if self.entry is None:
            return bool(shown[0] or shown[2])
        return shown != (self.entry["title"], self.entry["category"], self.entry["body"].strip())

    def _leave(self, then) -> None:
        """Runs `then` (which shows something else) once unsaved edits are saved or given up; Cancel keeps them."""
        if not self._dirty():
            then()
            return
        name = self.title_edit.text().strip() or self.tr("the new entry")
        box = QMessageBox(QMessageBox.Question, self.tr("Unsaved changes"),
                          self.tr("Save your changes to “%1” first?").replace("%1", name),
                          QMessageBox.Save | QMessageBox.Discard | QMessageBox.Cancel, self)

        def answered(button) -> None:
            choice = box.standardButton(button)
            if choice == QMessageBox.Save:
                self.save(then)
            elif choice == QMessageBox.Discard:
                then()
            else:
                self._select_in_tree(self.entry["title"] if self.entry else None)

        box.buttonClicked.connect(answered)
        self.leave_box = box
        box.open()

    def _select_in_tree(self, title: str | None) -> None:
        """The tree shows which entry the editor holds, without reading it again."""
        self.tree.blockSignals(True)
        self.tree.clearSelection()
        for group in map(self.tree.topLevelItem, range(self.tree.topLevelItemCount())):
            for item in map(group.child, range(group.childCount())):
                if title is not None and item.data(0, _TITLE) == title:
                    self.tree.setCurrentItem(item)
        self.tree.blockSignals(False)

    # -- use as scale -----------------------------------------------------------------

    def _show_scales(self, entry: dict | None) -> None:
        self.scale_list.clear()
        if entry is None:
            self.scale_state.setText(self.tr("Choose an entry to see the scale read from it."))
            return
        for levels in entry["scales"]:
            self._add_scale_row(" < ".join(levels))
        sublevels = {k: v for scale in entry.get("guessed_scales", []) for k, v in scale["sublevels"].items()}
        if entry["scale_confirmed"]:
            state = (self.tr("Confirmed by you: continuity ranks realms by these levels.") if entry["scales"]
                     else self.tr("Confirmed by you: this entry defines no scale."))
        elif entry["scales"]:
            state = self.tr("Read from the text, lowest first (not confirmed). Edit a row by double-clicking it.")
        else:
            state = self.tr("No scale read from this text. Add one by hand if it defines one.")
        if sublevels:
            state += "\n" + self.tr("Sub-levels: %1").replace(
                "%1", "；".join(f"{level}（{steps}）" for level, steps in sublevels.items()))
        self.scale_state.setText(state)
        self.clear_button.setEnabled(entry["scale_confirmed"])

    def _add_scale_row(self, text: str | bool = "") -> None:
        item = QListWidgetItem(text if isinstance(text, str) else "")  # a new row opens for typing
        item.setFlags(item.flags() | Qt.ItemIsEditable)
        self.scale_list.addItem(item)
        if not (isinstance(text, str) and text):
            self.scale_list.setCurrentItem(item)
            self.scale_list.editItem(item)

    def _remove_scale_row(self) -> None:
        for item in self.scale_list.selectedItems():
            self.scale_list.takeItem(self.scale_list.row(item))

    def scales(self) -> list[list[str]]:
        """The rows of the list as scales, each levels lowest first."""
        rows = [levels_of(self.scale_list.item(i).text()) for i in range(self.scale_list.count())]
        return [levels for levels in rows if levels]

    def use_as_scale(self) -> None:
        if self.entry is not None:
            run_op(self, self.workbench.use_as_scale(self.entry["title"], self.scales())).success(
                lambda entry: (self._show_entry(entry), self._say(self.tr("Scale confirmed.")))).failure(self._fail)

    def clear_scale(self) -> None:
        if self.entry is not None:
            run_op(self, self.workbench.clear_scale(self.entry["title"])).success(
                lambda entry: (self._show_entry(entry),
                               self._say(self.tr("Confirmation cleared: the scale is read from the text again."))))

    def _say(self, text: str) -> None:
        self.status.setText(text)

    def _fail(self, exc: BaseException) -> None:
        self._say(describe_error(exc))  # shown in the dialog, nothing typed is lost


class SettingsLibrary(WindowPart):
    """The window's side: opens the one library dialog over the current book."""

    def open(self) -> SettingsLibraryDialog | None:
        if not self.needs_book():
            return None
        dialog = self.one_dialog("settings_library", lambda: SettingsLibraryDialog(self.workbench, self.window))
        dialog.open()
        dialog.refresh()
        return dialog
