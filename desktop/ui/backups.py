"""Backups: the dialog listing a book's snapshots (back up now, restore), and the half-hourly scheduled snapshot."""

from __future__ import annotations

from datetime import datetime

from PySide6.QtCore import QLocale, QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QMessageBox,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
)

BACKUP_INTERVAL_MS = 30 * 60 * 1000


def local_time(created_at: str | None) -> str:
    """A snapshot's UTC stamp as the author's wall-clock time; the raw text when it cannot be read."""
    try:
        return datetime.fromisoformat(created_at).astimezone().strftime("%Y-%m-%d %H:%M:%S")
    except (TypeError, ValueError):
        return created_at or "?"


class BackupsDialog(QDialog):
    """The book's snapshots, newest first; asks the window to take one or to put one back (after a confirmation)."""

    backup_requested = Signal()
    restore_requested = Signal(str)  # snapshot name

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setWindowTitle(self.tr("Backups"))
        intro = QLabel(self.tr("Snapshots of this book are taken before every settlement is applied, every "
                               "30 minutes while it changes, and whenever you back up by hand. Restoring one "
                               "keeps the book's current state as a snapshot first."))
        intro.setWordWrap(True)
        self.table = QTreeWidget()
        self.table.setColumnCount(3)
        self.table.setHeaderLabels([self.tr("Time"), self.tr("Reason"), self.tr("Size")])
        self.table.setRootIsDecorated(False)
        header = self.table.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeToContents)
        self.table.headerItem().setTextAlignment(2, Qt.AlignRight | Qt.AlignVCenter)
        self.table.setSelectionMode(QAbstractItemView.SingleSelection)
        self.table.itemSelectionChanged.connect(self._on_selection_changed)
        self.table.itemDoubleClicked.connect(lambda *_: self._on_restore_clicked())
        self.status = QLabel()
        self.status.setTextFormat(Qt.PlainText)
        self.status.setWordWrap(True)
        buttons = QDialogButtonBox()
        self.backup_button = QPushButton(self.tr("Back up now"))
        self.restore_button = QPushButton(self.tr("Restore…"))
        self.close_button = QPushButton(self.tr("Close"))
        buttons.addButton(self.backup_button, QDialogButtonBox.ActionRole)
        buttons.addButton(self.restore_button, QDialogButtonBox.ActionRole)
        buttons.addButton(self.close_button, QDialogButtonBox.RejectRole)
        self.backup_button.clicked.connect(self._on_backup_clicked)
        self.restore_button.clicked.connect(self._on_restore_clicked)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.status)
        layout.addWidget(buttons)
        self.confirm_box: QMessageBox | None = None
        self.confirm_restore_button: QPushButton | None = None
        self._busy = False
        self._summary = self.tr("Reading the snapshots…")
        self.set_busy(None)
        self.resize(620, 420)

    # -- what the window tells it ----------------------------------------------------------------

    def set_snapshots(self, snapshots: list[dict]) -> None:
        chosen = self.selected_name()
        self.table.clear()
        locale = QLocale()
        for snap in snapshots:
            size = locale.formattedDataSize(int(snap.get("size_bytes") or 0), 1, QLocale.DataSizeTraditionalFormat)
            item = QTreeWidgetItem([local_time(snap.get("created_at")), self.reason_text(snap.get("reason")), size])
            item.setData(0, Qt.UserRole, snap["name"])
            item.setToolTip(0, snap["name"])
            item.setTextAlignment(2, Qt.AlignRight | Qt.AlignVCenter)
            self.table.addTopLevelItem(item)
        if chosen in self.snapshot_names():
            self.select(chosen)
        self._summary = (self.tr("%n snapshot(s).", "", len(snapshots)) if snapshots
                         else self.tr("No snapshots yet: back up now to take the first."))
        self.status.setText(self._summary)
        self._update_buttons()

    def set_busy(self, text: str | None) -> None:
        """While a snapshot is taken or put back, say so and take no second request."""
        self._busy = text is not None
        self.status.setText(self._summary if text is None else text)
        self._update_buttons()

    def reason_text(self, reason: str | None) -> str:
        known = {"manual": self.tr("By hand"), "scheduled": self.tr("Scheduled"),
                 "before-apply": self.tr("Before a settlement"), "pre-restore": self.tr("Before a restore")}
        return known.get(reason or "", reason or "")

    def snapshot_names(self) -> list[str]:
        return [self.table.topLevelItem(i).data(0, Qt.UserRole) for i in range(self.table.topLevelItemCount())]

    def select(self, name: str) -> None:
        row = self.snapshot_names().index(name)
        self.table.setCurrentItem(self.table.topLevelItem(row))

    def selected_name(self) -> str | None:
        items = self.table.selectedItems()
        return items[0].data(0, Qt.UserRole) if items else None

    # -- slots ----------------------------------------------------------------------------------------

    def _update_buttons(self) -> None:
        self.backup_button.setEnabled(not self._busy)
        self.restore_button.setEnabled(not self._busy and self.selected_name() is not None)

    def _on_selection_changed(self) -> None:
        self._update_buttons()

    def _on_backup_clicked(self) -> None:
        self.backup_requested.emit()

    def _on_restore_clicked(self) -> None:
        name = self.selected_name()
        if name is None or self._busy:
            return
        when = self.table.selectedItems()[0].text(0)
        if self.confirm_box is not None:
            self.confirm_box.deleteLater()  # one confirmation at a time; the last one is done with
        box = QMessageBox(QMessageBox.Question, self.tr("Restore snapshot"),
                          self.tr("Put the book back as it was at %1?").replace("%1", when), QMessageBox.NoButton, self)
        box.setInformativeText(self.tr("The book's current state is kept as a snapshot first, so you can come back "
                                       "to it from this list."))
        self.confirm_restore_button = box.addButton(self.tr("Restore"), QMessageBox.AcceptRole)
        box.addButton(self.tr("Cancel"), QMessageBox.RejectRole)
        box.setDefaultButton(self.confirm_restore_button)
        box.buttonClicked.connect(lambda button: self._on_confirm_clicked(button, name))
        self.confirm_box = box
        box.open()

    def _on_confirm_clicked(self, button, name: str) -> None:
        if button is self.confirm_restore_button:
            self.restore_requested.emit(name)


class BackupSchedule(QObject):
    """Every half hour while a book is open, asks for a snapshot if the book changed since the last one."""

    backup_due = Signal()

    def __init__(self, parent=None, interval_ms: int = BACKUP_INTERVAL_MS):
        super().__init__(parent)
        self.timer = QTimer(self)
        self.timer.setInterval(interval_ms)
        self.timer.timeout.connect(self._on_timeout)
        self.changed = False

    def book_shown(self, has_book: bool) -> None:
        """A book was opened, created, restored or closed: nothing new in it yet."""
        self.changed = False
        if has_book:
            self.timer.start()
        else:
            self.timer.stop()

    def note(self, changes) -> None:
        # Tasks and messages live in the archive too, but a snapshot is for what the story holds.
        if changes.facts or changes.plan or changes.archive:
            self.changed = True

    def backed_up(self) -> None:
        self.changed = False

    def backup_failed(self) -> None:
        self.changed = True  # try again at the next tick

    def stop(self) -> None:
        self.timer.stop()

    def _on_timeout(self) -> None:
        if self.changed:
            self.changed = False
            self.backup_due.emit()
