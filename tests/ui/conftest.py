"""Fixtures for the window's tests: a qasync loop the panes' operations run on, and a recording fake workbench."""

from __future__ import annotations

import asyncio

import pytest

from tests.ui.fakes import FakeWorkbench


@pytest.fixture(scope="module")
def qasync_loop(qapp):
    """A qasync loop per test module, marked running: Qt's event processing (qtbot's waits) drives it.
    Torn down after the module so tests elsewhere can start their own loops."""
    import qasync

    loop = qasync.QEventLoop(qapp, already_running=True)
    # The workbench's to_thread calls (embedder, model) run on Qt threads; left running at exit, Qt aborts.
    executor = qasync.QThreadExecutor()
    loop.set_default_executor(executor)
    asyncio.set_event_loop(loop)
    yield loop
    executor.shutdown(wait=True)
    asyncio.events._set_running_loop(None)
    asyncio.set_event_loop(None)


@pytest.fixture(autouse=True)
def user_data(tmp_path, monkeypatch):
    """Window layout and compiled translations go to a throwaway folder, never the developer's own."""
    data = tmp_path / "user-data"
    monkeypatch.setenv("INKSTONE_DATA_DIR", str(data))
    monkeypatch.setenv("INKSTONE_CONFIG", str(tmp_path / "settings.toml"))
    return data


@pytest.fixture
def english(qapp):
    from desktop.ui.i18n import install_translators

    install_translators(qapp, "en")
    yield
    install_translators(qapp, "en")


@pytest.fixture
def chinese(qapp):
    from desktop.ui.i18n import install_translators

    assert install_translators(qapp, "zh_CN") == "zh_CN"
    yield
    install_translators(qapp, "en")


@pytest.fixture
def fake_workbench():
    return FakeWorkbench()


@pytest.fixture
def window(qtbot, qasync_loop, fake_workbench, english):
    from desktop.ui.main_window import MainWindow

    win = MainWindow(fake_workbench)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitUntil(lambda: win.sidebar.task_titles() != [] and win.inspector.graph.visible_nodes() != [])
    return win
