"""The manuscript audit through the workbench: progress chapter by chapter with an ETA, a cancel that stops
between chapters and keeps what was audited, and a rerun that reuses it; chapter text for jump-to-text."""

from __future__ import annotations

import asyncio

import pytest

from desktop.progress import CancelToken
from desktop.workbench import Workbench
from tests.tasks.test_audit import ZH_CANON, ZH_CONSISTENT, ZH_PLANTED, import_chapters


@pytest.fixture
def workbench(tmp_path):
    wb = Workbench()
    asyncio.run(wb.create_book(tmp_path / "book", title="试笔"))

    async def canon():
        for doc in ZH_CANON:
            await wb.apply(doc, source=f"file:ch{doc['chapter']}.json")

    asyncio.run(canon())
    import_chapters(wb.book, {8: ZH_PLANTED, 9: ZH_CONSISTENT, 10: "天亮了。"})
    yield wb
    asyncio.run(wb.shutdown())


def test_the_audit_reports_progress_and_its_issues(workbench):
    steps = []
    report = asyncio.run(workbench.audit(progress=steps.append))
    assert report["complete"] and report["chapters_audited"] == 3 and report["reused"] == 0
    assert {issue["chapter"] for issue in report["issues"]} == {8}
    assert [(s.label, s.done, s.total) for s in steps] == [("audit", 0, 3), ("audit", 1, 3), ("audit", 2, 3),
                                                            ("audit", 3, 3)]
    assert steps[1].detail == "chapter 9" and steps[-1].fraction == 1.0


def test_a_cancel_keeps_what_was_audited_and_the_rerun_goes_on(workbench):
    cancel = CancelToken()

    def stop_after_first(step):
        if step.done == 1:
            cancel.cancel()

    first = asyncio.run(workbench.audit((8, 10), progress=stop_after_first, cancel=cancel))
    assert not first["complete"] and first["chapters_audited"] == 1
    again = asyncio.run(workbench.audit((8, 10)))
    assert again["complete"] and again["reused"] == 1


def test_dismiss_and_chapter_text(workbench):
    issue = asyncio.run(workbench.audit())["issues"][0]
    assert asyncio.run(workbench.dismiss_issue(issue["fingerprint"]))["dismissed"] is True
    assert asyncio.run(workbench.audit())["dismissed"] == 1
    chapter = asyncio.run(workbench.chapter_text(8))
    assert chapter["text"][issue["span"][0]:issue["span"][1]] == issue["text"]
    assert asyncio.run(workbench.chapter_text(99)) is None
