"""The pane tests' fake offers what the real workbench offers, call for call, so they cannot pass against an API
that does not exist."""

from __future__ import annotations

import inspect

import pytest

from desktop.workbench import Workbench
from tests.ui.fakes import FakeWorkbench

# The contract: every operation bound on the Workbench, and the session's own members the window uses.
OPERATIONS = sorted(name for name in vars(Workbench) if not name.startswith("_"))
SESSION = ("subscribe", "unsubscribe", "book_info", "model_status", "close_book", "shutdown", "save_settings",
           "load_model", "reload_model")
FAKE_ONLY = {"called", "tell"}  # the fake's own helpers for tests


def parameters(fn) -> list[tuple]:
    """Name, kind and default of each parameter after the session (or self)."""
    return [(p.name, p.kind, p.default) for p in list(inspect.signature(fn).parameters.values())[1:]]


@pytest.mark.parametrize("name", [*OPERATIONS, *SESSION])
def test_the_fake_answers_every_call_the_workbench_takes(name):
    real, fake = getattr(Workbench, name), getattr(FakeWorkbench, name, None)
    assert fake is not None, f"FakeWorkbench has no {name}"
    assert parameters(fake) == parameters(real)
    assert inspect.iscoroutinefunction(fake) == inspect.iscoroutinefunction(real)


def test_the_fake_offers_nothing_the_workbench_lacks():
    extra = {name for name, member in vars(FakeWorkbench).items()
             if callable(member) and not name.startswith("_") and name not in FAKE_ONLY}
    assert sorted(extra - set(dir(Workbench))) == []


def test_the_fake_has_the_sessions_state():
    fake = FakeWorkbench()
    assert isinstance(fake.has_book, bool) and fake.settings is not None
    assert isinstance(inspect.getattr_static(Workbench, "has_book"), property)
