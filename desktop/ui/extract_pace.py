"""How fast this computer reads chapters for the story bible: measured on each run, remembered for the next
estimate. The speed depends on the model and the machine, so no figure is assumed before one is measured."""

from __future__ import annotations

import time

from PySide6.QtCore import QSettings

from desktop import paths
from desktop.progress import Progress, ProgressCallback

_KEY = "extraction/seconds_per_chapter"
MIN_CHAPTERS = 0.5  # less than half a chapter read tells too little about the speed


class Stopwatch:
    """Wraps an extraction's progress callback: times from its first report (the model is loaded by then)
    to its last, and counts the chapters read by then, a part-read chapter by its fraction."""

    def __init__(self, clock=time.monotonic):
        self.clock = clock
        self.started: float | None = None
        self.ended: float | None = None
        self.last: Progress | None = None

    def wrap(self, report: ProgressCallback) -> ProgressCallback:
        def timed(progress: Progress) -> None:
            now = self.clock()
            if self.started is None:
                self.started = now
            self.ended, self.last = now, progress
            report(progress)

        return timed

    def seconds_per_chapter(self) -> float | None:
        last = self.last
        if last is None or self.started is None:
            return None
        read = last.fraction * last.total if last.fraction is not None and last.total else float(last.done)
        elapsed = self.ended - self.started
        if read < MIN_CHAPTERS or elapsed <= 0:
            return None
        return elapsed / read


class Pace:
    """The seconds a chapter took the last time one was measured, kept beside the window's layout."""

    def _store(self) -> QSettings:
        return QSettings(str(paths.user_data_dir() / "window.ini"), QSettings.IniFormat)

    def seconds_per_chapter(self) -> float | None:
        value = self._store().value(_KEY)
        try:
            seconds = float(value)
        except (TypeError, ValueError):
            return None
        return seconds if seconds > 0 else None

    def measured(self, seconds: float | None) -> None:
        if seconds is not None and seconds > 0:
            store = self._store()
            store.setValue(_KEY, seconds)
            store.sync()
