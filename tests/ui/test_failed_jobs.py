"""Failed background jobs in the window: the health strip counts them, its button opens the failed-work dialog on
the jobs tab, each job shows what it was about and its error, and Retry / Discard act on the chosen one."""

from __future__ import annotations

import pytest

from tests.ui.fakes import FakeWorkbench

JOBS = [
    {"id": 12, "kind": "extract", "payload": {"chapter": 7}, "attempts": 1, "updated_at": "2026-11-24T10:00:00",
     "error": "ModelError: the model ran out of memory\nwhile reading part 3"},
    {"id": 15, "kind": "canon-mentions", "payload": {"names": ["林动", "祖石"]}, "attempts": 1,
     "updated_at": "2026-11-24T10:05:00", "error": "OSError: disk full"},
]


@pytest.fixture
def fake_workbench():
    fake = FakeWorkbench()
    fake.failed_job_rows = [dict(job) for job in JOBS]
    return fake


def open_jobs(qtbot, window):
    qtbot.waitUntil(lambda: window.inspector.health.buttons["failed_jobs"].isVisible())
    window.inspector.health.buttons["failed_jobs"].click()
    dialog = window._dialogs["failed_settlements"]
    qtbot.waitUntil(lambda: dialog.isVisible() and dialog.jobs.job_ids() == [12, 15])
    return dialog


def test_the_strip_counts_failed_jobs_and_opens_them_on_the_jobs_tab(qtbot, window):
    dialog = open_jobs(qtbot, window)
    assert window.inspector.health.value_text("failed_jobs") == "Failed jobs 2"
    assert dialog.tabs.currentWidget() is dialog.jobs
    rows = [[dialog.jobs.table.topLevelItem(i).text(c) for c in range(4)] for i in range(2)]
    assert rows[0] == ["#12", "Fact extraction", "Chapter 7", "ModelError: the model ran out of memory"]
    assert rows[1][:3] == ["#15", "Relinking changed names", "林动、祖石"]
    assert dialog.jobs.error_label.text() == JOBS[0]["error"]  # the whole error, both lines


def test_retry_and_discard_act_on_the_chosen_job_and_the_list_follows(qtbot, window):
    dialog = open_jobs(qtbot, window)
    dialog.jobs.table.setCurrentItem(dialog.jobs.table.topLevelItem(1))
    dialog.jobs.discard_button.click()
    qtbot.waitUntil(lambda: dialog.jobs.job_ids() == [12])
    assert window.workbench.called("discard_job") == [((15,), {})]
    dialog.jobs.retry_button.click()
    qtbot.waitUntil(lambda: dialog.jobs.job_ids() == [])
    assert window.workbench.called("retry_job") == [((12,), {})]
    assert dialog.jobs.error_label.text() == "No failed jobs." and not dialog.jobs.retry_button.isEnabled()


def test_without_failed_jobs_the_strip_hides_the_count(qtbot, qasync_loop, english):
    from desktop.ui.main_window import MainWindow

    win = MainWindow(FakeWorkbench())
    qtbot.addWidget(win)
    win.show()
    qtbot.waitUntil(lambda: win.inspector.health.value_text("entities") != "Entities –")
    assert not win.inspector.health.buttons["failed_jobs"].isVisible()
