"""run_op(): await a workbench call on the qasync loop and hand its result, or its error, back to the window."""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Awaitable, Callable

import shiboken6
from PySide6.QtCore import QCoreApplication, QObject, Qt, Signal
from PySide6.QtWidgets import QMessageBox, QWidget

from desktop.book.errors import BookError
from desktop.progress import Cancelled

log = logging.getLogger(__name__)

# asyncio keeps only weak references to tasks; an operation nobody holds must still finish.
_RUNNING: set["Op"] = set()


def describe_error(exc: BaseException) -> str:
    """Author-readable text: our own errors already say what went wrong and where; others get their type."""
    if isinstance(exc, Cancelled):
        return QCoreApplication.translate("bridge", "Cancelled.")
    if isinstance(exc, (BookError, OSError, ValueError)) and str(exc):
        return str(exc)
    # Errors from the engine and the tasks layer carry readable text too; anything else is a bug, named as one.
    if type(exc).__module__.startswith("desktop.") and str(exc):
        return str(exc)
    return QCoreApplication.translate("bridge", "Unexpected error: %1").replace("%1", f"{type(exc).__name__}: {exc}")


def report_error(parent: QWidget | None, exc: BaseException) -> None:
    """Show an error without blocking: the window's own reporter if it has one, else a window-modal box."""
    text = describe_error(exc)
    window = parent.window() if parent is not None else None
    reporter = getattr(window, "show_error", None)
    if callable(reporter):
        reporter(text, cancelled=isinstance(exc, Cancelled))
        return
    if isinstance(exc, Cancelled):
        return
    box = QMessageBox(QMessageBox.Warning, "Inkstone", text, QMessageBox.Ok, window)
    box.setAttribute(Qt.WA_DeleteOnClose)
    box.open()


class Op(QObject):
    """One awaited workbench call; callbacks run on the GUI thread, and only while their widget still exists."""

    succeeded = Signal(object)
    failed = Signal(object)
    finished = Signal()

    def __init__(self, parent: QWidget | None, awaitable: Awaitable[Any]):
        super().__init__()
        self._parent = parent
        self._on_success: list[Callable[[Any], None]] = []
        self._on_failure: list[Callable[[BaseException], None]] = []
        self._on_finished: list[Callable[[], None]] = []
        self.result: Any = None
        self.error: BaseException | None = None
        self.done = False
        # The task starts on the loop's next turn, so callbacks chained after run_op() are always in place.
        # get_running_loop: a window built before the qasync loop runs must fail loudly, not queue on a dead loop.
        try:
            self.task = asyncio.get_running_loop().create_task(self._run(awaitable))
        except RuntimeError:
            if hasattr(awaitable, "close"):
                awaitable.close()  # the call never started: say so loudly, without leaving it un-awaited
            raise
        _RUNNING.add(self)
        self.task.add_done_callback(lambda _: _RUNNING.discard(self))

    def success(self, callback: Callable[[Any], None]) -> "Op":
        self._on_success.append(callback)
        return self

    def failure(self, callback: Callable[[BaseException], None]) -> "Op":
        """Handle the error yourself; without one, the error is shown to the author."""
        self._on_failure.append(callback)
        return self

    def finally_(self, callback: Callable[[], None]) -> "Op":
        self._on_finished.append(callback)
        return self

    def _alive(self) -> bool:
        return self._parent is None or shiboken6.isValid(self._parent)

    async def _run(self, awaitable: Awaitable[Any]) -> None:
        try:
            self.result = await awaitable
        except asyncio.CancelledError:
            self.error = Cancelled()
        except Exception as exc:  # noqa: BLE001 — every failure must reach the author, not the event loop
            if not isinstance(exc, (Cancelled, BookError)):
                log.exception("operation failed")
            self.error = exc
        self.done = True
        if not self._alive():
            return
        try:
            if self.error is None:
                for callback in self._on_success:
                    callback(self.result)
                self.succeeded.emit(self.result)
            else:
                if self._on_failure:
                    for callback in self._on_failure:
                        callback(self.error)
                else:
                    report_error(self._parent, self.error)
                self.failed.emit(self.error)
        except Exception as exc:  # noqa: BLE001 — a broken callback is reported like a failed operation
            log.exception("callback of an operation failed")
            report_error(self._parent, exc)
        finally:
            for callback in self._on_finished:
                callback()
            self.finished.emit()


def run_op(parent: QWidget | None, awaitable: Awaitable[Any]) -> Op:
    """`run_op(self, workbench.settle(task_id)).success(self._show_review)` — never blocks the window."""
    return Op(parent, awaitable)
