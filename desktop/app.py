"""Composition root: QApplication, translators, theme, the qasync loop; builds the Workbench and the window."""

from __future__ import annotations

import asyncio
import gc
import importlib
import logging
import sys

import qasync
from PySide6.QtWidgets import QApplication

from desktop import paths
from desktop.config import Settings
from desktop.ui.i18n import install_translators
from desktop.ui.main_window import MainWindow
from desktop.ui.theme import apply_theme
from desktop.workbench import Workbench


# The workbench imports these on first use, on the event-loop thread; llama.cpp alone takes ~0.3 s. Importing
# them before the window shows moves that pause to start-up instead of the first import or the first reply.
ENGINE_MODULES = ("desktop.engine.llama_backend", "desktop.engine.embed", "desktop.importing.pipeline",
                  "desktop.tasks.gateway", "desktop.tasks.context", "desktop.book.retrieval")


def prepare_runtime() -> None:
    """Import the engine now, then freeze the heap, so neither ever pauses the window later."""
    for name in ENGINE_MODULES:
        try:
            importlib.import_module(name)
        except ImportError as exc:  # a missing optional part shows up, clearly, when it is used
            logging.getLogger(__name__).warning("could not preload %s: %s", name, exc)
    # torch, llama.cpp and Qt leave a few hundred thousand long-lived objects; a full collection scanning them
    # froze the window for ~80 ms mid-import. Frozen objects are skipped; what the session creates is collected.
    gc.freeze()


def main(argv: list[str] | None = None) -> int:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    app = QApplication(argv if argv is not None else sys.argv)
    app.setApplicationName("Inkstone")
    app.setOrganizationName("Inkstone")
    # The window's close is the end of the session: the workbench must shut down before the loop stops.
    app.setQuitOnLastWindowClosed(False)
    settings_path = paths.user_config_file()
    settings = Settings.load(settings_path)
    install_translators(app, settings.language)
    apply_theme(app, settings.theme)
    workbench = Workbench(settings, settings_path=settings_path)
    prepare_runtime()

    async def run() -> None:
        window = MainWindow(workbench)  # built on the running loop: its operations are scheduled there
        closed = asyncio.get_running_loop().create_future()
        window.closed.connect(lambda: closed.done() or closed.set_result(None))
        window.show()
        window.start()
        await closed
        await workbench.shutdown()

    # asyncio.run(loop_factory=) is 3.12+; Runner takes the same factory on 3.11.
    with asyncio.Runner(loop_factory=lambda: qasync.QEventLoop(app)) as runner:
        runner.run(run())
    return 0
