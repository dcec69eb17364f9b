"""Crash safety: a book survives SIGKILL at every point the harness knows, losing and doubling nothing."""

from __future__ import annotations

import pytest

from desktop.book.book import Book
from tests.bench import crash as crash_bench


def load_harness():
    return crash_bench


@pytest.mark.slow
def test_eight_kills_at_different_points_lose_double_and_corrupt_nothing(tmp_path):
    harness = load_harness()
    result = harness.bench_crash(kills=8, seed=8, workdir=tmp_path)
    assert result["problems"] == []
    assert result["kills"] == result["reopened"] == 8
    assert {k: result[k] for k in ("lost_messages", "doubled_facts", "corrupt", "lost_settlements",
                                   "half_chapters", "stuck_jobs", "child_errors")} == dict.fromkeys(
        ("lost_messages", "doubled_facts", "corrupt", "lost_settlements", "half_chapters", "stuck_jobs",
         "child_errors"), 0)
    assert set(result["kill_points"]) >= set(harness.KILL_POINTS[:8])


def test_the_checker_notices_a_lost_message_and_a_doubled_settlement(tmp_path):
    """The harness is only worth its zeros if it counts what it claims to count."""
    harness = load_harness()
    path = tmp_path / "b"
    harness.prepare(path)
    ledger = harness.Ledger()
    ledger.take('["message", 999, "never written"]')
    with Book.open(path) as book:
        doc = harness.settlement(7)
        book.journal.apply(doc, source="crash:7")
        # The same step journaled again under another id: its entity and outline appear twice.
        book.facts.execute("CREATE (:Character {id: 'dup', name: '角色7'})")
    found = harness.check(path, ledger)
    assert found["lost_messages"] == 1
    assert found["doubled_facts"] >= 1
    assert found["corrupt"] == 0 and found["reopened"] == 1
