"""The failed background jobs tab: each job with what it was about and its error; queue it again or give it up."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)


class FailedJobsTab(QWidget):
    retry_requested = Signal(int)
    discard_requested = Signal(int)

    def __init__(self, parent=None):
        super().__init__(parent)
        self._kinds = {"extract": self.tr("Fact extraction"), "import-mentions": self.tr("Linking names in chapters"),
                       "canon-mentions": self.tr("Relinking changed names"), "embed": self.tr("Embedding")}
        intro = QLabel(self.tr("Background work that failed; the book itself is unharmed. Retry queues it again "
                               "(extraction then runs with the next extraction); Discard gives it up."))
        intro.setWordWrap(True)
        self.table = QTreeWidget()
        self.table.setColumnCount(4)
        self.table.setHeaderLabels([self.tr("Job"), self.tr("Kind"), self.tr("About"), self.tr("Error")])
        self.table.setRootIsDecorated(False)
        self.table.header().setSectionResizeMode(1, QHeaderView.ResizeToContents)  # kinds are read whole
        self.table.header().setSectionResizeMode(3, QHeaderView.Stretch)
        self.table.setSelectionMode(QAbstractItemView.SingleSelection)
        self.table.itemSelectionChanged.connect(self._on_selection_changed)
        self.error_label = QLabel()
        self.error_label.setTextFormat(Qt.PlainText)
        self.error_label.setWordWrap(True)
        self.error_label.setTextInteractionFlags(Qt.TextSelectableByMouse)
        self.retry_button = QPushButton(self.tr("&Retry job"))
        self.discard_button = QPushButton(self.tr("D&iscard job"))
        self.retry_button.clicked.connect(lambda: self._emit(self.retry_requested))
        self.discard_button.clicked.connect(lambda: self._emit(self.discard_requested))
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(self.retry_button)
        row.addWidget(self.discard_button)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.error_label)
        layout.addLayout(row)
        self._jobs: dict[int, dict] = {}
        self.set_jobs([])

    def set_jobs(self, jobs: list[dict]) -> None:
        self._jobs = {job["id"]: job for job in jobs}
        self.table.clear()
        for job in jobs:
            error = job.get("error") or ""
            item = QTreeWidgetItem([f"#{job['id']}", self._kinds.get(job["kind"], job["kind"]),
                                    self._about(job.get("payload") or {}), error.splitlines()[0] if error else ""])
            item.setData(0, Qt.UserRole, job["id"])
            item.setToolTip(3, error)
            self.table.addTopLevelItem(item)
        if jobs:
            self.table.setCurrentItem(self.table.topLevelItem(0))
        self._on_selection_changed()

    def job_ids(self) -> list[int]:
        return list(self._jobs)

    def selected(self) -> dict | None:
        items = self.table.selectedItems()
        return self._jobs.get(items[0].data(0, Qt.UserRole)) if items else None

    def _about(self, payload: dict) -> str:
        if payload.get("chapter") is not None:
            return self.tr("Chapter %1").replace("%1", str(payload["chapter"]))
        if payload.get("chapters"):
            return self.tr("Chapters %1").replace("%1", ", ".join(map(str, payload["chapters"][:6])))
        if payload.get("names"):
            return "、".join(payload["names"][:4])
        return ""

    def _on_selection_changed(self) -> None:
        job = self.selected()
        self.retry_button.setEnabled(job is not None)
        self.discard_button.setEnabled(job is not None)
        self.error_label.setText((job.get("error") or "") if job else ("" if self._jobs else self.tr("No failed jobs.")))

    def _emit(self, signal) -> None:
        job = self.selected()
        if job is not None:
            signal.emit(job["id"])
