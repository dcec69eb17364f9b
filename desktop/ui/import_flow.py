"""From files the author dropped or chose to chapters in the book: the preview first, then the import itself
in the background lane (progress and Cancel), then its summary."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject

from desktop.ui.background import BackgroundLane
from desktop.ui.bridge import describe_error, report_error, run_op
from desktop.ui.import_drop import ImportSummary
from desktop.ui.import_preview import REFUSE, ImportPreviewDialog


class ImportFlow(QObject):
    """One import at a time: `start(paths)` previews and asks; `run_import()` writes (what the preview's Import does)."""

    def __init__(self, window, workbench, lane: BackgroundLane, dialogs: dict, upkeep, needs_book):
        """`needs_book()` tells the author to open a book first, and says whether one is open."""
        super().__init__(window)
        self.needs_book = needs_book
        self.window = window
        self.workbench = workbench
        self.lane = lane
        self.dialogs = dialogs
        self.upkeep = upkeep
        self.preview_dialog: ImportPreviewDialog | None = None
        self._rule: tuple[str, list[str]] = ("", [])

    def start(self, paths: list) -> None:
        """Read the files without writing anything, and show what importing them would do."""
        if not self.needs_book():
            return
        files = [Path(p) for p in paths]
        dialog = ImportPreviewDialog(files, self.window)
        dialog.preview_requested.connect(lambda pattern, lines: self._preview(dialog, pattern, lines))
        dialog.import_requested.connect(lambda on_conflict: self._import_from(dialog, on_conflict))
        self.preview_dialog = self.dialogs["import_preview"] = dialog
        dialog.open()
        self._preview(dialog, "", [])

    def _preview(self, dialog: ImportPreviewDialog, pattern: str, lines: list[str]) -> None:
        self._rule = (pattern, list(lines))
        dialog.set_busy(self.tr("Reading %n file(s)…", "", len(dialog.paths)))
        op = run_op(dialog, self.workbench.preview_import(dialog.paths, heading_pattern=pattern or None,
                                                          heading_lines=tuple(lines)))
        op.success(dialog.set_preview).failure(lambda error: self._preview_failed(dialog, error))
        op.finally_(lambda: dialog.set_busy(None))

    def _preview_failed(self, dialog: ImportPreviewDialog, error: BaseException) -> None:
        dialog.preview = {}
        dialog.headline.setText(self.tr("The files could not be read: %1").replace("%1", describe_error(error)))
        report_error(self.window, error)

    def _import_from(self, dialog: ImportPreviewDialog, on_conflict: str) -> None:
        pattern, lines = self._rule
        if self.run_import(dialog.paths, on_conflict=on_conflict, heading_pattern=pattern or None,
                           heading_lines=tuple(lines)):
            dialog.accept()

    def run_import(self, paths: list, *, on_conflict: str = REFUSE, heading_pattern: str | None = None,
                   heading_lines: tuple[str, ...] = ()) -> bool:
        """Import in the background lane; False (and the author told) while other work must finish first."""
        files = [Path(p) for p in paths]
        op = self.lane.run(self.tr("Importing %n file(s)…", "", len(files)),
                           lambda progress, cancel: self.workbench.import_paths(
                               files, on_conflict=on_conflict, heading_pattern=heading_pattern,
                               heading_lines=heading_lines, progress=progress, cancel=cancel))
        if op is None:
            return False
        op.success(self._show_summary)
        return True

    def _show_summary(self, result: dict) -> None:
        dialog = ImportSummary(result, self.window)
        self.dialogs["import_summary"] = dialog
        dialog.open()
        # The chapters are in but their vectors were postponed (the embedder failed): try again behind the summary.
        if result.get("chunks") and "embedded" not in result and not self.lane.cancelled:
            self.upkeep.catch_up_embedding()
