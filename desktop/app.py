"""Composition root: QApplication, translators, theme, the qasync loop; builds the Workbench and the window."""

from __future__ import annotations

import asyncio
import logging
import sys

from desktop import paths
from desktop.config import Settings
from desktop.workbench import Workbench


def main(argv: list[str] | None = None) -> int:
    import qasync
    from PySide6.QtWidgets import QApplication, QLabel, QMainWindow

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    app = QApplication(argv if argv is not None else sys.argv)
    app.setApplicationName("Inkstone")
    settings_path = paths.user_config_file()
    workbench = Workbench(Settings.load(settings_path), settings_path=settings_path)
    window = QMainWindow()
    window.setWindowTitle("Inkstone")
    window.setCentralWidget(QLabel("Inkstone"))
    window.resize(1280, 800)
    window.show()

    async def run() -> None:
        closed = asyncio.Event()
        app.aboutToQuit.connect(closed.set)
        await closed.wait()
        await workbench.shutdown()

    try:
        asyncio.run(run(), loop_factory=qasync.QEventLoop)
    except asyncio.CancelledError:
        pass
    return 0
