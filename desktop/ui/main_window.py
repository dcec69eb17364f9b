"""The main window: assembles the panes, and holds the one block that wires their requests to the workbench."""

from __future__ import annotations

import gc
import re
from dataclasses import asdict

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QApplication,
    QFileDialog,
    QMainWindow,
    QMessageBox,
    QSplitter,
    QWidget,
)

from desktop.contracts import Task
from desktop.progress import CancelToken
from desktop.ui import graph_layouts, window_layout
from desktop.ui.audit_panel import ManuscriptAudit
from desktop.ui.background import BackgroundLane
from desktop.ui.bible_export import BibleExport
from desktop.ui.book_opener import BookOpener
from desktop.ui.bridge import Op, report_error, run_op
from desktop.ui.changes import ChangeFeed
from desktop.ui.chat_pane import ChatPane
from desktop.ui.failed_settlements import FailedSettlements
from desktop.ui.graph_inspector import GraphInspector
from desktop.ui.import_drop import ImportDrop, ProgressPanel
from desktop.ui.import_flow import ImportFlow
from desktop.ui.note_keeper import NoteKeeper
from desktop.ui.personas_dialog import Personas
from desktop.ui.review_desk import ReviewDesk
from desktop.ui.review_queue import ReviewQueue
from desktop.ui.search_dialog import ManuscriptSearch
from desktop.ui.settings_dialog import SettingsDialog
from desktop.ui.settings_library import SettingsLibrary
from desktop.ui.settlement_review import SettlementReview
from desktop.ui.task_sidebar import TaskSidebar
from desktop.ui.theme import WARNING_COLOUR, apply_theme
from desktop.ui.undo_dialog import SettlementUndo
from desktop.ui.upkeep import BookUpkeep
from desktop.ui.welcome import Welcome
from desktop.ui.window_menus import WindowMenus

SETTLE_COMMAND = re.compile(r"^/(settle|结算)\s*$")


# Settings the loaded model was built from: changing one reloads it.
_ENGINE_FIELDS = ("model_path", "server_url", "server_model", "server_api_key", "gpu_layers", "n_ctx", "n_threads",
                  "n_batch", "embedder")


class MainWindow(QMainWindow):
    """Three columns — tasks, chat, inspector — over one workbench; every action is a workbench call."""

    closed = Signal()

    def __init__(self, workbench, parent=None):
        super().__init__(parent)
        self.workbench = workbench
        self.setWindowTitle("Inkstone")
        self.sidebar = TaskSidebar()
        self.chat = ChatPane()
        self.inspector = GraphInspector()
        self.splitter = QSplitter(Qt.Horizontal)
        for pane in (self.sidebar, self.chat, self.inspector):
            self.splitter.addWidget(pane)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setSizes([270, 640, 560])
        self.setCentralWidget(self.splitter)
        self._build_top_bar()
        self.progress = ProgressPanel()
        self.statusBar().addPermanentWidget(self.progress)
        # Room for the panel from the start: a status bar that grew when work began would re-lay out and
        # repaint the whole window at every start and finish.
        self.statusBar().setMinimumHeight(self.progress.sizeHint().height() + 4)
        self.drop = ImportDrop(self)
        self.background = BackgroundLane(self, self.progress)
        self.upkeep = BookUpkeep(self, workbench, self.background)
        self.feed = ChangeFeed(workbench, self)
        self._dialogs: dict[str, QWidget] = {}
        self.reviews = ReviewDesk(self, workbench, self.background, self._dialogs)
        self.queue = ReviewQueue(self, workbench, self.reviews, self._dialogs, self.feed)
        self.imports = ImportFlow(self, workbench, self.background, self._dialogs, self.upkeep, self._needs_book)
        self.notes = NoteKeeper(self, workbench, self._dialogs, self._needs_book)
        self.failed = FailedSettlements(self, workbench, self._dialogs, self._needs_book)
        self.undoer = SettlementUndo(self, workbench, self._dialogs, self._needs_book)
        self.audit = ManuscriptAudit(self, workbench, self.background, self._dialogs, self._needs_book)
        self.library = SettingsLibrary(self, workbench, self._dialogs, self._needs_book)
        self.inspector.plan.attach(workbench)  # the outline is edited in the plan tab
        self.opener = BookOpener(self, workbench, self._dialogs)
        self.search = ManuscriptSearch(self, workbench, self._dialogs, self._needs_book)
        self.personas = Personas(self, workbench, self.background, self._dialogs, self._needs_book)
        self.exporter = BibleExport(self, workbench, self.background, self._dialogs, self._needs_book)
        self.welcome = Welcome(self, workbench, self._dialogs)  # in front of the panes while no book is open
        self.menus = WindowMenus(self)

        self._cancel_reply: CancelToken | None = None
        self._just_opened = True
        self.reply_op: Op | None = None
        self.model_op: Op | None = None
        self._error_box: QMessageBox | None = None

        self._wire()
        self._saved_splitter = window_layout.restore_size(self)
        self._show_model_status()
        self._show_book()

    # -- the one wiring block --------------------------------------------------------------

    def _wire(self) -> None:
        self.sidebar.new_requested.connect(self._new_task)
        self.sidebar.switch_requested.connect(self._switch_task)
        self.sidebar.restart_requested.connect(self._restart_task)
        self.sidebar.settle_requested.connect(self._settle_task)
        self.chat.say_requested.connect(self._say)
        self.chat.stop_requested.connect(self._stop_reply)
        self.chat.context_requested.connect(self._load_context)
        self.chat.candidate_chosen.connect(self._choose_candidate)
        self.chat.note_files_requested.connect(self.notes.add_files)
        self.chat.note_file_chooser_requested.connect(self.notes.choose_file)
        self.chat.new_task_requested.connect(self.sidebar.ask_new_task)
        self.chat.switch_task_requested.connect(self._switch_task)
        self.chat.main_plot_requested.connect(self.back_to_main_plot)
        self.inspector.as_of_changed.connect(self._load_facts)
        self.inspector.entity_selected.connect(self._load_entity)
        self.inspector.persona_requested.connect(self.personas.open)
        self.inspector.health_item_clicked.connect(self._open_health_list)
        self.drop.import_requested.connect(self.imports.start)
        self.upkeep.extraction_running.connect(lambda _busy: self._show_model_status())
        self.progress.cancel_requested.connect(self.background.cancel)
        self.feed.changed.connect(self.upkeep.note)
        self.feed.book_changed.connect(self._show_book)
        self.feed.tasks_changed.connect(self._load_tasks)
        self.feed.messages_changed.connect(self._load_messages)
        self.feed.graphs_changed.connect(self._load_graphs)
        self.feed.model_changed.connect(self._show_model_status)

    # -- building ---------------------------------------------------------------------------

    def _build_top_bar(self) -> None:
        self.book_label, self.pointer_label, self.model_label = window_layout.add_top_bar(self, self.tr("Book"))

    # -- showing the book ------------------------------------------------------------------------

    def _show_book(self) -> None:
        self.upkeep.book_shown(self.workbench.has_book)
        if not self.workbench.has_book:
            self.setWindowTitle("Inkstone")
            self.book_label.setText(self.tr("No book open"))
            self.pointer_label.setText(self.tr("Book ▸ New book… or Open book… to begin"))
            self.sidebar.set_tasks([])
            self.chat.set_messages([])
            self.chat.set_task_title("")
            self.inspector.set_facts({"entities": [], "relations": [], "hooks": []})
            self.inspector.set_plan({"outlines": [], "pointer": []})
            self.inspector.set_health({})
            self.inspector.set_chapter_range(0, None)
            return
        info = self.workbench.book_info()
        graph_layouts.use_book(info.path)  # every graph of this book places an entity where it was last time
        self.setWindowTitle(f"{info.title} — Inkstone")
        self.book_label.setText(info.title)
        self.chat.set_commands(self.workbench.slash_commands())
        self._just_opened = True
        self._load_tasks()
        self._load_messages()
        self._load_graphs()

    def _read(self, awaitable) -> Op:
        """A refresh: when the book was closed meanwhile, its failure is no news to the author."""
        def failed(exc: BaseException) -> None:
            if self.workbench.has_book:
                report_error(self, exc)

        return run_op(self, awaitable).failure(failed)

    def _load_tasks(self) -> None:
        self._read(self.workbench.tasks()).success(self._show_tasks)

    def _show_tasks(self, tasks: list[Task]) -> None:
        self.sidebar.set_tasks(tasks)
        active = next((t for t in tasks if t.status == "active"), None)
        self.chat.show_task(active, next((t for t in tasks if t.status == "open"), None), first=not tasks)

    def _load_messages(self) -> None:
        self._read(self.workbench.messages()).success(self.chat.set_messages)

    def _load_graphs(self) -> None:
        self._read(self._read_graphs()).success(self._show_graphs)

    async def _read_graphs(self) -> tuple:
        wb = self.workbench
        return (await wb.chapter_count(), await wb.current_chapter(), await wb.plan(), await wb.health(),
                await wb.counts())

    def _show_graphs(self, state: tuple) -> None:
        chapters, current, plan, health, counts = state
        opened, self._just_opened = self._just_opened, False
        self.inspector.set_chapter_range(chapters, current, reset=opened)
        self.inspector.set_plan(plan)
        # Import's extraction jobs are the archive's only jobs that wait; the others finish within the import.
        health = {**asdict(health), "extract_pending": counts["archive"].get("jobs_pending", 0)}
        self.upkeep.extract_waiting = health["extract_pending"]
        self.inspector.set_health(health)
        self.pointer_label.setText(self._pointer_text(plan.get("pointer") or []))
        self._load_facts(self.inspector.as_of())
        if opened:
            self.upkeep.catch_up_embedding(counts["archive"])
            if health.get("failed_settlements"):
                self.failed.notice(health["failed_settlements"])

    def _pointer_text(self, pointer: list[dict]) -> str:
        parts = []
        for entry in pointer:
            storyline = entry.get("storyline")
            bits = [storyline if storyline not in (None, "", "main") else self.tr("main")]  # the default, translated
            if entry.get("chapter") is not None:
                bits.append(self.tr("Chapter %1").replace("%1", str(entry["chapter"])))
            if entry.get("step_kind"):
                bits.append(entry["step_kind"])
            parts.append(" · ".join(bits))
        return "  |  ".join(parts) if parts else self.tr("No narrative pointer yet")

    def _load_facts(self, as_of) -> None:
        self._read(self.workbench.facts(as_of=as_of)).success(self.inspector.set_facts)

    def _load_entity(self, name: str) -> None:
        self._read(self.workbench.facts(entity=name, as_of=self.inspector.as_of())).success(
            self.inspector.set_entity_details)

    # -- tasks and chat ------------------------------------------------------------------------

    def _needs_book(self) -> bool:
        if not self.workbench.has_book:
            self.show_error(self.tr("Open or create a book first (Book menu)."))
            return False
        return True

    def _new_task(self, title: str, kind: str) -> None:
        if self._needs_book():
            run_op(self, self.workbench.new_task(title, kind=kind))

    def _switch_task(self, task_id) -> None:
        run_op(self, self.workbench.switch_task(task_id))

    def _restart_task(self, task_id) -> None:
        run_op(self, self.workbench.restart_task(task_id)).success(
            lambda task: self.statusBar().showMessage(
                self.tr("Restarted “%1” with fresh facts").replace("%1", task.title), 5000))

    def back_to_main_plot(self) -> None:
        """A turn that steers the active task back to the narrative pointer's step (wb.back_to_main_plot)."""
        self._say(self.tr("Back to the main plot"), main_plot=True)

    def _say(self, text: str, main_plot: bool = False) -> None:
        if not self._needs_book() or self.chat.is_streaming():
            return
        if SETTLE_COMMAND.match(text.strip()):
            # The slash command and the Settle button are one action: both end in the review dialog.
            self._settle_task(self.sidebar.active_task_id())
            return
        self._cancel_reply = CancelToken()
        self.chat.begin_reply(text)
        wb, token, cancel = self.workbench, self.chat.append_token, self._cancel_reply
        self.reply_op = run_op(self, wb.back_to_main_plot(on_token=token, cancel=cancel) if main_plot else
                               wb.say(text, on_token=token, cancel=cancel, on_step=self.chat.append_step))
        self.reply_op.success(self._show_reply).failure(self._reply_failed)

    def _show_reply(self, result: dict) -> None:
        self.chat.finish_reply(result)
        if result.get("command") not in (None, "continue"):
            self.statusBar().showMessage(result.get("reply") or "", 5000)
        if isinstance(result.get("review"), dict):  # `/settle 2` and the like settle through the gateway
            run_op(self, self.workbench.facts()).success(lambda before: self.open_review(result["review"], before))

    def _reply_failed(self, error: BaseException) -> None:
        self.chat.finish_reply(None)
        report_error(self, error)

    def _stop_reply(self) -> None:
        if self._cancel_reply is not None:
            self._cancel_reply.cancel()

    def _load_context(self) -> None:
        if self.workbench.has_book:
            run_op(self, self.workbench.last_context()).success(self.chat.show_context)

    def _choose_candidate(self, message_id, index: int, text: str) -> None:
        # Not yet in the workbench contract (issue 7): keep the author's pick as the reply.
        run_op(self, self.workbench.pick_candidate(message_id, index, text))

    # -- settlement -----------------------------------------------------------------------------

    def _settle_task(self, task_id) -> None:
        if self._needs_book():
            self.reviews.settle(task_id)

    def open_review(self, review: dict, before: dict | None = None) -> SettlementReview:
        return self.reviews.open_review(review, before)

    def open_waiting_reviews(self) -> None:
        if self._needs_book():
            self.queue.open()

    def _open_health_list(self, key: str) -> None:
        if key in ("reviews_waiting", "conflicts"):
            self.open_waiting_reviews()
        elif key == "unembedded_chapters":
            self.statusBar().showMessage(
                self.tr("Chapters not yet embedded are searched by keyword only until embedding finishes."), 8000)
            self.upkeep.catch_up_embedding()
        elif key == "extract_pending":
            self.choose_extraction()
        elif key in ("failed_settlements", "failed_jobs"):
            self.failed.open(jobs=key == "failed_jobs")

    def start(self) -> None:
        """At launch: reopen the last book and load the model."""
        self.opener.reopen_last()
        self.load_model()

    # -- import and background work ------------------------------------------------------------

    def choose_import(self) -> None:
        dialog = QFileDialog(self, self.tr("Import chapter files"))
        dialog.setFileMode(QFileDialog.ExistingFiles)
        dialog.setNameFilter(self.tr("Chapters (*.txt *.md *.docx *.epub);;All files (*)"))
        dialog.filesSelected.connect(self.imports.start)
        self._dialogs["import"] = dialog
        dialog.open()

    @property
    def background_op(self) -> Op | None:
        """The latest long work in the status bar: import, settle, extraction, embedding or a restore."""
        return self.background.op

    def choose_extraction(self) -> None:
        if self._needs_book():
            self.upkeep.choose_extraction()

    def open_backups(self) -> None:
        if self._needs_book():
            self.upkeep.open_backups()

    # -- model and settings ----------------------------------------------------------------------

    def load_model(self) -> None:
        self.model_op = run_op(self, self.workbench.load_model())
        self.model_op.success(lambda _: gc.freeze()).failure(
            lambda exc: self.statusBar().showMessage(str(exc), 10000))
        # freeze: the loaded model leaves ~40k long-lived Python objects; left in the collector's care, every full
        # collection walked them and froze the window for ~40 ms mid-import or mid-reply (inkstone bench ui).

    def _show_model_status(self) -> None:
        status = self.workbench.model_status()
        state = status.state
        names = {"idle": self.tr("Model not loaded"), "loading": self.tr("Loading model…"),
                 "ready": self.tr("Model ready"), "generating": self.tr("Generating…"),
                 "error": self.tr("Model error")}
        text = names.get(state, state or "")
        if state == "ready" and self.upkeep.extracting:  # whole-book extraction keeps the model busy
            state, text = "generating", self.tr("Model busy: building the story bible")
        if state in ("ready", "generating"):
            where = self.tr("GPU") if status.gpu else self.tr("CPU")
            text += f" · {status.model or status.backend or ''} · {where}"
        self.model_label.setText(text)
        self.model_label.setToolTip(status.error or "")
        self.model_label.setStyleSheet("padding: 2px 8px;" + (f"color: {WARNING_COLOUR};" if state == "error" else ""))

    def open_settings(self) -> None:
        dialog = SettingsDialog(self.workbench.settings, self)
        dialog.settings_accepted.connect(self._apply_settings)
        self._dialogs["settings"] = dialog
        dialog.open()

    def _apply_settings(self, settings) -> None:
        old = self.workbench.settings
        self.workbench.settings = settings
        if settings.theme != old.theme:
            apply_theme(QApplication.instance(), settings.theme)
        if settings.language != old.language:  # the panes build their words once: say when the new ones come
            self.statusBar().showMessage(self.tr("The new language applies after Inkstone restarts."), 15000)
        reload = any(getattr(old, f) != getattr(settings, f) for f in _ENGINE_FIELDS)
        run_op(self, self._save_settings(reload))

    async def _save_settings(self, reload: bool) -> None:
        await self.workbench.save_settings()
        if reload:
            # The loaded model was built from the old settings: drop it, then load the one now chosen.
            await self.workbench.reload_model()
            await self.workbench.load_model()

    # -- errors, layout, closing ------------------------------------------------------------------

    def show_error(self, text: str, *, cancelled: bool = False) -> None:
        """Errors go to the status bar and, unless the author cancelled, to one non-blocking message box."""
        self.statusBar().showMessage(text, 10000)
        if cancelled:
            return
        if self._error_box is None:
            self._error_box = QMessageBox(QMessageBox.Warning, "Inkstone", text, QMessageBox.Ok, self)
        self._error_box.setText(text)
        self._error_box.open()

    def showEvent(self, event) -> None:  # noqa: N802 — Qt override
        super().showEvent(event)
        # Pane widths are restored once the window has its real size, or they would be squeezed to the default one.
        if self._saved_splitter is not None:
            self.splitter.restoreState(self._saved_splitter)
            self._saved_splitter = None

    def save_layout(self) -> None:
        window_layout.save(self, self.splitter)

    def dragEnterEvent(self, event) -> None:  # noqa: N802 — Qt override
        self.drop.drag_enter(event)

    def dragMoveEvent(self, event) -> None:  # noqa: N802 — Qt override
        if event.mimeData().hasUrls():
            event.acceptProposedAction()

    def dragLeaveEvent(self, event) -> None:  # noqa: N802 — Qt override
        self.drop.drag_leave()

    def dropEvent(self, event) -> None:  # noqa: N802 — Qt override
        self.drop.drop(event)

    def closeEvent(self, event) -> None:  # noqa: N802 — Qt override
        if self._cancel_reply is not None:
            self._cancel_reply.cancel()
        self.background.cancel()
        self.upkeep.stop()
        self.save_layout()
        event.accept()
        self.closed.emit()

