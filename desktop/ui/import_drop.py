"""Drag-and-drop import: files or folders dropped anywhere on the window, a progress bar with Cancel, a summary."""

from __future__ import annotations

import html
from pathlib import Path

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from desktop.progress import Progress
from desktop.ui.durations import duration_text

FINE_STEPS = 1000  # the bar's range when a report gives the fraction done


def dropped_paths(mime) -> list[Path]:
    """The local files and folders in a drop, in the order given; remote URLs are not ours to fetch."""
    if not mime.hasUrls():
        return []
    return [Path(url.toLocalFile()) for url in mime.urls() if url.isLocalFile() and url.toLocalFile()]


class ImportDrop(QObject):
    """Lets the window take drops of chapter files; shows a hint while something is dragged over it."""

    import_requested = Signal(list)

    def __init__(self, window: QWidget):
        super().__init__(window)
        self.window = window
        window.setAcceptDrops(True)
        self.hint = QLabel(self.tr("Drop chapter files or folders to import them into this book"), window)
        self.hint.setAlignment(Qt.AlignCenter)
        self.hint.setWordWrap(True)
        self.hint.setAttribute(Qt.WA_TransparentForMouseEvents)
        self.hint.setStyleSheet("background: rgba(61, 127, 214, 40); border: 3px dashed #3d7fd6; "
                                "font-size: 20px; font-weight: bold; color: #3d7fd6;")
        self.hint.hide()

    def drag_enter(self, event) -> None:
        if dropped_paths(event.mimeData()):
            event.acceptProposedAction()
            self.hint.setGeometry(self.window.rect().adjusted(12, 12, -12, -12))
            self.hint.raise_()
            self.hint.show()
        else:
            event.ignore()

    def drag_leave(self) -> None:
        self.hint.hide()

    def drop(self, event) -> None:
        self.hint.hide()
        paths = dropped_paths(event.mimeData())
        if not paths:
            event.ignore()
            return
        event.acceptProposedAction()
        self.import_requested.emit(paths)


class ProgressPanel(QWidget):
    """Background work in the status bar: what is happening, how far along, and a Cancel button."""

    cancel_requested = Signal()

    def __init__(self, parent=None):
        super().__init__(parent)
        self.label = QLabel()
        self.label.setMinimumWidth(160)  # a changing label must not shift the bar and re-lay out the bar's row
        self.bar = QProgressBar()
        self.bar.setMaximumWidth(220)
        self.bar.setTextVisible(True)
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.clicked.connect(self._on_cancel_clicked)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.label)
        layout.addWidget(self.bar)
        layout.addWidget(self.cancel_button)
        self.hide()

    def start(self, text: str) -> None:
        self.label.setText(text)
        self.bar.setRange(0, 0)  # busy until the first report says how much there is
        self.cancel_button.setEnabled(True)
        self.show()

    def report(self, progress: Progress) -> None:
        if progress.fraction is not None:  # a long job whose steps are uneven: the bar moves within a step
            self.bar.setRange(0, FINE_STEPS)
            self.bar.setValue(round(min(max(progress.fraction, 0.0), 1.0) * FINE_STEPS))
            self.bar.setFormat(f"{progress.done}/{progress.total}" if progress.total else "%p%")
        elif progress.total > 0:
            self.bar.setRange(0, progress.total)
            self.bar.setValue(min(progress.done, progress.total))
            self.bar.setFormat("%p%")
        else:
            self.bar.setRange(0, 0)
        if progress.label:
            text = self._label_text(progress.label)
            if progress.eta_seconds:
                text += " · " + self.tr("%1 left").replace("%1", duration_text(progress.eta_seconds))
            self.label.setText(text)
        self.bar.setToolTip(progress.detail)

    def _label_text(self, label: str) -> str:
        known = {"import": self.tr("Importing"), "embedding": self.tr("Embedding"), "embed": self.tr("Embedding"),
                 "settle": self.tr("Settling"), "extract": self.tr("Extracting facts"),
                 "verifying model": self.tr("Checking the model"), "assembling model": self.tr("Assembling the model")}
        return known.get(label, label)

    def finish(self) -> None:
        self.hide()

    def _on_cancel_clicked(self) -> None:
        self.cancel_button.setEnabled(False)
        self.label.setText(self.tr("Cancelling…"))
        self.cancel_requested.emit()


class ImportSummary(QDialog):
    """What an import found: chapters per file with its encoding, and every refused file with the reason."""

    def __init__(self, result: dict, parent=None):
        super().__init__(parent)
        self.setWindowTitle(self.tr("Import finished"))
        esc = html.escape
        files = result.get("files") or []
        errors = result.get("errors") or []
        warnings = result.get("warnings") or []
        self.headline = QLabel(
            self.tr("%1 chapters imported from %2 files (%3 chunks, %4 characters).")
            .replace("%1", str(result.get("chapters", 0))).replace("%2", str(len(files)))
            .replace("%3", str(result.get("chunks", 0))).replace("%4", str(result.get("characters", 0)))
        )
        self.headline.setWordWrap(True)
        imported, refused, warned = self.tr("Imported"), self.tr("Refused"), self.tr("Warnings")
        parts = []
        if files:
            parts.append(f"<h4>{esc(imported)}</h4><ul>")
            for f in files:
                detail = self.tr("%1 chapters, %2").replace("%1", str(f.get("chapters", 0))).replace(
                    "%2", str(f.get("encoding") or "?"))
                parts.append(f"<li><b>{esc(Path(str(f.get('path'))).name)}</b> — {esc(detail)}</li>")
            parts.append("</ul>")
        replaced = result.get("replaced") or []
        if replaced:
            head = self.tr("Replaced (snapshot %1 taken first)").replace("%1", str(result.get("snapshot") or "—"))
            parts.append(f"<h4>{esc(head)}</h4><ul>")
            for r in replaced:
                line = self.tr("Chapter %1: “%2” → “%3”").replace("%1", str(r.get("number"))).replace(
                    "%2", str(r.get("old_title") or "")).replace("%3", str(r.get("new_title") or ""))
                parts.append(f"<li>{esc(line)}</li>")
            parts.append("</ul>")
        if errors:
            parts.append(f"<h4 style='color:#c93c3c'>{esc(refused)}</h4><ul>")
            for e in errors:
                parts.append(f"<li><b>{esc(Path(str(e.get('path'))).name)}</b>: {esc(str(e.get('error')))}</li>")
            parts.append("</ul>")
        if warnings:
            parts.append(f"<h4>{esc(warned)}</h4><ul>")
            parts += [f"<li>{esc(str(w if not isinstance(w, dict) else w.get('warning') or w))}</li>"
                      for w in warnings]
            parts.append("</ul>")
        self.details = QTextBrowser()
        self.details.setHtml("".join(parts))
        buttons = QDialogButtonBox(QDialogButtonBox.Close)
        buttons.button(QDialogButtonBox.Close).setText(self.tr("Close"))
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.headline)
        layout.addWidget(self.details, 1)
        layout.addWidget(buttons)
        self.resize(560, 420)

    def text(self) -> str:
        return self.headline.text() + "\n" + self.details.toPlainText()
