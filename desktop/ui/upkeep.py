"""Upkeep of the open book beside the author's work: embedding what import left, facts from imports, backups."""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from desktop.progress import Cancelled
from desktop.ui.background import BackgroundLane
from desktop.ui.backups import BackupSchedule, BackupsDialog
from desktop.ui.bridge import describe_error, report_error, run_op
from desktop.ui.extract_dialog import ExtractDialog
from desktop.ui.extract_pace import Pace, Stopwatch


def may_lack_vectors(archive_counts: dict) -> bool:
    """Chunks without vectors, or any settings entries: the counts do not say which of those have theirs."""
    return archive_counts.get("chunks", 0) > archive_counts.get("embedded", 0) or bool(archive_counts.get("settings"))


class BookUpkeep(QObject):
    """Runs the book's maintenance through the window's background lane; tells the author in the status bar."""

    extraction_running = Signal(bool)  # the model is busy reading chapters (True), or no longer (False)

    def __init__(self, window, workbench, lane: BackgroundLane):
        super().__init__(window)
        self.window = window
        self.workbench = workbench
        self.lane = lane
        self.schedule = BackupSchedule(self)
        self.schedule.backup_due.connect(self._on_backup_due)
        self.extract_waiting = 0
        self.backups_dialog: BackupsDialog | None = None
        self.extract_dialog: ExtractDialog | None = None
        self._extraction = None  # the running story-bible job's Op
        self.pace = Pace()

    def _say(self, text: str, ms: int) -> None:
        self.window.statusBar().showMessage(text, ms)

    # -- the book's life -------------------------------------------------------------------------

    def book_shown(self, has_book: bool) -> None:
        self.schedule.book_shown(has_book)

    def note(self, changes) -> None:
        self.schedule.note(changes)

    def stop(self) -> None:
        self.schedule.stop()

    # -- embedding --------------------------------------------------------------------------------

    def catch_up_embedding(self, archive_counts: dict | None = None) -> None:
        """Embed what an interrupted or failed import left without vectors; it gives way to anything asked for.

        With the archive's counts, a book where nothing can be waiting is left alone: no embedder is loaded.
        """
        if self.lane.busy or not self.workbench.has_book:
            return
        if archive_counts is not None and not may_lack_vectors(archive_counts):
            return
        op = self.lane.run(self.tr("Embedding…"), lambda progress, cancel: self.workbench.embed_pending(
            progress=progress, cancel=cancel), yields=True)
        op.success(self._on_embedding_done).failure(self._on_embedding_failed)

    def _on_embedding_done(self, count: int) -> None:
        if count:
            self._say(self.tr("Embedded %1 passages: the whole book is searchable by meaning.").replace(
                "%1", str(count)), 6000)

    def _on_embedding_failed(self, error: BaseException) -> None:
        # Quietly: it is tried again at every open, and the health strip keeps counting what is left.
        if isinstance(error, Cancelled):
            self._say(self.tr("Embedding paused; it goes on when the book is next opened."), 8000)
        else:
            self._say(self.tr("Embedding postponed: %1").replace("%1", describe_error(error)), 10000)

    # -- the story bible from imported chapters ---------------------------------------------------------

    @property
    def extracting(self) -> bool:
        """Whether the model is busy reading imported chapters (the window says so beside the model's state)."""
        return self._extraction is not None and not self._extraction.done

    def choose_extraction(self) -> None:
        run_op(self.window, self.workbench.chapter_count()).success(self._ask_extraction)

    def _ask_extraction(self, last_chapter: int) -> None:
        if not last_chapter:
            self._say(self.tr("The book has no chapters yet: import some first (Book ▸ Import chapters…)."), 6000)
            return
        self.extract_dialog = ExtractDialog(last_chapter, self.window, waiting=self.extract_waiting,
                                            seconds_per_chapter=self.pace.seconds_per_chapter())
        self.extract_dialog.extract_requested.connect(self._on_extract_requested)
        self.extract_dialog.open()

    def _on_extract_requested(self, first: int, last: int) -> None:
        watch = Stopwatch()
        op = self.lane.run(self.tr("Building the story bible…"),
                           lambda progress, cancel: self.workbench.extract_chapters(
                               (first, last), progress=watch.wrap(progress), cancel=cancel))
        if op is None:
            return
        self._extraction = op
        self.extraction_running.emit(True)
        op.success(self._on_extraction_done).finally_(lambda: self._extraction_ended(watch))

    def _extraction_ended(self, watch: "Stopwatch") -> None:
        self.pace.measured(watch.seconds_per_chapter())
        self.extraction_running.emit(False)

    def _on_extraction_done(self, reviews: list) -> None:
        self._say(self.tr("%1 new proposals wait for review (Book ▸ Reviews waiting…).").replace(
            "%1", str(len(reviews))), 15000)

    # -- backups ------------------------------------------------------------------------------------

    def open_backups(self) -> None:
        dialog = BackupsDialog(self.window)
        dialog.backup_requested.connect(self._on_backup_requested)
        dialog.restore_requested.connect(self._on_restore_requested)
        self.backups_dialog = dialog
        dialog.open()
        self._load_snapshots()

    def _load_snapshots(self) -> None:
        dialog = self.backups_dialog
        if dialog is not None and dialog.isVisible() and self.workbench.has_book:
            run_op(dialog, self.workbench.snapshots()).success(dialog.set_snapshots).failure(
                lambda error: self._snapshots_unread(dialog, error))

    def _snapshots_unread(self, dialog: BackupsDialog, error: BaseException) -> None:
        if self.workbench.has_book:  # a book closed meanwhile (a restore reopening it) is no news
            report_error(dialog, error)

    def _on_backup_requested(self) -> None:
        dialog = self.backups_dialog
        dialog.set_busy(self.tr("Backing up…"))
        run_op(dialog, self.workbench.backup(reason="manual")).success(self._on_backed_up).finally_(
            lambda: dialog.set_busy(None))

    def _on_backed_up(self, _snapshot: dict) -> None:
        self.schedule.backed_up()
        self._say(self.tr("Snapshot taken."), 5000)
        self._load_snapshots()

    def _on_restore_requested(self, name: str) -> None:
        # Through the lane: the book is closed while its files are replaced, so no other long work may run.
        op = self.lane.run(self.tr("Restoring a snapshot…"), lambda progress, cancel: self.workbench.restore(name),
                           cancellable=False)
        if op is None:
            return
        dialog = self.backups_dialog
        dialog.set_busy(self.tr("Restoring…"))
        op.success(self._on_restored).finally_(lambda: dialog.set_busy(None))

    def _on_restored(self, _result: dict) -> None:
        self.schedule.backed_up()
        self._say(self.tr("Snapshot restored; the book as it was just before is kept as a snapshot too."), 10000)
        self._load_snapshots()

    def _on_backup_due(self) -> None:
        if self.workbench.has_book:
            run_op(self.window, self.workbench.backup(reason="scheduled")).success(
                self._on_scheduled_backup_taken).failure(self._on_scheduled_backup_failed)

    def _on_scheduled_backup_taken(self, _snapshot: dict) -> None:
        self._say(self.tr("Scheduled snapshot taken."), 5000)
        self._load_snapshots()

    def _on_scheduled_backup_failed(self, error: BaseException) -> None:
        self.schedule.backup_failed()
        self._say(self.tr("Scheduled snapshot failed: %1").replace("%1", describe_error(error)), 10000)
