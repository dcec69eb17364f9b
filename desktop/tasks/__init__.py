"""The task context manager: concurrent discussions with clean contexts, and settlements the author confirms."""

from desktop.tasks.commands import Command, CommandError, parse
from desktop.tasks.context import Context, ContextBuilder, Section
from desktop.tasks.gateway import Gateway, Turn
from desktop.tasks.queues import TaskError, TaskQueues
from desktop.tasks.review import classify
from desktop.tasks.runstore import run_inline
from desktop.tasks.settlement import Settler, confirm_review, undo_settlement

__all__ = [
    "Command", "CommandError", "parse", "Context", "ContextBuilder", "Section", "Gateway", "Turn", "run_inline",
    "TaskError", "TaskQueues", "classify", "Settler", "confirm_review", "undo_settlement",
]
