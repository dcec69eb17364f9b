"""The settlement journal: every document is recorded in SQLite first, then applied to the graphs exactly once."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from desktop.book import documents
from desktop.book.errors import BookError, DocumentError
from desktop.book.plan_parents import with_parents

if TYPE_CHECKING:
    from desktop.book.archive import Archive
    from desktop.book.facts import FactGraph
    from desktop.book.plan import PlanGraph

log = logging.getLogger(__name__)

# proposed: waiting for the author's review; confirmed: the author's version is
# durable and must reach the graphs; applied: it has; undoing: undo began and
# must finish; failed: the graphs refused it (kept, so nothing confirmed is lost).
PROPOSED, CONFIRMED, APPLIED, REJECTED, UNDOING, UNDONE, FAILED = (
    "proposed", "confirmed", "applied", "rejected", "undoing", "undone", "failed",
)


@dataclass
class ApplyResult:
    settlement_id: int
    applied: dict[str, int] = field(default_factory=dict)


class Journal:
    """Drives a settlement through proposed → confirmed → applied (or undone) across SQLite and both graphs."""

    def __init__(self, archive: "Archive", facts: "FactGraph", plan: "PlanGraph", *, language: str = "zh"):
        self.archive = archive
        self.facts = facts
        self.plan = plan
        self.language = language  # names the outlines made for plan items proposed without a parent

    def check(self, doc: dict) -> dict:
        """Validate against the schema and the graphs; the normalised document (plan items given the parents
        they lacked, so the journal records what is created), or DocumentError."""
        doc = documents.validate(doc)
        doc["plan"] = with_parents(self.plan, doc["plan"], self.language)
        problems = self.facts.check(doc) + self.plan.check(doc["plan"])
        if problems:
            raise DocumentError(problems)
        return doc

    def propose(self, doc: dict, *, source: str, task_id: int | None = None, review: dict | None = None) -> int:
        """Keep a proposal for the author to review; nothing reaches the graphs."""
        doc = documents.validate(doc)
        return self.archive.journal_add(source=source, document=doc, proposal=doc, review=review,
                                        state=PROPOSED, task_id=task_id)

    def apply(self, doc: dict, *, source: str, task_id: int | None = None,
              settlement_id: int | None = None) -> ApplyResult:
        """Confirm `doc` (the author's version) and apply it; with settlement_id, confirms that proposal."""
        doc = self.check(doc)
        if settlement_id is None:
            settlement_id = self.archive.journal_add(source=source, document=doc, state=CONFIRMED, task_id=task_id)
        else:
            entry = self._entry(settlement_id)
            if entry["state"] != PROPOSED:
                raise BookError(f"settlement {settlement_id} is {entry['state']}, not waiting for review")
            self.archive.journal_update(settlement_id, document=doc, state=CONFIRMED)
        return ApplyResult(settlement_id, self._apply_confirmed(settlement_id, doc))

    def reject(self, settlement_id: int) -> None:
        entry = self._entry(settlement_id)
        if entry["state"] != PROPOSED:
            raise BookError(f"settlement {settlement_id} is {entry['state']}; only a proposal can be rejected")
        self.archive.journal_set_state(settlement_id, REJECTED)

    def undo(self, settlement_id: int) -> dict:
        """Undo an applied settlement: what it added goes, what it closed reopens. Returns its journal entry."""
        entry = self._entry(settlement_id)
        if entry["state"] not in (APPLIED, UNDOING):
            raise BookError(f"settlement {settlement_id} is {entry['state']}; only an applied one can be undone")
        self.facts.check_undo(settlement_id)
        self.plan.check_undo(settlement_id)
        self.archive.journal_set_state(settlement_id, UNDOING)
        self._undo_everywhere(settlement_id)
        self.archive.journal_set_state(settlement_id, UNDONE)
        return self._entry(settlement_id)

    def recover(self) -> list[int]:
        """Finish what a crash interrupted: confirmed settlements are applied, started undos completed."""
        repaired = []
        for entry in self.archive.journal_list((CONFIRMED, UNDOING)):
            sid = entry["id"]
            if entry["state"] == CONFIRMED:
                log.info("finishing settlement %s interrupted before it reached the graphs", sid)
                self._apply_confirmed(sid, entry["document"])
            else:
                log.info("finishing the undo of settlement %s", sid)
                self._undo_everywhere(sid)
                self.archive.journal_set_state(sid, UNDONE)
            repaired.append(sid)
        return repaired

    def entries(self, states: tuple[str, ...] | None = None) -> list[dict]:
        return self.archive.journal_list(states)

    def _entry(self, settlement_id: int) -> dict:
        entry = self.archive.journal_get(settlement_id)
        if entry is None:
            raise BookError(f"no settlement {settlement_id} in this book")
        return entry

    def _apply_confirmed(self, sid: int, doc: dict) -> dict[str, int]:
        """Each graph applies in one transaction and records a marker, so re-running is harmless."""
        counts: dict[str, int] = {}
        try:
            for part in (self.facts.apply_settlement(sid, documents.fact_part(doc)),
                         self.plan.apply_settlement(sid, doc["plan"], doc.get("chapter"))):
                for key, value in (part or {}).items():
                    counts[key] = counts.get(key, 0) + value
        except BookError as exc:
            # The graphs refused it: take back whatever part did land, keep the document.
            self.facts.undo_settlement(sid)
            self.plan.undo_settlement(sid)
            self.archive.journal_set_state(sid, FAILED, error=str(exc))
            raise
        self.archive.remove_settings_of(sid)  # a crash may have left some of them behind
        for entry in doc["settings"]:
            self.archive.put_setting(entry["title"], entry["body"], entry.get("category", ""),
                                     entry.get("entities", []), settlement_id=sid)
        counts["settings"] = len(doc["settings"])
        self.archive.journal_set_state(sid, APPLIED)
        return {k: v for k, v in counts.items() if v}

    def _undo_everywhere(self, sid: int) -> None:
        self.facts.undo_settlement(sid)
        self.plan.undo_settlement(sid)
        self.archive.remove_settings_of(sid)
