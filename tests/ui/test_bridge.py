"""run_op: workbench calls awaited on the qasync loop, results and errors handed back on the GUI thread."""

from __future__ import annotations

import asyncio
import threading

from PySide6.QtWidgets import QMessageBox, QWidget

from desktop.book.errors import BookError
from desktop.ui.bridge import describe_error, run_op


class Reporter(QWidget):
    """A window with its own error reporter, like the main window."""

    def __init__(self):
        super().__init__()
        self.errors: list[tuple[str, bool]] = []

    def show_error(self, text, *, cancelled=False):
        self.errors.append((text, cancelled))


async def answer(value):
    await asyncio.sleep(0)
    return value


async def fail(exc):
    await asyncio.sleep(0)
    raise exc


def test_success_callback_receives_the_result_on_the_gui_thread(qtbot, qasync_loop):
    widget = QWidget()
    qtbot.addWidget(widget)
    got = []
    op = run_op(widget, answer(42)).success(got.append)
    with qtbot.waitSignal(op.succeeded, timeout=2000) as blocker:
        pass
    assert got == [42] and blocker.args == [42]


def test_a_book_error_is_shown_to_the_author_with_its_own_text(qtbot, qasync_loop):
    window = Reporter()
    qtbot.addWidget(window)
    op = run_op(window, fail(BookError("/books/x is already open in another Inkstone window or process")))
    qtbot.waitUntil(lambda: op.done)
    assert window.errors == [("/books/x is already open in another Inkstone window or process", False)]


def test_a_failure_handler_replaces_the_default_report(qtbot, qasync_loop):
    window = Reporter()
    qtbot.addWidget(window)
    seen = []
    op = run_op(window, fail(BookError("no book is open"))).failure(seen.append)
    qtbot.waitUntil(lambda: op.done)
    assert [str(e) for e in seen] == ["no book is open"] and window.errors == []


def test_without_a_reporter_the_error_opens_a_message_box_that_does_not_block(qtbot, qasync_loop):
    widget = QWidget()
    qtbot.addWidget(widget)
    widget.show()
    op = run_op(widget, fail(BookError("book.json is unreadable")))
    qtbot.waitUntil(lambda: op.done)
    boxes = [w for w in widget.findChildren(QMessageBox)]
    assert boxes and boxes[0].text() == "book.json is unreadable" and boxes[0].isVisible()
    boxes[0].close()


def test_callbacks_of_a_closed_pane_are_skipped(qtbot, qasync_loop):
    widget = QWidget()
    got = []
    op = run_op(widget, answer(1)).success(got.append)
    widget.deleteLater()
    qtbot.waitUntil(lambda: op.done)
    assert got == []


def test_unexpected_errors_name_their_type():
    assert describe_error(KeyError("x")).endswith("KeyError: 'x'")
    assert describe_error(BookError("no book is open")) == "no book is open"


def test_an_op_started_with_no_running_loop_fails_loudly_and_closes_the_call(qtbot):
    call, raised = answer(1), []

    def start() -> None:  # a thread of its own has no event loop running, whatever the tests before left
        try:
            run_op(None, call)
        except RuntimeError as exc:
            raised.append(exc)

    worker = threading.Thread(target=start)
    worker.start()
    worker.join()
    assert raised, "run_op must refuse to queue on a loop that is not running"
    assert call.cr_frame is None  # closed: no "coroutine was never awaited" later
