"""Applying through the workbench: a snapshot before each apply, but none for a document the book refuses."""

from __future__ import annotations

import asyncio
import json

import pytest

from desktop.book.backup import list_snapshots
from desktop.book.errors import DocumentError
from desktop.workbench import Workbench

GOOD = {"chapter": 1, "entities": [{"kind": "Character", "name": "林动"}]}
REFUSED = {"chapter": 2, "relations": [{"type": "OWNS", "from": "无名", "to": "祖石"}]}


@pytest.fixture
def workbench(tmp_path):
    wb = Workbench()
    asyncio.run(wb.create_book(tmp_path / "book", title="武动"))
    yield wb
    asyncio.run(wb.shutdown())


def test_a_refused_document_or_folder_takes_no_snapshot_and_a_good_one_does(workbench, tmp_path):
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "0001.json").write_text(json.dumps(REFUSED), encoding="utf-8")
    for attempt in (REFUSED, {"not": "a settlement"}, folder):
        with pytest.raises(DocumentError):
            asyncio.run(workbench.apply(attempt))
    assert list_snapshots(tmp_path / "book") == []

    asyncio.run(workbench.apply(GOOD))
    assert [s["reason"] for s in list_snapshots(tmp_path / "book")] == ["before-apply"]
