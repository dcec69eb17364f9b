"""Durations as the author reads them: "40 s", "12 min", "2 h 5 min", in the window's language."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication


def duration_text(seconds: float) -> str:
    """Rounded to what matters: seconds under a minute, minutes under an hour, then hours and minutes."""
    seconds = max(0, int(round(seconds)))
    if seconds < 60:
        return QCoreApplication.translate("Duration", "%1 s").replace("%1", str(max(seconds, 1)))
    minutes = int(round(seconds / 60))
    if minutes < 60:
        return QCoreApplication.translate("Duration", "%1 min").replace("%1", str(minutes))
    hours, minutes = divmod(minutes, 60)
    if not minutes:
        return QCoreApplication.translate("Duration", "%1 h").replace("%1", str(hours))
    text = QCoreApplication.translate("Duration", "%1 h %2 min")
    return text.replace("%1", str(hours)).replace("%2", str(minutes))
