"""Settling a task and reviewing proposals: from a settle request to an applied or rejected settlement."""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QMenu

from desktop.contracts import JournalState
from desktop.progress import CancelToken
from desktop.ui.background import BackgroundLane
from desktop.ui.bridge import describe_error, run_op
from desktop.ui.settlement_review import SettlementReview, review_of


class ReviewDesk(QObject):
    """Runs settlement through the window's background lane; the review dialog it opens is one of the window's."""

    def __init__(self, window, workbench, lane: BackgroundLane, dialogs: dict):
        super().__init__(window)
        self.window = window
        self.workbench = workbench
        self.lane = lane
        self.dialogs = dialogs

    def _say(self, text: str, ms: int) -> None:
        self.window.statusBar().showMessage(text, ms)

    def settle(self, task_id) -> None:
        op = self.lane.run(self.tr("Settling the task…"),
                           lambda progress, cancel: self._propose(task_id, progress, cancel))
        if op is not None:
            op.success(lambda pair: self.open_review(*pair))

    async def _propose(self, task_id, progress, cancel: CancelToken) -> tuple[dict, dict]:
        review = await self.workbench.settle(task_id, progress=progress, cancel=cancel)
        return review, await self.workbench.facts()

    def open_review(self, review: dict, before: dict | None = None) -> SettlementReview:
        dialog = SettlementReview(review, before, self.window)
        dialog.apply_requested.connect(self._apply_review)
        dialog.reject_requested.connect(self._reject_review)
        self.dialogs["review"] = dialog
        dialog.open()
        if review.get("task_id") is not None:  # the discussion it was made from, to check each item against
            run_op(dialog, self.workbench.messages(review["task_id"])).success(dialog.set_messages)
        run_op(dialog, self.workbench.settlement_impact(review)).success(dialog.impact_view.set_impact).failure(
            lambda exc: dialog.impact_view.show_failure(describe_error(exc)))
        return dialog

    def _apply_review(self, review: dict) -> None:
        dialog = self.dialogs["review"]
        run_op(dialog, self.workbench.apply(review)).success(lambda result: self._review_done(dialog, result))

    def _reject_review(self, settlement_id) -> None:
        dialog = self.dialogs["review"]
        run_op(dialog, self.workbench.reject(settlement_id)).success(lambda _: self._review_done(dialog, None))

    def _review_done(self, dialog: SettlementReview, result: dict | None) -> None:
        dialog.accept()
        if result is None:
            self._say(self.tr("Settlement rejected; nothing was written."), 6000)
            return
        counts = ", ".join(f"{k} {v}" for k, v in (result.get("applied") or {}).items())
        self._say(self.tr("Settlement #%1 applied: %2").replace(
            "%1", str(result.get("settlement_id"))).replace("%2", counts or "—"), 8000)

    def open_waiting(self) -> None:
        run_op(self.window, self._read_waiting()).success(self._show_waiting)

    async def _read_waiting(self) -> tuple[list[dict], dict]:
        return await self.workbench.settlements(states=(JournalState.PROPOSED,)), await self.workbench.facts()

    def _show_waiting(self, waiting: tuple[list[dict], dict]) -> None:
        entries, before = waiting
        if not entries:
            self._say(self.tr("No settlement is waiting for review."), 5000)
            return
        if len(entries) == 1:
            self.open_review(review_of(entries[0]), before)
            return
        menu = QMenu(self.window)
        for entry in entries:
            menu.addAction(self.tr("Settlement #%1 (%2)").replace("%1", str(entry["id"])).replace(
                "%2", str(entry.get("source") or "")), lambda e=entry: self.open_review(review_of(e), before))
        menu.popup(self.window.mapToGlobal(self.window.inspector.geometry().bottomLeft()))
