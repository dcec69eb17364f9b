"""The workbench the window, the CLI and the tests share: a session with every operation bound as a method."""

from __future__ import annotations

import functools
import inspect
from typing import Any, Callable

from desktop.contracts import Changes
from desktop.workbench.ops import audit as auditing
from desktop.workbench.ops import backups, books, checks, importing, mentions, personas, settlement
from desktop.workbench.ops import library
from desktop.workbench.ops import plan_edit as outline
from desktop.workbench.ops import failed_jobs as broken_jobs
from desktop.workbench.ops import reviews as waiting
from desktop.workbench.ops import impact as retcon
from desktop.workbench.ops import search as reading
from desktop.workbench.ops import tasks as conversation
from desktop.workbench.session import NoBookError, Session

__all__ = ["Changes", "NoBookError", "Workbench"]


def _operation(op: Callable[..., Any]):
    """A method that runs a write operation and tells every listener the Changes it reported."""
    @functools.wraps(op)
    async def method(self: Session, *args: Any, **kwargs: Any) -> Any:
        result, changes = await op(self, *args, **kwargs)
        self.notify(changes)
        return result

    return method


def _query(op: Callable[..., Any]):
    """A method that reads; nothing to tell."""
    if inspect.iscoroutinefunction(op):
        @functools.wraps(op)
        async def method(self: Session, *args: Any, **kwargs: Any) -> Any:
            return await op(self, *args, **kwargs)
    else:
        @functools.wraps(op)
        def method(self: Session, *args: Any, **kwargs: Any) -> Any:
            return op(self, *args, **kwargs)

    return method


class Workbench(Session):
    """Callers hold one handle; each operation lives in its domain's module under ops/."""

    # books
    create_book = _query(books.create_book)  # the session tells of a book opened or closed
    open_book = _query(books.open_book)
    health = _query(books.health)
    chapter_count = _query(books.chapter_count)
    counts = _query(books.counts)

    # tasks and conversation
    tasks = _query(conversation.tasks)
    new_task = _operation(conversation.new_task)
    switch_task = _operation(conversation.switch_task)
    restart_task = _operation(conversation.restart_task)
    messages = _query(conversation.messages)
    slash_commands = _query(conversation.slash_commands)
    say = _operation(conversation.say)
    note = _operation(conversation.note)
    back_to_main_plot = _operation(conversation.back_to_main_plot)
    context = _query(conversation.context)
    last_context = _query(conversation.last_context)
    pick_candidate = _operation(conversation.pick_candidate)

    # settlements
    apply = _operation(settlement.apply)
    undo = _operation(settlement.undo)
    reject = _operation(settlement.reject)
    settlements = _query(settlement.settlements)
    failed_settlements = _query(settlement.failed)
    discard_settlement = _operation(settlement.discard)
    retry_settlement = _operation(settlement.retry)
    settle = _operation(settlement.settle)
    extract_pending = _operation(settlement.extract_pending)
    extract_chapters = _operation(settlement.extract_chapters)
    accept_clean = _operation(settlement.accept_clean)
    reviews = _query(waiting.reviews)
    apply_review = _operation(waiting.apply_review)
    hooks = _query(waiting.hooks)
    failed_jobs = _query(broken_jobs.failed_jobs)
    retry_job = _operation(broken_jobs.retry_job)
    discard_job = _operation(broken_jobs.discard_job)
    refresh_mentions = _operation(mentions.refresh_mentions)

    # retcon impact: what a settlement or an undo would touch, written nowhere
    settlement_impact = _query(retcon.settlement_impact)
    apply_preview = _query(retcon.apply_preview)
    undo_preview = _query(retcon.undo_preview)

    # import
    import_paths = _operation(importing.import_paths)
    preview_import = _query(importing.preview_import)
    embed_pending = _operation(importing.embed_pending)

    # reading the graphs
    search = _query(reading.search)
    current_chapter = _query(reading.current_chapter)
    facts = _query(reading.facts)
    plan = _query(reading.plan)
    neighbourhood = _query(reading.neighbourhood)

    # editing the outline by hand (each edit a settlement: in the history, undoable)
    add_outline = _operation(outline.add_outline)
    add_plan_step = _operation(outline.add_plan_step)
    rename_plan_node = _operation(outline.rename_plan_node)
    move_plan_node = _operation(outline.move_plan_node)
    set_plan_status = _operation(outline.set_plan_status)
    move_pointer = _operation(outline.move_pointer)

    # backups and export
    backup = _query(backups.backup)
    snapshots = _query(backups.snapshots)
    restore = _operation(backups.restore)
    export = _query(backups.export)

    # continuity checks and personas
    check = _query(checks.check)
    audit = _query(auditing.audit)
    dismiss_issue = _query(auditing.dismiss_issue)
    chapter_text = _query(auditing.chapter_text)
    persona = _query(personas.persona)
    set_base_persona = _operation(personas.set_base_persona)
    update_persona = _operation(personas.update_persona)
    revert_persona = _operation(personas.revert_persona)

    # the settings library (设定库)
    setting_entries = _query(library.setting_entries)
    setting_entry = _query(library.setting_entry)
    search_settings = _query(library.search_settings)
    save_setting = _operation(library.save_setting)
    use_as_scale = _operation(library.use_as_scale)
    clear_scale = _operation(library.clear_scale)
