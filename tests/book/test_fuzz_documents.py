"""Issue 16, property-based: any document — from the shipped schema or mutated past it — is refused with one clear
line or applied; the book always reopens, its facts are strict JSON, and undo gives both graphs back.

A few dozen documents here; `inkstone bench fuzz --docs 2000` runs thousands (tests/bench/fuzz.py)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, Phase, given, settings

from tests.bench.fuzz import Fuzzer, documents


@pytest.fixture(scope="module")
def fuzzer(tmp_path_factory):
    made = Fuzzer.create(tmp_path_factory.mktemp("fuzz") / "fuzz.inkstone")  # one real book for every example
    yield made
    made.close()


# No shrinking: each example costs a reopen of the book, and a problem already names the document it came from.
@settings(max_examples=40, deadline=None, derandomize=True, database=None, phases=[Phase.explicit, Phase.generate],
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much])
@given(doc=documents())
def test_any_document_is_refused_clearly_or_applied_and_undone_and_the_book_always_reopens(fuzzer, doc):
    known = len(fuzzer.problems)
    outcome = fuzzer.trial(doc)
    assert fuzzer.problems[known:] == []
    assert outcome in ("refused", "applied")


def test_the_fuzzing_both_refuses_and_applies(fuzzer):
    # Reads the tallies of the property above (same module, same book): a fuzzer that only ever refused, or
    # only ever applied, would prove little.
    if fuzzer.tally["tried"] == 0:
        pytest.skip("run together with the property above")
    assert fuzzer.tally["refused"] > 0 and fuzzer.tally["applied"] > 0, fuzzer.tally
