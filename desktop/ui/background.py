"""The status bar's lane for long work: one job at a time, with progress and Cancel; catching up gives way."""

from __future__ import annotations

import asyncio
from typing import Any, Awaitable, Callable

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QWidget

from desktop.progress import CancelToken, Progress, ProgressCallback
from desktop.ui.bridge import Op, run_op
from desktop.ui.import_drop import ProgressPanel

Work = Callable[[ProgressCallback, CancelToken], Awaitable[Any]]


class BackgroundLane(QObject):
    """Runs long workbench calls one after another in the status bar's progress panel.

    Work started with `yields=True` (embedding what an earlier import left) is cancelled when the author
    asks for something else: it is safe to interrupt and resumes later, and the author should not wait on it.
    """

    def __init__(self, window: QWidget, panel: ProgressPanel):
        """`window` is the main window: its show_error() tells the author when work must wait."""
        super().__init__(window)
        self.window = window
        self.panel = panel
        self.op: Op | None = None
        self._cancel: CancelToken | None = None
        self._yields = False

    @property
    def busy(self) -> bool:
        return self.op is not None and not self.op.done

    @property
    def cancelled(self) -> bool:
        """Whether Cancel was pressed on the latest work, finished or not."""
        return self._cancel is not None and self._cancel.cancelled

    def run(self, text: str, work: Work, *, yields: bool = False, cancellable: bool = True) -> Op | None:
        """Start `work(progress, cancel)` with `text` shown; None (and the author told) while other work runs."""
        previous = self.op if self.busy else None
        if previous is not None and not self._yields:
            self.window.show_error(self.tr("Wait for the current background work to finish, or cancel it."))
            return None
        if previous is not None:
            self._cancel.cancel()
        cancel = CancelToken()
        self._cancel, self._yields = cancel, yields
        self.panel.start(text)
        self.panel.cancel_button.setEnabled(cancellable)
        op = run_op(self.window, self._after(previous, work(self._reporter(cancel), cancel)))
        op.finally_(lambda: self._finished(op))
        self.op = op
        return op

    def cancel(self) -> None:
        if self._cancel is not None:
            self._cancel.cancel()

    def _reporter(self, cancel: CancelToken) -> ProgressCallback:
        # Work that gave way may still report for a moment; only the current work owns the panel.
        def report(progress: Progress) -> None:
            if cancel is self._cancel:
                self.panel.report(progress)

        return report

    def _finished(self, op: Op) -> None:
        if op is self.op:
            self.panel.finish()

    @staticmethod
    async def _after(previous: Op | None, awaitable: Awaitable[Any]) -> Any:
        if previous is not None:
            await asyncio.wait({previous.task})  # how it ended is its own callbacks' business
        return await awaitable
